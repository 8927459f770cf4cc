//! A solo game cut off at any moment comes back where it was (the same dice,
//! holds and rerolls left) or, cut off before its first dice came to rest,
//! gives its stake back; nothing is lost either way.

use bevy::prelude::*;
use rand::{Rng, SeedableRng};

use dice_poker::game::profile::Position;
use dice_poker::game::profile::{self, Wallet};
use dice_poker::game::{GameTray, Phase};
use dice_poker::headless::{self, GameSetup};
use dice_poker::history;

use crate::support::{held, phase, press, round, temp_dir, tray_faces};

fn resuming_app(seed: u64, dir: &std::path::Path) -> App {
    headless::game_app(&GameSetup::solo(seed).saved_in(dir.to_path_buf()).resume())
}

/// A tray's numbering (the slot of the die numbered 1, 2, … 5), and the
/// slots as the dice stand left to right.
fn numbering(app: &App, tray: Entity) -> (Option<[usize; 5]>, Vec<usize>) {
    use dice_poker::dice::Tray;
    use dice_poker::game::table::numbers::Numbers;
    let world = app.world();
    let dice = world.get::<Tray>(tray).unwrap().dice;
    let places = dice
        .iter()
        .enumerate()
        .map(|(slot, &d)| (slot, world.get::<Transform>(d).unwrap().translation));
    (
        world.get::<Numbers>(tray).map(|n| n.0),
        dice_poker::dice::tray::left_to_right(places),
    )
}

/// Enough that no game needs a fresh start (which adds coins no game won).
const RICH: i64 = 100_000;

/// A fresh folder whose save holds [`RICH`] coins.
fn rich_dir(name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let rich = profile::SaveData {
        coins: RICH,
        ..Default::default()
    };
    profile::store(&dir.join(profile::SAVE_FILE), &rich).unwrap();
    dir
}

/// Coins in the wallet and at stake, against what the history says was paid and won.
fn books_balance(app: &App, dir: &std::path::Path) {
    let wallet = app.world().resource::<Wallet>();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let records = history::load(&history::history_path(dir)).unwrap().records;
    let net: i64 = records
        .iter()
        .map(|r| r.coins_out as i64 - r.coins_in as i64)
        .sum();
    assert_eq!(
        wallet.coins + wallet.at_stake as i64,
        RICH + net,
        "coins {} + at stake {} against {} games",
        wallet.coins,
        wallet.at_stake,
        records.len()
    );
}

#[test]
fn a_solo_game_cut_off_at_any_moment_comes_back_where_it_was_and_nothing_is_lost() {
    let dir = rich_dir("resume");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let (mut resumed, mut refunded) = (0, 0);
    for trial in 0..24u64 {
        let mut app = resuming_app(100 + trial, &dir);
        for _ in 0..4 {
            app.update();
        }
        books_balance(&app, &dir);
        // Play a little: throws, holds and stands at random moments.
        for _ in 0..rng.random_range(5..160) {
            match rng.random_range(0..12) {
                0 => press(&mut app, KeyCode::Space),
                1 => press(&mut app, KeyCode::Enter),
                2..=4 => press(&mut app, KeyCode::Digit1),
                5 => press(&mut app, KeyCode::Digit3),
                _ => app.update(),
            }
        }
        // Cut off here: what the save knows is all there is.
        drop(app);
        let saved = profile::load(&dir.join(profile::SAVE_FILE));
        let kept = match saved.under_way {
            Some(Position::Solo(p)) => Some(p),
            _ => None,
        };
        let (stake, coins) = (saved.at_stake, saved.coins);
        let mut app = resuming_app(500 + trial, &dir);
        for _ in 0..4 {
            app.update();
        }
        books_balance(&app, &dir);
        match kept {
            Some(position) if stake > 0 => {
                resumed += 1;
                assert_eq!(
                    phase(&app),
                    Phase::Holding,
                    "trial {trial}: back at the dice"
                );
                let r = round(&app);
                assert_eq!(r.faces, Some(position.faces));
                assert_eq!(r.rerolls_left, position.rerolls_left);
                assert_eq!(held(&app), position.held);
                let tray = app.world().resource::<GameTray>().0;
                assert_eq!(tray_faces(&app, tray), position.faces, "the dice show it");
                // Numbered as before the cut, and standing in that order.
                let row = position
                    .numbers
                    .expect("numbered once the first throw landed");
                assert_eq!(numbering(&app, tray), (Some(row), row.to_vec()));
                let wallet = app.world().resource::<Wallet>();
                assert_eq!((wallet.coins, wallet.at_stake), (coins, stake));
                // And it plays on: a reroll throws the free dice only, then
                // the hand is kept and paid once.
                if position.rerolls_left > 0 && !position.held.iter().all(|&h| h) {
                    press(&mut app, KeyCode::Space);
                    app.update();
                    for _ in 0..crate::support::PATIENCE {
                        if phase(&app) != Phase::Rolling {
                            break;
                        }
                        app.update();
                    }
                    let now = tray_faces(&app, tray);
                    for slot in (0..5).filter(|&s| position.held[s]) {
                        assert_eq!(now[slot], position.faces[slot], "a kept die stays");
                    }
                    assert_eq!(numbering(&app, tray).0, Some(row), "a reroll keeps them");
                }
                if phase(&app) == Phase::Holding {
                    press(&mut app, KeyCode::Enter);
                    app.update();
                }
                assert_eq!(phase(&app), Phase::Result);
                books_balance(&app, &dir);
            }
            _ => {
                if stake > 0 {
                    refunded += 1;
                    let wallet = app.world().resource::<Wallet>();
                    assert_eq!((wallet.coins, wallet.at_stake), (coins + stake as i64, 0));
                }
            }
        }
    }
    assert!(
        resumed >= 3 && refunded >= 1,
        "{resumed} resumed, {refunded} refunded"
    );
}

#[test]
fn a_duel_round_cut_off_comes_back_with_its_table_and_nothing_is_lost() {
    use dice_poker::game::duel::Table;
    use dice_poker::rules::duel::{Side, Step};
    let dir = rich_dir("resume-duel");
    let opening = Some(crate::support::duel_with("easy"));
    let duel_app = |seed: u64| {
        headless::game_app(
            &GameSetup::solo(seed)
                .saved_in(dir.clone())
                .resume()
                .opening(opening),
        )
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let mut resumed = 0;
    for trial in 0..16u64 {
        let mut app = duel_app(200 + trial);
        app.update();
        books_balance(&app, &dir);
        for _ in 0..rng.random_range(5..400) {
            match rng.random_range(0..10) {
                0 => press(&mut app, KeyCode::Space),
                1 => press(&mut app, KeyCode::KeyC),
                2 => press(&mut app, KeyCode::Digit2),
                3 => press(&mut app, KeyCode::Enter),
                _ => app.update(),
            }
        }
        drop(app);
        let saved = profile::load(&dir.join(profile::SAVE_FILE));
        let kept = match saved.under_way {
            Some(Position::Duel(p)) => Some(p),
            _ => None,
        };
        let mut app = duel_app(700 + trial);
        for _ in 0..3 {
            app.update();
        }
        books_balance(&app, &dir);
        let wallet = *app.world().resource::<Wallet>();
        let Some(position) = kept.filter(|_| saved.at_stake > 0) else {
            // A stake with nothing to resume came back (the books balance);
            // the duel that opens again holds at most its own fresh ante.
            let fresh = app
                .world()
                .get_resource::<Table>()
                .map_or(0, |t| t.duel.rules().ante);
            assert!(
                wallet.at_stake == 0 || wallet.at_stake == fresh,
                "trial {trial}: {} at stake with nothing to resume (a fresh ante is {fresh})",
                wallet.at_stake
            );
            continue;
        };
        resumed += 1;
        let table = app.world().resource::<Table>();
        assert_eq!(table.duel, position.duel, "trial {trial}: the same table");
        assert_eq!(
            (wallet.coins, wallet.at_stake),
            (saved.coins, saved.at_stake)
        );
        let trays = table.trays;
        for side in [Side::Near, Side::Far] {
            if let Some(roll) = table.duel.roll(side) {
                let tray = trays[side.index()];
                assert_eq!(tray_faces(&app, tray), roll, "{side:?}'s dice");
                let row = position.numbers[side.index()].expect("numbered once thrown");
                assert_eq!(numbering(&app, tray), (Some(row), row.to_vec()));
            }
        }
        // It plays on to the end of the round, and the books still balance.
        for _ in 0..crate::support::PATIENCE * 2 {
            let step = app.world().resource::<Table>().duel.step();
            if step.is_decided() {
                break;
            }
            match step {
                Step::Throw(Side::Near) | Step::Reroll(Side::Near) => {
                    press(&mut app, KeyCode::Space)
                }
                Step::Bet(Side::Near) => press(&mut app, KeyCode::KeyC),
                _ => app.update(),
            }
        }
        app.update();
        assert!(app.world().resource::<Table>().duel.step().is_decided());
        books_balance(&app, &dir);
    }
    assert!(resumed >= 3, "{resumed} rounds came back");
}

#[test]
fn a_table_round_cut_off_comes_back_where_it_was_and_nothing_is_lost() {
    use dice_poker::dice::held_in;
    use dice_poker::game::party::Party;
    use dice_poker::rules::table::TableStep;
    let dir = rich_dir("resume-table");
    // Computer seats move at once before the cut, at a person's pace after
    // it (so the first frame shows the table as it came back).
    let table_app = |seed: u64, pace: f32, lineup: &str| {
        headless::game_app(
            &GameSetup::solo(seed)
                .table(lineup)
                .saved_in(dir.clone())
                .resume()
                .pace(pace),
        )
    };
    let step = |app: &App| app.world().resource::<Party>().table.step();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let (mut resumed, mut mid_turn) = (0, 0);
    for trial in 0..14u64 {
        let mut app = table_app(300 + trial, 0.0, "you,hard,friend,easy");
        app.update();
        books_balance(&app, &dir);
        for _ in 0..rng.random_range(3..160) {
            match rng.random_range(0..10) {
                0 => press(&mut app, KeyCode::Space),
                1 => press(&mut app, KeyCode::KeyC),
                2 => press(&mut app, KeyCode::Digit2),
                3 => press(&mut app, KeyCode::Enter),
                _ => app.update(),
            }
        }
        drop(app);
        let saved = profile::load(&dir.join(profile::SAVE_FILE));
        let kept = match saved.under_way {
            Some(Position::Party(p)) => Some(p),
            _ => None,
        };
        // Come back with another lineup chosen now and then: the table that
        // comes back keeps its own seats, each with its panel.
        let lineup = if trial % 2 == 0 {
            "you,hard,friend,easy"
        } else {
            "you,normal"
        };
        let mut app = table_app(900 + trial, 1.0, lineup);
        app.update();
        books_balance(&app, &dir);
        let Some(position) = kept.filter(|_| saved.at_stake > 0) else {
            continue;
        };
        resumed += 1;
        let wallet = *app.world().resource::<Wallet>();
        assert_eq!(
            (wallet.coins, wallet.at_stake),
            (saved.coins, saved.at_stake)
        );
        let mut panels: Vec<usize> = app
            .world_mut()
            .query::<&dice_poker::game::party::hud::SeatText>()
            .iter(app.world())
            .map(|t| t.seat)
            .collect();
        panels.sort_unstable();
        panels.dedup();
        let party = app.world().resource::<Party>();
        assert_eq!(party.table, position.table, "trial {trial}: the same table");
        assert_eq!(
            panels,
            (0..party.seats.len()).collect::<Vec<_>>(),
            "{lineup}"
        );
        assert_eq!(
            (party.matches, party.booked, party.closed),
            (position.matches, position.booked, position.closed)
        );
        let trays = party.trays.clone();
        for (seat, &tray) in trays.iter().enumerate() {
            if let Some(roll) = position.table.roll(seat) {
                assert_eq!(tray_faces(&app, tray), roll, "seat {seat}'s dice");
                assert_eq!(held_in(app.world(), tray), position.held[seat]);
                let row = position.numbers[seat].expect("numbered once thrown");
                assert_eq!(numbering(&app, tray), (Some(row), row.to_vec()));
            }
        }
        mid_turn += usize::from(matches!(position.table.step(), TableStep::Reroll(_)));
        // It plays on to the end of the round: every seat at the keys is
        // pressed on, the computers play theirs, and the books balance.
        for _ in 0..crate::support::PATIENCE * 2 {
            match step(&app) {
                TableStep::RoundOver | TableStep::MatchOver(_) => break,
                TableStep::Throw(_) | TableStep::Reroll(_) => press(&mut app, KeyCode::Space),
                TableStep::Bet(_) => press(&mut app, KeyCode::KeyC),
                TableStep::Rolling(_) => app.update(),
            }
        }
        assert!(matches!(
            step(&app),
            TableStep::RoundOver | TableStep::MatchOver(_)
        ));
        app.update();
        books_balance(&app, &dir);
        // The round's line carries on the trace from before the cut.
        let records = history::load(&history::history_path(&dir)).unwrap().records;
        let mark = records
            .last()
            .and_then(|r| r.table.clone())
            .expect("a table line");
        if let Some(before) = &position.trace {
            assert_eq!(mark.trace.moves[..before.moves.len()], before.moves[..]);
            assert!(mark.accounts.iter().any(Option::is_some), "a whole round");
        }
    }
    assert!(
        resumed >= 4 && mid_turn >= 1,
        "{resumed} came back, {mid_turn} mid-turn"
    );
}
