//! A tray's physics steps only while its dice fly: while its throw is not
//! under way its world is paused, so its inner state (the broad phase's tree, which
//! rebalances itself a little every step) is the same at every throw however
//! long the table waited for it. A throw then depends on the seed and the
//! game's moves alone, not on the frame rate, the game's speed or how long a
//! player thought.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use super::throw::{Rolling, Throws};
use super::tray::Tray;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        FixedUpdate,
        step_only_while_dice_fly
            .after(Throws)
            .before(PhysicsSet::SyncBackend),
    );
}

/// Runs a tray's physics world exactly while its dice roll. Changes made
/// meanwhile (a throw's new poses, pinned dice) still reach the engine's
/// bodies; only the step waits.
fn step_only_while_dice_fly(
    mut trays: Query<(&mut RapierConfiguration, Has<Rolling>), With<Tray>>,
) {
    for (mut config, fly) in &mut trays {
        if config.physics_pipeline_active != fly {
            config.physics_pipeline_active = fly;
        }
    }
}
