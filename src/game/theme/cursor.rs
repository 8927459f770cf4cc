//! Moving a menu's highlighted row with the arrow keys: the start, ladder,
//! settings and key screens and the settings over a game move alike.

use bevy::prelude::*;

/// A menu's highlighted row after ↑ or ↓ (wrapping round).
pub fn step_cursor(keys: &ButtonInput<KeyCode>, at: usize, rows: usize) -> usize {
    if rows == 0 {
        return 0;
    }
    let mut at = at % rows;
    if keys.just_pressed(KeyCode::ArrowDown) {
        at = (at + 1) % rows;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        at = (at + rows - 1) % rows;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(key: Option<KeyCode>, at: usize, rows: usize) -> usize {
        let mut keys = ButtonInput::<KeyCode>::default();
        if let Some(key) = key {
            keys.press(key);
        }
        step_cursor(&keys, at, rows)
    }

    #[test]
    fn the_cursor_wraps_round_both_ways() {
        assert_eq!(after(Some(KeyCode::ArrowDown), 4, 5), 0);
        assert_eq!(after(Some(KeyCode::ArrowUp), 0, 5), 4);
        assert_eq!(after(Some(KeyCode::ArrowDown), 1, 5), 2);
        assert_eq!(after(None, 7, 5), 2);
        assert_eq!(after(Some(KeyCode::ArrowDown), 3, 0), 0);
    }
}
