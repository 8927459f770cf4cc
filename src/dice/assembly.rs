//! A tray is a physics world of its own, and its bodies join it one a step.
//!
//! The engine lists bodies and shapes in the order they were added, and sums
//! their contacts in that order; a throw is chaotic enough for the last bit
//! to matter. Added together, bodies come in the order the ECS happens to
//! list them, which follows what else the app holds (in Bevy a resource is an
//! entity, and one more reorders how queries visit what was spawned before
//! them). So every tray owns its world, which no other tray's bodies enter or
//! leave, and its floor, lid, walls and dice join it one per physics step in
//! a fixed order: the same tray is the same world in every app.
//!
//! A throw asked of a tray not yet whole waits for it
//! ([`super::throw::WaitingThrows`]).

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use super::tray::{PARTS, Tray};
use crate::rules::hand::DICE;

/// The order a tray's bodies join its world, and how many have.
#[derive(Component, Debug, Clone)]
pub struct Assembly {
    /// Floor, lid, walls, then the dice by slot.
    order: [Entity; PARTS + DICE],
    /// Bodies that have joined so far.
    joined: usize,
}

impl Assembly {
    /// The order for a tray's parts and dice.
    fn new(parts: [Entity; PARTS], dice: [Entity; DICE]) -> Assembly {
        let mut order = [Entity::PLACEHOLDER; PARTS + DICE];
        order[..PARTS].copy_from_slice(&parts);
        order[PARTS..].copy_from_slice(&dice);
        Assembly { order, joined: 0 }
    }
}

/// A tray whose every part and die is in its world (and can be thrown).
#[derive(Component, Debug, Clone, Copy)]
pub struct Assembled;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(start_assembly);
    app.add_systems(FixedUpdate, add_next_body.before(PhysicsSet::SyncBackend));
}

/// A new tray's bodies join its world in the order it lists them.
fn start_assembly(add: On<Add, Tray>, trays: Query<&Tray>, mut commands: Commands) {
    if let Ok(tray) = trays.get(add.entity) {
        commands
            .entity(add.entity)
            .insert(Assembly::new(tray.parts, tray.dice));
    }
}

/// Lets a tray's next body join its world once the one before it is in; the
/// engine's sync, later in the same step, adds it.
pub(super) fn add_next_body(
    mut commands: Commands,
    mut trays: Query<(Entity, &mut Assembly), Without<Assembled>>,
    handles: Query<(), With<RapierRigidBodyHandle>>,
) {
    for (tray, mut assembly) in &mut trays {
        if assembly.joined > 0 && !handles.contains(assembly.order[assembly.joined - 1]) {
            continue;
        }
        if assembly.joined == assembly.order.len() {
            commands.entity(tray).insert(Assembled);
            continue;
        }
        let next = assembly.order[assembly.joined];
        commands.entity(next).insert(RapierContextEntityLink(tray));
        assembly.joined += 1;
    }
}
