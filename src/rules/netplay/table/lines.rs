//! What arrives on a link: the host takes a guest's lines (a request,
//! judged by the referee as the host's own moves are, or its part of a
//! deal) and a guest's link ending; a guest takes the host's (a move made,
//! a seat gone, the lists of a deal), each checked against the change it
//! names.

use super::{Dealing, Ended, MatchSession, NetReferee, TableEnded};
use crate::rules::protocol::Message;
use crate::rules::table::TableStep;

impl<R: NetReferee> MatchSession<R> {
    /// The host takes a guest's line: a request judged by the referee as
    /// the host's own moves are, or its part of a deal. A guest that breaks
    /// the protocol or cheats leaves the table (it folds, the table plays
    /// on); the error says why, so its link is closed.
    pub fn from_guest(&mut self, seat: usize, message: &Message) -> Result<(), Ended> {
        if self.me != 0 || self.has_left(seat) {
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
            Message::Commit { turn, commitment } => {
                match self.take_commitment(seat, *turn, commitment) {
                    Ok(()) => return Ok(()),
                    Err(why) => Ended::Forfeit(why),
                }
            }
            Message::Reveal { turn, nonce } => match self.take_reveal(seat, *turn, nonce) {
                Ok(()) => return Ok(()),
                Err(why) => why,
            },
            other => Ended::Forfeit(format!("a {} message from a guest", other.name())),
        };
        self.seat_left(seat);
        Err(why)
    }

    /// The host: `seat`'s link ended (or it cheated): it leaves, folding,
    /// and every other guest hears so.
    pub fn seat_left(&mut self, seat: usize) {
        if self.me != 0 || seat == 0 || seat >= self.terms.seats || self.has_left(seat) {
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

    /// What a guest waits on the host for now, with a clock on it: the
    /// host's list of a deal's commitments or nonces, once this seat has
    /// sent its own part, or another seat's move, which only the host
    /// passes on. None on the host, or while this machine is to act.
    pub fn awaits_host(&self) -> Option<HostOwes> {
        if self.me == 0 {
            return None;
        }
        match self.dealing {
            Dealing::Committing { .. } | Dealing::Revealing { .. } => return Some(HostOwes::Deal),
            Dealing::Due { .. } => return None,
            Dealing::Idle => {}
        }
        match self.table.turn() {
            TableStep::Throw(s) | TableStep::Bet(s) | TableStep::Reroll(s) if s != self.me => {
                Some(HostOwes::Move)
            }
            _ => None,
        }
    }
}

/// What a guest waits on the host for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostOwes {
    /// Its list of a deal's commitments or nonces.
    Deal,
    /// A move it passes on (its own, its computer seats', another guest's).
    Move,
}
