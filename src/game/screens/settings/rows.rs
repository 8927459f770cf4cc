//! The settings' rows, each described once: a value of the profile (its
//! name, its value in words, the value after it) or something the row does;
//! the lists over a game and on the screen, each row's line and each change
//! are all taken from [`Setting::row`].

use bevy::prelude::*;

use crate::game::profile::{Graphics, ReducedMotion, Speed, TextSize};
use crate::game::table::speed::speed_words;
use crate::lang::{Key, Lang, tr, trf};

/// One row of the settings screen: a setting's value, changed in place
/// (see [`Setting::row`]), or something it opens or does.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// 1×, 2×, instant.
    Speed,
    /// Reduced motion on or off.
    Motion,
    /// 100 %, 125 %, 150 %.
    TextSize,
    /// The machine decides, low or high.
    Graphics,
    /// 日本語 or English.
    Language,
    /// Which key does what (a screen of its own; not over a game).
    Keys,
    /// Back to the start screen (the screen only: Esc does the same).
    Back,
    /// Close the settings and play on (only over a game: Esc does the same).
    Resume,
    /// Leave the table for the menu (only over a game).
    Leave,
    /// Close the game (only over a game; the start screen has its own button).
    /// A game under way comes back on the next start, as after closing the window.
    Quit,
}

/// A value of the profile that one row of the settings shows and changes:
/// the row's name, the value in words, the value after it. A new setting is
/// a section of the profile, this, and a line in [`Setting::row`].
pub trait SettingValue: Resource + Clone {
    /// The row's name.
    const NAME: Key;
    /// The value, as the row writes it in `lang`.
    fn words(&self, lang: Lang) -> String;
    /// The value one change (a key or a click) gives.
    fn after(&self) -> Self;
}

impl SettingValue for Speed {
    const NAME: Key = Key::SettingSpeed;
    fn words(&self, lang: Lang) -> String {
        speed_words(*self, lang)
    }
    fn after(&self) -> Self {
        self.next()
    }
}

impl SettingValue for ReducedMotion {
    const NAME: Key = Key::SettingMotion;
    fn words(&self, lang: Lang) -> String {
        tr(lang, if self.0 { Key::On } else { Key::Off }).to_owned()
    }
    fn after(&self) -> Self {
        ReducedMotion(!self.0)
    }
}

impl SettingValue for TextSize {
    const NAME: Key = Key::SettingTextSize;
    fn words(&self, _: Lang) -> String {
        format!("{} %", self.0)
    }
    fn after(&self) -> Self {
        self.next()
    }
}

impl SettingValue for Graphics {
    const NAME: Key = Key::SettingGraphics;
    fn words(&self, lang: Lang) -> String {
        let key = match self {
            Graphics::Auto => Key::GraphicsAuto,
            Graphics::Low => Key::GraphicsLow,
            Graphics::High => Key::GraphicsHigh,
        };
        tr(lang, key).to_owned()
    }
    fn after(&self) -> Self {
        self.next()
    }
}

impl SettingValue for Lang {
    const NAME: Key = Key::SettingLanguage;
    /// Each language by its own name, whatever the language of the moment.
    fn words(&self, _: Lang) -> String {
        match self {
            Lang::Ja => "日本語",
            Lang::En => "English",
        }
        .to_owned()
    }
    fn after(&self) -> Self {
        self.toggled()
    }
}

/// What a row is to the screen.
#[derive(Clone, Copy)]
pub enum Row {
    /// A value of the profile: its line, and its change.
    Value {
        /// The row's text: name and value, in a language.
        line: fn(&World, Lang) -> String,
        /// Puts the next value in place.
        change: fn(&mut World),
    },
    /// Something the row opens or does.
    Does(Action),
}

/// What a row that is not a value does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Opens the keys' screen (from the settings screen).
    Keys,
    /// Goes back to the start screen (from the settings screen).
    Back,
    /// Closes the settings over a game.
    Resume,
    /// Closes the game (over a game).
    Quit,
    /// Leaves the table (over a game).
    Leave,
}

impl Action {
    /// True when the row is offered over a game rather than on the screen.
    fn in_game(self) -> bool {
        match self {
            Action::Keys | Action::Back => false,
            Action::Resume | Action::Quit | Action::Leave => true,
        }
    }
}

impl Row {
    /// The row of the value `T`.
    fn value<T: SettingValue>() -> Row {
        Row::Value {
            line: |world, lang| {
                let value = world.get_resource::<T>().map(|v| v.words(lang));
                trf(
                    lang,
                    Key::SettingLine,
                    &[&tr(lang, T::NAME), &value.unwrap_or_default()],
                )
            },
            change: |world| {
                if let Some(next) = world.get_resource::<T>().map(T::after) {
                    world.insert_resource(next);
                }
            },
        }
    }

    /// True when the row is shown there (over a game, or on the screen).
    fn shown(self, in_game: bool) -> bool {
        match self {
            Row::Value { .. } => true,
            Row::Does(action) => action.in_game() == in_game,
        }
    }
}

impl Setting {
    /// Every row, in the order shown (each list below keeps this order).
    pub const EVERY: [Setting; 10] = [
        Setting::Speed,
        Setting::Motion,
        Setting::TextSize,
        Setting::Graphics,
        Setting::Language,
        Setting::Keys,
        Setting::Back,
        Setting::Resume,
        Setting::Quit,
        // Esc ↑ Enter leaves the table, as it always did: the last row.
        Setting::Leave,
    ];

    /// What this row is: the one description the lists, the lines and the
    /// changes are taken from.
    pub fn row(self) -> Row {
        match self {
            Setting::Speed => Row::value::<Speed>(),
            Setting::Motion => Row::value::<ReducedMotion>(),
            Setting::TextSize => Row::value::<TextSize>(),
            Setting::Graphics => Row::value::<Graphics>(),
            Setting::Language => Row::value::<Lang>(),
            Setting::Keys => Row::Does(Action::Keys),
            Setting::Back => Row::Does(Action::Back),
            Setting::Resume => Row::Does(Action::Resume),
            Setting::Quit => Row::Does(Action::Quit),
            Setting::Leave => Row::Does(Action::Leave),
        }
    }

    /// The rows shown: over a game, or on the settings screen.
    pub fn rows(in_game: bool) -> &'static [Setting] {
        static SCREEN: std::sync::LazyLock<Vec<Setting>> =
            std::sync::LazyLock::new(|| shown_rows(false));
        static GAME: std::sync::LazyLock<Vec<Setting>> =
            std::sync::LazyLock::new(|| shown_rows(true));
        if in_game { &GAME } else { &SCREEN }
    }
}

fn shown_rows(in_game: bool) -> Vec<Setting> {
    Setting::EVERY
        .into_iter()
        .filter(|s| s.row().shown(in_game))
        .collect()
}

/// Where the leave row over a game goes, and whether leaving gives up a stake.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeaveRow {
    /// A career match goes back to the ladder; every other table to the menu.
    pub to_ladder: bool,
    /// Coins are on the table that leaving gives up (a paid game already over has none).
    pub loses_stake: bool,
}

impl LeaveRow {
    /// What the row says.
    pub fn words(self, lang: Lang) -> String {
        let to = tr(
            lang,
            if self.to_ladder {
                Key::LeaveToLadder
            } else {
                Key::LeaveTable
            },
        );
        if self.loses_stake {
            format!("{to}{}", tr(lang, Key::StakeLost))
        } else {
            to.to_owned()
        }
    }
}

/// A row's text: its name and value, or what it does.
pub fn setting_line(world: &World, setting: Setting, leave: LeaveRow, lang: Lang) -> String {
    match setting.row() {
        Row::Value { line, .. } => line(world, lang),
        Row::Does(Action::Leave) => leave.words(lang),
        Row::Does(Action::Quit) => tr(lang, Key::QuitGame).to_owned(),
        Row::Does(Action::Keys) => format!("{}…", tr(lang, Key::SettingKeys)),
        Row::Does(Action::Back) => tr(lang, Key::SettingBack).to_owned(),
        Row::Does(Action::Resume) => tr(lang, Key::SettingResume).to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_come_from_the_rows_and_leaving_is_last_over_a_game() {
        let values: Vec<Setting> = Setting::EVERY
            .into_iter()
            .filter(|s| matches!(s.row(), Row::Value { .. }))
            .collect();
        let screen: Vec<Setting> = values
            .iter()
            .copied()
            .chain([Setting::Keys, Setting::Back])
            .collect();
        let game: Vec<Setting> = values
            .iter()
            .copied()
            .chain([Setting::Resume, Setting::Quit, Setting::Leave])
            .collect();
        assert_eq!(Setting::rows(false), screen.as_slice());
        assert_eq!(Setting::rows(true), game.as_slice());
        assert_eq!(values.len(), 5);
    }

    #[test]
    fn a_value_row_writes_its_value_and_a_change_puts_the_next_in_place() {
        let mut world = World::new();
        world.insert_resource(Speed::Normal);
        world.insert_resource(Lang::En);
        world.insert_resource(TextSize::default());
        let leave = LeaveRow::default();
        assert_eq!(
            setting_line(&world, Setting::Speed, leave, Lang::En),
            "Speed: 1×"
        );
        for (setting, before, after) in [
            (Setting::Speed, "Speed: 1×", "Speed: 2×"),
            (Setting::TextSize, "100 %", "125 %"),
            (Setting::Language, "English", "日本語"),
        ] {
            let Row::Value { change, .. } = setting.row() else {
                panic!("{setting:?} is a value");
            };
            let line = setting_line(&world, setting, leave, Lang::En);
            assert!(line.contains(before), "{line}");
            change(&mut world);
            let line = setting_line(&world, setting, leave, Lang::En);
            assert!(line.contains(after), "{line}");
        }
        assert_eq!(*world.resource::<Lang>(), Lang::Ja);
    }
}
