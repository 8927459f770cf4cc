//! Keys that move between screens whatever is on them: Esc goes back (over a
//! game it opens the settings instead, see `menus`), and the language key
//! switches the language on every screen, over an overlay too. A menu
//! screen's back button does what Esc does there, so no screen holds a
//! player who has no keys.

use bevy::prelude::*;

use crate::game::theme::{BODY_SIZE, BUTTON_OFF, OnClick, labelled_button};
use crate::keymap::{Action, Controls};
use crate::lang::{Key, Lang};

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

/// A menu screen's back button.
#[derive(Component, Debug, Clone, Copy)]
pub struct BackButton;

/// A button that goes where Esc goes from the screen it is on.
pub fn back_button() -> impl Bundle {
    (
        Name::new("Back button"),
        BackButton,
        OnClick::with(|world| {
            let here = *world.resource::<State<Screen>>().get();
            if let Some(back) = back_from(here) {
                world.resource_mut::<NextState<Screen>>().set(back);
            }
        }),
        labelled_button(BUTTON_OFF, Key::BackEntry, BODY_SIZE),
    )
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
