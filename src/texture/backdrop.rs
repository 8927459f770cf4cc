//! The still part of a room, painted once for a camera that does not move:
//! the floor and the table tops, textured and lit (the key light, the
//! ambient light, a lantern's pool, the soft shadows of what stands on them),
//! the room's walls of upright planks round them, all faded into the room's
//! colour by distance. A software renderer would shade these surfaces again
//! every frame although nothing on them changes; painted once, they cost one
//! image behind the moving scene. Plain Rust: rays from the eye to
//! horizontal rectangles and to the four walls of a box.

use super::Texels;

/// A horizontal rectangle of one texture.
#[derive(Debug, Clone, Copy)]
pub struct Surface<'a> {
    /// Its height.
    pub y: f32,
    /// Its extent along x and along z (`min`, `max`).
    pub x: (f32, f32),
    pub z: (f32, f32),
    /// The image laid on it, one copy every `tile` world units.
    pub texels: &'a Texels,
    pub tile: f32,
    /// The colour the image is tinted with (linear).
    pub tint: [f32; 3],
    /// The share of the light its fibres or finish give back untinted (felt
    /// and oiled wood look paler in the light than their colour alone).
    pub gloss: f32,
}

/// The four walls of a room round the eye, of upright planks: the inside of
/// a box from the floor up, centred on the origin.
#[derive(Debug, Clone, Copy)]
pub struct Walls<'a> {
    /// Half the room's width (x) and depth (z).
    pub half: (f32, f32),
    /// The floor and the top of the walls.
    pub y: (f32, f32),
    /// The planks' image (its boards run across `v`, so they stand upright)
    /// and the world units one copy covers.
    pub texels: &'a Texels,
    pub tile: f32,
    /// The colour the image is tinted with (linear).
    pub tint: [f32; 3],
}

/// A lamp with a pool of light that falls off with distance.
#[derive(Debug, Clone, Copy)]
pub struct Lantern {
    /// Where its light comes from.
    pub at: [f32; 3],
    /// Its colour times its strength at one world unit (linear).
    pub light: [f32; 3],
}

/// Something that stands over lower surfaces (a table over the floor) and
/// shades them: its rectangle, softened at the edge by `soft` world units,
/// takes away `depth` of the direct light beneath it.
#[derive(Debug, Clone, Copy)]
pub struct Occluder {
    /// Its height and extent.
    pub y: f32,
    pub x: (f32, f32),
    pub z: (f32, f32),
    /// The width of its shadow's soft edge, outwards.
    pub soft: f32,
    /// How much of the direct light it takes away, 0 to 1.
    pub depth: f32,
}

/// Everything the painting needs: the eye, the light and the room.
#[derive(Debug, Clone)]
pub struct Room<'a> {
    /// The eye, and the unit vectors right, up and forward of the camera.
    pub eye: [f32; 3],
    pub right: [f32; 3],
    pub up: [f32; 3],
    pub forward: [f32; 3],
    /// The tangent of half the vertical field of view.
    pub tan_half_fov: f32,
    /// The surfaces; the nearest along a ray is seen.
    pub surfaces: Vec<Surface<'a>>,
    /// The walls round it all, if the room has any.
    pub walls: Option<Walls<'a>>,
    /// The key light: the direction towards it (unit) and its colour (linear).
    pub key_towards: [f32; 3],
    pub key: [f32; 3],
    /// The light from everywhere (linear).
    pub ambient: [f32; 3],
    /// The lantern, if any.
    pub lantern: Option<Lantern>,
    /// What shades the surfaces under them (a table over the floor, a tray
    /// on the table).
    pub occluders: Vec<Occluder>,
    /// The room's colour (linear): where no surface is, and where the fog hides one.
    pub room: [f32; 3],
    /// The fog's start and end, in world units from the eye.
    pub fog: (f32, f32),
}

/// The painted room as sRGB bytes, 4 a pixel, rows from the top; the rows
/// are shared among the machine's cores.
pub fn paint(room: &Room, width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0u8; (width * height * 4) as usize];
    let row_bytes = (width * 4) as usize;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rows_each = (height as usize).div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        for (chunk, rows) in out.chunks_mut(rows_each * row_bytes).enumerate() {
            scope.spawn(move || {
                for (i, row) in rows.chunks_mut(row_bytes).enumerate() {
                    paint_row(room, width, height, (chunk * rows_each + i) as u32, row);
                }
            });
        }
    });
    out
}

/// One row of the painting.
fn paint_row(room: &Room, width: u32, height: u32, py: u32, row: &mut [u8]) {
    let aspect = width as f32 / height as f32;
    // How much world one pixel spans at unit distance.
    let pixel_angle = 2.0 * room.tan_half_fov / height as f32;
    let sy = (1.0 - 2.0 * (py as f32 + 0.5) / height as f32) * room.tan_half_fov;
    let across = add(scale(room.up, sy), room.forward);
    for (px, pixel) in row.chunks_mut(4).enumerate() {
        let sx = (2.0 * (px as f32 + 0.5) / width as f32 - 1.0) * room.tan_half_fov * aspect;
        let dir = normalize(add(scale(room.right, sx), across));
        let colour = shade(room, dir, pixel_angle);
        pixel.copy_from_slice(&[srgb(colour[0]), srgb(colour[1]), srgb(colour[2]), 255]);
    }
}

/// Where a ray first meets a room's walls: the distance, the point and the
/// wall's normal (into the room), if below the walls' top.
fn wall_hit(walls: &Walls, eye: [f32; 3], dir: [f32; 3]) -> Option<(f32, [f32; 3], [f32; 3])> {
    let across = |e: f32, d: f32, half: f32| {
        if d.abs() < 1e-6 {
            f32::INFINITY
        } else {
            (half.copysign(d) - e) / d
        }
    };
    let tx = across(eye[0], dir[0], walls.half.0);
    let tz = across(eye[2], dir[2], walls.half.1);
    let (t, normal) = if tx < tz {
        (tx, [-dir[0].signum(), 0.0, 0.0])
    } else {
        (tz, [0.0, 0.0, -dir[2].signum()])
    };
    let p = add(eye, scale(dir, t));
    (t > 0.0 && t.is_finite() && (walls.y.0..=walls.y.1).contains(&p[1])).then_some((t, p, normal))
}

/// The colour seen along `dir` from the eye (linear).
pub fn shade(room: &Room, dir: [f32; 3], pixel_angle: f32) -> [f32; 3] {
    let hit = room
        .surfaces
        .iter()
        .filter_map(|s| {
            let t = (s.y - room.eye[1]) / dir[1];
            let p = add(room.eye, scale(dir, t));
            (t > 0.0 && (s.x.0..=s.x.1).contains(&p[0]) && (s.z.0..=s.z.1).contains(&p[2]))
                .then_some((t, s, p))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let wall = room
        .walls
        .as_ref()
        .and_then(|w| wall_hit(w, room.eye, dir).map(|h| (w, h)));
    if let Some((walls, (t, p, normal))) = wall
        && hit.is_none_or(|(floor_t, _, _)| t < floor_t)
    {
        return shade_wall(room, walls, t, p, normal, dir, pixel_angle);
    }
    let Some((t, surface, p)) = hit else {
        return room.room;
    };
    let seen = Seen {
        t,
        pixel_angle,
        facing: dir[1].abs(),
    };
    let albedo = seen.sample(surface.texels, surface.tile, p[0], p[2]);
    let mut direct = direct_light(room, p, UP);
    for o in room.occluders.iter().filter(|o| p[1] < o.y) {
        // How far outside the rectangle the point is, along the worse axis.
        let out_x = (o.x.0 - p[0]).max(p[0] - o.x.1).max(0.0);
        let out_z = (o.z.0 - p[2]).max(p[2] - o.z.1).max(0.0);
        let edge = 1.0 - (out_x.max(out_z) / o.soft).min(1.0);
        direct = scale(direct, 1.0 - o.depth * edge * edge * (3.0 - 2.0 * edge));
    }
    let light = add(room.ambient, direct);
    let lit = [0, 1, 2].map(|i| (albedo[i] * surface.tint[i] + surface.gloss) * light[i]);
    fogged(room, lit, t)
}

/// `lit` seen `t` away through the room's fog.
fn fogged(room: &Room, lit: [f32; 3], t: f32) -> [f32; 3] {
    let (start, end) = room.fog;
    let fog = ((t - start) / (end - start)).clamp(0.0, 1.0);
    [0, 1, 2].map(|i| lit[i] + (room.room[i] - lit[i]) * fog)
}

/// A wall's colour where a ray meets it: upright planks lit by what faces
/// them (the key light, the lantern), darker towards the floor, where the
/// furniture and the floor's edge keep the light off.
fn shade_wall(
    room: &Room,
    walls: &Walls,
    t: f32,
    p: [f32; 3],
    normal: [f32; 3],
    dir: [f32; 3],
    pixel_angle: f32,
) -> [f32; 3] {
    // Along the wall, and up it: the wood's grain runs up, its boards side by side.
    let along = if normal[0] != 0.0 { p[2] } else { p[0] };
    let seen = Seen {
        t,
        pixel_angle,
        facing: dot(dir, normal).abs(),
    };
    let albedo = seen.sample(walls.texels, walls.tile, p[1], along);
    let direct = direct_light(room, p, normal);
    let height = ((p[1] - walls.y.0) / (walls.y.1 - walls.y.0)).clamp(0.0, 1.0);
    let skirting = 1.0 - WALL_FOOT_SHADE * (1.0 - height).powi(4);
    let light = scale(add(room.ambient, direct), skirting);
    let lit = [0, 1, 2].map(|i| albedo[i] * walls.tint[i] * light[i]);
    fogged(room, lit, t)
}

/// Up: a floor's or table top's normal.
const UP: [f32; 3] = [0.0, 1.0, 0.0];
/// How much darker a wall is at its foot than at its top.
const WALL_FOOT_SHADE: f32 = 0.5;

/// How a surface is seen under one pixel: from `t` away, a pixel spanning
/// `pixel_angle`, at `facing` (the cosine between the ray and the surface's
/// normal).
struct Seen {
    t: f32,
    pixel_angle: f32,
    facing: f32,
}

impl Seen {
    /// The image laid every `tile` world units, at world coordinates
    /// `(u, v)` along it, at the mip level the pixel's footprint picks.
    fn sample(&self, texels: &Texels, tile: f32, u: f32, v: f32) -> [f32; 3] {
        let footprint = self.t * self.pixel_angle / self.facing.max(0.05);
        let texels_per_pixel = footprint * texels.size as f32 / tile;
        sample(texels, u / tile, v / tile, texels_per_pixel.max(1.0).log2())
    }
}

/// The key light and the lantern's light falling on a point `p` of a surface
/// whose normal is `normal`.
fn direct_light(room: &Room, p: [f32; 3], normal: [f32; 3]) -> [f32; 3] {
    let mut direct = scale(room.key, dot(room.key_towards, normal).max(0.0));
    if let Some(lantern) = room.lantern {
        let to = sub(lantern.at, p);
        let d2 = dot(to, to).max(1.0);
        let facing = (dot(to, normal) / d2.sqrt()).max(0.0);
        direct = add(direct, scale(lantern.light, facing / d2));
    }
    direct
}

/// The image's colour at `(u, v)` (tiling) at mip `level`, bilinear, linear light.
fn sample(texels: &Texels, u: f32, v: f32, level: f32) -> [f32; 3] {
    let level = (level.round() as usize).min(texels.levels.len() - 1);
    let size = (texels.size >> level).max(1) as i64;
    let data = &texels.levels[level];
    let (x, y) = (u * size as f32 - 0.5, v * size as f32 - 0.5);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let at = |dx: i64, dy: i64| {
        let xi = (x0 as i64 + dx).rem_euclid(size);
        let yi = (y0 as i64 + dy).rem_euclid(size);
        let i = ((yi * size + xi) * 4) as usize;
        [0, 1, 2].map(|c| linear(data[i + c]))
    };
    let (a, b, c, d) = (at(0, 0), at(1, 0), at(0, 1), at(1, 1));
    [0, 1, 2].map(|i| {
        let top = a[i] + (b[i] - a[i]) * fx;
        let bottom = c[i] + (d[i] - c[i]) * fx;
        top + (bottom - top) * fy
    })
}

/// Steps of linear light in the table that turns it back into sRGB bytes.
const SRGB_STEPS: usize = 4096;

/// The two tables between sRGB bytes and linear light, made once.
fn tables() -> &'static ([f32; 256], Vec<u8>) {
    static TABLES: std::sync::OnceLock<([f32; 256], Vec<u8>)> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let to_linear = std::array::from_fn(|b| {
            let c = b as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        });
        let to_srgb = (0..=SRGB_STEPS)
            .map(|i| {
                let c = i as f32 / SRGB_STEPS as f32;
                let s = if c <= 0.003_130_8 {
                    c * 12.92
                } else {
                    1.055 * c.powf(1.0 / 2.4) - 0.055
                };
                (s * 255.0 + 0.5) as u8
            })
            .collect();
        (to_linear, to_srgb)
    })
}

/// An sRGB byte in linear light.
fn linear(byte: u8) -> f32 {
    tables().0[usize::from(byte)]
}

/// Linear light as an sRGB byte (to the nearest of [`SRGB_STEPS`] steps).
fn srgb(c: f32) -> u8 {
    tables().1[(c.clamp(0.0, 1.0) * SRGB_STEPS as f32 + 0.5) as usize]
}

fn add(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn scale(a: [f32; 3], k: f32) -> [f32; 3] {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn normalize(a: [f32; 3]) -> [f32; 3] {
    scale(a, 1.0 / dot(a, a).sqrt())
}

#[cfg(test)]
#[path = "backdrop_tests.rs"]
mod tests;
