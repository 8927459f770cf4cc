//! A seat that leaves the table for good (a network guest gone): it folds
//! what it has put in this round, sits out every round after, and the table
//! plays on; the last seat left takes the match.

use super::{Illegal, TableMatch, TableStep};

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
}
