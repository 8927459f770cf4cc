//! Exact odds: the distribution of hands when some faces are held and the rest thrown once.

use std::fmt;

use super::hand::{Counts, DICE, FACES, HandType, ROLLS, counts_of, evaluate_counts, roll_at};

/// How many ordered outcomes give each hand type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// Ordered outcomes of the thrown dice: 6^(dice thrown).
    pub outcomes: u64,
    /// Ways per hand type, indexed by [`HandType::index`].
    pub ways: [u64; 8],
}

impl Distribution {
    /// Ways for one hand type.
    pub fn ways(&self, hand: HandType) -> u64 {
        self.ways[hand.index()]
    }

    /// Probability of one hand type.
    pub fn probability(&self, hand: HandType) -> f64 {
        self.ways(hand) as f64 / self.outcomes as f64
    }
}

/// Why a set of held faces cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoldError {
    /// More faces held than there are dice.
    TooMany(usize),
    /// A held face outside 1..=6.
    FaceOutOfRange(i64),
}

impl fmt::Display for HoldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HoldError::TooMany(n) => write!(f, "at most {DICE} faces can be held, got {n}"),
            HoldError::FaceOutOfRange(v) => {
                write!(f, "held face {v} is not a die face (1 to {FACES})")
            }
        }
    }
}

impl std::error::Error for HoldError {}

/// Face counts of a held set, checked: at most five faces, each in 1..=6.
pub fn hold_counts(held: &[i64]) -> Result<Counts, HoldError> {
    if held.len() > DICE {
        return Err(HoldError::TooMany(held.len()));
    }
    let mut counts = [0u8; FACES];
    for &face in held {
        if !(1..=FACES as i64).contains(&face) {
            return Err(HoldError::FaceOutOfRange(face));
        }
        counts[(face - 1) as usize] += 1;
    }
    Ok(counts)
}

/// Calls `visit` once per ordered outcome of throwing `n` dice, with the
/// faces thrown (as counts). Outcomes with the same counts are visited once
/// with their multiplicity, so throwing five dice costs 252 calls, not 7,776.
pub fn for_each_throw(n: usize, mut visit: impl FnMut(&Counts, u64)) {
    fn go(
        face: usize,
        left: usize,
        counts: &mut Counts,
        ways: u64,
        visit: &mut impl FnMut(&Counts, u64),
    ) {
        if face == FACES - 1 {
            counts[face] = left as u8;
            visit(counts, ways);
            counts[face] = 0;
            return;
        }
        for k in 0..=left {
            counts[face] = k as u8;
            // Choose which of the `left` remaining dice show this face.
            go(face + 1, left - k, counts, ways * binomial(left, k), visit);
        }
        counts[face] = 0;
    }
    let mut counts = [0u8; FACES];
    go(0, n, &mut counts, 1, &mut visit);
}

/// n choose k for small n.
pub const fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut result = 1u64;
    let mut i = 0;
    while i < k {
        result = result * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    result
}

/// Adds two face-count tables.
pub fn add_counts(a: &Counts, b: &Counts) -> Counts {
    std::array::from_fn(|i| a[i] + b[i])
}

/// Exact distribution of hands when the faces in `held` are kept and the
/// remaining dice are thrown once.
pub fn distribution(held: &Counts) -> Distribution {
    let kept: usize = held.iter().map(|&c| usize::from(c)).sum();
    let thrown = DICE - kept;
    let mut ways = [0u64; 8];
    for_each_throw(thrown, |throw, w| {
        ways[evaluate_counts(&add_counts(held, throw)).kind().index()] += w;
    });
    Distribution {
        outcomes: (FACES as u64).pow(thrown as u32),
        ways,
    }
}

/// The distribution of one throw of all five dice, by brute force over all
/// 7,776 ordered outcomes (a cross-check of [`distribution`]).
pub fn full_throw_by_enumeration() -> Distribution {
    let mut ways = [0u64; 8];
    for index in 0..ROLLS {
        ways[evaluate_counts(&counts_of(&roll_at(index))).kind().index()] += 1;
    }
    Distribution {
        outcomes: ROLLS as u64,
        ways,
    }
}
