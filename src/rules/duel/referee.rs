//! The duel's referee behind the one face ([`Referee`]): its sides as
//! seats 0 (near) and 1 (far), any other seat refused.

use super::{BetAction, Duel, Side};
use crate::rules::hand::Roll;
use crate::rules::referee::{Illegal, Referee};
use crate::rules::turn::{SeatId, Turn};

impl Duel {
    /// `seat`'s side, or a refusal of `tried` for a seat a duel has not.
    fn side(&self, seat: SeatId, tried: &'static str) -> Result<Side, Illegal> {
        Side::of_seat(seat).ok_or(Illegal {
            step: self.step().seated(),
            seat,
            tried,
        })
    }
}

impl Referee for Duel {
    fn seats(&self) -> usize {
        crate::rules::duel::DUEL_SEATS
    }
    fn turn(&self) -> Turn {
        self.step().seated()
    }
    fn roll(&self, seat: SeatId) -> Option<Roll> {
        Side::of_seat(seat).and_then(|side| Duel::roll(self, side))
    }
    fn rerolls_left(&self, seat: SeatId) -> u32 {
        Side::of_seat(seat).map_or(0, |side| Duel::rerolls_left(self, side))
    }
    fn score(&self, seat: SeatId) -> u32 {
        Side::of_seat(seat).map_or(0, |side| Duel::score(self, side))
    }
    fn pot(&self) -> u64 {
        Duel::pot(self)
    }
    fn ante(&self) -> u64 {
        self.rules().ante
    }
    fn last_shares(&self) -> Vec<u64> {
        let winner = self.last_end().and_then(|end| end.winner());
        [Side::Near, Side::Far]
            .map(|side| u64::from(winner == Some(side)))
            .to_vec()
    }
    fn legal_bets(&self, seat: SeatId) -> Vec<BetAction> {
        Side::of_seat(seat).map_or_else(Vec::new, |side| Duel::legal_bets(self, side))
    }
    fn to_call(&self, seat: SeatId) -> u64 {
        Side::of_seat(seat).map_or(0, |side| Duel::to_call(self, side))
    }
    fn throw(&mut self, seat: SeatId) -> Result<(), Illegal> {
        let side = self.side(seat, "throw")?;
        Duel::throw(self, side).map_err(Illegal::seated)
    }
    fn reroll(&mut self, seat: SeatId) -> Result<(), Illegal> {
        let side = self.side(seat, "reroll")?;
        Duel::reroll(self, side).map_err(Illegal::seated)
    }
    fn stand(&mut self, seat: SeatId) -> Result<(), Illegal> {
        let side = self.side(seat, "stand")?;
        Duel::stand(self, side).map_err(Illegal::seated)
    }
    fn rolled(&mut self, seat: SeatId, roll: Roll) -> Result<(), Illegal> {
        let side = self.side(seat, "report a roll")?;
        Duel::rolled(self, side, roll).map_err(Illegal::seated)
    }
    fn bet(&mut self, seat: SeatId, action: BetAction) -> Result<(), Illegal> {
        let side = self.side(seat, "make that bet")?;
        Duel::bet(self, side, action).map_err(Illegal::seated)
    }
    /// Either side of a duel may lay the next round.
    fn next_round_by(&mut self, seat: SeatId) -> Result<(), Illegal> {
        self.side(seat, "start a round")?;
        Duel::next_round(self).map_err(Illegal::seated)
    }
    fn change(&mut self, seat: SeatId, slot: usize, to: u8) -> Result<(), Illegal> {
        let side = self.side(seat, "change a die")?;
        Duel::change(self, side, slot, to).map_err(Illegal::seated)
    }
}
