//! What decided a duel round: the round is traced move by move from the
//! player's seat (every throw of both trays, every hold, stand and badge
//! change), written with the round to the history, and valued by the exact
//! engine when the round ends (`rules::luck`): the player's choices against
//! the best, the opponent's slips, and the dice, in points of win chance.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::lang::{Key, Lang, trf};
use crate::rules::duel::{Side, Step};
use crate::rules::luck::{Account, DuelBook, Move, RoundTrace, Who};

use super::own::OwnDice;
use super::{HoldDecided, Minds, RoundEnded, Table};

/// The round being played, traced, and the cards of the last round and match.
#[derive(Resource, Default)]
pub struct RoundLog {
    /// The round so far, from the player's seat (`None` before a round).
    pub trace: Option<RoundTrace>,
    /// What decided the last round played to a showdown.
    pub card: Option<Account>,
    /// The match so far: its showdowns' accounts added up, and how many.
    pub match_total: (Account, u32),
    /// Openings already solved for these rules.
    book: DuelBook,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RoundLog>();
    app.add_observer(note_move)
        .add_observer(note_decision)
        .add_observer(tell);
}

/// A new round opens the trace; a throw that came to rest goes in it.
fn note_move(moved: On<Moved>, table: Option<Res<Table>>, mut log: ResMut<RoundLog>) {
    let (Some(table), Some(to)) = (table, moved.duel_to()) else {
        return;
    };
    let (duel, from) = (&table.duel, moved.duel_from());
    if from.is_none_or(Step::is_decided) && !to.is_decided() {
        if !matches!(from, Some(Step::RoundOver)) {
            // A new table or a new match.
            log.match_total = (Account::default(), 0);
        }
        log.card = None;
        log.trace = RoundTrace::new_round(duel, Side::Near);
    }
    if let Some(Step::Rolling(side)) = from
        && let Some(faces) = duel.roll(side)
        && let Some(trace) = log.trace.as_mut()
    {
        trace.moves.push(Move::Rolled {
            by: Who::of(side, Side::Near),
            faces,
        });
    }
}

/// A hold, a stand or a badge's change, by either side.
fn note_decision(decided: On<HoldDecided>, table: Option<Res<Table>>, mut log: ResMut<RoundLog>) {
    let (Some(table), Some(trace)) = (table, log.trace.as_mut()) else {
        return;
    };
    let side = decided.side;
    let Some(faces) = decided.at.roll(side) else {
        return;
    };
    let by = Who::of(side, Side::Near);
    let changed_now = decided.at.changed(side).is_none();
    let decision = match table.duel.changed(side) {
        Some((_, from, to)) if changed_now => Move::Changed { by, from, to },
        // Everything kept, or no reroll left: the hand stands.
        _ if decided.held.iter().all(|&h| h) || decided.at.rerolls_left(side) == 0 => Move::Kept {
            by,
            faces: faces.to_vec(),
        },
        _ => Move::Kept {
            by,
            faces: (0..5)
                .filter(|&s| decided.held[s])
                .map(|s| faces[s])
                .collect(),
        },
    };
    trace.moves.push(decision);
}

/// The round is decided: its account, and the match's so far.
fn tell(
    _ended: On<RoundEnded>,
    minds: Option<Res<Minds>>,
    own: Res<OwnDice>,
    mut log: ResMut<RoundLog>,
) {
    let (Some(minds), Some(trace)) = (minds, log.trace.clone()) else {
        return;
    };
    // The exact account is for fair dice: with the player's crooked dice
    // the round has none.
    if own.brains.is_some() {
        log.card = None;
        return;
    }
    let account = log.book.account(&minds.0.engine, &trace);
    log.card = account;
    if let Some(account) = account {
        log.match_total.0.add(&account);
        log.match_total.1 += 1;
    }
}

/// Points of win chance, signed; under half a point reads 0.
fn points(v: f64) -> String {
    format!("{}%", crate::lang::signed(v * 100.0, 0))
}

/// "あなたの判断: −4% ・ 相手のミス: +2% ・ 運: +38%", and after a match its
/// total. Two people at one table (`names`: near, far) each see their own
/// choices: the far side's are the near side's gifts.
pub fn card_lines(
    log: &RoundLog,
    match_over: bool,
    names: Option<&[String; 2]>,
    lang: Lang,
) -> Option<String> {
    let terms = |a: &Account| {
        [
            points(-a.skill_given_up),
            points(a.their_gifts),
            points(-a.their_gifts),
            points(a.luck),
        ]
    };
    let [skill, gifts, far_skill, luck] = terms(&log.card?);
    let mut text = match names {
        Some([near, far]) => trf(
            lang,
            Key::FriendLuckLine,
            &[near, &skill, far, &far_skill, near, &luck],
        ),
        None => trf(lang, Key::DuelLuckLine, &[&skill, &gifts, &luck]),
    };
    let (total, rounds) = &log.match_total;
    if match_over && *rounds > 0 {
        let [skill, gifts, far_skill, luck] = terms(total);
        text.push('\n');
        text.push_str(&match names {
            Some([near, far]) => trf(
                lang,
                Key::FriendMatchLuckLine,
                &[rounds, near, &skill, far, &far_skill, &luck],
            ),
            None => trf(lang, Key::MatchLuckLine, &[rounds, &skill, &gifts, &luck]),
        });
    }
    Some(text)
}
