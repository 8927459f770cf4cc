//! The career in the game: the ladder screen's cursor and keys, sitting down
//! at a rung (refused, with the reason, while it is locked), starting a new
//! career, and each finished career match booked to the saved progress with
//! what it opened, and the ladder screen (`ladder`).

pub mod ladder;

use bevy::prelude::*;

use crate::lang::career::locked_words;
use crate::lang::{Key, Lang, Line, badge_effect, badge_name, opponent_name, tr, trf, words};
use crate::rules::career::{Unlock, ladder};
use crate::rules::duel::Side;

use crate::game::duel::{RoundEnded, Table, Terms};
use crate::game::profile::{Progress, Wallet};
use crate::game::{AppSystems, Choice, Choose, Notice, Screen};
use crate::keymap::Controls;

/// Starts a new career (pressed twice, so one slip loses nothing).
pub const NEW_CAREER_KEY: KeyCode = KeyCode::KeyN;
/// Chooses the badge to take into career matches: none, then each one won.
pub const TAKE_BADGE_KEY: KeyCode = KeyCode::KeyB;

/// The rung highlighted on the ladder screen.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct LadderCursor(pub usize);

/// True after the first press of [`NEW_CAREER_KEY`], until the second or leaving.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct NewCareerAsked(pub bool);

/// Sit down at this rung of the ladder (a key, a click or a test).
#[derive(Event, Debug, Clone, Copy)]
pub struct Sit(pub usize);

/// Start the career over; the first one only asks.
#[derive(Event, Debug, Clone, Copy)]
pub struct NewCareer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LadderCursor>()
        .init_resource::<NewCareerAsked>();
    app.add_systems(OnEnter(Screen::Ladder), open_ladder);
    app.add_systems(
        Update,
        read_ladder_keys
            .run_if(in_state(Screen::Ladder))
            .in_set(AppSystems::Input),
    );
    app.add_observer(on_sit)
        .add_observer(on_take_badge)
        .add_observer(on_new_career)
        .add_observer(book_career_match);
    app.add_plugins(ladder::plugin);
}

/// The cursor starts on the highest open rung.
fn open_ladder(
    progress: Res<Progress>,
    mut cursor: ResMut<LadderCursor>,
    mut asked: ResMut<NewCareerAsked>,
) {
    cursor.0 = progress.0.top_open();
    asked.0 = false;
}

fn read_ladder_keys(
    keys: Res<ButtonInput<KeyCode>>,
    controls: Controls,
    mut cursor: ResMut<LadderCursor>,
    mut commands: Commands,
) {
    let at = controls.step_cursor(cursor.0, ladder().len());
    if cursor.0 != at {
        cursor.0 = at;
    }
    if controls.pick() {
        commands.trigger(Sit(cursor.0));
    }
    if keys.just_pressed(NEW_CAREER_KEY) {
        commands.trigger(NewCareer);
    }
    if keys.just_pressed(TAKE_BADGE_KEY) {
        commands.trigger(TakeBadge);
    }
}

/// Take the next badge won (or none) into career matches.
#[derive(Event, Debug, Clone, Copy)]
pub struct TakeBadge;

fn on_take_badge(_: On<TakeBadge>, mut progress: ResMut<Progress>) {
    let next = progress.0.next_badge();
    progress.0.taking = next;
}

fn on_sit(
    sit: On<Sit>,
    progress: Res<Progress>,
    wallet: Res<Wallet>,
    mut notice: ResMut<Notice>,
    mut cursor: ResMut<LadderCursor>,
    mut commands: Commands,
) {
    let Some(rung) = ladder().get(sit.0).copied() else {
        return;
    };
    cursor.0 = rung.index;
    match progress.0.check(&rung, wallet.coins) {
        Ok(()) => {
            notice.clear();
            commands.trigger(Choose(Choice::Career(rung.index)));
        }
        Err(locked) => {
            notice.say(Line::new(move |lang| {
                trf(
                    lang,
                    Key::LockedNotice,
                    &[
                        &opponent_name(lang, rung.opponent),
                        &locked_words(&rung, locked, lang),
                    ],
                )
            }));
        }
    }
}

fn on_new_career(
    _: On<NewCareer>,
    mut asked: ResMut<NewCareerAsked>,
    mut progress: ResMut<Progress>,
    mut cursor: ResMut<LadderCursor>,
    mut notice: ResMut<Notice>,
) {
    if asked.0 {
        progress.0 = Default::default();
        cursor.0 = 0;
        asked.0 = false;
        notice.say(Line::key(Key::NewCareerDone));
    } else {
        asked.0 = true;
        notice.say(Line::key(Key::NewCareerSure));
    }
}

/// A career match that has just been decided moves the career, and the
/// player hears what it opened.
fn book_career_match(
    ended: On<RoundEnded>,
    table: Option<Res<Table>>,
    mut progress: ResMut<Progress>,
    mut notice: ResMut<Notice>,
) {
    let (Some(table), Some(winner)) = (table, ended.duel.winner()) else {
        return;
    };
    if table.terms != Terms::Career {
        return;
    }
    let Some(rung) = ladder().get(table.opponent.index()).copied() else {
        return;
    };
    let opened = progress.0.record(&rung, winner == Side::Near);
    if opened.is_empty() {
        return;
    }
    let champion = progress.0.champion();
    notice.say(Line::new(move |lang| opened_words(&opened, champion, lang)));
}

/// What a career match opened, a line each (and the title, once champion).
fn opened_words(opened: &[Unlock], champion: bool, lang: Lang) -> String {
    let lines: Vec<String> = opened
        .iter()
        .map(|u| match u {
            Unlock::Opponent(o) => trf(lang, Key::NewOpponent, &[&opponent_name(lang, o)]),
            Unlock::Venue(v) => trf(lang, Key::NewVenue, &[&words(lang, &v.name)]),
            Unlock::Badge(b) => trf(
                lang,
                Key::BadgeWon,
                &[&badge_name(lang, *b), &badge_effect(lang, *b)],
            ),
        })
        .chain(champion.then(|| tr(lang, Key::Champion).to_owned()))
        .collect();
    lines.join("\n")
}

/// Esc from a career match goes back to the ladder, not the start screen.
pub fn menu_from(choice: Choice) -> Screen {
    match choice {
        Choice::Career(_) => Screen::Ladder,
        Choice::Solo
        | Choice::Duel(_)
        | Choice::Ladder
        | Choice::Practice(_)
        | Choice::Daily
        | Choice::Friend
        | Choice::Party
        | Choice::Seated
        | Choice::Lobby
        | Choice::Net
        | Choice::Settings
        | Choice::Guide => Screen::Start,
    }
}
