//! Physical dice: the tray, the throw, waiting for rest, reading the top
//! faces, and holding: the only module that touches the dice's bodies.
//!
//! Everything here runs headless (the simulator and the tests use it without a
//! window); how the dice look is added separately by [`look`].

pub mod assembly;
pub mod body;
pub mod debug;
pub mod faces;
pub mod hold;
pub mod kinds;
pub mod look;
pub mod settle;
mod still;
mod style;
pub mod surfaces;
pub mod throw;
pub mod tray;

use bevy::prelude::*;

pub use assembly::Assembled;
pub use hold::{
    Held, TrayDice, clear_held, held_in, holds_changed, line_up, place_showing, show_face,
    toggle_held,
};
pub use settle::{CallOffThrow, Dealt, DiceSettled, WaitsForDeal};
pub use throw::{DiceSeed, Rolling, ThrowDice, derived_seed};
pub use tray::{Die, ThrowStats, ThrowStream, Tray, spawn_table, spawn_table_with, throw_rng};

/// Adds physical dice: trays, throws and settling. Needs the physics plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        assembly::plugin,
        tray::plugin,
        throw::plugin,
        kinds::plugin,
        settle::plugin,
        still::plugin,
    ));
}
