//! A match across machines, without the wire: a duel or a table of two to
//! four seats, one session over either referee ([`NetReferee`]). The host
//! (seat 0) is the hub each guest talks to: a guest asks for its move
//! ([`Message::Play`]) and applies only what the host says was made
//! ([`Message::Moved`], [`Message::Left`]), so every machine's referee
//! takes the same changes in the same order. Changes are
//! counted (`turn`): a request made on a table that has changed since is
//! stale and dropped, an illegal one is refused, as a local seat's would be.
//!
//! Dice are dealt by every seat still at the table ([`deal`]):
//! no seat, the host included, can choose or foresee a die while one other
//! seat keeps its nonce secret. A guest whose reveal does not match its
//! commitment, who breaks the protocol, or whose link ends, leaves: at a
//! table it folds and the table plays on (mid-deal, the round is called off
//! instead); a duel ends there, as a match left with one seat does.

use std::collections::VecDeque;

use super::Decision;
use crate::rules::deal::Nonce;
use crate::rules::duel::Duel;
use crate::rules::hand::DICE;
use crate::rules::protocol::judge;
use crate::rules::protocol::{Message, TablePlay};
use crate::rules::table::{TableMatch, TableStep};
use crate::rules::transcript::TableEvent;

mod apply;
mod deal;
mod format;
mod lines;
mod terms;

pub use crate::rules::protocol::MatchFormat;
pub use deal::Dealing;
pub use format::{NetEnd, NetReferee};
pub use lines::HostOwes;
pub use terms::TableTerms;

/// A table of two to four seats across machines.
pub type TableSession = MatchSession<TableMatch>;
/// A duel across machines: two seats through the same session.
pub type DuelSession = MatchSession<Duel>;

/// Why the host put a guest out of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// It sent what the protocol does not allow: it forfeits, saying what.
    Forfeit(String),
    /// Its reveal does not match its commitment.
    Cheated,
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ended::Forfeit(why) => f.write_str(why),
            Ended::Cheated => f.write_str("its reveal does not match its commitment"),
        }
    }
}

/// Why a guest's table ended before its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableEnded {
    /// The host sent what the protocol or the table does not allow.
    HostBroke(String),
    /// A reveal does not match its commitment.
    Cheated(usize),
    /// The host says this seat left (it was taken for gone or a cheat).
    Removed,
}

impl std::fmt::Display for TableEnded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableEnded::HostBroke(why) => write!(f, "the host broke the table's rules: {why}"),
            TableEnded::Cheated(seat) => write!(
                f,
                "seat {}'s reveal does not match its commitment",
                seat + 1
            ),
            TableEnded::Removed => f.write_str("the host took this seat for gone"),
        }
    }
}

/// One seat's view of a match across machines, under referee `R`.
pub struct MatchSession<R: NetReferee> {
    pub(super) me: usize,
    pub(super) terms: TableTerms,
    pub(super) table: R,
    /// Seats that left for good.
    pub(super) left: Vec<bool>,
    /// Changes applied so far: every move, leave and deal.
    pub(super) turn: u32,
    rematches: u32,
    /// The slots each seat keeps for its coming throw.
    pub(super) held: Vec<[bool; DICE]>,
    /// Throws dealt this round, every seat's counted.
    pub(super) throws: u32,
    pub(super) dealing: Dealing,
    /// A guest's request is out: the change it was made after, the step it
    /// answers and the move (asked again if the table changes under it).
    asked: Option<(u32, TableStep, TablePlay)>,
    /// Lines to send: to whom (a seat; a guest sends only to 0) and what.
    pub(super) outbox: VecDeque<(usize, Message)>,
    /// What happened, the same on every machine.
    pub events: Vec<TableEvent>,
    /// Matches won by each seat.
    pub wins: Vec<u32>,
    /// Guests' requests the host refused as illegal (not stale ones).
    pub refused: u32,
    /// Seats the host plays besides its own (computer seats), by seat.
    pub(super) hosted: Vec<bool>,
    /// The host's nonces for those seats in the deal under way.
    pub(super) hosted_nonces: Vec<Option<Nonce>>,
}

impl<R: NetReferee> MatchSession<R> {
    /// Seat `me` (0: the host) of a match under `terms`; an error if such a
    /// match cannot be laid (another format, seats it does not play).
    pub fn new(me: usize, terms: TableTerms) -> Result<MatchSession<R>, String> {
        if terms.format != R::FORMAT {
            return Err(format!(
                "a {:?} session for {:?} terms",
                R::FORMAT,
                terms.format
            ));
        }
        let (fewest, most) = R::SEATS;
        if !(fewest..=most).contains(&terms.seats) {
            return Err(format!("{} seats at a {:?}", terms.seats, R::FORMAT));
        }
        let table = R::lay(&terms, &[])?;
        if me >= terms.seats {
            return Err(format!("seat {} at a table of {}", me + 1, terms.seats));
        }
        Ok(MatchSession {
            me,
            terms,
            table,
            left: vec![false; terms.seats],
            turn: 0,
            rematches: terms.matches.saturating_sub(1),
            held: vec![[false; DICE]; terms.seats],
            throws: 0,
            dealing: Dealing::Idle,
            asked: None,
            outbox: VecDeque::new(),
            events: Vec::new(),
            wins: vec![0; terms.seats],
            refused: 0,
            hosted: vec![false; terms.seats],
            hosted_nonces: vec![None; terms.seats],
        })
    }

    /// The host's session, playing `seats` too (computer seats at this
    /// machine: their moves go to every guest as the host's own do, and the
    /// host deals for each with a nonce of its own); no guest sits there.
    /// A guest's session, or a seat out of range, is left as it is.
    pub fn hosting(mut self, seats: &[usize]) -> MatchSession<R> {
        if self.me == 0 {
            for &seat in seats
                .iter()
                .filter(|&&s| (1..self.terms.seats).contains(&s))
            {
                self.hosted[seat] = true;
            }
        }
        self
    }

    /// This machine plays `seat`.
    fn plays(&self, seat: usize) -> bool {
        seat == self.me || self.hosted[seat]
    }

    /// This machine's seat.
    pub fn me(&self) -> usize {
        self.me
    }

    /// The agreed terms.
    pub fn terms(&self) -> TableTerms {
        self.terms
    }

    /// The referee as it stands.
    pub fn table(&self) -> &R {
        &self.table
    }

    /// True once `seat` has left the match for good.
    pub fn has_left(&self, seat: usize) -> bool {
        self.left.get(seat).copied().unwrap_or(false)
    }

    /// Seats still at the match.
    pub(super) fn seats_here(&self) -> usize {
        self.left.iter().filter(|&&gone| !gone).count()
    }

    /// What happened, one line per event.
    pub fn transcript(&self) -> Vec<String> {
        self.events.iter().map(TableEvent::line).collect()
    }

    /// The next line to send and the seat it goes to.
    pub fn outgoing(&mut self) -> Option<(usize, Message)> {
        self.outbox.pop_front()
    }

    /// Changes applied so far (a line names the change it follows).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// True when every match is decided.
    pub fn finished(&self) -> bool {
        matches!(self.table.turn(), TableStep::MatchOver(_)) && self.rematches == 0
    }

    /// Some guest (a seat at another machine) is still at the table.
    pub fn guests_here(&self) -> bool {
        (1..self.terms.seats).any(|s| !self.hosted[s] && !self.has_left(s))
    }

    /// Sends `message` to every guest still at the table.
    pub(super) fn tell_guests(&mut self, message: &Message) {
        for seat in 1..self.terms.seats {
            if !self.has_left(seat) && !self.hosted[seat] {
                self.outbox.push_back((seat, message.clone()));
            }
        }
    }

    /// Moves on as far as this machine can alone: its part of a deal (a
    /// fresh nonce from `nonce`), its seats' moves (asked of `decide`, with
    /// the seat; `None`: not decided yet), and on the host the start of each
    /// round and match.
    pub fn advance(
        &mut self,
        mut decide: impl FnMut(&R, usize) -> Option<Decision>,
        mut nonce: impl FnMut() -> Nonce,
    ) -> Result<(), TableEnded> {
        loop {
            // A match left with one seat is over where it stands (a
            // table's referee says so itself; a duel's is simply not
            // played on): nothing is dealt or moved alone.
            if self.seats_here() < 2 {
                return Ok(());
            }
            if matches!(self.dealing, Dealing::Due { .. }) {
                self.begin_deal(&mut nonce);
                continue;
            }
            let step = self.table.turn();
            let (seat, play) = match step {
                TableStep::Throw(s) | TableStep::Bet(s) | TableStep::Reroll(s) if self.plays(s) => {
                    let play = match self.asked {
                        Some((turn, ..)) if turn == self.turn => return Ok(()),
                        // A seat left while the request was out, which drops
                        // it: the same move is asked again if it still holds
                        // (the player made it once and will not again).
                        Some((_, at, play))
                            if at == step && judge(&mut self.table.clone(), s, play).is_ok() =>
                        {
                            play
                        }
                        _ => match decide(&self.table, s) {
                            Some(decision) => TablePlay::from(decision),
                            None => return Ok(()),
                        },
                    };
                    (s, play)
                }
                TableStep::RoundOver if self.me == 0 => (0, TablePlay::Next),
                // Not for the host alone (and its computer seats): it would
                // only deal itself the rest.
                TableStep::MatchOver(_)
                    if self.me == 0 && self.rematches > 0 && self.guests_here() =>
                {
                    (0, TablePlay::Next)
                }
                _ => return Ok(()),
            };
            if self.me == 0 {
                let turn = self.turn;
                self.apply(seat, play)
                    .map_err(|e| TableEnded::HostBroke(format!("our own move: {e}")))?;
                self.tell_guests(&Message::Moved { turn, seat, play });
            } else {
                self.outbox.push_back((
                    0,
                    Message::Play {
                        turn: self.turn,
                        play,
                    },
                ));
                self.asked = Some((self.turn, step, play));
                return Ok(());
            }
        }
    }
}
