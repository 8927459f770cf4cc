//! What the actions are called on screen, and the help that names a pad's
//! buttons: the key settings list both, and the tables' help panels show the
//! pad's when the player last used one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::{DetectChanges, Res};

use crate::lang::{Key, Lang, tr, trf};

use super::controls::LastUsed;
use super::pad::{PadAction, PadMap, button_name};
use super::{Action, KeyMap, relabel_with};

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
        Action::Accuse => Key::ActAccuse,
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

/// A pad action's name on screen.
pub fn pad_action_name(action: PadAction, lang: Lang) -> String {
    match action {
        PadAction::Do(action) => action_name(action, lang),
        PadAction::HoldAtCursor => tr(lang, Key::ActHoldAtCursor).to_owned(),
    }
}

/// Space between two entries of the help on one line.
const HELP_GAP: &str = "  ";

/// The help for a pad: each action with a button, as "A: …" in the
/// settings' order, `per_line` to a line, leaving out the actions this table
/// has no use for; then the d-pad's cursor and the menu, which no choice moves.
pub fn pad_help(map: &PadMap, unused: &[Action], per_line: usize, lang: Lang) -> String {
    let mut entries: Vec<String> = PadAction::all()
        .filter(|a| !matches!(a, PadAction::Do(action) if unused.contains(action)))
        .filter(|&a| map.button(a).is_some())
        .map(|a| format!("{}: {}", map.label(a), pad_action_name(a, lang)))
        .collect();
    entries.push(tr(lang, Key::PadCursorHelp).to_owned());
    entries.push(tr(lang, Key::PadMenuHelp).to_owned());
    entries
        .chunks(per_line.max(1))
        .map(|line| line.join(HELP_GAP))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A text that names the default keys ("Space で投げる"), as the player's
/// hands will read it: with the keys they chose, or, when they last pressed
/// a pad, with the buttons of the actions that have one.
pub fn name_inputs(text: &str, keys: &KeyMap, pad: &PadMap, last: LastUsed) -> String {
    match last {
        LastUsed::Keys => keys.relabel(text),
        LastUsed::Pad => relabel_with(text, keys, |action| {
            let button = match action {
                Action::Hold(_) => None,
                _ => pad.button(PadAction::Do(action)),
            };
            button
                .and_then(button_name)
                .unwrap_or_else(|| keys.label(action))
        }),
    }
}

/// A run condition: the player's keys, buttons or the device last used
/// changed (a text that names them is written again).
pub fn inputs_changed(inputs: InputNames) -> bool {
    inputs.changed()
}

/// The player's keys and buttons, and which they last used: what a text
/// that names inputs needs.
#[derive(SystemParam)]
pub struct InputNames<'w> {
    keys: Res<'w, KeyMap>,
    pad: Res<'w, PadMap>,
    last: Res<'w, LastUsed>,
}

impl InputNames<'_> {
    /// `text`, which names the default keys, as [`name_inputs`] writes it.
    pub fn name(&self, text: &str) -> String {
        name_inputs(text, &self.keys, &self.pad, *self.last)
    }

    /// The pad's buttons, when a pad was the last thing pressed.
    pub fn pad(&self) -> Option<&PadMap> {
        (*self.last == LastUsed::Pad).then_some(&*self.pad)
    }

    /// True when the keys, the buttons or the last used changed.
    pub fn changed(&self) -> bool {
        self.keys.is_changed() || self.pad.is_changed() || self.last.is_changed()
    }
}

#[cfg(test)]
mod tests {
    use bevy::input::gamepad::GamepadButton;
    use bevy::prelude::KeyCode;

    use super::*;

    #[test]
    fn the_pad_help_follows_the_players_buttons_and_skips_the_unused() {
        let mut map = PadMap::default();
        let help = pad_help(&map, &[Action::Call], 1, Lang::En);
        assert!(help.starts_with("A: Throw, reroll, skip\n"), "{help}");
        assert!(help.contains("X: Keep the die at the cursor"), "{help}");
        assert!(!help.contains("Check"), "{help}");
        assert!(help.contains("Start: menu"), "{help}");
        // Mute has no button until given one; the action that had it has none.
        assert!(!help.contains("Sound"), "{help}");
        map.assign(PadAction::Do(Action::Mute), GamepadButton::North);
        let help = pad_help(&map, &[], 2, Lang::En);
        assert!(help.contains("Y: Sound on/off"), "{help}");
        assert!(!help.contains("Keep the hand"), "{help}");
        assert!(help.contains("RB: Check / call"), "{help}");
        let lines: Vec<&str> = help.lines().collect();
        assert!(lines.iter().all(|l| l.matches(": ").count() <= 2), "{help}");
        assert!(lines[0].contains("  "), "{help}");
    }

    #[test]
    fn a_text_names_the_keys_or_the_pads_buttons_by_what_was_last_used() {
        let mut keys = KeyMap::default();
        let mut pad = PadMap::default();
        let text = "Space で投げる / Enter で確定 / 1-5 / F1: 役";
        assert_eq!(name_inputs(text, &keys, &pad, LastUsed::Keys), text);
        assert_eq!(
            name_inputs(text, &keys, &pad, LastUsed::Pad),
            "A で投げる / Y で確定 / 1-5 / F1: 役"
        );
        // The player's own keys and buttons; an action with no button keeps its key.
        keys.assign(Action::Rules, KeyCode::F2);
        pad.assign(PadAction::Do(Action::Stand), GamepadButton::RightThumb);
        pad.clear(PadAction::Do(Action::Throw));
        assert_eq!(
            name_inputs(text, &keys, &pad, LastUsed::Pad),
            "Space で投げる / R3 で確定 / 1-5 / F2: 役"
        );
        assert_eq!(
            name_inputs(text, &keys, &pad, LastUsed::Keys),
            "Space で投げる / Enter で確定 / 1-5 / F2: 役"
        );
    }
}
