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
//! folds are coins, beside it (a folded round has no account).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::Account;
use crate::rules::duel::{Badge, Duel, DuelChoice, DuelEngine, Opening, Side, Step};
use crate::rules::hand::{DICE, Roll, evaluate_roll};

/// Whose move, seen from the side whose account it is.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The side whose account it is.
    Me,
    /// Its opponent.
    Them,
}

impl Who {
    fn index(self) -> usize {
        match self {
            Who::Me => 0,
            Who::Them => 1,
        }
    }

    fn other(self) -> Who {
        match self {
            Who::Me => Who::Them,
            Who::Them => Who::Me,
        }
    }
}

/// One event of a duel round that moves a side's chances.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum Move {
    /// `by`'s dice came to rest showing `faces` (a first throw or a reroll).
    Rolled {
        /// Whose dice.
        by: Who,
        /// The five faces, in slot order.
        faces: Roll,
    },
    /// `by` kept `faces` and threw the rest; all five: it stands.
    Kept {
        /// Who decided.
        by: Who,
        /// The faces kept, in any order.
        faces: Vec<u8>,
    },
    /// `by` stood, changing one die from `from` to `to` with its badge.
    Changed {
        /// Who decided.
        by: Who,
        /// The die's face before.
        from: u8,
        /// Its face after.
        to: u8,
    },
}

/// A duel round as it was played, from one side's seat.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct RoundTrace {
    /// Who threw first.
    pub first: Who,
    /// Rerolls each side had at the start (`[mine, theirs]`, a `reroll` badge included).
    pub rerolls: [u32; 2],
    /// Each side's die-changing badge, if it had one this round (`[mine, theirs]`).
    #[serde(default)]
    pub badges: [Option<Badge>; 2],
    /// Every throw and decision, in order.
    pub moves: Vec<Move>,
}

impl Who {
    /// Who `side` is, seen from `me`'s seat.
    pub fn of(side: Side, me: Side) -> Who {
        if side == me { Who::Me } else { Who::Them }
    }
}

impl RoundTrace {
    /// The same round seen from the other seat.
    pub fn mirrored(&self) -> RoundTrace {
        let flip = |who: Who| who.other();
        let [mine, theirs] = self.rerolls;
        let [my_badge, their_badge] = self.badges;
        RoundTrace {
            first: flip(self.first),
            rerolls: [theirs, mine],
            badges: [their_badge, my_badge],
            moves: self
                .moves
                .iter()
                .map(|m| match m.clone() {
                    Move::Rolled { by, faces } => Move::Rolled {
                        by: flip(by),
                        faces,
                    },
                    Move::Kept { by, faces } => Move::Kept {
                        by: flip(by),
                        faces,
                    },
                    Move::Changed { by, from, to } => Move::Changed {
                        by: flip(by),
                        from,
                        to,
                    },
                })
                .collect(),
        }
    }

    /// A fresh trace for the round `duel` is about to play (its first throw
    /// not yet made), from `me`'s seat; `None` at any other moment.
    pub fn new_round(duel: &Duel, me: Side) -> Option<RoundTrace> {
        let Step::Throw(first) = duel.step() else {
            return None;
        };
        if duel.roll(Side::Near).is_some() || duel.roll(Side::Far).is_some() {
            return None;
        }
        let seats = [me, me.other()];
        Some(RoundTrace {
            first: Who::of(first, me),
            rerolls: seats.map(|s| duel.rerolls_left(s)),
            badges: seats.map(|s| duel.rules().badge(s).filter(|_| duel.can_change(s))),
            moves: Vec::new(),
        })
    }
}

/// The round's position, replayed move by move.
struct Position<'a> {
    engine: &'a DuelEngine,
    opening: Opening,
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

    /// Every choice of `who` (the mover) as the engine ranks them, best first.
    fn choices(&self, who: Who) -> Option<Vec<DuelChoice>> {
        let (i, o) = (who.index(), who.other().index());
        let mine = self.rolls[i]?;
        let theirs = self.rolls[o]?;
        // Once the other side is done its hand is final.
        let (their_left, their_change) = if self.done[o] {
            (0, None)
        } else {
            (self.left[o], self.change[o])
        };
        self.engine
            .solve_with(
                &mine,
                self.left[i] as usize,
                &theirs,
                their_left as usize,
                [self.change[i], their_change],
            )
            .ok()
    }

    /// `me`'s value now.
    fn value(&self) -> Option<f64> {
        let from_mover = |who: Who, v: f64| if who == Who::Me { v } else { 1.0 - v };
        let first = self.first.index();
        match (self.rolls[first], self.rolls[1 - first]) {
            (None, _) => Some(from_mover(self.first, self.opening.start.to_f64())),
            (Some(a), None) => Some(from_mover(
                self.first,
                self.opening.after_first(&a).to_f64(),
            )),
            (Some(_), Some(_)) => match self.mover() {
                Some(who) => {
                    let best = self.choices(who)?.swap_remove(0);
                    Some(from_mover(who, best.value.to_f64()))
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
        let (f, s) = (trace.first.index(), trace.first.other().index());
        let changes = trace.badges.map(|b| b.filter(|b| b.changes_a_die()));
        let key = (
            trace.rerolls[f] as usize,
            trace.rerolls[s] as usize,
            [changes[f], changes[s]],
        );
        let opening = match self.openings.get(&key) {
            Some(o) => o.clone(),
            None => {
                let o = engine.opening(key.0, key.1, key.2).ok()?;
                self.openings.insert(key, o.clone());
                o
            }
        };
        replay(engine, opening, trace, changes)
    }
}

fn replay(
    engine: &DuelEngine,
    opening: Opening,
    trace: &RoundTrace,
    changes: [Option<Badge>; 2],
) -> Option<Account> {
    let first = trace.first;
    let f = first.index();
    let mut at = Position {
        engine,
        opening,
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
                    pending = Some(from_seat(*by, chosen.value.to_f64()));
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
fn book(account: &mut Account, by: Who, best: &DuelChoice, chosen: &DuelChoice) {
    let given_up = best.value.to_f64() - chosen.value.to_f64();
    match by {
        Who::Me => account.skill_given_up += given_up,
        Who::Them => account.their_gifts += given_up,
    }
}
