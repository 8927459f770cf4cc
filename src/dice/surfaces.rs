//! The drawn surfaces as the renderer takes them: the wood and felt images
//! of [`crate::texture`] (colour, relief and finish), made once at start-up
//! with their mips and a repeating sampler, and the meshes they lie on, whose texture coordinates
//! are the world's (so a long rail shows long boards, not one stretched).

use std::sync::Arc;

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::texture::relief::relief_and_finish;
use crate::texture::{Texels, felt, wood};

/// Texels along a wood image's edge.
pub const WOOD_TEXELS: u32 = 512;
/// Texels along a felt image's edge.
pub const FELT_TEXELS: u32 = 256;
/// World units one wood image covers: four boards of a quarter each.
pub const WOOD_TILE: f32 = 4.0;
/// World units one felt image covers.
pub const FELT_TILE: f32 = 2.5;
/// The seeds that pick the boards and the fibres.
const WOOD_SEED: u32 = 0x000d_1ce5;
const FELT_SEED: u32 = 0x0000_fe17;
/// How much darker felt is right at a wall than in the middle of the tray.
const FELT_EDGE_SHADE: f32 = 0.3;
/// How far from a wall the felt's shade reaches, in world units.
const FELT_EDGE_REACH: f32 = 1.4;
/// Cells along each side of the felt sheet (for its shading towards the walls).
const FELT_CELLS: u32 = 16;
/// How deep the wood's relief is (its darkest over its brightest, in texels):
/// gaps and late rings cut in.
const WOOD_RELIEF: f32 = 5.0;
/// How deep the felt's fibres stand.
const FELT_RELIEF: f32 = 2.0;
/// The wood's finish, from its brightest to its darkest: oiled boards, rough gaps.
const WOOD_FINISH: (f32, f32) = (0.5, 0.95);
/// The felt's: rough throughout.
const FELT_FINISH: (f32, f32) = (0.85, 1.0);

/// What a surface is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stuff {
    /// Boards with grain.
    Wood,
    /// Cloth.
    Felt,
}

/// The images every surface is drawn with, each made once, and their texels
/// (for painting a room's still part, [`crate::texture::backdrop`]).
#[derive(Resource, Debug, Clone)]
pub struct Surfaces {
    /// Wood: boards with grain along `u`, in a warm grey a material tints.
    pub wood: Handle<Image>,
    /// Felt: fibres and mottling, in the same grey.
    pub felt: Handle<Image>,
    /// Each stuff's relief (a normal map) and finish (roughness).
    pub wood_relief: (Handle<Image>, Handle<Image>),
    /// The felt's.
    pub felt_relief: (Handle<Image>, Handle<Image>),
    /// The wood's texels.
    pub wood_texels: Arc<Texels>,
    /// The felt's texels.
    pub felt_texels: Arc<Texels>,
}

/// Makes the images (the one time they are made) and keeps their handles.
pub fn plugin(app: &mut App) {
    let (wood_texels, felt_texels) = (
        Arc::new(wood(WOOD_TEXELS, WOOD_SEED)),
        Arc::new(felt(FELT_TEXELS, FELT_SEED)),
    );
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let mut maps = |texels: &Texels, depth: f32, (smooth, rough): (f32, f32)| {
        let (normal, finish) = relief_and_finish(texels, depth, smooth, rough);
        (
            images.add(data_image(&normal)),
            images.add(data_image(&finish)),
        )
    };
    let wood_relief = maps(&wood_texels, WOOD_RELIEF, WOOD_FINISH);
    let felt_relief = maps(&felt_texels, FELT_RELIEF, FELT_FINISH);
    let surfaces = Surfaces {
        wood: images.add(tiled_image(&wood_texels)),
        felt: images.add(tiled_image(&felt_texels)),
        wood_relief,
        felt_relief,
        wood_texels,
        felt_texels,
    };
    app.insert_resource(surfaces);
}

impl Surfaces {
    /// A material of `stuff` tinted `color`: its image, relief and finish
    /// (the mesh needs texture coordinates and tangents, as [`world_uvs`]
    /// gives it).
    pub fn material(&self, stuff: Stuff, color: Color) -> StandardMaterial {
        let (image, (normal, finish)) = match stuff {
            Stuff::Wood => (&self.wood, &self.wood_relief),
            Stuff::Felt => (&self.felt, &self.felt_relief),
        };
        StandardMaterial {
            base_color: color,
            base_color_texture: Some(image.clone()),
            normal_map_texture: Some(normal.clone()),
            metallic_roughness_texture: Some(finish.clone()),
            // The finish image holds the roughness itself.
            perceptual_roughness: 1.0,
            metallic: 0.0,
            ..default()
        }
    }
}

/// A tiling image of data (normals, roughness), read as it is, not as colour.
fn data_image(texels: &Texels) -> Image {
    image_of(texels, TextureFormat::Rgba8Unorm, ImageAddressMode::Repeat)
}

/// An image with its whole mip chain that repeats across a surface, sampled
/// smoothly between texels and between mip levels.
pub fn tiled_image(texels: &Texels) -> Image {
    image_of(
        texels,
        TextureFormat::Rgba8UnormSrgb,
        ImageAddressMode::Repeat,
    )
}

/// An atlas's image with its mip chain, not repeated: colours (`srgb`) or
/// data such as normals and roughness (linear).
pub fn atlas_image(texels: &Texels, srgb: bool) -> Image {
    let format = if srgb {
        TextureFormat::Rgba8UnormSrgb
    } else {
        TextureFormat::Rgba8Unorm
    };
    image_of(texels, format, ImageAddressMode::ClampToEdge)
}

fn image_of(texels: &Texels, format: TextureFormat, address: ImageAddressMode) -> Image {
    let mut image = Image::new_uninit(
        Extent3d {
            width: texels.size,
            height: texels.size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        format,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(texels.data());
    image.texture_descriptor.mip_level_count = texels.level_count();
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: address,
        address_mode_v: address,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// `mesh` with texture coordinates from its positions, one image every
/// `tile` world units: a face looks along its largest normal axis and takes
/// the other two, the first of them along an image's `u` (the wood's grain),
/// so the grain runs along a rail whichever way the rail lies.
pub fn world_uvs(mut mesh: Mesh, tile: f32) -> Mesh {
    let (
        Some(VertexAttributeValues::Float32x3(positions)),
        Some(VertexAttributeValues::Float32x3(normals)),
    ) = (
        mesh.attribute(Mesh::ATTRIBUTE_POSITION),
        mesh.attribute(Mesh::ATTRIBUTE_NORMAL),
    )
    else {
        return mesh;
    };
    let uvs: Vec<[f32; 2]> = positions
        .iter()
        .zip(normals)
        .map(|(&[x, y, z], &[nx, ny, nz])| {
            let (ax, ay, az) = (nx.abs(), ny.abs(), nz.abs());
            let (u, v) = if ax >= ay && ax >= az {
                (z, y)
            } else if ay >= az {
                (x, z)
            } else {
                (x, y)
            };
            [u / tile, v / tile]
        })
        .collect();
    mesh.insert_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
    // Along `u` and `v`, for the relief's normal map.
    if let Err(e) = mesh.generate_tangents() {
        warn!("a surface without relief: {e}");
    }
    mesh
}

/// A flat sheet of felt `width` by `depth` facing up, darker towards its
/// edges (where the tray's walls stand), its texture in world units.
pub fn felt_sheet(width: f32, depth: f32) -> Mesh {
    let n = FELT_CELLS;
    let mut positions = Vec::new();
    let mut colors = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let x = (i as f32 / n as f32 - 0.5) * width;
            let z = (j as f32 / n as f32 - 0.5) * depth;
            positions.push([x, 0.0, z]);
            colors.push(felt_edge_shade(x, z, width, depth));
        }
    }
    let mut indices = Vec::new();
    let row = n + 1;
    for i in 0..n {
        for j in 0..n {
            let k = i * row + j;
            // Counter-clockwise seen from above.
            indices.extend([k, k + 1, k + row, k + 1, k + row + 1, k + row]);
        }
    }
    let normals = vec![[0.0, 1.0, 0.0]; positions.len()];
    let mesh = Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
    .with_inserted_indices(Indices::U32(indices));
    world_uvs(mesh, FELT_TILE)
}

/// The shade of felt at `(x, z)` on a sheet of `width` by `depth`: 1 in the
/// middle, down by [`FELT_EDGE_SHADE`] at an edge, smoothly.
pub fn felt_edge_shade(x: f32, z: f32, width: f32, depth: f32) -> [f32; 4] {
    let edge = (width / 2.0 - x.abs()).min(depth / 2.0 - z.abs()).max(0.0);
    let t = (edge / FELT_EDGE_REACH).min(1.0);
    let near = 1.0 - t * t * (3.0 - 2.0 * t);
    let shade = 1.0 - FELT_EDGE_SHADE * near;
    [shade, shade, shade, 1.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn felt_darkens_towards_the_walls_and_the_grain_runs_along_a_rail() {
        let middle = felt_edge_shade(0.0, 0.0, 9.0, 6.0)[0];
        let wall = felt_edge_shade(4.5, 0.0, 9.0, 6.0)[0];
        assert_eq!(middle, 1.0);
        assert!((wall - (1.0 - FELT_EDGE_SHADE)).abs() < 1e-6);
        // A rail along z: its side faces take z along u, so the grain follows it.
        let rail = world_uvs(Cuboid::new(0.3, 1.5, 6.0).mesh().build(), WOOD_TILE);
        let Some(VertexAttributeValues::Float32x2(uvs)) = rail.attribute(Mesh::ATTRIBUTE_UV_0)
        else {
            panic!("no uvs");
        };
        let us: Vec<f32> = uvs.iter().map(|uv| uv[0]).collect();
        let span = us.iter().cloned().fold(f32::MIN, f32::max)
            - us.iter().cloned().fold(f32::MAX, f32::min);
        assert!((span - 6.0 / WOOD_TILE).abs() < 1e-5, "{span}");
        let sheet = felt_sheet(9.0, 6.0);
        assert_eq!(
            sheet.count_vertices(),
            ((FELT_CELLS + 1) * (FELT_CELLS + 1)) as usize
        );
    }
}
