//! How dice and tray look: meshes and materials, added when a die or tray part
//! appears. Only the windowed game adds this plugin; physics never needs it.

use bevy::prelude::*;

use super::faces::{FACE_TABLE, pip_positions};
use super::tray::{
    DIE_SIZE, Die, TRAY_DEPTH, TRAY_WIDTH, TrayPart, WALL_CENTRE, WALL_HEIGHT, WALL_THICKNESS,
};

/// Thickness of the wooden rails drawn along the walls.
pub const RAIL_THICKNESS: f32 = 0.3;
/// How far the rails reach below the felt, hiding its edge.
pub const RAIL_BASE: f32 = 0.3;
/// Thickness of the drawn felt.
pub const FELT_THICKNESS: f32 = 0.1;
/// Pip radius relative to the die edge.
pub const PIP_RADIUS: f32 = 0.09;
/// How far from a face's centre the outer pips sit, as a share of the half edge.
pub const PIP_SPREAD: f32 = 0.52;
/// How flat a pip is: its depth over its radius.
pub const PIP_FLATNESS: f32 = 0.35;

/// Colour of a die's body.
const DIE_COLOR: Color = Color::srgb(0.96, 0.94, 0.9);
/// Colour of a held die's body.
const HELD_COLOR: Color = Color::srgb(1.0, 0.78, 0.3);
/// Colour of the pips.
const PIP_COLOR: Color = Color::srgb(0.08, 0.08, 0.1);
/// Colour of the one-pip, red as on many real dice.
const ONE_COLOR: Color = Color::srgb(0.8, 0.1, 0.1);
/// Colour of the felt.
const FELT_COLOR: Color = Color::srgb(0.1, 0.38, 0.22);
/// Colour of the wooden walls.
const WOOD_COLOR: Color = Color::srgb(0.42, 0.26, 0.14);

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
    pip_dark: Handle<StandardMaterial>,
    pip_red: Handle<StandardMaterial>,
    felt: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
}

/// Adds meshes to dice and trays. Needs mesh and material assets.
pub fn plugin(app: &mut App) {
    let look = {
        let mut meshes = app.world_mut().resource_mut::<Assets<Mesh>>();
        let body = meshes.add(Cuboid::from_length(DIE_SIZE));
        let pip = meshes.add(Sphere::new(1.0).mesh().uv(12, 8));
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        let mut matte = |color: Color| {
            materials.add(StandardMaterial {
                base_color: color,
                perceptual_roughness: 0.55,
                ..default()
            })
        };
        DiceLook {
            body,
            pip,
            free: matte(DIE_COLOR),
            held: matte(HELD_COLOR),
            pip_dark: matte(PIP_COLOR),
            pip_red: matte(ONE_COLOR),
            felt: matte(FELT_COLOR),
            wood: matte(WOOD_COLOR),
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
                for at in pip_positions(face.value, DIE_SIZE, PIP_SPREAD) {
                    die.spawn((
                        Pip { face: face.value },
                        Mesh3d(look.pip.clone()),
                        MeshMaterial3d(material.clone()),
                        Transform::from_translation(at)
                            .with_rotation(Quat::from_rotation_arc(Vec3::Y, face.normal))
                            .with_scale(Vec3::new(radius, radius * PIP_FLATNESS, radius) * scale),
                    ));
                }
            }
        });
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
    // What is drawn for each part: a box of `size`, `offset` from the collider's centre.
    let (size, offset, material) = match part {
        TrayPart::Lid => return,
        // A thin felt sheet whose top is the collider's top; the rails hide its edges.
        TrayPart::Floor => (
            Vec3::new(
                TRAY_WIDTH + 2.0 * rail,
                FELT_THICKNESS,
                TRAY_DEPTH + 2.0 * rail,
            ),
            Vec3::Y * (WALL_THICKNESS - FELT_THICKNESS) / 2.0,
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
            (size, offset, &look.wood)
        }
    };
    commands
        .entity(add.entity)
        .insert(Visibility::default())
        .with_child((
            Mesh3d(meshes.add(Cuboid::from_size(size))),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(offset),
        ));
}
