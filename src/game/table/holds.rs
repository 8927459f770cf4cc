//! Holding dice: click a die or press its number (1–5) to keep it.
//! The tray keeps which dice are held ([`crate::dice::Held`]); the solo game
//! allows a toggle while the hand is shown, a duel's referee on the owner's turn.

use bevy::prelude::*;

use crate::keymap::{Action, KeyMap};

use crate::dice::{Die, Tray, toggle_held};
use crate::rules::duel::Side;

use super::AppSystems;
use super::moves::ToggleHold;
use super::numbers::DiceOrder;
use super::seat::Hands;
use crate::game::{GameTray, Phase, phase_for_input};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(make_die_clickable)
        .add_observer(on_toggle_hold);
    app.add_systems(Update, read_hold_keys.in_set(AppSystems::Input));
}

/// Every die toggles its hold when clicked.
fn make_die_clickable(add: On<Add, Die>, mut commands: Commands) {
    let die = add.entity;
    commands.entity(die).observe(
        move |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(ToggleHold {
                die,
                by: hands.side,
            });
        },
    );
}

/// Keys 1–5 toggle the dice of the side at the keyboard by their numbers
/// (left to right as the first throw landed; the far tray faces the camera
/// too, so its order reads the same).
fn read_hold_keys(
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
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
        .map(|i| map.just_pressed(&keys, Action::Hold(i)))
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
                by: hands.side,
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
    if toggle.by != Side::Near || phase_for_input(phase.as_deref(), &next) != Some(Phase::Holding) {
        return;
    }
    if dice
        .get(toggle.die)
        .is_ok_and(|d| tray.is_some_and(|t| t.0 == d.tray))
    {
        toggle_held(&mut commands, toggle.die);
    }
}
