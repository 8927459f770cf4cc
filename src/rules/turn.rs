//! What a match waits for, in every format: one [`Turn`] type for a duel
//! (whose referee names its two seats as sides) and a table (whose
//! referee numbers its seats from 0 in turn order). The game above the
//! referees sees one seat-numbered turn, [`Turn<usize>`], whichever runs.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat's number at a match, from 0 in turn order (a duel's near side
/// is seat 0, its far side seat 1).
pub type SeatId = usize;

/// What a match waits for, with its seats named by `S`: a seat's number
/// (the default) or a duel's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn<S = SeatId> {
    /// This seat throws its five dice.
    Throw(S),
    /// This seat's dice are rolling (a first throw or a reroll).
    Rolling(S),
    /// This seat bets (see its referee's legal bets).
    Bet(S),
    /// This seat holds and rerolls, or stands.
    Reroll(S),
    /// The round is decided; the next one starts when the players go on.
    RoundOver,
    /// The match is decided: this seat took it.
    MatchOver(S),
}

impl<S: Copy> Turn<S> {
    /// The seat whose move the match waits for (`None` between rounds).
    pub fn mover(self) -> Option<S> {
        match self {
            Turn::Throw(s) | Turn::Rolling(s) | Turn::Bet(s) | Turn::Reroll(s) => Some(s),
            Turn::RoundOver | Turn::MatchOver(_) => None,
        }
    }

    /// A round's end is on the table (the next round or match is up to the players).
    pub fn is_decided(self) -> bool {
        matches!(self, Turn::RoundOver | Turn::MatchOver(_))
    }

    /// The same turn with its seats named another way.
    pub fn map<T>(self, seat: impl Fn(S) -> T) -> Turn<T> {
        match self {
            Turn::Throw(s) => Turn::Throw(seat(s)),
            Turn::Rolling(s) => Turn::Rolling(seat(s)),
            Turn::Bet(s) => Turn::Bet(seat(s)),
            Turn::Reroll(s) => Turn::Reroll(seat(s)),
            Turn::RoundOver => Turn::RoundOver,
            Turn::MatchOver(s) => Turn::MatchOver(seat(s)),
        }
    }
}

/// A betting move, in either format.
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

/// A move that the rules do not allow now, with the seats named by `S`
/// (a seat's number, or a duel's side): one refusal, whichever referee
/// made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Illegal<S = SeatId> {
    /// What the match was waiting for.
    pub step: Turn<S>,
    /// Who tried.
    pub seat: S,
    /// What was tried.
    pub tried: &'static str,
}

/// How a refusal names a seat.
pub trait SeatName: Copy + fmt::Debug {
    /// The seat in a refusal's words.
    fn name(self) -> String;
}

impl SeatName for SeatId {
    fn name(self) -> String {
        format!("seat {}", self + 1)
    }
}

impl<S: SeatName> fmt::Display for Illegal<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot {} while the table waits for {:?}",
            self.seat.name(),
            self.tried,
            self.step
        )
    }
}

impl<S: SeatName> std::error::Error for Illegal<S> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_reads_the_same_as_before_in_a_save() {
        // The duel's and the table's steps were two enums of these names:
        // a save written by either still reads.
        let table: Turn = serde_json::from_str(r#"{"MatchOver":2}"#).unwrap();
        assert_eq!(table, Turn::MatchOver(2));
        assert_eq!(
            serde_json::to_string(&Turn::RoundOver::<usize>).unwrap(),
            r#""RoundOver""#
        );
    }
}
