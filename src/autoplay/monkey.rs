//! The monkey: random keys, clicks and bets at random frames, as a careless
//! player would send them.

use bevy::prelude::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::game::table::Bet;
use crate::game::{Advance, Confirm, ToggleHold};
use crate::headless::{send, tap};
use crate::rules::duel::{BetAction, Side};

/// Chance per frame that the monkey does something.
pub const MONKEY_RATE: f64 = 0.2;

/// Keys the monkey presses: every key that plays (throw, stand, holds, hint,
/// win chance, bets) and one the game ignores (Q). Not Esc or Tab, which
/// leave the table, nor L, M, −, = and F3, which only change what is shown
/// or heard (the checks read the Japanese HUD).
pub(super) const MONKEY_KEYS: [KeyCode; 13] = [
    KeyCode::Space,
    KeyCode::Enter,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::KeyH,
    KeyCode::KeyW,
    KeyCode::KeyC,
    KeyCode::KeyR,
    KeyCode::KeyF,
    KeyCode::KeyQ,
];

/// One random key or click from the monkey.
pub(super) fn monkey(app: &mut App, rng: &mut ChaCha8Rng, dice: &[Entity]) {
    if !rng.random_bool(MONKEY_RATE) {
        return;
    }
    let choice = rng.random_range(0..5);
    if choice < 2 {
        let key = MONKEY_KEYS[rng.random_range(0..MONKEY_KEYS.len())];
        tap(app, key);
        return;
    }
    let world = app.world_mut();
    match choice {
        2 if !dice.is_empty() => {
            let die = dice[rng.random_range(0..dice.len())];
            send(world, ToggleHold::player(die));
        }
        3 => {
            if rng.random_bool(0.5) {
                send(world, Advance::PLAYER);
            } else {
                send(world, Confirm::PLAYER);
            }
        }
        _ => {
            let action = [
                BetAction::Check,
                BetAction::Raise,
                BetAction::Call,
                BetAction::Fold,
            ][rng.random_range(0..4)];
            send(
                world,
                Bet {
                    by: Side::Near,
                    action,
                },
            );
        }
    }
}
