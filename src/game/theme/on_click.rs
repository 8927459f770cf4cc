//! What a click on a widget does, carried by the widget itself: a button or a
//! row is spawned with its [`OnClick`], as it is with its words, and one
//! observer runs it. Nothing is wired later where the widget is added, and a
//! widget spawned anywhere does what it says.

use std::sync::Arc;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(run_on_click);
}

/// What a click on this entity does: usually the event its key triggers, so
/// a click and a key are one move.
#[derive(Component, Clone)]
pub struct OnClick(Arc<dyn Fn(&mut World) + Send + Sync>);

impl OnClick {
    /// A click triggers `event`.
    pub fn trigger<E>(event: E) -> OnClick
    where
        E: Event + Clone + Send + Sync,
        for<'a> E::Trigger<'a>: Default,
    {
        OnClick(Arc::new(move |world| world.trigger(event.clone())))
    }

    /// A click runs `does` on the world: for an action that depends on the
    /// moment (whose hands are at the keys, which overlay is open).
    pub fn with(does: impl Fn(&mut World) + Send + Sync + 'static) -> OnClick {
        OnClick(Arc::new(does))
    }

    /// Does it now, as a click would.
    pub fn run(&self, world: &mut World) {
        (self.0)(world)
    }
}

/// A click on a widget that carries an action runs it, once: the click goes
/// no further up, so a row inside a clickable panel does not click the panel.
fn run_on_click(mut click: On<Pointer<Click>>, actions: Query<&OnClick>, mut commands: Commands) {
    let Ok(action) = actions.get(click.entity).cloned() else {
        return;
    };
    click.propagate(false);
    commands.queue(move |world: &mut World| action.run(world));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::backend::HitData;
    use bevy::picking::pointer::{Location, PointerButton, PointerId};

    #[derive(Event, Clone)]
    struct Rang(u32);

    #[derive(Resource, Default)]
    struct Heard(Vec<u32>);

    fn click(world: &mut World, on: Entity) {
        let location = Location {
            target: NormalizedRenderTarget::None {
                width: 1,
                height: 1,
            },
            position: Vec2::ZERO,
        };
        let hit = HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
        world.trigger(Pointer::new(
            PointerId::Mouse,
            location,
            Click {
                button: PointerButton::Primary,
                hit,
                duration: std::time::Duration::ZERO,
                count: 1,
            },
            on,
        ));
        world.flush();
    }

    #[test]
    fn a_click_runs_the_action_its_widget_carries_once_even_inside_another() {
        let mut app = App::new();
        app.init_resource::<Heard>().add_plugins(plugin);
        app.add_observer(|rang: On<Rang>, mut heard: ResMut<Heard>| heard.0.push(rang.0));
        let world = app.world_mut();
        // A click climbs through parents by a query that names the window,
        // as it does in a game with one.
        world.register_component::<Window>();
        let outer = world.spawn(OnClick::trigger(Rang(1))).id();
        let inner = world
            .spawn((ChildOf(outer), OnClick::with(|w| w.trigger(Rang(2)))))
            .id();
        let plain = world.spawn(ChildOf(outer)).id();
        click(world, inner);
        click(world, plain);
        click(world, outer);
        assert_eq!(world.resource::<Heard>().0, [2, 1, 1]);
    }
}
