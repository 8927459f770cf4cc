//! How dice and tray look: meshes and materials, added when a die or tray part
//! appears: the felt and the rails are drawn with the game's own wood and
//! felt ([`super::surfaces`]). Only the windowed game adds this plugin;
//! physics never needs it.

use bevy::prelude::*;

use super::faces::{FACE_TABLE, pip_positions};
use super::surfaces::{self, Surfaces, WOOD_TILE, felt_sheet, world_uvs};
use super::tray::{
    DIE_SIZE, Die, TRAY_DEPTH, TRAY_WIDTH, TrayPart, WALL_CENTRE, WALL_HEIGHT, WALL_THICKNESS,
};

/// Thickness of the wooden rails drawn along the walls.
pub const RAIL_THICKNESS: f32 = 0.3;
/// How far the rails reach below the felt, hiding its edge.
pub const RAIL_BASE: f32 = 0.3;
/// Pip radius relative to the die edge.
pub const PIP_RADIUS: f32 = 0.09;
/// How far from a face's centre the outer pips sit, as a share of the half edge.
pub const PIP_SPREAD: f32 = 0.52;
/// How flat a pip is: its depth over its radius.
pub const PIP_FLATNESS: f32 = 0.35;
/// How far a pip's centre sits below the face, as a share of its depth: the
/// pip is a shallow dark dimple, not a bump.
pub const PIP_SINK: f32 = 0.7;
/// Radius of the drawn die's rounded edges: a little rounder than the
/// collider's, which reads better from the camera; a die at rest lies the same.
pub const EDGE_RADIUS: f32 = crate::dice::tray::DIE_ROUNDING * 1.6;
/// Grid cells along each face of the drawn die; more make rounder edges.
const FACE_CELLS: usize = 12;

/// Colour of a die's body.
const DIE_COLOR: Color = Color::srgb(0.96, 0.94, 0.9);
/// Colour of a held die's body.
const HELD_COLOR: Color = Color::srgb(1.0, 0.78, 0.3);
/// Glow of a die that is part of the hand.
pub const GLOW: LinearRgba = LinearRgba::rgb(0.5, 0.4, 0.12);
/// How much darker a die outside the hand is drawn.
const DIM: f32 = 0.4;
/// Colour of the pips.
const PIP_COLOR: Color = Color::srgb(0.08, 0.08, 0.1);
/// Colour of the one-pip, red as on many real dice.
const ONE_COLOR: Color = Color::srgb(0.8, 0.1, 0.1);
/// Colour of the felt (its image is a warm grey this tints).
const FELT_COLOR: Color = Color::srgb(0.12, 0.42, 0.25);
/// Colour of the wooden walls (likewise).
const WOOD_COLOR: Color = Color::srgb(0.5, 0.31, 0.17);

/// One pip of a die; `face` is the face it belongs to.
#[derive(Component, Debug, Clone, Copy)]
pub struct Pip {
    /// The face (1..=6) this pip is part of.
    pub face: u8,
}

/// Shared meshes and materials of the dice.
#[derive(Resource, Debug, Clone)]
pub struct DiceLook {
    /// The die's body.
    pub body: Handle<Mesh>,
    /// One pip.
    pub pip: Handle<Mesh>,
    /// Body of a free die.
    pub free: Handle<StandardMaterial>,
    /// Body of a held die.
    pub held: Handle<StandardMaterial>,
    /// Body of a free die that is part of the hand.
    pub free_glow: Handle<StandardMaterial>,
    /// Body of a held die that is part of the hand.
    pub held_glow: Handle<StandardMaterial>,
    /// Body of a free die outside the hand.
    pub free_dim: Handle<StandardMaterial>,
    /// Body of a held die outside the hand.
    pub held_dim: Handle<StandardMaterial>,
    pip_dark: Handle<StandardMaterial>,
    pip_red: Handle<StandardMaterial>,
    felt: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
}

/// Adds meshes to dice and trays. Needs mesh, image and material assets.
pub fn plugin(app: &mut App) {
    app.add_plugins(surfaces::plugin);
    let images = app.world().resource::<Surfaces>().clone();
    let look = {
        let mut meshes = app.world_mut().resource_mut::<Assets<Mesh>>();
        let body = meshes.add(rounded_cube(DIE_SIZE, EDGE_RADIUS, FACE_CELLS));
        let pip = meshes.add(Sphere::new(1.0).mesh().uv(12, 8));
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        // A surface tinted `color`, over one of the game's images or none.
        let mut matte = |color: Color, image: Option<&Handle<Image>>, roughness: f32| {
            materials.add(StandardMaterial {
                base_color: color,
                base_color_texture: image.cloned(),
                perceptual_roughness: roughness,
                ..default()
            })
        };
        let felt = matte(FELT_COLOR, Some(&images.felt), 0.95);
        let wood = matte(WOOD_COLOR, Some(&images.wood), 0.6);
        let (pip_dark, pip_red) = (matte(PIP_COLOR, None, 0.4), matte(ONE_COLOR, None, 0.4));
        // Resin: smooth and a little glossy, so the light runs along the edges.
        let mut resin = |color: Color, glow: LinearRgba| {
            materials.add(StandardMaterial {
                base_color: color,
                perceptual_roughness: 0.22,
                reflectance: 0.6,
                emissive: glow,
                ..default()
            })
        };
        let dim = |c: Color| c.to_linear().with_luminance(c.luminance() * DIM).into();
        DiceLook {
            body,
            pip,
            free: resin(DIE_COLOR, LinearRgba::BLACK),
            held: resin(HELD_COLOR, LinearRgba::BLACK),
            free_glow: resin(DIE_COLOR, GLOW),
            held_glow: resin(HELD_COLOR, GLOW),
            free_dim: resin(dim(DIE_COLOR), LinearRgba::BLACK),
            held_dim: resin(dim(HELD_COLOR), LinearRgba::BLACK),
            pip_dark,
            pip_red,
            felt,
            wood,
        }
    };
    app.insert_resource(look);
    app.add_observer(dress_die);
    app.add_observer(dress_tray_part);
}

/// Gives a new die its body and pips, placed from the face table.
fn dress_die(add: On<Add, Die>, mut commands: Commands, look: Res<DiceLook>) {
    let radius = PIP_RADIUS * DIE_SIZE;
    commands
        .entity(add.entity)
        .insert((Mesh3d(look.body.clone()), MeshMaterial3d(look.free.clone())))
        .with_children(|die| {
            for face in FACE_TABLE {
                let material = if face.value == 1 {
                    &look.pip_red
                } else {
                    &look.pip_dark
                };
                // A one-pip is drawn larger, as on real dice.
                let scale = if face.value == 1 { 1.5 } else { 1.0 };
                let sink = face.normal * radius * PIP_FLATNESS * PIP_SINK * scale;
                for at in pip_positions(face.value, DIE_SIZE, PIP_SPREAD) {
                    die.spawn((
                        Pip { face: face.value },
                        Mesh3d(look.pip.clone()),
                        MeshMaterial3d(material.clone()),
                        Transform::from_translation(at - sink)
                            .with_rotation(Quat::from_rotation_arc(Vec3::Y, face.normal))
                            .with_scale(Vec3::new(radius, radius * PIP_FLATNESS, radius) * scale),
                    ));
                }
            }
        });
}

/// A cube of edge `size` with edges and corners rounded to `radius`: each
/// face is a grid pushed out from an inner box, so normals turn smoothly
/// round the edges and the light shows the roundness.
pub fn rounded_cube(size: f32, radius: f32, cells: usize) -> Mesh {
    let half = size / 2.0;
    let inner = half - radius;
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut indices = Vec::new();
    for normal in [
        Vec3::X,
        Vec3::NEG_X,
        Vec3::Y,
        Vec3::NEG_Y,
        Vec3::Z,
        Vec3::NEG_Z,
    ] {
        let u = if normal.y.abs() > 0.5 {
            Vec3::X
        } else {
            Vec3::Y
        };
        let v = normal.cross(u);
        let first = positions.len() as u32;
        for i in 0..=cells {
            for j in 0..=cells {
                let (a, b) = (i as f32 / cells as f32, j as f32 / cells as f32);
                let on_cube = (normal + u * (2.0 * a - 1.0) + v * (2.0 * b - 1.0)) * half;
                let core = on_cube.clamp(Vec3::splat(-inner), Vec3::splat(inner));
                let out = (on_cube - core).normalize_or(normal);
                positions.push((core + out * radius).to_array());
                normals.push(out.to_array());
                uvs.push([a, b]);
            }
        }
        let row = cells as u32 + 1;
        for i in 0..cells as u32 {
            for j in 0..cells as u32 {
                let k = first + i * row + j;
                // Counter-clockwise seen from outside: u × v = normal.
                indices.extend([k, k + row, k + 1, k + 1, k + row, k + row + 1]);
            }
        }
    }
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(bevy::mesh::Indices::U32(indices))
}

/// Paints the floor as felt and draws the walls as low wooden rails; the lid
/// and the upper walls stay invisible.
fn dress_tray_part(
    add: On<Add, TrayPart>,
    mut commands: Commands,
    look: Res<DiceLook>,
    parts: Query<&TrayPart>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Ok(&part) = parts.get(add.entity) else {
        return;
    };
    // The colliders are thick so nothing tunnels through; what is drawn is a
    // felt floor and slim rails on the inner faces of the walls.
    let rail = RAIL_THICKNESS;
    // What is drawn for each part: a mesh, `offset` from the collider's centre.
    let (mesh, offset, material) = match part {
        TrayPart::Lid => return,
        // A felt sheet on the collider's top, darker towards the walls; the
        // rails hide its edges.
        TrayPart::Floor => (
            felt_sheet(TRAY_WIDTH + 2.0 * rail, TRAY_DEPTH + 2.0 * rail),
            Vec3::Y * WALL_THICKNESS / 2.0,
            &look.felt,
        ),
        TrayPart::Wall { inward } => {
            let height = WALL_HEIGHT + RAIL_BASE;
            let size = if inward.z != 0.0 {
                Vec3::new(TRAY_WIDTH + 2.0 * rail, height, rail)
            } else {
                Vec3::new(rail, height, TRAY_DEPTH)
            };
            // Down from the collider's centre to the floor, then in to the wall's inner face.
            let offset = Vec3::Y * ((WALL_HEIGHT - RAIL_BASE) / 2.0 - WALL_CENTRE)
                + inward * (WALL_THICKNESS - rail) / 2.0;
            let mesh = world_uvs(Cuboid::from_size(size).mesh().build(), WOOD_TILE);
            (mesh, offset, &look.wood)
        }
    };
    commands
        .entity(add.entity)
        .insert(Visibility::default())
        .with_child((
            Mesh3d(meshes.add(mesh)),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(offset),
        ));
}
