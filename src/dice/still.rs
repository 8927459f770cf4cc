//! The physics steps only while dice fly: while no tray's throw is under way
//! the engine is paused, so its inner state (the broad phase's tree, which
//! rebalances itself a little every step) is the same at every throw however
//! long the table waited for it. A throw then depends on the seed and the
//! game's moves alone, not on the frame rate, the game's speed or how long a
//! player thought.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use super::throw::Rolling;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        FixedUpdate,
        step_only_while_dice_fly.before(PhysicsSet::SyncBackend),
    );
}

/// Runs the physics pipeline exactly while some tray is rolling. Changes made
/// meanwhile (a throw's new poses, pinned dice) still reach the engine's
/// bodies; only the step waits.
fn step_only_while_dice_fly(
    rolling: Query<(), With<Rolling>>,
    mut configs: Query<&mut RapierConfiguration>,
) {
    let fly = !rolling.is_empty();
    for mut config in &mut configs {
        if config.physics_pipeline_active != fly {
            config.physics_pipeline_active = fly;
        }
    }
}
