//! The simulator's report: what the throws came to against fair dice, as
//! text (in the chosen language) or JSON.

use std::io::Write;

use serde::Serialize;

use super::{SimulateOptions, ThrowStyle, WorkerReport};
use crate::dice::ThrowStats;
use crate::lang::{Lang, display_width, hand_type_name, pad};
use crate::rules::hand::FACES;
use crate::rules::kinds::DieKind;
use crate::rules::{HandType, distribution, evaluate_roll};
use crate::stats::{chi_square, chi_square_p_value, chi_square_uniform, quantile, wilson};

/// Terminal columns of the report's hand names, at the least.
const NAME_COLUMNS: usize = 14;

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
    /// With `--die`: the first die's own faces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub die: Option<DieReport>,
}

/// One die of a kind, thrown beside four fair ones: its own faces, beside
/// the distribution the game keeps for its kind and beside fair.
#[derive(Serialize, Debug)]
pub struct DieReport {
    /// Its kind.
    pub kind: DieKind,
    /// Times each face came up.
    pub faces: [u64; FACES],
    /// Each face's share, with its 95 % (Wilson) interval: share, low, high.
    pub shares: [[f64; 3]; FACES],
    /// The shares the game keeps for the kind (`assets/dice/measured.json`).
    pub kept: [f64; FACES],
    /// χ² of the faces against the kept shares, and its p-value.
    pub against_kept: [f64; 2],
    /// χ² of the faces against a fair die, and its p-value.
    pub against_fair: [f64; 2],
}

impl DieReport {
    /// The report for `faces` thrown by a die of `kind`.
    pub fn of(kind: DieKind, faces: [u64; FACES]) -> DieReport {
        let n = faces.iter().sum();
        let shares = faces.map(|c| {
            let (low, high) = wilson(c, n);
            [c as f64 / n.max(1) as f64, low, high]
        });
        let kept = kind.measured().shares();
        let test = |expected: &[f64; FACES]| {
            let chi = chi_square(&faces, expected);
            [chi, chi_square_p_value(chi, FACES - 1)]
        };
        DieReport {
            kind,
            faces,
            shares,
            kept,
            against_kept: test(&kept),
            against_fair: test(&[1.0 / FACES as f64; FACES]),
        }
    }
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
    let die = options.die.map(|kind| {
        let mut faces = [0u64; FACES];
        for t in reports.iter().flat_map(|r| &r.throws) {
            faces[usize::from(t.faces[0] - 1)] += 1;
        }
        DieReport::of(kind, faces)
    });
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
        die,
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

pub(super) fn print_report(r: &Report, lang: Lang, out: &mut impl Write) -> std::io::Result<()> {
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
    if let Some(die) = &r.die {
        print_die(die, out)?;
    }
    Ok(())
}

/// The first die's own faces, beside its kind's kept shares.
fn print_die(die: &DieReport, out: &mut impl Write) -> std::io::Result<()> {
    let percent = |x: f64| format!("{:.1} %", 100.0 * x);
    writeln!(
        out,
        "die 1 ({}), the others fair: faces {:?}",
        die.kind.key(),
        die.faces
    )?;
    writeln!(out, "face  share    95 % interval     kept")?;
    for (face, ([share, low, high], kept)) in die.shares.iter().zip(die.kept).enumerate() {
        writeln!(
            out,
            "{}     {:>6}  {:>6} to {:>6}  {:>6}",
            face + 1,
            percent(*share),
            percent(*low),
            percent(*high),
            percent(kept)
        )?;
    }
    writeln!(
        out,
        "chi-square against the kept distribution {:.2} (p = {:.4}), against fair {:.2} (p = {:.4})",
        die.against_kept[0], die.against_kept[1], die.against_fair[0], die.against_fair[1]
    )
}
