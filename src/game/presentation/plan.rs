//! What the room's still part is, as a plan the painter ([`super::backdrop`])
//! reads: its surfaces, walls, lantern and the boxes that throw shadows on
//! them. The scene and the venues lay a plan; the painter paints it.

use bevy::prelude::*;

use crate::dice::surfaces::WOOD_TILE;

use super::light::LAMP;

/// What the room's still part is; `None`: nothing but the room's colour.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct StillRoom(pub Option<RoomPlan>);

/// The surfaces of a room's still part, its lantern and what shades them.
#[derive(Debug, Clone, PartialEq)]
pub struct RoomPlan {
    /// Horizontal rectangles of wood or felt.
    pub surfaces: Vec<PlanSurface>,
    /// Where a lantern stands (its foot), if one does.
    pub lantern: Option<Vec3>,
    /// A table top over lower surfaces: its height and half extents.
    pub table: Option<(f32, Vec2)>,
    /// What stands on the painted surfaces and shades them (the trays).
    pub casters: Vec<Caster>,
    /// The colour of the room's light.
    pub light: Color,
    /// The room's walls of upright planks, if it has any.
    pub walls: Option<PlanWalls>,
}

/// A room's four walls round the table's middle, from the floor up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanWalls {
    /// Half the room's width (x) and depth (z).
    pub half: Vec2,
    /// The floor and the walls' top.
    pub y: (f32, f32),
    /// World units one image of planks covers.
    pub tile: f32,
    /// The colour that tints the planks.
    pub tint: Color,
}

/// A box standing on a painted surface (a tray on the table): the key light
/// throws its soft shadow away from the lamp.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Caster {
    /// Its foot's middle, on the surface it stands on.
    pub foot: Vec3,
    /// Half its width (x) and depth (z).
    pub half: Vec2,
    /// How high it stands.
    pub height: f32,
}

/// One horizontal rectangle, centred on the table's middle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanSurface {
    /// Its height.
    pub y: f32,
    /// Half its width (x) and depth (z).
    pub half: Vec2,
    /// Wood (else felt).
    pub wood: bool,
    /// World units one image covers.
    pub tile: f32,
    /// The colour that tints the image.
    pub tint: Color,
    /// The share of the light it gives back untinted.
    pub gloss: f32,
}

/// The solo game's table: wide enough to reach the fog on every side.
const SOLO_TABLE: Vec2 = Vec2::new(35.0, 25.0);
/// The solo table's wood.
const SOLO_WOOD: Color = Color::srgb(0.48, 0.32, 0.2);

/// The tavern's table with nothing on it: what the menus stand over.
pub fn bare_table() -> RoomPlan {
    RoomPlan {
        surfaces: vec![PlanSurface {
            y: crate::dice::tray::TABLE_TOP,
            half: SOLO_TABLE,
            wood: true,
            tile: WOOD_TILE,
            tint: SOLO_WOOD,
            gloss: 0.0,
        }],
        lantern: None,
        table: None,
        casters: Vec::new(),
        light: LAMP,
        walls: None,
    }
}

/// A tray whose floor's middle is at `origin`, standing on the table.
pub fn tray_caster(origin: Vec3) -> Caster {
    use crate::dice::tray::{TABLE_TOP, TRAY_DEPTH, TRAY_WIDTH, WALL_HEIGHT, WALL_THICKNESS};
    Caster {
        foot: Vec3::new(origin.x, TABLE_TOP, origin.z),
        half: Vec2::new(TRAY_WIDTH, TRAY_DEPTH) / 2.0 + Vec2::splat(WALL_THICKNESS),
        height: WALL_HEIGHT - TABLE_TOP,
    }
}
