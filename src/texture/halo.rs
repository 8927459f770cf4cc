//! The soft light around a flame, as an eye (or a lens) sees a bright lamp
//! in a dim room: a round falloff, brightest at the centre, a long faint
//! tail, and nothing at all at the image's edge so the quad it lies on never
//! shows. White, with the falloff in alpha, so one image serves every flame
//! in its own colour (drawn additively, the colour times alpha adds light).

use super::Texels;

/// How wide the bright core is against the whole halo (as a squared radius):
/// smaller is a tighter core with a longer tail.
const CORE: f32 = 0.08;

/// How much a halo adds at `r`, the distance from its centre over its
/// radius: 1 at the centre, falling to exactly 0 at the rim and beyond.
pub fn falloff(r: f32) -> f32 {
    if r >= 1.0 {
        return 0.0;
    }
    let r2 = r * r;
    // A lens's glare (an inverse square around a core), faded to nothing
    // at the rim so the tail ends without an edge.
    let glare = CORE / (CORE + r2);
    let fade = (1.0 - r2) * (1.0 - r2);
    glare * fade
}

/// A halo image of edge `size` (a power of two), with its mips.
pub fn halo(size: u32) -> Texels {
    Texels::draw(size, |u, v| {
        let r = 2.0 * ((u - 0.5).powi(2) + (v - 0.5).powi(2)).sqrt();
        let a = (falloff(r) * 255.0 + 0.5) as u8;
        [255, 255, 255, a]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_halo_is_brightest_at_its_centre_and_gone_at_its_edge() {
        assert_eq!(falloff(0.0), 1.0);
        assert_eq!(falloff(1.0), 0.0);
        let along: Vec<f32> = (0..=20).map(|i| falloff(i as f32 / 20.0)).collect();
        assert!(along.windows(2).all(|w| w[1] < w[0]), "{along:?}");
        // A bright core and a faint tail, not a disc.
        assert!(
            falloff(0.5) < 0.2 && falloff(0.5) > 0.05,
            "{}",
            falloff(0.5)
        );

        let size = 64;
        let t = halo(size);
        let alpha = |x: u32, y: u32| t.levels[0][((y * size + x) * 4 + 3) as usize];
        let texel = |x: u32, y: u32| &t.levels[0][((y * size + x) * 4) as usize..][..3];
        // Every texel on the border is clear, so the quad's edge never shows.
        for i in 0..size {
            for (x, y) in [(i, 0), (0, i), (i, size - 1), (size - 1, i)] {
                assert_eq!(alpha(x, y), 0, "border texel ({x}, {y})");
            }
        }
        assert!(alpha(size / 2, size / 2) > 200);
        // Round: the same at the same distance in every direction.
        let r = 12;
        let (c, c1) = (size / 2, size / 2 - 1);
        for (x, y) in [(c + r, c), (c1 - r, c1), (c, c + r), (c1, c1 - r)] {
            assert!(alpha(x, y).abs_diff(alpha(c + r, c)) <= 1, "({x}, {y})");
        }
        // White everywhere: the flame's own colour tints it.
        assert!((0..size).all(|x| texel(x, size / 3) == [255, 255, 255]));
    }
}
