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
        (move |mut commands: Commands| {
            commands.queue(move |world: &mut World| rebuild_now(world, screen, spawn));
        })
        .run_if(in_state(screen).and_then(when))
        .in_set(AppSystems::Present),
    );
}

/// Builds `screen` again now, whole: its [`ScreenRoot`]s go and `spawn`
/// builds it afresh (for a screen that changes what it shows on a move of
/// its own, as the start screen turning a page).
pub fn rebuild_now<S, M: 'static>(world: &mut World, screen: Screen, spawn: S)
where
    S: IntoSystem<(), (), M> + Send + Sync + 'static,
{
    let mut roots = world.query::<(Entity, &ScreenRoot)>();
    let shown: Vec<Entity> = roots
        .iter(world)
        .filter(|(_, root)| root.0 == screen)
        .map(|(entity, _)| entity)
        .collect();
    for root in shown {
        world.entity_mut(root).despawn();
    }
    if let Err(error) = world.run_system_cached(spawn) {
        error!("the {screen:?} screen could not be built: {error}");
    }
}
