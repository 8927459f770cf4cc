//! Every string a player reads, in Japanese (the default) and English: the
//! tables are in `strings.rs`, one exhaustive `match` per language. [`tr`]
//! looks a key up; `{}` in a string is filled in order by [`fill`]. Hand names
//! follow the language too: `3のフラッシュ` is "Five 3s".

pub mod accuse;
pub mod audit;
pub mod career;
mod en;
mod ja;
mod line;
pub mod phrases;
mod strings;

use en::en;
use ja::ja;
pub use line::Line;
pub use strings::Key;

use std::fmt::Display;

use serde::{Deserialize, Serialize};

use crate::rules::career::Badge;
use crate::rules::daily::share_grid;
use crate::rules::duel::{BetAction, BetStyle, HoldStyle, Opponent, Words};
use crate::rules::kinds::DieKind;
use crate::rules::{Hand, HandType};

/// What a finished day of the challenge shares: the day, one square a game
/// for how well it was held (never its dice), and the coins given up.
pub fn daily_share(lang: Lang, date: &str, given_up: &[f64]) -> String {
    let total: f64 = given_up.iter().sum();
    trf(
        lang,
        Key::DailyShare,
        &[
            &date,
            &share_grid(given_up),
            &format!("{:.2}", total.max(0.0)),
        ],
    )
}

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

/// A crooked kind of die, as the evidence names it ("... to 1 it is loaded").
pub fn die_kind_name(lang: Lang, kind: DieKind) -> &'static str {
    match (lang, kind) {
        (Lang::Ja, DieKind::Fair) => "まともなサイコロ",
        (Lang::Ja, DieKind::Tipped) => "少し重りの入ったサイコロ",
        (Lang::Ja, DieKind::Weighted) => "重りの入ったサイコロ",
        (Lang::Ja, DieKind::Loaded) => "鉛を仕込んだサイコロ",
        (Lang::Ja, DieKind::Shaved) => "削ったサイコロ",
        (Lang::En, DieKind::Fair) => "fair",
        (Lang::En, DieKind::Tipped) => "tipped",
        (Lang::En, DieKind::Weighted) => "weighted",
        (Lang::En, DieKind::Loaded) => "loaded",
        (Lang::En, DieKind::Shaved) => "shaved",
    }
}

/// A line of the roster in the language at hand.
pub fn words(lang: Lang, words: &Words) -> &'static str {
    match lang {
        Lang::Ja => words.ja,
        Lang::En => words.en,
    }
}

/// An opponent's name.
pub fn opponent_name(lang: Lang, opponent: &Opponent) -> &'static str {
    match lang {
        Lang::Ja => opponent.name,
        Lang::En => opponent.name_en,
    }
}

/// `text` with its first letter a capital, to open a sentence (Japanese
/// has none and stays as it is).
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// How an opponent plays, in a few words: its holding, then its betting.
pub fn opponent_style(lang: Lang, opponent: &Opponent) -> String {
    let hold = match (lang, opponent.hold) {
        (Lang::Ja, HoldStyle::Largest { careless: 0 }) => "多い目を残す",
        (Lang::Ja, HoldStyle::Largest { careless: 100.. }) => "でたらめに残す",
        (Lang::Ja, HoldStyle::Largest { careless: 50.. }) => "多い目を残す・よく うっかり",
        (Lang::Ja, HoldStyle::Largest { .. }) => "多い目を残す・ときどき うっかり",
        (Lang::Ja, HoldStyle::Straights) => "ストレート狙い",
        (Lang::Ja, HoldStyle::Payout) => "配当の期待値で残す",
        (Lang::Ja, HoldStyle::Exact { slips: 0 }) => "正確な勝率で残す",
        (Lang::Ja, HoldStyle::Exact { .. }) => "勝率で残す・たまに読み違える",
        (Lang::En, HoldStyle::Largest { careless: 0 }) => "keeps its biggest group",
        (Lang::En, HoldStyle::Largest { careless: 100.. }) => "keeps dice at random",
        (Lang::En, HoldStyle::Largest { careless: 50.. }) => {
            "keeps its biggest group, often careless"
        }
        (Lang::En, HoldStyle::Largest { .. }) => "keeps its biggest group, sometimes careless",
        (Lang::En, HoldStyle::Straights) => "chases straights",
        (Lang::En, HoldStyle::Payout) => "keeps for the best expected payout",
        (Lang::En, HoldStyle::Exact { slips: 0 }) => "holds on the exact win chance",
        (Lang::En, HoldStyle::Exact { .. }) => "holds on the win chance, now and then misreads it",
    };
    let bet = match (lang, opponent.bet) {
        (Lang::Ja, BetStyle::Timid) => "賭けは控えめ",
        (Lang::Ja, BetStyle::Payout) => "配当で賭ける",
        (Lang::Ja, BetStyle::Bluffer { .. }) => "よくブラフする",
        (Lang::Ja, BetStyle::Exact { bluff: 0 }) => "勝率で賭ける",
        (Lang::Ja, BetStyle::Exact { .. }) => "勝率で賭け、ときどきブラフ",
        (Lang::En, BetStyle::Timid) => "bets timidly",
        (Lang::En, BetStyle::Payout) => "bets on the payout",
        (Lang::En, BetStyle::Bluffer { .. }) => "bluffs a lot",
        (Lang::En, BetStyle::Exact { bluff: 0 }) => "bets on the win chance",
        (Lang::En, BetStyle::Exact { .. }) => "bets on the win chance, bluffs now and then",
    };
    // The tavern's rumour: a cheat is known as one, not by its die.
    let rumour = match (lang, opponent.cheat.is_some()) {
        (_, false) => "",
        (Lang::Ja, true) => "・イカサマの噂あり",
        (Lang::En, true) => "; rumoured to cheat",
    };
    match lang {
        Lang::Ja => format!("{hold}、{bet}{rumour}"),
        Lang::En => format!("{hold}; {bet}{rumour}"),
    }
}

/// A badge's name.
pub fn badge_name(lang: Lang, badge: Badge) -> &'static str {
    match (lang, badge) {
        (Lang::Ja, Badge::Reroll) => "振り直し",
        (Lang::Ja, Badge::Flip) => "裏返し",
        (Lang::Ja, Badge::Nudge) => "ひと押し",
        (Lang::Ja, Badge::Double) => "倍返し",
        (Lang::Ja, Badge::Shield) => "盾",
        (Lang::En, Badge::Reroll) => "Reroll",
        (Lang::En, Badge::Flip) => "Flip",
        (Lang::En, Badge::Nudge) => "Nudge",
        (Lang::En, Badge::Double) => "Double",
        (Lang::En, Badge::Shield) => "Shield",
    }
}

/// A badge's exact effect, in one sentence.
pub fn badge_effect(lang: Lang, badge: Badge) -> &'static str {
    match (lang, badge) {
        (Lang::Ja, Badge::Reroll) => "毎ラウンド、振り直しが1回増える",
        (Lang::Ja, Badge::Flip) => {
            "1ラウンドに1度、振り直しが終わったとき(使い切るか、スタンドで打ち切る)にサイコロ1個を反対の面(7−n)にする"
        }
        (Lang::Ja, Badge::Nudge) => {
            "1ラウンドに1度、振り直しが終わったとき(使い切るか、スタンドで打ち切る)にサイコロ1個の目を1つ上げるか下げる(1〜6)"
        }
        (Lang::Ja, Badge::Double) => "勝ったラウンドはポットをもう一度受け取る(店が払う)",
        (Lang::Ja, Badge::Shield) => "降りずに負けたラウンドは、出した額の半分(切り捨て)が戻る",
        (Lang::En, Badge::Reroll) => "one more reroll in every round",
        (Lang::En, Badge::Flip) => {
            "once a round, when your rerolls are over (used up, or given up by standing), turn one die to its opposite face (7 − n)"
        }
        (Lang::En, Badge::Nudge) => {
            "once a round, when your rerolls are over (used up, or given up by standing), raise or lower one die by one (1–6)"
        }
        (Lang::En, Badge::Double) => {
            "a round you win pays you the pot a second time (the house pays)"
        }
        (Lang::En, Badge::Shield) => {
            "a round you lose without folding gives back half of what you put in, rounded down"
        }
    }
}

/// "6を残す" / "keeps 6", "全部振り直す", "このまま勝負".
pub fn hold_words(held: &[u8], lang: Lang) -> String {
    match held.len() {
        5 => tr(lang, Key::StandPat).to_owned(),
        0 => tr(lang, Key::RerollAll).to_owned(),
        _ => {
            let faces: Vec<String> = held.iter().map(u8::to_string).collect();
            trf(lang, Key::KeepFaces, &[&faces.join(" ")])
        }
    }
}

/// The word for a bet.
pub fn bet_words(action: BetAction, lang: Lang) -> &'static str {
    tr(
        lang,
        match action {
            BetAction::Check => Key::Check,
            BetAction::Raise => Key::Raised,
            BetAction::Call => Key::Called,
            BetAction::Fold => Key::Fold,
        },
    )
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

/// `v` with its sign (a real minus) to `decimals` places; what rounds to
/// nothing reads 0, unsigned.
pub fn signed(v: f64, decimals: usize) -> String {
    let shown = format!("{:.*}", decimals, v.abs());
    let zero = shown.chars().all(|c| c == '0' || c == '.');
    match v {
        _ if zero => shown,
        v if v > 0.0 => format!("+{shown}"),
        _ => format!("−{shown}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_opens_with_a_capital() {
        assert_eq!(sentence("keeps dice at random"), "Keeps dice at random");
        assert_eq!(sentence("多い目を残す"), "多い目を残す");
        assert_eq!(sentence(""), "");
    }
}
