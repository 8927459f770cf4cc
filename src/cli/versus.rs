//! `dice-poker versus`: the computer opponents play each other with fair dice,
//! and the report says how often the stronger one wins and what it earns.

use std::io::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::CliError;
use crate::rules::duel::versus::PairingReport;
use crate::rules::duel::{Badge, Brains, MAX_DUEL_REROLLS, OPPONENTS, Opponent, pairing};
use crate::rules::table::house::{TABLE_STACK_ANTES, table_rules};
use crate::rules::table::{MAX_SEATS, MIN_SEATS, play_table_match};

/// The classic pairings, stronger first (keys).
const CLASSIC_PAIRS: [(&str, &str); 3] = [("hard", "easy"), ("hard", "normal"), ("normal", "easy")];

/// Which pairings to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairings {
    /// The classic three: hard v easy, hard v normal, normal v easy.
    Classic,
    /// Every rung of the ladder against the rung below it, top first, with
    /// the upper rung's stakes and match length.
    Ladder,
    /// One pairing (indices into [`OPPONENTS`]).
    Only(usize, usize),
}

impl Pairings {
    /// The pairings the flags ask for: every rung with `--ladder`, one pair
    /// with `--a` and `--b`, else the classic three.
    pub fn chosen(ladder: bool, pair: Option<(usize, usize)>) -> Pairings {
        match (ladder, pair) {
            (true, _) => Pairings::Ladder,
            (false, Some((a, b))) => Pairings::Only(a, b),
            (false, None) => Pairings::Classic,
        }
    }

    /// The pairings as indices into [`OPPONENTS`], stronger first.
    fn list(self) -> Vec<(usize, usize)> {
        let index = |key: &str| OPPONENTS.iter().position(|o| o.key == key).unwrap_or(0);
        match self {
            Pairings::Classic => CLASSIC_PAIRS
                .iter()
                .map(|&(a, b)| (index(a), index(b)))
                .collect(),
            Pairings::Ladder => (1..OPPONENTS.len()).rev().map(|i| (i, i - 1)).collect(),
            Pairings::Only(a, b) => vec![(a, b)],
        }
    }
}

/// At least one match, and no more rerolls than `what` (a duel, a table) allows.
pub(super) fn check_counts(matches: u64, rerolls: u32, what: &str) -> Result<(), CliError> {
    if matches == 0 {
        return Err(CliError::BadInput(
            "--matches must be at least 1".to_owned(),
        ));
    }
    if rerolls as usize > MAX_DUEL_REROLLS {
        return Err(CliError::BadInput(format!(
            "--rerolls {rerolls}: {what} allows 0 to {MAX_DUEL_REROLLS}"
        )));
    }
    Ok(())
}

/// Prints how the opponents fare against each other over `matches` matches per
/// pairing.
pub fn versus(
    matches: u64,
    seed: u64,
    rerolls: u32,
    pairings: Pairings,
    badges: [Option<Badge>; 2],
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    check_counts(matches, rerolls, "a duel")?;
    let brains = Brains::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut reports = Vec::new();
    for (a, b) in pairings.list() {
        // A badge given on the command line replaces the one the opponent carries.
        let with = |o: &Opponent, badge: Option<Badge>| Opponent {
            badge: badge.or(o.badge),
            ..*o
        };
        reports.push(
            pairing(
                &with(&OPPONENTS[a], badges[0]),
                &with(&OPPONENTS[b], badges[1]),
                matches,
                rerolls,
                &brains,
                &mut rng,
            )
            .map_err(CliError::Failed)?,
        );
    }
    if json {
        let doc = serde_json::json!({
            "matches": matches,
            "seed": seed,
            "rerolls": rerolls,
            "pairings": reports,
        });
        writeln!(out, "{doc}")?;
        return Ok(());
    }
    write_table(out, matches, seed, rerolls, &reports)
}

/// The pairings as a table, one line each.
fn write_table(
    out: &mut impl Write,
    matches: u64,
    seed: u64,
    rerolls: u32,
    reports: &[PairingReport],
) -> Result<(), CliError> {
    writeln!(
        out,
        "{matches} matches per pairing, {rerolls} reroll(s), seed {seed}"
    )?;
    writeln!(
        out,
        "{:<30}{:>14}{:>16}{:>12}{:>8}{:>16}",
        "pairing", "match wins", "rounds won", "folds", "draws", "coins/match"
    )?;
    for r in reports {
        let named = |key: &str, badge: Option<&str>| match badge {
            Some(b) => format!("{key}+{b}"),
            None => key.to_owned(),
        };
        writeln!(
            out,
            "{:<30}{:>8.1}% ±{:<4.1}{:>8} - {:<5}{:>5} - {:<4}{:>6}{:>+16.2}",
            format!(
                "{} v {}",
                named(r.player, r.badges[0]),
                named(r.rival, r.badges[1])
            ),
            r.win_rate * 100.0,
            r.ci95 * 100.0,
            r.rounds[0],
            r.rounds[1],
            r.folds[0],
            r.folds[1],
            r.draws,
            r.coins_per_match
        )?;
    }
    Ok(())
}

/// One seat's results over a table's matches.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct SeatReport {
    opponent: &'static str,
    wins: u64,
    win_rate: f64,
    ci95: f64,
    coins_per_match: f64,
}

/// Prints how two to four opponents fare at one table over `matches`
/// matches (the first seat moving on by one each match).
pub fn versus_table(
    matches: u64,
    seed: u64,
    rerolls: u32,
    seats: &[usize],
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats.len()) {
        return Err(CliError::BadInput(format!(
            "--table names {} opponents: a table seats {MIN_SEATS} to {MAX_SEATS}",
            seats.len()
        )));
    }
    check_counts(matches, rerolls, "a table")?;
    let minds: Vec<&Opponent> = seats.iter().map(|&i| &OPPONENTS[i]).collect();
    // The table plays for the highest stakes among its seats.
    let ante = minds.iter().map(|o| o.ante).max().unwrap_or(1);
    let step = minds.iter().map(|o| o.step).max().unwrap_or(1);
    // The game's table: its wins, raises and stacks.
    let rules = table_rules(ante, step, rerolls);
    let stack = ante * TABLE_STACK_ANTES;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = vec![0u64; seats.len()];
    let mut coins = vec![0i128; seats.len()];
    for m in 0..matches {
        let first = (m % seats.len() as u64) as usize;
        let outcome =
            play_table_match(&minds, rules, stack, first, &mut rng).map_err(CliError::Failed)?;
        wins[outcome.winner] += 1;
        for (c, &s) in coins.iter_mut().zip(&outcome.stacks) {
            *c += i128::from(s) - i128::from(stack);
        }
    }
    let n = matches as f64;
    let reports: Vec<SeatReport> = minds
        .iter()
        .zip(wins.iter().zip(&coins))
        .map(|(o, (&w, &c))| {
            let p = w as f64 / n;
            SeatReport {
                opponent: o.key,
                wins: w,
                win_rate: p,
                ci95: 1.96 * (p * (1.0 - p) / n).sqrt(),
                coins_per_match: c as f64 / n,
            }
        })
        .collect();
    let table = TableReport {
        matches,
        seed,
        wins: rules.wins,
        rerolls,
        ante,
        step,
        stack,
        seats: reports,
    };
    if json {
        writeln!(out, "{}", serde_json::json!(table))?;
        return Ok(());
    }
    write_seats(out, &table)
}

/// A table's matches, as `versus --table` reports them.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct TableReport {
    matches: u64,
    seed: u64,
    /// Round wins that take a match.
    wins: u32,
    rerolls: u32,
    ante: u64,
    step: u64,
    stack: u64,
    seats: Vec<SeatReport>,
}

/// The seats as a table, one line each.
fn write_seats(out: &mut impl Write, t: &TableReport) -> Result<(), CliError> {
    writeln!(
        out,
        "{} matches at a table of {}, first to {} round wins, {} reroll(s), ante {}, raise {}, {} coins each, seed {}",
        t.matches,
        t.seats.len(),
        t.wins,
        t.rerolls,
        t.ante,
        t.step,
        t.stack,
        t.seed
    )?;
    writeln!(
        out,
        "{:<8}{:<12}{:>16}{:>16}",
        "seat", "opponent", "match wins", "coins/match"
    )?;
    for (i, r) in t.seats.iter().enumerate() {
        writeln!(
            out,
            "{:<8}{:<12}{:>8.1}% ±{:<5.1}{:>+16.2}",
            i + 1,
            r.opponent,
            r.win_rate * 100.0,
            r.ci95 * 100.0,
            r.coins_per_match
        )?;
    }
    Ok(())
}
