//! The advisor for a tray with crooked dice: every position's worth under
//! optimal play, level by level of rerolls, and every hold of a roll priced.

use super::{FaceChances, Tray, pack};
use crate::rules::hand::{Counts, DICE, FACES, Roll};
use crate::rules::payout::PayoutTable;

/// Figures this close (relative) are equal: what floating point leaves of
/// two holds worth the same.
const TIE: f64 = 1e-12;

/// What a position is worth under optimal play: the expected payout and the
/// chance of finishing with each hand type.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Outlook {
    value: f64,
    hands: [f64; 8],
}

impl Outlook {
    fn add(&mut self, other: &Outlook, p: f64) {
        self.value += p * other.value;
        for (sum, h) in self.hands.iter_mut().zip(other.hands) {
            *sum += p * h;
        }
    }
}

/// One hold of a roll of these dice, with what it leads to under optimal play.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceChoice {
    /// The dice kept, by slot (all five: stand and take the hand).
    pub kept: [bool; DICE],
    /// Expected payout in coins.
    pub expected: f64,
    /// Chance of finishing with each hand type, by [`HandType::index`].
    pub final_hands: [f64; 8],
}

impl DiceChoice {
    /// True when every die is kept, which ends the game with the current hand.
    pub fn stands(&self) -> bool {
        self.kept.iter().all(|&k| k)
    }
}

/// Optimal play for one payout table with these dice, solved for 0 to
/// `rerolls` rerolls: the advisor for a tray with crooked dice in it.
pub struct DiceAdvisor {
    tray: Tray,
    /// Standing's worth at every position (the hand as it lies).
    stand: Vec<Outlook>,
    /// Each level's worth at every position: `levels[r]` with `r` rerolls left.
    levels: Vec<Vec<Outlook>>,
}

impl DiceAdvisor {
    /// Solves optimal play for `table` with `dice` (in slot order) up to `rerolls` rerolls.
    pub fn new(table: PayoutTable, dice: &[FaceChances; DICE], rerolls: usize) -> DiceAdvisor {
        let tray = Tray::new(dice);
        let stand: Vec<Outlook> = (0..tray.positions)
            .map(|position| {
                let kind = tray.hand_at(position);
                let mut hands = [0.0; 8];
                hands[kind.index()] = 1.0;
                Outlook {
                    value: table.pay(kind) as f64,
                    hands,
                }
            })
            .collect();
        let mut advisor = DiceAdvisor {
            tray,
            levels: vec![stand.clone()],
            stand,
        };
        for _ in 0..rerolls {
            let level = (0..advisor.tray.positions)
                .map(|position| advisor.best_at(position))
                .collect();
            advisor.levels.push(level);
        }
        advisor
    }

    /// The most rerolls solved.
    pub fn max_rerolls(&self) -> usize {
        self.levels.len() - 1
    }

    /// What keeping `kept` tables and throwing the rest leads to, with
    /// `below` rerolls left after the throw.
    fn throw_from(&self, kept: &[Counts], below: usize) -> Outlook {
        let level = &self.levels[below];
        let mut sum = Outlook::default();
        self.tray
            .each_throw(kept, &mut |to, p| sum.add(&level[to], p));
        sum
    }

    /// The best a position with one more reroll than the top level gives:
    /// standing, or the best hold with a throw (standing wins a tie).
    fn best_at(&self, position: usize) -> Outlook {
        let below = self.levels.len() - 1;
        let tables = self.tray.faces_at(position);
        let mut best = None::<Outlook>;
        each_hold(&tables, &mut |kept| {
            let o = self.throw_from(kept, below);
            if best.is_none_or(|b| o.value > b.value) {
                best = Some(o);
            }
        });
        let stand = self.stand[position];
        match best {
            Some(b) if b.value > stand.value => b,
            _ => stand,
        }
    }

    /// Every distinct hold for `roll` with `rerolls` rerolls left, best
    /// first (ties go to the hold that keeps more dice). Dice alike that
    /// show the same face are one hold, kept from the lowest slot up.
    pub fn advise(&self, roll: &Roll, rerolls: usize) -> Vec<DiceChoice> {
        let rerolls = rerolls.min(self.max_rerolls());
        let tables = self.tray.tables(roll, [true; DICE]);
        let packed: Vec<usize> = tables.iter().map(pack).collect();
        let stand = self.stand[self.tray.position(&packed)];
        let mut choices = vec![DiceChoice {
            kept: [true; DICE],
            expected: stand.value,
            final_hands: stand.hands,
        }];
        if rerolls > 0 {
            each_hold(&tables, &mut |kept| {
                let o = self.throw_from(kept, rerolls - 1);
                choices.push(DiceChoice {
                    kept: slots_of(&self.tray, roll, kept),
                    expected: o.value,
                    final_hands: o.hands,
                });
            });
        }
        // Figures within rounding of each other are a tie: the hold that
        // keeps more dice first, then the one keeping higher faces (as the
        // exact advisor orders them).
        let count = |c: &DiceChoice| c.kept.iter().filter(|&&k| k).count();
        let faces = |c: &DiceChoice| {
            let mut f: Vec<u8> = (0..DICE).filter(|&s| c.kept[s]).map(|s| roll[s]).collect();
            f.sort_unstable();
            f
        };
        choices.sort_by(|a, b| {
            let tie = (a.expected - b.expected).abs() <= TIE * a.expected.abs().max(1.0);
            let by_value = if tie {
                std::cmp::Ordering::Equal
            } else {
                b.expected.total_cmp(&a.expected)
            };
            by_value
                .then(count(b).cmp(&count(a)))
                .then(faces(b).cmp(&faces(a)))
        });
        choices
    }

    /// Expected payout of a fresh throw of the five dice followed by
    /// optimal play with `rerolls` rerolls.
    pub fn expected_payout(&self, rerolls: usize) -> f64 {
        let none = vec![[0u8; FACES]; self.tray.kinds.len()];
        self.throw_from(&none, rerolls.min(self.max_rerolls()))
            .value
    }
}

/// Calls `visit` with every hold that throws at least one die: for each
/// kind, a part of its face table.
pub(super) fn each_hold(tables: &[Counts], visit: &mut impl FnMut(&[Counts])) {
    fn go(
        tables: &[Counts],
        k: usize,
        face: usize,
        kept: &mut Vec<Counts>,
        visit: &mut impl FnMut(&[Counts]),
    ) {
        if k == tables.len() {
            if kept != tables {
                visit(kept);
            }
            return;
        }
        if face == FACES {
            go(tables, k + 1, 0, kept, visit);
            return;
        }
        for c in 0..=tables[k][face] {
            kept[k][face] = c;
            go(tables, k, face + 1, kept, visit);
        }
        kept[k][face] = 0;
    }
    let mut kept = vec![[0u8; FACES]; tables.len()];
    go(tables, 0, 0, &mut kept, visit);
}

/// The slots that keep these tables of `roll`: of dice alike showing a
/// face, the lowest slots.
fn slots_of(tray: &Tray, roll: &Roll, kept: &[Counts]) -> [bool; DICE] {
    let mut left = kept.to_vec();
    std::array::from_fn(|slot| {
        let want = &mut left[tray.slot_kind[slot]][usize::from(roll[slot] - 1)];
        let keep = *want > 0;
        *want = want.saturating_sub(1);
        keep
    })
}
