//! A duel round as it was played, from one side's seat: every throw and
//! decision of both sides, what its account is worked out from.

use serde::{Deserialize, Serialize};

use crate::rules::duel::{Badge, Duel, Side, Step};
use crate::rules::hand::Roll;

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
    pub(super) fn index(self) -> usize {
        match self {
            Who::Me => 0,
            Who::Them => 1,
        }
    }

    pub(super) fn other(self) -> Who {
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

    /// The side this is, seen from `me`'s seat.
    pub fn side(self, me: Side) -> Side {
        match self {
            Who::Me => me,
            Who::Them => me.other(),
        }
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
