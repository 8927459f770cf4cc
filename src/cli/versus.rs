//! `dice-poker versus`: the computer opponents play each other with fair dice,
//! and the report says how often the stronger one wins and what it earns.

use std::io::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::CliError;
use crate::rules::duel::{Brains, MAX_DUEL_REROLLS, OPPONENTS, Opponent, Side, play_match};

/// Pairings reported, stronger first (indices into [`OPPONENTS`]).
const PAIRINGS: [(usize, usize); 3] = [(2, 0), (2, 1), (1, 0)];

/// One pairing's results, seen from the first-named opponent.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PairingReport {
    /// The first-named opponent's key.
    pub player: &'static str,
    /// Its rival's key.
    pub rival: &'static str,
    /// Matches played.
    pub matches: u64,
    /// Matches the first-named won.
    pub wins: u64,
    /// Share of matches won.
    pub win_rate: f64,
    /// Half-width of the 95 % interval of that share.
    pub ci95: f64,
    /// Rounds won by each (draws not counted).
    pub rounds: [u64; 2],
    /// Rounds each gave up by folding.
    pub folds: [u64; 2],
    /// Drawn rounds (played again).
    pub draws: u64,
    /// The first-named's coins won minus put in, per match.
    pub coins_per_match: f64,
}

/// Plays `matches` matches for one pairing.
pub fn pairing(
    player: &Opponent,
    rival: &Opponent,
    matches: u64,
    rerolls: u32,
    brains: &Brains,
    rng: &mut ChaCha8Rng,
) -> Result<PairingReport, CliError> {
    // Both sides bet with the stronger one's coins, so the figures compare.
    let rules = player.rules(rerolls);
    let mut report = PairingReport {
        player: player.key,
        rival: rival.key,
        matches,
        wins: 0,
        win_rate: 0.0,
        ci95: 0.0,
        rounds: [0; 2],
        folds: [0; 2],
        draws: 0,
        coins_per_match: 0.0,
    };
    let mut coins = 0i64;
    for _ in 0..matches {
        let result = play_match(player, rival, rules, brains, rng).map_err(CliError::Failed)?;
        report.wins += u64::from(result.winner == Side::Player);
        for side in [Side::Player, Side::Cpu] {
            report.rounds[side.index()] += u64::from(result.duel.score(side));
            report.folds[side.index()] += u64::from(result.duel.folds(side));
        }
        report.draws += u64::from(result.duel.draws());
        coins += result.duel.net(Side::Player);
    }
    let n = matches as f64;
    report.win_rate = report.wins as f64 / n;
    report.ci95 = 1.96 * (report.win_rate * (1.0 - report.win_rate) / n).sqrt();
    report.coins_per_match = coins as f64 / n;
    Ok(report)
}

/// Prints how the opponents fare against each other over `matches` matches per pairing.
pub fn versus(
    matches: u64,
    seed: u64,
    rerolls: u32,
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
    for (a, b) in PAIRINGS {
        reports.push(pairing(
            &OPPONENTS[a],
            &OPPONENTS[b],
            matches,
            rerolls,
            &brains,
            &mut rng,
        )?);
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
    writeln!(
        out,
        "{matches} matches per pairing, {rerolls} reroll(s), seed {seed}"
    )?;
    writeln!(
        out,
        "{:<16}{:>14}{:>16}{:>12}{:>8}{:>16}",
        "pairing", "match wins", "rounds won", "folds", "draws", "coins/match"
    )?;
    for r in &reports {
        writeln!(
            out,
            "{:<16}{:>8.1}% ±{:<4.1}{:>8} - {:<5}{:>5} - {:<4}{:>6}{:>+16.2}",
            format!("{} v {}", r.player, r.rival),
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
