//! The history's page being written: each settled throw and hold decision of
//! the game or round under way, and the writer that appends a finished one to
//! `history.jsonl` beside the save. What a solo game and a duel round add to
//! the page, and when it is written, live with them (`solo::record`,
//! `duel::record`).

use bevy::prelude::*;

use crate::dice::{DiceSettled, TrayDice};
use crate::history::{self, Decision, Record, Throw};
use crate::rules::hand::Roll;

use super::profile::{SaveFile, SaveWriter, append_soon};
use super::{GameTray, Notice, Phase};

/// The game or round being played, as it will be written.
#[derive(Resource, Debug, Default)]
pub struct Journal {
    /// The player's throws so far.
    pub throws: Vec<Throw>,
    /// The player's decisions so far.
    pub decisions: Vec<Decision>,
    /// A friend's throws in the far seat of a table of two people.
    pub far_throws: Vec<Throw>,
    /// A friend's decisions, likewise.
    pub far_decisions: Vec<Decision>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Journal>();
    app.add_observer(note_throw);
    app.add_systems(OnEnter(Phase::Ready), clear);
}

/// The history file when it is not beside the save: autoplay's workers
/// each keep a wallet of their own but write one history.
#[derive(Resource, Debug, Clone)]
pub struct HistoryAt(pub std::path::PathBuf);

/// Where the history lives: where [`HistoryAt`] says, else beside the save,
/// or nowhere.
pub fn history_file(save: &SaveFile, at: Option<&HistoryAt>) -> Option<std::path::PathBuf> {
    if let Some(at) = at {
        return Some(at.0.clone());
    }
    let dir = save.0.as_ref()?.parent()?;
    Some(history::history_path(dir))
}

/// Appends `record` to the history, through the save's writer when there is
/// one (off the main thread); what fails is logged and told in the notice.
pub fn write(
    save: &SaveFile,
    at: Option<&HistoryAt>,
    writer: Option<&SaveWriter>,
    notice: &mut Notice,
    record: Record,
) {
    if let Some(path) = history_file(save, at) {
        write_to(path, writer, notice, record);
    }
}

/// Appends `record` to the history at `path`, as [`write`] does.
pub fn write_to(
    path: std::path::PathBuf,
    writer: Option<&SaveWriter>,
    notice: &mut Notice,
    record: Record,
) {
    if let Err(trouble) = append_soon(writer, path, record) {
        notice.tell(&trouble);
    }
}

/// Waits until every line handed to the writer is in the history (before
/// the history is read).
pub fn flush(writer: Option<&SaveWriter>) {
    if let Some(writer) = writer {
        writer.flush();
    }
}

fn clear(mut journal: ResMut<Journal>) {
    journal.throws.clear();
    journal.decisions.clear();
}

/// Every settled throw of the player's own tray.
fn note_throw(
    settled: On<DiceSettled>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    if tray.is_some_and(|t| t.0 == settled.tray) {
        // Thrown dice are no longer held: what is held is what was kept.
        journal.throws.push(Throw {
            faces: settled.faces,
            held: dice.held(settled.tray),
        });
    }
}

/// Faces of the held slots, low to high.
pub fn kept(faces: &Roll, held: &[bool; 5]) -> Vec<u8> {
    let mut kept: Vec<u8> = (0..5).filter(|&s| held[s]).map(|s| faces[s]).collect();
    kept.sort_unstable();
    kept
}
