//! The table, whoever plays at it: the moves every seat sends, the seats and
//! the pilot that sends a computer's moves, the turn of the match under way, the dice's numbers, holding dice by click or key,
//! the play keys, the main buttons, and the game's speed.

pub mod buttons;
pub mod cheat;
pub mod coins;
pub mod format;
pub mod holds;
pub mod keys;
pub mod moves;
pub mod numbers;
pub mod pot;
pub mod refereed;
pub mod seat;
pub mod speed;
pub mod turn;

use bevy::prelude::*;

use super::AppSystems;

pub use format::{MindRng, plays_at};
pub use moves::{
    Accuse, Advance, Asker, Bet, Confirm, FIRST_SEAT, NextStep, SeatMove, ToggleHold, UseBadge,
};
pub use refereed::Refereed;
pub use seat::{Hands, Pace, PlayerAutopilot, Seat, Seats};
pub use turn::{MatchStep, Moved, Refused};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        cheat::plugin,
        coins::plugin,
        holds::plugin,
        keys::plugin,
        numbers::plugin,
        seat::plugin,
        speed::plugin,
        turn::plugin,
    ));
}
