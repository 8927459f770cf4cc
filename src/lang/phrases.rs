//! Japanese kept whole at its phrases when a line wraps. The line breaker
//! may break between any two kana or kanji (`スリーカー|ド`, `所持|金`), so a
//! shown text gets a word joiner (U+2060, invisible, no break on either side)
//! between the characters of a phrase. A phrase here ends where a reader
//! would pause: at a space, after punctuation or a closing bracket, before
//! an opening one, and where kana that ends a word (a particle, a verb's
//! ending) meets the next word's kanji, katakana or digits (`所持金が|足りません`,
//! `3の|フラッシュ`), unless that kanji ends the word (`ふたり目`). English is left to the line breaker's own word breaks.

use std::borrow::Cow;

/// The invisible joiner put between the characters of a phrase.
pub const JOINER: char = '\u{2060}';

/// Hiragana: the kana of particles and word endings.
fn hiragana(c: char) -> bool {
    ('\u{3041}'..='\u{309F}').contains(&c)
}

/// Any character of Japanese text: kana, kanji, their punctuation and
/// full-width forms.
fn japanese(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{30FF}'   // punctuation, hiragana, katakana
        | '\u{3400}'..='\u{4DBF}' // kanji (extension A)
        | '\u{4E00}'..='\u{9FFF}' // kanji
        | '\u{31F0}'..='\u{31FF}' // small katakana
        | '\u{FF01}'..='\u{FF9F}' // full-width forms, half-width katakana
    )
}

/// A line may end after this (a comma, a stop, a closing bracket).
fn closes(c: char) -> bool {
    "、。，．・：；！？!?,.:;".contains(c) || closing_bracket(c)
}

/// A closing bracket: what follows it may still belong to its phrase.
fn closing_bracket(c: char) -> bool {
    "」』）)］】〉》".contains(c)
}

/// A kanji that ends the word of the kana before it (`ふたり目`, `ひとり目`):
/// no word begins there.
fn suffix(c: char) -> bool {
    "目".contains(c)
}

/// A line may begin with this (an opening bracket).
fn opens(c: char) -> bool {
    "「『（(［【〈《".contains(c)
}

/// True when a line may break between `a` and `b`.
fn breaks_between(a: char, b: char) -> bool {
    if a.is_whitespace() || b.is_whitespace() {
        return true;
    }
    // A particle after a closing bracket belongs to what it closes.
    if closes(b) || opens(a) || (hiragana(b) && closing_bracket(a)) || suffix(b) {
        return false;
    }
    closes(a) || opens(b) || (hiragana(a) && !hiragana(b))
}

/// `text` with a joiner inside every phrase of its Japanese, or `None` when
/// nothing needs joining (no Japanese, or joined already).
pub fn keep_phrases(text: &str) -> Option<String> {
    if !text.chars().any(japanese) {
        return None;
    }
    let bare = plain(text);
    let mut out = String::with_capacity(bare.len() * 2);
    let mut last = None::<char>;
    for c in bare.chars() {
        if let Some(a) = last
            && (japanese(a) || japanese(c))
            && !breaks_between(a, c)
        {
            out.push(JOINER);
        }
        out.push(c);
        last = Some(c);
    }
    (out != text).then_some(out)
}

/// `text` as written, without the joiners [`keep_phrases`] put in.
pub fn plain(text: &str) -> Cow<'_, str> {
    if text.contains(JOINER) {
        Cow::Owned(text.chars().filter(|&c| c != JOINER).collect())
    } else {
        Cow::Borrowed(text)
    }
}

/// Where [`keep_phrases`] puts no joiner in `text`: the char offsets (in
/// [`plain`]'s characters) a line may begin at, as far as phrases go (the
/// line breaker still keeps English words whole).
pub fn break_offsets(text: &str) -> Vec<usize> {
    let chars: Vec<char> = plain(text).chars().collect();
    (1..chars.len())
        .filter(|&i| {
            let (a, b) = (chars[i - 1], chars[i]);
            !(japanese(a) || japanese(b)) || breaks_between(a, b)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The phrases a text is kept in: cut at spaces and where Japanese may
    /// break (the line breaker keeps English and numbers whole itself).
    fn phrases(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = vec![String::new()];
        for (i, &c) in chars.iter().enumerate() {
            let cut = i > 0 && {
                let a = chars[i - 1];
                (japanese(a) || japanese(c)) && breaks_between(a, c)
            };
            if cut || c.is_whitespace() {
                out.push(String::new());
            }
            if !c.is_whitespace() {
                out.last_mut().unwrap().push(c);
            }
        }
        out.retain(|p| !p.is_empty());
        out
    }

    #[test]
    fn words_the_players_saw_broken_stay_whole() {
        for word in [
            "スリーカード",
            "倍返し",
            "レイズ",
            "サイコロ",
            "所持金",
            "フルハウス",
            "ふたり目",
        ] {
            assert_eq!(phrases(word), [word], "{word}");
        }
        assert_eq!(phrases("所持金が足りません"), ["所持金が", "足りません"]);
        assert_eq!(phrases("3のフラッシュ"), ["3の", "フラッシュ"]);
        assert_eq!(phrases("ひとり目の番"), ["ひとり目の", "番"]);
        assert_eq!(
            phrases("コイン 100枚、勝ち。"),
            ["コイン", "100枚、", "勝ち。"]
        );
        assert_eq!(
            phrases("「サイコロ 1」を押す"),
            ["「サイコロ", "1」を", "押す"]
        );
    }

    #[test]
    fn english_is_left_alone_and_joining_is_undone_exactly() {
        assert_eq!(keep_phrases("Full house, 3 coins"), None);
        for text in ["所持金が足りません", "3のフラッシュ (Five 3s)", "役なし"] {
            let joined = keep_phrases(text).unwrap();
            assert_eq!(plain(&joined), text);
            // Joined once is joined: a second pass changes nothing.
            assert_eq!(keep_phrases(&joined), None);
        }
        assert_eq!(break_offsets("所持金が足りません"), [4]);
        assert_eq!(break_offsets("ab cd"), [1, 2, 3, 4]);
    }
}
