//! What a match waits for, in every format: one [`Turn`] type for a duel
//! (whose referee names its two seats as sides) and a table (whose
//! referee numbers its seats from 0 in turn order). The game above the
//! referees sees one seat-numbered turn, [`Turn<usize>`], whichever runs.

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
