//! The terms a duel is told in: the two sides, bets, what the table waits
//! for, how a round ends, a refused move, and the coins at stake.

use serde::{Deserialize, Serialize};

use super::badge::Badge;
use crate::rules::turn::Turn;

/// Round wins that take the match (best of three).
pub const ROUNDS_TO_WIN: u32 = 2;
/// Rerolls each player gets in a duel unless told otherwise.
pub const DEFAULT_DUEL_REROLLS: u32 = 1;

/// One of the two seats at the table, named for where it sits as this
/// machine shows it (the saves' and the wire's names are the old ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Side {
    /// The near seat: the person at this keyboard (or whoever plays for them).
    #[default]
    #[serde(rename = "Player")]
    Near,
    /// The far seat: the computer opponent, a friend at this machine, or a
    /// person at another machine.
    #[serde(rename = "Cpu")]
    Far,
}

impl Side {
    /// The other seat.
    pub const fn other(self) -> Side {
        match self {
            Side::Near => Side::Far,
            Side::Far => Side::Near,
        }
    }

    /// 0 for the near seat, 1 for the far one: for per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side that sits in seat `seat` (0: near, 1: far), if a duel has it.
    pub const fn of_seat(seat: usize) -> Option<Side> {
        match seat {
            0 => Some(Side::Near),
            1 => Some(Side::Far),
            _ => None,
        }
    }
}

pub use crate::rules::turn::BetAction;

/// What the duel waits for: the one [`Turn`] type, its seats named as sides.
pub type Step = Turn<Side>;

impl Turn<Side> {
    /// The duel's turn with its seats numbered (the near side is seat 0).
    pub fn seated(self) -> Turn {
        self.map(Side::index)
    }
}

impl Turn {
    /// A two-seat turn as a duel's referee names it (`None` past seat 1).
    pub fn sided(self) -> Option<Turn<Side>> {
        let named = match self {
            Turn::MatchOver(s) => Some(s),
            turn => turn.mover(),
        };
        if named.is_some_and(|s| Side::of_seat(s).is_none()) {
            return None;
        }
        Some(self.map(|s| Side::of_seat(s).unwrap_or_default()))
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundEnd {
    /// This side folded; the other takes the pot.
    Fold(Side),
    /// The stronger hand took the pot.
    Showdown(Side),
    /// Identical hands: the pot stays on the table and the round is played again.
    Draw,
    /// A side accused the other of playing a crooked die and its tray was
    /// searched: whoever was in the right (the accuser when one was
    /// `caught`, else the accused) takes the pot and the match.
    Accused {
        /// Who accused.
        by: Side,
        /// A crooked die was found.
        caught: bool,
    },
}

impl RoundEnd {
    /// Who won the round, if anyone.
    pub fn winner(self) -> Option<Side> {
        match self {
            RoundEnd::Fold(folded) => Some(folded.other()),
            RoundEnd::Showdown(winner) => Some(winner),
            RoundEnd::Draw => None,
            RoundEnd::Accused { by, caught: true } => Some(by),
            RoundEnd::Accused { by, caught: false } => Some(by.other()),
        }
    }
}

/// A move that the rules do not allow now, the seat named by its side.
pub type Illegal = crate::rules::turn::Illegal<Side>;

impl crate::rules::turn::SeatName for Side {
    fn name(self) -> String {
        format!("{self:?}")
    }
}

impl Illegal {
    /// The same refusal with the seats numbered.
    pub fn seated(self) -> crate::rules::turn::Illegal {
        crate::rules::turn::Illegal {
            step: self.step.seated(),
            seat: self.seat.index(),
            tried: self.tried,
        }
    }
}

/// Coins and rerolls of a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelRules {
    /// Each side's ante per round.
    pub ante: u64,
    /// Size of a raise.
    pub step: u64,
    /// Rerolls per player per round.
    pub rerolls: u32,
    /// Rounds a side must win to take the match (2: best of three).
    pub wins: u32,
    /// Each side's badge for the match, by [`Side::index`].
    pub badges: [Option<Badge>; 2],
}

impl DuelRules {
    /// These rules with `badges` (by [`Side::index`]).
    pub fn with_badges(self, badges: [Option<Badge>; 2]) -> DuelRules {
        DuelRules { badges, ..self }
    }

    /// A side's badge.
    pub fn badge(&self, side: Side) -> Option<Badge> {
        self.badges[side.index()]
    }

    /// The most one side can put in during a round: ante, then a raise and a
    /// call of a re-raise (or the other way round).
    pub fn most_per_round(&self) -> u64 {
        self.ante + 2 * self.step
    }
}
