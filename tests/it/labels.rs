//! The dice's labels, headless: each キープ and number stands beside its own
//! die's projected bounds, on no die and no other label, through the real
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

/// Every still die's bounds in window pixels (held, or in a tray not
/// rolling): its eight corners as the camera sees them.
fn die_bounds(world: &mut World, camera: &Camera, cam_tf: &GlobalTransform) -> Vec<(Entity, Rect)> {
    use dice_poker::dice::{Held, Rolling};
    let mut rolling = world.query_filtered::<Entity, With<Rolling>>();
    let rolling: Vec<Entity> = rolling.iter(world).collect();
    let mut dice = world.query::<(Entity, &Die, &GlobalTransform, Has<Held>)>();
    dice.iter(world)
        .filter(|(_, die, _, held)| *held || !rolling.contains(&die.tray))
        .map(|(entity, _, tf, _)| {
            let mut bounds = Rect {
                min: Vec2::MAX,
                max: Vec2::MIN,
            };
            for corner in 0..8 {
                let sign = |bit: u32| if corner & bit == 0 { -0.5 } else { 0.5 };
                let at = tf.transform_point(Vec3::new(sign(1), sign(2), sign(4)));
                bounds = bounds.union_point(camera.world_to_viewport(cam_tf, at).unwrap());
            }
            (entity, bounds)
        })
        .collect()
}

/// Every shown label (キープ and numbers, measured as text of this size
/// would be) checked against the dice's projected bounds: beside its own
/// die, on no die at all, on no other label, nearer its own die than any
/// other; and one キープ per held die. The labels checked.
fn labels_beside_their_dice(app: &mut App, scale: f32) -> usize {
    use dice_poker::game::feedback::labels::{HoldLabel, NumberLabel};
    use dice_poker::game::feedback::placing::{LABEL_GAP, apart};
    let keep = Vec2::new(48.0, 22.0);
    let number = Vec2::new(14.0, 22.0);
    // Twice: a label new this frame is measured (here: given its size) the next.
    for _ in 0..2 {
        let world = app.world_mut();
        let mut labels = world.query::<(Has<HoldLabel>, &mut ComputedNode)>();
        for (is_keep, mut computed) in labels.iter_mut(world) {
            computed.size = if is_keep { keep } else { number } * scale;
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
        return 0;
    }
    let (camera, cam_tf) = world
        .query::<(&Camera, &GlobalTransform)>()
        .single(world)
        .map(|(c, t)| (c.clone(), *t))
        .unwrap();
    let dice = die_bounds(world, &camera, &cam_tf);
    let mut placed: Vec<Rect> = Vec::new();
    let mut keeps = 0;
    let mut labels = world.query::<(
        Option<&HoldLabel>,
        Option<&NumberLabel>,
        &Node,
        &Visibility,
        &ComputedNode,
    )>();
    for (hold, numbered, node, visibility, computed) in labels.iter(world) {
        let Some(die) = hold.map(|h| h.0).or(numbered.map(|n| n.0)) else {
            continue;
        };
        // A label new in the last frame was placed before it had a size.
        if computed.size == Vec2::ZERO || *visibility == Visibility::Hidden {
            assert!(
                numbered.is_some() || computed.size == Vec2::ZERO,
                "a held die's label shows: {die:?} {dice:?}"
            );
            continue;
        }
        keeps += usize::from(hold.is_some());
        let (Val::Px(left), Val::Px(top)) = (node.left, node.top) else {
            panic!("placed in pixels");
        };
        let size = if hold.is_some() { keep } else { number };
        // The UI draws a node at its position times the HUD's scale.
        let rect = Rect::from_corners(
            Vec2::new(left, top) * scale,
            (Vec2::new(left, top) + size) * scale,
        );
        let own = dice
            .iter()
            .find(|(e, _)| *e == die)
            .expect("a label only on a still die")
            .1;
        assert!(
            apart(rect, own) <= LABEL_GAP + 1.0,
            "beside its die: {rect:?} {own:?}"
        );
        for (other, bounds) in &dice {
            assert!(
                rect.intersect(*bounds).is_empty(),
                "a label over a die: {rect:?} {bounds:?}"
            );
            if *other != die {
                assert!(
                    apart(rect, *bounds) > apart(rect, own),
                    "nearer another die"
                );
            }
        }
        assert!(
            placed.iter().all(|p| p.intersect(rect).is_empty()),
            "labels overlap"
        );
        placed.push(rect);
    }
    let held = world
        .query_filtered::<(), (With<Die>, With<dice_poker::dice::Held>)>()
        .iter(world)
        .count();
    assert!(keeps <= held, "one キープ per held die");
    placed.len()
}

#[test]
fn labels_stand_beside_their_own_dice_at_every_window_and_text_size() {
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
            let shown = labels_beside_their_dice(&mut app, scale);
            assert_eq!(
                shown,
                2 + 5,
                "{window} at {text} %: two キープ and five numbers"
            );
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
            labels_beside_their_dice(&mut app, scale);
            for (side, n) in [Side::Near, Side::Far].into_iter().zip(&held) {
                if *n > 0 {
                    sides_seen.insert(side);
                }
            }
        }
    }
    assert!(sides_seen.contains(&Side::Near), "{sides_seen:?}");
}
