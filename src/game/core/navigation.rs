//! Keys that move between screens whatever is on them: Esc goes back (over a
//! game it opens the settings instead, see `menus`), and the language key
//! switches the language on every screen, over an overlay too.

use bevy::prelude::*;

use crate::keymap::{Action, Controls};
use crate::lang::Lang;

use super::{AppSystems, Screen};

pub use crate::keymap::{MENU_KEY, PICK_KEYS};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            read_menu_key.in_set(AppSystems::Input),
            // Not a move at the table: it works over an overlay too.
            read_language_key.before(AppSystems::Rules),
        ),
    );
}

/// Where Esc goes from `screen` (`None`: it stays, for what is drawn over it).
pub fn back_from(screen: Screen) -> Option<Screen> {
    match screen {
        // Over a game, Esc opens the settings (`menus`), which can leave.
        Screen::Start | Screen::Solo | Screen::Duel | Screen::Party => None,
        // The key list goes back to the settings it came from (unless Esc
        // just cancelled a key being chosen, see `screens::keys`).
        Screen::Keys => Some(Screen::Settings),
        Screen::Records | Screen::Ladder | Screen::Settings | Screen::Lobby | Screen::Seating => {
            Some(Screen::Start)
        }
    }
}

fn read_language_key(controls: Controls, mut lang: ResMut<Lang>) {
    if controls.just_pressed(Action::Language) {
        *lang = lang.toggled();
    }
}

fn read_menu_key(
    controls: Controls,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if controls.back()
        && let Some(back) = back_from(*screen.get())
    {
        next.set(back);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn esc_goes_back_one_level_and_stays_over_a_game() {
        assert_eq!(back_from(Screen::Keys), Some(Screen::Settings));
        assert_eq!(back_from(Screen::Settings), Some(Screen::Start));
        assert_eq!(back_from(Screen::Lobby), Some(Screen::Start));
        assert_eq!(back_from(Screen::Solo), None);
        assert_eq!(back_from(Screen::Start), None);
    }
}
