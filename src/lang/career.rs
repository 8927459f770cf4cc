//! The ladder in words: a rung's status (beaten, open, or locked and why)
//! and a match's length, for the ladder screen and the `ladder` report alike.

use crate::rules::career::{Career, Locked, Rung, ladder};
use crate::rules::duel::Opponent;

use super::{Key, Lang, opponent_name, tr, trf};

/// Why a rung is locked, in words: every locked rung names who opens it
/// (the opponent right below, whose defeat opens it) or the coins its venue asks.
pub fn locked_words(rung: &Rung, locked: Locked, lang: Lang) -> String {
    match locked {
        Locked::Beat(first) => {
            let below = rung
                .index
                .checked_sub(1)
                .map_or(first, |i| ladder()[i].opponent);
            trf(lang, Key::StatusAfter, &[&opponent_name(lang, below)])
        }
        Locked::BuyIn(coins) => trf(lang, Key::StatusBuyIn, &[&coins]),
    }
}

/// A rung as the player stands with it: beaten, open, or locked and why.
pub fn status_words(rung: &Rung, career: &Career, coins: i64, lang: Lang) -> String {
    if career.has_beaten(rung.opponent.key) {
        return tr(lang, Key::StatusBeaten).to_owned();
    }
    match career.check(rung, coins) {
        Ok(()) => tr(lang, Key::StatusOpen).to_owned(),
        Err(locked) => locked_words(rung, locked, lang),
    }
}

/// A match's length in words: `2本先取` / "best of 3".
pub fn best_of(opponent: &Opponent, lang: Lang) -> String {
    let n = match lang {
        Lang::Ja => opponent.wins,
        Lang::En => 2 * opponent.wins - 1,
    };
    trf(lang, Key::BestOf, &[&n])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locked_rung_names_the_opponent_whose_defeat_opens_it() {
        let career = Career::default();
        for lang in [Lang::Ja, Lang::En] {
            for rung in &ladder()[1..] {
                let below = opponent_name(lang, ladder()[rung.index - 1].opponent);
                let said = status_words(rung, &career, i64::MAX, lang);
                assert_eq!(
                    said,
                    trf(lang, Key::StatusAfter, &[&below]),
                    "{}",
                    rung.index
                );
            }
        }
    }
}
