//! Physical dice: the tray, the throw, waiting for rest, and reading the top faces.
//!
//! Everything here runs headless (the simulator and the tests use it without a
//! window); how the dice look is added separately by [`look`].

pub mod debug;
pub mod faces;
pub mod look;
pub mod settle;
pub mod throw;
pub mod tray;

use bevy::prelude::*;

pub use settle::{DiceSettled, ThrowStats};
pub use throw::{DiceSeed, ThrowDice};
pub use tray::{Die, Tray, spawn_table, spawn_table_with};

/// Adds physical dice: trays, throws and settling. Needs the physics plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins((tray::plugin, throw::plugin, settle::plugin));
}
