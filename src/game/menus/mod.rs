//! What opens over a game and holds the table while it is open: the settings
//! (Esc), with the row that leaves the table, and the rules panel (F1 or ?).

pub mod pause;
pub mod rules;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((pause::plugin, rules::plugin));
}
