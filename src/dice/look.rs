//! How dice and tray look: meshes and materials, added when a die or tray part
//! appears: the felt and the rails are drawn with the game's own wood and
//! felt ([`super::surfaces`]); a die is one rounded body whose pips are
//! dimples pressed into its faces by an image of its own, drawn at start-up
//! from the face table ([`crate::texture::dice`]). Only the windowed game
//! adds this plugin; physics never needs it.

use std::sync::Arc;

use bevy::prelude::*;

use super::faces::{FACE_TABLE, face, face_axes, pip_positions};
use super::surfaces::{self, Stuff, Surfaces, WOOD_TILE, atlas_image, felt_sheet, world_uvs};
use super::tray::{
    DIE_SIZE, Die, TRAY_DEPTH, TRAY_WIDTH, TrayPart, WALL_CENTRE, WALL_HEIGHT, WALL_THICKNESS,
};
use crate::texture::dice::{ATLAS_COLUMNS, ATLAS_ROWS, DieImages, FaceCell, die_faces, in_atlas};

/// Thickness of the wooden rails drawn along the walls.
pub const RAIL_THICKNESS: f32 = 0.3;
/// How far the rails reach below the felt, hiding its edge.
pub const RAIL_BASE: f32 = 0.3;
/// Pip radius relative to the die edge.
pub const PIP_RADIUS: f32 = 0.09;
/// How far from a face's centre the outer pips sit, as a share of the half edge.
pub const PIP_SPREAD: f32 = 0.52;
/// How much larger the one's pip is than the others, as on real dice.
pub const ONE_PIP_SCALE: f32 = 1.5;
/// Texels along the edge of the dice's face atlas (six faces in it).
pub const FACE_TEXELS: u32 = 512;
/// Radius of the drawn die's rounded edges: a little rounder than the
/// collider's, which reads better from the camera; a die at rest lies the same.
pub const EDGE_RADIUS: f32 = crate::dice::tray::DIE_ROUNDING * 1.6;
/// Grid cells along each face of the drawn die; more make rounder edges.
const FACE_CELLS: usize = 12;

pub use super::style::DiceStyle;

/// Glow of a die that is part of the hand.
pub const GLOW: LinearRgba = LinearRgba::rgb(0.28, 0.22, 0.07);
/// How much darker a die outside the hand is drawn.
const DIM: f32 = 0.4;
/// Colour of the felt (its image is a warm grey this tints).
const FELT_COLOR: Color = Color::srgb(0.12, 0.42, 0.25);
/// Colour of the wooden walls (likewise).
const WOOD_COLOR: Color = Color::srgb(0.5, 0.31, 0.17);

/// The colour a crooked die's body leans toward: a faint warmth, as of
/// old lead showing through.
const TELL: Color = Color::srgb(0.85, 0.45, 0.35);
/// How far it leans: enough for an attentive player to learn beside the
/// other dice, not enough to shout.
pub const TELL_SHARE: f32 = 0.07;

/// Shared meshes and materials of the dice.
#[derive(Resource, Debug, Clone)]
pub struct DiceLook {
    /// The die's body, its faces laid on the atlas's cells.
    pub body: Handle<Mesh>,
    /// The faces' images (the atlas the body's texture coordinates point into).
    pub faces: Arc<DieImages>,
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
    /// The same six for a crooked die (in the order of [`DiceLook::skins`]),
    /// its body leaning faintly toward [`TELL`].
    pub crooked: [Handle<StandardMaterial>; 6],
    felt: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
}

impl DiceLook {
    /// A die's six bodies, plain or crooked: free, held, free and held in
    /// the hand (glowing), free and held outside it (dimmed).
    pub fn skins(&self, crooked: bool) -> [&Handle<StandardMaterial>; 6] {
        if crooked {
            self.crooked.each_ref()
        } else {
            [
                &self.free,
                &self.held,
                &self.free_glow,
                &self.held_glow,
                &self.free_dim,
                &self.held_dim,
            ]
        }
    }
}

/// The rails across the near and far side of a tray whose floor centre is
/// `origin`, as they are drawn (see `dress_tray_part`): each box's centre
/// and size, world space. A die's label keeps off them.
pub fn rails_across(origin: Vec3) -> [(Vec3, Vec3); 2] {
    let size = Vec3::new(
        TRAY_WIDTH + 2.0 * RAIL_THICKNESS,
        WALL_HEIGHT + RAIL_BASE,
        RAIL_THICKNESS,
    );
    let y = (WALL_HEIGHT - RAIL_BASE) / 2.0;
    let z = TRAY_DEPTH / 2.0 + RAIL_THICKNESS / 2.0;
    [1.0, -1.0].map(|side| (origin + Vec3::new(0.0, y, side * z), size))
}

/// Adds meshes to dice and trays. Needs mesh, image and material assets.
pub fn plugin(app: &mut App) {
    app.add_plugins(surfaces::plugin);
    let images = app.world().resource::<Surfaces>().clone();
    let faces = Arc::new(die_faces(FACE_TEXELS, &face_cells()));
    let look = {
        let mut meshes = app.world_mut().resource_mut::<Assets<Mesh>>();
        let body = meshes.add(die_mesh(DIE_SIZE, EDGE_RADIUS, FACE_CELLS));
        let mut atlas = app.world_mut().resource_mut::<Assets<Image>>();
        let albedo = atlas.add(atlas_image(&faces.albedo, true));
        let normal = atlas.add(atlas_image(&faces.normal, false));
        let roughness = atlas.add(atlas_image(&faces.roughness, false));
        let mut materials = app.world_mut().resource_mut::<Assets<StandardMaterial>>();
        let felt = materials.add(images.material(Stuff::Felt, FELT_COLOR));
        let wood = materials.add(images.material(Stuff::Wood, WOOD_COLOR));
        // The dice's faces over the style's colour, the pips' paint rougher,
        // their dimples catching the light; the colour and the finish are
        // the style's (set below and whenever the style changes).
        let mut die = |glow: LinearRgba| {
            materials.add(StandardMaterial {
                base_color_texture: Some(albedo.clone()),
                normal_map_texture: Some(normal.clone()),
                metallic_roughness_texture: Some(roughness.clone()),
                // A glow lights the body, not the pips' paint.
                emissive_texture: Some(albedo.clone()),
                reflectance: 0.6,
                emissive: glow,
                ..default()
            })
        };
        DiceLook {
            body,
            faces,
            free: die(LinearRgba::BLACK),
            held: die(LinearRgba::BLACK),
            free_glow: die(GLOW),
            held_glow: die(GLOW),
            free_dim: die(LinearRgba::BLACK),
            held_dim: die(LinearRgba::BLACK),
            crooked: [
                die(LinearRgba::BLACK),
                die(LinearRgba::BLACK),
                die(GLOW),
                die(GLOW),
                die(LinearRgba::BLACK),
                die(LinearRgba::BLACK),
            ],
            felt,
            wood,
        }
    };
    app.insert_resource(look);
    app.init_resource::<DiceStyle>();
    app.add_systems(
        PostUpdate,
        restyle_dice.run_if(resource_changed::<DiceStyle>),
    );
    app.add_observer(dress_die);
    app.add_observer(dress_tray_part);
}

/// Paints the dice's six materials in the style's colours and finish (the
/// glow on the two that have one stays as it is).
fn restyle_dice(
    style: Res<DiceStyle>,
    look: Res<DiceLook>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let dim = |c: Color| -> Color { c.to_linear().with_luminance(c.luminance() * DIM).into() };
    let (body, held) = (style.body(), style.held());
    let plain = [body, held, body, held, dim(body), dim(held)];
    let tinted = plain.map(|c| c.mix(&TELL, TELL_SHARE));
    for (skins, colours) in [(look.skins(false), plain), (look.skins(true), tinted)] {
        for (handle, color) in skins.into_iter().zip(colours) {
            if let Some(mut m) = materials.get_mut(handle) {
                m.base_color = color;
                m.perceptual_roughness = style.roughness();
                m.metallic = style.metallic();
            }
        }
    }
}

/// The drawn body of a die: a child of the die's rigid body, so what the
/// window marks on what it draws (picking's hover and press, the renderer's
/// bounds) never touches the entity the physics engine knows. Rapier applies
/// changes in the order the ECS lists bodies, and a die marked alone would
/// be listed apart from the others: the pointer resting on one die made the
/// same seed throw other dice.
#[derive(Component, Debug, Clone, Copy)]
pub struct DieSkin;

/// Gives a new die its body: one mesh, its pips in its images, drawn by a
/// child ([`DieSkin`]).
fn dress_die(add: On<Add, Die>, mut commands: Commands, look: Res<DiceLook>) {
    commands.entity(add.entity).with_child((
        Name::new("Die skin"),
        DieSkin,
        Mesh3d(look.body.clone()),
        MeshMaterial3d(look.free.clone()),
    ));
}

/// The atlas cell of the face with value `value` (1..=6).
pub fn face_cell(value: u8) -> usize {
    usize::from(value.clamp(1, 6) - 1)
}

/// Each face's cell of the atlas (in [`face_cell`]'s order), from the face table: the pips where
/// [`pip_positions`] puts them, in the face's coordinates as the body's mesh
/// runs them (`0..1` along [`face_axes`]).
pub fn face_cells() -> Vec<FaceCell> {
    let half = DIE_SIZE / 2.0;
    let cells: Vec<FaceCell> = (1..=6u8)
        .map(|value| {
            let (u, v) = face_axes(face(value).normal);
            let scale = if value == 1 { ONE_PIP_SCALE } else { 1.0 };
            FaceCell {
                pips: pip_positions(value, DIE_SIZE, PIP_SPREAD)
                    .into_iter()
                    .map(|p| ((p.dot(u) / half + 1.0) / 2.0, (p.dot(v) / half + 1.0) / 2.0))
                    .collect(),
                radius: PIP_RADIUS * scale,
                red: value == 1,
            }
        })
        .collect();
    debug_assert_eq!(cells.len(), (ATLAS_COLUMNS * ATLAS_ROWS) as usize);
    cells
}

/// The die's body: a rounded cube whose faces each lie on their cell of the
/// atlas, with tangents along each face's first axis (so its normal map
/// leans the way the atlas was drawn).
pub fn die_mesh(size: f32, radius: f32, cells: usize) -> Mesh {
    let value_of = |normal: Vec3| {
        FACE_TABLE
            .iter()
            .find(|f| f.normal.abs_diff_eq(normal, 1e-4))
            .map_or(1, |f| f.value)
    };
    rounded_cube_with(size, radius, cells, |normal, a, b| {
        let (x, y) = in_atlas(face_cell(value_of(normal)), a, b);
        [x, y]
    })
}

/// A cube of edge `size` with edges and corners rounded to `radius`: each
/// face is a grid pushed out from an inner box, so normals turn smoothly
/// round the edges and the light shows the roundness.
pub fn rounded_cube(size: f32, radius: f32, cells: usize) -> Mesh {
    rounded_cube_with(size, radius, cells, |_, a, b| [a, b])
}

/// [`rounded_cube`] with each face's coordinates `(a, b)`, from 0 to 1 along
/// [`face_axes`], turned into texture coordinates by `uv(normal, a, b)`, and
/// tangents along the first axis.
fn rounded_cube_with(
    size: f32,
    radius: f32,
    cells: usize,
    uv: impl Fn(Vec3, f32, f32) -> [f32; 2],
) -> Mesh {
    let half = size / 2.0;
    let inner = half - radius;
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    let mut tangents = Vec::new();
    let mut indices = Vec::new();
    for normal in [
        Vec3::X,
        Vec3::NEG_X,
        Vec3::Y,
        Vec3::NEG_Y,
        Vec3::Z,
        Vec3::NEG_Z,
    ] {
        let (u, v) = face_axes(normal);
        let first = positions.len() as u32;
        for i in 0..=cells {
            for j in 0..=cells {
                let (a, b) = (i as f32 / cells as f32, j as f32 / cells as f32);
                let on_cube = (normal + u * (2.0 * a - 1.0) + v * (2.0 * b - 1.0)) * half;
                let core = on_cube.clamp(Vec3::splat(-inner), Vec3::splat(inner));
                let out = (on_cube - core).normalize_or(normal);
                positions.push((core + out * radius).to_array());
                normals.push(out.to_array());
                uvs.push(uv(normal, a, b));
                // Along `u` in the surface's plane; the bitangent the shader
                // makes, cross(normal, tangent), then runs along `v`.
                let tangent = (u - out * out.dot(u)).normalize_or(u);
                tangents.push([tangent.x, tangent.y, tangent.z, 1.0]);
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
    .with_inserted_attribute(Mesh::ATTRIBUTE_TANGENT, tangents)
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
