//! The screens between games: the start screen, the records, the settings,
//! the keys and who sits at a table of several. Each is built on entering it and rebuilt when the language
//! changes; keyboard and mouse alike.

pub mod keys;
pub mod records;
pub mod seating;
pub mod settings;
pub mod start;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        keys::plugin,
        records::plugin,
        seating::plugin,
        settings::plugin,
        start::plugin,
    ));
}
