//! Holding dice: click a die or press 1–5 (left to right as seen) to keep it.
//! A held die is frozen in place, so rerolled dice cannot bump it.

use bevy::prelude::*;
use bevy_rapier3d::prelude::RigidBody;

use crate::dice::Die;
use crate::dice::look::DiceLook;
use crate::dice::tray::left_to_right;

use super::{Phase, Round};

/// Keys that toggle the dice, left to right as the player sees them.
pub const HOLD_KEYS: [KeyCode; 5] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
];

/// Toggle whether a die is held (from a click or a number key).
#[derive(Event, Debug, Clone, Copy)]
pub struct ToggleHold {
    /// The die.
    pub die: Entity,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(make_die_clickable)
        .add_observer(on_toggle_hold);
    app.add_systems(Update, read_hold_keys);
}

/// Every die toggles its hold when clicked.
fn make_die_clickable(add: On<Add, Die>, mut commands: Commands) {
    let die = add.entity;
    commands
        .entity(die)
        .observe(move |_: On<Pointer<Click>>, mut commands: Commands| {
            commands.trigger(ToggleHold { die });
        });
}

fn read_hold_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    dice: Query<(Entity, &Transform), With<Die>>,
) {
    if !keys.any_just_pressed(HOLD_KEYS) {
        return;
    }
    let order = left_to_right(dice.iter().map(|(e, tf)| (e, tf.translation)));
    for (key, die) in HOLD_KEYS.iter().zip(order) {
        if keys.just_pressed(*key) {
            commands.trigger(ToggleHold { die });
        }
    }
}

fn on_toggle_hold(
    toggle: On<ToggleHold>,
    phase: Res<State<Phase>>,
    mut round: ResMut<Round>,
    mut dice: Query<(&Die, &mut RigidBody)>,
    mut materials: Query<&mut MeshMaterial3d<StandardMaterial>>,
    look: Option<Res<DiceLook>>,
) {
    if *phase.get() != Phase::Holding {
        return;
    }
    let Ok((die, mut body)) = dice.get_mut(toggle.die) else {
        return;
    };
    let held = !round.held[die.slot];
    round.held[die.slot] = held;
    // Fixed: it keeps its place and face, and rerolled dice bounce off it.
    *body = if held {
        RigidBody::Fixed
    } else {
        RigidBody::Dynamic
    };
    if let (Some(look), Ok(mut material)) = (look, materials.get_mut(toggle.die)) {
        material.0 = if held {
            look.held.clone()
        } else {
            look.free.clone()
        };
    }
}

/// Puts every die's colour back to free (a new game).
pub fn unmark_all(
    look: Option<Res<DiceLook>>,
    mut materials: Query<&mut MeshMaterial3d<StandardMaterial>, With<Die>>,
) {
    if let Some(look) = look {
        for mut m in &mut materials {
            m.0 = look.free.clone();
        }
    }
}
