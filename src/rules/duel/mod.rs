//! Dice poker against an opponent: the exact engine, the table's rules and the
//! computer opponents. Plain Rust, no Bevy.

pub mod badge;
pub mod cheat;
pub mod crooked;
pub mod engine;
pub mod knowing;
pub mod opening;
pub mod opponent;
mod referee;
pub mod roster;
pub mod table;
pub mod tavern;
pub mod terms;
pub mod versus;

/// Seats at a duel: a match of two wherever it is laid (`host --seats 2`
/// hosts one, in the window and from the command line alike); three or
/// four seats make a table.
pub const DUEL_SEATS: usize = 2;

pub use badge::Badge;
pub use cheat::{Cheat, Sighting, Suspect};
pub use crooked::opening::CrookedOpening;
pub use crooked::trays::TrayBrains;
pub use crooked::{CrookedChoice, CrookedDuel};
pub use engine::{DuelChoice, DuelEngine, ENGINE_REROLLS, MAX_DUEL_REROLLS, RerollsOutOfRange};
pub use opening::Opening;
pub use opponent::{BetStyle, Brains, HoldStyle, Lines, Opponent, Words};
pub use roster::{CLASSIC, FRIEND, LONG_MATCH, OPPONENTS, PEER};
pub use table::Duel;
pub use terms::{
    BetAction, DEFAULT_DUEL_REROLLS, DuelRules, Illegal, ROUNDS_TO_WIN, RoundEnd, Side, Step,
};
pub use versus::{MatchResult, PairingReport, pairing, play_match};
