//! The dice-poker rules in plain Rust: hands, tie-breaks, odds, payouts, the hold
//! advisor, the duel and the table (their referees, engines and minds), the
//! ladder, the daily challenge, luck and skill, the kinds of dice, and the
//! network protocol with its checks.
//!
//! Nothing here knows about Bevy, so the CLI, the game and the tests share it.

pub mod advisor;
pub mod career;
pub mod daily;
pub mod deal;
pub mod duel;
pub mod evidence;
pub mod hand;
pub mod induction;
pub mod kinds;
pub mod luck;
pub mod minds;
pub mod netplay;
pub mod odds;
pub mod payout;
pub mod per_die;
pub mod protocol;
pub mod ratio;
pub mod referee;
pub mod table;
pub mod transcript;
pub mod turn;
pub mod unsound;

#[cfg(test)]
mod tests;

pub use advisor::{HoldChoice, Strategy};
pub use hand::{Hand, HandKey, HandType, Roll, RollError, evaluate, evaluate_roll};
pub use odds::{Distribution, HoldError, distribution, hold_counts};
pub use payout::PayoutTable;
pub use ratio::Ratio;
