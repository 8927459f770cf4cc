//! What a history says: games, coins, return against the exact optimum,
//! whether the dice are fair, how good the holds were, and the duel record per
//! opponent. The `stats` command and the records screen both read it here.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Decision, Mode, Outcome, Record};
use crate::rules::duel::DuelEngine;
use crate::rules::luck::{Account, DuelBook, solo_account};
use crate::rules::odds::full_throw_by_enumeration;
use crate::rules::{PayoutTable, Strategy, evaluate_roll};
use crate::stats::chi_square_p_value;

/// Hands of first throws against the 7,776-outcome table.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct FirstThrows {
    /// First throws counted.
    pub throws: u64,
    /// Seen per hand, strongest first.
    pub observed: Vec<u64>,
    /// Expected per hand for fair dice, strongest first.
    pub expected: Vec<f64>,
    /// χ² statistic (7 degrees of freedom).
    pub chi_square: f64,
    /// Its p-value: small means "these dice do not look fair".
    pub p_value: f64,
}

/// A duel record against one opponent, in rounds.
#[derive(Serialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct DuelRecord {
    /// Rounds won at the showdown.
    pub wins: u64,
    /// Rounds lost at the showdown.
    pub losses: u64,
    /// Drawn rounds.
    pub draws: u64,
    /// Rounds the player folded.
    pub folds: u64,
    /// Rounds the opponent folded.
    pub opponent_folds: u64,
    /// Coins won minus put in.
    pub net: i64,
}

/// Everything `stats` reports.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Stats {
    /// Solo games played.
    pub games: u64,
    /// Coins staked in solo games.
    pub staked: u64,
    /// Coins paid in solo games.
    pub paid: u64,
    /// Paid over staked.
    pub return_per_game: f64,
    /// The exact return of optimal holds under the same rules.
    pub return_optimal: f64,
    /// Hold decisions valued in coins (solo games and the daily challenge).
    pub decisions: u64,
    /// Of those, how many matched the best choice's value.
    pub best_decisions: u64,
    /// Expected coins given up per game by other choices, over the same
    /// games as the decisions (solo and daily).
    pub coins_given_up_per_game: f64,
    /// Win chance given up per duel round by other choices.
    pub win_chance_given_up_per_round: f64,
    /// Hands of first throws against fair dice.
    pub first_throws: FirstThrows,
    /// Duel rounds per opponent.
    pub duels: BTreeMap<String, DuelRecord>,
    /// Days of the daily challenge finished (each counted once).
    pub daily_days: u64,
    /// The lowest score of those days: coins given up against the best holds.
    pub daily_best: Option<f64>,
    /// What decided the solo games: skill and luck, exactly.
    pub luck: LuckReport,
    /// What decided the duel rounds played to a showdown, in win chance:
    /// by mode (`duel`, `practice`), then by opponent.
    pub duel_luck: BTreeMap<Mode, BTreeMap<String, LuckReport>>,
}

/// Solo games counted for luck and skill in the last-games line.
pub const RECENT_GAMES: usize = 20;

/// Luck and skill over solo games (in coins) or duel rounds (in win
/// chance), each from its own events (`rules::luck`).
#[derive(Serialize, Debug, Clone, Default, PartialEq)]
pub struct LuckReport {
    /// Games or rounds whose account could be told (whole ones).
    pub games: u64,
    /// All of them together.
    pub total: Account,
    /// The last [`RECENT_GAMES`] of them.
    pub recent: Account,
    /// Each one's account, oldest first.
    pub per_game: Vec<Account>,
}

/// The luck-and-skill report of the solo games in `records`.
pub fn luck_report(records: &[&Record]) -> LuckReport {
    let mut strategies: BTreeMap<u32, Strategy> = BTreeMap::new();
    let per_game: Vec<Account> = records
        .iter()
        .filter_map(|r| {
            let rerolls = r.rerolls as usize;
            let strategy = strategies
                .entry(r.rerolls)
                .or_insert_with(|| Strategy::new(PayoutTable::default(), rerolls));
            let rolls: Vec<_> = r.throws.iter().map(|t| t.faces).collect();
            let kept: Vec<_> = r.decisions.iter().map(|d| d.chosen.clone()).collect();
            solo_account(strategy, rerolls, &rolls, &kept)
        })
        .collect();
    LuckReport::of(per_game)
}

impl LuckReport {
    /// Totals, all and recent, of these accounts (oldest first).
    pub fn of(per_game: Vec<Account>) -> LuckReport {
        let sum = |games: &[Account]| {
            let mut total = Account::default();
            for g in games {
                total.add(g);
            }
            total
        };
        LuckReport {
            games: per_game.len() as u64,
            total: sum(&per_game),
            recent: sum(&per_game[per_game.len().saturating_sub(RECENT_GAMES)..]),
            per_game,
        }
    }
}

/// The luck-and-skill reports of the duel rounds in `records` that carry
/// their trace, by mode and opponent. The engine is solved only when there
/// is such a round.
pub fn duel_luck(records: &[Record]) -> BTreeMap<Mode, BTreeMap<String, LuckReport>> {
    let traced: Vec<&Record> = records.iter().filter(|r| r.round.is_some()).collect();
    if traced.is_empty() {
        return BTreeMap::new();
    }
    let engine = DuelEngine::new();
    let mut book = DuelBook::default();
    let mut accounts: BTreeMap<Mode, BTreeMap<String, Vec<Account>>> = BTreeMap::new();
    for r in traced {
        let Some(account) = r.round.as_ref().and_then(|t| book.account(&engine, t)) else {
            continue;
        };
        accounts
            .entry(r.mode)
            .or_default()
            .entry(r.opponent.clone().unwrap_or_default())
            .or_default()
            .push(account);
    }
    accounts
        .into_iter()
        .map(|(mode, by)| {
            let by = by
                .into_iter()
                .map(|(o, a)| (o, LuckReport::of(a)))
                .collect();
            (mode, by)
        })
        .collect()
}

/// Values this close are the same decision (the history stores floats).
const SAME_VALUE: f64 = 1e-9;

/// Most games the coin curve shows.
pub const CURVE_GAMES: usize = 50;

/// The player's coins won minus put in, summed game after game over the last
/// [`CURVE_GAMES`] games and rounds (starting from 0 before the first shown).
pub fn coin_curve(records: &[Record]) -> Vec<i64> {
    let start = records.len().saturating_sub(CURVE_GAMES);
    let mut total = 0i64;
    std::iter::once(0)
        .chain(records[start..].iter().map(|r| {
            total += r.coins_out as i64 - r.coins_in as i64;
            total
        }))
        .collect()
}

/// Works out the statistics of a history.
pub fn compute(records: &[Record]) -> Stats {
    let solo: Vec<&Record> = records.iter().filter(|r| r.mode == Mode::Solo).collect();
    let days = super::daily::day_scores(records, crate::rules::daily::DAILY_GAMES);
    let duel: Vec<&Record> = records.iter().filter(|r| r.mode == Mode::Duel).collect();
    let staked: u64 = solo.iter().map(|r| r.coins_in).sum();
    let paid: u64 = solo.iter().map(|r| r.coins_out).sum();
    // The optimum for the rules each game was played under, weighted by games.
    let mut optimal = 0.0;
    let mut by_rerolls: BTreeMap<u32, u64> = BTreeMap::new();
    for r in &solo {
        *by_rerolls.entry(r.rerolls).or_default() += 1;
    }
    for (&rerolls, &games) in &by_rerolls {
        let rerolls = rerolls as usize;
        let rtp = Strategy::new(PayoutTable::default(), rerolls).return_to_player(rerolls);
        optimal += rtp.to_f64() * games as f64 / solo.len().max(1) as f64;
    }
    // The holds valued in coins (solo games and the daily challenge's): the
    // share of best holds and the coins given up per game come from the same
    // games, so the two never disagree.
    let in_coins: Vec<&Record> = records
        .iter()
        .filter(|r| matches!(r.mode, Mode::Solo | Mode::Daily))
        .collect();
    let decisions = in_coins.iter().flat_map(|r| &r.decisions);
    let (count, best) = decisions.fold((0, 0), |(n, b), d| {
        (n + 1, b + u64::from(d.given_up() <= SAME_VALUE))
    });
    let given_up = |rs: &[&Record]| {
        let lost = rs
            .iter()
            .flat_map(|r| &r.decisions)
            .map(Decision::given_up)
            .fold(0.0, |a, b| a + b);
        lost / rs.len().max(1) as f64
    };
    let mut duels: BTreeMap<String, DuelRecord> = BTreeMap::new();
    for r in &duel {
        let e = duels
            .entry(r.opponent.clone().unwrap_or_default())
            .or_default();
        match r.result {
            Some(Outcome::Win) => e.wins += 1,
            Some(Outcome::Loss) => e.losses += 1,
            Some(Outcome::Draw) => e.draws += 1,
            Some(Outcome::Fold) => e.folds += 1,
            Some(Outcome::OpponentFold) => e.opponent_folds += 1,
            None => {}
        }
        e.net += r.coins_out as i64 - r.coins_in as i64;
    }
    Stats {
        games: solo.len() as u64,
        staked,
        paid,
        return_per_game: if staked == 0 {
            0.0
        } else {
            paid as f64 / staked as f64
        },
        return_optimal: optimal,
        decisions: count,
        best_decisions: best,
        coins_given_up_per_game: given_up(&in_coins),
        win_chance_given_up_per_round: given_up(&duel),
        first_throws: first_throws(records),
        duels,
        daily_days: days.len() as u64,
        daily_best: super::daily::personal_best(&days),
        luck: luck_report(&solo),
        duel_luck: duel_luck(records),
    }
}

/// The hands of every first throw against the table of one throw of fair dice.
fn first_throws(records: &[Record]) -> FirstThrows {
    let mut observed = [0u64; 8];
    // The daily challenge's dice are dealt, not thrown: they say nothing of these dice.
    for r in records.iter().filter(|r| r.mode != Mode::Daily) {
        if let Some(first) = r.throws.first() {
            observed[evaluate_roll(&first.faces).kind().index()] += 1;
        }
    }
    let throws: u64 = observed.iter().sum();
    let table = full_throw_by_enumeration();
    let expected: Vec<f64> = (0..8)
        .map(|i| throws as f64 * table.ways[i] as f64 / table.outcomes as f64)
        .collect();
    let chi: f64 = observed
        .iter()
        .zip(&expected)
        .filter(|(_, e)| **e > 0.0)
        .map(|(&o, &e)| (o as f64 - e).powi(2) / e)
        .sum();
    let strongest_first = |v: Vec<f64>| v.into_iter().rev().collect::<Vec<f64>>();
    FirstThrows {
        throws,
        observed: observed.iter().rev().copied().collect(),
        expected: strongest_first(expected),
        chi_square: chi,
        p_value: if throws == 0 {
            1.0
        } else {
            chi_square_p_value(chi, 7)
        },
    }
}
