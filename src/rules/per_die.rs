//! Odds when each die has its own faces' chances (a crooked die among fair
//! ones): the hands one throw gives, and the hold advisor's expected payouts
//! under optimal play.
//!
//! Dice of one distribution are alike, so a position is kept as each kind's
//! face counts (one crooked die beside four fair ones: 6 × 126 positions, not
//! 7,776) and every level of rerolls is solved for all of them at once. The
//! figures are floating point; with five fair dice they agree with the exact
//! [`Strategy`](super::Strategy) and [`distribution`](super::distribution)
//! (a test holds them to it), which the game and the command line still use
//! for fair dice.

use std::sync::LazyLock;

use super::hand::{Counts, DICE, FACES, HandType, Roll, evaluate_counts};

/// One die's chance of showing each face, 1 to 6.
pub type FaceChances = [f64; FACES];

/// A fair die.
pub const FAIR: FaceChances = [1.0 / FACES as f64; FACES];

/// Bits a face's count takes in a packed count table (a count is 0 to 5).
const COUNT_BITS: u32 = 3;
/// Packed count tables: every table of up to five dice fits in these bits.
const PACKED: usize = 1 << (COUNT_BITS * FACES as u32);

/// A face-count table packed in an integer, 3 bits a face: adding two
/// packed tables adds their counts.
fn pack(counts: &Counts) -> usize {
    counts
        .iter()
        .enumerate()
        .map(|(f, &c)| usize::from(c) << (COUNT_BITS as usize * f))
        .sum()
}

/// Every face-count table of `n` dice.
fn tables_of(n: usize) -> Vec<Counts> {
    let mut out = Vec::new();
    let mut counts = [0u8; FACES];
    fn go(face: usize, left: usize, counts: &mut Counts, out: &mut Vec<Counts>) {
        if face == FACES - 1 {
            counts[face] = left as u8;
            out.push(*counts);
            return;
        }
        for k in (0..=left).rev() {
            counts[face] = k as u8;
            go(face + 1, left - k, counts, out);
        }
        counts[face] = 0;
    }
    go(0, n, &mut counts, &mut out);
    out
}

/// Each packed table's place among the tables of its number of dice.
static PLACE: LazyLock<Vec<u16>> = LazyLock::new(|| {
    let mut place = vec![0u16; PACKED];
    for n in 0..=DICE {
        for (i, t) in tables_of(n).iter().enumerate() {
            place[pack(t)] = i as u16;
        }
    }
    place
});

/// The dice of one distribution in the tray.
#[derive(Clone, Debug)]
struct Kind {
    chances: FaceChances,
    /// How many dice of the tray have it.
    dice: usize,
    /// Every table of its dice.
    tables: Vec<Counts>,
    /// For each number thrown (0 to `dice`): every table those dice can
    /// show, packed, with its chance.
    throws: Vec<Vec<(usize, f64)>>,
    /// Positions of the whole tray per step of this kind's table's place.
    stride: usize,
}

impl Kind {
    fn new(chances: FaceChances, dice: usize, stride: usize) -> Kind {
        let throws = (0..=dice)
            .map(|t| {
                tables_of(t)
                    .iter()
                    .map(|c| (pack(c), multinomial(c, &chances)))
                    .collect()
            })
            .collect();
        Kind {
            chances,
            dice,
            tables: tables_of(dice),
            throws,
            stride,
        }
    }
}

/// The chance that dice of `chances` thrown show exactly `counts`.
fn multinomial(counts: &Counts, chances: &FaceChances) -> f64 {
    let n: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    let fact = |k: u32| (1..=k).map(f64::from).product::<f64>();
    let mut p = fact(n);
    for (&c, &q) in counts.iter().zip(chances) {
        p *= q.powi(i32::from(c)) / fact(u32::from(c));
    }
    p
}

/// The tray's dice grouped by distribution: where a position is one face
/// table per kind.
#[derive(Clone, Debug)]
pub struct Tray {
    kinds: Vec<Kind>,
    /// Each slot's kind.
    slot_kind: [usize; DICE],
    positions: usize,
}

impl Tray {
    /// The tray of these five dice, in slot order.
    pub fn new(dice: &[FaceChances; DICE]) -> Tray {
        let mut distinct: Vec<(FaceChances, usize)> = Vec::new();
        let mut slot_kind = [0; DICE];
        for (slot, chances) in dice.iter().enumerate() {
            let k = distinct
                .iter()
                .position(|(c, _)| c == chances)
                .unwrap_or_else(|| {
                    distinct.push((*chances, 0));
                    distinct.len() - 1
                });
            distinct[k].1 += 1;
            slot_kind[slot] = k;
        }
        let mut stride = 1;
        let kinds = distinct
            .into_iter()
            .map(|(chances, n)| {
                let kind = Kind::new(chances, n, stride);
                stride *= kind.tables.len();
                kind
            })
            .collect();
        Tray {
            kinds,
            slot_kind,
            positions: stride,
        }
    }

    /// True when every die is fair.
    pub fn is_fair(&self) -> bool {
        self.kinds.iter().all(|k| k.chances == FAIR)
    }

    /// Each kind's face table in `roll` where `kept` (by slot).
    fn tables(&self, roll: &Roll, kept: [bool; DICE]) -> Vec<Counts> {
        let mut tables = vec![[0u8; FACES]; self.kinds.len()];
        for slot in (0..DICE).filter(|&s| kept[s]) {
            tables[self.slot_kind[slot]][usize::from(roll[slot] - 1)] += 1;
        }
        tables
    }

    /// The position of these full face tables (one per kind).
    fn position(&self, packed: &[usize]) -> usize {
        packed
            .iter()
            .zip(&self.kinds)
            .map(|(&p, k)| usize::from(PLACE[p]) * k.stride)
            .sum()
    }

    /// The whole tray's faces at a position.
    fn faces_at(&self, position: usize) -> Vec<Counts> {
        self.kinds
            .iter()
            .map(|k| k.tables[(position / k.stride) % k.tables.len()])
            .collect()
    }

    /// Calls `visit` with each position the thrown dice can lead to from
    /// the kept tables, and its chance.
    fn each_throw(&self, kept: &[Counts], visit: &mut impl FnMut(usize, f64)) {
        fn go(
            tray: &Tray,
            kept: &[Counts],
            k: usize,
            packed: &mut Vec<usize>,
            p: f64,
            visit: &mut impl FnMut(usize, f64),
        ) {
            let Some(kind) = tray.kinds.get(k) else {
                visit(tray.position(packed), p);
                return;
            };
            let held: usize = kept[k].iter().map(|&c| usize::from(c)).sum();
            let base = pack(&kept[k]);
            for &(thrown, q) in &kind.throws[kind.dice - held] {
                packed.push(base + thrown);
                go(tray, kept, k + 1, packed, p * q, visit);
                packed.pop();
            }
        }
        go(
            self,
            kept,
            0,
            &mut Vec::with_capacity(self.kinds.len()),
            1.0,
            visit,
        );
    }

    /// The chance of each hand type (by [`HandType::index`]) when the dice
    /// `kept` keep their faces of `roll` and the others are thrown once.
    pub fn hand_chances(&self, roll: &Roll, kept: [bool; DICE]) -> [f64; 8] {
        let mut hands = [0.0; 8];
        self.each_throw(&self.tables(roll, kept), &mut |position, p| {
            hands[self.hand_at(position).index()] += p;
        });
        hands
    }

    /// The hand the tray shows at a position.
    fn hand_at(&self, position: usize) -> HandType {
        let all = self
            .faces_at(position)
            .iter()
            .fold([0u8; FACES], |a, t| std::array::from_fn(|f| a[f] + t[f]));
        evaluate_counts(&all).kind()
    }
}

mod advisor;
mod walks;
pub use advisor::{DiceAdvisor, DiceChoice};
pub use walks::{Walks, Worth};

/// Two holds' worths closer than this are the same worth.
pub const SAME_WORTH: f64 = 1e-9;

/// The best hold's dice by slot (`kept`, its faces `held`, worth `best`),
/// to be named when another hold keeping the same faces from other dice
/// (`others`: faces kept and worth) is worth less; `None` when the faces
/// say enough.
pub fn dice_to_name<H: AsRef<[u8]>>(
    (held, best, kept): (&[u8], f64, [bool; DICE]),
    others: impl IntoIterator<Item = (H, f64)>,
) -> Option<[bool; DICE]> {
    others
        .into_iter()
        .any(|(h, worth)| h.as_ref() == held && best - worth > SAME_WORTH)
        .then_some(kept)
}

#[cfg(test)]
mod tests;
