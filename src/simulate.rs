//! `dice-poker simulate`: throws the physical dice headless, many trays at a
//! time, and reports whether they behave like fair dice and how long they take.

use std::io::Write;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::dice::throw::Aim;
use crate::dice::{DiceSettled, ThrowDice, ThrowStats, Tray, spawn_table};
use crate::error::CliError;
use crate::headless::{physics_app, single_threaded, tray_seed};
use crate::lang::{Lang, display_width, hand_type_name, pad};
use crate::rules::hand::{DICE, FACES};
use crate::rules::{HandType, distribution, evaluate_roll};
use crate::stats::{chi_square_p_value, chi_square_uniform, quantile};

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

/// Terminal columns of the report's hand names, at the least.
const NAME_COLUMNS: usize = 14;

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
    style: ThrowStyle,
    on_step: impl Fn(u64),
) -> WorkerReport {
    let mut app = physics_app();
    let trays: Vec<(u64, u64)> = seeds_and_quotas.to_vec();
    let flicks = (style == ThrowStyle::Flick).then(|| {
        let seed = seeds_and_quotas.first().map_or(0, |&(s, _)| s);
        ChaCha8Rng::seed_from_u64(tray_seed(seed, u64::MAX))
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
        });
    }
}

/// Settle-time summary in simulated seconds.
#[derive(Serialize, Debug, Clone, Copy)]
pub struct SettleSeconds {
    /// Median.
    pub median: f32,
    /// 95th percentile.
    pub p95: f32,
    /// 99th percentile.
    pub p99: f32,
    /// Slowest throw.
    pub max: f32,
}

/// The simulator's report.
#[derive(Serialize, Debug)]
pub struct Report {
    /// Throws made.
    pub throws: u64,
    /// How they were thrown.
    pub throw: ThrowStyle,
    /// Seed used.
    pub seed: u64,
    /// Landings per face 1..=6, summed over all dice.
    pub face_counts: [u64; FACES],
    /// χ² of the face counts against uniform.
    pub chi_square: f64,
    /// Its p-value (5 degrees of freedom).
    pub p_value: f64,
    /// Throws per hand type, strongest first.
    pub hand_counts: serde_json::Map<String, serde_json::Value>,
    /// Simulated seconds from throw to rest.
    pub settle_seconds: SettleSeconds,
    /// Cocked dice nudged.
    pub nudges: u64,
    /// Lost dice thrown again.
    pub respawns: u64,
    /// Throws that hit the settle timeout.
    pub timeouts: u64,
    /// Throws per wall-clock second.
    pub throws_per_second: f64,
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
                    (tray_seed(seed, index), quota)
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
                    run_worker(&trays, options.style, |n| {
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

/// Builds the report from what the workers saw.
pub fn summarize(options: &SimulateOptions, reports: &[WorkerReport], wall_seconds: f64) -> Report {
    let mut face_counts = [0u64; FACES];
    let mut hands = [0u64; 8];
    let mut seconds: Vec<f32> = Vec::new();
    let mut stats = ThrowStats::default();
    for r in reports {
        for t in &r.throws {
            for &f in &t.faces {
                face_counts[usize::from(f - 1)] += 1;
            }
            hands[evaluate_roll(&t.faces).kind().index()] += 1;
            seconds.push(t.seconds);
        }
        stats.nudges += r.stats.nudges;
        stats.respawns += r.stats.respawns;
        stats.timeouts += r.stats.timeouts;
    }
    seconds.sort_by(f32::total_cmp);
    let chi = chi_square_uniform(&face_counts);
    let throws = seconds.len() as u64;
    Report {
        throws,
        throw: options.style,
        seed: options.seed,
        face_counts,
        chi_square: chi,
        p_value: chi_square_p_value(chi, FACES - 1),
        hand_counts: HandType::ALL
            .iter()
            .rev()
            .map(|h| {
                let name = hand_type_name(options.lang, *h).to_owned();
                (name, hands[h.index()].into())
            })
            .collect(),
        settle_seconds: SettleSeconds {
            median: quantile(&seconds, 0.5),
            p95: quantile(&seconds, 0.95),
            p99: quantile(&seconds, 0.99),
            max: seconds.last().copied().unwrap_or(0.0),
        },
        nudges: stats.nudges,
        respawns: stats.respawns,
        timeouts: stats.timeouts,
        throws_per_second: throws as f64 / wall_seconds.max(f64::EPSILON),
    }
}

/// How far an observed count is from theory, in standard deviations.
pub fn sigmas(observed: u64, throws: u64, probability: f64) -> f64 {
    let n = throws as f64;
    let sd = (n * probability * (1.0 - probability)).sqrt();
    if sd == 0.0 {
        0.0
    } else {
        (observed as f64 - n * probability) / sd
    }
}

fn print_report(r: &Report, lang: Lang, out: &mut impl Write) -> std::io::Result<()> {
    let how = match r.throw {
        ThrowStyle::Standard => "",
        ThrowStyle::Flick => ", flicked at random",
    };
    writeln!(
        out,
        "{} throws of five dice{how}, seed {}",
        r.throws, r.seed
    )?;
    writeln!(out, "faces (all dice): {:?}", r.face_counts)?;
    writeln!(
        out,
        "chi-square {:.3} (5 dof), p = {:.4}",
        r.chi_square, r.p_value
    )?;
    // Wide enough for the longest name in this language.
    let width = HandType::ALL
        .iter()
        .map(|&h| display_width(hand_type_name(lang, h)) + 1)
        .max()
        .unwrap_or(0)
        .max(NAME_COLUMNS);
    writeln!(
        out,
        "{}observed   theory      sigma",
        pad("hand", width + 1)
    )?;
    let theory = distribution(&[0; FACES]);
    for &h in HandType::ALL.iter().rev() {
        let name = hand_type_name(lang, h);
        let observed = r.hand_counts[name].as_u64().unwrap_or(0);
        let p = theory.probability(h);
        let name = pad(name, width);
        writeln!(
            out,
            "{name}{observed:>8} {:>10.1} {:>+9.2}",
            p * r.throws as f64,
            sigmas(observed, r.throws, p)
        )?;
    }
    let s = r.settle_seconds;
    writeln!(
        out,
        "settle seconds (simulated): median {:.2}, p95 {:.2}, p99 {:.2}, max {:.2}",
        s.median, s.p95, s.p99, s.max
    )?;
    writeln!(
        out,
        "nudges {}, respawns {}, timeouts {}",
        r.nudges, r.respawns, r.timeouts
    )?;
    writeln!(
        out,
        "throughput: {:.0} throws per wall-clock second",
        r.throws_per_second
    )?;
    Ok(())
}
