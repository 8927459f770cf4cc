//! The キープ labels, headless: each sits on its held die through the real
//! placing system, a real camera projection and the HUD's scale, at several
//! window and text sizes, in the solo game and for both trays of a duel.

use bevy::prelude::*;

use dice_poker::dice::{Die, held_in};
use dice_poker::game::Phase;
use dice_poker::game::duel::Table;
use dice_poker::rules::duel::{Side, Step};

use crate::support::{PATIENCE, press, run_until, solo_app, temp_dir};

/// What the window's camera would be at `window` pixels: the game's pose,
/// its projection, and the window as its target.
fn window_camera(app: &mut App, window: UVec2, at: Vec3, target: Vec3) {
    app.world_mut().spawn((
        Camera3d::default(),
        crate::support::camera_on(window),
        Transform::from_translation(at).looking_at(target, Vec3::Y),
    ));
}

/// A window of this size, whose size (with the text size) the HUD's scale follows.
fn spawn_window(app: &mut App, size: UVec2) {
    app.world_mut().spawn(Window {
        resolution: bevy::window::WindowResolution::new(size.x, size.y),
        ..default()
    });
}

/// Every shown キープ label's centre, in window pixels, against the point over
/// its die the camera projects (one label per held die, each shown); the
/// labels measured as text of this size would be (48×22 UI units).
fn labels_off_their_dice(app: &mut App, scale: f32) -> Vec<f32> {
    use dice_poker::game::feedback::labels::HoldLabel;
    let size = Vec2::new(48.0, 22.0);
    // Twice: a label new this frame is measured (here: given its size) the next.
    for _ in 0..2 {
        let mut labels = app.world_mut().query::<(&HoldLabel, &mut ComputedNode)>();
        for (_, mut computed) in labels.iter_mut(app.world_mut()) {
            computed.size = size * scale;
            computed.inverse_scale_factor = 1.0 / scale;
        }
        app.update();
    }
    let world = app.world_mut();
    // Between duel rounds the dice are only a picture: no labels.
    if world
        .get_resource::<Table>()
        .is_some_and(|t| t.duel.step().is_decided())
    {
        return Vec::new();
    }
    let (camera, cam_tf) = world
        .query::<(&Camera, &GlobalTransform)>()
        .single(world)
        .map(|(c, t)| (c.clone(), *t))
        .unwrap();
    let (mut off, mut fresh) = (Vec::new(), 0);
    let mut labels = world.query::<(&HoldLabel, &Node, &Visibility, &ComputedNode)>();
    for (label, node, visibility, computed) in labels.iter(world) {
        // A label new in the last frame (the far seat picked a die up) was
        // placed before it had a size: it is measured the next time.
        if computed.size == Vec2::ZERO {
            fresh += 1;
            continue;
        }
        assert_eq!(
            *visibility,
            Visibility::Inherited,
            "a held die's label shows"
        );
        let (Val::Px(left), Val::Px(top)) = (node.left, node.top) else {
            panic!("placed in pixels");
        };
        let die = world.get::<GlobalTransform>(label.0).unwrap().translation();
        let spot = camera
            .world_to_viewport(&cam_tf, die + Vec3::Y * 1.5)
            .unwrap();
        // The UI draws a node at its position times the HUD's scale.
        let centre = (Vec2::new(left, top) + size / 2.0) * scale;
        off.push((centre - spot).length());
    }
    let held = world
        .query_filtered::<(), (With<Die>, With<dice_poker::dice::Held>)>()
        .iter(world)
        .count();
    assert_eq!(off.len() + fresh, held, "one label per held die");
    off
}

#[test]
fn keep_labels_sit_on_their_dice_at_every_window_and_text_size() {
    use dice_poker::game::presentation::scene::{
        CAMERA_AT, CAMERA_TARGET, DUEL_CAMERA_AT, DUEL_CAMERA_TARGET,
    };
    use dice_poker::game::profile::TextSize;
    use dice_poker::game::theme::hud_scale;
    for window in [
        UVec2::new(800, 600),
        UVec2::new(1280, 800),
        UVec2::new(1920, 1080),
    ] {
        for text in [100, 125, 150] {
            let scale = hud_scale(window.as_vec2(), TextSize(text));
            let dir = temp_dir(&format!("labels-{}-{text}", window.x));
            let mut app = solo_app(5, &dir);
            window_camera(&mut app, window, CAMERA_AT, CAMERA_TARGET);
            // The HUD's scale as the game sets it: from the window and the text size.
            spawn_window(&mut app, window);
            app.insert_resource(UiScale(1.0));
            app.insert_resource(TextSize(text));
            press(&mut app, KeyCode::Space);
            run_until(&mut app, Phase::Holding);
            press(&mut app, KeyCode::Digit1);
            press(&mut app, KeyCode::Digit3);
            let ui = app.world().resource::<UiScale>().0;
            assert!(
                (ui - scale).abs() < 1e-3,
                "{window} at {text} %: scale {ui}"
            );
            let off = labels_off_their_dice(&mut app, scale);
            assert_eq!(off.len(), 2, "one label per held die");
            for d in off {
                assert!(d < 2.0, "{window} at {text} %: {d} px off");
            }
        }
    }
    // A duel labels the holds of both trays alike.
    let dir = temp_dir("labels-duel");
    let mut app = crate::support::app_in(8, &dir, Some(crate::support::duel_with("easy")));
    let window = UVec2::new(1280, 800);
    window_camera(&mut app, window, DUEL_CAMERA_AT, DUEL_CAMERA_TARGET);
    let scale = hud_scale(window.as_vec2(), TextSize(125));
    spawn_window(&mut app, window);
    app.insert_resource(UiScale(1.0));
    app.insert_resource(TextSize(125));
    let mut sides_seen = std::collections::HashSet::new();
    for _ in 0..PATIENCE * 4 {
        let step = app.world().resource::<Table>().duel.step();
        if step.is_decided() {
            break;
        }
        match step {
            Step::Throw(Side::Near) => press(&mut app, KeyCode::Space),
            Step::Bet(Side::Near) => press(&mut app, KeyCode::KeyC),
            Step::Reroll(Side::Near) => {
                press(&mut app, KeyCode::Digit2);
                press(&mut app, KeyCode::Space);
            }
            _ => app.update(),
        }
        // Whatever either side holds now is labelled, each label on its die.
        let trays = app.world().resource::<Table>().trays;
        let held: Vec<usize> = trays
            .iter()
            .map(|&t| held_in(app.world(), t).iter().filter(|&&h| h).count())
            .collect();
        if held.iter().sum::<usize>() > 0 {
            let off = labels_off_their_dice(&mut app, scale);
            assert!(off.iter().all(|&d| d < 2.0), "{off:?}");
            for (side, n) in [Side::Near, Side::Far].into_iter().zip(&held) {
                if *n > 0 {
                    sides_seen.insert(side);
                }
            }
        }
    }
    assert!(sides_seen.contains(&Side::Near), "{sides_seen:?}");
}
