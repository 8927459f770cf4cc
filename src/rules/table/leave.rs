//! A seat that leaves the table for good (a network guest gone): it folds
//! what it has put in this round, sits out every round after, and the table
//! plays on; the last seat left takes the match. One that leaves while a
//! throw is being dealt calls the round off instead ([`TableMatch::void_and_leave`]).

use super::{Illegal, TableEnd, TableMatch, TableStep};

impl TableMatch {
    /// `seat` leaves: if it was still in the round it folds (what it put in
    /// stays in the pot), and if the table was waiting for it, the turn
    /// passes as it would after its move. A seat that is not at the table
    /// is refused; leaving twice changes nothing.
    pub fn leave(&mut self, seat: usize) -> Result<(), Illegal> {
        if seat >= self.seats() {
            return Err(self.illegal(seat, "leave"));
        }
        if self.has_left(seat) {
            return Ok(());
        }
        // A match kept before seats could leave has no list yet.
        self.gone.resize(self.seats(), false);
        self.gone[seat] = true;
        let was_live = self.is_live(seat);
        self.out[seat] = true;
        match self.step {
            TableStep::MatchOver(_) => return Ok(()),
            TableStep::RoundOver => {
                let mut left = (0..self.seats()).filter(|&s| !self.out[s] && self.stacks[s] > 0);
                if let (Some(only), None) = (left.next(), left.next()) {
                    self.step = TableStep::MatchOver(only);
                }
                return Ok(());
            }
            _ => {}
        }
        if !was_live || self.fold_seat(seat) {
            return Ok(());
        }
        match self.step {
            TableStep::Throw(s) | TableStep::Rolling(s) | TableStep::Reroll(s) if s == seat => {
                self.after_dice(seat);
            }
            TableStep::Bet(s) if s == seat => {
                self.pass_bet(seat);
            }
            _ => {}
        }
        Ok(())
    }

    /// True once `seat` has left the table.
    pub fn has_left(&self, seat: usize) -> bool {
        self.gone.get(seat).copied().unwrap_or(false)
    }

    /// `seat` leaves while a throw is being dealt, and the round is void:
    /// no pot is played out and nobody scores; every other seat takes back
    /// what it put in this round, and what `seat` put in is shared among the
    /// seats still in the round (as when it folds, no coin leaves with it:
    /// the others' first, one coin each from the starter on for what does
    /// not divide). Then `seat` leaves as [`TableMatch::leave`] says. Only
    /// a round under way can be called off.
    pub fn void_and_leave(&mut self, seat: usize) -> Result<(), Illegal> {
        if seat >= self.seats() || self.step.mover().is_none() || self.has_left(seat) {
            return Err(self.illegal(seat, "call the round off"));
        }
        let n = self.seats();
        let mut paid = self.put.clone();
        paid[seat] = 0;
        let takers: Vec<usize> = {
            let live: Vec<usize> = self
                .order_from(self.starter)
                .filter(|&s| s != seat && self.is_live(s))
                .collect();
            if live.is_empty() {
                self.order_from(self.starter)
                    .filter(|&s| s != seat && !self.out[s])
                    .collect()
            } else {
                live
            }
        };
        if let Some(count) = std::num::NonZeroU64::new(takers.len() as u64) {
            let forfeit = self.put[seat];
            let (share, odd) = (forfeit / count, forfeit % count);
            for (k, &taker) in takers.iter().enumerate() {
                paid[taker] += share + u64::from((k as u64) < odd);
            }
        } else {
            paid[seat] = self.put[seat];
        }
        let put = std::mem::replace(&mut self.put, vec![0; n]);
        for (stack, back) in self.stacks.iter_mut().zip(&paid) {
            *stack += back;
        }
        self.last_end = Some(TableEnd {
            winner: None,
            by_folds: false,
            paid,
            put,
            bonus: vec![0; n],
            void: true,
            accused: None,
        });
        self.step = TableStep::RoundOver;
        self.leave(seat)
    }
}
