//! Holding dice: click a die or press 1–5 (left to right as seen) to keep it.
//! A held die is frozen in place, so rerolled dice cannot bump it.

use bevy::prelude::*;
use bevy_rapier3d::prelude::RigidBody;

use crate::dice::Die;
use crate::dice::look::DiceLook;
use crate::dice::tray::left_to_right;
use crate::rules::duel::Side;

use super::flow::GameTray;
use super::{Phase, Round};

/// Keys that toggle the dice, left to right as the player sees them.
pub const HOLD_KEYS: [KeyCode; 5] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
];

/// Toggle whether a die is held (from a click, a number key or the opponent).
#[derive(Event, Debug, Clone, Copy)]
pub struct ToggleHold {
    /// The die.
    pub die: Entity,
    /// Who asks; only a die's owner may hold it.
    pub by: Side,
}

impl ToggleHold {
    /// The player's click or key on `die`.
    pub fn player(die: Entity) -> ToggleHold {
        ToggleHold {
            die,
            by: Side::Player,
        }
    }
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
            commands.trigger(ToggleHold::player(die));
        });
}

/// Keys 1–5 toggle the player's own dice, left to right as seen.
fn read_hold_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    tray: Option<Res<GameTray>>,
    dice: Query<(Entity, &Die, &Transform)>,
) {
    let Some(tray) = tray else {
        return;
    };
    if !keys.any_just_pressed(HOLD_KEYS) {
        return;
    }
    let mine = dice.iter().filter(|(_, d, _)| d.tray == tray.0);
    let order = left_to_right(mine.map(|(e, _, tf)| (e, tf.translation)));
    for (key, die) in HOLD_KEYS.iter().zip(order) {
        if keys.just_pressed(*key) {
            commands.trigger(ToggleHold::player(die));
        }
    }
}

/// Freezes a held die (it keeps its place and face, and rerolled dice bounce
/// off it) or frees it, and colours it to match.
pub fn set_held(
    held: bool,
    body: &mut RigidBody,
    material: Option<Mut<MeshMaterial3d<StandardMaterial>>>,
    look: Option<&DiceLook>,
) {
    let want = if held {
        RigidBody::Fixed
    } else {
        RigidBody::Dynamic
    };
    if *body != want {
        *body = want;
    }
    if let (Some(look), Some(mut material)) = (look, material) {
        material.0 = if held {
            look.held.clone()
        } else {
            look.free.clone()
        };
    }
}

fn on_toggle_hold(
    toggle: On<ToggleHold>,
    phase: Option<Res<State<Phase>>>,
    mut round: ResMut<Round>,
    mut dice: Query<(&Die, &mut RigidBody)>,
    mut materials: Query<&mut MeshMaterial3d<StandardMaterial>>,
    look: Option<Res<DiceLook>>,
) {
    if toggle.by != Side::Player || phase.is_none_or(|p| *p.get() != Phase::Holding) {
        return;
    }
    let Ok((die, mut body)) = dice.get_mut(toggle.die) else {
        return;
    };
    let held = !round.held[die.slot];
    round.held[die.slot] = held;
    set_held(
        held,
        &mut body,
        materials.get_mut(toggle.die).ok(),
        look.as_deref(),
    );
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
