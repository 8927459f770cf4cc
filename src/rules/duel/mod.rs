//! Dice poker against an opponent: the exact engine, the table's rules and the
//! computer opponents. Plain Rust, no Bevy.

pub mod engine;
pub mod opponent;
pub mod table;

pub use engine::{DuelChoice, DuelEngine, MAX_DUEL_REROLLS, RerollsOutOfRange};
pub use opponent::{Brains, Level, OPPONENTS, Opponent, play_match};
pub use table::{BetAction, DEFAULT_DUEL_REROLLS, Duel, DuelRules, Illegal, RoundEnd, Side, Step};
