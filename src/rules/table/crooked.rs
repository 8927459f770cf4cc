//! Chances at a table when dice differ: what [`table_choices`] and
//! [`table_chance`] answer for fair dice, with each seat's tray walked by
//! its own dice's chances ([`Walks`]). A rival's final hand is worked out
//! from its position, its rerolls to come and the way it holds, every
//! throw of its free dice weighed by those dice's chances; a rival whose
//! way names only faces keeps them on its lowest slots showing them. The
//! seat's every hold (by slot: which die keeps a face matters now) is then
//! valued by backward induction against all of them at once.
//!
//! [`table_choices`]: super::chance::table_choices
//! [`table_chance`]: super::chance::table_chance

use std::cmp::Ordering;

use super::chance::{RANKS, Rival, Share, worth_against};
use crate::rules::hand::{Counts, DICE, Roll};
use crate::rules::induction::{TABLES, faces_of};
use crate::rules::per_die::{Walks, Worth};

impl Worth for Share {
    fn add(&mut self, other: &Self, p: f64) {
        self.win += other.win * p;
        self.tie += other.tie * p;
        self.value += other.value * p;
    }

    fn score(&self) -> f64 {
        self.value
    }
}

/// Two shares closer than this are the same share (standing, then the hold
/// that keeps more, goes first among them).
const SAME_SHARE: f64 = 1e-12;

/// A rival with its own dice.
#[derive(Clone, Copy)]
pub struct DiceRival<'a> {
    /// Where it stands and how it holds.
    pub rival: Rival<'a>,
    /// Its tray, walked by its dice's chances.
    pub walks: &'a Walks,
}

/// One hold of a seat with its own dice, with its chances against the table.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceTableChoice {
    /// The dice kept, by slot (all five: stand).
    pub kept: [bool; DICE],
    /// Faces kept, low to high.
    pub held: Vec<u8>,
    /// Its chances.
    pub share: Share,
}

/// The slots of `roll` that keep `faces`: for each face, the lowest slots
/// showing it.
fn slots_keeping(roll: &Roll, faces: &Counts) -> [bool; DICE] {
    let mut left = *faces;
    std::array::from_fn(|slot| {
        let want = &mut left[usize::from(roll[slot] - 1)];
        let keep = *want > 0;
        *want = want.saturating_sub(1);
        keep
    })
}

/// A rival's final hand, walked with its dice: the chance of each rank.
fn final_ranks(rival: &DiceRival) -> Vec<f64> {
    let (walks, r) = (rival.walks, &rival.rival);
    let mut weights = vec![0.0; walks.positions()];
    match (r.throwing, r.roll) {
        (None, Some(roll)) => weights[walks.position_of(&roll)] = 1.0,
        // Dice in the air (all five before a first throw) land every way.
        (kept, roll) => {
            let state = match (kept, roll) {
                (Some(kept), Some(roll)) => walks.state_keeping(&roll, slots_keeping(&roll, &kept)),
                _ => Walks::NOTHING_KEPT,
            };
            for (to, p) in walks.throws_from(state) {
                weights[to] += p;
            }
        }
    }
    for left in (1..=r.rerolls).rev() {
        let mut next = vec![0.0; walks.positions()];
        for (position, &w) in weights.iter().enumerate().filter(|(_, w)| **w > 0.0) {
            let roll = walks.roll_at(position);
            let held = faces_counts(&(r.holds)(&roll, left));
            let kept = slots_keeping(&roll, &held);
            if kept.iter().all(|&k| k) {
                next[position] += w;
                continue;
            }
            for (to, p) in walks.throws_from(walks.state_keeping(&roll, kept)) {
                next[to] += w * p;
            }
        }
        weights = next;
    }
    let ranks = &*RANKS;
    let mut out = vec![0.0; ranks.count];
    for (position, w) in weights.into_iter().enumerate() {
        out[ranks.of[TABLES.of(walks.total(position))]] += w;
    }
    out
}

/// Counts of held faces, ignoring any that are not faces.
fn faces_counts(faces: &[u8]) -> Counts {
    let mut counts = [0u8; 6];
    for &f in faces.iter().take(DICE).filter(|f| (1..=6).contains(*f)) {
        counts[usize::from(f - 1)] += 1;
    }
    counts
}

/// What standing is worth at each of `mine`'s positions against `rivals`.
fn stand_worth(mine: &Walks, rivals: &[DiceRival]) -> Vec<Share> {
    let worth = worth_against(rivals.iter().map(final_ranks).collect());
    (0..mine.positions())
        .map(|p| worth[TABLES.of(mine.total(p))])
        .collect()
}

/// Every hold of `roll` (its dice in slot order, walked by `mine`) with
/// `rerolls` left against `rivals`, best first: standing first among
/// equals, then the hold that keeps more.
pub fn dice_table_choices(
    roll: &Roll,
    rerolls: u32,
    mine: &Walks,
    rivals: &[DiceRival],
) -> Vec<DiceTableChoice> {
    let stand = stand_worth(mine, rivals);
    let position = mine.position_of(roll);
    let choice = |kept: [bool; DICE], share: Share| {
        let mut counts = [0u8; 6];
        for slot in (0..DICE).filter(|&s| kept[s]) {
            counts[usize::from(roll[slot] - 1)] += 1;
        }
        DiceTableChoice {
            kept,
            held: faces_of(&counts),
            share,
        }
    };
    let mut out = vec![choice([true; DICE], stand[position])];
    if let Some(below) = (rerolls as usize).checked_sub(1) {
        let worth = mine.solve(&stand, below);
        for state in mine.holds_at(position) {
            out.push(choice(
                mine.slots(roll, state),
                mine.expected(state, &worth),
            ));
        }
    }
    out.sort_by(|a, b| {
        let by_share = if (a.share.value - b.share.value).abs() <= SAME_SHARE {
            Ordering::Equal
        } else {
            b.share.value.total_cmp(&a.share.value)
        };
        by_share.then(b.held.len().cmp(&a.held.len()))
    });
    out
}

/// A seat's chances now with its own dice: from its faces (`None`: before
/// its first throw) and rerolls to come, holding as well as it can.
pub fn dice_table_chance(
    roll: Option<Roll>,
    rerolls: u32,
    mine: &Walks,
    rivals: &[DiceRival],
) -> Share {
    match roll {
        Some(roll) => dice_table_choices(&roll, rerolls, mine, rivals)
            .first()
            .map(|c| c.share)
            .unwrap_or_default(),
        None => {
            let worth = mine.solve(&stand_worth(mine, rivals), rerolls as usize);
            mine.expected(Walks::NOTHING_KEPT, &worth)
        }
    }
}

#[cfg(test)]
mod tests;
