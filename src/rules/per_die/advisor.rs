//! The advisor for a tray with crooked dice: every position's worth under
//! optimal play, level by level of rerolls, and every hold of a roll priced.

use super::walks::{Walks, Worth};
use super::{FaceChances, Tray};
use crate::rules::hand::{DICE, Roll, evaluate_counts};
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

impl Worth for Outlook {
    fn add(&mut self, other: &Outlook, p: f64) {
        self.value += p * other.value;
        for (sum, h) in self.hands.iter_mut().zip(other.hands) {
            *sum += p * h;
        }
    }

    fn score(&self) -> f64 {
        self.value
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

    /// The faces of `roll` it keeps, low to high (as a line of the history
    /// writes a hold).
    pub fn held(&self, roll: &Roll) -> Vec<u8> {
        let mut faces: Vec<u8> = (0..DICE)
            .filter(|&slot| self.kept[slot])
            .map(|slot| roll[slot])
            .collect();
        faces.sort_unstable();
        faces
    }
}

/// Optimal play for one payout table with these dice, solved for 0 to
/// `rerolls` rerolls: the advisor for a tray with crooked dice in it.
pub struct DiceAdvisor {
    walks: Walks,
    /// Standing's worth at every position (the hand as it lies).
    stand: Vec<Outlook>,
    /// Each level's worth at every position: `levels[r]` with `r` rerolls left.
    levels: Vec<Vec<Outlook>>,
}

impl DiceAdvisor {
    /// Solves optimal play for `table` with `dice` (in slot order) up to `rerolls` rerolls.
    pub fn new(table: PayoutTable, dice: &[FaceChances; DICE], rerolls: usize) -> DiceAdvisor {
        let walks = Walks::new(&Tray::new(dice));
        let stand: Vec<Outlook> = (0..walks.positions())
            .map(|position| {
                let kind = evaluate_counts(walks.total(position)).kind();
                let mut hands = [0.0; 8];
                hands[kind.index()] = 1.0;
                Outlook {
                    value: table.pay(kind) as f64,
                    hands,
                }
            })
            .collect();
        let mut levels = vec![stand.clone()];
        for _ in 0..rerolls {
            let next = walks.level(&stand, &levels[levels.len() - 1]);
            levels.push(next);
        }
        DiceAdvisor {
            walks,
            stand,
            levels,
        }
    }

    /// The most rerolls solved.
    pub fn max_rerolls(&self) -> usize {
        self.levels.len() - 1
    }

    /// Every distinct hold for `roll` with `rerolls` rerolls left, best
    /// first (ties go to the hold that keeps more dice). Dice alike that
    /// show the same face are one hold, kept from the lowest slot up.
    pub fn advise(&self, roll: &Roll, rerolls: usize) -> Vec<DiceChoice> {
        let rerolls = rerolls.min(self.max_rerolls());
        let position = self.walks.position_of(roll);
        let stand = self.stand[position];
        let mut choices = vec![DiceChoice {
            kept: [true; DICE],
            expected: stand.value,
            final_hands: stand.hands,
        }];
        if let Some(below) = rerolls.checked_sub(1) {
            for state in self.walks.holds_at(position) {
                let o = self.walks.expected(state, &self.levels[below]);
                choices.push(DiceChoice {
                    kept: self.walks.slots(roll, state),
                    expected: o.value,
                    final_hands: o.hands,
                });
            }
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
        let level = &self.levels[rerolls.min(self.max_rerolls())];
        self.walks.expected(Walks::NOTHING_KEPT, level).value
    }
}
