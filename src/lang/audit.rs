//! The dice audit in words: odds as a player says them, a die's verdict,
//! and a die's line, for the records screen and `stats --dice` alike (the
//! command line speaks English).

use crate::rules::evidence::Verdict;
use crate::rules::kinds::DieKind;

use super::{Lang, die_kind_name};

/// Odds past this are told as "over a million to 1".
const ODDS_SHOWN: f64 = 1e6;

/// A likelihood ratio as a player reads it: "3 to 1", or "1 to 5" when the
/// faces favour a fair die.
pub fn odds_words(lang: Lang, ratio: f64) -> String {
    let figure = |x: f64| {
        if x < 10.0 {
            format!("{x:.1}")
        } else {
            format!("{x:.0}")
        }
    };
    let (high, low) = if ratio >= 1.0 {
        (figure(ratio), "1".to_owned())
    } else {
        ("1".to_owned(), figure(1.0 / ratio.max(f64::MIN_POSITIVE)))
    };
    match (lang, ratio >= ODDS_SHOWN) {
        (Lang::Ja, true) => "100万対1以上".to_owned(),
        (Lang::En, true) => "over a million to 1".to_owned(),
        (Lang::Ja, false) => format!("{high}対{low}"),
        (Lang::En, false) => format!("{high} to {low}"),
    }
}

/// What the sequential test says of a die: crooked (and of which kind),
/// fair, or open, with the kind its faces fit best and the odds for it.
pub fn verdict_words(lang: Lang, verdict: Verdict, likeliest: DieKind, odds: f64) -> String {
    let odds = odds_words(lang, odds);
    match (lang, verdict) {
        (Lang::Ja, Verdict::Crooked(kind)) => {
            format!("{}の疑い ({odds})", die_kind_name(lang, kind))
        }
        (Lang::En, Verdict::Crooked(kind)) => {
            format!("crooked: {} ({odds})", die_kind_name(lang, kind))
        }
        (Lang::Ja, Verdict::Fair) => "まとも".to_owned(),
        (Lang::En, Verdict::Fair) => "fair".to_owned(),
        (Lang::Ja, Verdict::Open) => {
            format!(
                "決め手なし (近いのは{}、{odds})",
                die_kind_name(lang, likeliest)
            )
        }
        (Lang::En, Verdict::Open) => format!(
            "open (likeliest crooked: {}, {odds})",
            die_kind_name(lang, likeliest)
        ),
    }
}

/// The records screen's chart of the audit: its title.
pub fn audit_title(lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => "サイコロの監査: 目の割合 (線はまともなサイコロの 1/6)",
        Lang::En => "Your dice: each face's share (the line: a fair die's 1/6)",
    }
}

/// One die's line on the records screen: its slot, throws, p-value against
/// a fair die and verdict; for a die the player chose crooked, its kind and
/// the p-value of its faces against that kind's own chances.
pub fn audit_line(
    lang: Lang,
    (die, throws, p): (usize, u64, f64),
    verdict: &str,
    chosen: Option<(DieKind, f64)>,
) -> String {
    match (lang, chosen) {
        (Lang::Ja, None) => format!("{die}番目: {throws}回、偏りの p = {p:.3}、{verdict}"),
        (Lang::En, None) => {
            format!("Die {die}: {throws} throws, p = {p:.3} against fair, {verdict}")
        }
        (Lang::Ja, Some((kind, own))) => format!(
            "{die}番目 (選んだ{}): {throws}回、種類どおりか p = {own:.3}",
            die_kind_name(lang, kind)
        ),
        (Lang::En, Some((kind, own))) => format!(
            "Die {die} (chosen {}): {throws} throws, against its kind p = {own:.3}",
            die_kind_name(lang, kind)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_read_as_a_player_says_them() {
        assert_eq!(odds_words(Lang::En, 40.2), "40 to 1");
        assert_eq!(odds_words(Lang::En, 2.04), "2.0 to 1");
        assert_eq!(odds_words(Lang::En, 0.2), "1 to 5.0");
        assert_eq!(odds_words(Lang::En, 1e30), "over a million to 1");
        assert_eq!(odds_words(Lang::Ja, 40.2), "40対1");
        assert_eq!(odds_words(Lang::Ja, 0.2), "1対5.0");
    }
}
