//! What happened in a match between machines, a duel or a table, event by
//! event, the same on every machine: each throw's commitments, nonces and
//! faces, every move, each seat that left, each round's and match's end.
//! The text transcript and the JSON document are both written from these
//! events.

use serde::Serialize;

use super::hand::Roll;
use super::protocol::TablePlay;

/// One thing that happened at a match of machines, seats by number (the
/// host is seat 0): the same list on every machine at the match.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent {
    /// A seat's move, as the referee took it.
    Moved {
        /// Who.
        seat: usize,
        /// What.
        play: TablePlay,
    },
    /// A throw was dealt: every dealing seat's commitment and nonce (hex,
    /// by seat; `null`: a seat gone) and the faces.
    Deal {
        /// Whose throw.
        seat: usize,
        /// Commitments by seat.
        commitments: Vec<Option<String>>,
        /// Nonces by seat.
        nonces: Vec<Option<String>>,
        /// The five faces on the table after the throw.
        faces: Roll,
    },
    /// A seat left the table: it folds and sits out.
    Left {
        /// Who.
        seat: usize,
    },
    /// A seat left while a throw it had committed to was being dealt: the
    /// round is void (no deal without its nonce; each other seat takes back
    /// what it put in, the leaver's coins are shared among the seats still
    /// in), and the seat sits out.
    Void {
        /// Who.
        seat: usize,
    },
    /// A round was decided.
    RoundOver {
        /// Who took the main pot alone, if anyone did.
        winner: Option<usize>,
        /// Every other seat folded.
        by_folds: bool,
        /// What each seat took from the pots.
        paid: Vec<u64>,
        /// Rounds won by each seat.
        score: Vec<u32>,
    },
    /// A match was decided.
    MatchOver {
        /// Who took it.
        winner: usize,
    },
    /// Another match began.
    Rematch,
}

impl TableEvent {
    /// The event as a line of the text transcript.
    pub fn line(&self) -> String {
        let seat = |s: &usize| {
            if *s == 0 {
                "host".to_owned()
            } else {
                format!("seat {}", s + 1)
            }
        };
        match self {
            TableEvent::Moved { seat: s, play } => match play {
                TablePlay::Reroll { held } => {
                    let slots: String = held.iter().map(|&h| if h { 'x' } else { '.' }).collect();
                    format!("{} keeps {slots}", seat(s))
                }
                TablePlay::Bet { action } => format!("{} bets: {}", seat(s), action.word()),
                other => format!("{} {}", seat(s), other.word()),
            },
            TableEvent::Deal { seat: s, faces, .. } => format!(
                "{} rolls {}",
                seat(s),
                faces.map(|f| f.to_string()).join(" ")
            ),
            TableEvent::Left { seat: s } => format!("{} leaves the table and folds", seat(s)),
            TableEvent::Void { seat: s } => format!(
                "{} leaves the table mid-deal: the round is void, its coins shared",
                seat(s)
            ),
            TableEvent::RoundOver {
                winner,
                by_folds,
                paid,
                score,
            } => {
                let how = match (winner, by_folds) {
                    (Some(w), true) => format!("{} takes the pot, the rest folded", seat(w)),
                    (Some(w), false) => format!("{} wins the showdown", seat(w)),
                    // A duel's draw: the pot stays for the round played again.
                    (None, _) if paid.iter().all(|&p| p == 0) => "a draw, the pot stays".to_owned(),
                    (None, _) => "the main pot is split".to_owned(),
                };
                let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join("/");
                let score: Vec<u64> = score.iter().map(|&s| u64::from(s)).collect();
                format!(
                    "round over: {how}, paid {}, score {}",
                    join(paid),
                    join(&score)
                )
            }
            TableEvent::MatchOver { winner } => format!("match over: {} wins", seat(winner)),
            TableEvent::Rematch => "rematch".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_as_the_transcript_and_serialise_by_name() {
        let keep = TableEvent::Moved {
            seat: 1,
            play: TablePlay::Reroll {
                held: [true, false, false, true, false],
            },
        };
        assert_eq!(keep.line(), "seat 2 keeps x..x.");
        let over = |winner, paid: Vec<u64>| TableEvent::RoundOver {
            winner,
            by_folds: false,
            paid,
            score: vec![1, 0],
        };
        assert_eq!(
            over(Some(0), vec![40, 0]).line(),
            "round over: host wins the showdown, paid 40/0, score 1/0"
        );
        assert_eq!(
            over(None, vec![0, 0]).line(),
            "round over: a draw, the pot stays, paid 0/0, score 1/0"
        );
        assert_eq!(
            over(None, vec![20, 20]).line(),
            "round over: the main pot is split, paid 20/20, score 1/0"
        );
        let json = serde_json::to_value(&keep).unwrap();
        assert_eq!(json["event"], "moved");
        assert_eq!(json["play"]["move"], "reroll");
    }
}
