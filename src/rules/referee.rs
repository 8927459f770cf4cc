//! One referee's face for both formats. A duel (`Duel`: two seats, one
//! betting turn, sequential rerolls, a draw replayed, badges) and a table
//! (`TableMatch`: two to four seats, a betting round per stage, side pots,
//! splits) keep their own rules, and answer the same questions and take
//! the same moves by seat number through [`Referee`]: what judges a move
//! (`protocol::judge`) and what plays a match of minds (`minds::play_out`)
//! are written once over it, and a refusal is one type, [`Illegal`].

use crate::rules::hand::Roll;
pub use crate::rules::turn::Illegal;
use crate::rules::turn::{BetAction, SeatId, Turn};

/// A match's referee, seen by seat number: its seats, the turn it waits
/// for, what each seat shows, and the moves it judges. Each format keeps
/// its own rules behind it; a move it does not allow now is refused and
/// changes nothing.
pub trait Referee {
    /// Seats at the match.
    fn seats(&self) -> usize;
    /// What the match waits for.
    fn turn(&self) -> Turn;
    /// `seat`'s dice this round, once thrown.
    fn roll(&self, seat: SeatId) -> Option<Roll>;
    /// `seat`'s rerolls left this round.
    fn rerolls_left(&self, seat: SeatId) -> u32;
    /// Rounds `seat` has won.
    fn score(&self, seat: SeatId) -> u32;
    /// Coins in the pot.
    fn pot(&self) -> u64;
    /// The ante each seat lays to begin a round.
    fn ante(&self) -> u64;
    /// Each seat's share of the pot the last decided round paid out, in
    /// any one unit (a duel's winner takes it all); none at all before a
    /// round is decided and when a draw leaves the pot on the table.
    fn last_shares(&self) -> Vec<u64>;
    /// The bets `seat` may make now (none unless it is its turn to bet).
    fn legal_bets(&self, seat: SeatId) -> Vec<BetAction>;
    /// What `seat` must put in to stay in the betting.
    fn to_call(&self, seat: SeatId) -> u64;
    /// `seat` throws its five dice.
    fn throw(&mut self, seat: SeatId) -> Result<(), Illegal>;
    /// `seat` rerolls the dice it does not keep.
    fn reroll(&mut self, seat: SeatId) -> Result<(), Illegal>;
    /// `seat` keeps its hand.
    fn stand(&mut self, seat: SeatId) -> Result<(), Illegal>;
    /// `seat`'s dice came to rest showing `roll`.
    fn rolled(&mut self, seat: SeatId, roll: Roll) -> Result<(), Illegal>;
    /// `seat` bets.
    fn bet(&mut self, seat: SeatId, action: BetAction) -> Result<(), Illegal>;
    /// `seat` lays the next round (who may is the format's rule).
    fn next_round_by(&mut self, seat: SeatId) -> Result<(), Illegal>;
    /// `seat` stands with its badge changing the die in `slot` to `to`
    /// (a duel's badges; a table's referee has none).
    fn change(&mut self, seat: SeatId, slot: usize, to: u8) -> Result<(), Illegal>;
}
