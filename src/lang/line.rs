//! A line for the player that is written out in whatever language is on
//! when it is shown, so a notice or a hint on screen follows the language
//! key like every other text.

use std::fmt;
use std::sync::Arc;

use super::{Key, Lang, tr};

/// A line said in any language: a message key with its arguments (or a text
/// that reads the same in all, as a file's path with the system's error).
#[derive(Clone)]
pub struct Line(Arc<dyn Fn(Lang) -> String + Send + Sync>);

impl Line {
    /// The line `write` gives for a language.
    pub fn new(write: impl Fn(Lang) -> String + Send + Sync + 'static) -> Line {
        Line(Arc::new(write))
    }

    /// A message key with no arguments.
    pub fn key(key: Key) -> Line {
        Line::new(move |lang| tr(lang, key).to_owned())
    }

    /// A text that reads the same in every language.
    pub fn plain(text: impl Into<String>) -> Line {
        let text: String = text.into();
        Line::new(move |_| text.clone())
    }

    /// This line, then `more`, with `between` them.
    pub fn then(self, between: &'static str, more: Line) -> Line {
        Line::new(move |lang| format!("{}{between}{}", self.in_lang(lang), more.in_lang(lang)))
    }

    /// The line in `lang`.
    pub fn in_lang(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Line({:?})", self.in_lang(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::trf;

    #[test]
    fn a_line_is_written_in_the_language_asked_for_each_time() {
        let refill = Line::new(|lang| trf(lang, Key::Refill, &[&100]));
        let both = refill.clone().then(" — ", Line::plain("/tmp/save.json"));
        assert_eq!(
            both.in_lang(Lang::Ja),
            format!("{} — /tmp/save.json", trf(Lang::Ja, Key::Refill, &[&100]))
        );
        assert_eq!(
            both.in_lang(Lang::En),
            format!("{} — /tmp/save.json", trf(Lang::En, Key::Refill, &[&100]))
        );
        assert_ne!(refill.in_lang(Lang::Ja), refill.in_lang(Lang::En));
        assert_eq!(
            Line::key(Key::Resumed).in_lang(Lang::En),
            tr(Lang::En, Key::Resumed)
        );
    }
}
