//! Which dice are held, and the one place that pins and lets go of their
//! bodies: read dice are pinned until they are thrown again, held dice stay
//! pinned through a reroll, and a throw lets go of exactly the dice it throws.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_rapier3d::prelude::{RigidBody, Velocity};

use super::faces::turn_to_show;
use super::tray::{Die, Tray};
use crate::rules::hand::DICE;

/// A die its owner keeps for the next throw: a reroll leaves it where it is.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Held;

/// The dice's bodies, for pinning and letting go of them.
pub(super) type Bodies<'w, 's> =
    Query<'w, 's, (&'static mut RigidBody, &'static mut Velocity), With<Die>>;

/// Pins a read die: nothing can tip it over after the reading, and rerolled
/// dice bounce off it.
pub(super) fn freeze(bodies: &mut Bodies, die: Entity) {
    if let Ok((mut body, mut velocity)) = bodies.get_mut(die) {
        if *body != RigidBody::Fixed {
            *body = RigidBody::Fixed;
        }
        if *velocity != Velocity::zero() {
            *velocity = Velocity::zero();
        }
    }
}

/// Lets a die go with this push.
pub(super) fn release(bodies: &mut Bodies, die: Entity, push: Velocity) {
    if let Ok((mut body, mut velocity)) = bodies.get_mut(die) {
        if *body != RigidBody::Dynamic {
            *body = RigidBody::Dynamic;
        }
        *velocity = push;
    }
}

/// Keeps or frees a die, toggled when the command runs, so two toggles in one
/// frame cancel as two clicks would.
pub fn toggle_held(commands: &mut Commands, die: Entity) {
    commands.entity(die).queue(|mut entity: EntityWorldMut| {
        if entity.contains::<Held>() {
            entity.remove::<Held>();
        } else {
            entity.insert(Held);
        }
    });
}

/// Turns a resting die in place so that `face` is on top (a badge changed
/// it); the physics never sees it move, and the face is read as always.
pub fn show_face(commands: &mut Commands, die: Entity, face: u8) {
    commands
        .entity(die)
        .queue(move |mut entity: EntityWorldMut| {
            if let Some(mut tf) = entity.get_mut::<Transform>() {
                let turn = turn_to_show(tf.rotation, face);
                tf.rotation = (tf.rotation * turn).normalize();
            }
        });
}

/// Puts a resting die back as a cut-off game left it: `face` on top, pinned
/// as a read die is, and held or not.
pub fn place_showing(commands: &mut Commands, die: Entity, face: u8, held: bool) {
    show_face(commands, die, face);
    commands
        .entity(die)
        .queue(move |mut entity: EntityWorldMut| {
            if let Some(mut body) = entity.get_mut::<RigidBody>() {
                *body = RigidBody::Fixed;
            }
            if let Some(mut velocity) = entity.get_mut::<Velocity>() {
                *velocity = Velocity::zero();
            }
            if held {
                entity.insert(Held);
            } else {
                entity.remove::<Held>();
            }
        });
}

/// Lines a tray's resting dice up again as a cut-off game numbered them:
/// the die in slot `row[k]` takes the `k`-th place from the left among the
/// places the five stand on now, so a row reads in the same order as before.
pub fn line_up(commands: &mut Commands, tray: Entity, row: [usize; DICE]) {
    commands.queue(move |world: &mut World| {
        let Some(dice) = world.get::<Tray>(tray).map(|t| t.dice) else {
            return;
        };
        let mut places: Vec<Vec3> = dice
            .iter()
            .filter_map(|&die| world.get::<Transform>(die).map(|tf| tf.translation))
            .collect();
        if places.len() != DICE {
            return;
        }
        places.sort_by(|a, b| a.x.total_cmp(&b.x));
        for (place, slot) in places.into_iter().zip(row) {
            if let Some(mut tf) = dice
                .get(slot)
                .and_then(|&die| world.get_mut::<Transform>(die))
            {
                tf.translation = place;
            }
        }
    });
}

/// Frees every die of a tray (a new game, a new round).
pub fn clear_held(commands: &mut Commands, dice: &[Entity]) {
    for &die in dice {
        commands.entity(die).remove::<Held>();
    }
}

/// A tray's dice as the game asks about them: which are held, which are free.
#[derive(SystemParam)]
pub struct TrayDice<'w, 's> {
    trays: Query<'w, 's, &'static Tray>,
    held: Query<'w, 's, Has<Held>, With<Die>>,
}

impl TrayDice<'_, '_> {
    /// The tray's dice in slot order.
    pub fn dice(&self, tray: Entity) -> Option<[Entity; DICE]> {
        self.trays.get(tray).ok().map(|t| t.dice)
    }

    /// Which slots are held.
    pub fn held(&self, tray: Entity) -> [bool; DICE] {
        match self.dice(tray) {
            Some(dice) => dice.map(|d| self.held.get(d).unwrap_or(false)),
            None => [false; DICE],
        }
    }

    /// The dice a reroll throws: the ones not held, in slot order.
    pub fn free(&self, tray: Entity) -> Vec<Entity> {
        let held = self.held(tray);
        self.dice(tray)
            .map(|dice| (0..DICE).filter(|&s| !held[s]).map(|s| dice[s]).collect())
            .unwrap_or_default()
    }
}

/// A run condition: some die was held or let go of since the system last ran.
pub fn holds_changed(added: Query<(), Added<Held>>, mut removed: RemovedComponents<Held>) -> bool {
    // Read every removal, so the next frame starts from nothing.
    removed.read().count() > 0 || !added.is_empty()
}

/// Which slots of a tray are held, read straight from the world (tests, harness).
pub fn held_in(world: &World, tray: Entity) -> [bool; DICE] {
    match world.get::<Tray>(tray) {
        Some(t) => t.dice.map(|d| world.get::<Held>(d).is_some()),
        None => [false; DICE],
    }
}
