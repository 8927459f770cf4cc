//! The notice line: one message for the player at a time (a refill, a game
//! brought back, a save that could not be written), kept as a [`Line`] so the
//! HUDs write it out in the language of the moment. A notice belongs to the
//! screen it was said on: it is shown there until that screen is left or the
//! round at its table ends (the tables clear it when the next one begins), so
//! nothing said on one screen turns up later under another game. A notice
//! said while a screen opens (a refund at start, a refill as a table is
//! laid) belongs to the screen that opens.

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::profile::{SaveTrouble, Trouble};
use crate::lang::{Key, Lang, Line, trf};

use super::{AppSystems, Screen};

/// A text that shows the notice, kept up to date wherever it is spawned (a
/// menu screen's line for it; the HUDs weave it into their own lines).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
#[require(Text)]
pub struct NoticeText;

/// A line for the player (shown on the HUD; what went wrong is also logged).
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice {
    /// What is said.
    line: Option<Line>,
    /// The screen it belongs to, once the frame it was said on is over.
    on: Option<Screen>,
}

impl Notice {
    /// Shows `line` from now on, on this screen.
    pub fn say(&mut self, line: Line) {
        self.line = Some(line);
        self.on = None;
    }

    /// Shows what went wrong with a file in the player's language, and logs
    /// it in English.
    pub fn tell(&mut self, trouble: &Trouble) {
        warn!("{trouble}");
        self.say(trouble.line());
    }

    /// Shows nothing (a new round at a table begins, say).
    pub fn clear(&mut self) {
        self.line = None;
        self.on = None;
    }

    /// True when something is said.
    pub fn is_said(&self) -> bool {
        self.line.is_some()
    }

    /// The notice in `lang` (empty when there is none).
    pub fn text(&self, lang: Lang) -> String {
        self.line
            .as_ref()
            .map(|l| l.in_lang(lang))
            .unwrap_or_default()
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
    app.add_systems(
        Update,
        show_notice
            .run_if(
                resource_changed::<Notice>
                    .or_else(resource_changed::<Lang>)
                    .or_else(any_match_filter::<Added<NoticeText>>),
            )
            .in_set(AppSystems::Present),
    );
    // After the frame's systems (and the screen changes at the start of the
    // next frame's), so a notice is tied to the screen it was said on.
    app.add_systems(
        Last,
        keep_to_its_screen.run_if(resource_changed::<Notice>.or_else(state_changed::<Screen>)),
    );
}

/// What the save had to say becomes the notice (in the player's language).
fn tell_save_trouble(mut trouble: MessageReader<SaveTrouble>, mut notice: ResMut<Notice>) {
    if let Some(last) = trouble.read().last() {
        notice.tell(&last.0);
    }
}

/// Every [`NoticeText`] says the notice in the language of the moment.
fn show_notice(
    notice: Res<Notice>,
    lang: Res<Lang>,
    mut texts: Query<&mut Text, With<NoticeText>>,
) {
    let want = notice.text(*lang);
    for mut text in &mut texts {
        show(&mut text, &want);
    }
}

/// A new notice belongs to the screen it was said on; one whose screen was
/// left goes.
fn keep_to_its_screen(mut notice: ResMut<Notice>, screen: Option<Res<State<Screen>>>) {
    let Some(screen) = screen.map(|s| *s.get()) else {
        return;
    };
    match (notice.line.is_some(), notice.on) {
        (false, _) => {}
        // Tied without a change to be seen.
        (true, None) => notice.bypass_change_detection().on = Some(screen),
        (true, Some(on)) if on != screen => notice.clear(),
        (true, Some(_)) => {}
    }
}

#[cfg(test)]
mod tests {
    use bevy::state::app::StatesPlugin;

    use super::*;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<Screen>()
            .insert_resource(Lang::En)
            .add_message::<SaveTrouble>()
            .add_plugins(plugin);
        app.update();
        app
    }

    fn said(app: &App) -> String {
        app.world().resource::<Notice>().text(Lang::En)
    }

    #[test]
    fn a_notice_stays_on_its_screen_and_goes_when_that_screen_is_left() {
        let mut app = app();
        app.world_mut()
            .resource_mut::<Notice>()
            .say(Notice::refilled(100));
        for _ in 0..3 {
            app.update();
        }
        assert!(said(&app).contains("100"), "{}", said(&app));
        // A notice's text, spawned later, says it too.
        let shown = app.world_mut().spawn(NoticeText).id();
        app.update();
        let text = app.world().get::<Text>(shown).unwrap();
        assert_eq!(text.0, said(&app));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Solo);
        app.update();
        app.update();
        assert_eq!(said(&app), "");
        // Said as the new screen opens: it belongs to that screen.
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Start);
        app.world_mut()
            .resource_mut::<Notice>()
            .say(Line::key(Key::Resumed));
        app.update();
        app.update();
        assert_eq!(said(&app), Line::key(Key::Resumed).in_lang(Lang::En));
    }

    #[test]
    fn a_save_trouble_is_told_in_the_language_of_the_moment() {
        let mut app = app();
        let trouble = Trouble::Unsaved {
            path: "/x/save.json".into(),
            why: "disk full".to_owned(),
        };
        app.world_mut().write_message(SaveTrouble(trouble.clone()));
        app.update();
        let notice = app.world().resource::<Notice>();
        assert_eq!(notice.text(Lang::En), trouble.words(Lang::En));
        assert_eq!(notice.text(Lang::Ja), trouble.words(Lang::Ja));
    }
}
