//! What the lobby does, whichever way it is asked: a key (H, 3, 4, J, R,
//! Enter in a field) and a click (the buttons under the fields, a field
//! itself) are the same [`LobbyMove`] on the lobby's fields ([`JoinForm`]),
//! so a player with a mouse hosts, opens a field and joins as one with the
//! keys does.

use bevy::prelude::*;

use crate::game::core::wake::WakeUp;
use crate::game::theme::{BODY_SIZE, BUTTON, CONFIRM, OnClick, labelled_button};
use crate::lang::Key;
use crate::net::seat::{NetStart, WINDOW_MATCHES};

use super::remote::Remote;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;
/// Room between the lobby's buttons.
const GAP: Val = Val::Px(10.0);

/// The lobby's three fields and which one takes typing (`None`: not typing).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct JoinForm {
    /// The host's `HOST:PORT`.
    pub address: String,
    /// The join code.
    pub code: String,
    /// A transit relay's `HOST:PORT` (empty: connect directly).
    pub relay: String,
    /// 0: the address, 1: the code, 2: the relay; `None` while not typing.
    pub field: Option<usize>,
}

impl JoinForm {
    /// The text of field `at`.
    pub(super) fn text_mut(&mut self, at: usize) -> &mut String {
        match at {
            0 => &mut self.address,
            1 => &mut self.code,
            _ => &mut self.relay,
        }
    }

    /// The relay, if one is filled in.
    pub fn relay(&self) -> Option<String> {
        let relay = self.relay.trim();
        (!relay.is_empty()).then(|| relay.to_owned())
    }

    /// How Enter joins: through the relay when one is filled in (the
    /// address is not needed), else to the address; `None` while a field it
    /// needs is empty.
    pub fn join(&self) -> Option<NetStart> {
        let code = self.code.trim().to_owned();
        let (address, relayed) = match self.relay() {
            Some(relay) => (relay, true),
            None => (self.address.trim().to_owned(), false),
        };
        (!address.is_empty() && !code.is_empty()).then_some(NetStart::Join {
            address,
            code,
            relayed,
        })
    }
}

/// Something the lobby is asked to do.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyMove {
    /// Host a match of this many seats (2: a duel), on the relay if one is
    /// filled in; a match being set up is let go first.
    Host(usize),
    /// Type into field `0` (the address), `1` (the code) or `2` (the relay).
    Type(usize),
    /// Join with what the fields hold (or, while no field takes typing,
    /// open the first).
    Join,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(do_move);
}

fn do_move(
    done: On<LobbyMove>,
    mut form: ResMut<JoinForm>,
    wake: Res<WakeUp>,
    mut commands: Commands,
) {
    match *done {
        LobbyMove::Host(seats) => {
            commands.insert_resource(Remote::start(
                NetStart::Host {
                    port: DEFAULT_PORT,
                    code: None,
                    matches: WINDOW_MATCHES,
                    seats,
                    computers: Vec::new(),
                    relay: form.relay(),
                },
                wake.handle(),
            ));
        }
        LobbyMove::Type(field) => {
            commands.remove_resource::<Remote>();
            form.field = Some(field);
        }
        LobbyMove::Join if form.field.is_none() => {
            commands.remove_resource::<Remote>();
            form.field = Some(0);
        }
        LobbyMove::Join => {
            if let Some(how) = form.join() {
                form.field = None;
                commands.insert_resource(Remote::start(how, wake.handle()));
            }
        }
    }
}

/// The row of the lobby's buttons: host a duel, a table of three or four,
/// join.
pub fn lobby_buttons() -> impl Bundle {
    let button = |color: Color, key: Key, does: LobbyMove| {
        (
            Name::new(format!("Lobby: {does:?}")),
            OnClick::trigger(does),
            labelled_button(color, key, BODY_SIZE),
        )
    };
    (
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            column_gap: GAP,
            row_gap: GAP,
            max_width: Val::Percent(90.0),
            ..default()
        },
        Pickable::IGNORE,
        children![
            button(BUTTON, Key::NetHostDuel, LobbyMove::Host(2)),
            button(BUTTON, Key::NetHostThree, LobbyMove::Host(3)),
            button(BUTTON, Key::NetHostFour, LobbyMove::Host(4)),
            button(CONFIRM, Key::NetJoinButton, LobbyMove::Join),
        ],
    )
}
