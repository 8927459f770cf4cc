//! The saves and the history are written off the main thread: each change
//! hands a whole snapshot (the player's save, a friend's) or a finished
//! game's line to one writer thread, which writes them in the order given (a
//! snapshot overtaken by a newer one of the same file before it was started
//! is skipped, the newer one being whole too), each atomically and on disk
//! before the next, so a frame never waits for a disk. What fails comes back
//! to be told as a [`super::SaveTrouble`]. Dropping the writer waits for what
//! is still to be written, so a game that ends keeps its last save and line.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use bevy::prelude::*;

use crate::history::{self, Record};

use super::save::{SaveData, store};
use super::trouble::Trouble;

/// What the writer thread is asked to do.
enum Job {
    /// Write this snapshot to this file.
    Store(PathBuf, Box<SaveData>),
    /// Append this line to this history.
    Append(PathBuf, Box<Record>),
    /// Say when everything asked for before is on disk.
    Flush(Sender<()>),
}

/// The writer thread and its two channels.
#[derive(Resource)]
pub struct SaveWriter {
    jobs: Option<Sender<Job>>,
    troubles: Mutex<Receiver<Trouble>>,
    thread: Option<JoinHandle<()>>,
}

impl Default for SaveWriter {
    fn default() -> Self {
        let (jobs, inbox) = channel::<Job>();
        let (tell, troubles) = channel::<Trouble>();
        let thread = std::thread::Builder::new()
            .name("save writer".to_owned())
            .spawn(move || write_jobs(&inbox, &tell))
            .ok();
        SaveWriter {
            jobs: thread.is_some().then_some(jobs),
            troubles: Mutex::new(troubles),
            thread,
        }
    }
}

impl SaveWriter {
    /// Writes `data` to `path` soon, after everything asked for before. With
    /// no thread to hand it to, it is written now.
    pub fn store(&self, path: PathBuf, data: SaveData) -> Result<(), Trouble> {
        self.hand_over(Job::Store(path, Box::new(data)))
    }

    /// Appends `record` to the history at `path` soon, after everything
    /// asked for before. With no thread to hand it to, it is written now.
    pub fn append(&self, path: PathBuf, record: Record) -> Result<(), Trouble> {
        self.hand_over(Job::Append(path, Box::new(record)))
    }

    /// Gives `job` to the thread, or does it here when there is none (a
    /// thread that is gone hands the job back).
    fn hand_over(&self, job: Job) -> Result<(), Trouble> {
        let job = match &self.jobs {
            Some(jobs) => match jobs.send(job) {
                Ok(()) => return Ok(()),
                Err(failed) => failed.0,
            },
            None => job,
        };
        run_now(job)
    }

    /// Waits until every save and line asked for so far is on disk.
    pub fn flush(&self) {
        let (done, wait) = channel();
        if let Some(jobs) = &self.jobs
            && jobs.send(Job::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    /// What went wrong since this was last asked.
    pub fn troubles(&self) -> Vec<Trouble> {
        self.troubles
            .lock()
            .map(|r| r.try_iter().collect())
            .unwrap_or_default()
    }
}

/// Writes `data` to `path` through `writer` (soon, in order), or now when
/// there is no writer (a game without a save folder).
pub fn store_soon(
    writer: Option<&SaveWriter>,
    path: PathBuf,
    data: SaveData,
) -> Result<(), Trouble> {
    through(writer, Job::Store(path, Box::new(data)))
}

/// Appends `record` to the history at `path` through `writer` (soon, in
/// order), or now when there is no writer.
pub fn append_soon(
    writer: Option<&SaveWriter>,
    path: PathBuf,
    record: Record,
) -> Result<(), Trouble> {
    through(writer, Job::Append(path, Box::new(record)))
}

fn through(writer: Option<&SaveWriter>, job: Job) -> Result<(), Trouble> {
    match writer {
        Some(writer) => writer.hand_over(job),
        None => run_now(job),
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        // Closing the channel ends the thread once the last job is done.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A job done now, on the thread that asks.
fn run_now(job: Job) -> Result<(), Trouble> {
    match job {
        Job::Store(path, data) => store(&path, &data).map_err(|e| Trouble::Unsaved {
            why: e.to_string(),
            path,
        }),
        Job::Append(path, mut record) => {
            // A table round's luck and skill take some milliseconds: worked
            // out here, off the frame.
            record.work_out();
            history::append(&path, &record).map_err(|e| Trouble::Unrecorded {
                why: e.to_string(),
                path,
            })
        }
        Job::Flush(_) => Ok(()),
    }
}

/// The writer thread: jobs in the order given, except that a snapshot with
/// a newer one for the same file right behind it (no flush between) is
/// skipped: each is whole, so the newer has everything the older had.
fn write_jobs(inbox: &Receiver<Job>, tell: &Sender<Trouble>) {
    while let Ok(first) = inbox.recv() {
        let mut pending: Vec<Job> = vec![first];
        pending.extend(inbox.try_iter());
        let mut jobs = pending.into_iter().peekable();
        while let Some(job) = jobs.next() {
            match job {
                Job::Flush(done) => {
                    let _ = done.send(());
                }
                Job::Store(path, _) if matches!(jobs.peek(), Some(Job::Store(next, _)) if *next == path) =>
                    {}
                job => {
                    if let Err(trouble) = run_now(job) {
                        let _ = tell.send(trouble);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::history::Mode;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dice-poker-writer-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn game(time: u64, coins_out: u64) -> Record {
        Record {
            time,
            mode: Mode::Solo,
            opponent: None,
            rerolls: 2,
            seed: Some(time),
            throws: Vec::new(),
            decisions: Vec::new(),
            hand: "役なし".to_owned(),
            coins_in: 10,
            coins_out,
            result: None,
            badge: None,
            round: None,
            daily: None,
            table: None,
            dice: None,
        }
    }

    #[test]
    fn history_lines_and_saves_reach_the_disk_in_the_order_given() {
        let dir = scratch("order");
        let (history, save) = (history::history_path(&dir), dir.join("save.json"));
        let writer = SaveWriter::default();
        for t in 1..=20 {
            writer.append(history.clone(), game(t, t * 3)).unwrap();
            let data = SaveData {
                coins: t as i64,
                ..Default::default()
            };
            writer.store(save.clone(), data).unwrap();
        }
        writer.flush();
        let times: Vec<u64> = history::load(&history)
            .unwrap()
            .records
            .iter()
            .map(|r| r.time)
            .collect();
        assert_eq!(times, (1..=20).collect::<Vec<_>>(), "every line, in order");
        assert_eq!(super::super::load(&save).coins, 20, "the last save wins");
        assert!(writer.troubles().is_empty());
    }

    #[test]
    fn a_history_that_cannot_be_written_is_a_trouble_that_names_it() {
        let dir = scratch("blocked");
        // A folder where the history's file should be.
        let history = history::history_path(&dir);
        fs::create_dir_all(&history).unwrap();
        let writer = SaveWriter::default();
        writer.append(history.clone(), game(1, 0)).unwrap();
        writer.flush();
        let troubles = writer.troubles();
        assert_eq!(troubles.len(), 1, "{troubles:?}");
        assert!(
            matches!(&troubles[0], Trouble::Unrecorded { path, .. } if *path == history),
            "{:?}",
            troubles[0]
        );
    }
}
