//! Both languages: every string, the hands' names, the command line's `--lang`.

use dice_poker::rules::hand::evaluate_roll;

use crate::support::{dice_poker, stderr, stdout};

#[test]
fn every_string_exists_in_both_languages_and_hands_have_english_names() {
    use dice_poker::lang::{Key, Lang, fill, hand_name, tr};
    use std::collections::HashSet;
    // Each language is one exhaustive match, so every key has a string; these
    // are real, distinct where they name things, and take the same arguments.
    let all: HashSet<Key> = Key::ALL.iter().copied().collect();
    assert_eq!(all.len(), Key::ALL.len(), "no key twice");
    for &key in Key::ALL {
        for lang in [Lang::Ja, Lang::En] {
            assert!(!tr(lang, key).is_empty(), "{lang:?} {key:?}");
        }
        // The same placeholders in both, so one call fills either.
        let holes = |lang| tr(lang, key).matches("{}").count();
        assert_eq!(holes(Lang::Ja), holes(Lang::En), "{key:?}");
    }
    // Only strings without words (…, "{}: {}" and the like) are shared.
    for &key in Key::ALL {
        let ja = tr(Lang::Ja, key);
        if ja == tr(Lang::En, key) {
            assert!(
                !ja.chars().any(char::is_alphabetic),
                "{key:?} untranslated: {ja}"
            );
        }
    }
    assert_eq!(fill("あと{}回", &[&2]), "あと2回");
    let name = |faces: [u8; 5], lang| hand_name(lang, &evaluate_roll(&faces));
    assert_eq!(name([3, 3, 3, 3, 3], Lang::Ja), "3のフラッシュ");
    assert_eq!(name([3, 3, 3, 3, 3], Lang::En), "Five 3s");
    assert_eq!(name([1, 1, 1, 4, 4], Lang::En), "Full house");
    assert_eq!(name([1, 2, 3, 4, 6], Lang::En), "Nothing");
}

#[test]
fn cli_follows_lang_and_stays_japanese_by_default() {
    assert_eq!(
        stdout(&dice_poker(&["eval", "3", "3", "3", "3", "3"], None)),
        "3のフラッシュ\n"
    );
    let out = dice_poker(&["eval", "--lang", "en", "3", "3", "3", "3", "3"], None);
    assert_eq!(stdout(&out), "Five 3s\n", "{}", stderr(&out));
    let out = dice_poker(&["eval", "--lang", "en"], Some("1 1 1 4 4\n2 3 4 5 6\n"));
    assert_eq!(stdout(&out), "Full house\nStraight\n", "{}", stderr(&out));
    let text = stdout(&dice_poker(&["payouts", "--lang", "en"], None));
    assert!(
        text.contains("Five of a kind") && text.contains("Full house"),
        "{text}"
    );
    let out = dice_poker(&["eval", "--lang", "fr", "1", "2", "3", "4", "5"], None);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown language is bad input"
    );
}

#[test]
fn no_shown_string_uses_the_middle_dot_the_font_draws_as_a_mark() {
    use dice_poker::lang::{Key, Lang, tr};
    // U+00B7 is a combining mark in the bundled font: "a · b" shows as "a ·b".
    for lang in [Lang::Ja, Lang::En] {
        for &key in Key::ALL {
            assert!(!tr(lang, key).contains('\u{b7}'), "{key:?} in {lang:?}");
        }
    }
}
