//! Surfaces the game draws itself at start-up, in plain Rust: tiling images
//! for wood (boards with grain, warp, knots and gaps) and felt (fibres and
//! mottling), each with its roughness, as RGBA bytes with their whole mip
//! chain (a run-time image gets no mips from the renderer). No file is read
//! and nothing is downloaded: a small hash noise of our own makes them.
//! The renderer's side (images, samplers, the meshes they lie on) is in
//! [`crate::dice::surfaces`]; [`backdrop`] paints a room's still surfaces once
//! for a camera that stands still; [`halo`] is the soft light around a flame;
//! [`icon`] is the game's icon.

pub mod backdrop;
pub mod dice;
pub mod halo;
pub mod icon;
mod noise;
pub mod portrait;
pub mod relief;
mod surfaces;

pub use noise::{fbm, hash2, value_noise};
pub use surfaces::{WOOD_BOARDS, felt, wood};

/// An RGBA8 image that tiles, square, with every mip level down to 1×1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Texels {
    /// The edge of level 0, a power of two.
    pub size: u32,
    /// Level 0 first, each next half the edge of the last; 4 bytes a texel.
    pub levels: Vec<Vec<u8>>,
}

impl Texels {
    /// An image of edge `size` (a power of two) whose texel at `(x, y)` is
    /// `texel(u, v)` with `u, v` the texel's centre in `[0, 1)`; its mips
    /// follow, each texel the mean of four.
    pub fn draw(size: u32, texel: impl Fn(f32, f32) -> [u8; 4]) -> Texels {
        debug_assert!(size.is_power_of_two());
        let mut base = Vec::with_capacity((size * size * 4) as usize);
        let step = 1.0 / size as f32;
        for y in 0..size {
            for x in 0..size {
                base.extend(texel((x as f32 + 0.5) * step, (y as f32 + 0.5) * step));
            }
        }
        let mut levels = vec![base];
        let mut edge = size;
        while edge > 1 {
            let next = half(levels.last().map_or(&[][..], Vec::as_slice), edge);
            edge /= 2;
            levels.push(next);
        }
        Texels { size, levels }
    }

    /// Every level's bytes, one after another, as a texture upload takes them.
    pub fn data(&self) -> Vec<u8> {
        self.levels.concat()
    }

    /// How many levels there are.
    pub fn level_count(&self) -> u32 {
        self.levels.len() as u32
    }
}

/// The next mip level of a level of edge `edge`: each texel the mean of four.
fn half(level: &[u8], edge: u32) -> Vec<u8> {
    let (edge, next) = (edge as usize, (edge / 2) as usize);
    let mut out = Vec::with_capacity(next * next * 4);
    for y in 0..next {
        for x in 0..next {
            for c in 0..4 {
                let at = |dx: usize, dy: usize| {
                    u16::from(level[((2 * y + dy) * edge + 2 * x + dx) * 4 + c])
                };
                out.push(((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4) as u8);
            }
        }
    }
    out
}

/// A colour in `[0, 1]` as bytes, opaque.
pub fn rgba(rgb: [f32; 3]) -> [u8; 4] {
    let byte = |c: f32| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    [byte(rgb[0]), byte(rgb[1]), byte(rgb[2]), 255]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mip_chain_halves_down_to_one_texel_and_keeps_the_mean() {
        let t = Texels::draw(8, |u, _| {
            if u < 0.5 {
                [0, 0, 0, 255]
            } else {
                [200, 100, 50, 255]
            }
        });
        let edges: Vec<usize> = t.levels.iter().map(|l| l.len() / 4).collect();
        assert_eq!(edges, [64, 16, 4, 1]);
        assert_eq!(t.level_count(), 4);
        assert_eq!(t.levels[3], [100, 50, 25, 255]);
        assert_eq!(t.data().len(), (64 + 16 + 4 + 1) * 4);
    }
}
