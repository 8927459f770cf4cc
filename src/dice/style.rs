//! How a set of dice looks: the body's colour, a held die's, and the
//! finish; each venue has its own ([`DiceStyle`]).

use bevy::prelude::*;

/// What a set of dice is made of: its body's colour, a held die's, and how
/// the surface takes the light. Each venue has its own; the solo table ivory.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum DiceStyle {
    /// Polished resin, ivory white.
    #[default]
    Ivory,
    /// Old bone: warmer, duller.
    Bone,
    /// Cast brass: metal, a warm shine.
    Brass,
    /// Green stone, polished.
    Jade,
}

impl DiceStyle {
    /// The body's colour.
    pub fn body(self) -> Color {
        match self {
            DiceStyle::Ivory => Color::srgb(0.96, 0.94, 0.9),
            DiceStyle::Bone => Color::srgb(0.9, 0.84, 0.7),
            DiceStyle::Brass => Color::srgb(0.95, 0.78, 0.45),
            DiceStyle::Jade => Color::srgb(0.5, 0.76, 0.6),
        }
    }

    /// A held die's colour: gold, or on gold-coloured metal a copper red
    /// (the キープ label says so too, so colour is never all of it).
    pub fn held(self) -> Color {
        match self {
            DiceStyle::Brass => Color::srgb(0.85, 0.36, 0.24),
            _ => Color::srgb(1.0, 0.78, 0.3),
        }
    }

    /// Perceptual roughness of the body (the paint is rougher still).
    pub fn roughness(self) -> f32 {
        match self {
            DiceStyle::Ivory => 0.32,
            DiceStyle::Bone => 0.62,
            DiceStyle::Brass => 0.38,
            DiceStyle::Jade => 0.24,
        }
    }

    /// How much of the body is metal (the paint never is).
    pub fn metallic(self) -> f32 {
        match self {
            DiceStyle::Brass => 0.35,
            _ => 0.0,
        }
    }
}
