//! A solo game cut off at any moment comes back where it was (the same dice,
//! holds and rerolls left) or, cut off before its first dice came to rest,
//! gives its stake back; nothing is lost either way.

use bevy::prelude::*;
use rand::{Rng, SeedableRng};

use dice_poker::game::coins::{self, Wallet};
use dice_poker::game::{GameTray, Phase};
use dice_poker::headless::{self, GameSetup};
use dice_poker::history;

use crate::support::{held, phase, press, round, temp_dir, tray_faces};

fn resuming_app(seed: u64, dir: &std::path::Path) -> App {
    headless::game_app(&GameSetup {
        data_dir: Some(dir.to_path_buf()),
        resume: true,
        ..GameSetup::solo(seed)
    })
}

/// Enough that no game needs a fresh start (which adds coins no game won).
const RICH: i64 = 100_000;

/// Coins in the wallet and at stake, against what the history says was paid and won.
fn books_balance(app: &App, dir: &std::path::Path) {
    let wallet = app.world().resource::<Wallet>();
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
    let dir = temp_dir("resume");
    let rich = coins::SaveData {
        coins: RICH,
        ..Default::default()
    };
    coins::store(&dir.join(coins::SAVE_FILE), &rich).unwrap();
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
        let saved = coins::load(&dir.join(coins::SAVE_FILE));
        let (kept, stake, coins) = (saved.solo, saved.at_stake, saved.coins);
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
