//! Which gamepad button does what in play, beside the keys: every action
//! but the five holds has a button of the player's choice (or none), kept
//! with the save as the keys are. The holds are one button that keeps or lets
//! go of the die under the pad's cursor, moved along the dice with the
//! d-pad. The d-pad, A, B and Start stay with the menus (the arrows, Enter and
//! Esc of the pad), so no choice can lock a player out of the settings.

use bevy::input::gamepad::GamepadButton;

use super::{Action, Bindings, Binds};

/// What a pad button may be given: an action, or the hold at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PadAction {
    /// An action of the keymap (not a hold: the pad holds at its cursor).
    Do(Action),
    /// Keep or let go of the die under the pad's cursor.
    HoldAtCursor,
}

impl PadAction {
    /// Every pad action, in the order the settings list them.
    pub fn all() -> impl Iterator<Item = PadAction> {
        let mut all = vec![
            PadAction::Do(Action::Throw),
            PadAction::Do(Action::Stand),
            PadAction::HoldAtCursor,
        ];
        all.extend(
            Action::ALL
                .into_iter()
                .filter(|a| !matches!(a, Action::Throw | Action::Stand | Action::Hold(_)))
                .map(PadAction::Do),
        );
        all.into_iter()
    }

    /// Its name in the save.
    pub fn name(self) -> &'static str {
        match self {
            PadAction::Do(action) => action.name(),
            PadAction::HoldAtCursor => "hold",
        }
    }

    /// The button it has until the player chooses another (none for the
    /// few that the pause menu also reaches).
    pub fn default_button(self) -> Option<GamepadButton> {
        Some(match self {
            PadAction::Do(Action::Throw) => GamepadButton::South,
            PadAction::Do(Action::Stand) => GamepadButton::North,
            PadAction::HoldAtCursor => GamepadButton::West,
            PadAction::Do(Action::Hint) => GamepadButton::Select,
            PadAction::Do(Action::WinChance) => GamepadButton::RightThumb,
            PadAction::Do(Action::Call) => GamepadButton::RightTrigger,
            PadAction::Do(Action::Raise) => GamepadButton::RightTrigger2,
            PadAction::Do(Action::Fold) => GamepadButton::LeftTrigger2,
            PadAction::Do(Action::Badge) => GamepadButton::LeftTrigger,
            PadAction::Do(Action::Speed) => GamepadButton::LeftThumb,
            PadAction::Do(Action::Records) => GamepadButton::Mode,
            _ => return None,
        })
    }
}

/// Buttons a player may give an action, with the names the save and the
/// screen use (a pad's face buttons by position, named as most pads print
/// them: A below, B right, X left, Y above).
const BUTTONS: [(GamepadButton, &str); 13] = [
    (GamepadButton::South, "A"),
    (GamepadButton::West, "X"),
    (GamepadButton::North, "Y"),
    (GamepadButton::LeftTrigger, "LB"),
    (GamepadButton::RightTrigger, "RB"),
    (GamepadButton::LeftTrigger2, "LT"),
    (GamepadButton::RightTrigger2, "RT"),
    (GamepadButton::Select, "Back"),
    (GamepadButton::LeftThumb, "L3"),
    (GamepadButton::RightThumb, "R3"),
    (GamepadButton::Mode, "Guide"),
    (GamepadButton::C, "C"),
    (GamepadButton::Z, "Z"),
];

/// The pad's fixed menu buttons: the arrows, Enter and Esc of a keyboard.
pub const MENU_UP: GamepadButton = GamepadButton::DPadUp;
pub const MENU_DOWN: GamepadButton = GamepadButton::DPadDown;
pub const MENU_LEFT: GamepadButton = GamepadButton::DPadLeft;
pub const MENU_RIGHT: GamepadButton = GamepadButton::DPadRight;
/// Confirms in a menu (and throws at the table, while Throw keeps it).
pub const MENU_CONFIRM: GamepadButton = GamepadButton::South;
/// Back out of a menu, as Esc does; Start opens the menu over a game.
pub const MENU_BACK: [GamepadButton; 2] = [GamepadButton::East, GamepadButton::Start];

/// The name of a button a player may choose (`None` for the others).
pub fn button_name(button: GamepadButton) -> Option<&'static str> {
    BUTTONS.iter().find(|(b, _)| *b == button).map(|(_, n)| *n)
}

/// The button with this name, if a player may choose it.
pub fn button_named(name: &str) -> Option<GamepadButton> {
    BUTTONS.iter().find(|(_, n)| *n == name).map(|(b, _)| *b)
}

/// Every button a player may choose.
pub fn choosable_buttons() -> impl Iterator<Item = GamepadButton> {
    BUTTONS.iter().map(|(b, _)| *b)
}

/// Pad buttons as a kind of binding: an action may have none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pads;

impl Binds for Pads {
    type Action = PadAction;
    type Input = GamepadButton;
    const MAY_BE_UNBOUND: bool = true;
    fn actions() -> Vec<PadAction> {
        PadAction::all().collect()
    }
    fn action_name(action: PadAction) -> &'static str {
        action.name()
    }
    fn default_input(action: PadAction) -> Option<GamepadButton> {
        action.default_button()
    }
    fn input_name(button: GamepadButton) -> Option<&'static str> {
        button_name(button)
    }
    fn input_named(name: &str) -> Option<GamepadButton> {
        button_named(name)
    }
}

/// The player's pad buttons: the defaults and what they changed, saved as
/// the changes only, by name ("none" for an action given no button).
pub type PadMap = Bindings<Pads>;

impl PadMap {
    /// The button that does `action`, if any.
    pub fn button(&self, action: PadAction) -> Option<GamepadButton> {
        self.input(action)
    }

    /// The label of `action`'s button on screen ("—" for none).
    pub fn label(&self, action: PadAction) -> &'static str {
        self.input_label(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_button_is_choosable_and_none_is_a_menu_button() {
        let mut seen = Vec::new();
        for action in PadAction::all() {
            if let Some(button) = action.default_button() {
                assert!(button_name(button).is_some(), "{action:?}");
                assert!(!seen.contains(&button), "{button:?} twice");
                seen.push(button);
            }
        }
        for menu in [MENU_UP, MENU_DOWN, MENU_LEFT, MENU_RIGHT]
            .into_iter()
            .chain(MENU_BACK)
        {
            assert!(button_name(menu).is_none(), "{menu:?} is the menus'");
        }
        // The holds are the cursor's, not five buttons.
        assert!(PadAction::all().all(|a| !matches!(a, PadAction::Do(Action::Hold(_)))));
        assert_eq!(PadAction::all().count(), Action::ALL.len() - 5 + 1);
    }

    #[test]
    fn a_button_moves_and_the_action_that_had_it_takes_the_old_one() {
        let mut map = PadMap::default();
        let throw = PadAction::Do(Action::Throw);
        let stand = PadAction::Do(Action::Stand);
        assert!(map.assign(throw, GamepadButton::North));
        assert_eq!(map.button(throw), Some(GamepadButton::North));
        assert_eq!(map.button(stand), Some(GamepadButton::South));
        // Given to an action with none, the old holder is left with none.
        let mute = PadAction::Do(Action::Mute);
        assert_eq!(map.button(mute), None);
        assert!(map.assign(mute, GamepadButton::North));
        assert_eq!(map.button(throw), None);
        assert_eq!(map.label(throw), "—");
        // Not a choosable button: nothing changes.
        assert!(!map.assign(throw, GamepadButton::Start));
        assert!(map.clear(mute));
        assert!(!map.clear(mute));
    }

    #[test]
    fn the_save_keeps_changes_by_name_and_drops_what_it_does_not_know() {
        let mut map = PadMap::default();
        map.assign(PadAction::HoldAtCursor, GamepadButton::RightTrigger);
        map.clear(PadAction::Do(Action::Hint));
        let saved = serde_json::to_string(&map).unwrap();
        assert_eq!(saved, r#"{"call":"X","hint":"none","hold":"RB"}"#);
        let loaded: PadMap = serde_json::from_str(&saved).unwrap();
        assert_eq!(loaded, map);
        let odd: PadMap =
            serde_json::from_str(r#"{"nothing":"A","throw":"Start","stand":"Q"}"#).unwrap();
        assert!(odd.is_default());
    }
}
