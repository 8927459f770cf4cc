//! The kinds of dice ([`DieKind`]) on the table: a die's [`Kind`], set on
//! it, makes its body ([`super::body`]); a die without one is fair. Each is
//! thrown, settled, nudged and read exactly as a fair die: only its body
//! differs, so what it shows is whatever the physics makes of it.

use bevy::prelude::*;

use crate::rules::kinds::DieKind;

use super::body::{mass_of, shape_of};
use super::tray::Die;

/// A die's kind, on the die: its body is made for it when it is set.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kind(pub DieKind);

pub(super) fn plugin(app: &mut App) {
    app.add_observer(make_body);
}

/// A die's kind set: its shape and mass follow.
fn make_body(set: On<Insert, Kind>, dice: Query<&Kind, With<Die>>, mut commands: Commands) {
    if let Ok(&Kind(kind)) = dice.get(set.entity) {
        commands
            .entity(set.entity)
            .insert((shape_of(kind), mass_of(kind)));
    }
}

/// The dice of a tray, each with its kind (none: fair), to lay kinds on.
pub type KindedDice<'w, 's> = Query<'w, 's, (Entity, &'static Die, Option<&'static Kind>)>;

/// Gives each die of `tray` the kind `kinds` names for its slot, where it
/// has another (its body follows).
pub fn lay_kinds(
    commands: &mut Commands,
    dice: &KindedDice,
    tray: Entity,
    kinds: impl Fn(usize) -> DieKind,
) {
    for (entity, die, kind) in dice.iter().filter(|(_, d, _)| d.tray == tray) {
        let wanted = kinds(die.slot);
        if kind.map_or(DieKind::Fair, |k| k.0) != wanted {
            commands.entity(entity).insert(Kind(wanted));
        }
    }
}
