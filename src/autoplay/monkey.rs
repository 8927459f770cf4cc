//! The monkey: random keys, pad buttons, clicks and bets at random frames,
//! as a careless player would send them.

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::game::table::Bet;
use crate::game::table::Hands;
use crate::game::{Advance, Confirm, ToggleHold};
use crate::headless::{plug_pad, send, tap, tap_pad};
use crate::rules::duel::BetAction;

/// Chance per frame that the monkey does something.
pub const MONKEY_RATE: f64 = 0.2;

/// Keys the monkey presses: every key that plays (throw, stand, holds, hint,
/// win chance, bets, an accusation) and one the game ignores (Q). Not Esc or Tab, which
/// leave the table, nor L, M, −, = and F3, which only change what is shown
/// or heard (the checks read the Japanese HUD).
pub(super) const MONKEY_KEYS: [KeyCode; 14] = [
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
    KeyCode::KeyA,
    KeyCode::KeyQ,
];

/// Pad buttons the monkey presses: every button that plays by default
/// (throw, stand, the cursor and its hold, hint, win chance, bets) and one
/// the game ignores (C). Not Start or B, which leave the table, nor Guide
/// and L3, which open the records or change the speed.
pub(super) const MONKEY_BUTTONS: [GamepadButton; 12] = [
    GamepadButton::South,
    GamepadButton::North,
    GamepadButton::West,
    GamepadButton::DPadLeft,
    GamepadButton::DPadRight,
    GamepadButton::Select,
    GamepadButton::RightThumb,
    GamepadButton::RightTrigger,
    GamepadButton::RightTrigger2,
    GamepadButton::LeftTrigger2,
    GamepadButton::LeftTrigger,
    GamepadButton::C,
];

/// One random key, button or click from the monkey.
pub(super) fn monkey(app: &mut App, rng: &mut ChaCha8Rng, dice: &[Entity]) {
    if !rng.random_bool(MONKEY_RATE) {
        return;
    }
    let choice = rng.random_range(0..6);
    if choice < 2 {
        let key = MONKEY_KEYS[rng.random_range(0..MONKEY_KEYS.len())];
        tap(app, key);
        return;
    }
    if choice == 5 {
        let world = app.world_mut();
        let pad = world
            .query_filtered::<Entity, With<Gamepad>>()
            .iter(world)
            .next();
        match pad {
            Some(pad) => {
                let button = MONKEY_BUTTONS[rng.random_range(0..MONKEY_BUTTONS.len())];
                tap_pad(app, pad, button);
            }
            // The pad is plugged in on the first try; it presses from the next.
            None => {
                plug_pad(world);
            }
        }
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
                    by: world.resource::<Hands>().seat,
                    action,
                },
            );
        }
    }
}
