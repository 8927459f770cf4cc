//! What happened in a match between two machines, event by event, the same
//! on both: each throw's commitments, nonces and faces, every hold, stand,
//! bet and round, and each round's and match's end. The text transcript and
//! the JSON document are both written from these events.

use serde::Serialize;

use super::duel::{RoundEnd, Side};
use super::hand::{DICE, Roll};
use super::protocol::{TablePlay, WireBet};

/// A seat by its part in the match, as both machines name it.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The side that listened and starts each round.
    Host,
    /// The side that joined.
    Guest,
}

impl From<Side> for Seat {
    fn from(side: Side) -> Seat {
        match side {
            Side::Near => Seat::Host,
            Side::Far => Seat::Guest,
        }
    }
}

impl Seat {
    /// The seat's name in the text transcript.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Host => "host",
            Seat::Guest => "guest",
        }
    }
}

/// How a round ended.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum End {
    /// The stronger hand won the pot.
    Showdown {
        /// Who won.
        winner: Seat,
    },
    /// A side gave up.
    Fold {
        /// Who folded.
        folder: Seat,
    },
    /// The same hand: the pot stays.
    Draw,
}

impl From<Option<RoundEnd>> for End {
    fn from(end: Option<RoundEnd>) -> End {
        match end {
            Some(RoundEnd::Showdown(side)) => End::Showdown {
                winner: side.into(),
            },
            Some(RoundEnd::Fold(side)) => End::Fold {
                folder: side.into(),
            },
            Some(RoundEnd::Draw) | None => End::Draw,
        }
    }
}

/// One thing that happened.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A side's first throw of a round.
    Throw {
        /// Who.
        by: Seat,
    },
    /// A side kept these slots and threw the rest.
    Keep {
        /// Who.
        by: Seat,
        /// The slots kept.
        held: [bool; DICE],
    },
    /// A side stood on its hand.
    Stand {
        /// Who.
        by: Seat,
    },
    /// A side's bet.
    Bet {
        /// Who.
        by: Seat,
        /// What.
        action: WireBet,
    },
    /// A throw was dealt: both commitments and nonces (hex), and the faces.
    Deal {
        /// Whose throw.
        side: Seat,
        /// The host's commitment.
        host_commit: String,
        /// The host's nonce.
        host_nonce: String,
        /// The guest's commitment.
        guest_commit: String,
        /// The guest's nonce.
        guest_nonce: String,
        /// The five faces on the table after the throw.
        faces: Roll,
    },
    /// A round was decided.
    RoundOver {
        /// How.
        end: End,
        /// Rounds won: host, guest.
        score: [u32; 2],
    },
    /// A match was decided.
    MatchOver {
        /// Who won it.
        winner: Seat,
    },
    /// The host started the next round.
    NextRound,
    /// The host started another match.
    Rematch,
}

impl Event {
    /// The event as a line of the text transcript.
    pub fn line(&self) -> String {
        match self {
            Event::Throw { by } => format!("{} throws", by.name()),
            Event::Keep { by, held } => {
                let slots: String = held.iter().map(|&h| if h { 'x' } else { '.' }).collect();
                format!("{} keeps {slots}", by.name())
            }
            Event::Stand { by } => format!("{} stands", by.name()),
            Event::Bet { by, action } => format!("{} bets: {}", by.name(), action.word()),
            Event::Deal { side, faces, .. } => format!(
                "{} rolls {}",
                side.name(),
                faces.map(|f| f.to_string()).join(" ")
            ),
            Event::RoundOver { end, score } => {
                let end = match end {
                    End::Showdown { winner } => format!("{} wins the showdown", winner.name()),
                    End::Fold { folder } => format!("{} folds", folder.name()),
                    End::Draw => "a draw".to_owned(),
                };
                format!("round over: {end}, score {}-{}", score[0], score[1])
            }
            Event::MatchOver { winner } => format!("match over: {} wins", winner.name()),
            Event::NextRound => "next round".to_owned(),
            Event::Rematch => "rematch".to_owned(),
        }
    }
}

/// One thing that happened at a table of machines, seats by number (the
/// host is seat 0): the same list on every machine at the table.
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
        let keep = Event::Keep {
            by: Seat::Guest,
            held: [true, false, false, true, false],
        };
        assert_eq!(keep.line(), "guest keeps x..x.");
        let over = Event::RoundOver {
            end: End::Fold { folder: Seat::Host },
            score: [1, 0],
        };
        assert_eq!(over.line(), "round over: host folds, score 1-0");
        let json = serde_json::to_value(&over).unwrap();
        assert_eq!(json["event"], "round_over");
        assert_eq!(json["end"]["by"], "fold");
        assert_eq!(json["end"]["folder"], "host");
    }
}
