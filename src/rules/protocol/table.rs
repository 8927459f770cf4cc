//! A move at a table as it travels, and the referee's judgement of it: the
//! same [`TableMatch`] a local seat's moves go to.

use serde::{Deserialize, Serialize};

use super::WireBet;
use crate::rules::hand::DICE;
use crate::rules::table::{Illegal, TableMatch};

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

/// Puts `seat`'s move to the referee, as a local seat's: dice are never taken
/// from a seat (a throw or a reroll only starts one), and only seat 0, the
/// host, starts a round. Anything the table does not allow now is refused
/// and changes nothing.
pub fn judge_play(table: &mut TableMatch, seat: usize, play: TablePlay) -> Result<(), Illegal> {
    match play {
        TablePlay::Throw => table.throw(seat),
        TablePlay::Reroll { held } if held.iter().all(|&h| h) => table.stand(seat),
        TablePlay::Reroll { .. } => table.reroll(seat),
        TablePlay::Stand => table.stand(seat),
        TablePlay::Bet { action } => table.bet(seat, action.into()),
        TablePlay::Next if seat == 0 => table.next_round(),
        TablePlay::Next => Err(Illegal {
            step: table.step(),
            seat,
            tried: "start a round",
        }),
    }
}
