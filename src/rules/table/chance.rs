//! Exact chances at a table of several seats: each rival's final hand is
//! worked out from its faces, its rerolls to come and the way it holds (every
//! throw of its free dice enumerated, nothing sampled), the rivals' trays
//! being independent; then a seat's every hold is valued by backward
//! induction against all of them at once: the chance to hold the best hand
//! alone, to share it, and its expected share of the pot (a tie split evenly).

use std::sync::LazyLock;

use crate::rules::hand::{Counts, DICE, FACES, Roll, evaluate_counts};
use crate::rules::induction::{Induction, LEVEL_SCALE, MULTISETS, Payoff, TABLES, faces_of};

/// How a rival holds: the faces it keeps of `roll` with `rerolls` left
/// (all five: it stands).
pub type HoldPolicy<'a> = &'a dyn Fn(&Roll, u32) -> Vec<u8>;

/// A rival as the chance sees it.
#[derive(Clone, Copy)]
pub struct Rival<'a> {
    /// Its faces so far; `None` before its first throw.
    pub roll: Option<Roll>,
    /// Rerolls it will still take (after its first throw, if that is to come).
    pub rerolls: u32,
    /// How it holds.
    pub holds: HoldPolicy<'a>,
    /// The faces it kept while the rest of its dice are in the air (its
    /// `roll` is then the one it held from; `rerolls` come after this throw).
    pub throwing: Option<Counts>,
}

/// A seat's chances for one choice, against every rival.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Share {
    /// Chance to end with the best hand alone.
    pub win: f64,
    /// Chance to end sharing the best hand.
    pub tie: f64,
    /// Expected share of the pot: a win counts 1, a tie with k others 1/(k+1).
    pub value: f64,
}

/// The precision a share is compared at while choosing a hold.
const SCORE_SCALE: f64 = (1u64 << 32) as f64;

impl Payoff for Share {
    fn add_weighted(&mut self, other: &Self, weight: u128) {
        let w = weight as f64;
        self.win += other.win * w;
        self.tie += other.tie * w;
        self.value += other.value * w;
    }

    fn score(&self) -> u128 {
        (self.value * SCORE_SCALE) as u128
    }
}

impl Share {
    /// This share over `scale` outcomes, as chances.
    fn over(self, scale: u128) -> Share {
        let s = scale as f64;
        Share {
            win: self.win / s,
            tie: self.tie / s,
            value: self.value / s,
        }
    }
}

/// One hold of a seat with its chances against the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableChoice {
    /// Faces kept, low to high (all five: stand).
    pub held: Vec<u8>,
    /// Its chances.
    pub share: Share,
}

/// Every five-dice roll's rank among the hands (0: the weakest), by dense
/// number; equal hands share a rank.
pub(super) struct Ranks {
    /// Each roll's rank, by dense number.
    pub(super) of: Vec<usize>,
    /// How many ranks there are.
    pub(super) count: usize,
}

pub(super) static RANKS: LazyLock<Ranks> = LazyLock::new(|| {
    let t = &*TABLES;
    let mut keys: Vec<_> = t
        .rolls
        .iter()
        .map(|&r| evaluate_counts(&t.counts[r]).key())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    let mut of = vec![0; MULTISETS];
    for &r in &t.rolls {
        let key = evaluate_counts(&t.counts[r]).key();
        of[r] = keys.binary_search(&key).unwrap_or(0);
    }
    Ranks {
        of,
        count: keys.len(),
    }
});

/// The roll of a five-dice count table.
fn roll_of(counts: &Counts) -> Roll {
    let faces = faces_of(counts);
    std::array::from_fn(|i| faces[i])
}

/// A rival's final hand: the chance of each rank.
fn final_ranks(rival: &Rival) -> Vec<f64> {
    let t = &*TABLES;
    // Weights by dense number, over `total` outcomes.
    let mut weights = vec![0u128; MULTISETS];
    let mut total: u128 = LEVEL_SCALE;
    match (rival.throwing, rival.roll) {
        (None, Some(roll)) => weights[t.of_roll(&roll)] = LEVEL_SCALE,
        // Dice in the air (all five before a first throw) land every way.
        (kept, _) => {
            for &(next, w) in t.throws(&kept.unwrap_or([0; FACES])) {
                weights[next] += w;
            }
        }
    }
    for left in (1..=rival.rerolls).rev() {
        let mut next_weights = vec![0u128; MULTISETS];
        for &r in &t.rolls {
            let w = weights[r];
            if w == 0 {
                continue;
            }
            let roll = roll_of(&t.counts[r]);
            let held = counts_of_faces(&(rival.holds)(&roll, left));
            if held.iter().map(|&c| usize::from(c)).sum::<usize>() >= DICE {
                next_weights[r] += w * LEVEL_SCALE;
                continue;
            }
            for &(to, ways) in t.throws(&held) {
                next_weights[to] += w * ways;
            }
        }
        weights = next_weights;
        total *= LEVEL_SCALE;
    }
    let ranks = &*RANKS;
    let mut out = vec![0.0; ranks.count];
    for &r in &t.rolls {
        out[ranks.of[r]] += weights[r] as f64 / total as f64;
    }
    out
}

/// Counts of held faces, ignoring any that are not faces.
fn counts_of_faces(faces: &[u8]) -> Counts {
    let mut counts = [0u8; FACES];
    for &f in faces.iter().take(DICE) {
        if (1..=6).contains(&f) {
            counts[usize::from(f - 1)] += 1;
        }
    }
    counts
}

/// What each final roll of the seat is worth against `rivals`.
fn final_worth(rivals: &[Rival]) -> Vec<Share> {
    worth_against(rivals.iter().map(final_ranks).collect())
}

/// What each final roll of the seat (by dense number) is worth against
/// rivals whose final hands fall on each rank with these chances.
pub(super) fn worth_against(rivals: Vec<Vec<f64>>) -> Vec<Share> {
    let ranks = &*RANKS;
    // Each rival's chance of finishing below each rank, and at it.
    let dists: Vec<(Vec<f64>, Vec<f64>)> = rivals
        .into_iter()
        .map(|p| {
            let below = p
                .iter()
                .scan(0.0, |acc, &x| {
                    let before = *acc;
                    *acc += x;
                    Some(before)
                })
                .collect();
            (below, p)
        })
        .collect();
    let mut worth = vec![Share::default(); MULTISETS];
    for &r in &TABLES.rolls {
        let k = ranks.of[r];
        // Coefficient j: the chance that exactly j rivals tie and the rest are below.
        let mut ties = vec![1.0];
        for (below, at) in &dists {
            let mut next = vec![0.0; ties.len() + 1];
            for (j, &c) in ties.iter().enumerate() {
                next[j] += c * below[k];
                next[j + 1] += c * at[k];
            }
            ties = next;
        }
        worth[r] = Share {
            win: ties[0],
            tie: ties[1..].iter().sum(),
            value: ties
                .iter()
                .enumerate()
                .map(|(j, c)| c / (j + 1) as f64)
                .sum(),
        };
    }
    worth
}

/// Every hold of `roll` with `rerolls` left against `rivals`, best first
/// (standing first among equals).
pub fn table_choices(roll: &Roll, rerolls: u32, rivals: &[Rival]) -> Vec<TableChoice> {
    let solve = Induction::solve(final_worth(rivals), rerolls as usize);
    let scale = LEVEL_SCALE.pow(rerolls);
    let mut out: Vec<TableChoice> = solve
        .choices(roll, rerolls as usize)
        .into_iter()
        .map(|(held, share)| TableChoice {
            held: faces_of(&held),
            share: share.over(scale),
        })
        .collect();
    out.sort_by(|a, b| b.share.value.total_cmp(&a.share.value));
    out
}

/// A seat's chances now: from its faces (`None`: before its first throw)
/// and rerolls to come, holding as well as it can against `rivals`.
pub fn table_chance(roll: Option<Roll>, rerolls: u32, rivals: &[Rival]) -> Share {
    match roll {
        Some(roll) => table_choices(&roll, rerolls, rivals)
            .first()
            .map(|c| c.share)
            .unwrap_or_default(),
        None => {
            let solve = Induction::solve(final_worth(rivals), rerolls as usize);
            let mut sum = Share::default();
            for &(r, w) in TABLES.throws(&[0; FACES]) {
                sum.add_weighted(&solve.levels[rerolls as usize][r], w);
            }
            let scale = LEVEL_SCALE.pow(rerolls + 1);
            sum.over(scale)
        }
    }
}

/// The faces a roll's largest group keeps: the simplest way to hold, for a
/// rival whose own way is not known.
pub fn largest_group_policy(roll: &Roll, _rerolls: u32) -> Vec<u8> {
    crate::rules::duel::opponent::largest_group(roll)
}

#[cfg(test)]
mod tests;
