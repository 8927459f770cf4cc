//! The save is written off the main thread: each change hands a whole
//! snapshot to one writer thread, which writes them in the order given (a
//! snapshot overtaken by a newer one before it was started is skipped, the
//! newer one being whole too), each atomically. What fails comes back to be
//! told as a [`super::SaveTrouble`]. Dropping the writer waits for what is
//! still to be written, so a game that ends keeps its last save.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use bevy::prelude::*;

use super::save::{SaveData, store};

/// What the writer thread is asked to do.
enum Job {
    /// Write this snapshot to this file.
    Store(PathBuf, Box<SaveData>),
    /// Say when everything asked for before is on disk.
    Flush(Sender<()>),
}

/// The writer thread and its two channels.
#[derive(Resource)]
pub struct SaveWriter {
    jobs: Option<Sender<Job>>,
    troubles: Mutex<Receiver<String>>,
    thread: Option<JoinHandle<()>>,
}

impl Default for SaveWriter {
    fn default() -> Self {
        let (jobs, inbox) = channel::<Job>();
        let (tell, troubles) = channel::<String>();
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
    pub fn store(&self, path: PathBuf, data: SaveData) -> Result<(), String> {
        let job = Job::Store(path, Box::new(data));
        // A thread that is gone hands the job back, to be written here.
        let job = match &self.jobs {
            Some(jobs) => match jobs.send(job) {
                Ok(()) => return Ok(()),
                Err(failed) => failed.0,
            },
            None => job,
        };
        match job {
            Job::Store(path, data) => store(&path, &data).map_err(|e| trouble(&path, &e)),
            Job::Flush(_) => Ok(()),
        }
    }

    /// Waits until every save asked for so far is on disk.
    pub fn flush(&self) {
        let (done, wait) = channel();
        if let Some(jobs) = &self.jobs
            && jobs.send(Job::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    /// What went wrong since this was last asked.
    pub fn troubles(&self) -> Vec<String> {
        self.troubles
            .lock()
            .map(|r| r.try_iter().collect())
            .unwrap_or_default()
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

fn trouble(path: &std::path::Path, e: &std::io::Error) -> String {
    format!("cannot save coins to {}: {e}; playing on", path.display())
}

/// The writer thread: jobs in the order given, except that a snapshot with
/// a newer one for the same file right behind it (no flush between) is
/// skipped: each is whole, so the newer has everything the older had.
fn write_jobs(inbox: &Receiver<Job>, tell: &Sender<String>) {
    while let Ok(first) = inbox.recv() {
        let mut pending: Vec<Job> = vec![first];
        pending.extend(inbox.try_iter());
        let mut jobs = pending.into_iter().peekable();
        while let Some(job) = jobs.next() {
            match job {
                Job::Store(path, data) => {
                    let overtaken =
                        matches!(jobs.peek(), Some(Job::Store(next, _)) if *next == path);
                    if !overtaken && let Err(e) = store(&path, &data) {
                        let _ = tell.send(trouble(&path, &e));
                    }
                }
                Job::Flush(done) => {
                    let _ = done.send(());
                }
            }
        }
    }
}
