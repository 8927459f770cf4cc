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
struct Ranks {
    of: Vec<usize>,
    count: usize,
}

static RANKS: LazyLock<Ranks> = LazyLock::new(|| {
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
    let ranks = &*RANKS;
    // Each rival's chance of finishing below each rank, and at it.
    let dists: Vec<(Vec<f64>, Vec<f64>)> = rivals
        .iter()
        .map(|rival| {
            let p = final_ranks(rival);
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
mod tests {
    use super::*;
    use crate::rules::hand::evaluate_roll;

    fn stood(roll: Roll) -> Rival<'static> {
        Rival {
            roll: Some(roll),
            rerolls: 0,
            holds: &largest_group_policy,
            throwing: None,
        }
    }

    /// Every way the free dice of `roll` can land when `held` is kept, each once.
    fn outcomes(held: &[u8]) -> Vec<Roll> {
        let free = DICE - held.len();
        let mut out = Vec::new();
        for i in 0..6usize.pow(free as u32) {
            let mut faces = held.to_vec();
            let mut n = i;
            for _ in 0..free {
                faces.push((n % 6) as u8 + 1);
                n /= 6;
            }
            out.push(std::array::from_fn(|k| faces[k]));
        }
        out
    }

    #[test]
    fn against_hands_already_final_the_chance_is_certain() {
        let rivals = [
            stood([2, 2, 3, 3, 6]),
            stood([1, 2, 3, 4, 5]),
            stood([4, 4, 4, 1, 2]),
        ];
        let four = table_chance(Some([5, 5, 5, 5, 1]), 0, &rivals);
        assert_eq!((four.win, four.tie, four.value), (1.0, 0.0, 1.0));
        let pair = table_chance(Some([6, 6, 1, 2, 3]), 0, &rivals);
        assert_eq!((pair.win, pair.value), (0.0, 0.0));
        // The same straight as one rival: a tie for half the pot.
        let same = table_chance(Some([5, 4, 3, 2, 1]), 0, &rivals[1..2]);
        assert_eq!((same.win, same.tie, same.value), (0.0, 1.0, 0.5));
    }

    #[test]
    fn the_chance_against_rivals_still_to_reroll_is_every_throw_counted() {
        let policy = |roll: &Roll, _: u32| crate::rules::duel::opponent::largest_group(roll);
        let a: Roll = [1, 1, 2, 3, 4];
        let b: Roll = [6, 2, 3, 3, 5];
        let rivals = [
            Rival {
                roll: Some(a),
                rerolls: 1,
                holds: &policy,
                throwing: None,
            },
            Rival {
                roll: Some(b),
                rerolls: 1,
                holds: &policy,
                throwing: None,
            },
        ];
        let mine: Roll = [4, 4, 2, 2, 6];
        let got = table_chance(Some(mine), 0, &rivals);
        // Counted by hand: every landing of each rival's free dice.
        let me = evaluate_roll(&mine);
        let (mut win, mut tie, mut value, mut n) = (0.0, 0.0, 0.0, 0.0);
        for ra in outcomes(&policy(&a, 1)) {
            for rb in outcomes(&policy(&b, 1)) {
                let best = evaluate_roll(&ra).max(evaluate_roll(&rb));
                let tied = [ra, rb].iter().filter(|r| evaluate_roll(r) == me).count();
                n += 1.0;
                if me > best {
                    win += 1.0;
                    value += 1.0;
                } else if me == best {
                    tie += 1.0;
                    value += 1.0 / (tied + 1) as f64;
                }
            }
        }
        assert!((got.win - win / n).abs() < 1e-12, "{got:?} {}", win / n);
        assert!((got.tie - tie / n).abs() < 1e-12);
        assert!((got.value - value / n).abs() < 1e-12);
    }

    #[test]
    fn the_best_hold_against_the_table_is_at_least_a_fair_share() {
        let rivals = [Rival {
            roll: None,
            rerolls: 1,
            holds: &largest_group_policy,
            throwing: None,
        }; 3];
        // Before anyone throws: holding best does at least as well as the
        // rivals' own way, which by symmetry is worth a quarter.
        let start = table_chance(None, 1, &rivals);
        assert!(start.value >= 0.25 - 1e-9 && start.value < 0.5, "{start:?}");
        assert!(start.win + start.tie <= 1.0 + 1e-9);
        // With a pair of sixes, keeping them beats throwing everything.
        let holds = table_choices(&[6, 6, 1, 2, 4], 1, &rivals);
        let keep = |faces: &[u8]| holds.iter().find(|c| c.held == faces).unwrap().share.value;
        assert!(keep(&[6, 6]) > keep(&[]));
        assert_eq!(
            holds[0].share.value,
            holds.iter().map(|c| c.share.value).fold(0.0, f64::max)
        );
    }

    #[test]
    fn a_rival_with_dice_in_the_air_is_every_landing_of_them() {
        let mine: Roll = [3, 3, 3, 1, 2];
        let from: Roll = [5, 5, 1, 2, 4];
        let kept = counts_of_faces(&[5, 5]);
        let flying = Rival {
            roll: Some(from),
            rerolls: 0,
            holds: &largest_group_policy,
            throwing: Some(kept),
        };
        let got = table_chance(Some(mine), 0, &[flying]);
        let landings = outcomes(&[5, 5]);
        let mean = landings
            .iter()
            .map(|&r| table_chance(Some(mine), 0, &[stood(r)]).value)
            .sum::<f64>()
            / landings.len() as f64;
        assert!((got.value - mean).abs() < 1e-12, "{got:?} {mean}");
        // Before its first throw, a rival is five dice in the air.
        let fresh = Rival {
            roll: None,
            throwing: None,
            ..flying
        };
        let all_free = Rival {
            throwing: Some([0; FACES]),
            ..flying
        };
        assert_eq!(
            table_chance(Some(mine), 0, &[fresh]),
            table_chance(Some(mine), 0, &[all_free])
        );
    }
}
