//! A table of two to four seats across machines, without the wire. The host
//! (seat 0) is the hub each guest talks to: a guest asks for its move
//! ([`Message::Play`]) and applies only what the host says was made
//! ([`Message::Moved`], [`Message::Left`]), so every machine's referee
//! ([`TableMatch`]) takes the same changes in the same order. Changes are
//! counted (`turn`): a request made on a table that has changed since is
//! stale and dropped, an illegal one is refused, as a local seat's would be.
//!
//! Dice are dealt by every seat still at the table ([`deal`]):
//! no seat, the host included, can choose or foresee a die while one other
//! seat keeps its nonce secret. A guest whose reveal does not match its
//! commitment, who breaks the protocol, or whose link ends, leaves: it folds
//! and the table plays on (mid-deal, the round is called off instead).

use std::collections::VecDeque;

use super::Decision;
use crate::rules::deal::Nonce;
use crate::rules::hand::{DICE, Roll};
use crate::rules::protocol::judge;
use crate::rules::protocol::{Message, TablePlay};
use crate::rules::table::{TableMatch, TableStep};
use crate::rules::transcript::TableEvent;

mod apply;
mod deal;
mod terms;

pub use deal::Dealing;
pub use terms::TableTerms;

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

/// One seat's view of a table of machines.
pub struct TableSession {
    pub(super) me: usize,
    pub(super) terms: TableTerms,
    pub(super) table: TableMatch,
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
    /// Throws dealt and not yet taken: the seat and its five faces.
    pub(super) dealt: VecDeque<(usize, Roll)>,
    /// Guests' requests the host refused as illegal (not stale ones).
    pub refused: u32,
    /// Seats the host plays besides its own (computer seats), by seat.
    pub(super) hosted: Vec<bool>,
    /// The host's nonces for those seats in the deal under way.
    pub(super) hosted_nonces: Vec<Option<Nonce>>,
    /// A guest: the host took this seat for gone.
    removed: bool,
}

impl TableSession {
    /// Seat `me` (0: the host) of a table under `terms`; an error if such a
    /// table cannot be laid.
    pub fn new(me: usize, terms: TableTerms) -> Result<TableSession, String> {
        let table = TableMatch::new(terms.rules(), vec![terms.stack; terms.seats], 0)
            .map_err(|e| e.to_string())?;
        if me >= terms.seats {
            return Err(format!("seat {} at a table of {}", me + 1, terms.seats));
        }
        Ok(TableSession {
            me,
            terms,
            table,
            turn: 0,
            rematches: terms.matches.saturating_sub(1),
            held: vec![[false; DICE]; terms.seats],
            throws: 0,
            dealing: Dealing::Idle,
            asked: None,
            outbox: VecDeque::new(),
            events: Vec::new(),
            wins: vec![0; terms.seats],
            dealt: VecDeque::new(),
            refused: 0,
            hosted: vec![false; terms.seats],
            hosted_nonces: vec![None; terms.seats],
            removed: false,
        })
    }

    /// The host's session, playing `seats` too (computer seats at this
    /// machine: their moves go to every guest as the host's own do, and the
    /// host deals for each with a nonce of its own); no guest sits there.
    /// A guest's session, or a seat out of range, is left as it is.
    pub fn hosting(mut self, seats: &[usize]) -> TableSession {
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

    /// The table as it stands.
    pub fn table(&self) -> &TableMatch {
        &self.table
    }

    /// What happened, one line per event.
    pub fn transcript(&self) -> Vec<String> {
        self.events.iter().map(TableEvent::line).collect()
    }

    /// The next line to send and the seat it goes to.
    pub fn outgoing(&mut self) -> Option<(usize, Message)> {
        self.outbox.pop_front()
    }

    /// The next throw dealt since the last call: its seat and faces.
    pub fn take_dealt(&mut self) -> Option<(usize, Roll)> {
        self.dealt.pop_front()
    }

    /// Changes applied so far (a line names the change it follows).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// A guest that the host took for gone: what it put in this round stays
    /// in the pot, which the others play out.
    pub fn removed(&self) -> bool {
        self.removed
    }

    /// True when every match is decided.
    pub fn finished(&self) -> bool {
        matches!(self.table.step(), TableStep::MatchOver(_)) && self.rematches == 0
    }

    /// Some guest (a seat at another machine) is still at the table.
    pub fn guests_here(&self) -> bool {
        (1..self.terms.seats).any(|s| !self.hosted[s] && !self.table.has_left(s))
    }

    /// Sends `message` to every guest still at the table.
    pub(super) fn tell_guests(&mut self, message: &Message) {
        for seat in 1..self.terms.seats {
            if !self.table.has_left(seat) && !self.hosted[seat] {
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
        mut decide: impl FnMut(&TableMatch, usize) -> Option<Decision>,
        mut nonce: impl FnMut() -> Nonce,
    ) -> Result<(), TableEnded> {
        loop {
            if matches!(self.dealing, Dealing::Due { .. }) {
                self.begin_deal(&mut nonce);
                continue;
            }
            let step = self.table.step();
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

    /// The host takes a guest's line: a request judged by the referee as
    /// the host's own moves are, or its part of a deal. A guest that breaks
    /// the protocol or cheats leaves the table (it folds, the table plays
    /// on); the error says why, so its link is closed.
    pub fn from_guest(&mut self, seat: usize, message: &Message) -> Result<(), String> {
        if self.me != 0 || self.table.has_left(seat) {
            return Ok(());
        }
        let why = match message {
            Message::Heartbeat => return Ok(()),
            Message::Play { turn, play } => {
                // Made on a table that has changed since: dropped.
                if *turn != self.turn {
                    return Ok(());
                }
                let turn = self.turn;
                if self.apply(seat, *play).is_err() {
                    self.refused += 1;
                    return Ok(());
                }
                self.tell_guests(&Message::Moved {
                    turn,
                    seat,
                    play: *play,
                });
                return Ok(());
            }
            Message::TableCommit { turn, commitment } => {
                match self.take_commitment(seat, *turn, commitment) {
                    Ok(()) => return Ok(()),
                    Err(why) => why,
                }
            }
            Message::TableReveal { turn, nonce } => match self.take_reveal(seat, *turn, nonce) {
                Ok(()) => return Ok(()),
                Err(why) => why,
            },
            other => format!("a {} message from a guest", other.name()),
        };
        self.seat_left(seat);
        Err(why)
    }

    /// The host: `seat`'s link ended (or it cheated): it leaves, folding,
    /// and every other guest hears so.
    pub fn seat_left(&mut self, seat: usize) {
        if self.me != 0 || seat == 0 || seat >= self.terms.seats || self.table.has_left(seat) {
            return;
        }
        let turn = self.turn;
        self.leave(seat);
        self.tell_guests(&Message::Left { turn, seat });
        self.host_deal_progress();
    }

    /// A guest takes the host's line: a move, a seat gone, or its part of a deal.
    pub fn from_host(&mut self, message: &Message) -> Result<(), TableEnded> {
        let broke = |why: String| TableEnded::HostBroke(why);
        match message {
            Message::Heartbeat => Ok(()),
            Message::Moved { turn, seat, play } => {
                self.check_turn(*turn)?;
                if *seat >= self.terms.seats {
                    return Err(broke(format!("a move by seat {seat}")));
                }
                // Only this machine moves its seat: a move the host says it
                // made is the one it asked for at this change, or a forgery.
                if *seat == self.me
                    && !matches!(self.asked, Some((t, _, asked)) if t == *turn && asked == *play)
                {
                    return Err(broke(format!(
                        "it says this seat {} though this seat did not ask to",
                        play.word()
                    )));
                }
                self.apply(*seat, *play).map_err(|e| broke(e.to_string()))
            }
            Message::Left { turn, seat } => {
                self.check_turn(*turn)?;
                if *seat == self.me {
                    self.removed = true;
                    return Err(TableEnded::Removed);
                }
                if *seat == 0 || *seat >= self.terms.seats {
                    return Err(broke(format!("seat {seat} cannot leave")));
                }
                self.leave(*seat);
                Ok(())
            }
            Message::Commits { turn, commitments } => self.take_commitments(*turn, commitments),
            Message::Reveals { turn, nonces } => self.take_nonces(*turn, nonces),
            other => Err(broke(format!("a {} message at a table", other.name()))),
        }
    }

    fn check_turn(&self, turn: u32) -> Result<(), TableEnded> {
        if turn == self.turn {
            Ok(())
        } else {
            Err(TableEnded::HostBroke(format!(
                "change {turn} where this table has seen {}",
                self.turn
            )))
        }
    }
}
