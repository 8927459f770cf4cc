//! Friends at other machines: the lobby that hosts or joins a duel or a
//! table of up to four, the remote seat that replays the peer's moves and
//! dealt dice on a duel's table, and its counterpart at a table of machines
//! ([`party`]), each as the same events any seat sends; when a move from
//! another machine is answered and how it flies is one ([`replay`]).

pub mod link;
pub mod lobby;
pub mod lobby_moves;
pub mod party;
pub mod remote;
pub mod replay;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        lobby::plugin,
        lobby_moves::plugin,
        remote::plugin,
        party::plugin,
    ));
}
