//! ネット対戦, the lobby: H hosts (the port and the join code to read out
//! are shown), J opens two fields, the host's address and the code, typed
//! and sent with Enter. Once the peer is there the table opens
//! ([`super::remote`]). While a field takes typing, the keys go to it and
//! nowhere else (typing "l" does not switch the language).

use bevy::input::InputSystems;
use bevy::input::keyboard::{Key as Typed, KeyboardInput};
use bevy::prelude::*;

use crate::lang::{Key, Lang, tr, trf};
use crate::net::seat::{NetStart, WINDOW_MATCHES};

use crate::game::theme::{BODY_SIZE, BUTTON, GOLD, PANEL, TEXT, TITLE_SIZE, menu_root};
use crate::game::theme::{EDGE, TAG_PADDING};
use crate::game::{AppSystems, Launch, Screen};

use super::remote::{Link, Remote};

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;
/// Starts hosting.
pub const HOST_KEY: KeyCode = KeyCode::KeyH;
/// Opens the fields to join.
pub const JOIN_KEY: KeyCode = KeyCode::KeyJ;
/// Longest text a field takes.
const FIELD_MAX: usize = 64;

/// The lobby's two fields and which one takes typing (`None`: not typing).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct JoinForm {
    /// The host's `HOST:PORT`.
    pub address: String,
    /// The join code.
    pub code: String,
    /// 0: the address, 1: the code; `None` while not typing.
    pub field: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>();
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

/// A command line's `host` or `join` starts at once.
fn open_lobby(mut commands: Commands, mut config: ResMut<Launch>, remote: Option<Res<Remote>>) {
    if let Some(how) = config.net.take()
        && remote.is_none()
    {
        commands.insert_resource(Remote::start(how));
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
                let text = if at == 0 {
                    &mut form.address
                } else {
                    &mut form.code
                };
                text.pop();
            }
            Typed::Tab => at = 1 - at,
            Typed::Enter => join = true,
            Typed::Escape => {
                form.field = None;
                keys.clear();
                return;
            }
            _ => {
                if let Some(text) = &key.text {
                    let field_text = if at == 0 {
                        &mut form.address
                    } else {
                        &mut form.code
                    };
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
    if join && !form.address.is_empty() && !form.code.is_empty() {
        form.field = None;
        commands.insert_resource(Remote::start(NetStart::Join {
            address: form.address.trim().to_owned(),
            code: form.code.trim().to_owned(),
        }));
    }
}

/// H hosts, J opens the fields (a match already being set up is let go first).
fn read_lobby_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut form: ResMut<JoinForm>,
    mut commands: Commands,
) {
    if keys.just_pressed(HOST_KEY) {
        commands.insert_resource(Remote::start(NetStart::Host {
            port: DEFAULT_PORT,
            code: None,
            matches: WINDOW_MATCHES,
        }));
    }
    if keys.just_pressed(JOIN_KEY) {
        commands.remove_resource::<Remote>();
        form.field = Some(0);
    }
}

/// The lobby's texts.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyText {
    /// The host's address field.
    Address,
    /// The join code's field.
    Code,
    /// Where the link stands.
    Status,
}

/// What the lobby says of the link.
pub fn status_text(link: Option<&Link>, lang: Lang) -> String {
    match link {
        None => String::new(),
        // The addresses the system routes outward, or, with none found, the port alone.
        Some(Link::Waiting {
            port,
            addresses,
            code,
        }) if !addresses.is_empty() => trf(
            lang,
            Key::NetHostingAt,
            &[port, &addresses.join(" / "), code],
        ),
        Some(Link::Waiting { port, code, .. }) => trf(lang, Key::NetHosting, &[port, port, code]),
        Some(Link::Joining(address)) => trf(lang, Key::NetJoining, &[address]),
        Some(Link::Connected) => String::new(),
        Some(Link::Ended(why)) => trf(lang, Key::NetEnded, &[why]),
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
            BackgroundColor(PANEL),
            Pickable::IGNORE,
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
            line(LobbyText::Address, BODY_SIZE, TEXT),
            line(LobbyText::Code, BODY_SIZE, TEXT),
            line(LobbyText::Status, BODY_SIZE, GOLD),
        ],
    ));
}

fn show_lobby(
    form: Res<JoinForm>,
    remote: Option<Res<Remote>>,
    lang: Res<Lang>,
    mut texts: Query<(&LobbyText, &mut Text, &mut BackgroundColor)>,
) {
    let lang = *lang;
    // The field that takes typing shows a caret and stands out.
    let field = |i: usize, text: &str| {
        let caret = if form.field == Some(i) { "_" } else { "" };
        format!("{text}{caret}")
    };
    for (role, mut text, mut back) in &mut texts {
        let (value, lit) = match role {
            LobbyText::Address => (
                trf(lang, Key::NetAddress, &[&field(0, &form.address)]),
                form.field == Some(0),
            ),
            LobbyText::Code => (
                trf(lang, Key::NetCode, &[&field(1, &form.code)]),
                form.field == Some(1),
            ),
            LobbyText::Status => (status_text(remote.as_ref().map(|r| &r.link), lang), false),
        };
        if text.0 != value {
            text.0 = value;
        }
        let want = if lit { BUTTON } else { PANEL };
        if back.0 != want {
            back.0 = want;
        }
    }
}
