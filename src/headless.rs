//! The game without a window, for the simulator, autoplay and the tests: the
//! same plugins on a manual fixed clock, seeded, stepped frame by frame, with
//! helpers that press keys, click things and read the HUD as a player would.

use std::path::PathBuf;
use std::time::Duration;

use bevy::app::{TaskPoolOptions, TaskPoolThreadAssignmentPolicy};
use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::transform::systems::StaticTransformOptimizations;

use crate::dice::{self, Tray};
use crate::game::duel::{Minds, Table};
use crate::game::profile::Wallet;
use crate::game::table::Pace;
use crate::game::{Choice, Launch, Phase};
use crate::third_party::rapier::{self, STEP};

/// Frames a new game app may take to come up (the opponents' minds are
/// solved on a worker meanwhile).
const START_FRAMES: usize = 10_000;

/// Task pools for a headless run: one compute thread, so the few systems
/// that split work over Bevy's compute pool (transform propagation) have
/// little to hand out and few threads to wake every frame. (None at all is
/// not allowed: parallel queries divide their work by the thread count.)
/// The async pool keeps its thread for the opponents' start-up solve.
fn headless_pools() -> TaskPoolOptions {
    TaskPoolOptions {
        compute: TaskPoolThreadAssignmentPolicy {
            min_threads: 1,
            max_threads: 1,
            percent: 0.0,
            on_thread_spawn: None,
            on_thread_destroy: None,
        },
        ..default()
    }
}

/// A headless app with the physics and dice plugins and a manual fixed clock.
pub fn physics_app() -> App {
    let mut app = App::new();
    // The pools are made here rather than by `TaskPoolPlugin`, whose
    // per-frame tick of the main thread's executors has nothing to run here.
    headless_pools().create_default_pools();
    app.add_plugins((
        MinimalPlugins.build().disable::<TaskPoolPlugin>(),
        TransformPlugin,
        rapier::plugin,
        dice::plugin,
    ));
    // The static-scene bookkeeping hands work to the compute pool every
    // frame; a headless table moves nearly everything each frame anyway.
    app.insert_resource(StaticTransformOptimizations::Disabled);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    app
}

/// Runs every schedule on the calling thread: with a handful of systems the
/// multi-threaded executor costs far more than it saves.
pub fn single_threaded(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

/// How a headless game is set up: the one [`Launch`] a window would start
/// with (nothing saved unless a folder is given; the stake of a cut-off game
/// given back unless told), and what only a headless game sets.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// What the run starts with.
    pub launch: Launch,
    /// How the computer's pauses are scaled (0: none).
    pub pace: f32,
    /// Coins to start with instead of the saved balance.
    pub coins: Option<i64>,
}

impl GameSetup {
    /// The solo game with `seed`, nothing saved, people's pace.
    pub fn solo(seed: u64) -> GameSetup {
        GameSetup {
            launch: Launch {
                seed: Some(seed),
                opening: Some(Choice::Solo),
                ..Launch::default()
            },
            pace: 1.0,
            coins: None,
        }
    }

    /// A duel against opponent `opponent` with `seed`.
    pub fn duel(seed: u64, opponent: usize) -> GameSetup {
        GameSetup::solo(seed).opening(Some(Choice::Duel(opponent)))
    }

    /// Opens a table of several with these seats (`you,hard,easy`; seats
    /// that make no table leave the last chosen).
    pub fn table(mut self, seats: &str) -> GameSetup {
        self.launch.opening = Some(Choice::Seated);
        self.launch.table = crate::game::profile::PartySeats::parse(seats).ok();
        self
    }

    /// Opens this (`None`: the start screen).
    pub fn opening(mut self, opening: Option<Choice>) -> GameSetup {
        self.launch.opening = opening;
        self
    }

    /// Keeps the save and the history in `dir`.
    pub fn saved_in(mut self, dir: impl Into<PathBuf>) -> GameSetup {
        self.launch.data_dir = Some(dir.into());
        self
    }

    /// The computer plays the player's seat too (when `auto`).
    pub fn auto(mut self, auto: bool) -> GameSetup {
        self.launch.auto = auto;
        self
    }

    /// Scales the computer's pauses (0: none).
    pub fn pace(mut self, pace: f32) -> GameSetup {
        self.pace = pace;
        self
    }

    /// Starts with `coins` instead of the saved balance.
    pub fn coins(mut self, coins: i64) -> GameSetup {
        self.coins = Some(coins);
        self
    }

    /// Plays the daily challenge of `day`.
    pub fn daily(mut self, day: crate::rules::daily::Day) -> GameSetup {
        self.launch.opening = Some(Choice::Daily);
        self.launch.daily_date = Some(day);
        self
    }

    /// Hosts or joins a network match from the lobby at once.
    pub fn net(mut self, net: crate::net::seat::NetStart) -> GameSetup {
        self.launch.opening = Some(Choice::Lobby);
        self.launch.net = Some(net);
        self
    }

    /// The solo game's tray holds these dice, by slot.
    pub fn dice(
        mut self,
        kinds: [crate::rules::kinds::DieKind; crate::rules::hand::DICE],
    ) -> GameSetup {
        self.launch.dice = Some(kinds);
        self
    }

    /// A cut-off solo game comes back where it was, as in the window.
    pub fn resume(mut self) -> GameSetup {
        self.launch.resume_cut_off = true;
        self
    }
}

/// The game's logic, screens and HUDs, headless, up and ready for the first move (in a
/// duel or on the start screen, the opponents' minds solved): the game's
/// plugins, with keyboard input through Bevy's own input system.
pub fn game_app(setup: &GameSetup) -> App {
    game_app_with(setup, |_| {})
}

/// [`game_app`] with `more` added before the game's plugins (a layout of the
/// HUD, say).
pub fn game_app_with(setup: &GameSetup, more: impl FnOnce(&mut App)) -> App {
    let mut app = physics_app();
    more(&mut app);
    app.add_plugins((StatesPlugin, bevy::input::InputPlugin));
    crate::game::launch(&mut app, setup.launch.clone());
    app.insert_resource(Pace(setup.pace));
    if let Some(coins) = setup.coins {
        // After the save is loaded, before the first move.
        app.add_systems(Startup, move |mut wallet: ResMut<Wallet>| {
            wallet.coins = coins
        });
    }
    app.add_plugins(crate::game::plugin);
    app.finish();
    app.cleanup();
    single_threaded(&mut app);
    for _ in 0..START_FRAMES {
        app.update();
        let world = app.world();
        let ready = match setup.launch.opening {
            Some(Choice::Solo | Choice::Daily | Choice::Guide) => {
                world.contains_resource::<State<Phase>>()
            }
            Some(Choice::Duel(_) | Choice::Career(_) | Choice::Practice(_) | Choice::Friend) => {
                world.contains_resource::<Minds>() && world.contains_resource::<Table>()
            }
            Some(Choice::Seated) => world.contains_resource::<crate::game::party::Party>(),
            None
            | Some(
                Choice::Ladder | Choice::Settings | Choice::Lobby | Choice::Net | Choice::Party,
            ) => world.contains_resource::<Minds>(),
        };
        if ready {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    app
}

/// Presses and releases `key` within the next frame, through Bevy's keyboard
/// input, as a quick tap on a real keyboard arrives. Needs `InputPlugin`.
pub fn tap(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
}

/// Connects a gamepad as a device backend would, and runs a frame so it has
/// its `Gamepad`. Needs `InputPlugin`.
pub fn connect_pad(app: &mut App) -> Entity {
    let pad = plug_pad(app.world_mut());
    app.update();
    pad
}

/// Plugs a gamepad in as a device backend would: its entity, which has a
/// `Gamepad` once the next frame has run.
pub fn plug_pad(world: &mut World) -> Entity {
    let pad = world.spawn_empty().id();
    world.write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Connected {
            name: "headless pad".to_owned(),
            vendor_id: None,
            product_id: None,
        },
    ));
    pad
}

/// Presses and releases `button` on `pad` within the next frame, through
/// Bevy's gamepad input, as a backend reports a quick press.
pub fn tap_pad(app: &mut App, pad: Entity, button: GamepadButton) {
    for value in [1.0, 0.0] {
        app.world_mut()
            .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                pad, button, value,
            )));
    }
}

/// Where the headless pointer is: nowhere on any screen.
fn nowhere() -> Location {
    Location {
        target: NormalizedRenderTarget::None {
            width: 1,
            height: 1,
        },
        position: Vec2::ZERO,
    }
}

fn no_hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 0.0, None, None)
}

/// A primary click on `entity`, as picking delivers one: whatever observes
/// the entity's clicks (a die, a button) acts on it now.
pub fn click(app: &mut App, entity: Entity) {
    let click = bevy::picking::events::Click {
        button: PointerButton::Primary,
        hit: no_hit(),
        duration: Duration::ZERO,
        count: 1,
    };
    app.world_mut()
        .trigger(Pointer::new(PointerId::Mouse, nowhere(), click, entity));
}

/// The mouse pointer over `entity`: `moving` as a hand moves it there, or
/// resting where `entity` has just appeared under it (what picking tells
/// when a row opens beneath a pointer that did not move).
pub fn point_at(app: &mut App, entity: Entity, moving: bool) {
    let world = app.world_mut();
    world.trigger(Pointer::new(
        PointerId::Mouse,
        nowhere(),
        bevy::picking::events::Over { hit: no_hit() },
        entity,
    ));
    if moving {
        world.trigger(Pointer::new(
            PointerId::Mouse,
            nowhere(),
            bevy::picking::events::Move {
                hit: no_hit(),
                delta: Vec2::new(3.0, 0.0),
            },
            entity,
        ));
    }
    world.flush();
}

/// Sends `event` as a seat does: its observers run now, and whatever they
/// queued (a die's hold, say) is applied before the next event is sent.
/// (`World::trigger` alone leaves that queued until the next frame.)
pub fn send<'a, E: Event<Trigger<'a>: Default>>(world: &mut World, event: E) {
    world.trigger(event);
    world.flush();
}

/// The text of a HUD role, if it is on screen.
pub fn text_of<R: Component + PartialEq>(world: &mut World, role: R) -> Option<String> {
    let mut q = world.query::<(&R, &Text)>();
    q.iter(world)
        .find(|(r, _)| **r == role)
        .map(|(_, t)| crate::game::theme::phrases::said(t))
}

/// The dice of a tray in slot order.
pub fn tray_dice(world: &World, tray: Entity) -> Vec<Entity> {
    world
        .get::<Tray>(tray)
        .map(|t| t.dice.to_vec())
        .unwrap_or_default()
}

/// The player's coins now.
pub fn coins(world: &World) -> i64 {
    world.resource::<Wallet>().coins
}
