//! A surface's relief and finish from its own colour: the dark of wood is
//! its gaps and its late rings, which lie lower and are rougher; the dark of
//! felt is between its fibres. So a normal map and a roughness map follow
//! from the albedo already drawn, for a few milliseconds and no second noise.

use super::{Texels, rgba};

/// A texel's brightness, 0 to 1.
fn brightness(level: &[u8], at: usize) -> f32 {
    let [r, g, b] = [level[at], level[at + 1], level[at + 2]].map(f32::from);
    (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0
}

/// The brightness of every texel of level 0.
fn heights(albedo: &Texels) -> Vec<f32> {
    let level = &albedo.levels[0];
    (0..level.len() / 4)
        .map(|i| brightness(level, i * 4))
        .collect()
}

/// A surface's relief and finish from one reading of its brightness: a
/// tangent-space normal map (x along `u`, y along `v`, 128 at zero) of a
/// surface whose height is its brightness, `strength` the height of the whole
/// range from black to white in texels, tiling as the albedo does; and a
/// roughness map (green; metal, none, in blue) from `smooth` where the
/// surface is brightest to `rough` where it is darkest.
pub fn relief_and_finish(
    albedo: &Texels,
    strength: f32,
    smooth: f32,
    rough: f32,
) -> (Texels, Texels) {
    let height = heights(albedo);
    (
        relief_of(&height, albedo.size, strength),
        finish_of(&height, albedo.size, smooth, rough),
    )
}

fn relief_of(height: &[f32], edge: u32, strength: f32) -> Texels {
    let size = edge as usize;
    let at = |x: usize, y: usize| height[(y % size) * size + x % size];
    Texels::draw(edge, |u, v| {
        let (x, y) = ((u * size as f32) as usize, (v * size as f32) as usize);
        // Central differences, wrapping round the edges.
        let du = (at(x + 1, y) - at(x + size - 1, y)) * strength / 2.0;
        let dv = (at(x, y + 1) - at(x, y + size - 1)) * strength / 2.0;
        let len = (du * du + dv * dv + 1.0).sqrt();
        rgba([-du / len, -dv / len, 1.0 / len].map(|c| c * 0.5 + 0.5))
    })
}

fn finish_of(height: &[f32], edge: u32, smooth: f32, rough: f32) -> Texels {
    let size = edge as usize;
    let (low, high) = height
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), &b| (l.min(b), h.max(b)));
    let span = (high - low).max(1e-3);
    Texels::draw(edge, |u, v| {
        let (x, y) = ((u * size as f32) as usize, (v * size as f32) as usize);
        let dark = 1.0 - (height[y * size + x] - low) / span;
        rgba([1.0, smooth + (rough - smooth) * dark, 0.0])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::texture::wood;

    fn texel(t: &Texels, x: usize, y: usize) -> [u8; 4] {
        let at = (y * t.size as usize + x) * 4;
        t.levels[0][at..at + 4].try_into().unwrap()
    }

    #[test]
    fn a_dark_groove_is_a_groove_and_the_rough_part() {
        // A light image with a dark vertical groove at x = 8..=9.
        let light = Texels::draw(16, |u, _| {
            let x = (u * 16.0) as usize;
            rgba([if (8..=9).contains(&x) { 0.1 } else { 0.9 }; 3])
        });
        let (normal, rough) = relief_and_finish(&light, 4.0, 0.4, 0.9);
        // Left of the groove the ground falls away to the right: the normal
        // leans right (+u); right of it, left.
        assert!(texel(&normal, 7, 3)[0] > 140, "{:?}", texel(&normal, 7, 3));
        assert!(
            texel(&normal, 10, 3)[0] < 116,
            "{:?}",
            texel(&normal, 10, 3)
        );
        // Flat away from it, and level along v everywhere.
        assert_eq!(&texel(&normal, 2, 3)[..3], &[128, 128, 255]);
        assert!((i32::from(texel(&normal, 7, 3)[1]) - 128).abs() <= 1);
        assert!(texel(&rough, 8, 3)[1] > texel(&rough, 2, 3)[1]);
        assert_eq!(texel(&rough, 2, 3)[1], rgba([0.0, 0.4, 0.0])[1]);
    }

    #[test]
    fn wood_relief_tiles_and_has_its_gaps() {
        let boards = wood(64, 7);
        let (normal, _) = relief_and_finish(&boards, 6.0, 0.5, 0.9);
        assert_eq!(normal.size, 64);
        assert_eq!(normal.levels.len(), boards.levels.len());
        // Something leans: the gaps between boards are cut into the wood.
        let leaning = normal.levels[0]
            .chunks(4)
            .filter(|t| (i32::from(t[1]) - 128).abs() > 20)
            .count();
        assert!(leaning > 64, "{leaning} texels lean along v");
    }
}
