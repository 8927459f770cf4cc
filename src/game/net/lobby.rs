//! ネット対戦, the lobby: H hosts a duel, 3 and 4 a table of three or four
//! (the addresses, the join code to read out and the seats taken are shown), J opens three fields, the host's address, the code and a
//! transit relay, typed and sent with Enter; R opens the relay's field. With
//! a relay filled in, H waits on it and Enter joins through it (no address
//! needed): neither side opens a port. Once the peer is there the table opens
//! ([`super::remote`]). While a field takes typing, the keys go to it and
//! nowhere else (typing "l" does not switch the language).

use bevy::input::InputSystems;
use bevy::input::keyboard::{Key as Typed, KeyboardInput};
use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::lang::{Key, Lang, tr, trf};
use crate::net::seat::NetStart;

use crate::game::core::navigation::back_button;
use crate::game::core::wake::WakeUp;
use crate::game::theme::{
    BODY_SIZE, BUTTON, GOLD, OnClick, PANEL, TEXT, TITLE_SIZE, menu_root, panel_fill,
};
use crate::game::theme::{EDGE, TAG_PADDING};
use crate::game::{AppSystems, Launch, Screen};

pub use super::lobby_moves::{DEFAULT_PORT, JoinForm};
use super::lobby_moves::{LobbyMove, lobby_buttons};
use super::remote::{Link, Remote};

/// Starts hosting.
pub const HOST_KEY: KeyCode = KeyCode::KeyH;
/// Opens the fields to join.
pub const JOIN_KEY: KeyCode = KeyCode::KeyJ;
/// Opens the relay's field.
pub const RELAY_KEY: KeyCode = KeyCode::KeyR;
/// Host a table of three or four (the host's seat included).
pub const TABLE_KEYS: [(KeyCode, usize); 2] = [(KeyCode::Digit3, 3), (KeyCode::Digit4, 4)];
/// The fields, in Tab's order.
const FIELDS: usize = 3;
/// The relay's field.
const RELAY_FIELD: usize = 2;
/// Longest text a field takes.
const FIELD_MAX: usize = 64;

/// A network match asked for and not started yet: the command line's
/// `host` or `join`, or a table hosted from the seating screen. The lobby
/// takes it as it opens (the one mailbox between screens for it; the
/// [`Launch`] itself stays as it was built).
#[derive(Resource, Debug, Default, Clone)]
pub struct NetAsked(pub Option<NetStart>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>();
    app.add_systems(Startup, |launch: Res<Launch>, mut commands: Commands| {
        commands.insert_resource(NetAsked(launch.net.clone()));
    });
    app.add_systems(OnEnter(Screen::Lobby), open_lobby);
    app.add_systems(
        PreUpdate,
        type_into_fields
            .after(InputSystems)
            .run_if(in_state(Screen::Lobby)),
    );
    app.add_systems(
        Update,
        read_lobby_keys
            .run_if(in_state(Screen::Lobby))
            .in_set(AppSystems::Input),
    );
    // The lobby's look.
    app.add_systems(OnEnter(Screen::Lobby), spawn_lobby);
    app.add_systems(
        Update,
        show_lobby
            .run_if(in_state(Screen::Lobby))
            // What the fields hold, where the link stands, the language.
            .run_if(
                resource_changed::<JoinForm>
                    .or_else(resource_exists_and_changed::<Remote>)
                    .or_else(resource_removed::<Remote>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(any_match_filter::<Added<LobbyText>>),
            )
            .in_set(AppSystems::Present),
    );
}

/// A match asked for ([`NetAsked`]) starts at once.
fn open_lobby(
    mut commands: Commands,
    mut asked: ResMut<NetAsked>,
    remote: Option<Res<Remote>>,
    wake: Res<WakeUp>,
) {
    if let Some(how) = asked.0.take()
        && remote.is_none()
    {
        commands.insert_resource(Remote::start(how, wake.handle()));
    }
}

/// While a field takes typing: characters, Backspace, Tab, Enter (join) and
/// Esc (stop typing); then the keys are cleared so no other system acts on them.
fn type_into_fields(
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut form: ResMut<JoinForm>,
    mut commands: Commands,
) {
    let Some(field) = form.field else {
        typed.clear();
        return;
    };
    let mut at = field;
    let mut join = false;
    for key in typed.read() {
        if !key.state.is_pressed() {
            continue;
        }
        match &key.logical_key {
            Typed::Backspace => {
                form.text_mut(at).pop();
            }
            Typed::Tab => at = (at + 1) % FIELDS,
            Typed::Enter => join = true,
            Typed::Escape => {
                form.field = None;
                keys.clear();
                return;
            }
            _ => {
                if let Some(text) = &key.text {
                    let field_text = form.text_mut(at);
                    for c in text.chars().filter(|c| !c.is_control()) {
                        if field_text.len() < FIELD_MAX {
                            field_text.push(c);
                        }
                    }
                }
            }
        }
    }
    form.field = Some(at);
    keys.clear();
    if join {
        commands.trigger(LobbyMove::Join);
    }
}

/// H hosts a duel and 3 or 4 a table (on the relay, if one is filled in),
/// J opens the fields, R the relay's (a match already being set up is let
/// go first).
fn read_lobby_keys(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let seats = [(HOST_KEY, 2)]
        .into_iter()
        .chain(TABLE_KEYS)
        .find(|(key, _)| keys.just_pressed(*key));
    if let Some((_, seats)) = seats {
        commands.trigger(LobbyMove::Host(seats));
    }
    for (key, field) in [(JOIN_KEY, 0), (RELAY_KEY, RELAY_FIELD)] {
        if keys.just_pressed(key) {
            commands.trigger(LobbyMove::Type(field));
        }
    }
}

/// The lobby's texts.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyText {
    /// The host's address field.
    Address,
    /// The join code's field.
    Code,
    /// The relay's field.
    Relay,
    /// Where the link stands.
    Status,
}

/// What the lobby says of the link.
pub fn status_text(link: Option<&Link>, lang: Lang) -> String {
    match link {
        None => String::new(),
        // Through a relay: the code and the relay are all a friend needs.
        Some(Link::Waiting {
            relay: Some(relay),
            code,
            ..
        }) => trf(lang, Key::NetHostingRelay, &[relay, code]),
        // The addresses the system routes outward, or, with none found, the port alone.
        Some(Link::Waiting {
            port,
            addresses,
            code,
            ..
        }) if !addresses.is_empty() => trf(
            lang,
            Key::NetHostingAt,
            &[port, &addresses.join(" / "), code],
        ),
        Some(Link::Waiting { port, code, .. }) => trf(lang, Key::NetHosting, &[port, port, code]),
        Some(Link::Joining(address)) => trf(lang, Key::NetJoining, &[address]),
        Some(Link::Connected) => String::new(),
        Some(Link::Ended(ending)) => ending.words(lang),
    }
}

/// What the lobby says of the link and, hosting a table, of its seats.
fn status_of(remote: Option<&Remote>, lang: Lang) -> String {
    let Some(remote) = remote else {
        return String::new();
    };
    let status = status_text(Some(&remote.link), lang);
    match remote.seated {
        // A duel's one guest is said by the link itself.
        Some((taken, seats))
            if seats > crate::rules::duel::DUEL_SEATS
                && matches!(remote.link, Link::Waiting { .. }) =>
        {
            format!("{status}\n{}", trf(lang, Key::NetSeated, &[&seats, &taken]))
        }
        _ => status,
    }
}

fn spawn_lobby(mut commands: Commands, lang: Res<Lang>) {
    let lang = *lang;
    let line = |role: LobbyText, size: f32, color: Color| {
        (
            role,
            Text::default(),
            TextFont::from_font_size(size),
            TextColor(color),
            Node {
                max_width: Val::Percent(90.0),
                padding: TAG_PADDING,
                ..default()
            },
            panel_fill(),
        )
    };
    // A click on a field types into it.
    let field = |role: LobbyText, at: usize| {
        (
            line(role, BODY_SIZE, TEXT),
            Button,
            OnClick::trigger(LobbyMove::Type(at)),
        )
    };
    commands.spawn((
        Name::new("Lobby"),
        DespawnOnExit(Screen::Lobby),
        menu_root(EDGE),
        children![
            (
                Text::new(tr(lang, Key::NetTitle)),
                TextFont::from_font_size(TITLE_SIZE),
                TextColor(GOLD),
                Pickable::IGNORE,
            ),
            (
                Text::new(tr(lang, Key::NetHelp)),
                TextFont::from_font_size(BODY_SIZE),
                TextColor(TEXT),
                Node {
                    max_width: Val::Percent(90.0),
                    ..default()
                },
                Pickable::IGNORE,
            ),
            field(LobbyText::Address, 0),
            field(LobbyText::Code, 1),
            field(LobbyText::Relay, RELAY_FIELD),
            (line(LobbyText::Status, BODY_SIZE, GOLD), Pickable::IGNORE),
            lobby_buttons(),
            back_button(),
        ],
    ));
}

fn show_lobby(
    form: Res<JoinForm>,
    remote: Option<Res<Remote>>,
    lang: Res<Lang>,
    mut texts: Query<(&LobbyText, &mut Text, &mut BackgroundColor, &mut Node)>,
) {
    let lang = *lang;
    // While hosting, the fields for joining are put away: the status line
    // says all a friend needs.
    let hosting = remote
        .as_deref()
        .is_some_and(|r| matches!(r.link, Link::Waiting { .. }));
    // The field that takes typing shows a caret and stands out.
    let field = |i: usize, text: &str| {
        let caret = if form.field == Some(i) { "_" } else { "" };
        format!("{text}{caret}")
    };
    for (role, mut text, mut back, mut node) in &mut texts {
        let shown = *role == LobbyText::Status || !hosting;
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let (value, lit) = match role {
            LobbyText::Address => (
                trf(lang, Key::NetAddress, &[&field(0, &form.address)]),
                form.field == Some(0),
            ),
            LobbyText::Code => (
                trf(lang, Key::NetCode, &[&field(1, &form.code)]),
                form.field == Some(1),
            ),
            LobbyText::Relay => (
                trf(lang, Key::NetRelay, &[&field(RELAY_FIELD, &form.relay)]),
                form.field == Some(RELAY_FIELD),
            ),
            LobbyText::Status => (status_of(remote.as_deref(), lang), false),
        };
        show(&mut text, &value);
        let want = if lit { BUTTON } else { PANEL };
        if back.0 != want {
            back.0 = want;
        }
    }
}
