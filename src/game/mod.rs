//! The game: rooms by feature, each one plugin, each importing only the rooms
//! listed before it:
//!
//! - [`profile`]: what is kept between runs (wallet, game under way, settings);
//! - [`core`]: screens and phases as states, the `Update` sets, the round,
//!   the choice of what to play, the notice, what opens at start;
//! - [`theme`]: palette, widgets, menu cursors, the HUD's scale;
//! - [`table`]: the moves every seat sends, seats, holds, keys, buttons, speed;
//! - [`journal`]: the history's page being written, and its writer;
//! - [`solo`], [`duel`]: the two games (their flows, HUDs, records, resumes);
//! - [`party`]: a table of two to four seats, betting around it;
//! - [`career`]: the ladder; [`net`]: the lobby and the remote seat;
//! - [`screens`]: start, records, settings, keys;
//! - [`menus`]: the settings and the rules over a game;
//! - [`feedback`]: hold labels, sound cues, the screen reader's live region;
//! - [`presentation`]: what needs a renderer (scene, venue, glow, flick, screenshot).
//!
//! [`plugin`] is every room but the last and runs headless (the tests and
//! autoplay use it); [`windowed_plugin`] adds [`presentation`].

pub mod career;
pub mod core;
#[cfg(feature = "dev")]
pub mod dev;
pub mod duel;
pub mod feedback;
pub mod journal;
pub mod menus;
pub mod net;
pub mod party;
pub mod presentation;
pub mod profile;
pub mod screens;
pub mod solo;
pub mod table;
pub mod theme;

use bevy::prelude::*;

pub use self::core::{
    AppSystems, AtTable, Choice, Choose, Chosen, DEFAULT_REROLLS, GameConfig, GameTray, Launch,
    Notice, Overlay, Phase, Played, Round, Screen, SoloMode, phase_for_input,
};
pub use table::{Advance, Confirm, ToggleHold};

/// Puts what a run was started with where the rooms read it: the launch
/// itself, the dice's seed, the rules' rerolls, where the save lives and who
/// plays the player's seat. The window and the headless apps both start
/// this way, from the one [`Launch`].
pub fn launch(app: &mut App, launch: Launch) {
    app.insert_resource(crate::dice::DiceSeed::new(launch.seed))
        .insert_resource(GameConfig::with_rerolls(launch.rerolls))
        .insert_resource(profile::SaveFile(
            launch.data_dir.as_ref().map(|d| d.join(profile::SAVE_FILE)),
        ))
        .insert_resource(table::PlayerAutopilot(launch.auto))
        .insert_resource(launch);
}

/// The game's logic and its screens: everything but the renderer. Runs without a window.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        crate::keymap::controls::plugin,
        profile::plugin,
        self::core::plugin,
        theme::plugin,
        table::plugin,
        journal::plugin,
        solo::plugin,
        duel::plugin,
        party::plugin,
        career::plugin,
        net::plugin,
        screens::plugin,
        menus::plugin,
        feedback::plugin,
    ));
    #[cfg(feature = "dev")]
    app.add_plugins(dev::plugin);
}

/// What only a window shows: the scene, the venues, the glow, the flick, the screenshot.
pub fn windowed_plugin(app: &mut App) {
    app.add_plugins(presentation::plugin);
}
