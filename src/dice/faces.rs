//! The face table: which number sits on which side of a die.
//!
//! It is the single source of truth twice over: the pips are placed from it
//! and the top face is read from it, so what a player sees is what the game reads.

use bevy::math::{Quat, Vec3};

/// One face of a die: its number and its outward normal in the die's own frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// The number of pips, 1..=6.
    pub value: u8,
    /// Outward unit normal in the die's local frame.
    pub normal: Vec3,
}

/// The six faces. Opposite faces sum to seven, as on a real die.
pub const FACE_TABLE: [Face; 6] = [
    Face {
        value: 1,
        normal: Vec3::Y,
    },
    Face {
        value: 2,
        normal: Vec3::Z,
    },
    Face {
        value: 3,
        normal: Vec3::X,
    },
    Face {
        value: 4,
        normal: Vec3::NEG_X,
    },
    Face {
        value: 5,
        normal: Vec3::NEG_Z,
    },
    Face {
        value: 6,
        normal: Vec3::NEG_Y,
    },
];

/// A die below this dot product between its top face normal and up is
/// leaning on something (cocked), not lying flat. cos(18°) ≈ 0.951.
pub const FLAT_DOT: f32 = 0.95;

/// The face of `value`.
pub fn face(value: u8) -> Face {
    FACE_TABLE[usize::from(value.clamp(1, 6) - 1)]
}

/// World-space dot product of every face normal with up, in face-table order.
pub fn face_dots(rotation: Quat) -> [f32; 6] {
    FACE_TABLE.map(|f| (rotation * f.normal).dot(Vec3::Y))
}

/// What a die shows on top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TopFace {
    /// The value read: the face whose normal points most nearly up.
    pub value: u8,
    /// That face's dot product with up (1.0 when perfectly flat).
    pub dot: f32,
}

impl TopFace {
    /// True when the die lies flat enough to be read with confidence.
    pub fn is_flat(&self) -> bool {
        self.dot >= FLAT_DOT
    }
}

/// Reads the top face: the face whose world normal has the largest dot with up.
pub fn read_top(rotation: Quat) -> TopFace {
    let dots = face_dots(rotation);
    let (index, dot) =
        dots.iter()
            .copied()
            .enumerate()
            .fold((0, f32::NEG_INFINITY), |best, (i, d)| {
                if d > best.1 { (i, d) } else { best }
            });
    TopFace {
        value: FACE_TABLE[index].value,
        dot,
    }
}

/// The 24 rotations that carry a cube onto itself: each face to any face,
/// in any of four turns. A rounded die is the same body under every one.
pub fn cube_rotations() -> Vec<Quat> {
    let quarter = std::f32::consts::FRAC_PI_2;
    let mut all: Vec<Quat> = Vec::with_capacity(24);
    // Each face to the top (from the face table), then four turns about up.
    for f in FACE_TABLE {
        let to_top = Quat::from_rotation_arc(f.normal, Vec3::Y);
        let to_top = if f.normal == Vec3::NEG_Y {
            // from_rotation_arc picks an axis for a half turn; pick a cube axis.
            Quat::from_rotation_x(std::f32::consts::PI)
        } else {
            to_top
        };
        for k in 0..4 {
            all.push(Quat::from_rotation_y(quarter * k as f32) * to_top);
        }
    }
    all
}

/// The cube rotation (in the die's own frame) that turns the pips of a die
/// resting at `rotation` so that `want` is on top, read as always: a dealt
/// face shown on a die thrown by the physics.
pub fn turn_to_show(rotation: Quat, want: u8) -> Quat {
    // The die's own axis that points most nearly up now (the face normals
    // are the six axes).
    let up = FACE_TABLE
        .map(|f| f.normal)
        .into_iter()
        .max_by(|a, b| (rotation * *a).y.total_cmp(&(rotation * *b).y))
        .unwrap_or(Vec3::Y);
    let normal = face(want).normal;
    cube_rotations()
        .into_iter()
        .find(|turn| (*turn * normal).abs_diff_eq(up, 1e-4))
        .unwrap_or(Quat::IDENTITY)
}

/// A rotation that puts `value` on top (and keeps the die square to the axes).
pub fn rotation_showing(value: u8) -> Quat {
    Quat::from_rotation_arc(face(value).normal, Vec3::Y)
}

/// Pip centres on a face, in face coordinates from -1 to 1 on each axis
/// (the dice and the dice drawn on screen both place pips from it).
pub fn pip_pattern(value: u8) -> &'static [(f32, f32)] {
    const C: (f32, f32) = (0.0, 0.0);
    const TL: (f32, f32) = (-1.0, 1.0);
    const TR: (f32, f32) = (1.0, 1.0);
    const BL: (f32, f32) = (-1.0, -1.0);
    const BR: (f32, f32) = (1.0, -1.0);
    const ML: (f32, f32) = (-1.0, 0.0);
    const MR: (f32, f32) = (1.0, 0.0);
    match value {
        1 => &[C],
        2 => &[TL, BR],
        3 => &[TL, C, BR],
        4 => &[TL, TR, BL, BR],
        5 => &[TL, TR, C, BL, BR],
        _ => &[TL, TR, ML, MR, BL, BR],
    }
}

/// Two unit vectors spanning the plane of a face, `v = normal × u` (the
/// pips are placed along them, and the drawn die's faces run along them).
pub fn face_axes(normal: Vec3) -> (Vec3, Vec3) {
    let u = if normal.y.abs() > 0.5 {
        Vec3::X
    } else {
        Vec3::Y
    };
    let v = normal.cross(u);
    (u, v)
}

/// Where each pip of `value` sits on a die of edge `size`, in the die's frame:
/// on the face surface, `spread` × half-edge from the centre along each axis.
pub fn pip_positions(value: u8, size: f32, spread: f32) -> Vec<Vec3> {
    let f = face(value);
    let (u, v) = face_axes(f.normal);
    let half = size / 2.0;
    pip_pattern(value)
        .iter()
        .map(|&(a, b)| f.normal * half + (u * a + v * b) * half * spread)
        .collect()
}
