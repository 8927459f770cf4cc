//! A move at a table as it travels, and the referee's judgement of it: the
//! same [`TableMatch`] a local seat's moves go to.

use serde::{Deserialize, Serialize};

use super::WireBet;
use crate::rules::hand::DICE;
use crate::rules::referee::{Illegal, Referee};
use crate::rules::turn::SeatId;

/// Which rules a match between machines plays, as the host's welcome says.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum MatchFormat {
    /// Two seats under the duel's rules: one betting turn, sequential
    /// rerolls, a draw replayed, two round wins.
    Duel,
    /// Two to four seats under the table's rules: a betting round after
    /// each stage of throws, side pots, splits, three round wins.
    #[default]
    Table,
}

/// A seat's move at a table.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(tag = "move", rename_all = "snake_case", deny_unknown_fields)]
pub enum TablePlay {
    /// The first throw of a round.
    Throw,
    /// Reroll the dice not kept (all kept: stand).
    Reroll {
        /// Kept slots.
        held: [bool; DICE],
    },
    /// Keep the hand as it is.
    Stand,
    /// A betting move.
    Bet {
        /// Which.
        action: WireBet,
    },
    /// Start the next round (the host only).
    Next,
}

impl TablePlay {
    /// The move in a word, for the transcript.
    pub fn word(self) -> &'static str {
        match self {
            TablePlay::Throw => "throws",
            TablePlay::Reroll { .. } => "rerolls",
            TablePlay::Stand => "stands",
            TablePlay::Bet { .. } => "bets",
            TablePlay::Next => "starts the next round",
        }
    }
}

/// Puts `seat`'s `play` to the referee: a reroll that keeps every die is a
/// stand. The one judge of a move, a local player's or a peer's, in
/// either format.
pub fn judge<R: Referee + ?Sized>(
    referee: &mut R,
    seat: SeatId,
    play: TablePlay,
) -> Result<(), Illegal> {
    match play {
        TablePlay::Throw => referee.throw(seat),
        TablePlay::Reroll { held } if held.iter().all(|&h| h) => referee.stand(seat),
        TablePlay::Reroll { .. } => referee.reroll(seat),
        TablePlay::Stand => referee.stand(seat),
        TablePlay::Bet { action } => referee.bet(seat, action.into()),
        TablePlay::Next => referee.next_round_by(seat),
    }
}
