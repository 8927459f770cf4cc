//! The room's light and colour, shared by the 3D scene and the still room
//! painted under it, so the two always match: the key light, the room's
//! colour and fog, the lanterns' flame and where their light stands.

use bevy::prelude::*;

/// The key light's colour: a lamp's, warm.
pub const LAMP: Color = Color::srgb(1.0, 0.88, 0.72);

/// The room around the table: the clear colour and the fog's.
pub const ROOM: Color = Color::srgb(0.24, 0.17, 0.12);

/// Where the fog begins and where it hides everything, in world units from
/// the camera: the trays are clear, the table's far end fades.
pub const FOG_START: f32 = 34.0;
pub const FOG_END: f32 = 95.0;

/// Where the key light stands (it shines towards the middle of the table).
pub const LAMP_AT: Vec3 = Vec3::new(-4.0, 12.0, 6.0);
/// The painted room's light (linear, times the lamp's colour): the key
/// light's, the ambient light's and a lantern's at one world unit, matched
/// by eye to the 3D scene's exposure.
pub const KEY_PAINT: f32 = 0.72;
pub const AMBIENT_PAINT: f32 = 0.3;
pub const LANTERN_PAINT: f32 = 6.0;

/// A lantern's flame: its light's colour.
pub const FLAME: Color = Color::srgb(1.0, 0.66, 0.34);

/// A lantern's size: its base, its glass (a radius and a height each).
pub const LANTERN_BASE: (f32, f32) = (0.55, 0.25);
pub const LANTERN_GLASS: (f32, f32) = (0.38, 0.9);

/// Where a lantern's light is, above its foot: in its glass.
pub const LANTERN_LIGHT_AT: Vec3 = Vec3::new(0.0, LANTERN_BASE.1 + LANTERN_GLASS.1 / 2.0, 0.0);
