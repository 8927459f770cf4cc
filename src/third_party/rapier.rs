//! Physics setup: Rapier in `FixedUpdate` with a fixed step, so a seed gives the same throw.

use std::time::Duration;

use bevy::prelude::*;
use bevy::transform::systems::{mark_dirty_trees, propagate_parent_transforms};
use bevy_rapier3d::prelude::*;

/// Physics steps per simulated second.
pub const STEPS_PER_SECOND: u32 = 60;
/// One physics step.
pub const STEP: Duration = Duration::from_nanos(1_000_000_000 / STEPS_PER_SECOND as u64);
/// Solver iterations per step: five loose dice never stack, so fewer than
/// Rapier's default of 4 keep contacts steady at less cost.
pub const SOLVER_ITERATIONS: usize = 2;
/// Metres per world unit: a die is one unit, 2.5 cm.
pub const METRES_PER_UNIT: f32 = 0.025;
/// Earth's gravity in world units per second squared.
pub const GRAVITY: f32 = 9.81 / METRES_PER_UNIT;

/// Adds Rapier in the fixed schedule with our world's step. There is no
/// shared physics world: every tray is one of its own ([`own_world`]).
pub fn plugin(app: &mut App) {
    let dt = STEP.as_secs_f32();
    app.insert_resource(Time::<Fixed>::from_duration(STEP))
        .insert_resource(TimestepMode::Fixed { dt, substeps: 1 })
        .add_plugins(
            RapierPhysicsPlugin::<NoUserData>::default()
                .in_fixed_schedule()
                .with_custom_initialization(RapierContextInitialization::NoAutomaticRapierContext),
        );
    // bevy_rapier re-propagates transforms before each step, but without
    // marking changed hierarchies first, so a teleported die that has its skin as
    // children would keep its old global transform and snap back.
    app.add_systems(
        FixedUpdate,
        mark_dirty_trees
            .in_set(RapierTransformPropagateSet)
            .before(propagate_parent_transforms),
    );
}

/// A physics world of its own, for the entity it is added to: our gravity,
/// step and solver, nothing in it yet. Bodies join it through a
/// [`RapierContextEntityLink`] to that entity.
pub fn own_world() -> impl Bundle {
    let mut simulation = RapierContextSimulation::default();
    simulation.integration_parameters = bevy_rapier3d::rapier::dynamics::IntegrationParameters {
        dt: STEP.as_secs_f32(),
        num_solver_iterations: SOLVER_ITERATIONS,
        ..default()
    };
    (
        simulation,
        RapierConfiguration {
            gravity: Vec3::NEG_Y * GRAVITY,
            ..RapierConfiguration::new(1.0)
        },
    )
}
