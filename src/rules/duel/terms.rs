//! The terms a duel is told in: the two sides, bets, what the table waits
//! for, how a round ends, a refused move, and the coins at stake.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::badge::Badge;

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
}

/// A betting move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BetAction {
    /// Nothing to call: bet nothing more.
    Check,
    /// Put in one step more than the other side has.
    Raise,
    /// Match what the other side has put in.
    Call,
    /// Give up the round and what was put in.
    Fold,
}

/// What the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// This side throws its five dice.
    Throw(Side),
    /// This side's dice are rolling (a first throw or a reroll).
    Rolling(Side),
    /// This side bets (see [`Duel::legal_bets`]).
    Bet(Side),
    /// This side holds and rerolls, or stands.
    Reroll(Side),
    /// The round is decided ([`Duel::last_end`]); the next one starts on [`Duel::next_round`].
    RoundOver,
    /// The match is decided.
    MatchOver(Side),
}

impl Step {
    /// The side whose move the table waits for (`None` between rounds).
    pub fn mover(self) -> Option<Side> {
        match self {
            Step::Throw(s) | Step::Rolling(s) | Step::Bet(s) | Step::Reroll(s) => Some(s),
            Step::RoundOver | Step::MatchOver(_) => None,
        }
    }

    /// A round's end is on the table (the next round or match is up to the players).
    pub fn is_decided(self) -> bool {
        matches!(self, Step::RoundOver | Step::MatchOver(_))
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
}

impl RoundEnd {
    /// Who won the round, if anyone.
    pub fn winner(self) -> Option<Side> {
        match self {
            RoundEnd::Fold(folded) => Some(folded.other()),
            RoundEnd::Showdown(winner) => Some(winner),
            RoundEnd::Draw => None,
        }
    }
}

/// A move that the rules do not allow now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// What the table was waiting for.
    pub step: Step,
    /// Who tried.
    pub side: Side,
    /// What was tried.
    pub tried: &'static str,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} cannot {} while the table waits for {:?}",
            self.side, self.tried, self.step
        )
    }
}

impl std::error::Error for Illegal {}

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
