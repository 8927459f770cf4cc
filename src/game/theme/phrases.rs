//! Shown Japanese wraps at its phrases, never inside a word: every text that
//! changed gets [`keep_phrases`]'s joiners just before the interface lays it
//! out. Whatever reads a text back (a writer deciding whether to write, the
//! screen reader, a test) reads it through [`shows`] or [`plain`] as written.

use bevy::prelude::*;
use bevy::ui::UiSystems;

use crate::lang::phrases::{keep_phrases, plain};

/// Where shown texts get their joiners, in [`PostUpdate`] before layout.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeepPhrases;

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(PostUpdate, KeepPhrases.before(UiSystems::Prepare));
    app.add_systems(PostUpdate, (join_texts, join_spans).in_set(KeepPhrases));
}

fn join_texts(mut texts: Query<&mut Text, Changed<Text>>) {
    for mut text in &mut texts {
        if let Some(joined) = keep_phrases(&text.0) {
            text.0 = joined;
        }
    }
}

fn join_spans(mut spans: Query<&mut TextSpan, Changed<TextSpan>>) {
    for mut span in &mut spans {
        if let Some(joined) = keep_phrases(&span.0) {
            span.0 = joined;
        }
    }
}

/// Sets `text` to `want` unless it shows that already (joiners aside), so
/// a text that did not change is not laid out again.
pub fn show(text: &mut Mut<Text>, want: &str) {
    if !shows(text, want) {
        want.clone_into(&mut text.0);
    }
}

/// True when `text` shows `want` (as written, joiners aside).
pub fn shows(text: &Text, want: &str) -> bool {
    plain(&text.0) == want
}

/// What `text` says, as written.
pub fn said(text: &Text) -> String {
    plain(&text.0).into_owned()
}
