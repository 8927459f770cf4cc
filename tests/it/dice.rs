//! The physical dice, headless: MinimalPlugins + transforms + Rapier on a fixed step.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use dice_poker::dice::faces::{FACE_TABLE, read_top, rotation_showing};
use dice_poker::dice::look::DiceLook;
use dice_poker::dice::settle::STACKED_ABOVE;
use dice_poker::dice::tray::{DIE_SIZE, Die, TRAY_WIDTH, inside_tray, rest_position};
use dice_poker::dice::{DiceSettled, Rolling, ThrowDice, ThrowStats, Tray, spawn_table, throw_rng};
use dice_poker::headless::physics_app;
use dice_poker::simulate::{ThrowStyle, plan, run_worker};

/// Every settled throw seen by the app.
#[derive(Resource, Default)]
struct Settled(Vec<DiceSettled>);

/// Longest any test waits for a throw, in physics steps (30 simulated seconds).
const PATIENCE: usize = 60 * 30;

fn app_with_tray(seed: u64) -> (App, Entity) {
    app_with_tray_and(seed, |_| {})
}

/// A headless tray app with `more` added before it starts.
pub(crate) fn app_with_tray_and(seed: u64, more: impl FnOnce(&mut App)) -> (App, Entity) {
    let mut app = physics_app();
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
    crate::support::until_assembled(&mut app);
    (app, tray)
}

pub(crate) fn dice_of(app: &App, tray: Entity) -> [Entity; 5] {
    app.world().get::<Tray>(tray).expect("tray").dice
}

pub(crate) fn throw_all(app: &mut App, tray: Entity) {
    let dice = dice_of(app, tray).to_vec();
    app.world_mut().trigger(ThrowDice {
        tray,
        dice,
        aim: None,
        opens: false,
    });
    app.world_mut().flush();
}

/// Steps until `n` throws have settled; panics if that takes too long.
pub(crate) fn settle(app: &mut App, n: usize) -> DiceSettled {
    for _ in 0..PATIENCE {
        app.update();
        if app.world().resource::<Settled>().0.len() >= n {
            return app.world().resource::<Settled>().0[n - 1].clone();
        }
    }
    panic!("throw {n} did not settle within {PATIENCE} steps");
}

/// Adds how the dice and the tray look, with the assets it needs.
fn draw_dice(app: &mut App) {
    app.add_plugins(AssetPlugin::default());
    app.init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>();
    app.add_plugins(dice_poker::dice::look::plugin);
}

/// A tray whose dice are drawn (pips and all), and its first die.
fn drawn_die() -> (App, Entity) {
    let mut app = physics_app();
    draw_dice(&mut app);
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
    (app, die)
}

/// Lays `die` in the tray showing `value` and lets it rest; where it lies.
fn rest_showing(app: &mut App, die: Entity, value: u8) -> Transform {
    app.world_mut().entity_mut(die).insert(
        Transform::from_translation(rest_position(Vec3::ZERO, 0))
            .with_rotation(rotation_showing(value)),
    );
    for _ in 0..30 {
        app.update();
    }
    *app.world().get::<Transform>(die).unwrap()
}

/// The pips drawn on the face of the drawn die that looks along `toward`
/// (in the world) as it lies: the atlas's cell that this face's vertices
/// point into, found by where the vertices are, its painted blobs counted.
/// Returns how many pips and whether they are red.
fn pips_facing(app: &App, tf: &Transform, toward: Vec3) -> (usize, bool) {
    use bevy::mesh::VertexAttributeValues;
    let look = app.world().resource::<DiceLook>();
    let mesh = app
        .world()
        .resource::<Assets<Mesh>>()
        .get(&look.body)
        .expect("the die's mesh");
    let (
        Some(VertexAttributeValues::Float32x3(normals)),
        Some(VertexAttributeValues::Float32x2(uvs)),
    ) = (
        mesh.attribute(Mesh::ATTRIBUTE_NORMAL),
        mesh.attribute(Mesh::ATTRIBUTE_UV_0),
    )
    else {
        panic!("normals and texture coordinates");
    };
    // This face's vertices, not its neighbours' (which lean 45° or more away).
    let mut lo = Vec2::splat(f32::MAX);
    let mut hi = Vec2::splat(f32::MIN);
    for (n, uv) in normals.iter().zip(uvs) {
        if (tf.rotation * Vec3::from(*n)).dot(toward) > 0.75 {
            lo = lo.min(Vec2::from(*uv));
            hi = hi.max(Vec2::from(*uv));
        }
    }
    let albedo = &look.faces.albedo;
    let size = albedo.size as usize;
    let (x0, y0) = ((lo.x * size as f32) as usize, (lo.y * size as f32) as usize);
    let (x1, y1) = ((hi.x * size as f32) as usize, (hi.y * size as f32) as usize);
    assert!(x1 > x0 + 10 && y1 > y0 + 10, "a face's cell: {lo} to {hi}");
    let texel = |x: usize, y: usize| &albedo.levels[0][(y * size + x) * 4..][..4];
    // Painted: far from the body's near white.
    let painted = |x: usize, y: usize| texel(x, y)[1] < 100;
    let mut seen = vec![false; size * size];
    let (mut blobs, mut red) = (0, false);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if seen[y * size + x] || !painted(x, y) {
                continue;
            }
            blobs += 1;
            red |= texel(x, y)[0] > 120;
            let mut stack = vec![(x, y)];
            seen[y * size + x] = true;
            while let Some((cx, cy)) = stack.pop() {
                for (nx, ny) in [(cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)] {
                    if (x0..=x1).contains(&nx)
                        && (y0..=y1).contains(&ny)
                        && !seen[ny * size + nx]
                        && painted(nx, ny)
                    {
                        seen[ny * size + nx] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
    }
    (blobs, red)
}

#[test]
fn a_resting_die_reads_the_face_on_top_and_shows_that_many_pips() {
    let (mut app, die) = drawn_die();
    for face in FACE_TABLE {
        let value = face.value;
        let tf = rest_showing(&mut app, die, value);
        let top = read_top(tf.rotation);
        assert_eq!(top.value, value);
        assert!(top.is_flat(), "dot {}", top.dot);
        // The pips drawn on the face that looks up, counted in its image.
        let (pips, red) = pips_facing(&app, &tf, Vec3::Y);
        assert_eq!(pips, usize::from(value), "pips on top when {value} is read");
        assert_eq!(red, value == 1, "only the one is red");
    }
}

#[test]
fn opposite_faces_sum_to_seven() {
    // On the drawn die, as it rests: the pips underneath are seven less the top.
    let (mut app, die) = drawn_die();
    for value in 1..=6u8 {
        let tf = rest_showing(&mut app, die, value);
        assert_eq!(read_top(tf.rotation).value, value);
        let (under, _) = pips_facing(&app, &tf, Vec3::NEG_Y);
        assert_eq!(under, usize::from(7 - value), "pips under {value}");
    }
}

#[test]
fn the_dimples_lean_in_as_the_renderer_reads_the_normal_map() {
    use bevy::mesh::VertexAttributeValues;
    use dice_poker::dice::look::{face_cell, face_cells};
    use dice_poker::texture::dice::in_atlas;
    let (app, _) = drawn_die();
    let look = app.world().resource::<DiceLook>();
    let mesh = app
        .world()
        .resource::<Assets<Mesh>>()
        .get(&look.body)
        .unwrap();
    let attr = |id| match mesh.attribute(id) {
        Some(VertexAttributeValues::Float32x3(v)) => v
            .iter()
            .map(|a| Vec4::from((Vec3::from(*a), 0.0)))
            .collect::<Vec<_>>(),
        Some(VertexAttributeValues::Float32x4(v)) => v.iter().map(|a| Vec4::from(*a)).collect(),
        _ => panic!("attribute"),
    };
    let (positions, normals, tangents) = (
        attr(Mesh::ATTRIBUTE_POSITION),
        attr(Mesh::ATTRIBUTE_NORMAL),
        attr(Mesh::ATTRIBUTE_TANGENT),
    );
    let normal_map = &look.faces.normal;
    let size = normal_map.size as usize;
    let cells = face_cells();
    for face in FACE_TABLE {
        // A vertex at the face's centre: its frame as the shader builds it
        // (bitangent = w · normal × tangent).
        let centre = face.normal * DIE_SIZE / 2.0;
        let at = positions
            .iter()
            .position(|p| p.truncate().abs_diff_eq(centre, 1e-4))
            .expect("a vertex at the face's centre");
        let n = normals[at].truncate();
        let t = tangents[at].truncate();
        let b = tangents[at].w * n.cross(t);
        let cell = &cells[face_cell(face.value)];
        for &(pa, pb) in &cell.pips {
            let pip = |da: f32, db: f32| {
                let (x, y) = in_atlas(face_cell(face.value), pa + da, pb + db);
                let px = &normal_map.levels[0]
                    [((y * size as f32) as usize * size + (x * size as f32) as usize) * 4..][..3];
                let unit = |c: u8| f32::from(c) / 255.0 * 2.0 - 1.0;
                let m = Vec3::new(unit(px[0]), unit(px[1]), unit(px[2]));
                (t * m.x + b * m.y + n * m.z).normalize()
            };
            // Half way out from a pip's centre, along each of the face's axes
            // and back: the wall there faces the centre (a dimple, not a bump).
            let r = cell.radius * 0.5;
            let (u, v) = dice_poker::dice::faces::face_axes(face.normal);
            for (da, db, out) in [(r, 0.0, u), (-r, 0.0, -u), (0.0, r, v), (0.0, -r, -v)] {
                let lean = pip(da, db).dot(out);
                assert!(lean < -0.2, "face {}: leans {lean} along {out}", face.value);
            }
        }
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
        .insert(Rolling::new(vec![die], throw_rng(7, 1, 0)));
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
fn a_die_come_to_rest_on_a_held_die_is_knocked_off_and_read_on_the_felt() {
    let (mut app, tray) = app_with_tray(8);
    let [held, free, ..] = dice_of(&app, tray);
    let under = *app.world().get::<Transform>(held).unwrap();
    // The held die is pinned where it lies; the free one lies flat on top of it.
    app.world_mut().entity_mut(held).insert(RigidBody::Fixed);
    app.world_mut().entity_mut(free).insert((
        RigidBody::Dynamic,
        Transform::from_translation(under.translation + Vec3::Y * DIE_SIZE)
            .with_rotation(under.rotation),
        Velocity::zero(),
    ));
    app.world_mut()
        .entity_mut(tray)
        .insert(Rolling::new(vec![free], throw_rng(8, 1, 0)));
    let settled = settle(&mut app, 1);
    assert!(
        app.world().get::<ThrowStats>(tray).unwrap().nudges >= 1,
        "a die at rest on another was knocked off"
    );
    let tf = app.world().get::<Transform>(free).unwrap();
    assert!(
        tf.translation.y < STACKED_ABOVE,
        "it lies on the felt: {:?}",
        tf.translation
    );
    assert_eq!(settled.faces[1], read_top(tf.rotation).value);
    // The held die never moved.
    assert_eq!(*app.world().get::<Transform>(held).unwrap(), under);
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
    let mut seen = [0u64; 6];
    for worker in &trays {
        let report = run_worker(worker, (ThrowStyle::Standard, None), |_| {});
        let wanted: u64 = worker.iter().map(|(_, q)| q).sum();
        assert_eq!(report.throws.len() as u64, wanted);
        for t in &report.throws {
            assert!(t.seconds > 0.0);
            for &f in &t.faces {
                seen[usize::from(f) - 1] += 1;
            }
        }
        total += report.throws.len() as u64;
    }
    assert_eq!(total, THROWS);
    // 1,200 dice: each face about 200 times (a fair die's spread is about 13;
    // 140 to 260 is more than four of those either way).
    assert!(
        seen.iter().all(|n| (140..=260).contains(n)),
        "faces seen {seen:?}"
    );
}

#[test]
fn a_die_below_the_floor_is_thrown_again_and_read() {
    let (mut app, tray) = app_with_tray(3);
    throw_all(&mut app, tray);
    // In flight, a die falls through the floor (as a fast die could tunnel).
    for _ in 0..5 {
        app.update();
    }
    let die = dice_of(&app, tray)[2];
    app.world_mut()
        .entity_mut(die)
        .insert(Transform::from_xyz(0.0, -25.0, 0.0));
    let again = settle(&mut app, 1);
    let stats = app.world().get::<ThrowStats>(tray).unwrap();
    assert_eq!(stats.respawns, 1);
    let tf = app.world().get::<Transform>(die).unwrap();
    assert!(inside_tray(Vec3::ZERO, tf.translation));
    assert_eq!(again.faces[2], read_top(tf.rotation).value);
    assert!(app.world().get::<Rolling>(tray).is_none());
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

#[test]
fn read_dice_are_pinned_and_a_reroll_lets_go_only_of_the_dice_it_throws() {
    use dice_poker::dice::{Held, held_in, toggle_held};
    let (mut app, tray) = app_with_tray(12);
    throw_all(&mut app, tray);
    let first = settle(&mut app, 1);
    let dice = dice_of(&app, tray);
    let body = |app: &App, d: Entity| *app.world().get::<RigidBody>(d).unwrap();
    assert!(
        dice.iter().all(|&d| body(&app, d) == RigidBody::Fixed),
        "read dice are pinned"
    );
    // Keep the first two; toggling twice in one frame cancels.
    app.world_mut()
        .run_system_once(move |mut commands: Commands| {
            toggle_held(&mut commands, dice[0]);
            toggle_held(&mut commands, dice[1]);
            toggle_held(&mut commands, dice[2]);
            toggle_held(&mut commands, dice[2]);
        })
        .unwrap();
    assert_eq!(
        held_in(app.world(), tray),
        [true, true, false, false, false]
    );
    let kept: Vec<Transform> = dice[..2]
        .iter()
        .map(|&d| *app.world().get::<Transform>(d).unwrap())
        .collect();
    app.world_mut().trigger(ThrowDice {
        tray,
        dice: dice[2..].to_vec(),
        aim: None,
        opens: false,
    });
    app.world_mut().flush();
    assert!(
        dice[2..]
            .iter()
            .all(|&d| body(&app, d) == RigidBody::Dynamic)
    );
    assert!(dice[..2].iter().all(|&d| body(&app, d) == RigidBody::Fixed));
    let second = settle(&mut app, 2);
    assert_eq!(
        second.faces[..2],
        first.faces[..2],
        "the kept dice read the same"
    );
    for (slot, &d) in dice[..2].iter().enumerate() {
        assert_eq!(
            *app.world().get::<Transform>(d).unwrap(),
            kept[slot],
            "a kept die stays"
        );
        assert!(app.world().get::<Held>(d).is_some(), "and stays held");
    }
    // A new throw of all five lets every die go and holds none.
    throw_all(&mut app, tray);
    assert_eq!(held_in(app.world(), tray), [false; 5]);
    let third = settle(&mut app, 3);
    // What the game was told is what every die shows on top, the kept
    // dice's faces unchanged from the throw before.
    let tops = dice.map(|d| read_top(app.world().get::<Transform>(d).unwrap().rotation).value);
    assert_eq!(third.faces.to_vec(), tops.to_vec());
    assert_eq!(third.tray, tray);
}

#[test]
fn turned_pips_show_any_dealt_face_and_read_as_it() {
    use dice_poker::dice::faces::{cube_rotations, turn_to_show};
    use rand::{Rng, SeedableRng};
    let turns = cube_rotations();
    assert_eq!(turns.len(), 24);
    for (i, a) in turns.iter().enumerate() {
        // Each is a cube symmetry, and no two are the same rotation.
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            let v = *a * axis;
            assert!(v.abs().max_element() > 0.9999, "{a:?} keeps axes on axes");
        }
        for b in &turns[i + 1..] {
            assert!(a.dot(*b).abs() < 0.9999, "{a:?} twice");
        }
    }
    // Dice at rest in any pose the physics leaves, any face dealt.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..500 {
        let rest = turns[rng.random_range(0..24)];
        let yaw = Quat::from_rotation_y(rng.random_range(0.0..std::f32::consts::TAU));
        let tilt = Quat::from_rotation_x(rng.random_range(-0.05..0.05));
        let rotation = tilt * yaw * rest;
        let want = rng.random_range(1..=6u8);
        let turn = turn_to_show(rotation, want);
        assert!(turns.iter().any(|t| t.dot(turn).abs() > 0.9999));
        let shown = read_top(rotation * turn);
        assert_eq!(shown.value, want, "{rotation:?}");
        assert!(shown.is_flat(), "the turn keeps a flat die flat");
    }
}

#[test]
fn a_dealt_throw_still_flies_and_lands_on_the_dealt_faces() {
    use dice_poker::dice::Dealt;
    let (mut app, tray) = app_with_tray(21);
    let dice = dice_of(&app, tray);
    let deals: [[u8; 5]; 4] = [
        [6, 6, 6, 6, 6],
        [1, 2, 3, 4, 5],
        [3, 1, 4, 1, 5],
        [2, 2, 5, 5, 6],
    ];
    for (n, want) in deals.iter().enumerate() {
        app.world_mut().entity_mut(tray).insert(Dealt(*want));
        let start = app.world().get::<Transform>(dice[0]).unwrap().translation;
        throw_all(&mut app, tray);
        let settled = settle(&mut app, n + 1);
        assert_eq!(settled.faces, *want, "throw {n}");
        // The dice moved (a real throw), and each shows its dealt face read
        // from its own pose, flat.
        assert!(settled.seconds > 0.2, "{}", settled.seconds);
        let end = app.world().get::<Transform>(dice[0]).unwrap().translation;
        assert!(start.distance(end) > 0.01, "the die flew");
        for (slot, &die) in dice.iter().enumerate() {
            let top = read_top(app.world().get::<Transform>(die).unwrap().rotation);
            assert_eq!(top.value, want[slot]);
            assert!(top.is_flat());
        }
        assert!(app.world().get::<Dealt>(tray).is_none(), "used once");
    }
    // Without a deal the physics decides again: over a few throws the faces
    // differ from the last deal.
    let mut free = Vec::new();
    for n in 0..3 {
        throw_all(&mut app, tray);
        free.push(settle(&mut app, deals.len() + n + 1).faces);
    }
    assert!(free.iter().any(|f| f != &deals[3]), "{free:?}");
}

/// Throws of a drawn tray seeded `seed`: three throws of all five dice, each
/// as its faces and its simulated time to rest (as bits). Before the dice
/// take their shape and between the throws, the drawn dice in `pointed`
/// are marked as picking marks what the pointer rests on (its interaction
/// added to the entity whose mesh the pointer's ray hits).
fn drawn_throws(seed: u64, pointed: &[usize]) -> Vec<([u8; 5], u32)> {
    use bevy::picking::hover::PickingInteraction;
    let first: Vec<usize> = pointed.to_vec();
    let (mut app, tray) = app_with_tray_and(seed, move |app| {
        draw_dice(app);
        // The pointer already rests there as the dice are drawn.
        app.add_observer(
            move |add: On<Add, Mesh3d>,
                  dice: Query<&Die>,
                  parents: Query<&ChildOf>,
                  mut commands: Commands| {
                let die = parents.get(add.entity).map_or(add.entity, |c| c.parent());
                if dice.get(die).is_ok_and(|d| first.contains(&d.slot)) {
                    commands
                        .entity(add.entity)
                        .insert(PickingInteraction::Hovered);
                }
            },
        );
    });
    let dice = dice_of(&app, tray);
    let point = |app: &mut App, slot: usize| {
        let world = app.world_mut();
        let drawn: Vec<Entity> = world
            .query_filtered::<Entity, With<Mesh3d>>()
            .iter(world)
            .filter(|&e| {
                e == dice[slot]
                    || world
                        .get::<ChildOf>(e)
                        .is_some_and(|c| c.parent() == dice[slot])
            })
            .collect();
        assert_eq!(drawn.len(), 1, "die {slot} is drawn by one mesh");
        world
            .entity_mut(drawn[0])
            .insert(PickingInteraction::Pressed);
    };
    let mut throws = Vec::new();
    for n in 1..=3 {
        throw_all(&mut app, tray);
        let thrown = settle(&mut app, n);
        throws.push((thrown.faces, thrown.seconds.to_bits()));
        for &slot in pointed {
            point(&mut app, (slot + n) % 5);
        }
    }
    throws
}

#[test]
fn the_pointer_resting_on_a_drawn_die_changes_no_throw() {
    let plain = drawn_throws(42, &[]);
    assert_eq!(
        drawn_throws(42, &[]),
        plain,
        "the same seed, the same throws"
    );
    for pointed in [&[1][..], &[3], &[0, 4]] {
        assert_eq!(drawn_throws(42, pointed), plain, "pointing at {pointed:?}");
    }
}

#[test]
fn a_click_on_a_die_in_a_scene_drawn_at_half_the_window_picks_that_die() {
    use bevy::camera::primitives::MeshAabb;
    use bevy::picking::mesh_picking::ray_cast::{
        MeshRayCast, MeshRayCastSettings, RayCastVisibility,
    };
    use dice_poker::game::Screen;
    use dice_poker::game::core::view::SceneView;
    use dice_poker::game::presentation::scaled::scene_ray;
    use dice_poker::game::presentation::scene::camera_for;

    let (mut app, die) = drawn_die();
    let tray = app.world().get::<Die>(die).unwrap().tray;
    let dice = dice_of(&app, tray);
    // A 1280x800 window whose scene is drawn into a 640x400 image.
    let half = SceneView { per_point: 0.5 };
    let camera = crate::support::camera_on(UVec2::new(640, 400));
    let at = camera_for(Screen::Solo).unwrap();
    let camera_tf = GlobalTransform::from(at);
    // What the renderer would have added: each drawn die's bounds and visibility.
    let world = app.world_mut();
    let mesh = world.resource::<DiceLook>().body.clone();
    let bounds = world
        .resource::<Assets<Mesh>>()
        .get(&mesh)
        .and_then(|m| m.compute_aabb())
        .expect("the die's mesh has bounds");
    let skins: Vec<Entity> = world
        .query_filtered::<Entity, With<Mesh3d>>()
        .iter(world)
        .collect();
    for skin in skins {
        world
            .entity_mut(skin)
            .insert((bounds, Visibility::default()));
    }
    for _ in 0..2 {
        app.update();
    }
    let world = app.world_mut();
    let hit = |world: &mut World, view: SceneView, window_at: Vec2| -> Option<Entity> {
        let ray = scene_ray(&camera, &camera_tf, view, window_at)?;
        world
            .run_system_once(move |mut cast: MeshRayCast, parents: Query<&ChildOf>| {
                let settings = MeshRayCastSettings::default()
                    .with_visibility(RayCastVisibility::Any)
                    .always_early_exit();
                let first = cast.cast_ray(ray, &settings).first().map(|(e, _)| *e)?;
                // A die is drawn by its child: the click goes to the die.
                Some(parents.get(first).map_or(first, |c| c.parent()))
            })
            .unwrap()
    };
    for die in dice {
        let centre = world.get::<GlobalTransform>(die).unwrap().translation();
        let in_image = camera.world_to_viewport(&camera_tf, centre).unwrap();
        let in_window = half.to_window(in_image);
        assert!(in_window.x > 0.0 && in_window.x < 1280.0 && in_window.y < 800.0);
        assert_eq!(hit(world, half, in_window), Some(die), "at {in_window}");
        // Taken as a point of the image itself, the same place misses it.
        assert_ne!(hit(world, SceneView::default(), in_window), Some(die));
    }
}

/// A resource the physics never reads, of kind `N`.
#[derive(Resource)]
struct Unrelated<const N: usize>;

/// What else an app holds besides the tray under test.
#[derive(Clone, Copy, Debug)]
struct Company {
    /// Resources of no concern to the dice, added before the tray.
    resources: usize,
    /// Another tray, spawned before and thrown with it.
    neighbour: bool,
    /// Frames run before the first throw (0: thrown as it is set down).
    wait: usize,
}

/// Three seeded throws (faces and simulated time to rest) of a tray spawned
/// into an app holding `company`.
fn throws_among(company: Company) -> Vec<([u8; 5], u32)> {
    let mut app = physics_app();
    for n in 0..company.resources {
        match n {
            0 => app.insert_resource(Unrelated::<0>),
            1 => app.insert_resource(Unrelated::<1>),
            _ => app.insert_resource(Unrelated::<2>),
        };
    }
    app.init_resource::<Settled>();
    app.add_observer(|s: On<DiceSettled>, mut all: ResMut<Settled>| all.0.push(s.event().clone()));
    app.finish();
    app.cleanup();
    let (tray, neighbour) = {
        let world = app.world_mut();
        let mut commands = world.commands();
        let neighbour = company
            .neighbour
            .then(|| spawn_table(&mut commands, Vec3::new(-20.0, 0.0, 0.0), 9));
        let tray = spawn_table(&mut commands, Vec3::ZERO, 42);
        world.flush();
        (tray, neighbour)
    };
    for _ in 0..company.wait {
        app.update();
    }
    let mut throws = Vec::new();
    for n in 1..=3 {
        throw_all(&mut app, tray);
        if let Some(other) = neighbour {
            throw_all(&mut app, other);
        }
        let thrown = loop {
            app.update();
            let ours: Vec<DiceSettled> = app
                .world()
                .resource::<Settled>()
                .0
                .iter()
                .filter(|s| s.tray == tray)
                .cloned()
                .collect();
            if ours.len() >= n {
                break ours[n - 1].clone();
            }
        };
        throws.push((thrown.faces, thrown.seconds.to_bits()));
    }
    throws
}

#[test]
fn a_tray_throws_the_same_whatever_else_the_app_holds() {
    let alone = Company {
        resources: 0,
        neighbour: false,
        wait: 0,
    };
    let plain = throws_among(alone);
    for company in [
        Company {
            resources: 1,
            ..alone
        },
        Company {
            resources: 2,
            ..alone
        },
        Company {
            resources: 3,
            ..alone
        },
        Company {
            neighbour: true,
            ..alone
        },
        Company { wait: 30, ..alone },
        Company {
            resources: 1,
            neighbour: true,
            wait: 3,
        },
    ] {
        assert_eq!(throws_among(company), plain, "among {company:?}");
    }
}
