//! What stands on a venue's table besides the trays: the look of the pot's
//! coins ([`CoinLook`]), a few things that tell the venues apart (a mug of
//! ale at the inn, a leather dice cup at the market, a coil of rope and a
//! compass at the harbour, a wine bottle at the den) and the venue's light
//! you can see (a lantern, or candles in the den). Few and simple shapes, on
//! the strip of cloth right of the trays where no panel covers them: a
//! software renderer pays for every pixel they cover.

use bevy::prelude::*;

use crate::dice::tray::TABLE_TOP;
use crate::game::table::coins::{CoinLook, DISC_RADIUS, DISC_THICKNESS};

use super::halo::Halo;
use super::light::FLAME;
use super::scene::{BRASS, spawn_lantern};

/// The coins' gold.
const GOLD: Color = Color::srgb(0.92, 0.74, 0.3);
/// Sides of a coin's edge: round enough from above, few enough to be cheap.
const COIN_SIDES: u32 = 20;
/// Where the props stand: on the cloth right of the trays, between them.
const PROPS_AT: Vec3 = Vec3::new(6.4, TABLE_TOP, 0.0);
/// Where the venue's lantern stands: the far right corner, clear of the
/// corner panels.
pub const LANTERN_AT: Vec3 = Vec3::new(6.0, TABLE_TOP, -8.5);
/// A candle's radius and height, and how far apart a den's three stand.
const CANDLE: (f32, f32) = (0.24, 1.4);
const CANDLE_GAP: f32 = 0.6;
/// The candles' one light (their flames share it), and its reach.
const CANDLE_LUMENS: f32 = 1_600_000.0;
const CANDLE_RANGE: f32 = 12.0;
/// A flame's glow: bright enough to read as lit in a dim room.
const FLAME_GLOW: LinearRgba = LinearRgba::rgb(12.0, 6.0, 1.8);
/// How wide the glow around a candle's flame is.
const CANDLE_HALO: f32 = 1.8;
/// The props' metals (pewter, brass): as the lantern's brass.
const METALLIC: f32 = 0.8;
const METAL_ROUGHNESS: f32 = 0.4;
/// A vessel's (mug, cup) outer radius, wall and height.
const VESSEL: (f32, f32, f32) = (0.55, 0.08, 1.1);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_coin_look);
}

/// The coins' mesh and gold, made once.
fn make_coin_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(CoinLook {
        mesh: meshes.add(
            Cylinder::new(DISC_RADIUS, DISC_THICKNESS)
                .mesh()
                .resolution(COIN_SIDES),
        ),
        material: materials.add(StandardMaterial {
            base_color: GOLD,
            metallic: 0.7,
            perceptual_roughness: 0.35,
            ..default()
        }),
    });
}

/// A simple material of `color` and `roughness`.
fn matte(
    materials: &mut Assets<StandardMaterial>,
    color: Color,
    roughness: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        ..default()
    })
}

/// A polished metal of `color`.
fn metal(materials: &mut Assets<StandardMaterial>, color: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: color,
        metallic: METALLIC,
        perceptual_roughness: METAL_ROUGHNESS,
        ..default()
    })
}

/// An open vessel standing on the table: walls, and what is inside seen
/// from above (`inside`, `fill` of its height up).
fn vessel(
    meshes: &mut Assets<Mesh>,
    wall: Handle<StandardMaterial>,
    inside: Handle<StandardMaterial>,
    fill: f32,
) -> impl Bundle {
    let (radius, thickness, height) = VESSEL;
    (
        Visibility::default(),
        children![
            (
                Mesh3d(meshes.add(Extrusion::new(
                    Annulus::new(radius - thickness, radius),
                    height,
                ))),
                MeshMaterial3d(wall),
                // The extrusion runs along z: stood up on the table.
                Transform::from_xyz(0.0, height / 2.0, 0.0)
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
            ),
            (
                Mesh3d(meshes.add(Circle::new(radius - thickness))),
                MeshMaterial3d(inside),
                Transform::from_xyz(0.0, height * fill, 0.0)
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
            ),
        ],
    )
}

/// The venue's things and its visible light, each with `scope`.
pub fn spawn_props(
    venue: &str,
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    scope: impl Bundle + Clone,
) {
    let at = |x: f32, z: f32| Transform::from_translation(PROPS_AT + Vec3::new(x, 0.0, z));
    match venue {
        "market" => {
            let leather = matte(materials, Color::srgb(0.33, 0.16, 0.09), 0.8);
            let dark = matte(materials, Color::srgb(0.08, 0.05, 0.04), 0.9);
            commands.spawn((
                Name::new("Dice cup"),
                scope.clone(),
                at(0.0, 2.0),
                vessel(meshes, leather, dark, 0.1),
            ));
        }
        "harbour" => {
            let rope = matte(materials, Color::srgb(0.62, 0.52, 0.34), 0.95);
            commands.spawn((
                Name::new("Rope"),
                scope.clone(),
                Mesh3d(meshes.add(Torus::new(0.3, 0.75))),
                MeshMaterial3d(rope),
                at(0.0, 2.2).with_scale(Vec3::new(1.0, 1.6, 1.0)),
            ));
            let brass = metal(materials, BRASS);
            let dial = matte(materials, Color::srgb(0.9, 0.86, 0.76), 0.6);
            commands.spawn((
                Name::new("Compass"),
                scope.clone(),
                at(0.0, -1.8),
                Visibility::default(),
                children![
                    (
                        Mesh3d(meshes.add(Cylinder::new(0.45, 0.16))),
                        MeshMaterial3d(brass),
                        Transform::from_xyz(0.0, 0.08, 0.0),
                    ),
                    (
                        Mesh3d(meshes.add(Circle::new(0.36))),
                        MeshMaterial3d(dial),
                        Transform::from_xyz(0.0, 0.17, 0.0)
                            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                    ),
                ],
            ));
        }
        "den" => {
            let glass = materials.add(StandardMaterial {
                base_color: Color::srgb(0.08, 0.2, 0.1),
                metallic: 0.1,
                perceptual_roughness: 0.15,
                ..default()
            });
            commands.spawn((
                Name::new("Bottle"),
                scope.clone(),
                // Lying on its side, its neck towards the far end: a
                // bottle's shape reads from above, a standing one's does not.
                at(0.0, 3.0).with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2))
                    * Transform::from_xyz(0.0, 0.0, 0.4),
                Visibility::default(),
                children![
                    (
                        Mesh3d(meshes.add(Cylinder::new(0.4, 1.6))),
                        MeshMaterial3d(glass.clone()),
                        Transform::from_xyz(0.0, 0.8, 0.0),
                    ),
                    (
                        Mesh3d(meshes.add(ConicalFrustum {
                            radius_top: 0.13,
                            radius_bottom: 0.4,
                            height: 0.7,
                        })),
                        MeshMaterial3d(glass),
                        Transform::from_xyz(0.0, 1.95, 0.0),
                    ),
                ],
            ));
        }
        _ => {
            let pewter = metal(materials, Color::srgb(0.55, 0.55, 0.56));
            let ale = matte(materials, Color::srgb(0.93, 0.86, 0.68), 0.9);
            commands.spawn((
                Name::new("Mug"),
                scope.clone(),
                at(0.0, 2.0),
                vessel(meshes, pewter, ale, 0.85),
            ));
        }
    }
    // The light you can see: candles in the den, a lantern elsewhere.
    if venue == "den" {
        spawn_candles(commands, meshes, materials, LANTERN_AT, scope);
    } else {
        spawn_lantern(commands, meshes, materials, LANTERN_AT, scope);
    }
}

/// Three candles in a row at `at`, each flame in its halo, with one warm
/// light among their flames.
fn spawn_candles(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    at: Vec3,
    scope: impl Bundle,
) {
    let (radius, tallest) = CANDLE;
    let wax = matte(materials, Color::srgb(0.92, 0.88, 0.76), 0.7);
    let flame = materials.add(StandardMaterial {
        base_color: FLAME,
        emissive: FLAME_GLOW,
        ..default()
    });
    let flame_mesh = meshes.add(Sphere::new(radius * 0.6));
    let mut candles = commands.spawn((
        Name::new("Candles"),
        scope,
        Transform::from_translation(at),
        Visibility::default(),
    ));
    candles.with_children(|row| {
        for (i, share) in [0.7_f32, 1.0, 0.55].into_iter().enumerate() {
            let height = tallest * share;
            let x = (i as f32 - 1.0) * CANDLE_GAP;
            row.spawn((
                Mesh3d(meshes.add(Cylinder::new(radius, height))),
                MeshMaterial3d(wax.clone()),
                Transform::from_xyz(x, height / 2.0, 0.0),
            ));
            let flame_at = Transform::from_xyz(x, height + radius * 0.7, 0.0);
            row.spawn((
                Mesh3d(flame_mesh.clone()),
                MeshMaterial3d(flame.clone()),
                flame_at.with_scale(Vec3::new(1.0, 1.8, 1.0)),
            ));
            row.spawn((Halo { size: CANDLE_HALO }, flame_at));
        }
        row.spawn((
            PointLight {
                color: FLAME,
                intensity: CANDLE_LUMENS,
                range: CANDLE_RANGE,
                ..default()
            },
            Transform::from_xyz(0.0, tallest + radius, 0.0),
        ));
    });
}
