//! A betting round around the table: from the round's starter, each seat
//! that can still bet checks or bets when nothing is owed, and calls, raises
//! or folds when something is; a raise reopens the round for everyone
//! else; it ends when every seat that can bet has acted and owes nothing.
//! A call a seat cannot cover puts in all it has (all in).

use serde::{Deserialize, Serialize};

use super::{Illegal, TableEnd, TableMatch, TableStep};
use crate::rules::duel::BetAction;

/// Where a betting round stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Betting {
    /// Which seats have acted since the last raise.
    pub(super) acted: Vec<bool>,
    /// Raises so far in this betting round.
    pub(super) raises: u32,
}

impl TableMatch {
    /// A live seat with coins to bet.
    fn can_bet(&self, seat: usize) -> bool {
        self.is_live(seat) && self.stacks[seat] > 0
    }

    /// What `seat` must add to stay in: the most anyone has put in this
    /// round, less its own (more than it has: calling puts it all in).
    pub fn to_call(&self, seat: usize) -> u64 {
        let most = self.put.iter().copied().max().unwrap_or(0);
        most - self.put[seat]
    }

    /// Raises still allowed in this betting round.
    pub fn raises_left(&self) -> u32 {
        self.rules.raises.saturating_sub(self.betting.raises)
    }

    /// The bets `seat` may make now (none when it is not its turn to bet).
    pub fn legal_bets(&self, seat: usize) -> Vec<BetAction> {
        if self.step != TableStep::Bet(seat) {
            return Vec::new();
        }
        let owed = self.to_call(seat);
        let can_raise = self.raises_left() > 0 && self.stacks[seat] >= owed + self.rules.step;
        let mut bets = vec![if owed == 0 {
            BetAction::Check
        } else {
            BetAction::Call
        }];
        if can_raise {
            bets.push(BetAction::Raise);
        }
        if owed > 0 {
            bets.push(BetAction::Fold);
        }
        bets
    }

    /// Opens the betting round after a stage of throws, or passes it by when
    /// fewer than two seats could bet.
    pub(super) fn start_betting(&mut self) {
        let first = self.order_from(self.starter).find(|&s| self.can_bet(s));
        let bettors = (0..self.seats()).filter(|&s| self.can_bet(s)).count();
        match first {
            Some(first) if bettors > 1 => {
                self.betting = Betting {
                    acted: vec![false; self.seats()],
                    raises: 0,
                };
                self.step = TableStep::Bet(first);
            }
            _ => self.after_betting(),
        }
    }

    /// A betting move by `seat`.
    pub fn bet(&mut self, seat: usize, action: BetAction) -> Result<(), Illegal> {
        if !self.legal_bets(seat).contains(&action) {
            return Err(self.illegal(seat, "make that bet"));
        }
        let owed = self.to_call(seat);
        match action {
            BetAction::Fold => {
                if self.fold_seat(seat) {
                    return Ok(());
                }
            }
            BetAction::Check => {}
            BetAction::Call => self.pay_in(seat, owed.min(self.stacks[seat])),
            BetAction::Raise => {
                self.pay_in(seat, owed + self.rules.step);
                self.betting.raises += 1;
                self.betting.acted.fill(false);
            }
        }
        self.pass_bet(seat);
        Ok(())
    }

    /// `seat` folds: true when that leaves one live seat, which takes the pot.
    pub(super) fn fold_seat(&mut self, seat: usize) -> bool {
        self.folded[seat] = true;
        let mut live = (0..self.seats()).filter(|&s| self.is_live(s));
        if let (Some(last), None) = (live.next(), live.next()) {
            self.end_by_folds(last);
            return true;
        }
        false
    }

    /// `seat` has acted: the next seat that owes a bet, or the end of the
    /// betting round.
    pub(super) fn pass_bet(&mut self, seat: usize) {
        self.betting.acted[seat] = true;
        let next = self
            .after(seat)
            .find(|&s| self.can_bet(s) && (!self.betting.acted[s] || self.to_call(s) > 0));
        match next {
            Some(next) => self.step = TableStep::Bet(next),
            None => self.after_betting(),
        }
    }

    /// Everyone else folded: the last seat takes every coin put in, unseen.
    fn end_by_folds(&mut self, last: usize) {
        let mut paid = vec![0; self.seats()];
        paid[last] = self.pot();
        self.end_round(TableEnd {
            winner: Some(last),
            by_folds: true,
            paid,
            put: Vec::new(),
            bonus: Vec::new(),
            void: false,
            accused: None,
        });
    }
}
