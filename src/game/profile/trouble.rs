//! What can go wrong with the files the game keeps (the save, a friend's
//! save, the history), kept as causes rather than sentences: the game says
//! one in the player's language ([`Trouble::line`]); the log and the command
//! line write the same message in English ([`Display`]). The system's own
//! reason (an I/O or format error) and the file's path read the same in both.

use std::fmt;
use std::path::PathBuf;

use crate::lang::{Key, Lang, Line, trf};

use super::{MOST_COINS, STARTING_COINS};

/// What became of a damaged save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aside {
    /// Kept under this name, out of the way.
    Kept(PathBuf),
    /// Every name tried was taken: left where it was.
    NoFreeName,
    /// Keeping it failed, for this reason.
    Failed(String),
}

/// Something the player should hear about a file the game keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// The save is there but could not be read: it is left as it is and
    /// nothing is saved this run.
    Unreadable { path: PathBuf, why: String },
    /// The save is not a save: set aside, play starts fresh.
    Damaged {
        path: PathBuf,
        why: String,
        aside: Aside,
    },
    /// The save's coins are out of range: the rest is kept, the coins start
    /// fresh, a copy is set aside.
    OutOfRange {
        path: PathBuf,
        coins: i64,
        at_stake: u64,
        aside: Aside,
    },
    /// The save's game under way does not add up: the rest is kept, the
    /// game is not put back (its stake is given back), a copy is set aside.
    CutOff {
        path: PathBuf,
        why: String,
        at_stake: u64,
        aside: Aside,
    },
    /// Some of the save's settings or choices do not read: those are back
    /// to their defaults, the coins and the rest are kept, a copy is set aside.
    PartLost {
        path: PathBuf,
        fields: String,
        why: String,
        aside: Aside,
    },
    /// A save could not be written (play goes on).
    Unsaved { path: PathBuf, why: String },
    /// A finished game's line could not be added to the history.
    Unrecorded { path: PathBuf, why: String },
}

impl Aside {
    fn words(&self, lang: Lang) -> String {
        match self {
            Aside::Kept(at) => trf(lang, Key::AsideKept, &[&at.display(), &STARTING_COINS]),
            Aside::NoFreeName => trf(lang, Key::AsideNoName, &[&STARTING_COINS]),
            Aside::Failed(why) => trf(lang, Key::AsideFailed, &[why, &STARTING_COINS]),
        }
    }
}

impl Aside {
    /// The same, for a copy kept beside a save whose coins are kept.
    fn copy_words(&self, lang: Lang) -> String {
        match self {
            Aside::Kept(at) => trf(lang, Key::AsideCopyKept, &[&at.display()]),
            Aside::NoFreeName => trf(lang, Key::AsideCopyFailed, &[&"no free name"]),
            Aside::Failed(why) => trf(lang, Key::AsideCopyFailed, &[why]),
        }
    }
}

impl Trouble {
    /// What the player is told, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Trouble::Unreadable { path, why } => trf(
                lang,
                Key::TroubleUnreadable,
                &[&path.display(), why, &STARTING_COINS],
            ),
            Trouble::Damaged { path, why, aside } => trf(
                lang,
                Key::TroubleDamaged,
                &[&path.display(), why, &aside.words(lang)],
            ),
            Trouble::OutOfRange {
                path,
                coins,
                at_stake,
                aside,
            } => trf(
                lang,
                Key::TroubleOutOfRange,
                &[
                    &path.display(),
                    coins,
                    at_stake,
                    &MOST_COINS,
                    &aside.words(lang),
                ],
            ),
            Trouble::CutOff {
                path,
                why,
                at_stake,
                aside,
            } => trf(
                lang,
                Key::TroubleCutOff,
                &[&path.display(), why, at_stake, &aside.copy_words(lang)],
            ),
            Trouble::PartLost {
                path,
                fields,
                why,
                aside,
            } => trf(
                lang,
                Key::TroublePartLost,
                &[&path.display(), fields, why, &aside.copy_words(lang)],
            ),
            Trouble::Unsaved { path, why } => {
                trf(lang, Key::TroubleUnsaved, &[&path.display(), why])
            }
            Trouble::Unrecorded { path, why } => {
                trf(lang, Key::TroubleUnrecorded, &[&path.display(), why])
            }
        }
    }

    /// The same, written out in whatever language is on when it is shown.
    pub fn line(&self) -> Line {
        let trouble = self.clone();
        Line::new(move |lang| trouble.words(lang))
    }
}

/// In English, for the log and the command line.
impl fmt::Display for Trouble {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trouble_is_told_in_both_languages_with_its_file_and_reason() {
        let path = PathBuf::from("/data/save.json");
        let aside = Aside::Kept(PathBuf::from("/data/save.json.bad-7"));
        let troubles = [
            Trouble::Unreadable {
                path: path.clone(),
                why: "Permission denied".to_owned(),
            },
            Trouble::Damaged {
                path: path.clone(),
                why: "expected value".to_owned(),
                aside: aside.clone(),
            },
            Trouble::OutOfRange {
                path: path.clone(),
                coins: -5,
                at_stake: 0,
                aside: Aside::Failed("disk full".to_owned()),
            },
            Trouble::CutOff {
                path: path.clone(),
                why: "seat 4's dice: a face of 7".to_owned(),
                at_stake: 15,
                aside: aside.clone(),
            },
            Trouble::PartLost {
                path: path.clone(),
                fields: "keys, text_size".to_owned(),
                why: "invalid type: integer `5`".to_owned(),
                aside: aside.clone(),
            },
            Trouble::Unsaved {
                path: path.clone(),
                why: "No space left".to_owned(),
            },
            Trouble::Unrecorded {
                path: path.clone(),
                why: "Read-only".to_owned(),
            },
        ];
        for trouble in &troubles {
            let (ja, en) = (trouble.words(Lang::Ja), trouble.words(Lang::En));
            assert_ne!(ja, en, "{trouble:?}");
            for said in [&ja, &en] {
                assert!(said.contains("/data/save.json"), "{said}");
                assert!(!said.contains("{}"), "{said}");
            }
            // Japanese words around the path, not the English sentence.
            assert!(
                ja.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
                "{ja}"
            );
            assert_eq!(trouble.to_string(), en);
            assert_eq!(trouble.line().in_lang(Lang::Ja), ja);
        }
        assert!(
            troubles[1]
                .to_string()
                .contains("kept as /data/save.json.bad-7")
        );
        assert!(troubles[2].to_string().contains("disk full"));
    }
}
