//! The game's colours and text sizes, in one place for every screen.

use bevy::prelude::*;

/// Colour of ordinary HUD text.
pub const TEXT: Color = Color::srgb(0.95, 0.95, 0.92);
/// Colour of hand names and money.
pub const GOLD: Color = Color::srgb(1.0, 0.82, 0.3);
/// The evidence against a seat's dice.
pub const SUSPICION: Color = Color::srgb(1.0, 0.72, 0.6);
/// Background of HUD panels.
pub const PANEL: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
/// The warm light on a panel's or a button's upper part, as from the lamps
/// over the table (fading out halfway down).
pub const SHEEN: Color = Color::srgba(1.0, 0.85, 0.6, 0.12);
/// The soft shadow an opaque button casts on the table under it.
pub const BUTTON_SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
/// The main button.
pub const BUTTON: Color = Color::srgb(0.85, 0.35, 0.15);
/// A button that does nothing now.
pub const BUTTON_OFF: Color = Color::srgb(0.35, 0.35, 0.38);
/// The 確定 button.
pub const CONFIRM: Color = Color::srgb(0.2, 0.45, 0.75);
/// The sheet an overlay's rows sit on, so the table does not show through.
pub const SHEET: Color = Color::srgb(0.1, 0.11, 0.13);
/// Size of the start screen's title.
pub const TITLE_SIZE: f32 = 64.0;
/// Size of a hand's name.
pub const HAND_SIZE: f32 = 44.0;
/// Size of button labels and faces.
pub const BIG_SIZE: f32 = 26.0;
/// Size of status lines.
pub const BODY_SIZE: f32 = 20.0;
/// Size of help text and labels.
pub const SMALL_SIZE: f32 = 15.0;
