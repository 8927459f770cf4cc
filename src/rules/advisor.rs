//! The hold advisor: exact expected payouts of every hold under optimal play.
//!
//! Values are kept as exact integers over a common denominator per level:
//! with `r` rerolls left everything is a multiple of 1 / 6^(5r), which fits a
//! `u128` for any payout table a game would use.

use super::hand::{Counts, DICE, HandType, Roll, evaluate_counts};
use super::induction::{Induction, LEVEL_SCALE, MULTISETS, Payoff, TABLES};
use super::odds::for_each_throw;
use super::payout::PayoutTable;
use super::ratio::Ratio;

pub use super::induction::faces_of;

/// The most rerolls the advisor plans for (the game allows up to this many).
pub const MAX_REROLLS: usize = 5;

/// Expected payout and final-hand odds at one point, as numerators over the level's scale.
#[derive(Clone, Copy, Debug, Default)]
struct Outlook {
    value: u128,
    hands: [u128; 8],
}

impl Payoff for Outlook {
    fn add_weighted(&mut self, other: &Self, weight: u128) {
        self.value += weight * other.value;
        for (sum, h) in self.hands.iter_mut().zip(other.hands) {
            *sum += weight * h;
        }
    }

    fn score(&self) -> u128 {
        self.value
    }
}

/// One way to hold the dice of a roll, with what it leads to under optimal play.
#[derive(Clone, Debug, PartialEq)]
pub struct HoldChoice {
    /// The faces kept, low to high (all five: stand and take the hand).
    pub held: Vec<u8>,
    /// Exact expected payout in coins.
    pub expected: Ratio,
    /// Probability of finishing with each hand type, indexed by [`HandType::index`].
    pub final_hands: [Ratio; 8],
}

impl HoldChoice {
    /// True when every die is kept, which ends the game with the current hand.
    pub fn stands(&self) -> bool {
        self.held.len() == DICE
    }
}

/// Optimal play for one payout table, solved for 0..=`max_rerolls` rerolls.
pub struct Strategy {
    table: PayoutTable,
    solved: Induction<Outlook>,
}

impl Strategy {
    /// Solves optimal play for `table` up to `max_rerolls` rerolls (at most [`MAX_REROLLS`]).
    pub fn new(table: PayoutTable, max_rerolls: usize) -> Strategy {
        let mut base = vec![Outlook::default(); MULTISETS];
        for &roll in &TABLES.rolls {
            let kind = evaluate_counts(&TABLES.counts[roll]).kind();
            let mut hands = [0; 8];
            hands[kind.index()] = 1;
            base[roll] = Outlook {
                value: u128::from(table.pay(kind)),
                hands,
            };
        }
        Strategy {
            table,
            solved: Induction::solve(base, max_rerolls.min(MAX_REROLLS)),
        }
    }

    /// The payout table this strategy was solved for.
    pub fn table(&self) -> &PayoutTable {
        &self.table
    }

    /// The most rerolls this strategy covers.
    pub fn max_rerolls(&self) -> usize {
        self.solved.max_rerolls()
    }

    /// Exact expected payout of a fresh throw of five dice followed by
    /// optimal play with `rerolls` rerolls.
    pub fn expected_payout(&self, rerolls: usize) -> Ratio {
        let level = &self.solved.levels[rerolls];
        let mut total = 0u128;
        for_each_throw(DICE, |roll, ways| {
            total += u128::from(ways) * level[TABLES.of(roll)].value;
        });
        Ratio::new(total, LEVEL_SCALE.pow(rerolls as u32 + 1))
    }

    /// Exact return to player: expected payout over the stake.
    pub fn return_to_player(&self, rerolls: usize) -> Ratio {
        let ev = self.expected_payout(rerolls);
        Ratio::new(ev.numer(), ev.denom() * u128::from(self.table.stake))
    }

    /// Final-hand odds of a fresh throw followed by optimal play.
    pub fn final_hands(&self, rerolls: usize) -> [Ratio; 8] {
        let level = &self.solved.levels[rerolls];
        let mut sums = [0u128; 8];
        for_each_throw(DICE, |roll, ways| {
            for (s, h) in sums.iter_mut().zip(level[TABLES.of(roll)].hands) {
                *s += u128::from(ways) * h;
            }
        });
        let den = LEVEL_SCALE.pow(rerolls as u32 + 1);
        sums.map(|s| Ratio::new(s, den))
    }

    /// Every distinct hold for `roll` with `rerolls` rerolls left, best first.
    /// Ties go to the hold that keeps more dice.
    pub fn advise(&self, roll: &Roll, rerolls: usize) -> Vec<HoldChoice> {
        let rerolls = rerolls.min(self.max_rerolls());
        let here = LEVEL_SCALE.pow(rerolls as u32);
        let mut choices: Vec<HoldChoice> = self
            .solved
            .choices(roll, rerolls)
            .iter()
            .map(|(held, o): &(Counts, Outlook)| HoldChoice {
                held: faces_of(held),
                expected: Ratio::new(o.value, here),
                final_hands: o.hands.map(|h| Ratio::new(h, here)),
            })
            .collect();
        choices.sort_by(|a, b| {
            b.expected
                .cmp(&a.expected)
                .then(b.held.len().cmp(&a.held.len()))
                .then(b.held.cmp(&a.held))
        });
        choices
    }

    /// The best hold for `roll` with `rerolls` rerolls left.
    pub fn best(&self, roll: &Roll, rerolls: usize) -> HoldChoice {
        self.advise(roll, rerolls).swap_remove(0)
    }
}

/// Final-hand probabilities as a name → probability list, strongest hand first.
pub fn named(final_hands: &[Ratio; 8]) -> Vec<(HandType, Ratio)> {
    HandType::ALL
        .iter()
        .rev()
        .map(|&h| (h, final_hands[h.index()]))
        .collect()
}
