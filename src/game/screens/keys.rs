//! キー設定 (from the settings screen): every action with its key and its
//! pad button. ↑↓ (or the d-pad) choose a row, Enter or A (or a click) waits
//! for the next key or button, which the action takes; an action that had it
//! takes the old one, so nothing does two things. The holds by number are
//! keys only; the pad's hold at its cursor is a row of its own. Esc or B
//! cancels a choice being made, or goes back to the settings. The last row
//! brings back the default keys and buttons. Kept with the save.

use bevy::input::InputSystems;
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::core::navigation::back_button;
use crate::game::theme::OnClick;

use crate::keymap::controls::PadPresses;
use crate::keymap::pad::{MENU_BACK, button_name};
use crate::keymap::{
    Action, Controls, KeyMap, PadAction, PadMap, PadsRead, action_name, choosable,
};
use crate::lang::{Key, Lang, tr};

use crate::game::core::navigation::MENU_KEY;
use crate::game::theme::{
    BIG_SIZE, BUTTON, GOLD, InView, SMALL_SIZE, TEXT, column_grid, light_row, panel_fill,
    spawn_menu,
};
use crate::game::theme::{GAP, ROUND, ROW_PADDING, words};
use crate::game::{AppSystems, Screen};

/// Widest a row grows, in UI pixels.
const ROW_WIDTH: f32 = 420.0;
/// Rows side by side, so every action fits a small window.
const COLUMNS: u16 = 2;
/// Space between rows.
const ROW_GAP: f32 = 6.0;

/// One row of the list: an action, the pad's hold, or the row that brings
/// back the defaults.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRow {
    /// This action, its key and (but for the holds by number) its button.
    Action(Action),
    /// The pad's button that keeps the die at its cursor.
    PadHold,
    /// Every key and button back to its default.
    Reset,
}

impl KeyRow {
    /// Every row, top to bottom: the pad's hold after the holds by number.
    pub fn all() -> Vec<KeyRow> {
        let mut rows: Vec<KeyRow> = Action::ALL.into_iter().map(KeyRow::Action).collect();
        let after_holds = rows
            .iter()
            .rposition(|r| matches!(r, KeyRow::Action(Action::Hold(_))))
            .map_or(rows.len(), |i| i + 1);
        rows.insert(after_holds, KeyRow::PadHold);
        rows.push(KeyRow::Reset);
        rows
    }

    /// The action a key pressed on this row goes to.
    pub fn key_action(self) -> Option<Action> {
        match self {
            KeyRow::Action(action) => Some(action),
            KeyRow::PadHold | KeyRow::Reset => None,
        }
    }

    /// The pad action a button pressed on this row goes to.
    pub fn pad_action(self) -> Option<PadAction> {
        match self {
            KeyRow::Action(Action::Hold(_)) | KeyRow::Reset => None,
            KeyRow::Action(action) => Some(PadAction::Do(action)),
            KeyRow::PadHold => Some(PadAction::HoldAtCursor),
        }
    }
}

/// The highlighted row, and whether its action waits for a key or button.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct KeysCursor {
    /// Index into [`KeyRow::all`].
    pub at: usize,
    /// The next key pressed goes to this row's action.
    pub waiting: bool,
}

/// Take this row (a key, a button or a click): wait for an input, or reset.
#[derive(Event, Debug, Clone, Copy)]
pub struct PickKeyRow(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeysCursor>();
    // Before every other reader of the keyboard, so the key chosen does
    // nothing else (an L chosen for a hold does not change the language).
    app.add_systems(
        PreUpdate,
        take_input
            .after(InputSystems)
            .after(PadsRead)
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
    // Rewritten when what they show changed (a key chosen, the cursor
    // moved, the language), or as they are spawned; not every frame.
    app.add_systems(
        Update,
        refresh_rows
            .run_if(in_state(Screen::Keys))
            .run_if(
                resource_changed::<KeyMap>
                    .or_eager(resource_changed::<PadMap>)
                    .or_eager(resource_changed::<KeysCursor>)
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(any_match_filter::<Added<KeyRow>>),
            )
            .in_set(AppSystems::Present),
    );
}

/// The key or button for the waiting row: one a player may choose goes to
/// the row's action; Esc or B gives up waiting (and does not leave the
/// screen). Whatever is taken, no other reader sees this frame.
fn take_input(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut pads: ResMut<PadPresses>,
    mut cursor: ResMut<KeysCursor>,
    mut map: ResMut<KeyMap>,
    mut pad_map: ResMut<PadMap>,
) {
    let row = KeyRow::all().get(cursor.at).copied();
    if keys.just_pressed(MENU_KEY) || pads.take_first(|b| MENU_BACK.contains(&b)).is_some() {
        keys.clear_just_pressed(MENU_KEY);
        cursor.waiting = false;
        return;
    }
    if let Some(action) = row.and_then(KeyRow::key_action)
        && let Some(key) = choosable().find(|&k| keys.just_pressed(k))
    {
        keys.clear_just_pressed(key);
        if key == KeyCode::Enter {
            keys.clear_just_pressed(KeyCode::NumpadEnter);
        }
        map.assign(action, key);
        cursor.waiting = false;
        return;
    }
    if let Some(action) = row.and_then(KeyRow::pad_action)
        && let Some(button) = pads.take_first(|b: GamepadButton| button_name(b).is_some())
    {
        pad_map.assign(action, button);
        cursor.waiting = false;
    }
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

fn pick_row(
    pick: On<PickKeyRow>,
    mut cursor: ResMut<KeysCursor>,
    mut map: ResMut<KeyMap>,
    mut pad_map: ResMut<PadMap>,
) {
    cursor.at = pick.0;
    match KeyRow::all().get(pick.0) {
        Some(KeyRow::Action(_) | KeyRow::PadHold) => cursor.waiting = true,
        Some(KeyRow::Reset) => {
            if !map.is_default() {
                *map = KeyMap::default();
            }
            if !pad_map.is_default() {
                *pad_map = PadMap::default();
            }
        }
        None => {}
    }
}

/// Between a row's key and its button (U+2219: the font takes U+00B7 for a
/// combining mark and draws it over the space).
const INPUTS_BETWEEN: &str = " ∙ ";

/// A row's text: the action with its key and button, or what the row waits for.
pub fn row_line(row: KeyRow, map: &KeyMap, pad: &PadMap, waiting: bool, lang: Lang) -> String {
    let name = match row {
        KeyRow::Reset => return tr(lang, Key::KeysReset).to_owned(),
        KeyRow::Action(action) => action_name(action, lang),
        KeyRow::PadHold => crate::keymap::pad_action_name(PadAction::HoldAtCursor, lang),
    };
    if waiting {
        let ask = match (row.key_action(), row.pad_action()) {
            (Some(_), Some(_)) => Key::KeysPress,
            (Some(_), None) => Key::KeysPressKey,
            _ => Key::KeysPressButton,
        };
        return format!("{name}: {}", tr(lang, ask));
    }
    let key = row.key_action().map(|a| map.label(a));
    let button = row
        .pad_action()
        .map(|a| format!("{} {}", tr(lang, Key::KeysPad), pad.label(a)));
    let inputs: Vec<String> = key.map(str::to_owned).into_iter().chain(button).collect();
    format!("{name}: {}", inputs.join(INPUTS_BETWEEN))
}

/// A row's text on screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyRowText(pub KeyRow);

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
    commands.spawn((ChildOf(root), words(Key::KeysTitle, BIG_SIZE * 1.2, GOLD)));
    let grid = commands
        .spawn((
            ChildOf(root),
            column_grid(COLUMNS, f32::from(COLUMNS) * ROW_WIDTH + ROW_GAP, ROW_GAP),
        ))
        .id();
    for (i, row) in KeyRow::all().into_iter().enumerate() {
        commands.spawn((
            ChildOf(grid),
            row,
            Button,
            Node {
                padding: ROW_PADDING,
                border_radius: ROUND,
                ..default()
            },
            panel_fill(),
            children![(KeyRowText(row), text(SMALL_SIZE, TEXT))],
            OnClick::trigger(PickKeyRow(i)),
        ));
    }
    commands.spawn((ChildOf(root), back_button()));
    commands.spawn((
        ChildOf(root),
        words(Key::KeysFooter, SMALL_SIZE, TEXT.with_alpha(0.8)),
    ));
}

fn refresh_rows(
    map: Res<KeyMap>,
    pad_map: Res<PadMap>,
    cursor: Res<KeysCursor>,
    lang: Res<Lang>,
    mut rows: Query<(Entity, &KeyRow, &mut BackgroundColor, Has<InView>)>,
    mut texts: Query<(&KeyRowText, &mut Text)>,
    mut commands: Commands,
) {
    let all = KeyRow::all();
    for (entity, row, mut color, marked) in &mut rows {
        let lit = all.get(cursor.at) == Some(row);
        // A row waiting for its new key glows.
        let colour = if cursor.waiting {
            GOLD.with_alpha(0.5)
        } else {
            BUTTON
        };
        light_row(
            &mut commands,
            entity,
            lit.then_some(colour),
            marked,
            &mut color,
        );
    }
    for (row, mut text) in &mut texts {
        let waiting = cursor.waiting && all.get(cursor.at) == Some(&row.0);
        show(&mut text, &row_line(row.0, &map, &pad_map, waiting, *lang));
    }
}
