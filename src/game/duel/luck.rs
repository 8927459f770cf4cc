//! What decided a duel round: the round is traced move by move from the
//! player's seat (every throw of both trays, every hold, stand and badge
//! change), written with the round to the history, and valued by the exact
//! engine when the round ends (`rules::luck`): the player's choices against
//! the best, the opponent's slips, and the dice, in points of win chance.
//! With the player's crooked dice the round is valued by each die's own
//! chances, the opponent's dice taken to be fair as the player takes them
//! (a cheat's die is then the dice's doing); that takes a tenth of a second
//! or so, on the compute pool, and the card follows when it is done.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};

use crate::game::AppSystems;
use crate::game::table::Moved;

use crate::lang::{Key, Lang, trf};
use crate::rules::duel::{Side, Step};
use crate::rules::luck::{Account, CrookedBook, DuelBook, Move, RoundTrace, Who};

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
    /// Openings already solved for the player's crooked dice.
    crooked: Option<CrookedBook>,
    /// A round with crooked dice being valued, with the book it fills.
    valuing: Option<Task<Valued>>,
}

/// A round valued with crooked dice: the book back, and the account.
type Valued = (CrookedBook, Option<Account>);

impl RoundLog {
    /// A round's account is the card, and counts in the match's.
    fn take(&mut self, account: Option<Account>) {
        self.card = account;
        if let Some(account) = account {
            self.match_total.0.add(&account);
            self.match_total.1 += 1;
        }
    }

    /// A crooked round's value, once it is worked out.
    fn valued(&mut self, (book, account): Valued) {
        self.crooked = Some(book);
        self.take(account);
    }

    /// Waits for the round being valued (a next round must not start
    /// before the last one counts in its match).
    fn finish_valuing(&mut self) {
        if let Some(task) = self.valuing.take() {
            self.valued(block_on(task));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RoundLog>();
    app.add_observer(note_move)
        .add_observer(note_decision)
        .add_observer(tell);
    app.add_systems(
        Update,
        card_valued
            .run_if(|log: Res<RoundLog>| log.valuing.is_some())
            .in_set(AppSystems::Rules),
    );
}

/// The card of a round with crooked dice, once valued.
fn card_valued(mut log: ResMut<RoundLog>) {
    let Some(task) = log.valuing.as_mut() else {
        return;
    };
    if let Some(valued) = check_ready(task) {
        log.valuing = None;
        log.valued(valued);
    }
}

/// A new round opens the trace; a throw that came to rest goes in it.
fn note_move(moved: On<Moved>, table: Option<Res<Table>>, mut log: ResMut<RoundLog>) {
    let (Some(table), Some(to)) = (table, moved.duel_to()) else {
        return;
    };
    let (duel, from) = (&table.duel, moved.duel_from());
    if from.is_none_or(Step::is_decided) && !to.is_decided() {
        log.finish_valuing();
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
    log.finish_valuing();
    log.card = None;
    let Some(brains) = own.brains.clone() else {
        let account = log.book.account(&minds.0.engine, &trace);
        log.take(account);
        return;
    };
    // The player's crooked dice: the openings solved for these trays are kept.
    let mut book = match log.crooked.take() {
        Some(book) if Arc::ptr_eq(book.brains(), &brains) => book,
        _ => CrookedBook::new(brains),
    };
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let account = book.account(Side::Near, &trace);
        (book, account)
    });
    log.valuing = Some(task);
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
