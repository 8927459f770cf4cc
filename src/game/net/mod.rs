//! A friend at another machine: the lobby that hosts or joins a match, and
//! the remote seat that replays the peer's moves and dealt dice on the table
//! as the same events any seat sends.

pub mod lobby;
pub mod remote;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((lobby::plugin, remote::plugin));
}
