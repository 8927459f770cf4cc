//! Luck and skill, exactly: what decided a solo game (here), a duel round
//! ([`duel_account`]) or a table round for each seat ([`table_accounts`]).
//! Each term comes from its own events, valued by the advisor's exact
//! expected payouts:
//!
//! - skill given up, at each hold: the best choice's value minus the chosen one's;
//! - luck, at each throw: the value just after the dice land (the best
//!   choice then, or the hand's payout when no reroll is left) minus the
//!   value just before (the value of the choice that threw them; before the
//!   first throw, a fresh game's value).
//!
//! None of them is worked out as what is left over, so the identity
//! `result = start − skill given up + luck` checks the bookkeeping.

mod duel;
mod table;

use serde::{Deserialize, Serialize};

pub use duel::{CrookedBook, DuelBook, Move, RoundTrace, Who, duel_account};
pub use table::{TableMove, TableTrace, table_accounts};

use std::borrow::Borrow;
use std::collections::HashMap;

use super::advisor::{HoldChoice, Strategy};
use super::hand::{Counts, Roll, counts_of, evaluate_roll};
use super::payout::PayoutTable;
use super::per_die::DiceAdvisor;

/// What decided one game, in coins of payout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Account {
    /// The game's value before the first throw: a fresh game played perfectly.
    pub start: f64,
    /// Coins given up by holds that were not the best.
    pub skill_given_up: f64,
    /// What the other side's decisions gave away (none in the solo game,
    /// where the payout table does not decide).
    pub their_gifts: f64,
    /// The dice: what each throw brought against what was expected of it.
    pub luck: f64,
    /// What the final hand paid.
    pub result: f64,
}

impl Account {
    /// `start − skill_given_up + their_gifts + luck − result`: zero (to
    /// rounding) when the terms are right.
    pub fn imbalance(&self) -> f64 {
        self.start - self.skill_given_up + self.their_gifts + self.luck - self.result
    }

    /// Adds another game's account.
    pub fn add(&mut self, other: &Account) {
        self.start += other.start;
        self.skill_given_up += other.skill_given_up;
        self.their_gifts += other.their_gifts;
        self.luck += other.luck;
        self.result += other.result;
    }
}

/// The account of a solo game with `rerolls` rerolls: `rolls[i]` is the
/// roll after throw `i`, `kept[i]` the faces kept after it (all five: stand).
/// `None` when the game is not whole (a hold with no throw after it, or a
/// throw after a stand).
pub fn solo_account(
    strategy: &Strategy,
    rerolls: usize,
    rolls: &[Roll],
    kept: &[Vec<u8>],
) -> Option<Account> {
    solo_account_with(&mut Advice::new(strategy), rerolls, rolls, kept)
}

/// The advisor's choices for each roll and rerolls left, each worked out
/// once: an account of many games (a long history) asks the same few
/// hundred questions again and again.
pub struct Advice<S: Borrow<Strategy>> {
    strategy: S,
    memo: HashMap<(Counts, usize), Vec<HoldChoice>>,
    /// A fresh game's value, by rerolls.
    fresh: HashMap<usize, f64>,
}

impl<S: Borrow<Strategy>> Advice<S> {
    /// No question asked yet.
    pub fn new(strategy: S) -> Advice<S> {
        Advice {
            strategy,
            memo: HashMap::new(),
            fresh: HashMap::new(),
        }
    }

    /// A fresh game's value with `rerolls`, played perfectly.
    fn fresh(&mut self, rerolls: usize) -> f64 {
        let strategy = self.strategy.borrow();
        *self
            .fresh
            .entry(rerolls)
            .or_insert_with(|| strategy.expected_payout(rerolls).to_f64())
    }

    /// Every hold of `roll` with `left` rerolls, best first.
    fn choices(&mut self, roll: &Roll, left: usize) -> &[HoldChoice] {
        let strategy = self.strategy.borrow();
        self.memo
            .entry((counts_of(roll), left))
            .or_insert_with(|| strategy.advise(roll, left))
    }
}

/// What a solo game's account asks of an advisor, with fair dice
/// ([`Advice`]) or with each die's own chances ([`DiceValues`]).
pub trait Values {
    /// A fresh game's value with `rerolls`, played perfectly.
    fn fresh(&mut self, rerolls: usize) -> f64;
    /// The best hold's value for `roll` with `left` rerolls (at least one).
    fn best(&mut self, roll: &Roll, left: usize) -> Option<f64>;
    /// The value of keeping the faces `held` of `roll` (any order) with
    /// `left` rerolls; `None` when the roll has no such faces.
    fn kept(&mut self, roll: &Roll, left: usize, held: &[u8]) -> Option<f64>;
    /// What `roll` pays as the final hand.
    fn pay(&self, roll: &Roll) -> f64;
}

impl<S: Borrow<Strategy>> Values for Advice<S> {
    fn fresh(&mut self, rerolls: usize) -> f64 {
        Advice::fresh(self, rerolls)
    }
    fn best(&mut self, roll: &Roll, left: usize) -> Option<f64> {
        self.choices(roll, left)
            .first()
            .map(|c| c.expected.to_f64())
    }
    fn kept(&mut self, roll: &Roll, left: usize, held: &[u8]) -> Option<f64> {
        let choices = self.choices(roll, left);
        choices
            .iter()
            .find(|c| c.held == held)
            .map(|c| c.expected.to_f64())
    }
    fn pay(&self, roll: &Roll) -> f64 {
        self.strategy
            .borrow()
            .table()
            .pay(evaluate_roll(roll).kind()) as f64
    }
}

/// The values of a tray with crooked dice: the advisor with each die's own
/// chances, and the payout table it was solved for. Of the holds that keep
/// the same faces from different dice, a player who names only the faces
/// is given the better.
pub struct DiceValues<'a> {
    /// The advisor for the tray.
    pub advisor: &'a DiceAdvisor,
    /// What the hands pay.
    pub table: PayoutTable,
}

impl Values for DiceValues<'_> {
    fn fresh(&mut self, rerolls: usize) -> f64 {
        self.advisor.expected_payout(rerolls)
    }
    fn best(&mut self, roll: &Roll, left: usize) -> Option<f64> {
        self.advisor.advise(roll, left).first().map(|c| c.expected)
    }
    fn kept(&mut self, roll: &Roll, left: usize, held: &[u8]) -> Option<f64> {
        let mut want = held.to_vec();
        want.sort_unstable();
        self.advisor
            .advise(roll, left)
            .into_iter()
            .filter(|c| c.held(roll) == want)
            .map(|c| c.expected)
            .reduce(f64::max)
    }
    fn pay(&self, roll: &Roll) -> f64 {
        self.table.pay(evaluate_roll(roll).kind()) as f64
    }
}

/// [`solo_account`], asking `advice` (fair dice, or a tray's own: [`Values`]).
pub fn solo_account_with(
    advice: &mut impl Values,
    rerolls: usize,
    rolls: &[Roll],
    kept: &[Vec<u8>],
) -> Option<Account> {
    let start = advice.fresh(rerolls);
    let mut account = Account {
        start,
        ..Account::default()
    };
    let mut before = start;
    for (i, roll) in rolls.iter().enumerate() {
        let left = rerolls.checked_sub(i)?;
        let after = if left == 0 {
            advice.pay(roll)
        } else {
            advice.best(roll, left)?
        };
        account.luck += after - before;
        match kept.get(i) {
            Some(held) => {
                if left == 0 {
                    return None; // a hold with no reroll left
                }
                let chosen = advice.kept(roll, left, held)?;
                account.skill_given_up += after - chosen;
                before = chosen;
                let last = i + 1 == rolls.len();
                if held.len() == roll.len() {
                    // A stand: the game ends on this roll.
                    if !last {
                        return None;
                    }
                    account.result = advice.pay(roll);
                    return Some(account);
                }
                if last {
                    return None; // kept some dice, but never threw the rest
                }
            }
            None => {
                // Only the last throw, with no reroll left, needs no hold.
                if left > 0 || i + 1 != rolls.len() {
                    return None;
                }
                account.result = advice.pay(roll);
            }
        }
    }
    (!rolls.is_empty()).then_some(account)
}
