//! The save file: what is on disk (the balance, the game under way and the
//! [`Profile`]), read once at start and written atomically. A damaged file is
//! set aside under a name of its own, never deleted or overwritten; a file
//! that merely cannot be read is left as it is and never saved over.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::position::Position;
use super::sections::Profile;
use super::settings::NewPlayer;
use super::trouble::{Aside, Trouble};
use super::wallet::{STARTING_COINS, Wallet};

/// Name of the save file inside the data directory.
pub const SAVE_FILE: &str = "save.json";
/// Folder under the user's data directory.
pub const APP_DIR: &str = "dice-poker";
/// How many names a damaged file may try before it is left where it is.
const ASIDE_TRIES: u32 = 1000;

/// What is on disk: the balance and, beside it in the same object, the profile.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct SaveData {
    /// Balance.
    pub coins: i64,
    /// Coins in a game or round that was not decided when this was written
    /// (older saves: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub at_stake: u64,
    /// Where a game under way stands (older saves: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under_way: Option<Position>,
    /// Settings and choices.
    #[serde(flatten)]
    pub profile: Profile,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The result of loading the save file.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The balance to play with.
    pub coins: i64,
    /// Coins a cut-off game had at stake.
    pub at_stake: u64,
    /// Settings and choices.
    pub profile: Profile,
    /// Where a cut-off game stood.
    pub under_way: Option<Position>,
    /// Something the player should know (file set aside, unreadable, …).
    pub warning: Option<Trouble>,
    /// The file is there but could not be read: it must not be saved over.
    pub leave_alone: bool,
}

impl Loaded {
    /// A fresh start: the starting coins and a profile of defaults.
    fn fresh(warning: Option<Trouble>) -> Loaded {
        Loaded {
            coins: STARTING_COINS,
            at_stake: 0,
            profile: Profile::default(),
            under_way: None,
            warning,
            leave_alone: false,
        }
    }
}

/// The save file inside `dir`, or inside the user's data directory.
pub fn save_path(dir: Option<&Path>) -> Option<PathBuf> {
    match dir {
        Some(dir) => Some(dir.join(SAVE_FILE)),
        None => dirs::data_dir().map(|d| d.join(APP_DIR).join(SAVE_FILE)),
    }
}

/// The most a save file holds: a few kilobytes in play; a larger file (or
/// anything but a regular file) is not ours and is left alone.
pub const MAX_SAVE_BYTES: u64 = 1 << 20;

/// Reads the save. A missing file is a new player; a damaged one is set
/// aside (never deleted) and play starts fresh with a warning; one that
/// cannot be read (its permissions, say) is left alone.
pub fn load(path: &Path) -> Loaded {
    let text = match crate::files::read_capped(path, MAX_SAVE_BYTES) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        // No save at all: a new player.
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let mut loaded = Loaded::fresh(None);
            loaded.profile.new_player = NewPlayer(true);
            return loaded;
        }
        Err(e) => {
            let mut loaded = Loaded::fresh(Some(Trouble::Unreadable {
                path: path.to_owned(),
                why: e.to_string(),
            }));
            loaded.leave_alone = true;
            return loaded;
        }
    };
    // The game under way is read apart from the rest: a position that does
    // not parse or add up is set aside alone, and the coins and the profile
    // are kept.
    let (data, under_way, lost) = match parse(&text) {
        Ok(parsed) => parsed,
        Err(e) => {
            return Loaded::fresh(Some(Trouble::Damaged {
                path: path.to_owned(),
                why: crate::files::excerpt(&e.to_string()),
                aside: set_aside(path, Keep::Move),
            }));
        }
    };
    // Parts of the profile that do not read are back to their defaults;
    // the coins and everything else are kept.
    let lost = lost.map(|(fields, why)| Trouble::PartLost {
        path: path.to_owned(),
        fields,
        why: crate::files::excerpt(&why),
        aside: set_aside(path, Keep::Copy),
    });
    let Some(wallet) = Wallet::checked(data.coins, data.at_stake) else {
        // Settings and progress are kept; the coins are not believed.
        return Loaded {
            profile: data.profile,
            ..Loaded::fresh(Some(Trouble::OutOfRange {
                path: path.to_owned(),
                coins: data.coins,
                at_stake: data.at_stake,
                aside: set_aside(path, Keep::Copy),
            }))
        };
    };
    let (under_way, warning) = match under_way.map(|v| position(v, wallet.at_stake)) {
        None => (None, lost),
        Some(Ok(position)) => (Some(position), lost),
        Some(Err(why)) => (
            None,
            Some(Trouble::CutOff {
                path: path.to_owned(),
                why: crate::files::excerpt(&why),
                at_stake: wallet.at_stake,
                aside: set_aside(path, Keep::Copy),
            }),
        ),
    };
    Loaded {
        coins: wallet.coins,
        at_stake: wallet.at_stake,
        profile: data.profile,
        under_way,
        warning,
        leave_alone: false,
    }
}

/// What of a save's profile could not be read: the fields (comma-joined)
/// and the first reason.
type Lost = Option<(String, String)>;

/// The save's text as its data without the game under way, that game's
/// part as it was written (not yet read as a position), and the profile's
/// fields that had to be left out.
fn parse(text: &str) -> serde_json::Result<(SaveData, Option<serde_json::Value>, Lost)> {
    let mut value: serde_json::Value = serde_json::from_str(text)?;
    let under_way = value
        .as_object_mut()
        .and_then(|o| o.remove("under_way"))
        .filter(|v| !v.is_null());
    match serde_json::from_value(value.clone()) {
        Ok(data) => Ok((data, under_way, None)),
        Err(e) => match value.as_object().and_then(salvage) {
            Some((data, fields)) => Ok((data, under_way, Some((fields.join(", "), e.to_string())))),
            None => Err(e),
        },
    }
}

/// A save whose profile does not read as a whole, read field by field:
/// the coins first (without them nothing is believed), then each other
/// field kept if the save still reads with it; the fields left out go back
/// to their defaults (every section has one).
fn salvage(object: &serde_json::Map<String, serde_json::Value>) -> Option<(SaveData, Vec<String>)> {
    let reads = |fields: &serde_json::Map<String, serde_json::Value>| {
        serde_json::from_value::<SaveData>(serde_json::Value::Object(fields.clone())).ok()
    };
    let mut kept = serde_json::Map::new();
    kept.insert("coins".to_owned(), object.get("coins")?.clone());
    reads(&kept)?;
    let mut left_out = Vec::new();
    for (field, value) in object.iter().filter(|(field, _)| *field != "coins") {
        let mut with = kept.clone();
        with.insert(field.clone(), value.clone());
        if reads(&with).is_some() {
            kept = with;
        } else {
            left_out.push(field.clone());
        }
    }
    Some((reads(&kept)?, left_out))
}

/// A game under way as the save wrote it, read and checked against the
/// coins the save says it had at stake; `Err` says why it cannot come back.
fn position(value: serde_json::Value, at_stake: u64) -> Result<Position, String> {
    let position: Position = serde_json::from_value(value).map_err(|e| e.to_string())?;
    position.check(at_stake).map_err(|e| e.to_string())?;
    Ok(position)
}

/// How a damaged save is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Renamed out of the way.
    Move,
    /// Copied, the rest of it being used.
    Copy,
}

/// A name for a damaged file that no other file has: `save.json.bad-<secs>`,
/// then `-2`, `-3`, … for more in the same second.
fn aside_name(path: &Path, stamp: u64, n: u32) -> PathBuf {
    match n {
        0 | 1 => path.with_extension(format!("json.bad-{stamp}")),
        n => path.with_extension(format!("json.bad-{stamp}-{n}")),
    }
}

/// Keeps a damaged save out of the way under a name of its own and says
/// where it went.
fn set_aside(path: &Path, how: Keep) -> Aside {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let Some(aside) = (1..=ASIDE_TRIES)
        .map(|n| aside_name(path, stamp, n))
        .find(|p| !p.exists())
    else {
        return Aside::NoFreeName;
    };
    let done = match how {
        Keep::Move => fs::rename(path, &aside),
        Keep::Copy => fs::copy(path, &aside).map(|_| ()),
    };
    match done {
        Ok(()) => Aside::Kept(aside),
        Err(e) => Aside::Failed(e.to_string()),
    }
}

/// Writes the save so that a crash at any instant leaves either the old file
/// or the new one, whole: the text goes to a temporary file that is flushed
/// to disk, renamed over the save, and the folder is flushed too so the
/// rename itself is on disk.
pub fn store(path: &Path, data: &SaveData) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let tmp = path.with_extension("json.tmp");
    let text = serde_json::to_string(data).map_err(io::Error::other)?;
    {
        let mut file = fs::File::create(&tmp)?;
        io::Write::write_all(&mut file, text.as_bytes())?;
        file.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    sync_dir(dir)
}

/// Flushes a folder's entries (the rename) to disk where the system allows it.
fn sync_dir(dir: &Path) -> io::Result<()> {
    if cfg!(unix) {
        fs::File::open(dir)?.sync_all()
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dice-poker-save-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn asides(dir: &Path) -> usize {
        fs::read_dir(dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().contains(".bad-"))
            })
            .count()
    }

    #[test]
    fn two_damaged_saves_in_one_second_are_both_kept() {
        let dir = scratch("twice");
        let path = dir.join(SAVE_FILE);
        for text in ["{ first", "{ second"] {
            fs::write(&path, text).unwrap();
            let loaded = load(&path);
            assert_eq!(loaded.coins, STARTING_COINS);
            assert!(
                loaded
                    .warning
                    .is_some_and(|w| w.to_string().contains("kept as"))
            );
        }
        assert_eq!(asides(&dir), 2);
        assert!(!path.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn coins_out_of_range_are_refused_and_the_settings_kept() {
        let dir = scratch("range");
        let path = dir.join(SAVE_FILE);
        for text in [
            r#"{"coins": -9223372036854775808, "lang": "en"}"#,
            r#"{"coins": 9223372036854775807, "at_stake": 18446744073709551615, "lang": "en"}"#,
        ] {
            fs::write(&path, text).unwrap();
            let loaded = load(&path);
            assert_eq!((loaded.coins, loaded.at_stake), (STARTING_COINS, 0));
            assert_eq!(loaded.profile.lang, crate::lang::Lang::En);
            assert!(
                loaded
                    .warning
                    .is_some_and(|w| w.to_string().contains("out of range"))
            );
            assert!(path.exists(), "the file itself stays where it is");
        }
        assert_eq!(asides(&dir), 2);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_setting_that_does_not_read_goes_back_to_its_default_and_the_coins_stay() {
        let dir = scratch("part-lost");
        let path = dir.join(SAVE_FILE);
        std::fs::write(
            &path,
            r#"{"coins": 1000, "at_stake": 0, "lang": "en", "text_size": "huge", "keys": 5}"#,
        )
        .unwrap();
        let loaded = load(&path);
        assert_eq!((loaded.coins, loaded.at_stake), (1000, 0));
        assert_eq!(loaded.profile.lang, crate::lang::Lang::En, "kept");
        assert_eq!(loaded.profile.text_size, Default::default());
        let Some(Trouble::PartLost { fields, .. }) = &loaded.warning else {
            panic!("{:?}", loaded.warning);
        };
        assert!(
            fields.contains("text_size") && fields.contains("keys"),
            "{fields}"
        );
        assert!(!fields.contains("lang"), "{fields}");
        assert_eq!(asides(&dir), 1, "a copy is kept");
        assert!(path.exists(), "the save stays where it is");
        // Without coins that read, nothing is believed: set aside whole.
        std::fs::write(&path, r#"{"coins": "many", "lang": "en"}"#).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.coins, STARTING_COINS);
        assert!(matches!(loaded.warning, Some(Trouble::Damaged { .. })));
    }

    #[test]
    fn a_good_save_loads_as_it_was_stored() {
        let dir = scratch("good");
        let path = dir.join(SAVE_FILE);
        let data = SaveData {
            coins: 240,
            at_stake: 10,
            ..SaveData::default()
        };
        store(&path, &data).unwrap();
        let loaded = load(&path);
        assert_eq!((loaded.coins, loaded.at_stake), (240, 10));
        assert_eq!((loaded.warning, loaded.leave_alone), (None, false));
        let _ = fs::remove_dir_all(&dir);
    }
}
