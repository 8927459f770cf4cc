//! The physical dice, headless: MinimalPlugins + transforms + Rapier on a fixed step.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use dice_poker::dice::faces::{FACE_TABLE, read_top, rotation_showing};
use dice_poker::dice::look::Pip;
use dice_poker::dice::settle::Rolling;
use dice_poker::dice::tray::{DIE_SIZE, TRAY_WIDTH, inside_tray, rest_position};
use dice_poker::dice::{DiceSettled, ThrowDice, ThrowStats, Tray, spawn_table};
use dice_poker::simulate::{ThrowStyle, headless_app, plan, run_worker};

/// Every settled throw seen by the app.
#[derive(Resource, Default)]
struct Settled(Vec<DiceSettled>);

/// Longest any test waits for a throw, in physics steps (30 simulated seconds).
const PATIENCE: usize = 60 * 30;

fn app_with_tray(seed: u64) -> (App, Entity) {
    app_with_tray_and(seed, |_| {})
}

/// A headless tray app with `more` added before it starts.
fn app_with_tray_and(seed: u64, more: impl FnOnce(&mut App)) -> (App, Entity) {
    let mut app = headless_app();
    app.init_resource::<Settled>();
    app.add_observer(|s: On<DiceSettled>, mut all: ResMut<Settled>| all.0.push(s.event().clone()));
    more(&mut app);
    app.finish();
    app.cleanup();
    let tray = {
        let world = app.world_mut();
        let mut commands = world.commands();
        let tray = spawn_table(&mut commands, Vec3::ZERO, seed);
        world.flush();
        tray
    };
    app.update();
    (app, tray)
}

fn dice_of(app: &App, tray: Entity) -> [Entity; 5] {
    app.world().get::<Tray>(tray).expect("tray").dice
}

fn throw_all(app: &mut App, tray: Entity) {
    let dice = dice_of(app, tray).to_vec();
    app.world_mut().trigger(ThrowDice {
        tray,
        dice,
        aim: None,
    });
    app.world_mut().flush();
}

/// Steps until `n` throws have settled; panics if that takes too long.
fn settle(app: &mut App, n: usize) -> DiceSettled {
    for _ in 0..PATIENCE {
        app.update();
        if app.world().resource::<Settled>().0.len() >= n {
            return app.world().resource::<Settled>().0[n - 1].clone();
        }
    }
    panic!("throw {n} did not settle within {PATIENCE} steps");
}

#[test]
fn a_resting_die_reads_the_face_on_top_and_shows_that_many_pips() {
    let mut app = headless_app();
    app.add_plugins(AssetPlugin::default());
    app.init_asset::<Mesh>().init_asset::<StandardMaterial>();
    app.add_plugins(dice_poker::dice::look::plugin);
    app.finish();
    app.cleanup();
    let tray = {
        let world = app.world_mut();
        let mut commands = world.commands();
        let tray = spawn_table(&mut commands, Vec3::ZERO, 1);
        world.flush();
        tray
    };
    app.update();
    let die = dice_of(&app, tray)[0];
    for face in FACE_TABLE {
        let value = face.value;
        app.world_mut().entity_mut(die).insert(
            Transform::from_translation(rest_position(Vec3::ZERO, 0))
                .with_rotation(rotation_showing(value)),
        );
        for _ in 0..30 {
            app.update();
        }
        let tf = *app.world().get::<Transform>(die).unwrap();
        let top = read_top(tf.rotation);
        assert_eq!(top.value, value);
        assert!(top.is_flat(), "dot {}", top.dot);

        // The pips on the top face, found by where they are, not by their label.
        let world = app.world_mut();
        let mut pips = world.query::<(&Pip, &GlobalTransform, &ChildOf)>();
        let top_y = tf.translation.y + DIE_SIZE / 2.0 - 0.05;
        let on_top: Vec<u8> = pips
            .iter(world)
            .filter(|(_, gt, parent)| parent.parent() == die && gt.translation().y > top_y)
            .map(|(p, _, _)| p.face)
            .collect();
        assert_eq!(
            on_top.len(),
            usize::from(value),
            "pips on top when {value} is read"
        );
        assert!(on_top.iter().all(|&f| f == value));
    }
}

#[test]
fn opposite_faces_sum_to_seven() {
    for a in FACE_TABLE {
        let opposite = FACE_TABLE
            .iter()
            .find(|b| b.normal == -a.normal)
            .expect("opposite");
        assert_eq!(a.value + opposite.value, 7);
    }
}

#[test]
fn a_die_resting_against_a_wall_is_cocked_and_nudged_flat() {
    let (mut app, tray) = app_with_tray(7);
    let die = dice_of(&app, tray)[4];
    // Tilted 35° about z, its lowest edge just above the floor and its upper
    // edge just off the +x wall. Gravity is off so it stays there until the
    // engine puts it to sleep: a die at rest, leaning.
    let tilt = Quat::from_rotation_z(35f32.to_radians());
    let reach = DIE_SIZE / 2.0 * (35f32.to_radians().cos() + 35f32.to_radians().sin());
    let at = Vec3::new(TRAY_WIDTH / 2.0 - reach - 0.01, reach + 0.01, 0.0);
    app.world_mut().entity_mut(die).insert((
        Transform::from_translation(at).with_rotation(tilt),
        Velocity::zero(),
        GravityScale(0.0),
    ));
    assert!(!read_top(tilt).is_flat(), "35° is cocked");
    app.world_mut()
        .entity_mut(tray)
        .insert(Rolling::new(vec![die]));
    for _ in 0..PATIENCE {
        app.update();
        if app.world().get::<ThrowStats>(tray).unwrap().nudges > 0 {
            break;
        }
    }
    assert_eq!(
        app.world().get::<ThrowStats>(tray).unwrap().nudges,
        1,
        "the cocked die was nudged"
    );
    app.world_mut().entity_mut(die).insert(GravityScale(1.0));
    let settled = settle(&mut app, 1);
    let tf = app.world().get::<Transform>(die).unwrap();
    let top = read_top(tf.rotation);
    assert!(top.is_flat(), "flat after the nudge: dot {}", top.dot);
    assert_eq!(settled.faces[4], top.value);
}

#[test]
fn the_same_seed_gives_the_same_throw() {
    let run = |seed| {
        let (mut app, tray) = app_with_tray(seed);
        throw_all(&mut app, tray);
        let first = settle(&mut app, 1);
        let positions =
            dice_of(&app, tray).map(|d| app.world().get::<Transform>(d).unwrap().translation);
        (first.faces, first.seconds, positions)
    };
    let a = run(42);
    let b = run(42);
    assert_eq!(a, b);
    let others: Vec<_> = (43..47).map(|s| run(s).0).collect();
    assert!(
        others.iter().any(|f| *f != a.0),
        "different seeds give different throws"
    );
}

#[test]
fn hundreds_of_seeded_throws_all_settle_with_five_valid_faces() {
    const THROWS: u64 = 240;
    let trays = plan(THROWS, 2024);
    let mut total = 0;
    for worker in &trays {
        let report = run_worker(worker, ThrowStyle::Standard, |_| {});
        let wanted: u64 = worker.iter().map(|(_, q)| q).sum();
        assert_eq!(report.throws.len() as u64, wanted);
        for t in &report.throws {
            assert!(t.faces.iter().all(|f| (1..=6).contains(f)), "{:?}", t.faces);
            assert!(t.seconds > 0.0);
        }
        total += report.throws.len() as u64;
    }
    assert_eq!(total, THROWS);
}

#[test]
fn a_die_below_the_floor_is_thrown_again_and_read() {
    let (mut app, tray) = app_with_tray(3);
    throw_all(&mut app, tray);
    settle(&mut app, 1);
    let die = dice_of(&app, tray)[2];
    app.world_mut()
        .entity_mut(die)
        .insert(Transform::from_xyz(0.0, -25.0, 0.0));
    let again = settle(&mut app, 2);
    let stats = app.world().get::<ThrowStats>(tray).unwrap();
    assert_eq!(stats.respawns, 1);
    let tf = app.world().get::<Transform>(die).unwrap();
    assert!(inside_tray(Vec3::ZERO, tf.translation));
    assert_eq!(again.faces[2], read_top(tf.rotation).value);
    assert!(app.world().get::<Rolling>(tray).is_none());
}

// ---- sound from the physics ----

use dice_poker::sound::backend::{Wav, read_wav};
use dice_poker::sound::mixer::{MAX_PER_WINDOW, Mixer, PAIR_GAP, RateLimiter};
use dice_poker::sound::synth::{self, Surface, brightness, rms};
use dice_poker::sound::{HitLog, SoundBank};

#[test]
fn harder_hits_sound_louder_and_brighter_and_surfaces_differ() {
    for surface in [Surface::Felt, Surface::Wood, Surface::Die] {
        let soft = synth::impact(surface, 0.1, 1);
        let hard = synth::impact(surface, 0.9, 1);
        assert!(rms(&hard) > 2.0 * rms(&soft), "{surface:?} louder");
        assert!(
            brightness(&hard) > brightness(&soft),
            "{surface:?} brighter"
        );
        assert!(hard.iter().all(|s| s.abs() <= 1.0));
    }
    let felt = brightness(&synth::impact(Surface::Felt, 0.5, 2));
    let wood = brightness(&synth::impact(Surface::Wood, 0.5, 2));
    let die = brightness(&synth::impact(Surface::Die, 0.5, 2));
    assert!(
        felt < wood && wood < die,
        "felt {felt} < wood {wood} < die {die}"
    );
    // A better hand's sting is longer.
    assert!(synth::sting(7).len() > synth::sting(1).len());
}

#[test]
fn rate_limits_allow_one_sound_per_pair_and_a_few_at_once() {
    let mut limiter = RateLimiter::default();
    assert!(limiter.allow((1, 2), 0.0));
    assert!(
        !limiter.allow((2, 1), 0.01),
        "the same pair, either way round"
    );
    assert!(limiter.allow((1, 2), PAIR_GAP + 0.01));
    let mut limiter = RateLimiter::default();
    let heard = (0..20u64)
        .filter(|&i| limiter.allow((i, 100 + i), 1.0))
        .count();
    assert_eq!(heard, MAX_PER_WINDOW, "a burst is thinned");
    assert!(
        limiter.allow((50, 51), 1.2),
        "the next moment has room again"
    );
}

#[test]
fn the_mixer_never_clips_and_mutes() {
    let mut mixer = Mixer::default();
    let loud: std::sync::Arc<[f32]> = std::sync::Arc::from(vec![0.9f32; 4_000]);
    for _ in 0..20 {
        mixer.play(loud.clone(), 1.0);
    }
    let mut out = vec![0.0; 1_024];
    mixer.mix(&mut out);
    assert!(
        out.iter().all(|s| s.abs() < 1.0 && *s > 0.5),
        "bent under full scale"
    );
    mixer.muted = true;
    mixer.mix(&mut out);
    assert!(out.iter().all(|&s| s == 0.0));
    // Recordings are 16-bit PCM that read back exactly.
    let path = std::env::temp_dir().join(format!("dice-poker-{}.wav", std::process::id()));
    let mut wav = Wav::create(&path).unwrap();
    let pcm: Vec<i16> = (0..1_000)
        .map(|i| (i * 37 % 2_000 - 1_000) as i16)
        .collect();
    wav.append(&pcm).unwrap();
    wav.finish().unwrap();
    assert_eq!(read_wav(&path).unwrap(), pcm);
}

fn clatter(seed: u64) -> (Vec<(f32, dice_poker::sound::Hit)>, usize) {
    let (mut app, tray) = app_with_tray_and(seed, |app| {
        app.add_plugins(dice_poker::sound::plugin);
    });
    throw_all(&mut app, tray);
    settle(&mut app, 1);
    let log = app.world().resource::<HitLog>();
    (log.played.clone(), log.dropped)
}

#[test]
fn a_seeded_throw_clatters_on_felt_and_wood_without_clipping() {
    let (hits, dropped) = clatter(42);
    println!("{} hits played, {dropped} thinned out", hits.len());
    assert!(hits.len() >= 5, "five dice land: {hits:?}");
    assert!(hits.iter().any(|(_, h)| h.surface == Surface::Felt));
    assert!(hits.iter().all(|(_, h)| (0.0..=1.0).contains(&h.strength)));
    let (again, _) = clatter(42);
    assert_eq!(hits.len(), again.len(), "the same seed, the same clatter");
    // What the mixer makes of it: sound, distinct onsets, never full scale.
    let start = hits[0].0;
    let shifted: Vec<_> = hits.iter().map(|(t, h)| (t - start + 0.05, *h)).collect();
    let out = dice_poker::sound::render(&SoundBank::new(), &shifted, 3.0);
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    assert!(peak > 0.05 && peak < 1.0, "peak {peak}");
    let window = 441;
    let levels: Vec<f32> = out.chunks(window).map(rms).collect();
    let onsets = levels
        .windows(2)
        .filter(|w| w[1] > 0.01 && w[1] > 2.0 * w[0])
        .count();
    assert!(onsets >= 3, "onsets {onsets}");
}

#[test]
fn the_drawn_die_is_a_closed_rounded_cube() {
    use bevy::mesh::VertexAttributeValues;
    use dice_poker::dice::look::rounded_cube;
    let mesh = rounded_cube(1.0, 0.12, 8);
    let Some(VertexAttributeValues::Float32x3(positions)) =
        mesh.attribute(Mesh::ATTRIBUTE_POSITION)
    else {
        panic!("positions");
    };
    let Some(VertexAttributeValues::Float32x3(normals)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
    else {
        panic!("normals");
    };
    assert_eq!(positions.len(), 6 * 9 * 9);
    for (p, n) in positions.iter().zip(normals) {
        let (p, n) = (Vec3::from(*p), Vec3::from(*n));
        assert!((n.length() - 1.0).abs() < 1e-5);
        assert!(p.abs().max_element() <= 0.5 + 1e-5, "inside the die: {p}");
        assert!(n.dot(p) > 0.0, "normals point out");
    }
    // Face centres are flat and on the cube's faces; corners are cut round.
    assert!(
        positions
            .iter()
            .any(|p| (Vec3::from(*p) - Vec3::new(0.0, 0.5, 0.0)).length() < 1e-5)
    );
    assert!(
        positions
            .iter()
            .all(|p| Vec3::from(*p).length() < 0.5 * 3f32.sqrt() - 0.01)
    );
}
