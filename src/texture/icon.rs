//! The game's icon as pixels: two ivory dice on a felt tile framed in wood,
//! the front die showing five and the one behind three, their pips placed
//! from the pattern the caller gives (the dice's own, so the icon and the
//! table show one die). The window sets it as its icon, and `dice-poker icon`
//! writes it for the packages' hicolor sizes.

use super::noise::fbm;

/// Where the pips of a face lie, in face coordinates from -1 to 1 (y up).
pub type Pips = fn(u8) -> &'static [(f32, f32)];

/// Samples per pixel along each axis: edges come out smooth at 16 px too.
const SUPERSAMPLE: u32 = 4;

/// The tile: half its edge and its corner radius, in a picture of edge 1.
const TILE_HALF: f32 = 0.47;
const TILE_RADIUS: f32 = 0.11;
/// The width of the wooden frame around the felt.
const FRAME: f32 = 0.055;
const WOOD: [f32; 3] = [0.50, 0.31, 0.16];
const FELT: [f32; 3] = [0.10, 0.42, 0.24];
/// How much darker the felt is at its edge than at its centre.
const FELT_VIGNETTE: f32 = 0.45;

/// One die as drawn: its centre, half its edge, its turn (radians), its face.
struct DrawnDie {
    centre: (f32, f32),
    half: f32,
    turn: f32,
    face: u8,
}

/// Back to front: the die behind shows three, the one in front five.
const DICE: [DrawnDie; 2] = [
    DrawnDie {
        centre: (0.64, 0.36),
        half: 0.15,
        turn: 0.42,
        face: 3,
    },
    DrawnDie {
        centre: (0.43, 0.59),
        half: 0.21,
        turn: -0.22,
        face: 5,
    },
];
/// A die's corner radius as a share of its half edge.
const DIE_ROUND: f32 = 0.3;
const IVORY: [f32; 3] = [0.96, 0.92, 0.82];
const PIP: [f32; 3] = [0.16, 0.09, 0.07];
/// Pip radius and how far pips sit from the centre, as shares of the half edge.
const PIP_RADIUS: f32 = 0.19;
const PIP_SPREAD: f32 = 0.55;
/// Where a die's shadow falls (down and right) and how soft and dark it is.
const SHADOW_OFFSET: (f32, f32) = (0.025, 0.035);
const SHADOW_SOFTNESS: f32 = 0.045;
const SHADOW_DARKNESS: f32 = 0.55;
/// How much darker a die is at its rim than at its face (a rounded edge).
const RIM_SHADE: f32 = 0.3;

/// The icon as RGBA bytes (not premultiplied), `size` × `size`, row by row;
/// transparent outside the tile's rounded corners.
pub fn draw_icon(size: u32, pips: Pips) -> Vec<u8> {
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    let samples = (SUPERSAMPLE * SUPERSAMPLE) as f32;
    for y in 0..size {
        for x in 0..size {
            let mut sum = [0.0f32; 4];
            for sy in 0..SUPERSAMPLE {
                for sx in 0..SUPERSAMPLE {
                    let at = |i: u32, s: u32| {
                        (i as f32 + (s as f32 + 0.5) / SUPERSAMPLE as f32) / size as f32
                    };
                    let [r, g, b, a] = shade(at(x, sx), at(y, sy), pips);
                    // Colours are summed weighted by cover, so edges do not darken.
                    sum[0] += r * a;
                    sum[1] += g * a;
                    sum[2] += b * a;
                    sum[3] += a;
                }
            }
            let alpha = sum[3] / samples;
            let colour = |c: f32| {
                if sum[3] > 0.0 { to_byte(c / sum[3]) } else { 0 }
            };
            out.extend([
                colour(sum[0]),
                colour(sum[1]),
                colour(sum[2]),
                to_byte(alpha),
            ]);
        }
    }
    out
}

fn to_byte(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// Distance from `p` to a rounded square of half edge `half` and corner
/// radius `radius` centred on the origin: negative inside.
fn rounded_square(p: (f32, f32), half: f32, radius: f32) -> f32 {
    let q = (p.0.abs() - half + radius, p.1.abs() - half + radius);
    let outside = (q.0.max(0.0).powi(2) + q.1.max(0.0).powi(2)).sqrt();
    outside + q.0.max(q.1).min(0.0) - radius
}

/// `p` in the frame of a die: centred on it, turned with it, in half edges.
fn die_frame(p: (f32, f32), die: &DrawnDie) -> (f32, f32) {
    let (dx, dy) = (p.0 - die.centre.0, p.1 - die.centre.1);
    let (s, c) = (-die.turn).sin_cos();
    ((dx * c - dy * s) / die.half, (dx * s + dy * c) / die.half)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
}

/// The colour (RGB and cover) at `(u, v)`, both from 0 to 1, y down.
fn shade(u: f32, v: f32, pips: Pips) -> [f32; 4] {
    let p = (u - 0.5, v - 0.5);
    let tile = rounded_square(p, TILE_HALF, TILE_RADIUS);
    if tile > 0.0 {
        return [0.0; 4];
    }
    let mut colour = if tile > -FRAME {
        // Grain along the frame, a little lighter on its inner half.
        let grain = 0.85 + 0.3 * fbm(u * 3.0, v * 3.0, (8, 8), 3, 11);
        let lift = 1.0 + 0.25 * (-tile / FRAME);
        WOOD.map(|c| c * grain * lift)
    } else {
        let from_centre = (p.0 * p.0 + p.1 * p.1).sqrt() / TILE_HALF;
        let fibres = 0.92 + 0.16 * fbm(u * 8.0, v * 8.0, (32, 32), 2, 5);
        FELT.map(|c| c * fibres * (1.0 - FELT_VIGNETTE * from_centre * from_centre))
    };
    for die in &DICE {
        // The shadow first, falling on whatever is under the die.
        let shadow_at = (u - SHADOW_OFFSET.0, v - SHADOW_OFFSET.1);
        let q = die_frame(shadow_at, die);
        let d = rounded_square(q, 1.0, DIE_ROUND) * die.half;
        let cover = 1.0 - smoothstep(-SHADOW_SOFTNESS, SHADOW_SOFTNESS, d);
        colour = colour.map(|c| c * (1.0 - SHADOW_DARKNESS * cover));
        let q = die_frame((u, v), die);
        let d = rounded_square(q, 1.0, DIE_ROUND);
        if d <= 0.0 {
            colour = die_colour(q, d, pips(die.face));
        }
    }
    [colour[0], colour[1], colour[2], 1.0]
}

/// A die's colour at `q` (its own frame, half edges) and rim distance `d`,
/// with its pips at `pips`.
fn die_colour(q: (f32, f32), d: f32, pips: &[(f32, f32)]) -> [f32; 3] {
    // Light from the top left: a little brighter there, darker at the rim.
    let light = 1.0 + 0.08 * (-q.0 - q.1) * 0.5;
    let rim = 1.0 - RIM_SHADE * smoothstep(-0.25, 0.0, d);
    let body = IVORY.map(|c| c * light * rim);
    for &(px, py) in pips {
        // Face coordinates have y up; the picture has y down.
        let (dx, dy) = (q.0 - px * PIP_SPREAD, q.1 + py * PIP_SPREAD);
        let r = (dx * dx + dy * dy).sqrt();
        if r < PIP_RADIUS {
            // A dimple: darkest at its upper left, where the rim hides the light.
            let depth = 1.0 - 0.35 * ((dx + dy) / PIP_RADIUS).clamp(-1.0, 1.0).max(0.0);
            return mix(PIP, body, 0.15 * depth);
        }
    }
    body
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces::pip_pattern;

    fn pixel(img: &[u8], size: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * size + x) * 4) as usize;
        [img[i], img[i + 1], img[i + 2], img[i + 3]]
    }

    #[test]
    fn corners_are_clear_and_the_middle_is_solid() {
        for size in [16, 48, 256] {
            let img = draw_icon(size, pip_pattern);
            assert_eq!(img.len(), (size * size * 4) as usize);
            for (x, y) in [(0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)] {
                assert_eq!(pixel(&img, size, x, y)[3], 0, "corner {x},{y} at {size}");
            }
            assert_eq!(pixel(&img, size, size / 2, size / 2)[3], 255);
        }
    }

    #[test]
    fn the_front_die_shows_five_dark_pips_on_ivory() {
        let size = 256;
        let img = draw_icon(size, pip_pattern);
        let die = &DICE[1];
        let at = |fx: f32, fy: f32| {
            // Face coordinates (y up) to the picture, through the die's turn.
            let (qx, qy) = (fx * die.half, -fy * die.half);
            let (s, c) = die.turn.sin_cos();
            let u = die.centre.0 + qx * c - qy * s;
            let v = die.centre.1 + qx * s + qy * c;
            let p = pixel(
                &img,
                size,
                (u * size as f32) as u32,
                (v * size as f32) as u32,
            );
            u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])
        };
        for &(px, py) in pip_pattern(5) {
            let sum = at(px * PIP_SPREAD, py * PIP_SPREAD);
            assert!(sum < 300, "pip at {px},{py}: {sum}");
        }
        // Between the pips the face is light.
        assert!(at(0.0, 0.55) > 550);
        assert!(at(0.55, 0.0) > 550);
    }

    #[test]
    fn every_size_is_the_same_picture() {
        // The 256 px icon, averaged down to 32 px, matches the 32 px icon.
        let (big, small) = (256u32, 32u32);
        let factor = big / small;
        let (hi, lo) = (draw_icon(big, pip_pattern), draw_icon(small, pip_pattern));
        let mut worst = 0.0f32;
        for y in 0..small {
            for x in 0..small {
                for ch in 0..4 {
                    let mut sum = 0.0;
                    for dy in 0..factor {
                        for dx in 0..factor {
                            let p = pixel(&hi, big, x * factor + dx, y * factor + dy);
                            // Colour weighted by cover, as the drawing does.
                            sum += if ch == 3 {
                                f32::from(p[3])
                            } else {
                                f32::from(p[ch]) * f32::from(p[3]) / 255.0
                            };
                        }
                    }
                    let mean = sum / (factor * factor) as f32;
                    let p = pixel(&lo, small, x, y);
                    let own = if ch == 3 {
                        f32::from(p[3])
                    } else {
                        f32::from(p[ch]) * f32::from(p[3]) / 255.0
                    };
                    worst = worst.max((mean - own).abs());
                }
            }
        }
        assert!(worst < 48.0, "a pixel differs by {worst}");
    }
}
