//! Optimal holding by backward induction, shared by the payout advisor and the duel engine.
//!
//! The solve climbs from what every final hand is worth (level 0) up through the
//! rerolls: with `r` rerolls left a roll is worth its best hold (standing
//! included), and a hold is worth the average of level `r - 1` over every throw
//! of the free dice. Values stay exact integers: each level multiplies the
//! common denominator by 6^5, so a throw of fewer dice is widened to it.

use std::sync::LazyLock;

use super::hand::{Counts, DICE, FACES, Roll, counts_of};
use super::odds::{add_counts, for_each_throw};

/// Distinct count tables of zero to five dice: C(6 + 5, 5).
pub const MULTISETS: usize = 462;
/// Distinct rolls of five dice: C(6 + 4, 5).
pub const ROLL_MULTISETS: usize = 252;
/// 6^5: each level's values are scaled by this much over the level below.
pub const LEVEL_SCALE: u128 = 7_776;

/// What a final hand is worth to someone; added up with weights level by level.
pub trait Payoff: Copy + Default {
    /// Adds `weight` × `other` to this payoff.
    fn add_weighted(&mut self, other: &Self, weight: u128);
    /// What the choice of hold maximises (on one level's scale).
    fn score(&self) -> u128;
}

/// Counts run 0..=5, so a base of six holds them.
const BASE: usize = DICE + 1;

/// Base-6 code of a count table.
fn code(counts: &Counts) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |acc, &c| acc * BASE + usize::from(c))
}

/// Number of dice in a count table.
pub fn dice_in(counts: &Counts) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

/// Every count table of exactly `n` dice.
pub fn multisets(n: usize) -> Vec<Counts> {
    let mut all = Vec::new();
    for_each_throw(n, |counts, _| all.push(*counts));
    all
}

/// Every distinct proper sub-multiset of a roll (holds that throw at least one die).
pub fn sub_holds(roll: &Counts) -> Vec<Counts> {
    let mut out = vec![[0u8; FACES]];
    for face in 0..FACES {
        let mut next = Vec::with_capacity(out.len() * (usize::from(roll[face]) + 1));
        for partial in &out {
            for k in 0..=roll[face] {
                let mut c = *partial;
                c[face] = k;
                next.push(c);
            }
        }
        out = next;
    }
    out.retain(|c| dice_in(c) < DICE);
    out
}

/// Faces of a count table, low to high.
pub fn faces_of(counts: &Counts) -> Vec<u8> {
    (0..FACES)
        .flat_map(|i| std::iter::repeat_n(i as u8 + 1, usize::from(counts[i])))
        .collect()
}

/// The fixed structure every solve climbs: a dense number for each count
/// table, the rolls, each hold's throws and each roll's holds.
pub struct Tables {
    /// Dense number of each base-6 code (`u16::MAX` for codes of six or more dice).
    slots: Vec<u16>,
    /// Count table of each dense number.
    pub counts: Vec<Counts>,
    /// Dense numbers of the 252 five-dice rolls.
    pub rolls: Vec<usize>,
    /// For each partial hold: where each throw of the free dice lands and its
    /// weight, already widened to 6^5 outcomes.
    moves: Vec<Vec<(usize, u128)>>,
    /// For each five-dice roll: its proper sub-holds.
    subs: Vec<Vec<usize>>,
}

impl Tables {
    fn new() -> Tables {
        let mut slots = vec![u16::MAX; BASE.pow(FACES as u32)];
        let mut counts = Vec::with_capacity(MULTISETS);
        for n in 0..=DICE {
            for c in multisets(n) {
                slots[code(&c)] = counts.len() as u16;
                counts.push(c);
            }
        }
        debug_assert_eq!(counts.len(), MULTISETS);
        let of = |c: &Counts| usize::from(slots[code(c)]);
        let rolls: Vec<usize> = multisets(DICE).iter().map(of).collect();
        let mut moves = vec![Vec::new(); MULTISETS];
        let mut subs = vec![Vec::new(); MULTISETS];
        for (i, held) in counts.iter().enumerate() {
            let thrown = DICE - dice_in(held);
            if thrown == 0 {
                subs[i] = sub_holds(held).iter().map(of).collect();
                continue;
            }
            let widen = LEVEL_SCALE / 6u128.pow(thrown as u32);
            for_each_throw(thrown, |throw, ways| {
                moves[i].push((of(&add_counts(held, throw)), u128::from(ways) * widen));
            });
        }
        Tables {
            slots,
            counts,
            rolls,
            moves,
            subs,
        }
    }

    /// Where each throw of the dice not in `held` lands (dense numbers) and
    /// its weight out of 6^5; every five-dice roll and its ways for `held` empty.
    pub fn throws(&self, held: &Counts) -> &[(usize, u128)] {
        &self.moves[self.of(held)]
    }

    /// Dense number of a count table of up to five dice.
    pub fn of(&self, counts: &Counts) -> usize {
        usize::from(self.slots[code(counts)])
    }

    /// Dense number of a roll.
    pub fn of_roll(&self, roll: &Roll) -> usize {
        self.of(&counts_of(roll))
    }
}

/// The shared tables, built on first use (well under a millisecond).
pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::new);

/// One payoff per count table, indexed by dense number.
pub type Row<P> = Vec<P>;

/// Optimal play for one valuation of final hands, for 0..=`rerolls` rerolls.
pub struct Induction<P> {
    /// `levels[r][roll]`: a five-dice roll with `r` rerolls left, on scale 6^(5r).
    pub levels: Vec<Row<P>>,
    /// `holds[r][hold]`: keeping a partial hold and throwing the rest with `r`
    /// rerolls left before that throw (`r` ≥ 1), on scale 6^(5r).
    pub holds: Vec<Row<P>>,
}

/// `p` × `weight`.
pub fn scaled<P: Payoff>(p: &P, weight: u128) -> P {
    let mut out = P::default();
    out.add_weighted(p, weight);
    out
}

impl<P: Payoff> Induction<P> {
    /// Climbs from `base` (the worth of each final roll, by dense number) up to `rerolls`.
    pub fn solve(base: Row<P>, rerolls: usize) -> Induction<P> {
        let t = &*TABLES;
        let mut levels = vec![base];
        let mut holds = vec![Vec::new()];
        for r in 1..=rerolls {
            let below = &levels[r - 1];
            let mut hold_level = vec![P::default(); MULTISETS];
            for (slot, moves) in hold_level.iter_mut().zip(&t.moves) {
                for &(next, weight) in moves {
                    slot.add_weighted(&below[next], weight);
                }
            }
            let stand_scale = LEVEL_SCALE.pow(r as u32);
            let mut level = vec![P::default(); MULTISETS];
            for &roll in &t.rolls {
                // Standing comes last, so it wins a tie with a hold.
                level[roll] = t.subs[roll]
                    .iter()
                    .map(|&h| hold_level[h])
                    .chain(std::iter::once(scaled(&levels[0][roll], stand_scale)))
                    .max_by_key(P::score)
                    .unwrap_or_default();
            }
            levels.push(level);
            holds.push(hold_level);
        }
        Induction { levels, holds }
    }

    /// The most rerolls climbed.
    pub fn max_rerolls(&self) -> usize {
        self.levels.len() - 1
    }

    /// Every distinct hold of `roll` with `rerolls` left and what it leads to, on
    /// scale 6^(5 × rerolls): standing first, then the partial holds if a reroll is left.
    pub fn choices(&self, roll: &Roll, rerolls: usize) -> Vec<(Counts, P)> {
        let t = &*TABLES;
        let here = t.of_roll(roll);
        let mut out = vec![(
            t.counts[here],
            scaled(&self.levels[0][here], LEVEL_SCALE.pow(rerolls as u32)),
        )];
        if rerolls > 0 {
            out.extend(
                t.subs[here]
                    .iter()
                    .map(|&h| (t.counts[h], self.holds[rerolls][h])),
            );
        }
        out
    }
}
