//! Coins and the save: the balance, what a game costs, and the save file that
//! keeps the balance and the player's [`Profile`] (settings, last choice, career)
//! between runs, written atomically; a bad file never stops play.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::lang::Lang;
use crate::rules::career::Career;

use super::guide::NewPlayer;
pub use super::profile::Profile;
use super::resume::{Position, Resumable};
use super::settings::{ReducedMotion, TextSize};
use super::speed::Speed;
use crate::keymap::KeyMap;
use crate::sound::SoundSettings;

/// Coins a new player starts with (and is given again when broke).
pub const STARTING_COINS: i64 = 100;
/// Name of the save file inside the data directory.
pub const SAVE_FILE: &str = "save.json";
/// Folder under the user's data directory.
pub const APP_DIR: &str = "dice-poker";

/// The player's coins.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wallet {
    /// Current balance.
    pub coins: i64,
    /// Coins put into a game or duel round that is not yet decided: given
    /// back if the game is cut off (the window killed, the machine off).
    pub at_stake: u64,
}

impl Default for Wallet {
    fn default() -> Self {
        Wallet {
            coins: STARTING_COINS,
            at_stake: 0,
        }
    }
}

impl Wallet {
    /// A balance with nothing at stake.
    pub fn with(coins: i64) -> Wallet {
        Wallet { coins, at_stake: 0 }
    }

    /// Takes the stake for a game; a player who cannot pay is given a fresh
    /// start first. Returns true when that happened.
    pub fn charge(&mut self, stake: u64) -> bool {
        let refilled = self.ensure(stake);
        self.coins -= stake as i64;
        self.at_stake = stake;
        refilled
    }

    /// Gives a fresh start to a player who has less than `needed`. Returns
    /// true when that happened.
    pub fn ensure(&mut self, needed: u64) -> bool {
        let refilled = self.coins < needed as i64;
        if refilled {
            self.coins = STARTING_COINS;
        }
        refilled
    }

    /// Adds a payout: the game is decided, nothing is at stake any more.
    pub fn credit(&mut self, coins: u64) {
        self.coins += coins as i64;
        self.at_stake = 0;
    }

    /// Gives back what a cut-off game had at stake; returns how much.
    pub fn refund(&mut self) -> u64 {
        let back = std::mem::take(&mut self.at_stake);
        self.coins += back as i64;
        back
    }
}

/// Where the balance is saved; `None` when no place could be found.
#[derive(Resource, Debug, Clone, Default)]
pub struct SaveFile(pub Option<PathBuf>);

/// A line for the player about the save file (shown on the HUD, also logged).
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice(pub String);

/// The start screen's last choice, by key (`solo` or an opponent's key).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LastChoice(pub Option<String>);

/// The player's progress up the ladder, as loaded and saved with the profile.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress(pub Career);

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
    /// Something the player should know (file moved aside, unreadable, …).
    pub warning: Option<String>,
}

/// The save file inside `dir`, or inside the user's data directory.
pub fn save_path(dir: Option<&Path>) -> Option<PathBuf> {
    match dir {
        Some(dir) => Some(dir.join(SAVE_FILE)),
        None => dirs::data_dir().map(|d| d.join(APP_DIR).join(SAVE_FILE)),
    }
}

/// Reads the balance. A missing file is a new player; a corrupt or unreadable
/// one is moved aside (never deleted) and play starts fresh with a warning.
pub fn load(path: &Path) -> Loaded {
    let fresh = |warning: Option<String>| Loaded {
        coins: STARTING_COINS,
        at_stake: 0,
        profile: Profile::default(),
        under_way: None,
        warning,
    };
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        // No save at all: a new player.
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let mut loaded = fresh(None);
            loaded.profile.new_player = true;
            return loaded;
        }
        Err(e) => {
            return fresh(Some(format!(
                "cannot read {}: {e}; {}",
                path.display(),
                move_aside(path)
            )));
        }
    };
    match serde_json::from_str::<SaveData>(&text) {
        Ok(data) => Loaded {
            coins: data.coins,
            at_stake: data.at_stake,
            profile: data.profile,
            under_way: data.under_way,
            warning: None,
        },
        Err(e) => fresh(Some(format!(
            "save file {} is damaged ({e}); {}",
            path.display(),
            move_aside(path)
        ))),
    }
}

/// Renames a bad save file out of the way and says where it went.
fn move_aside(path: &Path) -> String {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let aside = path.with_extension(format!("json.bad-{stamp}"));
    match fs::rename(path, &aside) {
        Ok(()) => format!(
            "kept as {}, starting with {STARTING_COINS} coins",
            aside.display()
        ),
        Err(e) => format!("could not move it aside ({e}), starting with {STARTING_COINS} coins"),
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Wallet>()
        .init_resource::<SaveFile>()
        .init_resource::<Notice>()
        .init_resource::<LastChoice>()
        .init_resource::<SoundSettings>()
        .init_resource::<Progress>()
        .init_resource::<Lang>()
        .init_resource::<KeyMap>();
    app.add_systems(PreStartup, load_wallet);
    // Leaving a table on purpose gives up what is on it, as before.
    app.add_systems(OnExit(super::Screen::Solo), give_up_stake);
    app.add_systems(OnExit(super::Screen::Duel), give_up_stake);
    app.add_systems(
        Update,
        save_wallet
            .run_if(
                resource_changed::<Wallet>
                    .or_else(resource_changed::<LastChoice>)
                    .or_else(resource_changed::<SoundSettings>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(resource_changed::<Progress>)
                    .or_else(resource_changed::<Speed>)
                    .or_else(resource_changed::<ReducedMotion>)
                    .or_else(resource_changed::<TextSize>)
                    .or_else(resource_changed::<NewPlayer>)
                    .or_else(resource_changed::<KeyMap>)
                    .or_else(resource_changed::<Resumable>),
            )
            .in_set(super::AppSystems::Rules),
    );
}

fn give_up_stake(mut wallet: ResMut<Wallet>) {
    wallet.at_stake = 0;
}

pub(super) fn load_wallet(
    save: Res<SaveFile>,
    mut wallet: ResMut<Wallet>,
    mut last: ResMut<LastChoice>,
    mut sound: ResMut<SoundSettings>,
    mut lang: ResMut<Lang>,
    mut progress: ResMut<Progress>,
    mut speed: ResMut<Speed>,
    mut motion: ResMut<ReducedMotion>,
    mut text: ResMut<TextSize>,
    mut new_player: ResMut<NewPlayer>,
    mut keys: ResMut<KeyMap>,
    mut resumable: ResMut<Resumable>,
    config: Option<Res<super::GameConfig>>,
    mut notice: ResMut<Notice>,
) {
    let asked = config.as_ref().and_then(|c| c.lang);
    let asked_speed = config.as_ref().and_then(|c| c.speed);
    let Some(path) = &save.0 else {
        if let Some(asked) = asked {
            *lang = asked;
        }
        if let Some(asked) = asked_speed {
            *speed = asked;
        }
        return;
    };
    let loaded = load(path);
    *lang = asked.unwrap_or(loaded.profile.lang);
    wallet.coins = loaded.coins;
    wallet.at_stake = loaded.at_stake;
    // A game cut off before it was decided comes back where it was or gives
    // its stake back: `resume` decides, right after this.
    resumable.0 = loaded.under_way;
    last.0 = loaded.profile.choice;
    *sound = loaded.profile.sound;
    progress.0 = loaded.profile.career;
    *speed = asked_speed.unwrap_or(loaded.profile.speed);
    motion.0 = loaded.profile.reduced_motion;
    *text = loaded.profile.text_size;
    new_player.0 = loaded.profile.new_player;
    *keys = loaded.profile.keys.clone();
    if let Some(warning) = loaded.warning {
        warn!("{warning}");
        notice.0 = warning;
    }
}

fn save_wallet(
    save: Res<SaveFile>,
    wallet: Res<Wallet>,
    last: Res<LastChoice>,
    sound: Res<SoundSettings>,
    lang: Res<Lang>,
    progress: Res<Progress>,
    speed: Res<Speed>,
    motion: Res<ReducedMotion>,
    text: Res<TextSize>,
    new_player: Res<NewPlayer>,
    keys: Res<KeyMap>,
    resumable: Res<Resumable>,
    mut notice: ResMut<Notice>,
) {
    let Some(path) = &save.0 else {
        return;
    };
    let data = SaveData {
        coins: wallet.coins,
        at_stake: wallet.at_stake,
        under_way: resumable.0.clone(),
        profile: Profile {
            choice: last.0.clone(),
            sound: *sound,
            lang: *lang,
            career: progress.0.clone(),
            speed: *speed,
            reduced_motion: motion.0,
            text_size: *text,
            new_player: new_player.0,
            keys: keys.clone(),
        },
    };
    if let Err(e) = store(path, &data) {
        let msg = format!("cannot save coins to {}: {e}; playing on", path.display());
        warn!("{msg}");
        notice.0 = msg;
    }
}
