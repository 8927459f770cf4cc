//! The table's referee behind the one face ([`Referee`]).

use super::TableMatch;
use crate::rules::duel::BetAction;
use crate::rules::hand::Roll;
use crate::rules::referee::{Illegal, Referee};
use crate::rules::turn::{SeatId, Turn};

impl Referee for TableMatch {
    fn seats(&self) -> usize {
        TableMatch::seats(self)
    }
    fn turn(&self) -> Turn {
        self.step()
    }
    fn roll(&self, seat: SeatId) -> Option<Roll> {
        TableMatch::roll(self, seat)
    }
    fn rerolls_left(&self, seat: SeatId) -> u32 {
        TableMatch::rerolls_left(self, seat)
    }
    fn score(&self, seat: SeatId) -> u32 {
        TableMatch::score(self, seat)
    }
    fn pot(&self) -> u64 {
        TableMatch::pot(self)
    }
    fn ante(&self) -> u64 {
        self.rules().ante
    }
    fn last_shares(&self) -> Vec<u64> {
        self.last_end()
            .map_or_else(|| vec![0; self.seats()], |end| end.paid.clone())
    }
    fn legal_bets(&self, seat: SeatId) -> Vec<BetAction> {
        TableMatch::legal_bets(self, seat)
    }
    fn to_call(&self, seat: SeatId) -> u64 {
        TableMatch::to_call(self, seat)
    }
    fn throw(&mut self, seat: SeatId) -> Result<(), Illegal> {
        TableMatch::throw(self, seat)
    }
    fn reroll(&mut self, seat: SeatId) -> Result<(), Illegal> {
        TableMatch::reroll(self, seat)
    }
    fn stand(&mut self, seat: SeatId) -> Result<(), Illegal> {
        TableMatch::stand(self, seat)
    }
    fn rolled(&mut self, seat: SeatId, roll: Roll) -> Result<(), Illegal> {
        TableMatch::rolled(self, seat, roll)
    }
    fn bet(&mut self, seat: SeatId, action: BetAction) -> Result<(), Illegal> {
        TableMatch::bet(self, seat, action)
    }
    /// The table's first seat (at a table of machines, the host) lays
    /// every next round.
    fn next_round_by(&mut self, seat: SeatId) -> Result<(), Illegal> {
        if seat != 0 {
            return Err(Illegal {
                step: self.step(),
                seat,
                tried: "start a round",
            });
        }
        TableMatch::next_round(self)
    }
    /// The house pays a table's badges beside the pots: no die changes.
    fn change(&mut self, seat: SeatId, _slot: usize, _to: u8) -> Result<(), Illegal> {
        Err(Illegal {
            step: self.step(),
            seat,
            tried: "change a die",
        })
    }
}
