//! `dice-poker autoplay`: plays whole games headless through the same game
//! plugins a player uses, checks the game's promises after every frame, and
//! reports the return, the violations and the speed.
//!
//! A worker thread runs one game app at a time; its "player" sends the same
//! events and key messages a person sends (`--policy best` holds what the
//! advisor says, or lets the duel autopilot play; `--policy random` is a
//! monkey that presses keys and clicks dice and buttons at random frames).
//!
//! [`solo`] drives the solo game and [`matches`] a duel's or a table's
//! matches (what each format counts in [`duel`] and [`table`]), [`checks`]
//! holds the promises checked after every frame, [`report`] adds up and
//! prints what was seen.

mod career;
mod checks;
mod duel;
mod matches;
mod monkey;
mod report;
mod solo;
mod table;

pub use career::{CareerReport, play_career};
pub use report::{AutoplayReport, DuelTally, TableTally, Violation};
pub use table::{TABLE_CHEATS, TABLE_MINDS};

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::dice::derived_seed;
use crate::error::CliError;
use crate::game::Choice;
use crate::game::journal::HistoryAt;
use crate::headless::{self, GameSetup};

use checks::{MovingReads, check_read};
use matches::play_matches;
use report::{Tally, report, write_report};
use solo::play_solo;

/// Worker threads, each with its own game app. Fixed, so a seed gives the same report.
pub const WORKERS: usize = 2;
/// Coins each worker's wallet starts with, so no game needs a fresh start.
pub const BANK: i64 = 1_000_000;
/// Seconds of game time a game or match may take before it counts as unfinished.
pub const MAX_SECONDS_PER_GAME: u64 = 600;
/// How long a frame lasts when the computer plays the player's seat: a
/// software renderer's frame (about seven a second). A game is the same at
/// any frame length (the seed tests play one seed at 1/60 s, 1/7 s and
/// instant speed: the same fixed steps, only grouped), so a longer frame
/// spares the schedules run between physics steps and changes no figure.
/// The monkey keeps the physics' own step: it presses keys frame by frame.
pub const BEST_FRAME: Duration = Duration::from_nanos(1_000_000_000 / 7);
/// Violations kept in full for the report (all are counted).
const KEEP_VIOLATIONS: usize = 20;

/// Which game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The solo game against the payout table.
    Solo,
    /// Duels against a computer opponent.
    Duel,
    /// A whole career up the ladder, the hard mind in the player's seat.
    Career,
    /// Matches at a table of several (`--seats`): the player's seat and
    /// [`TABLE_MINDS`] beside it.
    Table,
}

/// How the player's seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// The advisor's holds (solo) or the exact duel engine (duel).
    Best,
    /// Random keys and clicks at random frames, dice in flight included.
    Random,
}

/// What to play.
#[derive(Clone, Debug)]
pub struct AutoplayOptions {
    /// Complete games (solo) or matches (duel).
    pub games: u64,
    /// Seed for the dice and the player's choices.
    pub seed: u64,
    /// Solo or duel.
    pub mode: Mode,
    /// How the player plays.
    pub policy: Policy,
    /// The duel opponent, an index into [`OPPONENTS`].
    pub opponent: usize,
    /// Seats at the table (table mode): 2 to 4.
    pub seats: usize,
    /// The tavern's cheats sit at the table ([`TABLE_CHEATS`]).
    pub cheats: bool,
    /// Rerolls (`None`: the game's default for the mode).
    pub rerolls: Option<u32>,
    /// The history goes here (`history.jsonl`, every worker's games), the
    /// wallets one folder per worker (`worker-N`); `None`: nothing is kept.
    pub data_dir: Option<PathBuf>,
    /// Print one JSON object instead of a report.
    pub json: bool,
}

/// Runs the games and writes the report. Violations or unfinished games make it fail.
pub fn run(options: &AutoplayOptions, out: &mut impl Write) -> Result<(), CliError> {
    if let Some(dir) = &options.data_dir {
        // A career keeps its save in the folder itself; the workers each a folder.
        let workers = if options.mode == Mode::Career {
            0
        } else {
            WORKERS
        };
        check_data_dir(dir, workers)?;
    }
    if options.mode == Mode::Career {
        return career::run_career(options.seed, options.data_dir.clone(), options.json, out);
    }
    if options.games == 0 {
        return Err(CliError::BadInput("--games must be at least 1".to_owned()));
    }
    let most = match options.mode {
        Mode::Solo => crate::rules::advisor::MAX_REROLLS,
        Mode::Duel | Mode::Career | Mode::Table => crate::rules::duel::MAX_DUEL_REROLLS,
    };
    let seats = crate::rules::table::MIN_SEATS..=crate::rules::table::MAX_SEATS;
    if options.mode == Mode::Table && !seats.contains(&options.seats) {
        return Err(CliError::BadInput(format!(
            "--seats {}: a table seats {} to {}",
            options.seats,
            seats.start(),
            seats.end()
        )));
    }
    if let Some(n) = options.rerolls
        && n as usize > most
    {
        return Err(CliError::BadInput(format!(
            "--rerolls {n}: this mode allows 0 to {most}"
        )));
    }
    let started = Instant::now();
    let tally = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..WORKERS as u64)
            .map(|w| {
                let games =
                    options.games / WORKERS as u64 + u64::from(w < options.games % WORKERS as u64);
                let options = options.clone();
                scope.spawn(move || play_worker(&options, w, games))
            })
            .collect();
        let mut total = Tally::default();
        for h in handles {
            match h.join() {
                Ok(t) => total.merge(t),
                Err(_) => total.violate(options.seed, 0, 0, "a worker panicked".to_owned()),
            }
        }
        total
    });
    let seconds = started.elapsed().as_secs_f64();
    let report = report(options, tally, seconds);
    if options.json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        write_report(&report, out)?;
    }
    if report.violations > 0 || report.unfinished > 0 {
        return Err(CliError::Failed(format!(
            "{} violations, {} unfinished games",
            report.violations, report.unfinished
        )));
    }
    Ok(())
}
/// The folder asked to keep the games must take them: the history can be
/// appended to and each worker's folder written, or nothing is played.
fn check_data_dir(dir: &std::path::Path, workers: usize) -> Result<(), CliError> {
    let cannot = |what: &std::path::Path, e: std::io::Error| {
        CliError::Failed(format!("cannot keep the games in {}: {e}", what.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| cannot(dir, e))?;
    let history = crate::history::history_path(dir);
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&history)
        .map_err(|e| cannot(&history, e))?;
    for worker in 0..workers {
        let folder = dir.join(format!("worker-{worker}"));
        std::fs::create_dir_all(&folder).map_err(|e| cannot(&folder, e))?;
        let probe = folder.join(".written");
        std::fs::write(&probe, b"").map_err(|e| cannot(&folder, e))?;
        std::fs::remove_file(&probe).map_err(|e| cannot(&probe, e))?;
    }
    Ok(())
}

/// The player's seat and the first `seats - 1` of [`TABLE_MINDS`] (or,
/// with `cheats`, of [`TABLE_CHEATS`]) beside it.
pub fn table_seats(seats: usize, cheats: bool) -> crate::game::profile::PartySeats {
    let lineup = if cheats { TABLE_CHEATS } else { TABLE_MINDS };
    let minds = lineup.iter().take(seats.saturating_sub(1)).copied();
    let keys: Vec<&str> = std::iter::once("you").chain(minds).collect();
    crate::game::profile::PartySeats::parse(&keys.join(",")).unwrap_or_default()
}

/// The game app a worker plays in: the player's plugins, headless, on a fixed clock.
fn game_app(options: &AutoplayOptions, seed: u64, worker: u64) -> App {
    let opening = Some(match options.mode {
        Mode::Solo => Choice::Solo,
        Mode::Duel | Mode::Career => Choice::Duel(options.opponent),
        Mode::Table => Choice::Seated,
    });
    // Each run plays fresh games; a cut-off one gives its stake back.
    let mut setup = GameSetup::solo(seed)
        .opening(opening)
        .auto(options.policy == Policy::Best)
        .pace(0.0)
        .coins(BANK);
    setup.launch.rerolls = options.rerolls;
    setup.launch.table = Some(table_seats(options.seats, options.cheats));
    setup.launch.data_dir = options
        .data_dir
        .as_ref()
        .map(|d| d.join(format!("worker-{worker}")));
    let mut app = headless::game_app(&setup);
    // One history for every worker (each keeps its own wallet), as `stats --data-dir DIR` reads it.
    if let Some(dir) = &options.data_dir {
        app.insert_resource(HistoryAt(crate::history::history_path(dir)));
    }
    app.init_resource::<MovingReads>();
    app.add_observer(check_read);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame(options.policy)));
    app
}

/// How long one frame lasts under `policy`.
fn frame(policy: Policy) -> Duration {
    match policy {
        Policy::Best => BEST_FRAME,
        Policy::Random => crate::third_party::rapier::STEP,
    }
}

/// Frames a game under `policy` may take before it counts as unfinished.
pub(super) fn max_frames(policy: Policy) -> u64 {
    let frame = frame(policy).as_secs_f64();
    (MAX_SECONDS_PER_GAME as f64 / frame).ceil() as u64
}

fn play_worker(options: &AutoplayOptions, worker: u64, games: u64) -> Tally {
    let seed = derived_seed(options.seed, worker);
    let mut tally = Tally::default();
    if games == 0 {
        return tally;
    }
    let mut app = game_app(options, seed, worker);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA5A5_5A5A);
    match options.mode {
        Mode::Solo => play_solo(&mut app, options.policy, seed, games, &mut rng, &mut tally),
        Mode::Duel | Mode::Career => {
            let duels = duel::Duels::default();
            let run = (seed, games);
            play_matches(&mut app, duels, options.policy, run, &mut rng, &mut tally);
        }
        Mode::Table => {
            let seats = app
                .world()
                .resource::<crate::game::party::Party>()
                .seats
                .len();
            tally.table.wins.resize(seats, 0);
            let tables = table::Tables::default();
            let run = (seed, games);
            play_matches(&mut app, tables, options.policy, run, &mut rng, &mut tally);
        }
    }
    tally
}
