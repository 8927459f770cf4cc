//! A duel round with crooked dice before its dice are thrown: the first
//! mover's value before either side throws and after its own first throw,
//! averaged over the throws still to come, as [`Opening`](crate::rules::duel::Opening)
//! gives it for fair dice (what luck in a round's first throws is measured
//! against).
//!
//! The other's best answer to each of the mover's 252 final hands is one
//! induction over all of its positions at once, so every throw it may open
//! with is answered by the same 252 inductions; the mover's best for all of
//! its first throws is then one induction per throw of the other's.

use super::{Chances, CrookedDuel};
use crate::rules::duel::badge::Badge;
use crate::rules::duel::engine::best_change;
use crate::rules::hand::Roll;
use crate::rules::induction::{MULTISETS, TABLES};
use crate::rules::per_die::{Walks, Worth};

/// A round with crooked dice before its throws, valued for the first
/// mover (the tray the engine moves for).
#[derive(Clone, Debug)]
pub struct CrookedOpening {
    /// The first mover's value before either side throws.
    pub start: f64,
    /// Its value after its own first throw, by the throw's position among
    /// its dice, before the other throws.
    after_first: Vec<f64>,
}

impl CrookedDuel {
    /// The mover's value (P(win) + P(tie)/2, both playing their best)
    /// before any throw and after its first, when it throws first with
    /// `rerolls` and the other has `their_rerolls`; `badges` as in
    /// [`CrookedDuel::solve`] (the mover's first).
    pub fn opening(
        &self,
        rerolls: usize,
        their_rerolls: usize,
        badges: [Option<Badge>; 2],
    ) -> CrookedOpening {
        let [mine, theirs] = badges.map(|b| b.filter(|b| b.changes_a_die()));
        let other = &self.theirs;
        // answers[f][at]: the other's best from its position `at` against
        // the mover's final hand `f` (a dense number).
        let mut answers: Vec<Vec<Chances>> = vec![Vec::new(); MULTISETS];
        for &f in &TABLES.rolls {
            let stand = self.standing_against(f, theirs);
            answers[f] = other.solve(&stand, their_rerolls);
        }
        let walks = &self.mine;
        let mut after_first = vec![0.0; walks.positions()];
        for (at, chance) in other.throws_from(Walks::NOTHING_KEPT) {
            let mut raw = vec![Chances::default(); MULTISETS];
            for &f in &TABLES.rolls {
                let a = answers[f][at];
                raw[f] = Chances {
                    win: (1.0 - a.win - a.tie).max(0.0),
                    tie: a.tie,
                };
            }
            let changed = best_change(raw, mine, Chances::score);
            let stand: Vec<Chances> = (0..walks.positions())
                .map(|p| changed[TABLES.of(walks.total(p))])
                .collect();
            for (sum, worth) in after_first.iter_mut().zip(walks.solve(&stand, rerolls)) {
                *sum += chance * worth.score();
            }
        }
        let start = walks
            .throws_from(Walks::NOTHING_KEPT)
            .map(|(p, chance)| chance * after_first[p])
            .sum();
        CrookedOpening { start, after_first }
    }

    /// The mover's value once its first throw shows `roll` (in slot
    /// order), before the other throws, from its `opening`.
    pub fn after_first(&self, opening: &CrookedOpening, roll: &Roll) -> f64 {
        opening.after_first[self.mine.position_of(roll)]
    }
}
