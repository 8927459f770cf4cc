//! The hold advisor: exact expected payouts of every hold under optimal play.
//!
//! Values are kept as exact integers over a common denominator per level:
//! with `r` rerolls left everything is a multiple of 1 / 6^(5r), which fits a
//! `u128` for any payout table a game would use.

use super::hand::{Counts, DICE, FACES, HandType, Roll, counts_of, evaluate_counts};
use super::odds::{add_counts, for_each_throw};
use super::payout::PayoutTable;
use super::ratio::Ratio;

/// The most rerolls the advisor plans for (the game allows up to this many).
pub const MAX_REROLLS: usize = 5;

/// Number of base-6 codes of count tables (six faces, counts 0..=5).
const CODES: usize = 6usize.pow(FACES as u32);

/// Distinct count tables of zero to five dice: C(6 + 5, 5).
const MULTISETS: usize = 462;

/// 6^5: every level's values are scaled by this much over the level below.
const LEVEL_SCALE: u128 = 7_776;

/// Base-6 code of a count table; every count is at most five.
fn base6(counts: &Counts) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |acc, &c| acc * DICE_PLUS_ONE + usize::from(c))
}

/// Dense numbering of every count table of up to five dice, so per-level
/// tables hold 462 entries instead of 6^6.
struct Index {
    slots: Vec<u16>,
}

impl Index {
    fn new() -> Index {
        let mut slots = vec![u16::MAX; CODES];
        let mut next = 0u16;
        for n in 0..=DICE {
            for counts in multisets(n) {
                slots[base6(&counts)] = next;
                next += 1;
            }
        }
        debug_assert_eq!(usize::from(next), MULTISETS);
        Index { slots }
    }

    fn of(&self, counts: &Counts) -> usize {
        usize::from(self.slots[base6(counts)])
    }
}

/// Counts run 0..=5, so a base of six holds them.
const DICE_PLUS_ONE: usize = DICE + 1;

fn dice_in(counts: &Counts) -> usize {
    counts.iter().map(|&c| usize::from(c)).sum()
}

/// Faces of a count table, low to high.
pub fn faces_of(counts: &Counts) -> Vec<u8> {
    (0..FACES)
        .flat_map(|i| std::iter::repeat_n(i as u8 + 1, usize::from(counts[i])))
        .collect()
}

/// Every count table of exactly `n` dice.
fn multisets(n: usize) -> Vec<Counts> {
    let mut all = Vec::new();
    for_each_throw(n, |counts, _| all.push(*counts));
    all
}

/// Expected payout and final-hand odds at one point, as numerators over the level's scale.
#[derive(Clone, Copy, Debug, Default)]
struct Outlook {
    value: u128,
    hands: [u128; 8],
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
    index: Index,
    /// `levels[r][code]`: outlook of a five-dice roll with `r` rerolls left.
    levels: Vec<Vec<Outlook>>,
    /// `holds[r][code]`: outlook of keeping a partial hold and throwing the
    /// rest, with `r` rerolls left before that throw (so `r` ≥ 1).
    holds: Vec<Vec<Outlook>>,
    scale: Vec<u128>,
}

impl Strategy {
    /// Solves optimal play for `table` up to `max_rerolls` rerolls (at most [`MAX_REROLLS`]).
    pub fn new(table: PayoutTable, max_rerolls: usize) -> Strategy {
        let max_rerolls = max_rerolls.min(MAX_REROLLS);
        let ix = Index::new();
        let rolls = multisets(DICE);
        let partial: Vec<Counts> = (0..DICE).flat_map(multisets).collect();
        let throws: Vec<Vec<(Counts, u64)>> = (0..=DICE)
            .map(|n| {
                let mut all = Vec::new();
                for_each_throw(n, |c, w| all.push((*c, w)));
                all
            })
            .collect();

        let mut base = vec![Outlook::default(); MULTISETS];
        for roll in &rolls {
            let kind = evaluate_counts(roll).kind();
            let mut hands = [0; 8];
            hands[kind.index()] = 1;
            base[ix.of(roll)] = Outlook {
                value: u128::from(table.pay(kind)),
                hands,
            };
        }
        let mut levels = vec![base];
        let mut holds = vec![Vec::new()];
        let mut scale = vec![1u128];

        for r in 1..=max_rerolls {
            let below = &levels[r - 1];
            let mut hold_level = vec![Outlook::default(); MULTISETS];
            for held in &partial {
                let thrown = DICE - dice_in(held);
                // Brings a throw of `thrown` dice (6^thrown outcomes) up to 6^5.
                let widen = LEVEL_SCALE / 6u128.pow(thrown as u32);
                let mut acc = Outlook::default();
                for (throw, ways) in &throws[thrown] {
                    let next = &below[ix.of(&add_counts(held, throw))];
                    let w = u128::from(*ways) * widen;
                    acc.value += w * next.value;
                    for (sum, h) in acc.hands.iter_mut().zip(next.hands) {
                        *sum += w * h;
                    }
                }
                hold_level[ix.of(held)] = acc;
            }
            let mut level = vec![Outlook::default(); MULTISETS];
            for roll in &rolls {
                let best = sub_holds(roll)
                    .into_iter()
                    .map(|h| hold_level[ix.of(&h)])
                    .chain(std::iter::once(stand(
                        &levels[0][ix.of(roll)],
                        LEVEL_SCALE.pow(r as u32),
                    )))
                    .max_by_key(|o| o.value)
                    .unwrap_or_default();
                level[ix.of(roll)] = best;
            }
            levels.push(level);
            holds.push(hold_level);
            scale.push(LEVEL_SCALE.pow(r as u32));
        }
        Strategy {
            table,
            index: ix,
            levels,
            holds,
            scale,
        }
    }

    /// The payout table this strategy was solved for.
    pub fn table(&self) -> &PayoutTable {
        &self.table
    }

    /// The most rerolls this strategy covers.
    pub fn max_rerolls(&self) -> usize {
        self.levels.len() - 1
    }

    /// Exact expected payout of a fresh throw of five dice followed by
    /// optimal play with `rerolls` rerolls.
    pub fn expected_payout(&self, rerolls: usize) -> Ratio {
        let level = &self.levels[rerolls];
        let mut total = 0u128;
        for_each_throw(DICE, |roll, ways| {
            total += u128::from(ways) * level[self.index.of(roll)].value;
        });
        Ratio::new(total, self.scale[rerolls] * LEVEL_SCALE)
    }

    /// Exact return to player: expected payout over the stake.
    pub fn return_to_player(&self, rerolls: usize) -> Ratio {
        let ev = self.expected_payout(rerolls);
        Ratio::new(ev.numer(), ev.denom() * u128::from(self.table.stake))
    }

    /// Final-hand odds of a fresh throw followed by optimal play.
    pub fn final_hands(&self, rerolls: usize) -> [Ratio; 8] {
        let level = &self.levels[rerolls];
        let mut sums = [0u128; 8];
        for_each_throw(DICE, |roll, ways| {
            for (s, h) in sums.iter_mut().zip(level[self.index.of(roll)].hands) {
                *s += u128::from(ways) * h;
            }
        });
        let den = self.scale[rerolls] * LEVEL_SCALE;
        sums.map(|s| Ratio::new(s, den))
    }

    /// Every distinct hold for `roll` with `rerolls` rerolls left, best first.
    /// Ties go to the hold that keeps more dice.
    pub fn advise(&self, roll: &Roll, rerolls: usize) -> Vec<HoldChoice> {
        let rerolls = rerolls.min(self.max_rerolls());
        let counts = counts_of(roll);
        let here = self.scale[rerolls];
        let to_choice = |held: &Counts, o: &Outlook| HoldChoice {
            held: faces_of(held),
            expected: Ratio::new(o.value, here),
            final_hands: o.hands.map(|h| Ratio::new(h, here)),
        };
        let mut choices = vec![to_choice(
            &counts,
            &stand(&self.levels[0][self.index.of(&counts)], here),
        )];
        if rerolls > 0 {
            for held in sub_holds(&counts) {
                choices.push(to_choice(&held, &self.holds[rerolls][self.index.of(&held)]));
            }
        }
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

/// Standing: take the current hand now, scaled to a level's denominator.
fn stand(now: &Outlook, scale: u128) -> Outlook {
    Outlook {
        value: now.value * scale,
        hands: now.hands.map(|h| h * scale),
    }
}

/// Every distinct proper sub-multiset of a roll (holds that throw at least one die).
fn sub_holds(roll: &Counts) -> Vec<Counts> {
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

/// Final-hand probabilities as a name → probability list, strongest hand first.
pub fn named(final_hands: &[Ratio; 8]) -> Vec<(HandType, Ratio)> {
    HandType::ALL
        .iter()
        .rev()
        .map(|&h| (h, final_hands[h.index()]))
        .collect()
}
