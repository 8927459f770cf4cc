//! A table of three or four machines over localhost, each a process of its
//! own played by the hard mind: every machine writes the same match, dealt
//! from every seat's nonce; a guest killed mid-match folds and the rest play
//! on; the same table meets on a transit relay; three or four game windows
//! sit at one table and every one of them plays the same matches.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStderr, Command, Stdio};

use dice_poker::rules::deal::commit;
use dice_poker::rules::protocol::{from_hex, to_hex};
use dice_poker::rules::table::house::PARTY_STACK;

use crate::net::CODE;

const BIN: &str = env!("CARGO_BIN_EXE_dice-poker");

/// Starts `host --auto --json` for a table of `seats` with `extra` flags;
/// the process and its stderr, read line by line.
fn host(seats: usize, extra: &[&str]) -> (Child, BufReader<ChildStderr>) {
    let seats = seats.to_string();
    let mut args = vec![
        "host", "--auto", "--json", "--code", CODE, "--seats", &seats,
    ];
    args.extend_from_slice(extra);
    let mut hosting = Command::new(BIN)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the host");
    let said = BufReader::new(hosting.stderr.take().unwrap());
    (hosting, said)
}

/// The next line the host says on stderr.
fn next_line(said: &mut impl BufRead) -> String {
    let mut line = String::new();
    said.read_line(&mut line).unwrap();
    line
}

/// Starts a guest: `join --auto` at `target` (`--relay` first for a relay),
/// with `--json` unless it is to be read as it plays.
fn guest(target: &[&str], json: bool) -> Child {
    let mut args = vec!["join"];
    args.extend_from_slice(target);
    args.push("--auto");
    if json {
        args.push("--json");
    }
    Command::new(BIN)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start a guest")
}

/// A finished process's document.
fn document(child: Child) -> serde_json::Value {
    let done = child.wait_with_output().unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    serde_json::from_slice(&done.stdout).expect("one document")
}

/// Every document is the same but for its seat, and every throw was dealt
/// from the nonces of the seats at the table, each matching its commitment.
fn same_table(docs: Vec<serde_json::Value>, seats: usize) -> serde_json::Value {
    let mut docs: Vec<serde_json::Value> = docs
        .into_iter()
        .map(|mut doc| {
            let seat = doc.as_object_mut().unwrap().remove("seat").unwrap();
            assert!(seat.as_u64().unwrap() < seats as u64);
            doc
        })
        .collect();
    let first = docs.remove(0);
    for doc in docs {
        assert_eq!(doc, first, "every machine saw the same table");
    }
    assert_eq!(first["seats"], seats);
    let events = first["events"].as_array().unwrap();
    let deals: Vec<_> = events.iter().filter(|e| e["event"] == "deal").collect();
    assert!(deals.len() >= seats);
    for deal in deals {
        let nonces = deal["nonces"].as_array().unwrap();
        let commitments = deal["commitments"].as_array().unwrap();
        assert_eq!(nonces.len(), seats);
        for (nonce, committed) in nonces.iter().zip(commitments) {
            if let Some(nonce) = nonce.as_str() {
                let nonce = from_hex(nonce).unwrap();
                assert_eq!(committed.as_str().unwrap(), to_hex(&commit(&nonce)));
            }
        }
    }
    first
}

fn port_of(line: &str) -> String {
    line.rsplit_once(':')
        .and_then(|(_, rest)| rest.split(',').next())
        .expect("a port in the host's first line")
        .to_owned()
}

#[test]
fn three_processes_play_one_table_on_dice_dealt_by_all_three() {
    let (hosting, mut said) = host(3, &["--port", "0", "--matches", "2"]);
    let first = next_line(&mut said);
    assert!(
        first.contains("a table of 3") && first.ends_with("join code 7KQ2-M9XD\n"),
        "{first}"
    );
    let at = format!("127.0.0.1:{}", port_of(&first));
    // The same code for every guest, however it is typed.
    let guests = [guest(&[&at, CODE], true), guest(&[&at, "7kq2m9xd"], true)];
    let mut docs = vec![document(hosting)];
    docs.extend(guests.into_iter().map(document));
    let table = same_table(docs, 3);
    let events = table["events"].as_array().unwrap();
    assert_eq!(
        events.iter().filter(|e| e["event"] == "match_over").count(),
        2
    );
    let wins: u64 = table["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins, 2);
    let coins: u64 = table["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(
        coins,
        3 * table["stack"].as_u64().unwrap(),
        "every coin kept"
    );
    // Every seat's throws were dealt.
    for seat in 0..3 {
        assert!(
            events
                .iter()
                .any(|e| e["event"] == "deal" && e["seat"] == seat)
        );
    }
}

#[test]
fn a_guest_killed_mid_match_folds_and_the_other_three_play_on() {
    let (hosting, mut said) = host(4, &["--port", "0", "--matches", "3"]);
    let at = format!("127.0.0.1:{}", port_of(&next_line(&mut said)));
    let stay = guest(&[&at, CODE], true);
    assert!(next_line(&mut said).contains("seat 2 of 4 is taken"));
    let mut leaving = guest(&[&at, CODE], false);
    assert!(next_line(&mut said).contains("seat 3 of 4 is taken"));
    let last = guest(&[&at, CODE], true);
    // Seat 3 goes away once it has seen a few throws.
    let mut seen = BufReader::new(leaving.stdout.take().unwrap());
    let mut rolls = 0;
    while rolls < 6 {
        let line = next_line(&mut seen);
        assert!(!line.is_empty(), "seat 3 saw the table end first");
        rolls += usize::from(line.contains(" rolls "));
    }
    leaving.kill().unwrap();
    leaving.wait().unwrap();
    let docs = vec![document(hosting), document(stay), document(last)];
    let table = same_table(docs, 4);
    let events = table["events"].as_array().unwrap();
    // It left (mid-deal: calling that round off).
    let gone = |e: &serde_json::Value| e["event"] == "left" || e["event"] == "void";
    let left = events.iter().position(gone).expect("seat 3 left");
    assert_eq!(events[left]["seat"], 2);
    // After it left, seat 3 never moved or dealt again, and the table went on.
    assert!(events[left..].iter().all(|e| e["seat"] != 2 || gone(e)));
    assert!(
        events[left..]
            .iter()
            .all(|e| e["event"] != "deal" || e["nonces"][2].is_null())
    );
    assert_eq!(
        events.iter().filter(|e| e["event"] == "match_over").count(),
        3
    );
}

#[test]
fn a_table_meets_on_a_relay_one_guest_after_another() {
    let relay = crate::relay::start_relay(None);
    let (hosting, mut said) = host(3, &["--relay", &relay.addr]);
    assert!(next_line(&mut said).contains(&format!("a table of 3 on the relay {}", relay.addr)));
    let one = guest(&["--relay", &relay.addr, CODE], true);
    assert!(next_line(&mut said).contains("seat 2 of 3 is taken"));
    let two = guest(&["--relay", &relay.addr, CODE], true);
    same_table(vec![document(hosting), document(one), document(two)], 3);
    // Every line after the handshakes was sealed: no move is readable on the way.
    let seen = String::from_utf8_lossy(&relay.seen.lock().unwrap()).into_owned();
    assert!(!seen.contains("\"moved\"") && !seen.contains("commits"));
}

#[test]
fn a_table_host_whose_relay_goes_down_stops_with_a_reason_and_a_non_zero_exit() {
    // The relay drops each guest's link some forty lines into the table.
    let relay = crate::relay::start_relay(Some(40));
    let (hosting, mut said) = host(3, &["--relay", &relay.addr, "--matches", "99"]);
    assert!(next_line(&mut said).contains("on the relay"));
    let one = guest(&["--relay", &relay.addr, CODE], false);
    assert!(next_line(&mut said).contains("seat 2 of 3 is taken"));
    let two = guest(&["--relay", &relay.addr, CODE], false);
    let mut rest = String::new();
    said.read_to_string(&mut rest).unwrap();
    let ended = hosting.wait_with_output().unwrap();
    assert!(
        !ended.status.success(),
        "{rest}{}",
        String::from_utf8_lossy(&ended.stdout)
    );
    assert!(rest.contains("every guest has left"), "{rest}");
    // Not a string of matches the host dealt itself alone.
    let printed = String::from_utf8_lossy(&ended.stdout);
    assert!(printed.matches("rematch").count() < 2, "{printed}");
    for guest in [one, two] {
        let done = guest.wait_with_output().unwrap();
        assert!(!done.status.success(), "a guest cut off says so");
    }
}

#[test]
fn a_table_seats_two_to_four_and_without_auto_is_hosted_in_the_window() {
    for seats in ["1", "5"] {
        let refused = Command::new(BIN)
            .args(["host", "--auto", "--port", "0", "--seats", seats])
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "--seats {seats}");
        assert!(String::from_utf8_lossy(&refused.stderr).contains("a table seats 2 to 4"));
    }
    let no_auto = Command::new(BIN)
        .args(["host", "--port", "0", "--seats", "3"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    // Without --auto the window hosts the table: it needs a display.
    assert_eq!(no_auto.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&no_auto.stderr).contains("no display"));
    let mut out = String::new();
    let _ = no_auto.stdout.as_slice().read_to_string(&mut out);
    assert!(out.is_empty(), "nothing hosted: {out}");
    // Two seats are a duel under --auto too, as in the window.
    let mut duel = Command::new(BIN)
        .args([
            "host", "--auto", "--port", "0", "--seats", "2", "--code", CODE,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let said = next_line(&mut BufReader::new(duel.stdout.take().unwrap()));
    let _ = duel.kill();
    let _ = duel.wait();
    assert!(said.starts_with("hosting on "), "{said}");
    assert!(!said.contains("table"), "{said}");
}

#[test]
fn three_and_four_game_windows_play_one_table_on_the_same_dealt_dice() {
    for seats in [3, 4] {
        windows_at_one_table(seats, &[], None);
    }
}

#[test]
fn a_host_window_plays_its_computer_seats_beside_the_guests_windows() {
    windows_at_one_table(4, &[1, 3], None);
}

#[test]
fn a_guest_window_that_closes_mid_match_folds_and_the_other_windows_play_on() {
    windows_at_one_table(3, &[], Some(Closes::MidRound(40)));
}

/// The last throw of a round decides it: the host takes the leave after
/// that, so every window must too, though its dice may still be landing.
#[test]
fn a_guest_window_that_closes_as_the_last_throw_lands_leaves_after_the_round() {
    windows_at_one_table(3, &[], Some(Closes::AsTheLastThrowLands));
}

/// When the last guest's window closes.
#[derive(Debug, Clone, Copy)]
enum Closes {
    /// At this frame or the first after it where its table is mid-round.
    MidRound(u32),
    /// At the first frame where a throw that decides the round was dealt
    /// and its dice have not landed yet.
    AsTheLastThrowLands,
}

/// A table of `seats` over localhost, two matches: the host's window, the
/// hard mind in each of the host's `computers` seats, a guest's window in
/// every other seat, every player's seat played by the computer; with
/// `closes`, the last guest's window closes then.
fn windows_at_one_table(seats: usize, computers: &[usize], closes: Option<Closes>) {
    use bevy::prelude::*;
    use dice_poker::dice::Dealt;
    use dice_poker::game::net::remote::{Ending, Link, Remote};
    use dice_poker::game::party::Party;
    use dice_poker::game::profile::{PartySeat, Wallet};
    use dice_poker::game::table::Refused;
    use dice_poker::net::seat::NetStart;
    use dice_poker::rules::table::TableStep;

    use crate::net::listening_port;

    // Players with coins enough for a table's stack, both seats by the computer.
    use dice_poker::headless::{self, GameSetup};
    let dir_of = |name: &str| {
        std::env::temp_dir().join(format!("dice-poker-test-{}-{name}", std::process::id()))
    };
    let window_in_lobby = |seed: u64, name: &str, net: NetStart| {
        headless::game_app(
            &GameSetup::solo(seed)
                .saved_in(crate::support::temp_dir(name))
                .auto(true)
                .pace(0.0)
                .coins(1_000)
                .net(net),
        )
    };

    let hard = dice_poker::rules::duel::Opponent::find("hard").unwrap();
    // Each table's saves apart from the others', as the tests run side by side.
    let name = format!("{seats}-{computers:?}-{closes:?}");
    let started = std::time::Instant::now();
    let mut host = window_in_lobby(
        20 + seats as u64,
        &format!("net-table-{name}-host"),
        NetStart::Host {
            port: 0,
            code: Some(CODE.to_owned()),
            matches: 2,
            seats,
            computers: computers.iter().map(|&s| (s, hard)).collect(),
            relay: None,
        },
    );
    let port = listening_port(&mut host);
    let join = |guest: usize| {
        window_in_lobby(
            30 + guest as u64,
            &format!("net-table-{name}-guest-{guest}"),
            NetStart::Join {
                address: format!("127.0.0.1:{port}"),
                code: CODE.to_lowercase(),
                relayed: false,
            },
        )
    };
    let guests: Vec<usize> = (1..seats).filter(|s| !computers.contains(s)).collect();
    let mut apps = vec![host];
    apps.extend(guests.iter().map(|&g| join(g)));
    // Each window's seat: the host's, then the guests' in the order they sat.
    let mine: Vec<usize> = std::iter::once(0).chain(guests.iter().copied()).collect();
    // What each player brought (a guest seated at once has put in its first ante).
    let bank: Vec<i64> = apps
        .iter()
        .map(|a| {
            let w = a.world().resource::<Wallet>();
            let put = a
                .world()
                .get_resource::<Party>()
                .map_or(0, Party::guest_stake);
            w.coins + w.at_stake as i64 + put as i64
        })
        .collect();
    let finished = |a: &App| {
        matches!(
            a.world().resource::<Remote>().link,
            Link::Ended(Ending::Finished)
        )
    };
    let mut frames = 0;
    let mut left_with = None;
    while !apps.iter().all(finished) {
        frames += 1;
        // The last guest's window closes at that frame or, if its table is
        // not mid-round then (laid late on a busy machine, between rounds),
        // at the first frame after when it is.
        let mid_round = |a: &App| {
            a.world()
                .get_resource::<Party>()
                .is_some_and(|p| p.table.step().mover().is_some())
        };
        // A throw dealt, not landed, whose faces decide the round.
        let deciding = |a: &App| {
            let Some(p) = a.world().get_resource::<Party>() else {
                return false;
            };
            let TableStep::Rolling(seat) = p.table.step() else {
                return false;
            };
            let Some(Dealt(faces)) = a.world().get::<Dealt>(p.trays[seat]).copied() else {
                return false;
            };
            let mut table = p.table.clone();
            table.rolled(seat, faces).is_ok() && table.step().mover().is_none()
        };
        let now = match closes {
            Some(Closes::MidRound(at)) => frames >= at && apps.last().is_some_and(mid_round),
            Some(Closes::AsTheLastThrowLands) => apps.last().is_some_and(deciding),
            None => false,
        };
        if now && left_with.is_none() {
            let gone = apps.pop().unwrap();
            let party = gone.world().resource::<Party>();
            left_with = Some(party.table.put(party.you()));
            // The window is closed: its save is written as it was.
            drop(gone);
        }
        for app in &mut apps {
            app.update();
            if let Link::Ended(Ending::Cut(cut)) = &app.world().resource::<Remote>().link {
                panic!("the table was cut off: {cut:?}");
            }
        }
        if started.elapsed().as_secs() >= 300 {
            let report: Vec<String> = apps
                .iter()
                .map(|a| match a.world().get_resource::<Party>() {
                    Some(p) => format!(
                        "{:?} seen {:?} dealt {:?}",
                        p.table.step(),
                        p.net,
                        p.trays
                            .iter()
                            .map(|&t| a.world().get::<Dealt>(t).is_some())
                            .collect::<Vec<_>>()
                    ),
                    None => "no table".to_owned(),
                })
                .collect();
            panic!("the table of {seats} never finished: {report:#?}");
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    if closes.is_some() {
        assert!(
            left_with.is_some(),
            "the last guest's window closed mid-round"
        );
        // Every window left said so, and the seat gone folded for good.
        for app in &apps {
            let table = &app.world().resource::<Party>().table;
            assert!(table.has_left(seats - 1));
        }
    }
    // Each machine sits its player in its own seat, the others away; the
    // host knows its computer seats.
    for (app, &me) in apps.iter().zip(&mine) {
        let party = app.world().resource::<Party>();
        assert_eq!(party.you(), me);
        let away = party.seats.iter().filter(|s| **s == PartySeat::Away);
        let known = if me == 0 { computers.len() } else { 0 };
        assert_eq!(away.count(), seats - 1 - known);
        if me == 0 {
            for &seat in computers {
                assert_eq!(party.seats[seat], PartySeat::Computer(hard));
            }
        }
        assert_eq!(
            party.matches, 2,
            "the host laid a second match on seat {me}"
        );
        assert_eq!(app.world().resource::<Refused>().total(), 0, "seat {me}");
    }
    // One table: every machine's referee took the same changes.
    let host = apps[0].world().resource::<Party>().table.clone();
    assert!(matches!(host.step(), TableStep::MatchOver(_)));
    for app in &apps[1..] {
        assert_eq!(app.world().resource::<Party>().table, host);
    }
    // And every window numbers each seat's dice alike: its faces line reads
    // the same in each.
    let faces = |app: &mut App| -> Vec<Option<String>> {
        use dice_poker::game::party::hud::{SeatLine, SeatText};
        (0..seats)
            .map(|seat| {
                let line = SeatLine::Faces;
                dice_poker::headless::text_of(app.world_mut(), SeatText { seat, line })
            })
            .collect()
    };
    let host_faces = faces(&mut apps[0]);
    assert!(
        host_faces
            .iter()
            .flatten()
            .any(|f| f.chars().any(|c| c.is_ascii_digit()))
    );
    for app in apps.iter_mut().skip(1) {
        assert_eq!(faces(app), host_faces);
    }
    // Every seat sat down with the terms' stack.
    for app in &apps {
        let party = app.world().resource::<Party>();
        // The house table's: what a new player's wallet holds.
        assert_eq!(party.stack, PARTY_STACK, "twenty antes of 5");
        assert!(party.stack as i64 <= dice_poker::game::profile::STARTING_COINS);
    }
    if !computers.is_empty() {
        return;
    }
    // What one player won, the others lost: the player whose window closed
    // mid-round, started again, is not given back what it folded.
    let mut after: Vec<i64> = apps
        .iter()
        .map(|a| a.world().resource::<Wallet>().coins)
        .collect();
    if let Some(put) = left_with {
        let last = guests.last().unwrap();
        let dir = dir_of(&format!("net-table-{name}-guest-{last}"));
        let mut again = headless::game_app(&GameSetup::solo(99).saved_in(dir));
        for _ in 0..5 {
            again.update();
        }
        let wallet = *again.world().resource::<Wallet>();
        assert_eq!(wallet.at_stake, 0);
        assert!(put > 0, "it had coins in the pot");
        after.push(wallet.coins);
    }
    let nets: i64 = after
        .iter()
        .zip(&bank)
        .map(|(now, before)| now - before)
        .sum();
    assert_eq!(nets, 0, "no coin made or lost: {after:?} against {bank:?}");
}
