//! The dice's faces as images: each pip a round dimple pressed into the
//! face, painted dark (or red), drawn into an albedo, a tangent-space normal
//! map and a roughness map, the six faces side by side in one atlas. The
//! pips' places come from the caller (the face table that reads the top
//! face), in each face's own coordinates; the die's mesh puts each face on
//! its cell, so one body with no pip children draws the whole die.

use std::f32::consts::PI;

use super::noise::fbm;
use super::{Texels, rgba};

/// Cells across the atlas.
pub const ATLAS_COLUMNS: u32 = 3;
/// Cells down the atlas.
pub const ATLAS_ROWS: u32 = 2;
/// How deep a dimple is, over its radius (a shallow dish).
const DIMPLE_DEPTH: f32 = 0.35;
/// The paint's share of a dimple's radius (a thin bare rim shows the cut).
const PAINT: f32 = 0.9;
/// Colour of the pips' paint (the body is white, for a material to tint).
const PIP_PAINT: [f32; 3] = [0.06, 0.06, 0.075];
/// Colour of red pips' paint.
const RED_PAINT: [f32; 3] = [0.72, 0.07, 0.07];
/// How much the body's shade wanders (a polished, not a perfect, surface).
const BODY_MOTTLE: f32 = 0.05;
/// Roughness of the body and of the paint, as shares of the material's.
const BODY_ROUGH: f32 = 0.7;
const PAINT_ROUGH: f32 = 1.0;
/// The mottle's seed.
const MOTTLE_SEED: u32 = 0x00d1_ce00;

/// One face's cell of the atlas.
#[derive(Debug, Clone, PartialEq)]
pub struct FaceCell {
    /// Pip centres in the face's coordinates, each from 0 to 1 across the
    /// face as the mesh's texture coordinates run.
    pub pips: Vec<(f32, f32)>,
    /// A pip's radius in the same units.
    pub radius: f32,
    /// Painted red (the one, on many real dice).
    pub red: bool,
}

/// The three images of a die's faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieImages {
    /// Colour: white body, painted pips.
    pub albedo: Texels,
    /// Tangent-space normals: x along a face's first coordinate, y along its
    /// second, z out of the face (each byte 128 at zero).
    pub normal: Texels,
    /// Roughness in green and metal in blue (the body may be metal, the paint
    /// never), as a material's metallic-roughness image takes them.
    pub roughness: Texels,
}

/// Where atlas coordinates `(x, y)` fall: the cell's index (row by row) and
/// the face coordinates within it.
pub fn locate(x: f32, y: f32) -> (usize, f32, f32) {
    let (cx, cy) = (x * ATLAS_COLUMNS as f32, y * ATLAS_ROWS as f32);
    let col = (cx.floor() as u32).min(ATLAS_COLUMNS - 1);
    let row = (cy.floor() as u32).min(ATLAS_ROWS - 1);
    (
        (row * ATLAS_COLUMNS + col) as usize,
        cx - col as f32,
        cy - row as f32,
    )
}

/// The atlas coordinates of face coordinates `(a, b)` in cell `cell`.
pub fn in_atlas(cell: usize, a: f32, b: f32) -> (f32, f32) {
    let (col, row) = (cell as u32 % ATLAS_COLUMNS, cell as u32 / ATLAS_COLUMNS);
    (
        (col as f32 + a) / ATLAS_COLUMNS as f32,
        (row as f32 + b) / ATLAS_ROWS as f32,
    )
}

/// The nearest pip to `(a, b)` in `cell`: the offset from its centre, and
/// the distance over its radius.
fn nearest(cell: &FaceCell, a: f32, b: f32) -> Option<((f32, f32), f32)> {
    cell.pips
        .iter()
        .map(|&(pa, pb)| {
            let d = (a - pa, b - pb);
            (d, (d.0 * d.0 + d.1 * d.1).sqrt() / cell.radius)
        })
        .min_by(|x, y| x.1.total_cmp(&y.1))
}

/// How much of a texel at `r` (distance over radius) is paint, soft over
/// about a texel (`soft`, in the same units) so the edge does not stair.
fn paint_cover(r: f32, soft: f32) -> f32 {
    1.0 - ((r - PAINT) / soft + 0.5).clamp(0.0, 1.0)
}

/// The faces of a die, `cells` in atlas order (six), in an atlas of edge
/// `size` (a power of two).
pub fn die_faces(size: u32, cells: &[FaceCell]) -> DieImages {
    assert_eq!(cells.len(), (ATLAS_COLUMNS * ATLAS_ROWS) as usize);
    let cell_of = |x: f32, y: f32| {
        let (i, a, b) = locate(x, y);
        (&cells[i], a, b)
    };
    // One texel, in face units (the wider way), over a pip's radius.
    let texel = ATLAS_ROWS.max(ATLAS_COLUMNS) as f32 / size as f32;
    let albedo = Texels::draw(size, |x, y| {
        let (cell, a, b) = cell_of(x, y);
        let body = 1.0 - BODY_MOTTLE * fbm(x, y, (8, 8), 3, MOTTLE_SEED);
        let Some((_, r)) = nearest(cell, a, b) else {
            return rgba([body; 3]);
        };
        let cover = paint_cover(r, 1.5 * texel / cell.radius);
        let paint = if cell.red { RED_PAINT } else { PIP_PAINT };
        rgba(paint.map(|p| body + (p - body) * cover))
    });
    let normal = Texels::draw(size, |x, y| {
        let (cell, a, b) = cell_of(x, y);
        let n = match nearest(cell, a, b) {
            Some(((da, db), r)) if r < 1.0 && r > 0.0 => {
                // A dish of depth D over radius R: h = -D (1 + cos(πr/R)) / 2;
                // its slope leans the wall's normal in towards the centre.
                let slope = DIMPLE_DEPTH * PI / 2.0 * (PI * r).sin();
                let dist = r * cell.radius;
                let (ga, gb) = (slope * da / dist, slope * db / dist);
                let len = (ga * ga + gb * gb + 1.0).sqrt();
                [-ga / len, -gb / len, 1.0 / len]
            }
            _ => [0.0, 0.0, 1.0],
        };
        rgba(n.map(|c| c * 0.5 + 0.5))
    });
    let roughness = Texels::draw(size, |x, y| {
        let (cell, a, b) = cell_of(x, y);
        let cover =
            nearest(cell, a, b).map_or(0.0, |(_, r)| paint_cover(r, 1.5 * texel / cell.radius));
        rgba([
            1.0,
            BODY_ROUGH + (PAINT_ROUGH - BODY_ROUGH) * cover,
            1.0 - cover,
        ])
    });
    DieImages {
        albedo,
        normal,
        roughness,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six cells with 1..=6 pips in a row across the middle, the first red.
    fn cells() -> Vec<FaceCell> {
        (1..=6)
            .map(|n| FaceCell {
                pips: (0..n)
                    .map(|i| ((i as f32 + 0.5) / n as f32 * 0.6 + 0.2, 0.5))
                    .collect(),
                radius: 0.04,
                red: n == 1,
            })
            .collect()
    }

    fn texel(t: &Texels, x: f32, y: f32) -> [u8; 4] {
        let (px, py) = ((x * t.size as f32) as usize, (y * t.size as f32) as usize);
        let at = (py * t.size as usize + px) * 4;
        t.levels[0][at..at + 4].try_into().unwrap()
    }

    #[test]
    fn a_cell_is_found_where_it_was_put() {
        for cell in 0..6 {
            let (x, y) = in_atlas(cell, 0.3, 0.7);
            let (back, a, b) = locate(x, y);
            assert_eq!(back, cell);
            assert!((a - 0.3).abs() < 1e-5 && (b - 0.7).abs() < 1e-5);
        }
    }

    #[test]
    fn pips_are_painted_where_they_are_and_lean_in_as_dimples() {
        let cells = cells();
        let images = die_faces(512, &cells);
        for (i, cell) in cells.iter().enumerate() {
            for &(pa, pb) in &cell.pips {
                let (x, y) = in_atlas(i, pa, pb);
                let c = texel(&images.albedo, x, y);
                if cell.red {
                    assert!(c[0] > 150 && c[1] < 40, "red pip {c:?}");
                } else {
                    assert!(c[0] < 40 && c[1] < 40, "dark pip {c:?}");
                }
                // Half way out along the first coordinate the wall leans
                // back towards the centre: x below zero, y level.
                let (x, y) = in_atlas(i, pa + cell.radius * 0.5, pb);
                let n = texel(&images.normal, x, y);
                assert!(n[0] < 100, "leans in along a: {n:?}");
                // (Level but for the texel's own offset from the axis.)
                assert!(
                    (i32::from(n[1]) - 128).abs() < (i32::from(n[0]) - 128).abs() / 3,
                    "{n:?}"
                );
                let (x, y) = in_atlas(i, pa, pb - cell.radius * 0.5);
                let n = texel(&images.normal, x, y);
                assert!(n[1] > 156, "leans in along b: {n:?}");
            }
            // Between the pips and at the edges: bare, light and flat.
            let (x, y) = in_atlas(i, 0.5, 0.1);
            assert!(texel(&images.albedo, x, y)[0] > 220);
            assert_eq!(&texel(&images.normal, x, y)[..3], &[128, 128, 255]);
        }
        // The paint is rougher than the polished body.
        let (x, y) = in_atlas(5, cells[5].pips[0].0, 0.5);
        let (bx, by) = in_atlas(5, 0.5, 0.1);
        assert!(texel(&images.roughness, x, y)[1] > texel(&images.roughness, bx, by)[1]);
    }
}
