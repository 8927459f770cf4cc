//! A duel round before its dice are thrown: the first mover's exact value
//! before either side throws and after its own first throw, averaged over
//! the throws still to come (what luck in a round's first throws is
//! measured against).

use super::badge::Badge;
use super::engine::{DuelEngine, ENGINE_REROLLS, RerollsOutOfRange, with_change};
use crate::rules::hand::Roll;
use crate::rules::induction::{Induction, LEVEL_SCALE, MULTISETS, Payoff, TABLES};
use crate::rules::ratio::Ratio;

/// A round before the dice are thrown, valued for the first mover.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The first mover's value before either side throws.
    pub start: Ratio,
    /// Its value after its own first throw, by the throw's dense number in
    /// [`TABLES`], before the second mover throws.
    after_first: Vec<Option<Ratio>>,
}

impl Opening {
    /// The first mover's value once its first throw shows `roll`.
    pub fn after_first(&self, roll: &Roll) -> Ratio {
        self.after_first[TABLES.of_roll(roll)].unwrap_or(self.start)
    }
}

impl DuelEngine {
    /// The first mover's value (P(win) + P(tie)/2, both playing optimally)
    /// before any throw and after its first, averaged over the throws still
    /// to come. One induction per throw of the second mover gives the first
    /// mover's best for all its rolls at once (252 small solves).
    pub fn opening(
        &self,
        first_rerolls: usize,
        second_rerolls: usize,
        badges: [Option<Badge>; 2],
    ) -> Result<Opening, RerollsOutOfRange> {
        for r in [first_rerolls, second_rerolls] {
            if r > ENGINE_REROLLS {
                return Err(RerollsOutOfRange(r));
            }
        }
        let [mine, theirs] = badges.map(|b| b.filter(|b| b.changes_a_die()));
        let t = &*TABLES;
        let all_rolls = t.throws(&[0; 6]);
        // sums[a]: Σ over the second's throws b of ways(b) × score(a | b).
        let mut sums = vec![0u128; MULTISETS];
        for &(b, ways_b) in all_rolls {
            let raw = self.against_answer(b, second_rerolls, theirs);
            let solved = Induction::solve(with_change(raw, mine), first_rerolls);
            for &(a, _) in all_rolls {
                sums[a] += ways_b * solved.levels[first_rerolls][a].score();
            }
        }
        let den = 2 * LEVEL_SCALE.pow((first_rerolls + second_rerolls + 1) as u32);
        let mut after_first = vec![None; MULTISETS];
        let mut total = 0;
        for &(a, ways_a) in all_rolls {
            after_first[a] = Some(Ratio::new(sums[a], den));
            total += ways_a * sums[a];
        }
        Ok(Opening {
            start: Ratio::new(total, den * LEVEL_SCALE),
            after_first,
        })
    }
}
