//! Where the window-free commands find the save and the history: read as
//! they are, never changed (a report sets nothing aside and writes nothing).

use std::path::{Path, PathBuf};

use super::CliError;
use crate::game::profile::{Loaded, load, save_path};

/// The save in `dir` (or the user's data folder), read without changing it;
/// what is wrong with it is said on standard error.
pub fn saved_profile(dir: Option<&Path>) -> Option<Loaded> {
    let loaded = save_path(dir).filter(|p| p.exists()).map(|p| load(&p));
    if let Some(warning) = loaded.as_ref().and_then(|l| l.warning.as_ref()) {
        eprintln!("dice-poker: {warning}");
    }
    loaded
}

/// The folder of the save and the history: `dir`, or the user's data folder.
pub fn data_folder(dir: Option<PathBuf>) -> Option<PathBuf> {
    dir.or_else(|| save_path(None).and_then(|p| p.parent().map(PathBuf::from)))
}

/// The folder a report on the history reads, or why there is none.
pub fn history_folder(dir: Option<PathBuf>) -> Result<PathBuf, CliError> {
    data_folder(dir)
        .ok_or_else(|| CliError::Failed("no data folder found: give --data-dir".to_owned()))
}
