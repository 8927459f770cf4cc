//! The player apart from their coins: everything kept between runs beside
//! the balance in the save (settings, keys, the last choice, the career).
//! Each section is a resource of the game and a field of the save, listed
//! once below; each has a default, so older saves load.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::keymap::{KeyMap, PadMap};
use crate::lang::Lang;
use crate::rules::career::Career;
use crate::sound::SoundSettings;

use super::bag::Bag;
use super::choice::LastChoice;
use super::seating::PartySeats;
use super::settings::{Graphics, NewPlayer, ReducedMotion, Speed, TextSize};

/// The player's progress up the ladder.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, Default, PartialEq, Eq)]
#[serde(transparent)]
pub struct Progress(pub Career);

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Declares the profile's sections once: the saved struct, the system
/// parameters that read and write them as resources, and their start-up.
macro_rules! sections {
    ($( $(#[$attr:meta])* $field:ident : $kind:ty, )*) => {
        /// The player apart from their coins: the settings and choices kept
        /// between runs, each a resource while the game runs. Each has a default, so older
        /// saves load.
        #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
        pub struct Profile {
            $( $(#[$attr])* pub $field: $kind, )*
        }

        /// Every section, to load into.
        #[derive(SystemParam)]
        pub struct Sections<'w> {
            $( $field: ResMut<'w, $kind>, )*
        }

        /// Every section, to save from.
        #[derive(SystemParam)]
        pub struct SectionsRef<'w> {
            $( $field: Res<'w, $kind>, )*
        }

        impl Sections<'_> {
            /// Puts a loaded profile into the game's resources.
            pub fn set(&mut self, profile: Profile) {
                $( *self.$field = profile.$field; )*
            }
        }

        impl SectionsRef<'_> {
            /// The profile as the game's resources hold it now.
            pub fn get(&self) -> Profile {
                Profile { $( $field: (*self.$field).clone(), )* }
            }

            /// True when any section changed since this was last asked.
            pub fn changed(&self) -> bool {
                false $( || self.$field.is_changed() )*
            }
        }

        /// Adds each section's resource with its default.
        pub(super) fn init_sections(app: &mut App) {
            $( app.init_resource::<$kind>(); )*
        }
    };
}

sections! {
    /// The start screen's last choice (older saves have none).
    #[serde(default, skip_serializing_if = "is_default")]
    choice: LastChoice,
    /// Volume and mute (older saves have the defaults).
    #[serde(default)]
    sound: SoundSettings,
    /// The language of the interface (older saves: Japanese).
    #[serde(default)]
    lang: Lang,
    /// How fast the game runs (older saves: 1×).
    #[serde(default, skip_serializing_if = "is_default")]
    speed: Speed,
    /// No pulsing glow (older saves: off).
    #[serde(default, skip_serializing_if = "is_default")]
    reduced_motion: ReducedMotion,
    /// The HUD's text size in percent (older saves: 100).
    #[serde(default, skip_serializing_if = "is_default")]
    text_size: TextSize,
    /// How much the renderer is asked to do (older saves: the machine decides).
    #[serde(default, skip_serializing_if = "is_default")]
    graphics: Graphics,
    /// Not yet through the guided first game (a new profile; older saves:
    /// players who know the game).
    #[serde(default, skip_serializing_if = "is_default")]
    new_player: NewPlayer,
    /// Keys the player gave actions (older saves: the defaults).
    #[serde(default, skip_serializing_if = "KeyMap::is_default")]
    keys: KeyMap,
    /// Gamepad buttons the player gave actions (older saves: the defaults).
    #[serde(default, skip_serializing_if = "PadMap::is_default")]
    pad: PadMap,
    /// Progress up the ladder (older saves: a new career).
    #[serde(default, skip_serializing_if = "is_default")]
    career: Progress,
    /// Who sat at the last table of several (older saves: the player
    /// with 商人のハナ and 見習いのタロウ).
    #[serde(default, skip_serializing_if = "is_default")]
    table: PartySeats,
    /// The crooked dice taken from cheats and those laid in the tray
    /// (older saves: an empty bag).
    #[serde(default, skip_serializing_if = "is_default")]
    bag: Bag,
}
