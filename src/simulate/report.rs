//! The simulator's report: what the throws came to against fair dice, as
//! text (in the chosen language) or JSON.

use std::io::Write;

use serde::Serialize;

use super::{SimulateOptions, ThrowStyle, WorkerReport};
use crate::dice::ThrowStats;
use crate::lang::{Lang, display_width, hand_type_name, pad};
use crate::rules::hand::FACES;
use crate::rules::{HandType, distribution, evaluate_roll};
use crate::stats::{chi_square_p_value, chi_square_uniform, quantile};

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
    Ok(())
}
