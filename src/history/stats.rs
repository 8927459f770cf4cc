//! What a history says: games, coins, return against the exact optimum,
//! whether the dice are fair, how good the holds were, the duel record per
//! opponent and the table record per lineup. The `stats` command and the records screen both read it here.

mod dice;
mod luck;
mod tables;

pub use luck::{LuckReport, RECENT_GAMES};

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::Serialize;

use dice::DiceTally;
pub use dice::DieAudit;
pub use tables::TableStats;
use tables::TableTally;

use super::{Decision, Mode, Outcome, Record};
use crate::rules::duel::{DuelEngine, Side, TrayBrains};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::luck::{Account, Advice, CrookedBook, DiceValues, DuelBook, solo_account_with};
use crate::rules::odds::full_throw_by_enumeration;
use crate::rules::per_die::{DiceAdvisor, FAIR};
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
    /// Matches the player settled by catching a cheat.
    pub caught: u64,
    /// Matches the player lost by a false accusation.
    pub false_accusations: u64,
    /// Coins won minus put in.
    pub net: i64,
}

impl DuelRecord {
    /// Counts one round: how it ended for the player, and its coins.
    pub fn count(&mut self, r: &Record) {
        match r.result {
            Some(Outcome::Win) => self.wins += 1,
            Some(Outcome::Loss) => self.losses += 1,
            Some(Outcome::Draw) => self.draws += 1,
            Some(Outcome::Fold) => self.folds += 1,
            Some(Outcome::OpponentFold) => self.opponent_folds += 1,
            Some(Outcome::Caught) => self.caught += 1,
            Some(Outcome::FalseAccusation) => self.false_accusations += 1,
            None => {}
        }
        self.net += r.coins_out as i64 - r.coins_in as i64;
    }
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
    /// The rounds at tables of several.
    pub tables: TableStats,
    /// Each of the player's five dice, audited over the history.
    pub dice: Vec<DieAudit>,
}

/// Values this close are the same decision (the history stores floats).
const SAME_VALUE: f64 = 1e-9;

/// Most games the coin curve shows.
pub const CURVE_GAMES: usize = 50;

/// The player's coins won minus put in, summed game after game over the last
/// [`CURVE_GAMES`] games and rounds played for coins (starting from 0 before
/// the first shown; the daily challenge's games move none and are not steps).
pub fn coin_curve(records: &[Record]) -> Vec<i64> {
    let for_coins: Vec<&Record> = records.iter().filter(|r| r.mode != Mode::Daily).collect();
    let start = for_coins.len().saturating_sub(CURVE_GAMES);
    let mut total = 0i64;
    std::iter::once(0)
        .chain(for_coins[start..].iter().map(|r| {
            total += r.coins_out as i64 - r.coins_in as i64;
            total
        }))
        .collect()
}

/// Works out the statistics of a history held in memory.
pub fn compute(records: &[Record]) -> Stats {
    let mut tally = Tally::default();
    for r in records {
        tally.add(r);
    }
    tally.finish()
}

/// The statistics of a history taken one record at a time, oldest first, so
/// a history of any length is read in one pass without being held: what is
/// kept grows with the solo games' accounts alone (a few numbers each).
#[derive(Default)]
pub struct Tally {
    solo_games: u64,
    staked: u64,
    paid: u64,
    solo_by_rerolls: BTreeMap<u32, u64>,
    coin_games: u64,
    decisions: u64,
    best_decisions: u64,
    coins_given_up: f64,
    duel_rounds: u64,
    chance_given_up: f64,
    duels: BTreeMap<String, DuelRecord>,
    first_hands: [u64; 8],
    marks: Vec<super::DailyMark>,
    advice: BTreeMap<u32, Advice<Strategy>>,
    /// The advisor for each tray with a crooked die, by its dice and rerolls.
    dice_advice: HashMap<([DieKind; DICE], u32), DiceAdvisor>,
    solo_luck: Vec<Account>,
    engine: Option<DuelEngine>,
    book: DuelBook,
    /// Duel rounds with the player's crooked dice, by its dice.
    crooked_books: HashMap<[DieKind; DICE], CrookedBook>,
    duel_luck: BTreeMap<Mode, BTreeMap<String, Vec<Account>>>,
    tables: TableTally,
    dice: DiceTally,
}

/// The player's dice of record `r`, when one was crooked.
fn crooked_dice(r: &Record) -> Option<[DieKind; DICE]> {
    r.dice
        .as_deref()
        .and_then(|d| <[DieKind; DICE]>::try_from(d).ok())
        .filter(|d| d.iter().any(|&k| k != DieKind::Fair))
}

impl Tally {
    /// Counts one record.
    pub fn add(&mut self, r: &Record) {
        self.dice.add(r);
        // The daily challenge's dice are dealt, not thrown: they say nothing of these dice.
        if r.mode != Mode::Daily
            && let Some(first) = r.throws.first()
        {
            self.first_hands[evaluate_roll(&first.faces).kind().index()] += 1;
        }
        if let Some(mark) = &r.daily {
            self.marks.push(mark.clone());
        }
        let given_up: f64 = r.decisions.iter().map(Decision::given_up).sum();
        if matches!(r.mode, Mode::Solo | Mode::Daily) {
            // The share of best holds and the coins given up come from the
            // same games, so the two never disagree.
            self.coin_games += 1;
            self.decisions += r.decisions.len() as u64;
            self.best_decisions += r
                .decisions
                .iter()
                .filter(|d| d.given_up() <= SAME_VALUE)
                .count() as u64;
            self.coins_given_up += given_up;
        }
        match r.mode {
            Mode::Solo => self.add_solo(r),
            Mode::Duel => {
                self.duel_rounds += 1;
                self.chance_given_up += given_up;
                self.add_duel_round(r);
            }
            Mode::Table => self.tables.add(r),
            Mode::Daily | Mode::Practice => {}
        }
        if r.round.is_some() {
            self.add_duel_luck(r);
        }
    }

    fn add_solo(&mut self, r: &Record) {
        self.solo_games += 1;
        self.staked += r.coins_in;
        self.paid += r.coins_out;
        *self.solo_by_rerolls.entry(r.rerolls).or_default() += 1;
        let rerolls = r.rerolls as usize;
        let rolls: Vec<_> = r.throws.iter().map(|t| t.faces).collect();
        let kept: Vec<_> = r.decisions.iter().map(|d| d.chosen.clone()).collect();
        // A game with a crooked die is weighed with each die's own chances.
        let account = match crooked_dice(r) {
            Some(dice) => {
                let table = PayoutTable::default();
                let advisor = self
                    .dice_advice
                    .entry((dice, r.rerolls))
                    .or_insert_with(|| {
                        DiceAdvisor::new(table, &dice.map(DieKind::chances), rerolls)
                    });
                solo_account_with(&mut DiceValues { advisor, table }, rerolls, &rolls, &kept)
            }
            None => {
                let advice = self
                    .advice
                    .entry(r.rerolls)
                    .or_insert_with(|| Advice::new(Strategy::new(PayoutTable::default(), rerolls)));
                solo_account_with(advice, rerolls, &rolls, &kept)
            }
        };
        if let Some(account) = account {
            self.solo_luck.push(account);
        }
    }

    fn add_duel_round(&mut self, r: &Record) {
        self.duels
            .entry(r.opponent.clone().unwrap_or_default())
            .or_default()
            .count(r);
    }

    /// A traced round's luck and skill; the engine is solved at the first.
    /// A round with the player's crooked dice is valued by each die's own
    /// chances, the opponent's dice taken to be fair (as the game did).
    fn add_duel_luck(&mut self, r: &Record) {
        let trace = r.round.as_ref();
        let account = match crooked_dice(r) {
            Some(dice) => {
                let book = self.crooked_books.entry(dice).or_insert_with(|| {
                    let mut trays = [[FAIR; DICE]; 2];
                    trays[Side::Near.index()] = dice.map(DieKind::chances);
                    CrookedBook::new(Arc::new(TrayBrains::new(trays)))
                });
                trace.and_then(|t| book.account(Side::Near, t))
            }
            None => {
                let engine = self.engine.get_or_insert_with(DuelEngine::new);
                trace.and_then(|t| self.book.account(engine, t))
            }
        };
        let Some(account) = account else {
            return;
        };
        self.duel_luck
            .entry(r.mode)
            .or_default()
            .entry(r.opponent.clone().unwrap_or_default())
            .or_default()
            .push(account);
    }

    /// The statistics of everything counted.
    pub fn finish(self) -> Stats {
        // The optimum for the rules each game was played under, weighted by games.
        let optimal: f64 = self
            .solo_by_rerolls
            .iter()
            .map(|(&rerolls, &games)| {
                let rerolls = rerolls as usize;
                let rtp = Strategy::new(PayoutTable::default(), rerolls).return_to_player(rerolls);
                rtp.to_f64() * games as f64 / self.solo_games.max(1) as f64
            })
            .sum();
        let days = super::daily::day_scores_of(&self.marks, crate::rules::daily::DAILY_GAMES);
        Stats {
            games: self.solo_games,
            staked: self.staked,
            paid: self.paid,
            return_per_game: if self.staked == 0 {
                0.0
            } else {
                self.paid as f64 / self.staked as f64
            },
            return_optimal: optimal,
            decisions: self.decisions,
            best_decisions: self.best_decisions,
            coins_given_up_per_game: self.coins_given_up / self.coin_games.max(1) as f64,
            win_chance_given_up_per_round: self.chance_given_up / self.duel_rounds.max(1) as f64,
            first_throws: first_throws(self.first_hands),
            duels: self.duels,
            daily_days: days.len() as u64,
            daily_best: super::daily::personal_best(&days),
            luck: LuckReport::of(self.solo_luck),
            duel_luck: self
                .duel_luck
                .into_iter()
                .map(|(mode, by)| {
                    let by = by
                        .into_iter()
                        .map(|(o, a)| (o, LuckReport::of(a)))
                        .collect();
                    (mode, by)
                })
                .collect(),
            tables: self.tables.finish(),
            dice: self.dice.finish(),
        }
    }
}

/// The hands of every first throw against the table of one throw of fair dice.
fn first_throws(observed: [u64; 8]) -> FirstThrows {
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
