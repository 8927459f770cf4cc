//! The transport over localhost: a guest with the right code is welcomed, a
//! wrong code or garbage is refused while the host goes on waiting, five
//! wrong codes stop it, and an endless line is cut off without being read.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::thread;

use dice_poker::game::net::remote::Ending;
use dice_poker::net::{Cut, Link, MAX_WRONG_CODES, NetError, host, join};
use dice_poker::rules::duel::Opponent;
use dice_poker::rules::netplay::table::{DuelSession, NetReferee, TableTerms};
use dice_poker::rules::protocol::{Message, TablePlay, join_code};
use dice_poker::rules::referee::Referee;
use dice_poker::rules::transcript::TableEvent;
use dice_poker::rules::turn::Turn;

pub const CODE: &str = "7KQ2-M9XD";

/// A duel's welcome to its guest.
pub fn welcome() -> Message {
    TableTerms::duel(3, (10, 10), 1).welcome(1)
}

/// A move on the wire, made on a match that has seen no change yet.
fn first(play: TablePlay) -> Message {
    Message::Play { turn: 0, play }
}

/// The guest's own session of the duel `welcome` offers.
pub fn guest_session(welcome: &Message) -> DuelSession {
    let (terms, seat) = TableTerms::of_welcome(welcome).expect("a duel's terms");
    DuelSession::new(seat, terms).expect("a duel")
}

/// A guest played honestly by the normal mind through its own `session`
/// beside `link` (so its lines name the right changes; its nonce is always
/// the same), each line it sends passed through `edit` (which may change
/// it, or send more with it), until `stop` says so or the link ends.
pub fn guest_plays(
    link: &mut Link,
    session: &mut DuelSession,
    mut edit: impl FnMut(Message) -> Vec<Message>,
    stop: impl Fn(&DuelSession) -> bool,
) {
    use rand::SeedableRng;
    let mind = Opponent::find("normal").unwrap();
    let mut whims = rand_chacha::ChaCha8Rng::seed_from_u64(session.terms().match_id);
    loop {
        if stop(session) {
            return;
        }
        let decide = |duel: &_, seat| Some(NetReferee::mind_move(duel, mind, seat, &mut whims));
        if session.advance(decide, || [7; 32]).is_err() {
            return;
        }
        while let Some((_, message)) = session.outgoing() {
            for line in edit(message) {
                if link.send(&line).is_err() {
                    return;
                }
            }
        }
        if stop(session) {
            return;
        }
        match link.receive_move() {
            Ok(message) if session.from_host(&message).is_ok() => {}
            _ => return,
        }
    }
}

/// Every line as it is.
pub fn as_is(message: Message) -> Vec<Message> {
    vec![message]
}

#[test]
fn a_guest_with_the_code_is_welcomed_after_bad_ones_are_turned_away() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    // Garbage, then a wrong code: each is told why, and the host waits on.
    let mut junk = TcpStream::connect(addr).unwrap();
    junk.write_all(b"\x00\x01 not json\n").unwrap();
    let wrong = join(addr, "AAAA-AAAA");
    assert!(matches!(wrong, Err(NetError::Refused(ref why)) if why.contains("join code")));
    let (mut guest, got) = join(addr, &CODE.to_lowercase()).expect("welcomed");
    assert_eq!(got, welcome());
    let mut host_link = hosting.join().unwrap().expect("a guest");
    guest.send(&Message::Heartbeat).unwrap();
    assert_eq!(host_link.receive().unwrap(), Message::Heartbeat);
    host_link.send(&first(TablePlay::Stand)).unwrap();
    assert_eq!(guest.receive().unwrap(), first(TablePlay::Stand));
    drop(guest);
    assert!(matches!(host_link.receive(), Err(NetError::Closed)));
}

#[test]
fn an_older_guest_is_told_which_protocol_the_host_speaks() {
    use std::io::{BufRead, BufReader};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    // Protocol 1's hello: the code itself, in the clear.
    let old = TcpStream::connect(addr).unwrap();
    let hello = format!(
        r#"{{"type":"hello","magic":"dice-poker","protocol":1,"game":"{}","code":"7KQ2M9XD"}}"#,
        env!("CARGO_PKG_VERSION")
    );
    (&old).write_all(format!("{hello}\n").as_bytes()).unwrap();
    let mut answer = String::new();
    BufReader::new(&old).read_line(&mut answer).unwrap();
    let refused: Message = dice_poker::rules::protocol::parse_line(answer.trim_end()).unwrap();
    assert!(
        matches!(&refused, Message::Refused { reason } if reason.contains("protocol 3") && reason.contains("the guest 1")),
        "{refused:?}"
    );
    // Not a wrong code: the host still takes its guest.
    assert!(join(addr, CODE).is_ok());
    assert!(hosting.join().unwrap().is_ok());
}

#[test]
fn five_wrong_codes_stop_the_host() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    for i in 0..MAX_WRONG_CODES {
        let code = join_code([i as u8; 5]);
        assert!(matches!(join(addr, &code), Err(NetError::Refused(_))));
    }
    assert!(matches!(
        hosting.join().unwrap(),
        Err(NetError::TooManyWrongCodes)
    ));
}

#[test]
fn sixty_guesses_sent_at_once_get_at_most_five_answers() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    let guesses: Vec<_> = (0..60u8)
        .map(|i| thread::spawn(move || join(addr, &join_code([i; 5]))))
        .collect();
    let answers: Vec<_> = guesses.into_iter().map(|g| g.join().unwrap()).collect();
    let wrong = answers
        .iter()
        .filter(|a| matches!(a, Err(NetError::Refused(why)) if why.contains("wrong join code")))
        .count();
    assert!(
        wrong <= MAX_WRONG_CODES as usize,
        "{wrong} guesses answered"
    );
    assert!(
        answers.iter().all(|a| a.is_err()),
        "no wrong code is welcomed"
    );
    assert!(matches!(
        hosting.join().unwrap(),
        Err(NetError::TooManyWrongCodes)
    ));
}

#[test]
fn a_handshake_line_over_the_cap_is_answered_with_the_reason_before_the_close() {
    use std::io::Read;
    use std::time::Duration;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    let mut raw = TcpStream::connect(addr).unwrap();
    raw.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    // A hello that never ends: far over any line's cap, no newline.
    let _ = raw.write_all(&vec![b'a'; 64 * 1024]);
    let mut heard = Vec::new();
    let _ = raw.read_to_end(&mut heard);
    let heard = String::from_utf8_lossy(&heard);
    assert!(
        heard.contains("refused") && heard.contains("handshake was given up"),
        "{heard}"
    );
    // The host waits on for its guest.
    let (_guest, got) = join(addr, CODE).expect("welcomed");
    assert_eq!(got, welcome());
    assert!(hosting.join().unwrap().is_ok());
}

#[test]
fn an_endless_line_is_cut_off_without_reading_it_whole() {
    use dice_poker::rules::protocol::ProtocolError;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    // A peer that shakes hands properly, then sends 8 MiB without a newline.
    let (mut raw, answer) = join(addr, CODE).expect("welcomed");
    assert_eq!(answer, welcome());
    let mut host_link = hosting.join().unwrap().unwrap();
    let writer = thread::spawn(move || {
        // The host stops reading and closes: the rest may not get through.
        let _ = raw.send_raw(&vec![b'a'; 8 << 20]);
    });
    assert!(matches!(
        host_link.receive(),
        Err(NetError::Protocol(ProtocolError::TooLong { .. }))
    ));
    drop(host_link);
    writer.join().unwrap();
}

#[test]
fn two_processes_play_the_same_matches_on_dealt_dice_over_localhost() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_dice-poker");
    let mut hosting = Command::new(bin)
        .args([
            "host",
            "--auto",
            "--port",
            "0",
            "--code",
            "7kq2 m9xd",
            "--matches",
            "20",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the host");
    let mut out = BufReader::new(hosting.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    // "hosting on 0.0.0.0:PORT, join code 7KQ2-M9XD"
    assert!(first.ends_with("join code 7KQ2-M9XD\n"), "{first}");
    let port = port_of(&first);
    let joined = Command::new(bin)
        .args(["join", &format!("127.0.0.1:{port}"), CODE, "--auto"])
        .output()
        .expect("run the guest");
    assert!(
        joined.status.success(),
        "{}",
        String::from_utf8_lossy(&joined.stderr)
    );
    let mut host_rest = String::new();
    out.read_to_string(&mut host_rest).unwrap();
    assert!(hosting.wait().unwrap().success());
    let guest = String::from_utf8(joined.stdout).unwrap();
    let guest_rest = guest.split_once('\n').unwrap().1;
    // Both machines saw the same throws, bets and results.
    assert_eq!(host_rest, guest_rest);
    assert!(host_rest.contains("host rolls") && host_rest.contains("seat 2 rolls"));
    assert_eq!(host_rest.matches("rematch").count(), 19);
    let last = host_rest.lines().last().unwrap();
    assert!(last.starts_with("matches won: host "), "{last}");
    assert!(last.contains(", seat 2 "), "{last}");
    // A guest with no host to reach fails, saying why.
    let unreachable = Command::new(bin)
        .args(["join", "127.0.0.1:9", CODE, "--auto"])
        .output()
        .unwrap();
    assert_eq!(unreachable.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unreachable.stderr).contains("network error"));
    // Without --auto a person plays the seat in the window: with no display
    // it says so; the window hosts only its own stake and one match.
    let no_auto = Command::new(bin)
        .args(["join", "127.0.0.1:9", CODE])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert_eq!(no_auto.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&no_auto.stderr).contains("no display"));
    let odd = Command::new(bin)
        .args(["host", "--stake", "5/5"])
        .output()
        .unwrap();
    assert_eq!(odd.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&odd.stderr).contains("--auto"));
    // The host offers only as many matches as a guest plays, with or without a window.
    for auto in [true, false] {
        let mut args = vec!["host", "--matches", "100", "--port", "0"];
        if auto {
            args.push("--auto");
        }
        let many = Command::new(bin).args(&args).output().unwrap();
        assert_eq!(many.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&many.stderr);
        assert!(said.contains("1 to 99 matches"), "{said}");
    }
}

#[test]
fn a_silent_peer_is_gone_a_beating_one_is_waited_for_and_a_second_guest_is_refused() {
    use std::time::Duration;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || {
        let link = host(&listener, CODE, &welcome());
        dice_poker::net::refuse_others(listener, dice_poker::rules::protocol::MatchFormat::Duel);
        link
    });
    let (mut guest, _) = join(addr, CODE).expect("welcomed");
    let mut at_host = hosting.join().unwrap().expect("a guest");
    // A second guest is turned away while the match is on.
    match join(addr, CODE) {
        Err(NetError::Refused(why)) => assert!(why.contains("one guest"), "{why}"),
        Err(other) => panic!("a second guest got {other}"),
        Ok(_) => panic!("a second guest was welcomed"),
    }
    let beat = Duration::from_millis(100);
    let gone = Duration::from_millis(500);
    // The guest says nothing: gone, and the host says so.
    let silence = at_host.receive_move_with(beat, gone, None);
    assert!(matches!(silence, Err(NetError::Gone)), "{silence:?}");
    // The guest beats a few times, then moves: the move arrives.
    let beating = thread::spawn(move || {
        for _ in 0..8 {
            guest.send(&Message::Heartbeat).unwrap();
            thread::sleep(Duration::from_millis(80));
        }
        guest.send(&first(TablePlay::Stand)).unwrap();
        guest
    });
    assert_eq!(
        at_host.receive_move_with(beat, gone, None).unwrap(),
        first(TablePlay::Stand)
    );
    beating.join().unwrap();
}

#[test]
fn two_game_windows_play_a_network_match_on_the_same_dealt_dice() {
    use bevy::prelude::*;
    use dice_poker::game::duel::Table;
    use dice_poker::game::net::remote::{Link, Remote};
    use dice_poker::game::profile::Wallet;
    use dice_poker::game::table::Refused;
    use dice_poker::rules::duel::{Side, Step};

    let started = std::time::Instant::now();
    let (mut hosting, mut joining) = host_and_guest(1, "net", 2, "7kq2 m9xd");
    let coins = |a: &App| a.world().resource::<Wallet>().coins;
    // Before any ante: a table already laid has charged the first one.
    let before = |a: &App| {
        let w = a.world().resource::<Wallet>();
        w.coins + w.at_stake as i64
    };
    let (host_before, guest_before) = (before(&hosting), before(&joining));
    let over = |a: &App| {
        a.world()
            .get_resource::<Table>()
            .is_some_and(|t| matches!(t.duel.step(), Step::MatchOver(_)))
    };
    // Two matches: the host starts the rematch; the tables close once both are decided.
    let closed = |a: &App| {
        a.world().contains_resource::<Table>()
            && a.world()
                .resource::<dice_poker::game::duel::TableLink>()
                .closed
    };
    let mut matches = 0;
    while !(closed(&hosting) && closed(&joining)) {
        if over(&hosting) && !closed(&hosting) && hosting.world().resource::<Table>().matches == 1 {
            matches += 1;
            // Space's event (a key itself would hand the seat back to a person).
            hosting
                .world_mut()
                .trigger(dice_poker::game::Advance::PLAYER);
        }
        hosting.update();
        joining.update();
        for a in [&hosting, &joining] {
            if let Link::Ended(ending) = &a.world().resource::<Remote>().link
                && !over(a)
            {
                panic!("the match ended early: {ending}");
            }
        }
        if started.elapsed().as_secs() >= 120 {
            let report = |a: &mut App| {
                let table = a.world().resource::<Table>();
                let trays = table.trays;
                let step = table.duel.step();
                let pending = a.world().resource::<Remote>().pending();
                let dealt: Vec<_> = trays
                    .iter()
                    .map(|&t| {
                        (
                            a.world().get::<dice_poker::dice::Dealt>(t).copied(),
                            a.world().get::<dice_poker::dice::Rolling>(t).is_some(),
                        )
                    })
                    .collect();
                let flying = a
                    .world()
                    .resource::<dice_poker::game::table::seat::Pilot>()
                    .flying();
                let refused = a.world().resource::<Refused>().0;
                let held = [0, 1].map(|i| dice_poker::dice::held_in(a.world(), trays[i]));
                format!(
                    "{step:?} pending {pending:?} trays {dealt:?} pilot {flying} refused {refused:?} held {held:?} rerolls {:?}",
                    [Side::Near, Side::Far].map(|s| table.duel.rerolls_left(s))
                )
            };
            panic!(
                "the match never ended:\nhost {}\nguest {}",
                report(&mut hosting),
                report(&mut joining)
            );
        }
        thread::sleep(std::time::Duration::from_micros(200));
    }
    assert_eq!(matches, 1, "one rematch");
    for a in [&hosting, &joining] {
        assert_eq!(a.world().resource::<Table>().matches, 2);
    }
    let host = hosting.world().resource::<Table>().duel.clone();
    let guest = joining.world().resource::<Table>().duel.clone();
    // Each machine shows itself on the near side: the same match, mirrored.
    for side in [Side::Near, Side::Far] {
        assert_eq!(host.roll(side), guest.roll(side.other()));
        assert_eq!(host.score(side), guest.score(side.other()));
        assert_eq!(host.net(side), guest.net(side.other()));
    }
    assert!(host.score(Side::Near) + host.score(Side::Far) >= 2);
    for a in [&hosting, &joining] {
        assert_eq!(
            a.world().resource::<Refused>().total(),
            0,
            "no move refused"
        );
    }
    // Each player's coins are their own: what one won, the other lost.
    let (host_net, guest_net) = (
        coins(&hosting) - host_before,
        coins(&joining) - guest_before,
    );
    assert_eq!(host_net + guest_net, 0);
}

/// A headless game in the lobby, both seats' moves by the computer, starting `net`.
fn window_in_lobby(
    seed: u64,
    name: &str,
    net: dice_poker::net::seat::NetStart,
) -> bevy::prelude::App {
    use dice_poker::headless::{self, GameSetup};
    headless::game_app(
        &GameSetup::solo(seed)
            .saved_in(crate::support::temp_dir(name))
            .auto(true)
            .pace(0.0)
            .net(net),
    )
}

/// Two headless games in the lobby: one hosting `matches` matches with
/// [`CODE`] on a free port (seed `seed`), one joining it with the code as
/// its player typed it (`typed`, seed `seed + 1`), saved under `name`.
fn host_and_guest(
    seed: u64,
    name: &str,
    matches: u32,
    typed: &str,
) -> (bevy::prelude::App, bevy::prelude::App) {
    use dice_poker::net::seat::NetStart;
    let mut hosting = window_in_lobby(
        seed,
        &format!("{name}-host"),
        NetStart::Host {
            port: 0,
            code: Some(CODE.to_owned()),
            matches,
            seats: 2,
            computers: Vec::new(),
            relay: None,
        },
    );
    let port = listening_port(&mut hosting);
    let joining = window_in_lobby(
        seed + 1,
        &format!("{name}-guest"),
        NetStart::Join {
            address: format!("127.0.0.1:{port}"),
            code: typed.to_owned(),
            relayed: false,
        },
    );
    (hosting, joining)
}

/// The port in a host's first line, "hosting on 0.0.0.0:PORT, join code …".
fn port_of(first: &str) -> String {
    first
        .split(':')
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .expect("a port in the host's first line")
        .to_owned()
}

/// Steps a hosting game until it listens; its port.
pub fn listening_port(hosting: &mut bevy::prelude::App) -> u16 {
    use dice_poker::game::net::remote::{Link, Remote};
    let started = std::time::Instant::now();
    loop {
        hosting.update();
        if let Link::Waiting { port, .. } = hosting.world().resource::<Remote>().link
            && port != 0
        {
            return port;
        }
        assert!(started.elapsed().as_secs() < 10, "the host never listened");
        thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// How the scripted guest reaches the host in [`host_against_on`].
pub enum Route {
    /// Straight to the host's port.
    Direct,
    /// Through a proxy that passes the guest's lines through this edit: the
    /// line's number (the hello is 0) and its bytes in, what to send on out.
    Tampered(crate::relay::Edit),
    /// Both meet on this transit relay.
    Relayed(String),
}

/// [`host_against_on`] with a direct connection.
fn host_against(script: impl FnOnce(Link, Message) + Send + 'static) -> (Ending, i64, i64) {
    host_against_on(Route::Direct, script)
}

/// A headless game hosting a match, its player played by the computer;
/// `script` plays the guest by hand, line by line, reaching the host by
/// `route`. Returns why the host's match ended and the host's coins before
/// and after.
pub fn host_against_on(
    route: Route,
    script: impl FnOnce(Link, dice_poker::rules::protocol::Message) + Send + 'static,
) -> (Ending, i64, i64) {
    use bevy::prelude::*;
    use dice_poker::game::net::remote::{Link, Remote};
    use dice_poker::game::profile::Wallet;
    use dice_poker::headless::{self, GameSetup};
    use dice_poker::net::seat::NetStart;

    let relay = match &route {
        Route::Relayed(relay) => Some(relay.clone()),
        _ => None,
    };
    let mut hosting = headless::game_app(
        &GameSetup::solo(5)
            .saved_in(crate::support::temp_dir(&format!(
                "net-bad-{:?}",
                thread::current().id()
            )))
            .auto(true)
            .pace(0.0)
            .net(NetStart::Host {
                port: 0,
                code: Some(CODE.to_owned()),
                matches: 1,
                seats: 2,
                computers: Vec::new(),
                relay,
            }),
    );
    let started = std::time::Instant::now();
    let connect: Box<
        dyn FnOnce() -> (dice_poker::net::Link, dice_poker::rules::protocol::Message) + Send,
    > = match route {
        Route::Direct => {
            let port = listening_port(&mut hosting);
            Box::new(move || join(("127.0.0.1", port), CODE).expect("welcomed"))
        }
        Route::Tampered(edit) => {
            let proxy = crate::relay::tampering_proxy(listening_port(&mut hosting), edit);
            Box::new(move || join(proxy, CODE).expect("welcomed"))
        }
        Route::Relayed(relay) => Box::new(move || {
            dice_poker::net::join_relayed(&relay, CODE).expect("welcomed on the relay")
        }),
    };
    let before = hosting.world().resource::<Wallet>().coins;
    let guest = thread::spawn(move || {
        let (link, welcome) = connect();
        script(link, welcome)
    });
    loop {
        hosting.update();
        if let Link::Ended(ending) = &hosting.world().resource::<Remote>().link {
            let why = ending.clone();
            guest.join().expect("the script ran");
            // The table takes no more moves, laid before the end or after it
            // (a guest that stops at once may end the link first).
            let closed = |a: &App| {
                a.world()
                    .contains_resource::<dice_poker::game::duel::Table>()
                    && a.world()
                        .resource::<dice_poker::game::duel::TableLink>()
                        .closed
            };
            for _ in 0..100 {
                if closed(&hosting) {
                    break;
                }
                hosting.update();
            }
            assert!(closed(&hosting), "the table closed");
            let after = hosting.world().resource::<Wallet>().coins;
            says_closed_and_esc_leaves(&mut hosting);
            return (why, before, after);
        }
        assert!(
            started.elapsed().as_secs() < 60,
            "the host never ended the match"
        );
        thread::sleep(std::time::Duration::from_micros(200));
    }
}

/// A table cut off mid-round says so instead of whose turn it was, shows no
/// pot (every stake went back), and Esc, as the screen says, leaves for the
/// menu rather than opening the settings.
fn says_closed_and_esc_leaves(app: &mut bevy::prelude::App) {
    use bevy::prelude::*;
    use dice_poker::game::duel::Table;
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::game::{Overlay, Screen};
    use dice_poker::lang::{Key, Lang, tr, trf};
    if app.world().resource::<Table>().duel.step().is_decided() {
        return;
    }
    app.update();
    let lang = *app.world().resource::<Lang>();
    let status = crate::support::duel_text(app, DuelText::Status);
    assert_eq!(status, tr(lang, Key::NetTableOver));
    let pot = crate::support::duel_text(app, DuelText::Pot);
    assert_eq!(pot, trf(lang, Key::Pot, &[&0]));
    crate::support::press(app, KeyCode::Escape);
    app.update();
    let screen = *app.world().resource::<State<Screen>>().get();
    assert_ne!(screen, Screen::Duel, "Esc left the table");
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
}

#[test]
fn a_peer_that_moves_out_of_turn_is_refused_one_that_cheats_or_leaves_loses_the_match_and_the_host_loses_nothing()
 {
    use dice_poker::rules::protocol::WireBet;
    // The host throws first; an honest deal; then a bet where the guest
    // must throw: refused, and its throw after it is taken. Then it goes.
    let (why, before, after) = host_against(|mut link, welcome| {
        let mut session = guest_session(&welcome);
        let to_throw = |s: &DuelSession| s.table().turn() == Turn::Throw(1);
        guest_plays(&mut link, &mut session, as_is, to_throw);
        assert_eq!(session.table().turn(), Turn::Throw(1), "the guest's throw");
        let bet = TablePlay::Bet {
            action: WireBet::Raise,
        };
        let turn = session.turn();
        link.send(&Message::Play { turn, play: bet }).unwrap();
        let threw = |s: &DuelSession| {
            s.events
                .iter()
                .any(|e| matches!(e, TableEvent::Moved { seat: 1, .. }))
        };
        guest_plays(&mut link, &mut session, as_is, threw);
        let mine: Vec<_> = session
            .events
            .iter()
            .filter(|e| matches!(e, TableEvent::Moved { seat: 1, .. }))
            .collect();
        assert_eq!(
            mine,
            [&TableEvent::Moved {
                seat: 1,
                play: TablePlay::Throw
            }],
            "the bet out of turn was never made"
        );
    });
    assert_eq!(why, Ending::Cut(Cut::Closed));
    assert_eq!(after, before, "the ante comes back");
    // A reveal that is not what was committed.
    let (why, before, after) = host_against(|mut link, welcome| {
        let false_reveal = |message| match message {
            Message::Reveal { turn, .. } => vec![Message::Reveal {
                turn,
                nonce: dice_poker::rules::protocol::to_hex(&[8; 32]),
            }],
            other => vec![other],
        };
        guest_plays(
            &mut link,
            &mut guest_session(&welcome),
            false_reveal,
            |_| false,
        );
    });
    assert_eq!(why, Ending::Cut(Cut::Cheated));
    assert_eq!(after, before);
    // Gone in the middle of a deal: the host's throw is rolling.
    let (why, before, after) = host_against(|mut link, welcome| {
        let rolling = |s: &DuelSession| s.table().turn() == Turn::Rolling(0);
        guest_plays(&mut link, &mut guest_session(&welcome), as_is, rolling);
        drop(link);
    });
    assert_eq!(why, Ending::Cut(Cut::Closed));
    assert_eq!(after, before);
    // A guest that will not play for the terms says why, and the host hears it.
    let (why, before, after) = host_against(|mut link, _| {
        link.send(&Message::Refused {
            reason: "the host asks for 100 matches".to_owned(),
        })
        .unwrap();
        let _ = link.receive_move();
    });
    assert_eq!(
        why,
        Ending::Cut(Cut::Refused("the host asks for 100 matches".to_owned()))
    );
    assert_eq!(after, before);
}

#[test]
fn a_guest_sees_every_result_until_it_says_so_while_the_host_goes_on() {
    use bevy::prelude::*;
    use dice_poker::game::duel::Table;
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::game::table::seat::{Seat, Seats};
    use dice_poker::rules::duel::{Side, Step};

    let (mut hosting, mut joining) = host_and_guest(3, "seen", 1, CODE);
    let step = |a: &App| a.world().get_resource::<Table>().map(|t| t.duel.step());
    let started = std::time::Instant::now();
    // The guest plays by hand (its events, as keys send them): throw, check
    // or call, stand; at a result it does nothing until the test says so.
    let play_guest = |j: &mut App| {
        use dice_poker::game::table::{Bet, Confirm};
        use dice_poker::rules::duel::BetAction;
        let Some(table) = j.world().get_resource::<Table>() else {
            return;
        };
        let (now, to_call) = (table.duel.step(), table.duel.to_call(Side::Near));
        let world = j.world_mut();
        match now {
            Step::Throw(Side::Near) => world.trigger(dice_poker::game::Advance::PLAYER),
            Step::Bet(Side::Near) => world.trigger(Bet {
                by: Side::Near.index(),
                action: if to_call > 0 {
                    BetAction::Call
                } else {
                    BetAction::Check
                },
            }),
            Step::Reroll(Side::Near) => world.trigger(Confirm::PLAYER),
            _ => {}
        }
    };
    let run = |hosting: &mut App, joining: &mut App, until: &dyn Fn(&App, &App) -> bool| {
        while !until(hosting, joining) {
            assert!(
                started.elapsed().as_secs() < 120,
                "host {:?} guest {:?}",
                step(hosting),
                step(joining)
            );
            play_guest(joining);
            hosting.update();
            joining.update();
            thread::sleep(std::time::Duration::from_micros(200));
        }
    };
    run(&mut hosting, &mut joining, &|_, j| {
        j.world().contains_resource::<Table>()
    });
    // The guest's player sits at the keys.
    joining.world_mut().resource_mut::<Seats>().0[Side::Near.index()] = Seat::Human;
    // The first round is decided on the guest's table.
    run(&mut hosting, &mut joining, &|_, j| {
        step(j) == Some(Step::RoundOver)
    });
    // The host goes on to the next round; the guest's table stays on the result.
    run(&mut hosting, &mut joining, &|h, _| {
        step(h).is_some_and(|s| !s.is_decided())
    });
    for _ in 0..200 {
        hosting.update();
        joining.update();
        thread::sleep(std::time::Duration::from_micros(200));
    }
    assert_eq!(step(&joining), Some(Step::RoundOver), "still the result");
    joining.update();
    assert_eq!(
        crate::support::duel_text(&mut joining, DuelText::MainLabel),
        "続ける"
    );
    // The guest says so: the result is seen, the host's round comes.
    joining
        .world_mut()
        .trigger(dice_poker::game::Advance::PLAYER);
    run(&mut hosting, &mut joining, &|_, j| {
        step(j).is_some_and(|s| !s.is_decided())
    });
    assert!(
        !joining
            .world()
            .resource::<dice_poker::game::duel::TableLink>()
            .seen,
        "a new round, not seen yet"
    );
}

#[test]
fn a_trickling_peer_is_cut_off_and_heartbeats_go_out_meanwhile() {
    use std::io::Read;
    use std::time::Duration;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let mut trickler = TcpStream::connect(addr).unwrap();
    let (stream, _) = listener.accept().unwrap();
    let mut link = dice_poker::net::Link::new(stream)
        .unwrap()
        .with_line_limit(Duration::from_millis(400));
    let dripping = thread::spawn(move || {
        // A byte every 50 ms: every read gets something, no line ever ends.
        for byte in br#"{"type":"stand"#.iter().cycle().take(40) {
            if trickler.write_all(&[*byte]).is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(50));
        }
        trickler
    });
    let started = std::time::Instant::now();
    let got = link.receive_move_with(Duration::from_millis(100), Duration::from_secs(30), None);
    assert!(matches!(got, Err(NetError::Stalled)), "{got:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "cut off at its deadline"
    );
    drop(link);
    let mut trickler = dripping.join().unwrap();
    // The heartbeats went out on their timer while the bytes dripped in.
    let mut heard = String::new();
    trickler
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let _ = trickler.read_to_string(&mut heard);
    assert!(heard.matches("heartbeat").count() >= 2, "{heard}");
}

#[test]
fn silent_sockets_do_not_hold_up_a_real_guest() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    // Twenty connections that never say hello, all open.
    let silent: Vec<TcpStream> = (0..20).map(|_| TcpStream::connect(addr).unwrap()).collect();
    // The guest is welcomed within its own handshake's time, not after theirs.
    let (_guest, got) = join(addr, CODE).expect("welcomed despite the silent ones");
    assert_eq!(got, welcome());
    assert!(hosting.join().unwrap().is_ok());
    drop(silent);
}

#[test]
fn a_guest_refuses_terms_it_cannot_play_for_and_a_refusal_reads_once() {
    use dice_poker::net::accept_guest;
    use dice_poker::rules::protocol::MAX_NET_STAKE;
    for (ante, raise) in [(0, 10), (10, u64::MAX), (MAX_NET_STAKE + 1, 5)] {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        // A host that knows the code and offers what no guest plays for.
        let fake_host = thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut link = accept_guest(stream, CODE).expect("the right code");
            let terms = TableTerms {
                ante,
                raise,
                ..TableTerms::duel(1, (10, 10), 1)
            };
            link.send(&terms.welcome(1)).unwrap();
            link.receive()
        });
        match join(addr, CODE) {
            Err(NetError::Terms(why)) => assert!(why.contains("the host asks for"), "{why}"),
            Err(other) => panic!("{other}"),
            Ok(_) => panic!("joined for an ante of {ante} and a raise of {raise}"),
        }
        let answer = fake_host.join().unwrap();
        assert!(
            matches!(&answer, Ok(Message::Refused { reason }) if reason.contains("the host asks for")),
            "{answer:?}"
        );
    }
    // A wrong code is told once, not "refused: refused: …".
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    let wrong = join(addr, "AAAA-AAAA").err().expect("refused");
    assert_eq!(wrong.to_string(), "the host refused: wrong join code");
    drop(join(addr, CODE));
    let _ = hosting.join();
}

#[test]
fn a_peer_that_only_beats_while_it_owes_a_deal_forfeits_at_the_deadline() {
    use std::time::{Duration, Instant};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    let (mut guest, _) = join(addr, CODE).expect("welcomed");
    let mut at_host = hosting.join().unwrap().expect("a guest");
    let beating = thread::spawn(move || {
        for _ in 0..20 {
            if guest.send(&Message::Heartbeat).is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(50));
        }
    });
    let by = Instant::now() + Duration::from_millis(400);
    let got = at_host.receive_move_with(
        Duration::from_millis(100),
        Duration::from_secs(30),
        Some(by),
    );
    assert!(matches!(got, Err(NetError::DealTooSlow)), "{got:?}");
    drop(at_host);
    beating.join().unwrap();
}

#[test]
fn both_processes_write_the_same_json_document_but_for_their_seat() {
    use dice_poker::rules::deal::commit;
    use dice_poker::rules::protocol::{from_hex, to_hex};
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let bin = env!("CARGO_BIN_EXE_dice-poker");
    let mut hosting = Command::new(bin)
        .args([
            "host",
            "--auto",
            "--json",
            "--port",
            "0",
            "--code",
            CODE,
            "--matches",
            "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the host");
    // The address goes to stderr: stdout is the document alone.
    let mut first = String::new();
    BufReader::new(hosting.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port = port_of(&first);
    let joined = Command::new(bin)
        .args([
            "join",
            &format!("127.0.0.1:{port}"),
            CODE,
            "--auto",
            "--json",
        ])
        .output()
        .expect("run the guest");
    assert!(
        joined.status.success(),
        "{}",
        String::from_utf8_lossy(&joined.stderr)
    );
    let mut host_out = String::new();
    hosting
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut host_out)
        .unwrap();
    assert!(hosting.wait().unwrap().success());
    let mut host: serde_json::Value = serde_json::from_str(&host_out).expect("one document");
    let mut guest: serde_json::Value =
        serde_json::from_slice(&joined.stdout).expect("one document");
    assert_eq!(host["seat"], 0);
    assert_eq!(guest["seat"], 1);
    assert_eq!(host["format"], "duel");
    host.as_object_mut().unwrap().remove("seat");
    guest.as_object_mut().unwrap().remove("seat");
    assert_eq!(host, guest, "the same match on both machines");
    let events = host["events"].as_array().unwrap();
    let deals: Vec<&serde_json::Value> = events.iter().filter(|e| e["event"] == "deal").collect();
    assert!(!deals.is_empty());
    // Every throw's commitments are the hashes of the nonces revealed.
    for deal in &deals {
        for seat in 0..2 {
            let nonce = from_hex(deal["nonces"][seat].as_str().unwrap()).unwrap();
            assert_eq!(
                deal["commitments"][seat].as_str().unwrap(),
                to_hex(&commit(&nonce))
            );
        }
        assert_eq!(deal["faces"].as_array().unwrap().len(), 5);
    }
    let matches = events.iter().filter(|e| e["event"] == "match_over").count();
    assert_eq!(matches, 2);
    let wins = host["wins"].as_array().unwrap();
    assert_eq!(wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap(), 2);
    assert!(events.iter().any(|e| e["event"] == "round_over"));
}

#[test]
fn the_lobby_names_the_hosts_real_addresses_when_the_system_has_any() {
    use dice_poker::game::net::lobby::status_text;
    use dice_poker::game::net::remote::Link;
    use dice_poker::lang::Lang;
    // Whatever this machine routes outward: never loopback, never 0.0.0.0.
    for ip in dice_poker::net::lan_addresses() {
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
    }
    let waiting = |addresses: Vec<String>| Link::Waiting {
        port: 7878,
        relay: None,
        addresses,
        code: "7KQ2-M9XD".to_owned(),
    };
    let known = status_text(
        Some(&waiting(vec![
            "192.168.1.20:7878".to_owned(),
            "[fd00::5]:7878".to_owned(),
        ])),
        Lang::Ja,
    );
    assert!(
        known.contains("192.168.1.20:7878 / [fd00::5]:7878") && !known.contains("このマシン"),
        "{known}"
    );
    // None found: the port, and what to look up.
    let unknown = status_text(Some(&waiting(Vec::new())), Lang::Ja);
    assert!(unknown.contains("このマシンのアドレス:7878"), "{unknown}");
}
