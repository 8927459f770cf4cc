//! ふたりで, headless: two people at one keyboard play a whole match; the keys
//! go to whoever's move the table waits for, each side's coins go to its own
//! profile, and each side's rounds to its own history.

use bevy::prelude::*;

use dice_poker::dice::Held;
use dice_poker::game::duel::Table;
use dice_poker::game::duel::friend::{FRIEND_DIR, FriendWallet};
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::profile::Wallet;
use dice_poker::game::table::Refused;
use dice_poker::game::table::seat::{Hands, Seat, Seats};
use dice_poker::game::{Choice, Screen};
use dice_poker::headless::{self, GameSetup};
use dice_poker::history;
use dice_poker::rules::duel::{Side, Step};

use crate::support::{PATIENCE, pick_entry, press, temp_dir};

fn step(app: &App) -> Step {
    app.world().resource::<Table>().duel.step()
}

#[test]
fn two_people_at_one_keyboard_play_a_match_each_with_their_own_coins_and_history() {
    let dir = temp_dir("friend");
    let mut app = headless::game_app(
        &GameSetup::solo(17)
            .opening(None)
            .saved_in(dir.clone())
            .pace(0.0),
    );
    // From the start screen, by its number key.
    pick_entry(&mut app, Choice::Friend);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Duel);
    assert_eq!(
        app.world().resource::<Seats>().0,
        [Seat::Human, Seat::Human]
    );
    // Before the first antes, which the table charged as it was laid.
    let before = |w: &Wallet| w.coins + w.at_stake as i64;
    let player_before = before(app.world().resource::<Wallet>());
    let friend_before = before(&app.world().resource::<FriendWallet>().wallet);
    let mut far_holds = 0;
    let mut rounds = 0;
    for _ in 0..PATIENCE * 20 {
        let now = step(&app);
        if let Some(mover) = now.mover() {
            // The keyboard belongs to whoever the table waits for.
            assert_eq!(app.world().resource::<Hands>().side(), mover, "{now:?}");
        }
        match now {
            Step::Throw(side) => {
                // The status names whose turn it is, never a bare "yours",
                // and what to do stands in the panel of whoever's turn it is.
                app.update();
                let near = crate::support::duel_text(&mut app, DuelText::Status);
                let far = crate::support::duel_text(&mut app, DuelText::FarStatus);
                let whose = ["ひとり目の番", "ふたり目の番"][side.index()];
                let (theirs, other) = match side {
                    Side::Near => (&near, &far),
                    Side::Far => (&far, &near),
                };
                assert!(
                    theirs.starts_with(whose)
                        && theirs.contains("Space")
                        && !theirs.contains("あなた"),
                    "{theirs}"
                );
                assert!(!other.contains("Space"), "{other}");
                // Both people's coins are named.
                let coins = crate::support::duel_text(&mut app, DuelText::Coins);
                assert!(coins.starts_with("ひとり目の所持金"), "{coins}");
                press(&mut app, KeyCode::Space);
            }
            Step::Bet(Side::Near) => press(&mut app, KeyCode::KeyR),
            Step::Bet(Side::Far) => press(&mut app, KeyCode::KeyC),
            Step::Reroll(Side::Far) if far_holds == rounds => {
                // The friend keeps their leftmost die with key 1, on their own tray.
                press(&mut app, KeyCode::Digit1);
                let tray = app.world().resource::<Table>().trays[1];
                let held = app
                    .world_mut()
                    .query_filtered::<&dice_poker::dice::Die, With<Held>>()
                    .iter(app.world())
                    .filter(|d| d.tray == tray)
                    .count();
                assert_eq!(held, 1, "one die held on the far tray");
                far_holds += 1;
                press(&mut app, KeyCode::Space);
            }
            Step::Reroll(_) => press(&mut app, KeyCode::Enter),
            Step::RoundOver => {
                rounds += 1;
                press(&mut app, KeyCode::Space);
            }
            Step::MatchOver(_) => break,
            Step::Rolling(_) => app.update(),
        }
    }
    assert!(matches!(step(&app), Step::MatchOver(_)), "{:?}", step(&app));
    // The card names both people: each sees their own choices.
    let card = crate::support::duel_text(&mut app, DuelText::Message);
    assert!(
        card.starts_with("ひとり目の判断: ") && card.contains("ふたり目の判断: "),
        "{card}"
    );
    assert_eq!(card.lines().count(), 2, "the round and the match: {card}");
    // The result names the winner, whichever seat it is.
    let status = crate::support::duel_text(&mut app, DuelText::Status);
    assert!(
        status.contains("ひとり目の勝ち") || status.contains("ふたり目の勝ち"),
        "{status}"
    );
    assert_eq!(
        app.world().resource::<Refused>().total(),
        0,
        "no move refused"
    );
    assert!(far_holds >= 1);
    // Coins moved from one profile to the other, none from the house.
    let player = app.world().resource::<Wallet>().coins - player_before;
    let friend = app.world().resource::<FriendWallet>().wallet.coins - friend_before;
    assert_eq!(player + friend, 0, "player {player:+}, friend {friend:+}");
    assert_ne!(player, 0, "a match for coins moves some");
    // Each history has every round, from its own side (what the writer
    // thread still has on disk first).
    dice_poker::game::profile::flush(app.world());
    let mine = history::load(&history::history_path(&dir)).unwrap().records;
    let theirs = history::load(&history::history_path(&dir.join(FRIEND_DIR)))
        .unwrap()
        .records;
    assert_eq!(mine.len(), rounds + 1);
    assert_eq!(theirs.len(), mine.len());
    for (a, b) in mine.iter().zip(&theirs) {
        assert_eq!(a.opponent.as_deref(), Some("friend"));
        assert_eq!(b.opponent.as_deref(), Some("player"));
        let flipped = match a.result.map(dice_poker::history::Outcome::key) {
            Some("win") => "loss",
            Some("loss") => "win",
            Some("fold") => "opponent_fold",
            Some("opponent_fold") => "fold",
            other => other.unwrap_or_default(),
        };
        assert_eq!(
            b.result.map(dice_poker::history::Outcome::key),
            Some(flipped)
        );
        assert!(!b.throws.is_empty() && !b.decisions.is_empty());
    }
    let net = |rs: &[history::Record]| -> i64 {
        rs.iter()
            .map(|r| r.coins_out as i64 - r.coins_in as i64)
            .sum()
    };
    assert_eq!((net(&mine), net(&theirs)), (player, friend));
    // Leaving keeps the friend's coins in their own save.
    crate::support::leave_table(&mut app);
    app.update();
    dice_poker::game::profile::flush(app.world());
    let saved = dice_poker::game::profile::load(&dir.join(FRIEND_DIR).join("save.json"));
    assert_eq!(saved.coins, friend_before + friend);
}
