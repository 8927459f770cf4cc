//! One place that says what the player pressed this frame, at the keyboard
//! or on any gamepad: an action of the keymap (by its key or its pad button),
//! or a menu's move (the arrows or the d-pad, Enter/Space or A, Esc or
//! B/Start). Every system that reads the player's hands asks [`Controls`],
//! so a pad works wherever the keys do and no screen has to know of pads.

use bevy::ecs::system::SystemParam;
use bevy::input::InputSystems;
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;

use super::pad::{
    MENU_BACK, MENU_CONFIRM, MENU_DOWN, MENU_LEFT, MENU_RIGHT, MENU_UP, PadAction, PadMap,
};
use super::{Action, KeyMap};

/// Key that goes back (to the start screen, or out of a menu).
pub const MENU_KEY: KeyCode = KeyCode::Escape;
/// Keys that pick the entry under a menu's cursor.
pub const PICK_KEYS: [KeyCode; 3] = [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space];

/// Reads the pads once a frame, after Bevy's input.
pub fn plugin(app: &mut App) {
    app.init_resource::<PadPresses>();
    app.init_resource::<LastUsed>();
    app.add_systems(
        PreUpdate,
        (read_pads, note_last_used)
            .chain()
            .in_set(PadsRead)
            .after(InputSystems),
    );
}

/// Where [`PadPresses`] is filled: a system that takes a press for itself
/// (the key settings waiting for a button) runs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PadsRead;

/// What the player last pressed something on, so the help names the keys
/// or the pad's buttons, whichever is in their hands.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum LastUsed {
    /// The keyboard or the mouse (and before anything was pressed).
    #[default]
    Keys,
    /// A gamepad.
    Pad,
}

/// The pad buttons that went down this frame, on any pad.
#[derive(Resource, Debug, Default)]
pub struct PadPresses(Vec<GamepadButton>);

impl PadPresses {
    /// True when `button` went down this frame on some pad.
    pub fn just(&self, button: GamepadButton) -> bool {
        self.0.contains(&button)
    }

    /// The first press this frame of a button in `among`, taken so that no
    /// other reader sees it.
    pub fn take_first(&mut self, among: impl Fn(GamepadButton) -> bool) -> Option<GamepadButton> {
        let at = self.0.iter().position(|&b| among(b))?;
        Some(self.0.remove(at))
    }
}

fn note_last_used(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    pads: Res<PadPresses>,
    mut last: ResMut<LastUsed>,
) {
    let now = if !pads.0.is_empty() {
        LastUsed::Pad
    } else if keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
    {
        LastUsed::Keys
    } else {
        return;
    };
    if *last != now {
        *last = now;
    }
}

fn read_pads(pads: Query<&Gamepad>, mut presses: ResMut<PadPresses>) {
    let now: Vec<GamepadButton> = pads
        .iter()
        .flat_map(|pad| pad.get_just_pressed().copied())
        .collect();
    if presses.0 != now {
        presses.0 = now;
    }
}

/// The keyboard and the pads as one pair of hands.
#[derive(SystemParam)]
pub struct Controls<'w> {
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    map: Option<Res<'w, KeyMap>>,
    pads: Option<Res<'w, PadPresses>>,
    pad_map: Option<Res<'w, PadMap>>,
}

impl Controls<'_> {
    fn key(&self, key: KeyCode) -> bool {
        self.keys.as_ref().is_some_and(|k| k.just_pressed(key))
    }

    /// True on the frame `button` went down on some pad.
    pub fn pad_button(&self, button: GamepadButton) -> bool {
        self.pads.as_ref().is_some_and(|p| p.just(button))
    }

    /// True on the frame `action` was asked for, by its key or its button
    /// (the holds by number are the keyboard's: a pad holds at its cursor).
    pub fn just_pressed(&self, action: Action) -> bool {
        let by_key = match (&self.keys, &self.map) {
            (Some(keys), Some(map)) => map.just_pressed(keys, action),
            (Some(keys), None) => KeyMap::default().just_pressed(keys, action),
            _ => false,
        };
        by_key || (!matches!(action, Action::Hold(_)) && self.pad(PadAction::Do(action)))
    }

    /// True on the frame the button of this pad action went down.
    pub fn pad(&self, action: PadAction) -> bool {
        let button = match &self.pad_map {
            Some(map) => map.button(action),
            None => action.default_button(),
        };
        button.is_some_and(|b| self.pad_button(b))
    }

    /// ↑ in a menu (the arrow or the d-pad).
    pub fn up(&self) -> bool {
        self.key(KeyCode::ArrowUp) || self.pad_button(MENU_UP)
    }

    /// ↓ in a menu.
    pub fn down(&self) -> bool {
        self.key(KeyCode::ArrowDown) || self.pad_button(MENU_DOWN)
    }

    /// ← in a menu (at the table: the pad's cursor moves left).
    pub fn left(&self) -> bool {
        self.key(KeyCode::ArrowLeft) || self.pad_button(MENU_LEFT)
    }

    /// → in a menu.
    pub fn right(&self) -> bool {
        self.key(KeyCode::ArrowRight) || self.pad_button(MENU_RIGHT)
    }

    /// Pick the entry under a menu's cursor (Enter, Space or A).
    pub fn pick(&self) -> bool {
        PICK_KEYS.into_iter().any(|k| self.key(k)) || self.pad_button(MENU_CONFIRM)
    }

    /// Back out, or the menu over a game (Esc, B or Start).
    pub fn back(&self) -> bool {
        self.key(MENU_KEY) || MENU_BACK.into_iter().any(|b| self.pad_button(b))
    }

    /// A menu's highlighted row after ↑ or ↓ (wrapping round).
    pub fn step_cursor(&self, at: usize, rows: usize) -> usize {
        step_rows(at, rows, self.down(), self.up())
    }

    /// A grid menu's highlighted entry (of `entries`, `columns` to a row,
    /// in reading order) after the arrows: ↑↓ keep the column, ←→ the row.
    pub fn step_grid(&self, at: usize, entries: usize, columns: usize) -> usize {
        let across = i32::from(self.right()) - i32::from(self.left());
        let down = i32::from(self.down()) - i32::from(self.up());
        step_grid(at, entries, columns, (across, down))
    }
}

/// The entry of a grid of `entries` (`columns` to a row, in reading order)
/// one step `(across, down)` from `at`: across wraps round its row, down
/// round its column (a short last row is skipped where it has no entry).
pub fn step_grid(at: usize, entries: usize, columns: usize, (across, down): (i32, i32)) -> usize {
    if entries == 0 || columns == 0 {
        return 0;
    }
    let at = at % entries;
    let (row, column) = (at / columns, at % columns);
    let rows = entries.div_ceil(columns);
    let mut at = at;
    if across != 0 {
        let in_row = columns.min(entries - row * columns);
        let column = (column as i32 + across).rem_euclid(in_row as i32) as usize;
        at = row * columns + column;
    }
    if down != 0 {
        let column = at % columns;
        // The rows that have an entry in this column.
        let tall = (0..rows).filter(|r| r * columns + column < entries).count();
        let row = ((at / columns) as i32 + down).rem_euclid(tall as i32) as usize;
        at = row * columns + column;
    }
    at
}

/// The row after one step down and/or up from `at` of `rows`, wrapping round.
pub fn step_rows(at: usize, rows: usize, down: bool, up: bool) -> usize {
    if rows == 0 {
        return 0;
    }
    let mut at = at % rows;
    if down {
        at = (at + 1) % rows;
    }
    if up {
        at = (at + rows - 1) % rows;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_wraps_round_both_ways() {
        assert_eq!(step_rows(4, 5, true, false), 0);
        assert_eq!(step_rows(0, 5, false, true), 4);
        assert_eq!(step_rows(1, 5, true, false), 2);
        assert_eq!(step_rows(7, 5, false, false), 2);
        assert_eq!(step_rows(3, 0, true, false), 0);
    }

    #[test]
    fn a_grid_cursor_keeps_its_column_going_down_and_its_row_going_across() {
        // Five entries, two to a row: 0 1 / 2 3 / 4.
        assert_eq!(step_grid(0, 5, 2, (0, 1)), 2);
        assert_eq!(step_grid(2, 5, 2, (0, 1)), 4);
        assert_eq!(
            step_grid(4, 5, 2, (0, 1)),
            0,
            "down the first column, round"
        );
        assert_eq!(
            step_grid(3, 5, 2, (0, 1)),
            1,
            "the second column has no fifth"
        );
        assert_eq!(step_grid(1, 5, 2, (0, -1)), 3);
        assert_eq!(step_grid(0, 5, 2, (0, -1)), 4);
        assert_eq!(step_grid(0, 5, 2, (1, 0)), 1);
        assert_eq!(step_grid(1, 5, 2, (1, 0)), 0, "across its row, round");
        assert_eq!(step_grid(2, 5, 2, (-1, 0)), 3);
        assert_eq!(step_grid(4, 5, 2, (1, 0)), 4, "alone in its row");
        assert_eq!(step_grid(9, 5, 2, (0, 0)), 4);
        assert_eq!(step_grid(3, 0, 2, (1, 1)), 0);
    }
}
