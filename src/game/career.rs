//! The career in the game: the ladder screen's cursor and keys, sitting down
//! at a rung (refused, with the reason, while it is locked), starting a new
//! career, and each finished career match booked to the saved progress with
//! what it opened. The screen itself is drawn by `ladder_screen`.

use bevy::prelude::*;

use crate::lang::{Key, Lang, badge_effect, badge_name, opponent_name, tr, trf, words};
use crate::rules::career::{Career, Locked, Rung, Unlock, ladder};
use crate::rules::duel::Side;

use super::coins::{Notice, Progress, Wallet};
use super::duel::{RoundEnded, Table, Terms};
use super::start::{Choice, Choose, PICK_KEYS, step_cursor};
use super::{AppSystems, Screen};

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
    mut cursor: ResMut<LadderCursor>,
    mut commands: Commands,
) {
    let at = step_cursor(&keys, cursor.0, ladder().len());
    if cursor.0 != at {
        cursor.0 = at;
    }
    if keys.any_just_pressed(PICK_KEYS) {
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

/// Why a rung is locked, in words: the rung right above the last one beaten
/// names who opens it; those further up are only locked.
pub fn locked_words(rung: &Rung, locked: Locked, lang: Lang) -> String {
    match locked {
        Locked::Beat(o) if rung.index > 0 && ladder()[rung.index - 1].opponent == o => {
            trf(lang, Key::StatusAfter, &[&opponent_name(lang, o)])
        }
        Locked::Beat(_) => tr(lang, Key::StatusLocked).to_owned(),
        Locked::BuyIn(coins) => trf(lang, Key::StatusBuyIn, &[&coins]),
    }
}

/// A rung as the player stands with it: beaten, open, or locked and why.
pub fn status_words(rung: &Rung, career: &Career, coins: i64, lang: Lang) -> String {
    if career.has_beaten(rung.opponent.key) {
        return tr(lang, Key::StatusBeaten).to_owned();
    }
    match career.check(rung, coins) {
        Ok(()) => tr(lang, Key::StatusOpen).to_owned(),
        Err(locked) => locked_words(rung, locked, lang),
    }
}

fn on_sit(
    sit: On<Sit>,
    progress: Res<Progress>,
    wallet: Res<Wallet>,
    lang: Res<Lang>,
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
            notice.0.clear();
            commands.trigger(Choose(Choice::Career(rung.index)));
        }
        Err(locked) => {
            notice.0 = trf(
                *lang,
                Key::LockedNotice,
                &[
                    &opponent_name(*lang, rung.opponent),
                    &locked_words(&rung, locked, *lang),
                ],
            );
        }
    }
}

fn on_new_career(
    _: On<NewCareer>,
    mut asked: ResMut<NewCareerAsked>,
    mut progress: ResMut<Progress>,
    mut cursor: ResMut<LadderCursor>,
    mut notice: ResMut<Notice>,
    lang: Res<Lang>,
) {
    if asked.0 {
        progress.0 = Default::default();
        cursor.0 = 0;
        asked.0 = false;
        notice.0 = tr(*lang, Key::NewCareerDone).to_owned();
    } else {
        asked.0 = true;
        notice.0 = tr(*lang, Key::NewCareerSure).to_owned();
    }
}

/// A career match that has just been decided moves the career, and the
/// player hears what it opened.
fn book_career_match(
    ended: On<RoundEnded>,
    table: Option<Res<Table>>,
    mut progress: ResMut<Progress>,
    mut notice: ResMut<Notice>,
    lang: Res<Lang>,
) {
    let (Some(table), Some(winner)) = (table, ended.duel.winner()) else {
        return;
    };
    let Terms::Career(index) = table.terms else {
        return;
    };
    let Some(rung) = ladder().get(index).copied() else {
        return;
    };
    let opened = progress.0.record(&rung, winner == Side::Player);
    let lang = *lang;
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
        .chain(
            (progress.0.champion() && !opened.is_empty())
                .then(|| tr(lang, Key::Champion).to_owned()),
        )
        .collect();
    if !lines.is_empty() {
        notice.0 = lines.join("\n");
    }
}

/// Esc from a career match goes back to the ladder, not the start screen.
pub fn menu_from(choice: Choice) -> Screen {
    match choice {
        Choice::Career(_) => Screen::Ladder,
        _ => Screen::Start,
    }
}

/// A match's length in words: `2本先取` / "best of 3".
pub fn best_of(opponent: &crate::rules::duel::Opponent, lang: Lang) -> String {
    let n = match lang {
        Lang::Ja => opponent.wins,
        Lang::En => 2 * opponent.wins - 1,
    };
    trf(lang, Key::BestOf, &[&n])
}
