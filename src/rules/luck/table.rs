//! Luck and skill at a table of several, per seat and round, valued by the
//! table's exact chance ([`crate::rules::table::chance`]): a seat's value is
//! its expected share of the pot (a win 1, a tie with k others 1/(k+1)),
//! holding as well as it can from here on against every live rival holding
//! its largest group, the trays independent.
//!
//! - skill given up, at each of the seat's holds: the best hold's value
//!   minus the chosen one's;
//! - the others' play, at each other seat's hold and fold: how far it moved
//!   this seat's value (a rival keeping less than its largest group, or a
//!   fold, gives the rest of the table a share);
//! - luck, at each throw of any seat: the value just after the dice land
//!   minus the value just before.
//!
//! A seat that folds has no account for the round; the others' accounts
//! take its fold as the others' play. The round's result is the seat's
//! share of the main pot at the end, so `result = start − skill given up +
//! the others' play + luck` checks the bookkeeping, as in a duel.

use serde::{Deserialize, Serialize};

use super::Account;
use crate::rules::hand::{Counts, DICE, FACES, Roll, evaluate_roll};
use crate::rules::table::{
    Rival, TableMatch, TableStep, largest_group_policy, table_chance, table_choices,
};

/// One event of a table round that moves the seats' chances.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum TableMove {
    /// `seat`'s dice came to rest showing `faces` (a first throw or a reroll).
    Rolled {
        /// Whose dice.
        seat: usize,
        /// The five faces, in slot order.
        faces: Roll,
    },
    /// `seat` kept `faces` and threw the rest; all five: it stands.
    Kept {
        /// Who decided.
        seat: usize,
        /// The faces kept, in any order.
        faces: Vec<u8>,
    },
    /// `seat` folded, or left the table.
    Folded {
        /// Who.
        seat: usize,
    },
}

/// A table round as it was played: who was dealt in, each seat's rerolls,
/// every throw, hold and fold in order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TableTrace {
    /// Each seat's rerolls at the round's start; `None` for a seat sitting
    /// this round out (no coins left, or gone).
    pub rerolls: Vec<Option<u32>>,
    /// Every throw, hold and fold, in order.
    pub moves: Vec<TableMove>,
}

impl TableTrace {
    /// A fresh trace for the round `table` is about to play (its first
    /// throw not yet made); `None` at any other moment.
    pub fn new_round(table: &TableMatch) -> Option<TableTrace> {
        let TableStep::Throw(_) = table.step() else {
            return None;
        };
        let seats = 0..table.seats();
        if seats.clone().any(|s| table.roll(s).is_some()) {
            return None;
        }
        Some(TableTrace {
            rerolls: seats
                .map(|s| table.is_live(s).then(|| table.rerolls_left(s)))
                .collect(),
            moves: Vec::new(),
        })
    }

    /// Notes one move.
    pub fn note(&mut self, m: TableMove) {
        self.moves.push(m);
    }
}

/// One seat as the replay sees it.
#[derive(Clone, Copy, Debug)]
struct Seat {
    live: bool,
    roll: Option<Roll>,
    rerolls: u32,
    /// Faces kept while the rest are in the air.
    throwing: Option<Counts>,
    /// The value its own chosen hold had, while its dice are in the air.
    chosen: f64,
}

fn counts(faces: &[u8]) -> Option<Counts> {
    let mut c = [0u8; FACES];
    if faces.len() > DICE {
        return None;
    }
    for &f in faces {
        let i = usize::from(f.checked_sub(1)?);
        *c.get_mut(i)? += 1;
    }
    Some(c)
}

/// The seats of a trace before its first move.
fn seats_at_start(trace: &TableTrace) -> Vec<Seat> {
    trace
        .rerolls
        .iter()
        .map(|r| Seat {
            live: r.is_some(),
            roll: None,
            rerolls: r.unwrap_or(0),
            throwing: None,
            chosen: 0.0,
        })
        .collect()
}

/// The rivals of `me` at this moment.
fn rivals(seats: &[Seat], me: usize) -> Vec<Rival<'static>> {
    seats
        .iter()
        .enumerate()
        .filter(|&(s, seat)| s != me && seat.live)
        .map(|(_, seat)| Rival {
            roll: seat.roll,
            rerolls: seat.rerolls,
            holds: &largest_group_policy,
            throwing: seat.throwing,
        })
        .collect()
}

/// `me`'s value now.
fn value(seats: &[Seat], me: usize) -> f64 {
    let seat = seats[me];
    if !seat.live {
        return 0.0;
    }
    if seat.throwing.is_some() {
        return seat.chosen;
    }
    table_chance(seat.roll, seat.rerolls, &rivals(seats, me)).value
}

/// Each live seat's share of the main pot at the end of a whole round: one
/// over the seats that share the best hand; `None` while a live seat still
/// has dice to throw.
fn shares(seats: &[Seat]) -> Option<Vec<f64>> {
    let live: Vec<usize> = (0..seats.len()).filter(|&s| seats[s].live).collect();
    if live.len() == 1 {
        return Some((0..seats.len()).map(|s| f64::from(s == live[0])).collect());
    }
    let hands = live
        .iter()
        .map(|&s| {
            let seat = seats[s];
            let done = seat.rerolls == 0 && seat.throwing.is_none();
            seat.roll.filter(|_| done).map(|r| evaluate_roll(&r))
        })
        .collect::<Option<Vec<_>>>()?;
    let best = hands.iter().max()?;
    let sharing = hands.iter().filter(|h| *h == best).count() as f64;
    let mut out = vec![0.0; seats.len()];
    for (&s, hand) in live.iter().zip(&hands) {
        if hand == best {
            out[s] = 1.0 / sharing;
        }
    }
    Some(out)
}

/// Plays `m` on the seats; the seat that moved, or `None` for a move no
/// round could make.
fn apply(seats: &mut [Seat], m: &TableMove) -> Option<usize> {
    match *m {
        TableMove::Rolled { seat, faces } => {
            let s = seats.get_mut(seat)?;
            if !s.live || (s.roll.is_some() && s.throwing.is_none()) {
                return None;
            }
            s.roll = Some(faces);
            s.throwing = None;
        }
        TableMove::Kept { seat, ref faces } => {
            let s = *seats.get(seat)?;
            let (roll, kept) = (s.roll?, counts(faces)?);
            if !s.live || s.throwing.is_some() {
                return None;
            }
            if faces.len() == DICE {
                // A stand keeps the faces it has.
                (counts(&roll)? == kept).then_some(())?;
                seats[seat].rerolls = 0;
            } else {
                (s.rerolls > 0).then_some(())?;
                let mut held = faces.clone();
                held.sort_unstable();
                let choices = table_choices(&roll, s.rerolls, &rivals(seats, seat));
                let chosen = choices.iter().find(|c| c.held == held)?;
                let s = &mut seats[seat];
                s.chosen = chosen.share.value;
                s.rerolls -= 1;
                s.throwing = Some(kept);
            }
        }
        TableMove::Folded { seat } => {
            let s = seats.get_mut(seat).filter(|s| s.live)?;
            s.live = false;
        }
    }
    Some(match *m {
        TableMove::Rolled { seat, .. }
        | TableMove::Kept { seat, .. }
        | TableMove::Folded { seat } => seat,
    })
}

/// What decided the round for each seat, in share of the pot; `None` for a
/// seat that folded or sat it out, and for every seat when the trace is not
/// a whole round (cut off, or a move no round could make).
pub fn table_accounts(trace: &TableTrace) -> Vec<Option<Account>> {
    let n = trace.rerolls.len();
    let none = vec![None; n];
    let mut seats = seats_at_start(trace);
    let mut accounts: Vec<Account> = (0..n)
        .map(|me| Account {
            start: value(&seats, me),
            ..Account::default()
        })
        .collect();
    for m in &trace.moves {
        let before: Vec<f64> = (0..n).map(|me| value(&seats, me)).collect();
        let Some(by) = apply(&mut seats, m) else {
            return none;
        };
        for (me, account) in accounts.iter_mut().enumerate() {
            let moved = value(&seats, me) - before[me];
            match m {
                TableMove::Rolled { .. } => account.luck += moved,
                TableMove::Kept { .. } if by == me => account.skill_given_up -= moved,
                _ => account.their_gifts += moved,
            }
        }
    }
    let Some(shares) = shares(&seats) else {
        return none;
    };
    accounts
        .into_iter()
        .zip(seats.iter().zip(shares))
        .map(|(mut account, (seat, share))| {
            account.result = share;
            seat.live.then_some(account)
        })
        .collect()
}

#[cfg(test)]
mod tests;
