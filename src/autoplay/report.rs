//! What autoplay saw, added up: the tally of each worker, the report and how it prints.

use std::io::Write;

use serde::Serialize;

use super::{AutoplayOptions, KEEP_VIOLATIONS, Mode, Policy};
use crate::error::CliError;
use crate::game::GameConfig;
use crate::rules::Strategy;
use crate::rules::duel::OPPONENTS;

/// One broken promise, with what reproduces it.
#[derive(Clone, Debug, Serialize)]
pub struct Violation {
    /// The worker's seed.
    pub seed: u64,
    /// Game (or match) number within the worker, from 1.
    pub game: u64,
    /// Frame within that game.
    pub frame: u64,
    /// What went wrong.
    pub what: String,
}

/// Duel results, seen from the player's seat.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DuelTally {
    /// The opponent's key.
    pub opponent: String,
    /// Matches won by each seat (player, opponent).
    pub wins: [u64; 2],
    /// Rounds won by each seat.
    pub rounds: [u64; 2],
    /// Rounds folded by each seat.
    pub folds: [u64; 2],
    /// Drawn rounds.
    pub draws: u64,
}

/// Results at a table of several (table mode only).
#[derive(Clone, Debug, Default, Serialize)]
pub struct TableTally {
    /// Who sat, in turn order (`you`, then the opponents' keys).
    pub seats: Vec<String>,
    /// Matches won by each seat.
    pub wins: Vec<u64>,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds won because every other seat folded.
    pub by_folds: u64,
    /// Rounds a crooked die was played in (a cheat carried it).
    pub crooked_rounds: u64,
    /// Accusations made, and those that found a crooked die.
    pub accusations: u64,
    /// See [`TableTally::accusations`].
    pub caught: u64,
}

/// What one worker saw.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    pub(super) games: u64,
    pub(super) throws: u64,
    pub(super) staked: u64,
    pub(super) paid: u64,
    /// Payout over stake of each finished game or match.
    pub(super) returns: Vec<f64>,
    pub(super) violations: Vec<Violation>,
    pub(super) violation_count: u64,
    pub(super) unfinished: u64,
    pub(super) duel: DuelTally,
    pub(super) table: TableTally,
}

impl Tally {
    pub(super) fn violate(&mut self, seed: u64, game: u64, frame: u64, what: String) {
        self.violation_count += 1;
        if self.violations.len() < KEEP_VIOLATIONS {
            self.violations.push(Violation {
                seed,
                game,
                frame,
                what,
            });
        }
    }

    pub(super) fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.throws += other.throws;
        self.staked += other.staked;
        self.paid += other.paid;
        self.returns.extend(other.returns);
        self.violation_count += other.violation_count;
        for v in other.violations {
            if self.violations.len() < KEEP_VIOLATIONS {
                self.violations.push(v);
            }
        }
        self.unfinished += other.unfinished;
        for i in 0..2 {
            self.duel.wins[i] += other.duel.wins[i];
            self.duel.rounds[i] += other.duel.rounds[i];
            self.duel.folds[i] += other.duel.folds[i];
        }
        self.duel.draws += other.duel.draws;
        let seats = self.table.wins.len().max(other.table.wins.len());
        self.table.wins.resize(seats, 0);
        for (mine, theirs) in self.table.wins.iter_mut().zip(other.table.wins) {
            *mine += theirs;
        }
        self.table.rounds += other.table.rounds;
        self.table.by_folds += other.table.by_folds;
        self.table.crooked_rounds += other.table.crooked_rounds;
        self.table.accusations += other.table.accusations;
        self.table.caught += other.table.caught;
    }
}

/// The report, as printed and as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct AutoplayReport {
    /// Complete games (matches in a duel).
    pub games: u64,
    /// Solo or duel.
    pub mode: Mode,
    /// How the player played.
    pub policy: Policy,
    /// The run's seed.
    pub seed: u64,
    /// Throws and rerolls of the player's dice (both seats' in a duel).
    pub throws: u64,
    /// Coins the player put in (stakes; antes and bets in a duel).
    pub staked: u64,
    /// Coins paid to the player (payouts; pots won in a duel).
    pub paid: u64,
    /// Paid over staked.
    pub r#return: f64,
    /// The exact return of optimal holds under these rules (solo only).
    pub return_exact: Option<f64>,
    /// 95 % interval of the return: (low, high).
    pub ci95: (f64, f64),
    /// Broken promises counted.
    pub violations: u64,
    /// The first few in full.
    pub violation_list: Vec<Violation>,
    /// Games that did not finish.
    pub unfinished: u64,
    /// Throws per wall-clock second.
    pub throws_per_second: f64,
    /// Duel results (duel only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duel: Option<DuelTally>,
    /// Results at the table (table only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<TableTally>,
}

pub(super) fn report(options: &AutoplayOptions, tally: Tally, seconds: f64) -> AutoplayReport {
    let n = tally.returns.len().max(1) as f64;
    let mean = tally.returns.iter().sum::<f64>() / n;
    let var = tally
        .returns
        .iter()
        .map(|r| (r - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let ratio = if tally.staked == 0 {
        0.0
    } else {
        tally.paid as f64 / tally.staked as f64
    };
    let config = GameConfig::with_rerolls(options.rerolls);
    let return_exact = (options.mode == Mode::Solo).then(|| {
        let rerolls = config.rerolls as usize;
        Strategy::new(config.payouts, rerolls)
            .return_to_player(rerolls)
            .to_f64()
    });
    let mut duel = tally.duel.clone();
    duel.opponent = OPPONENTS[options.opponent].key.to_owned();
    AutoplayReport {
        games: tally.games,
        mode: options.mode,
        policy: options.policy,
        seed: options.seed,
        throws: tally.throws,
        staked: tally.staked,
        paid: tally.paid,
        r#return: ratio,
        return_exact,
        ci95: (ratio - half, ratio + half),
        violations: tally.violation_count,
        violation_list: tally.violations,
        unfinished: tally.unfinished,
        throws_per_second: tally.throws as f64 / seconds.max(1e-9),
        duel: (options.mode == Mode::Duel).then_some(duel),
        table: (options.mode == Mode::Table).then(|| TableTally {
            seats: super::table_seats(options.seats, options.cheats)
                .keys()
                .split(',')
                .map(str::to_owned)
                .collect(),
            ..tally.table
        }),
    }
}

pub(super) fn write_report(r: &AutoplayReport, out: &mut impl Write) -> Result<(), CliError> {
    let mode = match r.mode {
        Mode::Solo => "solo",
        Mode::Duel => "duel",
        Mode::Career => "career",
        Mode::Table => "table",
    };
    let policy = match r.policy {
        Policy::Best => "best",
        Policy::Random => "random",
    };
    writeln!(
        out,
        "{} {mode} {}, policy {policy}, seed {}",
        r.games,
        if r.mode == Mode::Solo {
            "games"
        } else {
            "matches"
        },
        r.seed
    )?;
    writeln!(out, "throws: {}", r.throws)?;
    writeln!(
        out,
        "coins staked {}, paid {}: return {:.2}% (95% interval {:.2}% to {:.2}%)",
        r.staked,
        r.paid,
        r.r#return * 100.0,
        r.ci95.0 * 100.0,
        r.ci95.1 * 100.0
    )?;
    if let Some(exact) = r.return_exact {
        writeln!(
            out,
            "exact return with optimal holds: {:.2}%",
            exact * 100.0
        )?;
    }
    if let Some(d) = &r.duel {
        writeln!(
            out,
            "against {}: matches {} - {}, rounds {} - {}, draws {}, folds {} - {}",
            d.opponent,
            d.wins[0],
            d.wins[1],
            d.rounds[0],
            d.rounds[1],
            d.draws,
            d.folds[0],
            d.folds[1]
        )?;
    }
    if let Some(t) = &r.table {
        write_table(t, out)?;
    }
    writeln!(
        out,
        "violations: {}, unfinished: {}",
        r.violations, r.unfinished
    )?;
    for v in &r.violation_list {
        writeln!(
            out,
            "  worker seed {}, game {}, frame {}: {}",
            v.seed, v.game, v.frame, v.what
        )?;
    }
    writeln!(
        out,
        "throughput: {:.0} throws per second",
        r.throws_per_second
    )?;
    Ok(())
}

/// The table's line: each seat's match wins, the rounds and those won by folds.
fn write_table(t: &TableTally, out: &mut impl Write) -> Result<(), CliError> {
    let wins: Vec<String> = t
        .seats
        .iter()
        .zip(&t.wins)
        .map(|(seat, wins)| format!("{seat} {wins}"))
        .collect();
    writeln!(
        out,
        "matches won by seat: {}; rounds {}, won by folds {}",
        wins.join(", "),
        t.rounds,
        t.by_folds
    )?;
    if t.crooked_rounds > 0 || t.accusations > 0 {
        writeln!(
            out,
            "rounds with a crooked die {}; accusations {}, cheats caught {}",
            t.crooked_rounds, t.accusations, t.caught
        )?;
    }
    Ok(())
}
