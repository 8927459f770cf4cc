//! Which key does what in play: every action the player takes at a table
//! (and the few that apply everywhere) has a key of their choice, kept with
//! the save. Menus keep their own keys (arrows, Enter, Esc), so no choice
//! can lock a player out of the settings that undo it. [`pad`] does the same
//! for gamepad buttons, and [`controls`] reads both as one pair of hands.

pub mod bindings;
pub mod controls;
pub mod pad;
pub mod words;

pub use bindings::{Bindings, Binds};
pub use controls::{Controls, LastUsed, MENU_KEY, PICK_KEYS, PadsRead};
pub use pad::{PadAction, PadMap};
pub use words::{InputNames, action_name, inputs_changed, name_inputs, pad_action_name, pad_help};

use bevy::input::ButtonInput;
use bevy::prelude::KeyCode;

/// Something a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Throw, reroll, go on, skip a throw in the air.
    Throw,
    /// Keep the hand as it is.
    Stand,
    /// Keep or let go of the die in this place, left to right (0–4).
    Hold(u8),
    /// The advisor's hint.
    Hint,
    /// The duel's win chance.
    WinChance,
    /// Check, or call a raise.
    Call,
    /// Raise.
    Raise,
    /// Fold.
    Fold,
    /// Use the badge.
    Badge,
    /// Accuse the opponent of playing a crooked die.
    Accuse,
    /// Change the speed.
    Speed,
    /// The rules panel.
    Rules,
    /// The records.
    Records,
    /// Sound on or off.
    Mute,
    /// Quieter.
    VolumeDown,
    /// Louder.
    VolumeUp,
    /// 日本語 / English.
    Language,
}

impl Action {
    /// Every action, in the order the settings list them.
    pub const ALL: [Action; 21] = [
        Action::Throw,
        Action::Stand,
        Action::Hold(0),
        Action::Hold(1),
        Action::Hold(2),
        Action::Hold(3),
        Action::Hold(4),
        Action::Hint,
        Action::WinChance,
        Action::Call,
        Action::Raise,
        Action::Fold,
        Action::Badge,
        Action::Accuse,
        Action::Speed,
        Action::Rules,
        Action::Records,
        Action::Mute,
        Action::VolumeDown,
        Action::VolumeUp,
        Action::Language,
    ];

    /// Its name in the save.
    pub fn name(self) -> &'static str {
        match self {
            Action::Throw => "throw",
            Action::Stand => "stand",
            Action::Hold(0) => "hold_1",
            Action::Hold(1) => "hold_2",
            Action::Hold(2) => "hold_3",
            Action::Hold(3) => "hold_4",
            Action::Hold(_) => "hold_5",
            Action::Hint => "hint",
            Action::WinChance => "win_chance",
            Action::Call => "call",
            Action::Raise => "raise",
            Action::Fold => "fold",
            Action::Badge => "badge",
            Action::Accuse => "accuse",
            Action::Speed => "speed",
            Action::Rules => "rules",
            Action::Records => "records",
            Action::Mute => "mute",
            Action::VolumeDown => "volume_down",
            Action::VolumeUp => "volume_up",
            Action::Language => "language",
        }
    }

    /// The action with this name in the save.
    pub fn named(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The key it has until the player chooses another.
    pub fn default_key(self) -> KeyCode {
        match self {
            Action::Throw => KeyCode::Space,
            Action::Stand => KeyCode::Enter,
            Action::Hold(i) => HOLD_DEFAULTS[usize::from(i).min(4)],
            Action::Hint => KeyCode::KeyH,
            Action::WinChance => KeyCode::KeyW,
            Action::Call => KeyCode::KeyC,
            Action::Raise => KeyCode::KeyR,
            Action::Fold => KeyCode::KeyF,
            Action::Badge => KeyCode::KeyB,
            Action::Accuse => KeyCode::KeyA,
            Action::Speed => KeyCode::KeyS,
            Action::Rules => KeyCode::F1,
            Action::Records => KeyCode::Tab,
            Action::Mute => KeyCode::KeyM,
            Action::VolumeDown => KeyCode::Minus,
            Action::VolumeUp => KeyCode::Equal,
            Action::Language => KeyCode::KeyL,
        }
    }
}

const HOLD_DEFAULTS: [KeyCode; 5] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
];

/// Keys a player may give an action, with the names the save and the
/// screen use. Esc and the arrows stay with the menus.
const KEYS: [(KeyCode, &str); 52] = [
    (KeyCode::KeyA, "A"),
    (KeyCode::KeyB, "B"),
    (KeyCode::KeyC, "C"),
    (KeyCode::KeyD, "D"),
    (KeyCode::KeyE, "E"),
    (KeyCode::KeyF, "F"),
    (KeyCode::KeyG, "G"),
    (KeyCode::KeyH, "H"),
    (KeyCode::KeyI, "I"),
    (KeyCode::KeyJ, "J"),
    (KeyCode::KeyK, "K"),
    (KeyCode::KeyL, "L"),
    (KeyCode::KeyM, "M"),
    (KeyCode::KeyN, "N"),
    (KeyCode::KeyO, "O"),
    (KeyCode::KeyP, "P"),
    (KeyCode::KeyQ, "Q"),
    (KeyCode::KeyR, "R"),
    (KeyCode::KeyS, "S"),
    (KeyCode::KeyT, "T"),
    (KeyCode::KeyU, "U"),
    (KeyCode::KeyV, "V"),
    (KeyCode::KeyW, "W"),
    (KeyCode::KeyX, "X"),
    (KeyCode::KeyY, "Y"),
    (KeyCode::KeyZ, "Z"),
    (KeyCode::Digit0, "0"),
    (KeyCode::Digit1, "1"),
    (KeyCode::Digit2, "2"),
    (KeyCode::Digit3, "3"),
    (KeyCode::Digit4, "4"),
    (KeyCode::Digit5, "5"),
    (KeyCode::Digit6, "6"),
    (KeyCode::Digit7, "7"),
    (KeyCode::Digit8, "8"),
    (KeyCode::Digit9, "9"),
    (KeyCode::F1, "F1"),
    (KeyCode::F2, "F2"),
    (KeyCode::F4, "F4"),
    (KeyCode::F5, "F5"),
    (KeyCode::F6, "F6"),
    (KeyCode::F7, "F7"),
    (KeyCode::F8, "F8"),
    (KeyCode::Space, "Space"),
    (KeyCode::Enter, "Enter"),
    (KeyCode::Tab, "Tab"),
    (KeyCode::Minus, "-"),
    (KeyCode::Equal, "="),
    (KeyCode::Comma, ","),
    (KeyCode::Period, "."),
    (KeyCode::Slash, "/"),
    (KeyCode::Semicolon, ";"),
];

/// The name of a key a player may choose (`None` for the others).
pub fn key_name(key: KeyCode) -> Option<&'static str> {
    KEYS.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
}

/// The key with this name, if a player may choose it.
pub fn key_named(name: &str) -> Option<KeyCode> {
    KEYS.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
}

/// Every key a player may choose.
pub fn choosable() -> impl Iterator<Item = KeyCode> {
    KEYS.iter().map(|(k, _)| *k)
}

/// The keys as a kind of binding: every action has one, always.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keys;

impl Binds for Keys {
    type Action = Action;
    type Input = KeyCode;
    const MAY_BE_UNBOUND: bool = false;
    fn actions() -> Vec<Action> {
        Action::ALL.to_vec()
    }
    fn action_name(action: Action) -> &'static str {
        action.name()
    }
    fn default_input(action: Action) -> Option<KeyCode> {
        Some(action.default_key())
    }
    fn input_name(key: KeyCode) -> Option<&'static str> {
        key_name(key)
    }
    fn input_named(name: &str) -> Option<KeyCode> {
        key_named(name)
    }
}

/// The player's keys: the defaults, and what they changed, saved as the
/// changes only, by name.
pub type KeyMap = Bindings<Keys>;

impl KeyMap {
    /// The key that does `action`.
    pub fn key(&self, action: Action) -> KeyCode {
        self.input(action).unwrap_or_else(|| action.default_key())
    }

    /// True on the frame `action`'s key went down (Enter also from the
    /// keypad, while Stand has its default).
    pub fn just_pressed(&self, keys: &ButtonInput<KeyCode>, action: Action) -> bool {
        let key = self.key(action);
        keys.just_pressed(key) || (key == KeyCode::Enter && keys.just_pressed(KeyCode::NumpadEnter))
    }

    /// The label of `action`'s key on screen.
    pub fn label(&self, action: Action) -> &'static str {
        key_name(self.key(action)).unwrap_or("?")
    }

    /// Writes the player's keys into a text that names the default ones
    /// ("H: ヒント", "C チェック", "Space で投げる", "1-5", "-="): each default
    /// label that stands as a word is replaced by the chosen key's.
    pub fn relabel(&self, text: &str) -> String {
        if self.is_default() {
            return text.to_owned();
        }
        relabel_with(text, self, |action| self.label(action))
    }
}

/// Rewrites each default key label that stands as a word in `text` with
/// `label(action)`; the holds' "1-5" and the volume's "-=" with the keys'
/// own choices from `keys`.
pub fn relabel_with<'a>(text: &str, keys: &KeyMap, label: impl Fn(Action) -> &'a str) -> String {
    let holds: Vec<&str> = (0..5).map(|i| keys.label(Action::Hold(i))).collect();
    let holds_default = holds.iter().zip(1..).all(|(l, n)| *l == n.to_string());
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        let at_word = out.is_empty() || out.ends_with([' ', '\n', '/', '(', '・']);
        if at_word {
            if !holds_default {
                for range in ["1-5", "1–5"] {
                    if let Some(tail) = rest.strip_prefix(range)
                        && !tail.starts_with(|c: char| c.is_ascii_alphanumeric())
                    {
                        out.push_str(&holds.join(""));
                        rest = tail;
                        continue 'scan;
                    }
                }
            }
            // The two volume keys stand together ("-=: 音量").
            if let Some(tail) = rest.strip_prefix("-=")
                && tail.starts_with(':')
            {
                out.push_str(label(Action::VolumeDown));
                out.push_str(label(Action::VolumeUp));
                rest = tail;
                continue 'scan;
            }
            for action in Action::ALL {
                let default = key_name(action.default_key()).unwrap_or("");
                if let Some(tail) = rest.strip_prefix(default)
                    && tail.starts_with([':', ' ', '\n', ')'])
                    && !matches!(action, Action::Hold(_))
                {
                    out.push_str(label(action));
                    rest = tail;
                    continue 'scan;
                }
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}
