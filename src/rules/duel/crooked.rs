//! The duel engine for dice with their own faces' chances (a crooked die
//! on either side): the same question as the exact [`DuelEngine`](super::DuelEngine)
//! answers for fair dice, in floating point. The mover holds its roll with
//! its rerolls; the other, its roll with its own rerolls still to come,
//! answers the mover's final hand as well as it can; both play for
//! P(win) + P(tie)/2, and a badge that changes a die is a last choice on a
//! final hand.
//!
//! Each side's dice are walked by position ([`Walks`]: one crooked die
//! beside four fair ones is 756 positions, not 7,776), so the other's best
//! answer to each of the 252 final hands is one induction of its own. The
//! game keeps the exact engine for fair dice (the figures agree: a test
//! holds them to it).

use std::cmp::Ordering;

use super::badge::{Badge, changed};
use super::engine::{best_change, strength_ranks};
use crate::rules::hand::{Counts, DICE, FACES, Roll};
use crate::rules::induction::{MULTISETS, TABLES, faces_of};
use crate::rules::per_die::{FaceChances, Tray, Walks, Worth};

/// Figures this close are equal: what floating point leaves of two holds
/// worth the same.
const TIE: f64 = 1e-12;

/// A side's chances to finish stronger and level.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Chances {
    win: f64,
    tie: f64,
}

impl Worth for Chances {
    fn add(&mut self, other: &Chances, p: f64) {
        self.win += p * other.win;
        self.tie += p * other.tie;
    }

    /// Ties count half.
    fn score(&self) -> f64 {
        self.win + self.tie / 2.0
    }
}

/// One hold in a duel with crooked dice, with its chances under both
/// sides' best play.
#[derive(Clone, Debug, PartialEq)]
pub struct CrookedChoice {
    /// The dice kept, by slot (all five: stand).
    pub kept: [bool; DICE],
    /// Faces kept, low to high.
    pub held: Vec<u8>,
    /// Chance to finish stronger.
    pub win: f64,
    /// Chance to finish with the identical hand.
    pub tie: f64,
    /// Chance to finish weaker.
    pub loss: f64,
    /// P(win) + P(tie)/2.
    pub value: f64,
    /// The die a badge changes when standing with it: (from, to).
    pub change: Option<(u8, u8)>,
}

/// Two trays of dice face to face: the mover's and the other's.
pub struct CrookedDuel {
    mine: Walks,
    theirs: Walks,
    /// Each five-dice face table's strength (by dense number), 0 weakest.
    strength: Vec<u16>,
}

impl CrookedDuel {
    /// The duel of the mover's `mine` and the other's `theirs` (each in
    /// slot order).
    pub fn new(mine: &[FaceChances; DICE], theirs: &[FaceChances; DICE]) -> CrookedDuel {
        CrookedDuel {
            mine: Walks::new(&Tray::new(mine)),
            theirs: Walks::new(&Tray::new(theirs)),
            strength: strength_ranks(),
        }
    }

    /// The other's chances standing at each of its positions against the
    /// mover's final hand `f` (a dense number), its die-changing `badge`
    /// used at its best.
    fn standing_against(&self, f: usize, badge: Option<Badge>) -> Vec<Chances> {
        let mut base = vec![Chances::default(); MULTISETS];
        for &g in &TABLES.rolls {
            base[g] = match self.strength[g].cmp(&self.strength[f]) {
                Ordering::Greater => Chances { win: 1.0, tie: 0.0 },
                Ordering::Equal => Chances { win: 0.0, tie: 1.0 },
                Ordering::Less => Chances::default(),
            };
        }
        let base = best_change(base, badge, Chances::score);
        let walks = &self.theirs;
        (0..walks.positions())
            .map(|p| base[TABLES.of(walks.total(p))])
            .collect()
    }

    /// The other's chances, answering the mover's final hand `f` (a dense
    /// number) from its `roll`'s position with `rerolls` to come and its
    /// die-changing `badge`.
    fn answer(&self, f: usize, at: usize, rerolls: usize, badge: Option<Badge>) -> Chances {
        let walks = &self.theirs;
        let stand = self.standing_against(f, badge);
        let Some(below) = rerolls.checked_sub(1) else {
            return stand[at];
        };
        // Only the other's own position is needed at the top level.
        let worth = walks.solve(&stand, below);
        let mut best = stand[at];
        for state in walks.holds_at(at) {
            let o = walks.expected(state, &worth);
            if o.score() > best.score() {
                best = o;
            }
        }
        best
    }

    /// Every distinct hold of `roll` with `rerolls` left, best first,
    /// against the other's roll `against` with `their_rerolls` still to
    /// come (0: its hand is final), as [`DuelEngine::solve_with`](super::DuelEngine::solve_with)
    /// answers it for fair dice: `badges[0]` is the mover's, `[1]` the
    /// other's, each `Some` only while it can still change a die. Ties go
    /// to the hold that keeps more dice.
    pub fn solve(
        &self,
        (roll, rerolls): (&Roll, usize),
        (against, their_rerolls): (&Roll, usize),
        badges: [Option<Badge>; 2],
    ) -> Vec<CrookedChoice> {
        let [mine, theirs] = badges.map(|b| b.filter(|b| b.changes_a_die()));
        let at = self.theirs.position_of(against);
        let mut raw = vec![Chances::default(); MULTISETS];
        for &f in &TABLES.rolls {
            let a = self.answer(f, at, their_rerolls, theirs);
            // What the other does not win or tie, the mover wins (never
            // below nothing for a rounding).
            raw[f] = Chances {
                win: (1.0 - a.win - a.tie).max(0.0),
                tie: a.tie,
            };
        }
        let walks = &self.mine;
        let position = walks.position_of(roll);
        let here = *walks.total(position);
        let choice = |kept: [bool; DICE], c: Chances, change| {
            let held = faces_of(&kept_counts(roll, kept));
            CrookedChoice {
                kept,
                held,
                win: c.win,
                tie: c.tie,
                loss: (1.0 - c.win - c.tie).max(0.0),
                value: c.score(),
                change,
            }
        };
        // Standing is as the hand lies; a change is a choice of its own.
        let mut choices = vec![choice([true; DICE], raw[TABLES.of(&here)], None)];
        if let Some(below) = rerolls.checked_sub(1) {
            let changed_base = best_change(raw.clone(), mine, Chances::score);
            let stand: Vec<Chances> = (0..walks.positions())
                .map(|p| changed_base[TABLES.of(walks.total(p))])
                .collect();
            let worth = walks.solve(&stand, below);
            for state in walks.holds_at(position) {
                let kept = walks.slots(roll, state);
                choices.push(choice(kept, walks.expected(state, &worth), None));
            }
        }
        if let Some(badge) = mine {
            for (from, to) in badge.changes(&here) {
                let after = raw[TABLES.of(&changed(&here, from, to))];
                choices.push(choice([true; DICE], after, Some((from, to))));
            }
        }
        choices.sort_by(|a, b| {
            let tie = (a.value - b.value).abs() <= TIE;
            let by_value = if tie {
                Ordering::Equal
            } else {
                b.value.total_cmp(&a.value)
            };
            by_value
                .then(b.held.len().cmp(&a.held.len()))
                .then(a.change.is_some().cmp(&b.change.is_some()))
                .then(b.held.cmp(&a.held))
        });
        choices
    }
}

/// The face table of the slots of `roll` that are `kept`.
fn kept_counts(roll: &Roll, kept: [bool; DICE]) -> Counts {
    let mut counts = [0u8; FACES];
    for slot in (0..DICE).filter(|&s| kept[s]) {
        counts[usize::from(roll[slot] - 1)] += 1;
    }
    counts
}

pub mod opening;
pub mod trays;

#[cfg(test)]
mod tests;
