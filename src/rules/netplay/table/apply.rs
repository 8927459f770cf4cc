//! How a change reaches a seat's view of a table: a move judged by the
//! referee, a seat leaving, and what each writes to the transcript.

use super::{Dealing, Decision, MatchSession, NetReferee};
use crate::rules::hand::DICE;
use crate::rules::protocol::judge;
use crate::rules::protocol::{TablePlay, WireBet};
use crate::rules::referee::Illegal;
use crate::rules::table::TableStep;
use crate::rules::transcript::TableEvent;

impl<R: NetReferee> MatchSession<R> {
    /// `seat` leaves the referee's table, as a change. One that committed
    /// to the throw being dealt and goes before the nonces are out calls the
    /// round off: no deal completes without a committed seat's nonce, so no
    /// seat that holds the others' can deal without its own (every machine
    /// knows it the same way: the list of commitments went out before the
    /// leave, on every link).
    pub(super) fn leave(&mut self, seat: usize) {
        let before = self.table.clone();
        let committed = matches!(
            &self.dealing,
            Dealing::Revealing { commits, .. } if commits[seat].is_some()
        );
        self.left[seat] = true;
        if self.table.leave(seat, committed) {
            self.events.push(TableEvent::Void { seat });
        } else {
            self.events.push(TableEvent::Left { seat });
        }
        self.forget_deal_of(seat);
        self.note_end(&before);
        self.changed();
    }

    /// Puts `seat`'s move to the referee and books it.
    pub(super) fn apply(&mut self, seat: usize, play: TablePlay) -> Result<(), Illegal> {
        let step = self.table.turn();
        if let (TablePlay::Next, TableStep::MatchOver(_)) = (play, step) {
            let refused = Illegal {
                step,
                seat,
                tried: "start another match",
            };
            if seat != 0 || self.rematches == 0 {
                return Err(refused);
            }
            // A seat gone stays gone, and antes nothing.
            let gone: Vec<usize> = (1..self.terms.seats).filter(|&s| self.left[s]).collect();
            let table = R::lay(&self.terms, &gone).map_err(|_| refused)?;
            self.table = table;
            self.rematches -= 1;
            self.throws = 0;
            self.events.push(TableEvent::Rematch);
            // One seat left is the new match's winner at once.
            if let TableStep::MatchOver(winner) = self.table.turn() {
                self.wins[winner] += 1;
                self.events.push(TableEvent::MatchOver { winner });
            }
            self.changed();
            return Ok(());
        }
        let before = self.table.clone();
        judge(&mut self.table, seat, play)?;
        if seat == self.me {
            self.asked = None;
        }
        match play {
            TablePlay::Throw => self.held[seat] = [false; DICE],
            TablePlay::Reroll { held } => self.held[seat] = held,
            TablePlay::Next => self.throws = 0,
            TablePlay::Stand | TablePlay::Bet { .. } => {}
        }
        self.events.push(TableEvent::Moved { seat, play });
        self.note_end(&before);
        self.changed();
        Ok(())
    }

    /// Counts a change; a throw now rolling is due to be dealt, and a deal
    /// whose throw no longer rolls is given up, as is one with a single seat
    /// left to deal it (a duel whose guest has gone: it would deal alone).
    pub(super) fn changed(&mut self) {
        self.turn += 1;
        let rolling = matches!(self.table.turn(), TableStep::Rolling(_)) && self.seats_here() >= 2;
        if !rolling {
            self.dealing = Dealing::Idle;
        } else if self.dealing == Dealing::Idle {
            self.dealing = Dealing::Due {
                turn: self.turn,
                commits: vec![None; self.terms.seats],
            };
        }
    }

    /// Writes a round's or a match's end, decided since `before`, to the
    /// transcript.
    pub(super) fn note_end(&mut self, before: &R) {
        let now = self.table.turn();
        if !now.is_decided() || before.turn().is_decided() {
            return;
        }
        // A round called off says so itself ([`TableEvent::Void`]).
        if let Some(end) = self.table.end_since(before) {
            let score = (0..self.terms.seats).map(|s| self.table.score(s)).collect();
            self.events.push(TableEvent::RoundOver {
                winner: end.winner,
                by_folds: end.by_folds,
                paid: end.paid,
                score,
            });
        }
        if let TableStep::MatchOver(winner) = now {
            self.wins[winner] += 1;
            self.events.push(TableEvent::MatchOver { winner });
        }
    }
}

/// A decision as a move at the table.
impl From<Decision> for TablePlay {
    fn from(decision: Decision) -> TablePlay {
        match decision {
            Decision::Throw => TablePlay::Throw,
            Decision::Reroll(held) => TablePlay::Reroll { held },
            Decision::Stand => TablePlay::Stand,
            Decision::Bet(action) => TablePlay::Bet {
                action: WireBet::from(action),
            },
        }
    }
}
