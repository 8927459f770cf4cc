//! Holding dice: click a die or press its number (1–5) to keep it, or on a
//! gamepad move the cursor along the dice with the d-pad and press X.
//! The tray keeps which dice are held ([`crate::dice::Held`]); the solo game
//! allows a toggle while the hand is shown, a duel's referee on the owner's turn.

use bevy::prelude::*;

use crate::keymap::pad::{MENU_LEFT, MENU_RIGHT};
use crate::keymap::{Action, Controls, PadAction};

use super::moves::FIRST_SEAT;
use crate::dice::{Die, Tray, toggle_held};

use super::AppSystems;
use super::moves::ToggleHold;
use super::numbers::DiceOrder;
use super::seat::Hands;
use crate::game::{GameTray, Phase, phase_for_input};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(make_die_clickable)
        .add_observer(on_toggle_hold);
    app.init_resource::<PadCursor>();
    app.add_systems(
        Update,
        (read_hold_keys, read_pad_cursor).in_set(AppSystems::Input),
    );
}

/// The gamepad's cursor over the dice of the side at the keyboard: the tray
/// it is over (none until the pad moves it or holds with it: no cursor shows
/// for a player without a pad) and the number it is on (0–4, left to right).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PadCursor {
    /// The tray whose dice it walks, once the pad has been used.
    pub tray: Option<Entity>,
    /// The die's place in number order.
    pub at: usize,
}

/// The d-pad's ← → move the cursor (wrapping round); the hold button keeps
/// or lets go of the die under it.
fn read_pad_cursor(
    controls: Controls,
    mut cursor: ResMut<PadCursor>,
    mut commands: Commands,
    hands: Res<Hands>,
    tray: Option<Res<GameTray>>,
    trays: Query<&Tray>,
    order: DiceOrder,
) {
    let step =
        i32::from(controls.pad_button(MENU_RIGHT)) - i32::from(controls.pad_button(MENU_LEFT));
    let hold = controls.pad(PadAction::HoldAtCursor);
    if step == 0 && !hold {
        return;
    }
    let Some(tray) = hands.tray(tray.as_deref()) else {
        return;
    };
    let Ok(dice) = trays.get(tray).map(|t| t.dice) else {
        return;
    };
    let slots = order.slots(tray);
    let count = slots.len().max(1) as i32;
    let at = if cursor.tray == Some(tray) {
        (cursor.at as i32 + step).rem_euclid(count) as usize
    } else {
        // The first touch shows the cursor where it stands, on the first die.
        0
    };
    let moved = PadCursor {
        tray: Some(tray),
        at,
    };
    cursor.set_if_neq(moved);
    if hold && let Some(&slot) = slots.get(at) {
        commands.trigger(ToggleHold {
            die: dice[slot],
            by: hands.seat,
        });
    }
}

/// Every die toggles its hold when clicked.
fn make_die_clickable(add: On<Add, Die>, mut commands: Commands) {
    let die = add.entity;
    commands.entity(die).observe(
        move |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(ToggleHold {
                die,
                by: hands.seat,
            });
        },
    );
}

/// Keys 1–5 toggle the dice of the side at the keyboard by their numbers
/// (left to right as the first throw landed; the far tray faces the camera
/// too, so its order reads the same).
fn read_hold_keys(
    controls: Controls,
    mut commands: Commands,
    hands: Res<Hands>,
    tray: Option<Res<GameTray>>,
    trays: Query<&Tray>,
    order: DiceOrder,
) {
    let Some(tray) = hands.tray(tray.as_deref()) else {
        return;
    };
    let keys_down: Vec<bool> = (0..5)
        .map(|i| controls.just_pressed(Action::Hold(i)))
        .collect();
    if !keys_down.contains(&true) {
        return;
    }
    let Ok(dice) = trays.get(tray).map(|t| t.dice) else {
        return;
    };
    let numbered = order.slots(tray).into_iter().map(|slot| dice[slot]);
    for (down, die) in keys_down.into_iter().zip(numbered) {
        if down {
            commands.trigger(ToggleHold {
                die,
                by: hands.seat,
            });
        }
    }
}

fn on_toggle_hold(
    toggle: On<ToggleHold>,
    phase: Option<Res<State<Phase>>>,
    next: Res<NextState<Phase>>,
    mut commands: Commands,
    tray: Option<Res<GameTray>>,
    dice: Query<&Die>,
) {
    if toggle.by != FIRST_SEAT || phase_for_input(phase.as_deref(), &next) != Some(Phase::Holding) {
        return;
    }
    if dice
        .get(toggle.die)
        .is_ok_and(|d| tray.is_some_and(|t| t.0 == d.tray))
    {
        toggle_held(&mut commands, toggle.die);
    }
}
