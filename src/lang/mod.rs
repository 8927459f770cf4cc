//! Every string a player reads, in Japanese (the default) and English: the
//! tables are in `strings.rs`, one exhaustive `match` per language. [`tr`]
//! looks a key up; `{}` in a string is filled in order by [`fill`]. Hand names
//! follow the language too: `3のフラッシュ` is "Five 3s".

mod strings;

pub use strings::Key;
use strings::{en, ja};

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::rules::{Hand, HandType};

/// The language of the interface.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Default,
    Serialize,
    Deserialize,
    clap::ValueEnum,
    bevy::prelude::Resource,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// 日本語.
    #[default]
    Ja,
    /// English.
    En,
}

impl Lang {
    /// The other language (the L key).
    pub fn toggled(self) -> Lang {
        match self {
            Lang::Ja => Lang::En,
            Lang::En => Lang::Ja,
        }
    }
}

/// The string for `key` in `lang`.
///
/// One exhaustive `match` per language: a string missing from a language
/// does not compile.
pub fn tr(lang: Lang, key: Key) -> &'static str {
    match lang {
        Lang::Ja => ja(key),
        Lang::En => en(key),
    }
}

/// `template` with each `{}` replaced by the next of `args`.
pub fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut args = args.iter();
    let mut rest = template;
    while let Some(at) = rest.find("{}") {
        out.push_str(&rest[..at]);
        if let Some(a) = args.next() {
            out.push_str(&a.to_string());
        }
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    out
}

/// [`tr`] then [`fill`].
pub fn trf(lang: Lang, key: Key, args: &[&dyn Display]) -> String {
    fill(tr(lang, key), args)
}

/// A hand type's name.
pub fn hand_type_name(lang: Lang, kind: HandType) -> &'static str {
    match lang {
        Lang::Ja => kind.name(),
        Lang::En => match kind {
            HandType::None => "Nothing",
            HandType::OnePair => "One pair",
            HandType::TwoPair => "Two pair",
            HandType::ThreeOfAKind => "Three of a kind",
            HandType::Straight => "Straight",
            HandType::FullHouse => "Full house",
            HandType::FourOfAKind => "Four of a kind",
            HandType::Flush => "Five of a kind",
        },
    }
}

/// The name a player sees for a hand: `3のフラッシュ` / "Five 3s", `フルハウス` / "Full house".
pub fn hand_name(lang: Lang, hand: &Hand) -> String {
    match (lang, hand.flush_face()) {
        (Lang::Ja, _) => hand.to_string(),
        (Lang::En, Some(face)) => format!("Five {face}s"),
        (Lang::En, None) => hand_type_name(lang, hand.kind()).to_owned(),
    }
}

/// Columns a string takes in a terminal: East Asian characters take two.
pub fn display_width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// Pads `text` on the right to `width` terminal columns.
pub fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// Pads `text` on the left to `width` terminal columns.
pub fn pad_left(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    format!("{}{text}", " ".repeat(fill))
}
