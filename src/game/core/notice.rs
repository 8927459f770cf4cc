//! The notice line: one message for the player at a time (a refill, a game
//! brought back, a save that could not be written), kept as a [`Line`] so the
//! HUDs write it out in the language of the moment.

use bevy::prelude::*;

use crate::game::profile::SaveTrouble;
use crate::lang::{Key, Lang, Line, trf};

use super::AppSystems;

/// A line for the player (shown on the HUD; what went wrong is also logged).
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice(pub Option<Line>);

impl Notice {
    /// Shows `line` from now on.
    pub fn say(&mut self, line: Line) {
        self.0 = Some(line);
    }

    /// Shows a line that reads the same in every language, and logs it as a warning.
    pub fn warn(&mut self, text: String) {
        warn!("{text}");
        self.say(Line::plain(text));
    }

    /// Shows nothing.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The notice in `lang` (empty when there is none).
    pub fn text(&self, lang: Lang) -> String {
        self.0.as_ref().map(|l| l.in_lang(lang)).unwrap_or_default()
    }

    /// `first` (a payout, a hint, a luck card) with the notice on a line
    /// under it: a notice is never hidden by what else the line shows.
    pub fn under(&self, first: String, lang: Lang) -> String {
        let said = self.text(lang);
        match (first.is_empty(), said.is_empty()) {
            (_, true) => first,
            (true, false) => said,
            (false, false) => format!("{first}\n{said}"),
        }
    }

    /// The line for coins given back, if any were.
    pub fn refunded(back: u64) -> Option<Line> {
        (back > 0).then(|| Line::new(move |lang| trf(lang, Key::Refunded, &[&back])))
    }

    /// The line for a fresh start given to a broke player.
    pub fn refilled(coins: i64) -> Line {
        Line::new(move |lang| trf(lang, Key::Refill, &[&coins]))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
    app.add_systems(
        Update,
        tell_save_trouble
            .run_if(on_message::<SaveTrouble>)
            .in_set(AppSystems::Rules),
    );
}

/// What the save had to say becomes the notice (it is logged already).
fn tell_save_trouble(mut trouble: MessageReader<SaveTrouble>, mut notice: ResMut<Notice>) {
    if let Some(last) = trouble.read().last() {
        notice.say(Line::plain(last.0.clone()));
    }
}
