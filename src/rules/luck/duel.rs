//! Luck and skill in a duel round, valued by the exact engine: the value is
//! one side's P(win) + P(tie)/2 with both playing optimally from here on.
//!
//! - skill given up, at each of this side's holds, stands and badge changes:
//!   the best choice's value minus the chosen one's;
//! - the opponent's gifts, at each of its decisions: the same for it, which
//!   raises this side's chance by as much;
//! - luck, at each throw of either side: the value just after the dice land
//!   minus the value just before (the value of the choice that threw them;
//!   for a round's first throws, the opening's averages).
//!
//! The round's result is 1 for a win, ½ for a draw, 0 for a loss; bets and
//! folds are coins, beside it (a folded round has no account). With crooked
//! dice ([`CrookedBook`]) every value is the trays' engines', each die by
//! its own chances.

mod trace;
mod values;

use std::collections::HashMap;
use std::sync::Arc;

pub use trace::{Move, RoundTrace, Who};

use super::Account;
use crate::rules::duel::{Badge, CrookedOpening, DuelEngine, Opening, Side, TrayBrains};
use crate::rules::hand::{DICE, Roll, evaluate_roll};
use values::{Choice, Crooked, Fair, RoundValues};

/// The round's position, replayed move by move.
struct Position<'a> {
    values: &'a dyn RoundValues,
    first: Who,
    rolls: [Option<Roll>; 2],
    left: [u32; 2],
    change: [Option<Badge>; 2],
    done: [bool; 2],
}

impl Position<'_> {
    /// The side whose decision the round waits for, once both have thrown.
    fn mover(&self) -> Option<Who> {
        let first = self.first;
        if !self.done[first.index()] {
            Some(first)
        } else if !self.done[first.other().index()] {
            Some(first.other())
        } else {
            None
        }
    }

    /// Marks as done every side that has nothing left to decide (as the
    /// table passes over it), in turn.
    fn pass_over(&mut self) {
        if self.rolls.iter().any(Option::is_none) {
            return;
        }
        for who in [self.first, self.first.other()] {
            let i = who.index();
            if self.done[i] {
                continue;
            }
            if self.left[i] == 0 && self.change[i].is_none() {
                self.done[i] = true;
            } else {
                return;
            }
        }
    }

    /// Every choice of `who` (the mover), best first.
    fn choices(&self, who: Who) -> Option<Vec<Choice>> {
        let (i, o) = (who.index(), who.other().index());
        let mine = self.rolls[i]?;
        let theirs = self.rolls[o]?;
        // Once the other side is done its hand is final.
        let (their_left, their_change) = if self.done[o] {
            (0, None)
        } else {
            (self.left[o], self.change[o])
        };
        self.values.choices(
            who,
            (&mine, self.left[i] as usize),
            (&theirs, their_left as usize),
            [self.change[i], their_change],
        )
    }

    /// `me`'s value now.
    fn value(&self) -> Option<f64> {
        let first = self.first.index();
        match (self.rolls[first], self.rolls[1 - first]) {
            (None, _) => Some(from_seat(self.first, self.values.start())),
            (Some(a), None) => Some(from_seat(self.first, self.values.after_first(&a))),
            (Some(_), Some(_)) => match self.mover() {
                Some(who) => {
                    let best = self.choices(who)?.swap_remove(0);
                    Some(from_seat(who, best.value))
                }
                None => {
                    let [mine, theirs] = self.rolls.map(|r| r.map(|r| evaluate_roll(&r)));
                    Some(match mine?.cmp(&theirs?) {
                        std::cmp::Ordering::Greater => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Less => 0.0,
                    })
                }
            },
        }
    }
}

/// [`DuelBook::account`] for one round.
pub fn duel_account(engine: &DuelEngine, trace: &RoundTrace) -> Option<Account> {
    DuelBook::default().account(engine, trace)
}

/// The rules' opening values: (first's rerolls, second's, their badges).
type OpeningKey = (usize, usize, [Option<Badge>; 2]);

/// The opening key of `trace`'s rules and the die-changing badges by seat.
fn opening_key(trace: &RoundTrace) -> (OpeningKey, [Option<Badge>; 2]) {
    let (f, s) = (trace.first.index(), trace.first.other().index());
    let changes = trace.badges.map(|b| b.filter(|b| b.changes_a_die()));
    let key = (
        trace.rerolls[f] as usize,
        trace.rerolls[s] as usize,
        [changes[f], changes[s]],
    );
    (key, changes)
}

/// Accounts of many rounds: each rules' opening is solved once (some 250
/// small solves) and kept.
#[derive(Default)]
pub struct DuelBook {
    openings: HashMap<OpeningKey, Opening>,
}

impl DuelBook {
    /// The account of one duel round from `Me`'s seat (values are chances,
    /// 0–1). `None` when the trace is not a whole round played to the
    /// showdown, or breaks the rules (a move out of turn, a hold that is not
    /// on the dice).
    pub fn account(&mut self, engine: &DuelEngine, trace: &RoundTrace) -> Option<Account> {
        let (key, changes) = opening_key(trace);
        let opening = match self.openings.get(&key) {
            Some(o) => o.clone(),
            None => {
                let o = engine.opening(key.0, key.1, key.2).ok()?;
                self.openings.insert(key, o.clone());
                o
            }
        };
        replay(&Fair { engine, opening }, trace, changes)
    }
}

/// Accounts of rounds between two trays with crooked dice (each die's own
/// chances, in floating point): the trays' engines, and each opening
/// solved once, by the side that throws first and the rules.
pub struct CrookedBook {
    brains: Arc<TrayBrains>,
    openings: HashMap<(Side, OpeningKey), CrookedOpening>,
}

impl CrookedBook {
    /// A book for rounds between the trays of `brains`.
    pub fn new(brains: Arc<TrayBrains>) -> CrookedBook {
        CrookedBook {
            brains,
            openings: HashMap::new(),
        }
    }

    /// The trays' engines this book values rounds by.
    pub fn brains(&self) -> &Arc<TrayBrains> {
        &self.brains
    }

    /// The account of one round from the seat of `me` (its `Me`), as
    /// [`DuelBook::account`] gives it for fair dice; a fair pair of trays
    /// gives the same figures.
    pub fn account(&mut self, me: Side, trace: &RoundTrace) -> Option<Account> {
        let (key, changes) = opening_key(trace);
        let first = trace.first.side(me);
        let brains = &self.brains;
        let opening = self
            .openings
            .entry((first, key))
            .or_insert_with(|| brains.engine(first).opening(key.0, key.1, key.2));
        let values = Crooked {
            brains,
            me,
            first,
            opening,
        };
        replay(&values, trace, changes)
    }
}

fn replay(
    values: &dyn RoundValues,
    trace: &RoundTrace,
    changes: [Option<Badge>; 2],
) -> Option<Account> {
    let first = trace.first;
    let f = first.index();
    let mut at = Position {
        values,
        first,
        rolls: [None; 2],
        left: trace.rerolls,
        change: changes,
        done: [false; 2],
    };
    let start = at.value()?;
    let mut account = Account {
        start,
        ..Account::default()
    };
    // The value expected of the dice in the air: the choice that threw them.
    let mut pending: Option<f64> = None;
    for step in &trace.moves {
        match step {
            Move::Rolled { by, faces } => {
                let i = by.index();
                let before = match at.rolls[i] {
                    None => {
                        let turn = if at.rolls[f].is_none() {
                            first
                        } else {
                            first.other()
                        };
                        if *by != turn {
                            return None;
                        }
                        at.value()?
                    }
                    Some(_) => pending.take()?,
                };
                at.rolls[i] = Some(*faces);
                at.pass_over();
                account.luck += at.value()? - before;
            }
            Move::Kept { by, faces } => {
                if pending.is_some() || at.mover() != Some(*by) {
                    return None;
                }
                let choices = at.choices(*by)?;
                let mut kept = faces.clone();
                kept.sort_unstable();
                let chosen = choices
                    .iter()
                    .find(|c| c.held == kept && c.change.is_none())?;
                let i = by.index();
                if kept.len() == DICE {
                    at.left[i] = 0;
                    at.change[i] = None;
                    at.done[i] = true;
                    at.pass_over();
                } else {
                    at.left[i] = at.left[i].checked_sub(1)?;
                    pending = Some(from_seat(*by, chosen.value));
                }
                book(&mut account, *by, &choices[0], chosen);
            }
            Move::Changed { by, from, to } => {
                if pending.is_some() || at.mover() != Some(*by) {
                    return None;
                }
                let choices = at.choices(*by)?;
                let chosen = choices.iter().find(|c| c.change == Some((*from, *to)))?;
                let i = by.index();
                let roll = at.rolls[i].as_mut()?;
                let slot = roll.iter().position(|&d| d == *from)?;
                roll[slot] = *to;
                at.left[i] = 0;
                at.change[i] = None;
                at.done[i] = true;
                at.pass_over();
                book(&mut account, *by, &choices[0], chosen);
            }
        }
    }
    if pending.is_some() || at.mover().is_some() || at.rolls.iter().any(Option::is_none) {
        return None;
    }
    account.result = at.value()?;
    Some(account)
}

/// A value seen by the mover `by`, turned to `Me`'s seat.
fn from_seat(by: Who, value: f64) -> f64 {
    match by {
        Who::Me => value,
        Who::Them => 1.0 - value,
    }
}

/// Books what a decision gave up against the best: skill for `Me`, a gift
/// for `Them`.
fn book(account: &mut Account, by: Who, best: &Choice, chosen: &Choice) {
    let given_up = best.value - chosen.value;
    match by {
        Who::Me => account.skill_given_up += given_up,
        Who::Them => account.their_gifts += given_up,
    }
}
