//! An opponent's portrait, painted by the game: a head and shoulders against
//! a lamplit wall, the coat in the opponent's colour and each one known by
//! what they wear (a hat, a headband, a beard, a bun). Shapes are signed
//! distances, so edges come out smooth at any size; the picture is square,
//! mipmapped like every image the game makes.

use super::{Texels, fbm, rgba};

/// Samples per texel along each axis (smooth edges without a filter).
const SUPERSAMPLE: u32 = 2;
/// The wall behind: warm and dark, lighter round the head.
const WALL: [f32; 3] = [0.20, 0.13, 0.08];
const WALL_GLOW: [f32; 3] = [0.42, 0.29, 0.17];
const SKIN: [f32; 3] = [0.87, 0.68, 0.52];
const EYE: [f32; 3] = [0.12, 0.08, 0.06];
/// Where the light comes from (up and to the left), for a little roundness.
const LIGHT: (f32, f32) = (-0.55, -0.8);
/// How much darker a shape is on its side away from the light.
const SHADE: f32 = 0.35;
/// How far the coat's weave shows in its colour.
const WEAVE: f32 = 0.12;

/// What sets one opponent's look apart, besides the coat's colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// What is on the head.
    pub headwear: Headwear,
    /// Hair colour (sRGB, 0 to 1); none for a bald head.
    pub hair: Option<[f32; 3]>,
    /// A beard and its colour.
    pub beard: Option<[f32; 3]>,
    /// A ruddy nose (a drinker's).
    pub red_nose: bool,
}

/// Things worn on the head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Headwear {
    /// Nothing.
    Bare,
    /// A knitted cap pulled down.
    Cap,
    /// A flat beret with a feather.
    Beret,
    /// A cloth band round the brow.
    Headband,
    /// A wide conical straw hat.
    StrawHat,
    /// A scarf knotted over the hair.
    Scarf,
    /// Hair gathered in a bun with a pin.
    Bun,
}

/// Who wears what, by opponent key (anyone else: short hair, nothing worn).
pub fn features_of(key: &str) -> Features {
    const DARK: [f32; 3] = [0.16, 0.11, 0.08];
    const BROWN: [f32; 3] = [0.36, 0.22, 0.12];
    const GREY: [f32; 3] = [0.62, 0.60, 0.58];
    const WHITE: [f32; 3] = [0.92, 0.91, 0.88];
    let plain = Features {
        headwear: Headwear::Bare,
        hair: Some(DARK),
        beard: None,
        red_nose: false,
    };
    match key {
        "drunk" => Features {
            beard: Some(GREY),
            hair: Some(GREY),
            red_nose: true,
            ..plain
        },
        "woodcutter" => Features {
            headwear: Headwear::Cap,
            beard: Some(BROWN),
            ..plain
        },
        "minstrel" => Features {
            headwear: Headwear::Beret,
            hair: Some(BROWN),
            ..plain
        },
        "easy" => Features {
            headwear: Headwear::Headband,
            ..plain
        },
        "fisher" => Features {
            headwear: Headwear::StrawHat,
            beard: Some(DARK),
            ..plain
        },
        "shipwright" => Features {
            headwear: Headwear::Scarf,
            hair: Some(BROWN),
            ..plain
        },
        "normal" => Features {
            headwear: Headwear::Bun,
            ..plain
        },
        "hard" => Features {
            hair: None,
            beard: Some(WHITE),
            ..plain
        },
        _ => plain,
    }
}

/// A shape's colour over a point at signed distance `d` (negative inside),
/// blended by coverage into `under`; `shade` darkens it away from the light.
fn over(under: [f32; 3], colour: [f32; 3], d: f32, shade: f32, edge: f32) -> [f32; 3] {
    let cover = (0.5 - d / edge).clamp(0.0, 1.0);
    let lit = 1.0 - SHADE * shade.clamp(0.0, 1.0);
    std::array::from_fn(|i| under[i] + (colour[i] * lit - under[i]) * cover)
}

/// Signed distance to an ellipse (a close estimate, exact on circles).
fn ellipse(p: (f32, f32), c: (f32, f32), r: (f32, f32)) -> f32 {
    let (x, y) = ((p.0 - c.0) / r.0, (p.1 - c.1) / r.1);
    ((x * x + y * y).sqrt() - 1.0) * r.0.min(r.1)
}

/// Signed distance to an axis-aligned box with rounded corners.
fn rounded_box(p: (f32, f32), c: (f32, f32), half: (f32, f32), round: f32) -> f32 {
    let qx = (p.0 - c.0).abs() - half.0 + round;
    let qy = (p.1 - c.1).abs() - half.1 + round;
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    outside + qx.max(qy).min(0.0) - round
}

/// How far a point of a round shape faces away from the light: 0 on the lit
/// side to 1 on the far one.
fn away(p: (f32, f32), c: (f32, f32), r: f32) -> f32 {
    let (dx, dy) = ((p.0 - c.0) / r, (p.1 - c.1) / r);
    let len = (LIGHT.0 * LIGHT.0 + LIGHT.1 * LIGHT.1).sqrt();
    (0.5 - 0.5 * (dx * LIGHT.0 + dy * LIGHT.1) / len).clamp(0.0, 1.0)
}

fn darker(c: [f32; 3], k: f32) -> [f32; 3] {
    c.map(|v| v * k)
}

/// The colour at `p` (x right, y down, both 0 to 1); `edge` is one
/// sample's width, over which edges blend.
fn paint(p: (f32, f32), coat: [f32; 3], f: &Features, edge: f32) -> [f32; 3] {
    const HEAD: (f32, f32) = (0.5, 0.44);
    const HEAD_R: (f32, f32) = (0.155, 0.195);
    let glow = (1.0 - ellipse(p, (0.5, 0.42), (0.55, 0.6)).max(0.0) * 3.0).clamp(0.0, 1.0);
    let mut c: [f32; 3] = std::array::from_fn(|i| WALL[i] + (WALL_GLOW[i] - WALL[i]) * glow);
    // Long hair falls behind the shoulders.
    if let Some(hair) = f.hair
        && matches!(f.headwear, Headwear::Beret | Headwear::Scarf)
    {
        let d = rounded_box(p, (0.5, 0.56), (0.2, 0.2), 0.12);
        c = over(c, hair, d, away(p, HEAD, 0.3), edge);
    }
    // Shoulders in the coat, its weave showing, and the neck above them.
    let weave = fbm(p.0 * 6.0, p.1 * 6.0, (6, 6), 3, 7) - 0.5;
    let cloth = coat.map(|v| v * (1.0 + WEAVE * weave));
    let body = ellipse(p, (0.5, 1.12), (0.44, 0.44));
    c = over(c, cloth, body, away(p, (0.5, 0.9), 0.5), edge);
    let collar = ellipse(p, (0.5, 0.7), (0.09, 0.05));
    c = over(c, darker(cloth, 0.6), collar.max(-body), 0.0, edge);
    let neck = rounded_box(p, (0.5, 0.62), (0.06, 0.08), 0.03);
    c = over(c, darker(SKIN, 0.8), neck.max(collar - 0.015), 0.3, edge);
    // The head, its ears, eyes and nose.
    for side in [-1.0, 1.0] {
        let ear = ellipse(p, (0.5 + side * 0.152, 0.46), (0.025, 0.04));
        c = over(c, darker(SKIN, 0.9), ear, away(p, HEAD, 0.2), edge);
    }
    let head = ellipse(p, HEAD, HEAD_R);
    c = over(c, SKIN, head, away(p, HEAD, 0.2), edge);
    if let Some(beard) = f.beard {
        let d = ellipse(p, (0.5, 0.54), (0.15, 0.13)).max(0.49 - p.1);
        c = over(c, beard, d, away(p, HEAD, 0.25), edge);
        let mouth = ellipse(p, (0.5, 0.535), (0.035, 0.012));
        c = over(c, darker(SKIN, 0.55), mouth, 0.0, edge);
    } else {
        let mouth = rounded_box(p, (0.5, 0.53), (0.03, 0.006), 0.006);
        c = over(c, darker(SKIN, 0.6), mouth, 0.0, edge);
    }
    for side in [-1.0, 1.0] {
        let eye = ellipse(p, (0.5 + side * 0.058, 0.43), (0.016, 0.018));
        c = over(c, EYE, eye, 0.0, edge);
        let brow = rounded_box(p, (0.5 + side * 0.06, 0.395), (0.03, 0.007), 0.006);
        let brows = f.beard.or(f.hair).unwrap_or(EYE);
        c = over(c, darker(brows, 0.8), brow, 0.0, edge);
    }
    let nose = ellipse(p, (0.5, 0.48), (0.02, 0.028));
    let nose_colour = if f.red_nose {
        [0.85, 0.35, 0.3]
    } else {
        darker(SKIN, 0.85)
    };
    c = over(c, nose_colour, nose, 0.5, edge);
    // Hair over the crown, then whatever is worn.
    if let Some(hair) = f.hair {
        let crown = ellipse(p, (0.5, 0.4), (0.165, 0.17)).max(p.1 - 0.36);
        c = over(c, hair, crown, away(p, HEAD, 0.2), edge);
    }
    headwear(c, p, coat, f, edge)
}

/// Paints what is worn on the head over `c`.
fn headwear(mut c: [f32; 3], p: (f32, f32), coat: [f32; 3], f: &Features, edge: f32) -> [f32; 3] {
    const HEAD: (f32, f32) = (0.5, 0.44);
    let shade = away(p, HEAD, 0.25);
    match f.headwear {
        Headwear::Bare => {}
        Headwear::Cap => {
            let cap = ellipse(p, (0.5, 0.34), (0.175, 0.14)).max(p.1 - 0.37);
            c = over(c, darker(coat, 0.7), cap, shade, edge);
            let rim = rounded_box(p, (0.5, 0.36), (0.175, 0.022), 0.02);
            c = over(c, darker(coat, 0.55), rim, shade, edge);
        }
        Headwear::Beret => {
            let beret = ellipse(p, (0.47, 0.29), (0.21, 0.07));
            c = over(c, darker(coat, 0.6), beret, shade, edge);
            let feather = ellipse(p, (0.66, 0.2), (0.025, 0.1));
            c = over(c, [0.92, 0.88, 0.75], feather, 0.2, edge);
        }
        Headwear::Headband => {
            let band = rounded_box(p, (0.5, 0.365), (0.16, 0.02), 0.01).max(ellipse(
                p,
                (0.5, 0.44),
                (0.165, 0.21),
            ));
            c = over(c, [0.95, 0.95, 0.92], band, shade, edge);
            let knot = ellipse(p, (0.64, 0.35), (0.03, 0.022));
            c = over(c, [0.95, 0.95, 0.92], knot, shade, edge);
        }
        Headwear::StrawHat => {
            // A low cone: wide at the brim, to a point above the crown.
            let (dx, dy) = ((p.0 - 0.5).abs(), p.1 - 0.16);
            let cone = (dx * 0.34 - (dy - 0.0) * 0.94).max(p.1 - 0.37).max(-dy);
            c = over(c, [0.80, 0.66, 0.38], cone, shade, edge);
            let brim = rounded_box(p, (0.5, 0.365), (0.3, 0.012), 0.01);
            c = over(c, [0.62, 0.49, 0.26], brim, shade, edge);
        }
        Headwear::Scarf => {
            let scarf = ellipse(p, (0.5, 0.37), (0.18, 0.13)).max(p.1 - 0.4);
            c = over(c, [0.75, 0.2, 0.18], scarf, shade, edge);
            let knot = ellipse(p, (0.67, 0.4), (0.035, 0.03));
            c = over(c, [0.62, 0.15, 0.14], knot, shade, edge);
        }
        Headwear::Bun => {
            let bun = ellipse(p, (0.5, 0.22), (0.08, 0.065));
            let hair = f.hair.unwrap_or(WALL);
            c = over(c, hair, bun, shade, edge);
            let pin = rounded_box(p, (0.5, 0.215), (0.13, 0.008), 0.008);
            c = over(c, [0.85, 0.7, 0.3], pin, 0.0, edge);
        }
    }
    c
}

/// The portrait of an opponent with these features in a coat of `coat`
/// (sRGB bytes), `size` texels square (a power of two).
pub fn portrait(size: u32, coat: [u8; 3], features: &Features) -> Texels {
    let coat = coat.map(|b| f32::from(b) / 255.0);
    let n = SUPERSAMPLE as f32;
    let edge = 1.0 / (size as f32 * n);
    Texels::draw(size, |u, v| {
        let mut sum = [0.0f32; 3];
        for sy in 0..SUPERSAMPLE {
            for sx in 0..SUPERSAMPLE {
                let p = (
                    u + (sx as f32 + 0.5 - n / 2.0) * edge,
                    v + (sy as f32 + 0.5 - n / 2.0) * edge,
                );
                let c = paint(p, coat, features, edge);
                (0..3).for_each(|i| sum[i] += c[i]);
            }
        }
        rgba(sum.map(|s| s / (n * n)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::{FRIEND, OPPONENTS, PEER};

    fn texel(t: &Texels, u: f32, v: f32) -> [u8; 4] {
        let (x, y) = ((u * t.size as f32) as usize, (v * t.size as f32) as usize);
        let i = (y * t.size as usize + x) * 4;
        t.levels[0][i..i + 4].try_into().expect("four bytes")
    }

    #[test]
    fn the_coat_is_the_opponents_colour_and_the_face_is_lit() {
        for o in OPPONENTS.iter().chain([&FRIEND, &PEER]) {
            let t = portrait(64, o.colour, &features_of(o.key));
            // Low on the chest: the coat, within the weave and shading.
            let chest = texel(&t, 0.5, 0.9);
            for i in 0..3 {
                let want = f32::from(o.colour[i]);
                let got = f32::from(chest[i]);
                assert!(
                    (got - want).abs() < 0.4 * want + 8.0,
                    "{}: {chest:?}",
                    o.key
                );
            }
            // The cheek is skin, brighter than the wall beside the head.
            let cheek = texel(&t, 0.43, 0.47);
            let wall = texel(&t, 0.1, 0.45);
            let sum = |c: [u8; 4]| c[..3].iter().map(|&b| u32::from(b)).sum::<u32>();
            assert!(
                sum(cheek) > sum(wall) + 150,
                "{}: {cheek:?} {wall:?}",
                o.key
            );
        }
    }

    #[test]
    fn every_opponent_on_the_ladder_looks_different_even_in_one_colour() {
        // Known by what they wear, not by colour alone.
        let coat = [120, 120, 120];
        let pictures: Vec<Texels> = OPPONENTS
            .iter()
            .map(|o| portrait(32, coat, &features_of(o.key)))
            .collect();
        for (i, a) in pictures.iter().enumerate() {
            for b in &pictures[i + 1..] {
                let differ = a.levels[0]
                    .iter()
                    .zip(&b.levels[0])
                    .filter(|(x, y)| x.abs_diff(**y) > 40)
                    .count();
                assert!(
                    differ > 40,
                    "two portraits nearly alike ({differ} bytes differ)"
                );
            }
        }
        // The same opponent always looks the same.
        let again = portrait(32, coat, &features_of(OPPONENTS[0].key));
        assert_eq!(again, pictures[0]);
    }
}
