//! `dice-poker versus`: the computer opponents play each other with fair dice,
//! and the report says how often the stronger one wins and what it earns.

use std::io::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::CliError;
use crate::rules::duel::versus::PairingReport;
use crate::rules::duel::{Badge, Brains, MAX_DUEL_REROLLS, OPPONENTS, Opponent, pairing};

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
    if matches == 0 {
        return Err(CliError::BadInput(
            "--matches must be at least 1".to_owned(),
        ));
    }
    if rerolls as usize > MAX_DUEL_REROLLS {
        return Err(CliError::BadInput(format!(
            "--rerolls {rerolls}: a duel allows 0 to {MAX_DUEL_REROLLS}"
        )));
    }
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
