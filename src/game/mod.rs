//! The game: throw, hold, reroll, judge, with coins and a HUD.
//!
//! [`plugin`] is the game's logic and runs headless (the tests use it);
//! [`windowed_plugin`] adds what a player sees and touches.

pub mod auto;
pub mod coins;
pub mod flow;
pub mod hint;
pub mod holds;
pub mod hud;
pub mod scene;

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::{Hand, PayoutTable, Roll};

pub use flow::{Advance, Confirm, GameTray};
pub use holds::ToggleHold;

/// Rerolls per game unless `--rerolls` says otherwise (three throws in all).
pub const DEFAULT_REROLLS: u32 = 2;

/// The phase of a game.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// Waiting for the first throw.
    #[default]
    Ready,
    /// Dice are moving; input is ignored.
    Rolling,
    /// The hand is shown; the player picks holds and rerolls or confirms.
    Holding,
    /// The hand is fixed and paid.
    Result,
}

/// How this game is set up.
#[derive(Resource, Debug, Clone)]
pub struct GameConfig {
    /// Rerolls allowed per game.
    pub rerolls: u32,
    /// The stake and what each hand pays.
    pub payouts: PayoutTable,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            rerolls: DEFAULT_REROLLS,
            payouts: PayoutTable::default(),
        }
    }
}

/// The state of the game being played.
#[derive(Resource, Debug, Clone, Default)]
pub struct Round {
    /// Rerolls still allowed in this game.
    pub rerolls_left: u32,
    /// Faces of the last settled throw, in slot order.
    pub faces: Option<Roll>,
    /// The hand those faces make.
    pub hand: Option<Hand>,
    /// Which slots are held.
    pub held: [bool; 5],
    /// Coins paid for the finished game.
    pub payout: Option<u64>,
}

impl Round {
    /// True when every die is held, so there is nothing to reroll.
    pub fn all_held(&self) -> bool {
        self.held.iter().all(|&h| h)
    }
}

/// Options for the windowed game.
#[derive(Debug, Clone, Default)]
pub struct GameOptions {
    /// Seed for the throws (entropy when `None`).
    pub seed: Option<u64>,
    /// Rerolls per game.
    pub rerolls: u32,
    /// Where the balance is saved (`None`: the user's data directory).
    pub data_dir: Option<PathBuf>,
    /// Throw by itself.
    pub auto: bool,
    /// Save a screenshot here once the first result shows, then exit.
    pub screenshot: Option<PathBuf>,
}

/// The game's logic: states, throws, holds, coins. Runs without a window.
pub fn plugin(app: &mut App) {
    app.init_state::<Phase>()
        .init_resource::<GameConfig>()
        .init_resource::<Round>();
    app.add_plugins((flow::plugin, holds::plugin, coins::plugin, hint::plugin));
}

/// What a player sees and touches: scene, HUD, picking, the automatic mode.
pub fn windowed_plugin(app: &mut App) {
    app.add_plugins((scene::plugin, hud::plugin, auto::plugin));
}
