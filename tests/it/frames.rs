//! The window draws only while something moves: the game's own decision,
//! headless (the window's loop follows [`WinitSettings`]); and the still
//! room is painted without holding a frame up.

use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowResized};
use bevy::winit::{UpdateMode, WinitSettings};

use dice_poker::game::Phase;
use dice_poker::game::duel::Solving;
use dice_poker::game::presentation::backdrop::{self, Painting};
use dice_poker::game::presentation::redraw::{self, Frames, IDLE_WAIT, TAIL_FRAMES};
use dice_poker::headless::{GameSetup, game_app_with};

use crate::support::{phase, press};

/// Most frames the opponents' minds may take to be solved.
const START_FRAMES: usize = 10_000;

/// A game with the window's choice of frames, headless.
fn app(setup: &GameSetup) -> App {
    game_app_with(setup, |app| {
        // What the window's plugins would register.
        app.add_message::<CursorMoved>()
            .add_message::<WindowResized>();
        app.add_plugins(redraw::plugin);
    })
}

fn frames(app: &App) -> Frames {
    *app.world().resource::<Frames>()
}

fn runs(app: &mut App, n: u32) {
    for _ in 0..n {
        app.update();
    }
}

#[test]
fn a_table_waiting_for_a_throw_sleeps_and_flying_dice_are_drawn() {
    let mut app = app(&GameSetup::solo(9));
    // Up once the opponents' minds are solved on their worker (drawn meanwhile).
    for _ in 0..START_FRAMES {
        if !app.world().contains_resource::<Solving>() {
            break;
        }
        assert_eq!(frames(&app), Frames::Drawing, "solving");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    runs(&mut app, TAIL_FRAMES + 1);
    assert_eq!(phase(&app), Phase::Ready);
    assert_eq!(frames(&app), Frames::Idle, "nothing moves: no frames");
    let settings = app.world().resource::<WinitSettings>();
    assert_eq!(
        settings.focused_mode,
        UpdateMode::reactive_low_power(IDLE_WAIT)
    );
    // Still asleep a long while later: nothing wakes it by itself.
    runs(&mut app, 600);
    assert_eq!(frames(&app), Frames::Idle);

    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    let mut rolling = 0;
    while phase(&app) == Phase::Rolling {
        assert_eq!(
            frames(&app),
            Frames::Drawing,
            "dice in the air, frame {rolling}"
        );
        let settings = app.world().resource::<WinitSettings>();
        assert_eq!(settings.focused_mode, UpdateMode::Continuous);
        app.update();
        rolling += 1;
        assert!(rolling < 60 * 40, "the dice never came to rest");
    }
    assert!(
        rolling > TAIL_FRAMES * 4,
        "drawn for the whole throw, not only after the key: {rolling}"
    );
    // At rest, waiting for the holds: asleep again once the tail is drawn.
    runs(&mut app, TAIL_FRAMES + 1);
    assert_eq!(phase(&app), Phase::Holding);
    assert_eq!(frames(&app), Frames::Idle);
}

#[test]
fn a_computer_playing_its_moves_is_drawn_throughout() {
    let mut app = app(&GameSetup::solo(10).auto(true));
    let mut phases = Vec::new();
    for frame in 0..60 * 20 {
        app.update();
        assert_eq!(
            frames(&app),
            Frames::Drawing,
            "frame {frame} in {:?}",
            phase(&app)
        );
        if phases.last() != Some(&phase(&app)) {
            phases.push(phase(&app));
        }
    }
    // It played through holds and results, not only one throw.
    assert!(phases.contains(&Phase::Result), "{phases:?}");
}

/// The still room's painting, on its own: a window's size, a camera, the
/// wood and felt.
fn painter(size: UVec2) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
    ));
    app.init_resource::<ClearColor>();
    dice_poker::dice::surfaces::plugin(&mut app);
    app.add_plugins(backdrop::plugin);
    app.world_mut().spawn((
        Window {
            resolution: bevy::window::WindowResolution::new(size.x, size.y),
            ..default()
        },
        PrimaryWindow,
    ));
    app.world_mut().spawn((
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection::default()),
        Transform::from_xyz(0.0, 30.0, 12.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    app
}

/// The picture's image and whether it is shown.
fn picture(app: &mut App) -> (Handle<Image>, bool) {
    let world = app.world_mut();
    let mut q = world.query::<(&Sprite, &Visibility)>();
    let (sprite, shown) = q.single(world).expect("the picture");
    (sprite.image.clone(), *shown != Visibility::Hidden)
}

/// Runs frames until no painting is under way.
fn painted(app: &mut App) {
    for _ in 0..10_000 {
        if !app.world().contains_resource::<Painting>() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        app.update();
    }
    panic!("the painting never came");
}

/// Every worker of the compute pool kept busy while this lives: a painting
/// asked for meanwhile cannot be done within the frame that asked, however
/// idle the machine. Dropped (a failed test too), the workers go on.
struct HeldPool(std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>);

fn hold_the_pool() -> HeldPool {
    use bevy::tasks::AsyncComputeTaskPool;
    let gate = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    let pool = AsyncComputeTaskPool::get();
    for _ in 0..pool.thread_num() {
        let gate = gate.clone();
        pool.spawn(async move {
            let (open, opened) = &*gate;
            let mut is_open = open.lock().unwrap();
            while !*is_open {
                is_open = opened.wait(is_open).unwrap();
            }
        })
        .detach();
    }
    HeldPool(gate)
}

impl Drop for HeldPool {
    fn drop(&mut self) {
        let (open, opened) = &*self.0;
        *open.lock().unwrap_or_else(|e| e.into_inner()) = true;
        opened.notify_all();
    }
}

#[test]
fn the_still_room_is_painted_off_the_frame_and_the_old_picture_stays_meanwhile() {
    let mut app = painter(UVec2::new(320, 200));
    let held = hold_the_pool();
    app.update();
    // The frame that asked for the painting went on without it.
    assert!(app.world().contains_resource::<Painting>());
    assert!(!picture(&mut app).1, "nothing to show yet");
    drop(held);
    painted(&mut app);
    let (first, shown) = picture(&mut app);
    assert!(shown);
    let size = |app: &App, image: &Handle<Image>| {
        app.world()
            .resource::<Assets<Image>>()
            .get(image)
            .map(|i| i.size())
    };
    assert_eq!(size(&app, &first), Some(UVec2::new(320, 200)));

    // A resize: the old picture stays, stretched to the window, until the new one comes.
    let world = app.world_mut();
    let mut windows = world.query::<&mut Window>();
    windows
        .single_mut(world)
        .unwrap()
        .resolution
        .set(400.0, 250.0);
    let held = hold_the_pool();
    app.update();
    assert!(app.world().contains_resource::<Painting>());
    let (meanwhile, shown) = picture(&mut app);
    assert!(
        shown && meanwhile == first,
        "the old picture is still shown"
    );
    let world = app.world_mut();
    let mut sprites = world.query::<&Sprite>();
    let stretched = sprites.single(world).unwrap().custom_size;
    assert_eq!(stretched, Some(Vec2::new(400.0, 250.0)));
    drop(held);
    painted(&mut app);
    let (second, _) = picture(&mut app);
    assert_ne!(second, first);
    assert_eq!(size(&app, &second), Some(UVec2::new(400, 250)));
}

#[test]
fn a_table_whose_computer_seats_are_about_to_move_is_drawn() {
    use dice_poker::game::party::Party;
    use dice_poker::game::party::cpu::TablePilot;
    use dice_poker::game::profile::Speed;
    // At instant speed no die flies: only the seats' own moves keep it
    // going, their pauses (drawn out here) longer than the frames drawn
    // after the last thing that moved.
    let mut setup = GameSetup::solo(11)
        .table("you,easy,normal")
        .auto(true)
        .pace(20.0);
    setup.launch.speed = Some(Speed::Instant);
    let mut app = app(&setup);
    let mut waited = 0;
    for frame in 0..60 * 600 {
        app.update();
        if app.world().resource::<TablePilot>().flying() {
            waited += 1;
            assert_eq!(frames(&app), Frames::Drawing, "frame {frame}");
        }
        if app.world().resource::<Party>().table.rounds() >= 2 {
            break;
        }
    }
    assert!(waited > TAIL_FRAMES as usize, "{waited}");
    assert!(
        app.world().resource::<Party>().table.rounds() >= 2,
        "the table plays on by itself"
    );
}
