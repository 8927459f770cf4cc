//! The two surfaces: wood and felt. Both are drawn near white in a warm
//! grey, so that a material's own colour tints them: one wood serves the
//! tray's rails and every venue's table, one felt every cloth.

use super::noise::{fbm, hash2};
use super::{Texels, rgba};

/// Boards across a wood image (the grain runs along them, across `u`).
pub const WOOD_BOARDS: u32 = 4;
/// The share of a board's width that is the dark gap at each of its edges.
const GAP: f32 = 0.025;
/// How dark a gap between boards is.
const GAP_SHADE: f32 = 0.35;
/// How much one board's shade differs from the next, either way.
const BOARD_SPREAD: f32 = 0.2;
/// Growth rings across a board.
const RINGS: f32 = 3.0;
/// How far the grain wanders (in rings) with the warp noise.
const WARP: f32 = 1.6;
/// A knot's radius, as a share of a board's width.
const KNOT: f32 = 0.12;
/// The share of boards with a knot.
const KNOTTY: f32 = 0.35;
/// The warm grey both surfaces are drawn in.
const TONE: [f32; 3] = [1.0, 0.95, 0.89];
/// How strong the fibres and the mottling of felt are.
const FELT_FIBRES: f32 = 0.14;
const FELT_MOTTLE: f32 = 0.12;

/// Wood of `WOOD_BOARDS` boards with grain along `u`, an image of edge
/// `size` that tiles; `seed` picks the boards.
pub fn wood(size: u32, seed: u32) -> Texels {
    let boards: Vec<Board> = (0..WOOD_BOARDS as i32)
        .map(|b| Board::new(b, seed))
        .collect();
    Texels::draw(size, |u, v| {
        rgba(TONE.map(|c| c * wood_shade(u, v, seed, &boards)))
    })
}

/// What sets one board apart, drawn once for all its texels.
struct Board {
    /// Its shade against the others'.
    tint: f32,
    /// Where its rings start.
    rings: f32,
    /// Where along and across it a knot sits, if it has one.
    knot: Option<(f32, f32)>,
}

impl Board {
    fn new(board: i32, seed: u32) -> Board {
        Board {
            tint: 1.0 + BOARD_SPREAD * (2.0 * hash2(board, 0, seed) - 1.0),
            rings: 4.0 * hash2(board, 1, seed),
            knot: (hash2(board, 4, seed) < KNOTTY)
                .then(|| (hash2(board, 2, seed), 0.3 + 0.4 * hash2(board, 3, seed))),
        }
    }
}

/// The wood's brightness at `(u, v)`: around 0.85, darker in the gaps,
/// along the late wood of each ring and in the knots.
fn wood_shade(u: f32, v: f32, seed: u32, boards: &[Board]) -> f32 {
    let across = v * WOOD_BOARDS as f32;
    let index = (across.floor() as i32).rem_euclid(WOOD_BOARDS as i32) as usize;
    let board = &boards[index];
    let within = across - across.floor();
    if !(GAP..1.0 - GAP).contains(&within) {
        return GAP_SHADE;
    }
    // The grain: rings across the board, wandering along it.
    let warp = fbm(u, v, (3, 2 * WOOD_BOARDS as i32), 3, seed ^ 0x5157);
    let ring = within * RINGS + WARP * warp + board.rings;
    let late = (0.5 + 0.5 * (std::f32::consts::TAU * ring).sin()).powi(3);
    // Fibres: fine streaks along the board.
    let fibre = fbm(u, v, (6, 96), 2, seed ^ 0xf1b2);
    // A knot on some boards, somewhere along it: a dark heart in rings.
    let knot = board.knot.map_or(1.0, |(ku, kv)| {
        let du = (u - ku).abs().min(1.0 - (u - ku).abs()) * WOOD_BOARDS as f32 * 2.0;
        let d = (du * du + (within - kv) * (within - kv)).sqrt() / KNOT;
        if d < 1.0 {
            0.7 + 0.3 * d * (0.6 + 0.4 * (d * 12.0).cos())
        } else {
            1.0
        }
    });
    board.tint * knot * (0.8 + 0.16 * fibre - 0.22 * late + 0.08)
}

/// Felt: fine fibres over a slow mottling, an image of edge `size` that tiles.
pub fn felt(size: u32, seed: u32) -> Texels {
    let fine = (size / 4) as i32;
    Texels::draw(size, |u, v| {
        let fibres = fbm(u, v, (fine, fine), 2, seed);
        let mottle = fbm(u, v, (4, 4), 3, seed ^ 0x3e11);
        let shade = 0.9 + FELT_FIBRES * (fibres - 0.5) * 2.0 + FELT_MOTTLE * (mottle - 0.5) * 2.0;
        rgba(TONE.map(|c| c * shade))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The luminance of level 0's texel at `(x, y)`.
    fn lum(t: &Texels, x: u32, y: u32) -> f32 {
        let i = ((y * t.size + x) * 4) as usize;
        let p = &t.levels[0][i..i + 3];
        (0.2126 * f32::from(p[0]) + 0.7152 * f32::from(p[1]) + 0.0722 * f32::from(p[2])) / 255.0
    }

    #[test]
    fn wood_has_boards_with_dark_gaps_and_grain_and_tiles() {
        let size = 128;
        let t = wood(size, 7);
        // A gap runs along every board's edge: the first row is dark all along.
        let gap: f32 = (0..size).map(|x| lum(&t, x, 0)).sum::<f32>() / size as f32;
        let board_middle = size / WOOD_BOARDS / 2;
        let inside: f32 = (0..size).map(|x| lum(&t, x, board_middle)).sum::<f32>() / size as f32;
        assert!(gap < 0.45 && inside > 0.6, "gap {gap}, inside {inside}");
        // Grain: across a board the shade varies more than along it.
        let spread = |values: Vec<f32>| {
            let mean = values.iter().sum::<f32>() / values.len() as f32;
            values.iter().map(|v| (v - mean).abs()).sum::<f32>() / values.len() as f32
        };
        let board = size / WOOD_BOARDS;
        let across = spread((4..board - 4).map(|y| lum(&t, 5, y)).collect());
        let along = spread((0..board - 8).map(|x| lum(&t, x, board / 3)).collect());
        assert!(across > along, "across {across}, along {along}");
        // Tiles: the last column is as near the first as any two neighbours.
        let seam: f32 = (0..size)
            .map(|y| (lum(&t, 0, y) - lum(&t, size - 1, y)).abs())
            .sum();
        let step: f32 = (0..size)
            .map(|y| (lum(&t, 0, y) - lum(&t, 1, y)).abs())
            .sum();
        assert!(seam < 3.0 * step + 1.0, "seam {seam}, neighbours {step}");
    }

    #[test]
    fn felt_is_fine_grained_and_even_and_not_drawn_twice_the_same_by_two_seeds() {
        let t = felt(64, 1);
        let values: Vec<f32> = (0..64)
            .flat_map(|y| (0..64).map(move |x| (x, y)))
            .map(|(x, y)| lum(&t, x, y))
            .collect();
        let (min, max) = values
            .iter()
            .fold((1.0f32, 0.0f32), |(a, b), &v| (a.min(v), b.max(v)));
        assert!(min > 0.6 && max < 1.0 && max - min > 0.05, "{min}..{max}");
        assert_ne!(felt(64, 1), felt(64, 2));
        assert_eq!(felt(64, 1), t);
    }
}
