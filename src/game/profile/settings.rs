//! The player's settings as values: the game's speed, the text size, reduced
//! motion, and whether the guided first game is still to come. What they do
//! lives with what uses them (time in `table::speed`, the HUD's scale in
//! `theme`, the glow in `presentation`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The game's speed.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// As it happens.
    #[default]
    Normal,
    /// Twice as fast.
    Double,
    /// Every throw skipped to its end, the pauses a quarter.
    Instant,
}

impl Speed {
    /// The next speed in the cycle.
    pub fn next(self) -> Speed {
        match self {
            Speed::Normal => Speed::Double,
            Speed::Double => Speed::Instant,
            Speed::Instant => Speed::Normal,
        }
    }
}

/// No pulsing glow: a big hand's dice keep a still mark.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ReducedMotion(pub bool);

/// How large the HUD's text (and the panels around it) is drawn, in percent
/// of the size that fits the window: 100, 125 or 150.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TextSize(pub u16);

/// The text sizes a player can choose, in percent.
pub const TEXT_SIZES: [u16; 3] = [100, 125, 150];

impl Default for TextSize {
    fn default() -> Self {
        TextSize(TEXT_SIZES[0])
    }
}

impl TextSize {
    /// The next size, round the list (an unknown size goes back to 100 %).
    pub fn next(self) -> TextSize {
        let at = TEXT_SIZES.iter().position(|&s| s == self.0);
        TextSize(TEXT_SIZES[at.map_or(0, |i| (i + 1) % TEXT_SIZES.len())])
    }

    /// The size as a factor, within the sizes a player can choose.
    pub fn factor(self) -> f32 {
        let (least, most) = (TEXT_SIZES[0], TEXT_SIZES[TEXT_SIZES.len() - 1]);
        f32::from(self.0.clamp(least, most)) / 100.0
    }
}

/// How much the renderer is asked to do: chosen by the machine (`Auto`:
/// a software renderer gets the low tier, a graphics card the high one), or
/// low or high. Kept with the save.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Graphics {
    /// The machine decides.
    #[default]
    Auto,
    /// Textures, the environment light, fog and one shadow cascade.
    Low,
    /// Low, with multisampled edges and more shadow cascades.
    High,
}

/// The tier a [`Graphics`] choice comes to on a machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// What a software renderer can draw at a few frames a second.
    Low,
    /// What a graphics card draws without effort.
    High,
}

impl Graphics {
    /// The next choice in the cycle.
    pub fn next(self) -> Graphics {
        match self {
            Graphics::Auto => Graphics::Low,
            Graphics::Low => Graphics::High,
            Graphics::High => Graphics::Auto,
        }
    }

    /// The tier on a machine whose renderer is `software` (a CPU device,
    /// such as llvmpipe) or not, and why.
    pub fn tier(self, software: bool) -> (Tier, &'static str) {
        match (self, software) {
            (Graphics::Low, _) => (Tier::Low, "chosen"),
            (Graphics::High, _) => (Tier::High, "chosen"),
            (Graphics::Auto, true) => (Tier::Low, "auto: the renderer runs on the processor"),
            (Graphics::Auto, false) => (Tier::High, "auto: the renderer has a graphics device"),
        }
    }
}

/// The player has not yet been through the guide (a new profile). Kept with the save.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NewPlayer(pub bool);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphics_cycle_round_and_auto_asks_the_machine() {
        assert_eq!(Graphics::Auto.next().next().next(), Graphics::Auto);
        assert_eq!(Graphics::Auto.tier(true).0, Tier::Low);
        assert_eq!(Graphics::Auto.tier(false).0, Tier::High);
        // A choice is kept whatever the machine.
        assert_eq!(Graphics::High.tier(true).0, Tier::High);
        assert_eq!(Graphics::Low.tier(false).0, Tier::Low);
        assert_eq!(serde_json::to_string(&Graphics::High).unwrap(), r#""high""#);
    }

    #[test]
    fn speeds_and_text_sizes_cycle_round() {
        assert_eq!(Speed::Normal.next().next().next(), Speed::Normal);
        assert_eq!(Speed::Normal.next(), Speed::Double);
        let sizes: Vec<u16> = std::iter::successors(Some(TextSize::default()), |t| Some(t.next()))
            .take(4)
            .map(|t| t.0)
            .collect();
        assert_eq!(sizes, [100, 125, 150, 100]);
        assert_eq!(TextSize(110).next(), TextSize(100));
        assert_eq!(TextSize(400).factor(), 1.5);
    }
}
