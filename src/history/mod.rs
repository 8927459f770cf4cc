//! The history: one JSON line per finished solo game, duel round or table
//! round, appended to `history.jsonl` beside the save. A line is written whole in one append
//! and flushed, so a crash can at worst leave a damaged last line, which the
//! reader skips with a warning; nothing before it is lost.

pub mod daily;
mod read;
pub use read::{Loaded, MAX_RECORD_BYTES, NAMED_WARNINGS, for_each, load};
pub mod stats;

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::duel::Badge;
use crate::rules::luck::{Account, RoundTrace, TableTrace, table_accounts};

/// Name of the history file inside the data directory.
pub const HISTORY_FILE: &str = "history.jsonl";

/// One throw of the player's dice.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Throw {
    /// The five faces after the throw, in slot order.
    pub faces: [u8; 5],
    /// Which slots were kept (not thrown) for this throw; all free for a first throw.
    pub held: [bool; 5],
}

/// One hold decision and what it was worth, exactly.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Decision {
    /// The faces the decision was made on.
    pub faces: [u8; 5],
    /// Rerolls left when deciding.
    pub rerolls_left: u32,
    /// The faces kept (all five: stand).
    pub chosen: Vec<u8>,
    /// Value of the choice: expected coins (solo) or win chance (duel).
    pub chosen_value: f64,
    /// The best choice's faces.
    pub best: Vec<u8>,
    /// The best choice's value.
    pub best_value: f64,
}

impl Decision {
    /// What this choice gave up against the best one (never below nothing).
    pub fn given_up(&self) -> f64 {
        (self.best_value - self.chosen_value).max(0.0)
    }

    /// The decision to keep `chosen` from `faces`, weighed against every
    /// hold there was: `options` lists each hold with its value, best first
    /// (expected coins in solo, the win chance in a duel). A hold not listed is worth nothing.
    pub fn weighed<'a>(
        faces: [u8; 5],
        rerolls_left: u32,
        chosen: Vec<u8>,
        options: impl IntoIterator<Item = (&'a [u8], f64)>,
    ) -> Decision {
        let mut options = options.into_iter().peekable();
        let (best, best_value) = options
            .peek()
            .map_or((Vec::new(), 0.0), |&(held, value)| (held.to_vec(), value));
        let chosen_value = options
            .find(|&(held, _)| held == chosen.as_slice())
            .map_or(0.0, |(_, value)| value);
        Decision {
            faces,
            rerolls_left,
            chosen,
            chosen_value,
            best,
            best_value,
        }
    }
}

/// What a line of the history records (the file's names: `solo`, `daily`,
/// `duel`, `practice`, `table`).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// A solo game for coins.
    Solo,
    /// A game of the daily challenge (dealt dice, a score, no coins).
    Daily,
    /// A duel round for coins.
    Duel,
    /// A duel round for nothing.
    Practice,
    /// A round at a table of two to four seats.
    Table,
}

impl Mode {
    /// The name the file (and `stats --json`) gives it.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Solo => "solo",
            Mode::Daily => "daily",
            Mode::Duel => "duel",
            Mode::Practice => "practice",
            Mode::Table => "table",
        }
    }

    /// The mode the file names `key`.
    pub fn from_key(key: &str) -> Option<Mode> {
        [
            Mode::Solo,
            Mode::Daily,
            Mode::Duel,
            Mode::Practice,
            Mode::Table,
        ]
        .into_iter()
        .find(|m| m.key() == key)
    }
}

/// How a duel round ended for the side that wrote it (the file's names:
/// `win`, `loss`, `draw`, `fold`, `opponent_fold`, `caught`,
/// `false_accusation`).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The better hand at the showdown.
    Win,
    /// The worse hand at the showdown.
    Loss,
    /// Equal hands.
    Draw,
    /// This side folded.
    Fold,
    /// The other side folded.
    OpponentFold,
    /// This side accused the other of cheating, and a crooked die was found.
    Caught,
    /// This side accused the other of cheating, and none was found.
    FalseAccusation,
}

impl Outcome {
    /// The name the file gives it.
    pub fn key(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::Fold => "fold",
            Outcome::OpponentFold => "opponent_fold",
            Outcome::Caught => "caught",
            Outcome::FalseAccusation => "false_accusation",
        }
    }
}

/// A finished solo game or duel round.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Record {
    /// Seconds since 1970 when it finished.
    pub time: u64,
    /// What was played.
    pub mode: Mode,
    /// The opponent's key, in a duel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// Rerolls the rules allowed.
    pub rerolls: u32,
    /// The dice seed, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every throw of the player's dice, first throw first.
    pub throws: Vec<Throw>,
    /// Every hold decision of the player.
    pub decisions: Vec<Decision>,
    /// The final hand's name.
    pub hand: String,
    /// Coins the player put in (stake; ante and bets).
    pub coins_in: u64,
    /// Coins paid to the player (payout; the pot).
    pub coins_out: u64,
    /// In a duel: how the round ended for this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
    /// A die the player changed with a badge this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub badge: Option<BadgeUse>,
    /// In a duel: every throw and decision of both sides, from this side's
    /// seat (what the round's luck and skill are worked out from).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<RoundTrace>,
    /// In the daily challenge: which day, game and run, and the score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailyMark>,
    /// At a table of several: who sat where, every seat's hand, and what
    /// decided the round for each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableMark>,
    /// The player's dice by slot, when one was crooked (none: five fair dice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Vec<crate::rules::kinds::DieKind>>,
}

impl Record {
    /// Works out what the line says that takes time to work out: a table
    /// round's luck and skill for every seat, from its trace (once).
    pub fn work_out(&mut self) {
        if let Some(mark) = self.table.as_mut()
            && mark.accounts.is_empty()
        {
            mark.accounts = table_accounts(&mark.trace);
        }
    }
}

/// A round at a table of several, for every seat.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct TableMark {
    /// Every seat's key in turn order (`you`, `friend`, an opponent's key).
    pub seats: Vec<String>,
    /// The seat whose line this is.
    pub seat: usize,
    /// Each seat's last hand (`None`: it sat the round out or never threw).
    pub hands: Vec<Option<String>>,
    /// Each seat's coins paid in this round, ante and bets.
    pub put: Vec<u64>,
    /// Each seat's coins paid out of the pots.
    pub paid: Vec<u64>,
    /// Each seat's luck and skill in share of the pot (`None`: it folded,
    /// sat out, or the round was not whole); worked out from the trace as
    /// the line is written ([`Record::work_out`]).
    #[serde(default)]
    pub accounts: Vec<Option<Account>>,
    /// Every throw, hold and fold of the round.
    pub trace: TableTrace,
}

/// A game of the daily challenge.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct DailyMark {
    /// The day whose dice were dealt, `YYYY-MM-DD`.
    pub date: String,
    /// The game of the day, from 1.
    pub game: u32,
    /// When the run of five games began (seconds since 1970): tells runs apart.
    pub run: u64,
    /// Expected coins given up against the best holds in this game.
    pub given_up: f64,
}

/// A badge used on a die.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct BadgeUse {
    /// The badge (written by its key: `flip`, `nudge`).
    pub badge: Badge,
    /// The die's slot (0–4).
    pub slot: usize,
    /// Its face before.
    pub from: u8,
    /// Its face after.
    pub to: u8,
}

/// The history file inside `dir`.
pub fn history_path(dir: &Path) -> PathBuf {
    dir.join(HISTORY_FILE)
}

/// Appends one record as one line, written in a single call and flushed to disk.
pub fn append(path: &Path, record: &Record) -> io::Result<()> {
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        fs::create_dir_all(dir)?;
    }
    let mut line = serde_json::to_string(record).map_err(io::Error::other)?;
    line.push('\n');
    // Opening a named pipe to write waits for a reader: only a regular file
    // (or none yet) is appended to.
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    // A damaged last line (a crash mid-write) must not swallow this one.
    if file.metadata()?.len() > 0 && !ends_with_newline(path)? {
        line.insert(0, '\n');
    }
    file.write_all(line.as_bytes())?;
    file.sync_data()
}

fn ends_with_newline(path: &Path) -> io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = fs::File::open(path)?;
    f.seek(SeekFrom::End(-1))?;
    let mut last = [0u8; 1];
    f.read_exact(&mut last)?;
    Ok(last[0] == b'\n')
}

/// Seconds since 1970, for a record's time.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_is_weighed_against_the_best_hold_and_an_unlisted_one_is_worth_nothing() {
        let options: [(&[u8], f64); 3] = [(&[6, 6, 6], 12.5), (&[6, 6], 9.0), (&[], 4.0)];
        let kept = Decision::weighed([6, 6, 6, 2, 1], 2, vec![6, 6], options);
        assert_eq!(kept.best, vec![6, 6, 6]);
        assert_eq!((kept.chosen_value, kept.best_value), (9.0, 12.5));
        assert_eq!((kept.faces, kept.rerolls_left), ([6, 6, 6, 2, 1], 2));
        assert_eq!(kept.given_up(), 3.5);
        let odd = Decision::weighed([6, 6, 6, 2, 1], 1, vec![2, 1], options);
        assert_eq!(odd.chosen_value, 0.0);
        // A choice valued above the listed best (rounding) gives up nothing.
        let above = Decision {
            chosen_value: 12.6,
            ..kept
        };
        assert_eq!(above.given_up(), 0.0);
        let none = Decision::weighed([1; 5], 0, vec![1; 5], []);
        assert_eq!((none.best.len(), none.best_value), (0, 0.0));
    }

    #[test]
    fn modes_and_outcomes_keep_the_names_the_file_has_always_had() {
        // The names written in history files since the first one.
        for (mode, name) in [
            (Mode::Solo, "solo"),
            (Mode::Daily, "daily"),
            (Mode::Duel, "duel"),
            (Mode::Practice, "practice"),
            (Mode::Table, "table"),
        ] {
            assert_eq!(serde_json::to_string(&mode).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<Mode>(&format!("\"{name}\"")).unwrap(),
                mode
            );
            assert_eq!((mode.key(), Mode::from_key(name)), (name, Some(mode)));
        }
        for (outcome, name) in [
            (Outcome::Win, "win"),
            (Outcome::Loss, "loss"),
            (Outcome::Draw, "draw"),
            (Outcome::Fold, "fold"),
            (Outcome::OpponentFold, "opponent_fold"),
            (Outcome::Caught, "caught"),
            (Outcome::FalseAccusation, "false_accusation"),
        ] {
            let quoted = format!("\"{name}\"");
            assert_eq!(serde_json::to_string(&outcome).unwrap(), quoted);
            assert_eq!(serde_json::from_str::<Outcome>(&quoted).unwrap(), outcome);
            assert_eq!(outcome.key(), name);
        }
        assert_eq!(Mode::from_key("chess"), None);
    }

    #[test]
    fn a_badge_used_is_read_and_written_by_the_key_the_file_has_always_had() {
        for badge in Badge::ALL {
            let line = format!(r#"{{"badge":"{}","slot":2,"from":1,"to":6}}"#, badge.key());
            let used: BadgeUse = serde_json::from_str(&line).unwrap();
            assert_eq!(used.badge, badge);
            assert_eq!(serde_json::to_string(&used).unwrap(), line);
        }
        assert!(
            serde_json::from_str::<BadgeUse>(r#"{"badge":"luck","slot":0,"from":1,"to":2}"#)
                .is_err()
        );
    }
}
