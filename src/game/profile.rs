//! The player apart from their coins: everything kept between runs beside
//! the balance in the save (settings, keys, the last choice, the career).

use serde::{Deserialize, Serialize};

use crate::keymap::KeyMap;
use crate::lang::Lang;
use crate::rules::career::Career;
use crate::sound::SoundSettings;

use super::settings::TextSize;
use super::speed::Speed;

/// The player apart from their coins: the settings and choices kept between
/// runs. Each field has a default, so older saves load.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct Profile {
    /// The start screen's last choice (older saves have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<String>,
    /// Volume and mute (older saves have the defaults).
    #[serde(default)]
    pub sound: SoundSettings,
    /// The language of the interface (older saves: Japanese).
    #[serde(default)]
    pub lang: Lang,
    /// How fast the game runs (older saves: 1×).
    #[serde(default, skip_serializing_if = "is_normal_speed")]
    pub speed: Speed,
    /// No pulsing glow (older saves: off).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reduced_motion: bool,
    /// The HUD's text size in percent (older saves: 100).
    #[serde(default, skip_serializing_if = "is_normal_text")]
    pub text_size: TextSize,
    /// Not yet through the guided first game (a new profile; older saves:
    /// players who know the game).
    #[serde(default, skip_serializing_if = "is_false")]
    pub new_player: bool,
    /// Keys the player gave actions (older saves: the defaults).
    #[serde(default, skip_serializing_if = "KeyMap::is_default")]
    pub keys: KeyMap,
    /// Progress up the ladder (older saves: a new career).
    #[serde(default, skip_serializing_if = "is_new_career")]
    pub career: Career,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_normal_text(text: &TextSize) -> bool {
    *text == TextSize::default()
}

fn is_normal_speed(speed: &Speed) -> bool {
    *speed == Speed::Normal
}

fn is_new_career(career: &Career) -> bool {
    *career == Career::default()
}
