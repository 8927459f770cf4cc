//! A table of several, headless: the keys play the player's seat and only
//! on its turn, the computer seats play theirs, a friend at this machine
//! takes the keys and mouse in turn, and every coin stays on the table.

use bevy::prelude::*;

use dice_poker::dice::Tray;
use dice_poker::game::party::hud::PartyText;
use dice_poker::game::party::{PARTY_STACK, Party};
use dice_poker::game::profile::Wallet;
use dice_poker::game::table::Refused;
use dice_poker::game::table::{Bet, Hands};
use dice_poker::game::{Screen, ToggleHold};
use dice_poker::headless::{self, GameSetup, send, text_of};
use dice_poker::rules::duel::BetAction;
use dice_poker::rules::table::TableStep;

use crate::support::{app_in, press, temp_dir, until_assembled};

/// Frames a whole match may take (dice settle in a second or two each).
const MATCH_FRAMES: usize = 60 * 400;

fn table_app(seats: &str, seed: u64, name: &str) -> App {
    table_app_in(seats, seed, &temp_dir(name))
}

fn table_app_in(seats: &str, seed: u64, dir: &std::path::Path) -> App {
    let dir = dir.to_path_buf();
    let mut app = headless::game_app(
        &GameSetup::solo(seed)
            .table(seats)
            .saved_in(dir)
            .pace(0.0)
            .coins(1_000),
    );
    until_assembled(&mut app);
    app
}

fn step(app: &App) -> TableStep {
    app.world().resource::<Party>().table.step()
}

/// Every coin is in a stack or the pot (with what the house paid for
/// badges), and the wallet holds what it started with plus the player's books.
fn check_coins(app: &App, bank: i64) {
    let party = app.world().resource::<Party>();
    let t = &party.table;
    let held: u64 = (0..t.seats()).map(|s| t.stack(s)).sum();
    assert_eq!(
        held + t.pot(),
        PARTY_STACK * t.seats() as u64 + t.house(),
        "{:?}",
        t.step()
    );
    assert_eq!(app.world().resource::<Wallet>().coins, bank + party.booked);
}

/// The coins in the table's middle are the referee's pot: as many discs as
/// it holds; once a round is decided, every disc has gone to a seat the
/// pots paid, piled towards that seat's tray (none while a round is
/// played). True when a paid pot was seen.
fn check_pot(app: &mut App) -> bool {
    use dice_poker::game::table::coins::discs_for;
    use dice_poker::game::table::pot::Coin;
    let party = app.world().resource::<Party>();
    let (table, seats) = (party.table.clone(), party.seats.len());
    let mut coins = app.world_mut().query::<&Coin>();
    let coins: Vec<Coin> = coins.iter(app.world()).copied().collect();
    let in_pot = coins.iter().filter(|c| c.owner.is_none()).count() as u32;
    assert_eq!(
        in_pot,
        discs_for(table.pot(), table.rules().ante),
        "{:?}",
        table.step()
    );
    let won: Vec<&Coin> = coins.iter().filter(|c| c.owner.is_some()).collect();
    let Some(end) = table.last_end().filter(|_| table.step().mover().is_none()) else {
        assert!(won.is_empty(), "{:?}: {won:?}", table.step());
        return false;
    };
    assert!(!won.is_empty(), "a paid pot has coins");
    let places = dice_poker::game::party::tray_places(seats);
    for (seat, place) in places.iter().enumerate() {
        let mine: Vec<Vec3> = won
            .iter()
            .filter(|c| c.owner == Some(seat))
            .map(|c| c.rest)
            .collect();
        assert_eq!(!mine.is_empty(), end.paid[seat] > 0, "seat {seat}: {end:?}");
        if !mine.is_empty() {
            // The pile leans towards the seat's own tray.
            let middle = mine.iter().sum::<Vec3>() / mine.len() as f32;
            assert!(middle.x * place.x > 0.0 && middle.z * place.z > 0.0);
        }
    }
    true
}

#[test]
fn the_keys_play_the_players_seat_at_a_table_of_four_and_only_on_its_turn() {
    let mut app = table_app("you,hard,normal,easy", 3, "party-four");
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Party
    );
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Party>().booked;
    // The player starts the first round; its ante is in the pot already.
    assert_eq!(step(&app), TableStep::Throw(0));
    assert_eq!(app.world().resource::<Party>().booked, -5);
    // A bet out of turn (a click on a stale button) is refused and changes
    // nothing; the key does nothing at all.
    press(&mut app, KeyCode::KeyC);
    assert_eq!(app.world().resource::<Refused>().total(), 0);
    let raise = Bet {
        by: 0,
        action: BetAction::Raise,
    };
    send(app.world_mut(), raise);
    assert_eq!(step(&app), TableStep::Throw(0));
    assert_eq!(app.world().resource::<Refused>().total(), 1);
    press(&mut app, KeyCode::Space);
    assert_eq!(step(&app), TableStep::Rolling(0));
    // Another seat's die is not the player's to hold.
    let far_die = {
        let party = app.world().resource::<Party>();
        app.world().get::<Tray>(party.trays[2]).unwrap().dice[0]
    };
    send(app.world_mut(), ToggleHold::player(far_die));
    assert_eq!(app.world().resource::<Refused>().total(), 2);
    let (mut rounds, mut bets, mut others, mut won_pots) = (0, 0, 0, 0);
    for _ in 0..MATCH_FRAMES {
        let key = match step(&app) {
            TableStep::Throw(0) | TableStep::RoundOver => Some(KeyCode::Space),
            TableStep::Bet(0) => {
                bets += 1;
                Some(KeyCode::KeyC)
            }
            TableStep::Reroll(0) => Some(KeyCode::Enter),
            TableStep::MatchOver(_) => break,
            TableStep::Throw(_) | TableStep::Bet(_) | TableStep::Reroll(_) => {
                others += 1;
                None
            }
            TableStep::Rolling(_) => None,
        };
        let before = app.world().resource::<Party>().table.rounds();
        match key {
            Some(key) => press(&mut app, key),
            None => app.update(),
        }
        rounds += usize::from(app.world().resource::<Party>().table.rounds() != before);
        check_coins(&app, bank);
        won_pots += usize::from(check_pot(&mut app));
    }
    assert!(won_pots > 0, "a won pot was seen");
    assert!(
        matches!(step(&app), TableStep::MatchOver(_)),
        "{:?}",
        step(&app)
    );
    assert!(rounds >= 2, "{rounds} rounds");
    assert!(
        bets > 0 && others > 0,
        "{bets} bets, {others} turns of others"
    );
    // No mind's move was refused, only the two tried above.
    let refused = app.world().resource::<Refused>().0;
    assert_eq!(
        refused,
        [2, 0, 0, 0],
        "the player's two tries, no mind's move"
    );
    // The pot says what is in it; the last round's result is said, then the match's.
    let said = text_of(app.world_mut(), PartyText::Status).unwrap_or_default();
    let (round, game) = (said.find("ポット"), said.find("勝負は"));
    assert!(round.zip(game).is_some_and(|(r, g)| r < g), "{said}");
    // Another match: every seat sits down afresh, the books carry on.
    let booked = app.world().resource::<Party>().booked;
    press(&mut app, KeyCode::Space);
    let party = app.world().resource::<Party>();
    assert_eq!(party.matches, 2);
    assert_eq!(party.table.stack(1), PARTY_STACK - 5);
    assert_eq!(party.booked, booked - 5);
    check_coins(&app, bank);
}

#[test]
fn a_friend_at_the_table_takes_the_keys_on_its_turn() {
    let mut app = table_app("you,friend,easy", 8, "party-friend");
    let trays = app.world().resource::<Party>().trays.clone();
    assert_eq!(app.world().resource::<Hands>().tray, Some(trays[0]));
    press(&mut app, KeyCode::Space);
    for _ in 0..600 {
        if step(&app) != TableStep::Rolling(0) {
            break;
        }
        app.update();
    }
    // The friend's turn: the keys are theirs now, and say so.
    assert_eq!(step(&app), TableStep::Throw(1));
    assert_eq!(app.world().resource::<Hands>().tray, Some(trays[1]));
    let status = text_of(app.world_mut(), PartyText::Status).unwrap_or_default();
    assert!(status.starts_with("友だち 1"), "{status}");
    press(&mut app, KeyCode::Space);
    assert_eq!(step(&app), TableStep::Rolling(1));
    assert_eq!(app.world().resource::<Refused>().total(), 0);
}

#[test]
fn the_table_screen_seats_who_was_chosen_and_the_save_remembers_them() {
    use dice_poker::game::profile::PartySeats;
    use dice_poker::game::{Choice, Choose};
    let dir = temp_dir("party-seating");
    let mut app = app_in(4, &dir, None);
    send(app.world_mut(), Choose(Choice::Party));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Seating
    );
    assert_eq!(
        app.world().resource::<PartySeats>().keys(),
        "you,normal,easy"
    );
    // The cursor starts on 着席; up to the second seat, and one choice on.
    for _ in 0..3 {
        press(&mut app, KeyCode::ArrowUp);
    }
    press(&mut app, KeyCode::ArrowRight);
    let second = app.world().resource::<PartySeats>().keys();
    assert_ne!(second, "you,normal,easy");
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(
        app.world().resource::<PartySeats>().keys(),
        "you,normal,easy"
    );
    // The fourth place, empty, takes a friend; Enter sits down.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        app.world().resource::<PartySeats>().keys(),
        "you,normal,easy,friend"
    );
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Party
    );
    assert_eq!(app.world().resource::<Party>().trays.len(), 4);
    // The save keeps the table: the next run sits the same seats.
    for _ in 0..5 {
        app.update();
    }
    drop(app);
    let mut again = app_in(4, &dir, None);
    again.update();
    assert_eq!(
        again.world().resource::<PartySeats>().keys(),
        "you,normal,easy,friend"
    );
    // Esc from the table screen goes back to the start.
    send(again.world_mut(), Choose(Choice::Party));
    again.update();
    press(&mut again, KeyCode::Escape);
    again.update();
    assert_eq!(
        *again.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
}

/// Plays the player's seat (Space to throw and go on, C to check or call,
/// Enter to stand) and lets the others play theirs until `done` says stop.
fn play_until(app: &mut App, done: impl Fn(TableStep) -> bool) {
    for _ in 0..MATCH_FRAMES {
        let key = match step(app) {
            s if done(s) => return,
            TableStep::Throw(0) | TableStep::RoundOver => Some(KeyCode::Space),
            TableStep::Bet(0) => Some(KeyCode::KeyC),
            TableStep::Reroll(0) => Some(KeyCode::Enter),
            TableStep::MatchOver(_) => return,
            _ => None,
        };
        match key {
            Some(key) => press(app, key),
            None => app.update(),
        }
    }
    panic!("the table never came to {:?}", step(app));
}

#[test]
fn each_decided_round_is_written_with_every_seats_hand_coins_and_luck() {
    use dice_poker::history::{self, Mode, Outcome};
    let dir = temp_dir("party-history");
    let mut app = table_app_in("you,hard,easy", 12, &dir);
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Party>().booked;
    play_until(&mut app, |s| matches!(s, TableStep::MatchOver(_)));
    let rounds = app.world().resource::<Party>().table.rounds();
    dice_poker::game::profile::flush(app.world());
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(lines.len() as u32, rounds, "one line per decided round");
    let mut net = 0i64;
    for line in &lines {
        assert_eq!(line.mode, Mode::Table);
        let mark = line.table.as_ref().expect("a table's mark");
        assert_eq!(mark.seats, ["you", "hard", "easy"]);
        assert_eq!(
            (mark.seat, mark.hands.len(), mark.accounts.len()),
            (0, 3, 3)
        );
        // Every coin put in was paid out again.
        assert_eq!(mark.put.iter().sum::<u64>(), mark.paid.iter().sum::<u64>());
        assert_eq!((line.coins_in, line.coins_out), (mark.put[0], mark.paid[0]));
        net += line.coins_out as i64 - line.coins_in as i64;
        // The player's every throw is on the page; its hand is its last.
        let last = line.throws.last().expect("the player threw");
        assert_eq!(
            line.hand,
            dice_poker::rules::evaluate_roll(&last.faces).to_string()
        );
        assert_eq!(mark.hands[0].as_deref(), Some(line.hand.as_str()));
        // Every seat that saw the round out has luck and skill that add up,
        // and the pot's shares among them make one.
        let shares: f64 = mark.accounts.iter().flatten().map(|a| a.result).sum();
        assert!((shares - 1.0).abs() < 1e-9, "{mark:?}");
        for a in mark.accounts.iter().flatten() {
            assert!(a.imbalance().abs() < 1e-9, "{a:?}");
        }
        let you = mark.accounts[0];
        match line.result {
            Some(Outcome::Win | Outcome::OpponentFold) => {
                assert_eq!(you.map(|a| a.result), Some(1.0));
            }
            Some(Outcome::Loss) => assert_eq!(you.map(|a| a.result), Some(0.0)),
            Some(Outcome::Draw) => assert!(you.is_some_and(|a| a.result > 0.0 && a.result < 1.0)),
            other => panic!("the player checks and calls to the end: {other:?}"),
        }
    }
    // The history's coins are the wallet's.
    assert_eq!(app.world().resource::<Wallet>().coins, bank + net);
    // And `stats` reads them per lineup and per seat.
    let stats = dice_poker::history::stats::compute(&lines);
    let record = &stats.tables.records["you,hard,easy"];
    assert_eq!(
        record.wins + record.losses + record.draws + record.opponent_folds,
        rounds as u64
    );
    assert_eq!(record.net, net);
    assert!(stats.tables.luck["you"].games > 0 && stats.tables.luck["hard"].games > 0);
}

#[test]
fn a_computer_seat_brings_its_badge_and_the_house_pays_it_beside_the_pots() {
    use dice_poker::lang::{Key, Lang, badge_name, trf};
    use dice_poker::rules::duel::Badge;
    let mut app = table_app("you,hard,normal", 31, "party-badges");
    let badges = app.world().resource::<Party>().table.badges();
    assert_eq!(badges, [None, Some(Badge::Double), Some(Badge::Shield)]);
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Party>().booked;
    let mut paid = 0;
    for _ in 0..20 {
        play_until(&mut app, |s| s.mover().is_none());
        app.update();
        check_coins(&app, bank);
        let party = app.world().resource::<Party>();
        let end = party.table.last_end().expect("a decided round").clone();
        assert_eq!(end.bonus[0], 0, "the player brought none");
        for (seat, &coins) in end.bonus.iter().enumerate().filter(|(_, c)| **c > 0) {
            let badge = badges[seat].expect("only a badge is paid");
            let name = if seat == 1 { "hard" } else { "normal" };
            let line = trf(
                Lang::Ja,
                Key::PartyBadgePaid,
                &[
                    &dice_poker::lang::opponent_name(
                        Lang::Ja,
                        dice_poker::rules::duel::Opponent::find(name).unwrap(),
                    ),
                    &badge_name(Lang::Ja, badge),
                    &coins,
                ],
            );
            let status = text_of(app.world_mut(), PartyText::Status).expect("the status");
            assert!(status.contains(&line), "{status}");
            paid += coins;
        }
        if paid > 0 {
            break;
        }
        press(&mut app, KeyCode::Space);
    }
    assert!(paid > 0, "some round paid a badge");
    assert_eq!(app.world().resource::<Party>().table.house(), paid);
}

#[test]
fn a_seat_for_someone_online_hosts_the_table_and_the_host_plays_its_computer_seats() {
    use dice_poker::game::net::remote::{Link, Remote};
    use dice_poker::game::profile::{PartySeat, PartySeats};
    use dice_poker::game::{Choice, Choose};
    let dir = temp_dir("party-seating-away");
    let mut app = app_in(5, &dir, None);
    send(app.world_mut(), Choose(Choice::Party));
    app.update();
    // The third seat offers someone online among its choices.
    let away = PartySeats::choices(2)
        .iter()
        .position(|c| *c == Some(PartySeat::Away))
        .expect("a choice");
    *app.world_mut().resource_mut::<PartySeats>() = PartySeats::parse("you,hard,easy").unwrap();
    for _ in 0..2 {
        press(&mut app, KeyCode::ArrowUp);
    }
    while app.world().resource::<PartySeats>().slot(2) != Some(PartySeat::Away) {
        press(&mut app, KeyCode::ArrowRight);
    }
    assert!(away > 0);
    assert_eq!(app.world().resource::<PartySeats>().keys(), "you,hard,away");
    // Enter hosts a table of three (on a relay that never answers, as the
    // lobby's field says): the lobby counts the player and 名人ゲン.
    let relay = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    app.world_mut()
        .resource_mut::<dice_poker::game::net::lobby::JoinForm>()
        .relay = relay.local_addr().unwrap().to_string();
    press(&mut app, KeyCode::Enter);
    let started = std::time::Instant::now();
    while app.world().get_resource::<Remote>().and_then(|r| r.seated) != Some((2, 3)) {
        assert!(started.elapsed().as_secs() < 10, "no table hosted");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Lobby
    );
    assert!(matches!(
        app.world().resource::<Remote>().link,
        Link::Waiting { .. }
    ));
}

#[test]
fn a_seat_that_left_says_so_rather_than_that_it_has_no_coins() {
    use dice_poker::game::party::hud::{SeatLine, SeatText};
    let mut app = table_app("you,hard,easy", 41, "party-left");
    app.update();
    app.world_mut()
        .resource_mut::<Party>()
        .table
        .leave(2)
        .unwrap();
    app.update();
    let state = text_of(
        app.world_mut(),
        SeatText {
            seat: 2,
            line: SeatLine::State,
        },
    )
    .expect("seat 3's panel");
    assert!(state.contains("席を立ちました"), "{state}");
    assert!(!state.contains("コインなし"), "{state}");
}

#[test]
fn h_gives_a_hint_at_a_table_and_a_notice_shows_under_the_turn() {
    use dice_poker::game::Notice;
    use dice_poker::lang::Line;
    let mut app = table_app("you,hard,easy", 43, "party-hint");
    let status = |app: &mut App| text_of(app.world_mut(), PartyText::Status).unwrap_or_default();
    // The player throws; the others throw; then the betting or the rerolls
    // come round to the player.
    for _ in 0..MATCH_FRAMES {
        match step(&app) {
            TableStep::Throw(0) => press(&mut app, KeyCode::Space),
            TableStep::Bet(0) | TableStep::Reroll(0) => break,
            _ => app.update(),
        }
    }
    let at = step(&app);
    assert!(
        matches!(at, TableStep::Bet(0) | TableStep::Reroll(0)),
        "{at:?}"
    );
    press(&mut app, KeyCode::KeyH);
    let said = status(&mut app);
    assert!(
        said.contains("ヒント") && said.contains("勝率"),
        "{at:?}: {said}"
    );
    // What the game says (a seat gone, coins given back) is not hidden.
    app.world_mut()
        .resource_mut::<Notice>()
        .say(Line::new(|_| "お知らせ".to_owned()));
    app.update();
    let said = status(&mut app);
    assert!(
        said.contains("ヒント") && said.contains("お知らせ"),
        "{said}"
    );
}

#[test]
fn each_seat_s_panel_says_what_it_bet_in_the_betting_round() {
    use dice_poker::game::party::hud::{SeatLine, SeatText};
    let mut app = table_app("you,hard,easy", 47, "party-bets");
    for _ in 0..MATCH_FRAMES {
        match step(&app) {
            TableStep::Throw(0) => press(&mut app, KeyCode::Space),
            TableStep::Bet(0) => break,
            _ => app.update(),
        }
    }
    assert_eq!(step(&app), TableStep::Bet(0));
    press(&mut app, KeyCode::KeyC);
    // The computer seats answer in turn.
    for _ in 0..MATCH_FRAMES {
        if !matches!(step(&app), TableStep::Bet(1 | 2) | TableStep::Rolling(_)) {
            break;
        }
        app.update();
    }
    app.update();
    for seat in 0..3 {
        let state = text_of(
            app.world_mut(),
            SeatText {
                seat,
                line: SeatLine::State,
            },
        )
        .expect("a panel");
        let said = ["チェック", "コール", "レイズ", "降り"];
        assert!(
            said.iter().any(|w| state.contains(w)),
            "seat {seat}: {state}"
        );
    }
}

#[test]
fn a_round_called_off_mid_throw_gives_the_coins_back_and_the_next_round_throws() {
    use dice_poker::dice::Rolling;
    use dice_poker::game::party::hud::PartyText;
    use dice_poker::game::party::{Play, SeatPlays};
    let mut app = table_app("you,hard,easy", 43, "party-void");
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Party>().booked;
    // The player checks what it is asked; seat 2 goes while seat 1's dice fly.
    play_until(&mut app, |s| s == TableStep::Rolling(1));
    let (before, tray) = {
        let party = app.world().resource::<Party>();
        let t = &party.table;
        let before: Vec<u64> = (0..3).map(|s| t.stack(s) + t.put(s)).collect();
        (before, party.trays[1])
    };
    assert!(app.world().get::<Rolling>(tray).is_some());
    send(
        app.world_mut(),
        SeatPlays {
            seat: 2,
            play: Play::LeaveMidDeal,
            agreed: true,
        },
    );
    app.update();
    let party = app.world().resource::<Party>();
    let t = party.table.clone();
    assert_eq!(t.step(), TableStep::RoundOver);
    assert!(t.last_end().is_some_and(|e| e.void) && t.has_left(2));
    assert!((0..2).all(|s| t.stack(s) >= before[s] && t.score(s) == 0));
    assert_eq!(t.pot(), 0);
    assert!(app.world().get::<Rolling>(tray).is_none(), "not read");
    check_coins(&app, bank);
    let status = text_of(app.world_mut(), PartyText::Status).unwrap();
    assert!(status.contains("ラウンド無効"), "{status}");
    // The next round is played through, seat 1 throwing again.
    press(&mut app, KeyCode::Space);
    assert_eq!(app.world().resource::<Party>().table.rounds(), 2);
    play_until(&mut app, |s| s.mover().is_none());
    let t = &app.world().resource::<Party>().table;
    assert!(t.roll(1).is_some() && !t.last_end().unwrap().void);
    check_coins(&app, bank);
}

#[test]
fn a_screen_reader_hears_the_turn_the_pot_and_every_seat_at_a_table() {
    use dice_poker::game::party::hud::{SeatLine, SeatText};
    let mut app = table_app("you,hard,easy", 45, "party-announce");
    let said = crate::support::announced(&mut app);
    let status = text_of(app.world_mut(), PartyText::Status).unwrap();
    let first_line = status.lines().next().unwrap().trim();
    assert!(said.starts_with(first_line), "{said}");
    assert!(said.contains(&text_of(app.world_mut(), PartyText::Pot).unwrap()));
    // Once every seat has thrown: each seat's name and hand.
    play_until(&mut app, |s| matches!(s, TableStep::Bet(_)));
    let said = crate::support::announced(&mut app);
    for seat in 0..3 {
        for line in [SeatLine::Name, SeatLine::Hand] {
            let text = text_of(app.world_mut(), SeatText { seat, line }).unwrap();
            assert!(said.contains(text.trim()), "seat {seat} {line:?}: {said}");
        }
    }
}

#[test]
fn a_flick_throws_at_a_table_the_way_it_was_aimed() {
    use dice_poker::dice::throw::Aim;
    use dice_poker::game::Advance;
    let mut app = table_app("you,hard,easy", 47, "party-flick");
    assert_eq!(step(&app), TableStep::Throw(0));
    let flick = Advance {
        by: 0,
        aim: Some(Aim {
            direction: Vec2::NEG_X,
            strength: 1.0,
        }),
    };
    app.world_mut().trigger(flick);
    app.update();
    assert_eq!(step(&app), TableStep::Rolling(0));
    let tray = app.world().resource::<Party>().trays[0];
    let dice = app.world().get::<Tray>(tray).unwrap().dice;
    for die in dice {
        let v = app
            .world()
            .get::<bevy_rapier3d::prelude::Velocity>(die)
            .unwrap();
        assert!(v.linear.x < -10.0, "thrown leftwards, hard: {v:?}");
    }
    // Not the player's throw: a flick throws nothing.
    play_until(&mut app, |s| s == TableStep::Throw(1));
    app.world_mut().trigger(flick);
    app.update();
    assert_ne!(step(&app), TableStep::Rolling(0));
}
