//! A screen built whole by one system, and built again when what it shows
//! changes (the language on every screen; the career on the ladder).

use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;

use crate::game::{AppSystems, Screen};

/// The root of a screen that [`rebuild_screen`] builds: everything under it
/// goes when the screen is rebuilt (or left).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(Node)]
pub struct ScreenRoot(pub Screen);

/// Builds `screen` with `spawn` on entering it, and again, whole, whenever
/// `when` holds while it is up. `spawn` puts a [`ScreenRoot`] on its root.
pub fn rebuild_screen<S, M: 'static, C, CM>(app: &mut App, screen: Screen, spawn: S, when: C)
where
    S: IntoSystem<(), (), M> + Copy + Send + Sync + 'static,
    C: SystemCondition<CM>,
{
    app.add_systems(OnEnter(screen), spawn);
    app.add_systems(
        Update,
        (move |mut commands: Commands, roots: Query<(Entity, &ScreenRoot)>| {
            for (root, of) in &roots {
                if of.0 == screen {
                    commands.entity(root).despawn();
                }
            }
            commands.run_system_cached(spawn);
        })
        .run_if(in_state(screen).and_then(when))
        .in_set(AppSystems::Present),
    );
}
