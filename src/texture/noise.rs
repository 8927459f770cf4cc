//! A small tiling noise: a hash of the lattice point, smoothly interpolated
//! (value noise), summed over octaves (fbm). Every lattice wraps at its
//! period, so an image drawn from it repeats without a seam.

/// A hash of a lattice point and a seed, in `[0, 1)`.
pub fn hash2(x: i32, y: i32, seed: u32) -> f32 {
    // Two rounds of a multiply-xorshift mix (the constants are odd and
    // well spread); the top 24 bits become the fraction.
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297a_2d39);
    h ^= h >> 15;
    (h >> 8) as f32 / (1u32 << 24) as f32
}

/// Value noise at `(x, y)` on a lattice that wraps every `period` cells
/// across and `period_y` down, in `[0, 1)`.
pub fn value_noise(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    // Smoothstep, so the noise has no creases at the lattice.
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (ix, iy) = (x0 as i32, y0 as i32);
    // The four corners' lattice indices, wrapped once each.
    let (left, right) = (wrap(ix, period.0), wrap(ix + 1, period.0));
    let (top_row, bottom_row) = (wrap(iy, period.1), wrap(iy + 1, period.1));
    let at = |x: i32, y: i32| hash2(x, y, seed);
    let (a, b) = (at(left, top_row), at(right, top_row));
    let (c, d) = (at(left, bottom_row), at(right, bottom_row));
    let top = a + (b - a) * sx;
    let bottom = c + (d - c) * sx;
    top + (bottom - top) * sy
}

/// `i` wrapped into `0..period`; a lattice index inside the image is at
/// most one period out, and a compare costs less than a division.
fn wrap(i: i32, period: i32) -> i32 {
    if (0..period).contains(&i) {
        i
    } else if (period..2 * period).contains(&i) {
        i - period
    } else {
        i.rem_euclid(period)
    }
}

/// Fractal noise at `(u, v)` in `[0, 1)`: `octaves` layers of value noise,
/// the first with `cells` lattice cells across and `cells_y` down, each next
/// twice as fine and half as strong; in `[0, 1)`, tiling over the unit square.
pub fn fbm(u: f32, v: f32, cells: (i32, i32), octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 1.0, 0.0);
    let mut period = cells;
    for octave in 0..octaves {
        sum += weight
            * value_noise(
                u * period.0 as f32,
                v * period.1 as f32,
                period,
                seed.wrapping_add(octave),
            );
        total += weight;
        weight *= 0.5;
        period = (period.0 * 2, period.1 * 2);
    }
    sum / total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noise_is_in_range_varied_and_wraps_at_its_period() {
        let samples: Vec<f32> = (0..1000)
            .map(|i| {
                fbm(
                    i as f32 / 1000.0,
                    (i * 7 % 1000) as f32 / 1000.0,
                    (4, 4),
                    4,
                    3,
                )
            })
            .collect();
        assert!(samples.iter().all(|s| (0.0..1.0).contains(s)));
        let mean = samples.iter().sum::<f32>() / samples.len() as f32;
        assert!((0.35..0.65).contains(&mean), "{mean}");
        let spread = samples.iter().map(|s| (s - mean).abs()).sum::<f32>() / 1000.0;
        assert!(spread > 0.05, "{spread}");
        // The unit square tiles: u = 0 and u = 1 are the same line.
        for i in 0..50 {
            let v = i as f32 / 50.0;
            assert!((fbm(0.0, v, (4, 8), 3, 9) - fbm(1.0, v, (4, 8), 3, 9)).abs() < 1e-5);
            assert!((fbm(v, 0.0, (4, 8), 3, 9) - fbm(v, 1.0, (4, 8), 3, 9)).abs() < 1e-5);
        }
        // Another seed, another pattern.
        assert_ne!(hash2(1, 2, 3), hash2(1, 2, 4));
    }
}
