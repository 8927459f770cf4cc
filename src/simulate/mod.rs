//! `dice-poker simulate`: throws the physical dice headless, many trays at a
//! time, and reports whether they behave like fair dice and how long they take.

mod report;

use report::print_report;
pub use report::{Report, SettleSeconds, sigmas, summarize};

use std::io::Write;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::dice::derived_seed;
use crate::dice::kinds::Kind;
use crate::dice::throw::Aim;
use crate::dice::{DiceSettled, ThrowDice, ThrowStats, Tray, spawn_table};
use crate::error::CliError;
use crate::headless::{physics_app, single_threaded};
use crate::lang::Lang;
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

/// Worker threads, each with its own physics world. Fixed, not taken from the
/// machine, so a seed gives the same report everywhere.
pub const WORKERS: usize = 2;
/// Trays per world: many small islands per step spread the engine's per-step cost.
pub const TRAYS_PER_WORKER: usize = 40;
/// Distance between tray centres.
const TRAY_SPACING: f32 = 16.0;
/// Wall-clock seconds between progress lines on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);
/// Physics steps a single throw may take before the run gives up on it
/// (far beyond the settle timeout and its nudges).
const MAX_STEPS_PER_THROW: u64 = 60 * 120;

/// How the simulated dice are thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ThrowStyle {
    /// The game's standard throw from the left (Space or the button).
    #[default]
    Standard,
    /// A random flick every throw: any direction, any strength allowed.
    Flick,
}

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimulateOptions {
    /// Throws of all five dice.
    pub throws: u64,
    /// Seed for every throw.
    pub seed: u64,
    /// How the dice are thrown.
    pub style: ThrowStyle,
    /// Print one JSON object instead of a report.
    pub json: bool,
    /// Also draw the charts into this SVG file.
    pub plot: Option<std::path::PathBuf>,
    /// The language of the hands' names (text, JSON keys, chart labels).
    pub lang: Lang,
    /// The first die of each tray is of this kind (the others fair).
    pub die: Option<DieKind>,
}

/// One throw's outcome.
#[derive(Clone, Copy, Debug)]
pub struct ThrowResult {
    /// The five faces read.
    pub faces: [u8; DICE],
    /// Simulated seconds to rest.
    pub seconds: f32,
}

/// What one worker's trays did.
#[derive(Debug, Default)]
pub struct WorkerReport {
    /// Every throw, grouped by tray.
    pub throws: Vec<ThrowResult>,
    /// Nudges, respawns and timeouts summed over the trays.
    pub stats: ThrowStats,
}

/// Throws left for each tray and the results so far.
#[derive(Resource)]
struct Quota {
    left: Vec<(Entity, u64)>,
    results: Vec<ThrowResult>,
    /// Draws each throw's flick when the style is [`ThrowStyle::Flick`].
    flicks: Option<ChaCha8Rng>,
}

impl Quota {
    /// How the next throw is aimed.
    fn aim(&mut self) -> Option<Aim> {
        self.flicks.as_mut().map(Aim::random)
    }
}

/// Throws `quotas[i]` times into tray `i` of a fresh world and returns what happened.
pub fn run_worker(
    seeds_and_quotas: &[(u64, u64)],
    (style, die): (ThrowStyle, Option<DieKind>),
    on_step: impl Fn(u64),
) -> WorkerReport {
    let mut app = physics_app();
    let trays: Vec<(u64, u64)> = seeds_and_quotas.to_vec();
    let flicks = (style == ThrowStyle::Flick).then(|| {
        let seed = seeds_and_quotas.first().map_or(0, |&(s, _)| s);
        ChaCha8Rng::seed_from_u64(derived_seed(seed, u64::MAX))
    });
    app.add_systems(Startup, move |mut commands: Commands| {
        let mut left = Vec::new();
        for (i, &(seed, quota)) in trays.iter().enumerate() {
            let origin = Vec3::new(i as f32 * TRAY_SPACING, 0.0, 0.0);
            let tray = spawn_table(&mut commands, origin, seed);
            left.push((tray, quota));
        }
        commands.insert_resource(Quota {
            left,
            results: Vec::new(),
            flicks: flicks.clone(),
        });
    });
    app.add_observer(record_and_rethrow);
    app.finish();
    app.cleanup();
    single_threaded(&mut app);
    app.update();
    if let Some(kind) = die {
        first_dice_of(&mut app, kind);
    }
    start_all(&mut app);

    let total: u64 = seeds_and_quotas.iter().map(|(_, q)| q).sum();
    let mut steps = 0u64;
    let limit = MAX_STEPS_PER_THROW * total.max(1);
    loop {
        let done = app.world().resource::<Quota>().results.len() as u64;
        if done >= total || steps >= limit {
            break;
        }
        app.update();
        steps += 1;
        on_step(done);
    }
    let mut report = WorkerReport::default();
    let world = app.world_mut();
    let mut stats = world.query::<&ThrowStats>();
    for s in stats.iter(world) {
        report.stats.settled += s.settled;
        report.stats.nudges += s.nudges;
        report.stats.respawns += s.respawns;
        report.stats.timeouts += s.timeouts;
    }
    report.throws = std::mem::take(&mut world.resource_mut::<Quota>().results);
    report
}

/// Makes the first die of every tray a die of `kind`.
fn first_dice_of(app: &mut App, kind: DieKind) {
    let world = app.world_mut();
    let firsts: Vec<Entity> = world
        .query::<&Tray>()
        .iter(world)
        .map(|t| t.dice[0])
        .collect();
    for die in firsts {
        world.entity_mut(die).insert(Kind(kind));
    }
    world.flush();
}

/// Throws every tray that still has throws to make.
fn start_all(app: &mut App) {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &Tray)>();
    let throws: Vec<ThrowDice> = q
        .iter(world)
        .map(|(tray, t)| ThrowDice {
            tray,
            dice: t.dice.to_vec(),
            aim: None,
            opens: false,
        })
        .collect();
    let mut quota = world.resource_mut::<Quota>();
    let mut starting: Vec<ThrowDice> = throws
        .into_iter()
        .filter(|t| quota.left.iter().any(|&(tray, n)| tray == t.tray && n > 0))
        .collect();
    for throw in &mut starting {
        throw.aim = quota.aim();
    }
    for throw in starting {
        world.trigger(throw);
    }
    world.flush();
}

/// Keeps a settled throw and throws that tray again while it has throws left.
fn record_and_rethrow(
    settled: On<DiceSettled>,
    mut commands: Commands,
    mut quota: ResMut<Quota>,
    trays: Query<&Tray>,
) {
    let Some(slot) = quota.left.iter().position(|&(t, _)| t == settled.tray) else {
        return;
    };
    if quota.left[slot].1 == 0 {
        return;
    }
    quota.left[slot].1 -= 1;
    quota.results.push(ThrowResult {
        faces: settled.faces,
        seconds: settled.seconds,
    });
    if quota.left[slot].1 > 0
        && let Ok(tray) = trays.get(settled.tray)
    {
        let aim = quota.aim();
        commands.trigger(ThrowDice {
            tray: settled.tray,
            dice: tray.dice.to_vec(),
            aim,
            opens: false,
        });
    }
}

/// Splits `throws` over every tray of every worker, the same way on every machine.
pub fn plan(throws: u64, seed: u64) -> Vec<Vec<(u64, u64)>> {
    let trays = (WORKERS * TRAYS_PER_WORKER) as u64;
    (0..WORKERS)
        .map(|w| {
            (0..TRAYS_PER_WORKER)
                .map(|t| {
                    let index = (w * TRAYS_PER_WORKER + t) as u64;
                    let quota = throws / trays + u64::from(index < throws % trays);
                    (derived_seed(seed, index), quota)
                })
                .collect()
        })
        .collect()
}

/// Runs the simulation and prints the report.
pub fn run(options: &SimulateOptions, out: &mut impl Write) -> Result<(), CliError> {
    if options.throws == 0 {
        return Err(CliError::BadInput("--throws must be at least 1".into()));
    }
    let started = Instant::now();
    let progress = std::sync::Mutex::new(Instant::now());
    let done_per_worker: Vec<std::sync::atomic::AtomicU64> = (0..WORKERS)
        .map(|_| std::sync::atomic::AtomicU64::new(0))
        .collect();
    let reports: Vec<WorkerReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = plan(options.throws, options.seed)
            .into_iter()
            .enumerate()
            .map(|(w, trays)| {
                let (progress, done) = (&progress, &done_per_worker);
                scope.spawn(move || {
                    run_worker(&trays, (options.style, options.die), |n| {
                        done[w].store(n, std::sync::atomic::Ordering::Relaxed);
                        if let Ok(mut last) = progress.try_lock()
                            && last.elapsed() >= PROGRESS_EVERY
                        {
                            *last = Instant::now();
                            let total: u64 = done
                                .iter()
                                .map(|d| d.load(std::sync::atomic::Ordering::Relaxed))
                                .sum();
                            eprintln!("simulate: {total}/{} throws", options.throws);
                        }
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let wall = started.elapsed().as_secs_f64();
    let report = summarize(options, &reports, wall);
    if let Some(path) = &options.plot {
        let throws = reports.iter().flat_map(|r| &r.throws);
        let data = crate::plot::ChartData::from_throws(throws.map(|t| (&t.faces, t.seconds)));
        crate::plot::write_svg(&data, options.lang, path).map_err(CliError::Failed)?;
    }
    if report.throws < options.throws {
        return Err(CliError::Failed(format!(
            "only {} of {} throws came to rest",
            report.throws, options.throws
        )));
    }
    if options.json {
        serde_json::to_writer(&mut *out, &report).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        print_report(&report, options.lang, out)?;
    }
    Ok(())
}
