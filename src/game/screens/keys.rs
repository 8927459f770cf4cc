//! キー設定 (from the settings screen): every action with its key. ↑↓
//! choose a row, Enter (or a click) waits for the next key, which the action
//! takes; an action that had that key takes the old one, so no key does two
//! things. Esc cancels a key being chosen, or goes back to the settings. The
//! last row brings back the default keys. Kept with the save.

use bevy::input::InputSystems;
use bevy::prelude::*;

use crate::keymap::{Action, Controls, KeyMap, choosable};
use crate::lang::{Key, Lang, tr, trf};

use crate::game::core::navigation::MENU_KEY;
use crate::game::theme::{
    BIG_SIZE, BUTTON, GOLD, InView, PANEL, SMALL_SIZE, TEXT, mark_in_view, spawn_menu, wrap_grid,
};
use crate::game::theme::{GAP, ROUND, ROW_PADDING};
use crate::game::{AppSystems, Screen};

/// Width of one row, in UI pixels (two columns).
const ROW_WIDTH: f32 = 420.0;
/// Space between rows.
const ROW_GAP: f32 = 6.0;

/// One row of the list: an action, or the row that brings back the defaults.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRow {
    /// This action and its key.
    Action(Action),
    /// Every key back to its default.
    Reset,
}

impl KeyRow {
    /// Every row, top to bottom.
    pub fn all() -> Vec<KeyRow> {
        Action::ALL
            .into_iter()
            .map(KeyRow::Action)
            .chain([KeyRow::Reset])
            .collect()
    }
}

/// The highlighted row, and whether its action waits for a key.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct KeysCursor {
    /// Index into [`KeyRow::all`].
    pub at: usize,
    /// The next key pressed goes to this row's action.
    pub waiting: bool,
}

/// Take this row (a key or a click): wait for a key, or reset.
#[derive(Event, Debug, Clone, Copy)]
pub struct PickKeyRow(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeysCursor>();
    // Before every other reader of the keyboard, so the key chosen does
    // nothing else (an L chosen for a hold does not change the language).
    app.add_systems(
        PreUpdate,
        take_key
            .after(InputSystems)
            .run_if(in_state(Screen::Keys).and_then(|c: Res<KeysCursor>| c.waiting)),
    );
    app.add_systems(
        Update,
        read_rows
            .run_if(in_state(Screen::Keys))
            .in_set(AppSystems::Input),
    );
    app.add_systems(OnEnter(Screen::Keys), |mut cursor: ResMut<KeysCursor>| {
        *cursor = KeysCursor::default();
    });
    app.add_observer(pick_row);
    // The screen's look; windowed and headless HUD alike.
    app.add_systems(OnEnter(Screen::Keys), spawn_keys_screen);
    app.add_systems(
        Update,
        refresh_rows
            .run_if(in_state(Screen::Keys))
            .in_set(AppSystems::Present),
    );
}

/// The key for the waiting row: a key a player may choose goes to its
/// action; Esc gives up waiting (and does not leave the screen).
fn take_key(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut cursor: ResMut<KeysCursor>,
    mut map: ResMut<KeyMap>,
) {
    if keys.just_pressed(MENU_KEY) {
        keys.clear_just_pressed(MENU_KEY);
        cursor.waiting = false;
        return;
    }
    let Some(key) = choosable().find(|&k| keys.just_pressed(k)) else {
        return;
    };
    keys.clear_just_pressed(key);
    if key == KeyCode::Enter {
        keys.clear_just_pressed(KeyCode::NumpadEnter);
    }
    if let Some(KeyRow::Action(action)) = KeyRow::all().get(cursor.at).copied() {
        map.assign(action, key);
    }
    cursor.waiting = false;
}

fn read_rows(controls: Controls, mut cursor: ResMut<KeysCursor>, mut commands: Commands) {
    if cursor.waiting {
        return;
    }
    let at = controls.step_cursor(cursor.at, KeyRow::all().len());
    if cursor.at != at {
        cursor.at = at;
    }
    if controls.pick() {
        commands.trigger(PickKeyRow(at));
    }
}

fn pick_row(pick: On<PickKeyRow>, mut cursor: ResMut<KeysCursor>, mut map: ResMut<KeyMap>) {
    cursor.at = pick.0;
    match KeyRow::all().get(pick.0) {
        Some(KeyRow::Action(_)) => cursor.waiting = true,
        Some(KeyRow::Reset) if !map.is_default() => *map = KeyMap::default(),
        Some(KeyRow::Reset) | None => {}
    }
}

/// An action's name on screen.
pub fn action_name(action: Action, lang: Lang) -> String {
    let key = match action {
        Action::Hold(i) => return trf(lang, Key::ActHold, &[&(i + 1)]),
        Action::Throw => Key::ActThrow,
        Action::Stand => Key::ActStand,
        Action::Hint => Key::ActHint,
        Action::WinChance => Key::ActWinChance,
        Action::Call => Key::ActCall,
        Action::Raise => Key::ActRaise,
        Action::Fold => Key::ActFold,
        Action::Badge => Key::ActBadge,
        Action::Speed => Key::ActSpeed,
        Action::Rules => Key::ActRules,
        Action::Records => Key::ActRecords,
        Action::Mute => Key::ActMute,
        Action::VolumeDown => Key::ActVolumeDown,
        Action::VolumeUp => Key::ActVolumeUp,
        Action::Language => Key::ActLanguage,
    };
    tr(lang, key).to_owned()
}

/// A row's text: the action and its key, or what the row waits for.
pub fn row_line(row: KeyRow, map: &KeyMap, waiting: bool, lang: Lang) -> String {
    match row {
        KeyRow::Reset => tr(lang, Key::KeysReset).to_owned(),
        KeyRow::Action(action) if waiting => {
            format!(
                "{}: {}",
                action_name(action, lang),
                tr(lang, Key::KeysPress)
            )
        }
        KeyRow::Action(action) => format!("{}: {}", action_name(action, lang), map.label(action)),
    }
}

/// A row's text on screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyRowText(pub KeyRow);

/// The title and the footer.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum KeysCaption {
    Title,
    Footer,
}

fn spawn_keys_screen(mut commands: Commands) {
    let root = spawn_menu(
        &mut commands,
        (Name::new("Keys screen"), DespawnOnExit(Screen::Keys)),
        GAP,
    );
    let text = |size: f32, color: Color| {
        (
            Text::new(""),
            TextFont::from_font_size(size),
            TextColor(color),
            Pickable::IGNORE,
        )
    };
    commands.spawn((
        ChildOf(root),
        KeysCaption::Title,
        text(BIG_SIZE * 1.2, GOLD),
    ));
    let grid = commands
        .spawn((
            ChildOf(root),
            wrap_grid(Some(2.0 * ROW_WIDTH + ROW_GAP), ROW_GAP),
        ))
        .id();
    for (i, row) in KeyRow::all().into_iter().enumerate() {
        commands
            .spawn((
                ChildOf(grid),
                row,
                Button,
                Node {
                    width: Val::Px(ROW_WIDTH),
                    max_width: Val::Percent(48.0),
                    padding: ROW_PADDING,
                    border_radius: ROUND,
                    ..default()
                },
                BackgroundColor(PANEL),
                children![(KeyRowText(row), text(SMALL_SIZE, TEXT))],
            ))
            .observe(move |_: On<Pointer<Click>>, mut commands: Commands| {
                commands.trigger(PickKeyRow(i));
            });
    }
    commands.spawn((
        ChildOf(root),
        KeysCaption::Footer,
        text(SMALL_SIZE, TEXT.with_alpha(0.8)),
    ));
}

fn refresh_rows(
    map: Res<KeyMap>,
    cursor: Res<KeysCursor>,
    lang: Res<Lang>,
    mut rows: Query<(Entity, &KeyRow, &mut BackgroundColor, Has<InView>)>,
    mut texts: Query<(AnyOf<(&KeyRowText, &KeysCaption)>, &mut Text)>,
    mut commands: Commands,
) {
    let all = KeyRow::all();
    for (entity, row, mut color, marked) in &mut rows {
        let lit = all.get(cursor.at) == Some(row);
        mark_in_view(&mut commands, entity, lit, marked);
        let want = match (lit, cursor.waiting) {
            (true, true) => GOLD.with_alpha(0.5),
            (true, false) => BUTTON,
            _ => PANEL,
        };
        if color.0 != want {
            color.0 = want;
        }
    }
    for ((row, caption), mut text) in &mut texts {
        let want = match (row, caption) {
            (Some(row), _) => {
                let waiting = cursor.waiting && all.get(cursor.at) == Some(&row.0);
                row_line(row.0, &map, waiting, *lang)
            }
            (_, Some(KeysCaption::Title)) => tr(*lang, Key::KeysTitle).to_owned(),
            (_, Some(KeysCaption::Footer)) => tr(*lang, Key::KeysFooter).to_owned(),
            (None, None) => continue,
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}
