//! Hand evaluation: five faces in, a dice-poker hand and its strength key out.

use std::cmp::Ordering;
use std::fmt;

/// Number of dice in a roll.
pub const DICE: usize = 5;
/// Number of faces on a die.
pub const FACES: usize = 6;

/// Five faces, each 1..=6, in any order.
pub type Roll = [u8; DICE];

/// The kinds of dice-poker hand, weakest first (the order of the game's hand table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandType {
    /// 役なし: nothing else applies.
    None,
    /// ワンペア: one pair, the rest all different.
    OnePair,
    /// ツーペア: two pairs.
    TwoPair,
    /// スリーカード: three of one number, the rest different.
    ThreeOfAKind,
    /// ストレート: exactly 1-5 or 2-6.
    Straight,
    /// フルハウス: three of one number and a pair of another.
    FullHouse,
    /// フォーカード: four of one number.
    FourOfAKind,
    /// フラッシュ: all five dice show the same number.
    Flush,
}

impl HandType {
    /// A roll that makes this hand, for showing it (the rules panel, tests).
    pub const fn example(self) -> Roll {
        match self {
            HandType::None => [1, 2, 3, 4, 6],
            HandType::OnePair => [2, 2, 3, 4, 6],
            HandType::TwoPair => [2, 2, 4, 4, 6],
            HandType::ThreeOfAKind => [5, 5, 5, 1, 3],
            HandType::Straight => [2, 3, 4, 5, 6],
            HandType::FullHouse => [1, 1, 1, 4, 4],
            HandType::FourOfAKind => [2, 2, 2, 2, 6],
            HandType::Flush => [3, 3, 3, 3, 3],
        }
    }

    /// Every hand type, weakest first.
    pub const ALL: [HandType; 8] = [
        HandType::None,
        HandType::OnePair,
        HandType::TwoPair,
        HandType::ThreeOfAKind,
        HandType::Straight,
        HandType::FullHouse,
        HandType::FourOfAKind,
        HandType::Flush,
    ];

    /// Position in [`HandType::ALL`]; handy for per-hand tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Japanese name of the hand type, without a face number.
    pub const fn name(self) -> &'static str {
        match self {
            HandType::None => "役なし",
            HandType::OnePair => "ワンペア",
            HandType::TwoPair => "ツーペア",
            HandType::ThreeOfAKind => "スリーカード",
            HandType::Straight => "ストレート",
            HandType::FullHouse => "フルハウス",
            HandType::FourOfAKind => "フォーカード",
            HandType::Flush => "フラッシュ",
        }
    }
}

impl fmt::Display for HandType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a list of numbers is not a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollError {
    /// Not exactly five faces.
    WrongCount(usize),
    /// A face outside 1..=6; `position` counts from 1.
    FaceOutOfRange {
        /// 1-based position of the bad face.
        position: usize,
        /// The value found there.
        value: i64,
    },
}

impl fmt::Display for RollError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollError::WrongCount(n) => {
                write!(f, "a roll is exactly {DICE} faces, got {n}")
            }
            RollError::FaceOutOfRange { position, value } => write!(
                f,
                "face {position} is {value}, but a die shows 1 to {FACES}"
            ),
        }
    }
}

impl std::error::Error for RollError {}

/// Checks that `faces` is exactly five numbers in 1..=6 and returns them as a roll.
pub fn roll_from(faces: &[i64]) -> Result<Roll, RollError> {
    if faces.len() != DICE {
        return Err(RollError::WrongCount(faces.len()));
    }
    let mut roll = [0u8; DICE];
    for (i, (&value, slot)) in faces.iter().zip(roll.iter_mut()).enumerate() {
        if !(1..=FACES as i64).contains(&value) {
            return Err(RollError::FaceOutOfRange {
                position: i + 1,
                value,
            });
        }
        *slot = value as u8;
    }
    Ok(roll)
}

/// A totally ordered strength: hand type first, then the faces of the larger
/// group, then the next group, then the leftover faces high to low.
/// Equal keys are a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandKey(u32);

/// An evaluated roll: its hand type and strength key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    kind: HandType,
    key: HandKey,
    /// The face every die shows, for a flush (shown in its name).
    flush_face: u8,
}

impl Hand {
    /// The hand type.
    pub fn kind(&self) -> HandType {
        self.kind
    }

    /// The strength key used to break ties between hands of one type.
    pub fn key(&self) -> HandKey {
        self.key
    }

    /// The face of a five-of-a-kind, `None` for any other hand.
    pub fn flush_face(&self) -> Option<u8> {
        (self.kind == HandType::Flush).then_some(self.flush_face)
    }
}

impl PartialOrd for Hand {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Hand {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key.cmp(&other.key)
    }
}

impl fmt::Display for Hand {
    /// The name a player sees: `3のフラッシュ`, `フルハウス`, `役なし`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.flush_face() {
            Some(face) => write!(f, "{face}の{}", self.kind.name()),
            None => f.write_str(self.kind.name()),
        }
    }
}

/// How many dice show each face; index 0 is face 1.
pub type Counts = [u8; FACES];

/// Counts the faces of a roll. Faces must already be in 1..=6.
pub fn counts_of(roll: &Roll) -> Counts {
    let mut counts = [0u8; FACES];
    for &face in roll {
        counts[usize::from(face - 1)] += 1;
    }
    counts
}

/// Evaluates five faces given in any order. Errors name what was wrong.
pub fn evaluate(faces: &[u8]) -> Result<Hand, RollError> {
    let wide: Vec<i64> = faces.iter().map(|&f| i64::from(f)).collect();
    roll_from(&wide).map(|roll| evaluate_roll(&roll))
}

/// Number of ordered rolls: 6^5.
pub const ROLLS: usize = 7_776;

/// Index of an ordered roll in 0..7,776 (its faces as base-6 digits).
fn roll_index(roll: &Roll) -> usize {
    roll.iter()
        .fold(0, |acc, &face| acc * FACES + usize::from(face - 1))
}

/// The ordered roll at `index` in 0..7,776 (the inverse of its base-6 index).
pub fn roll_at(mut index: usize) -> Roll {
    let mut roll = [0u8; DICE];
    for slot in roll.iter_mut().rev() {
        *slot = (index % FACES) as u8 + 1;
        index /= FACES;
    }
    roll
}

/// Every ordered roll's hand, worked out once by [`evaluate_counts`]: the game,
/// the simulator and the odds evaluate the same few thousand rolls millions of times.
static HANDS: std::sync::LazyLock<Box<[Hand]>> = std::sync::LazyLock::new(|| {
    (0..ROLLS)
        .map(|index| evaluate_counts(&counts_of(&roll_at(index))))
        .collect()
});

/// Evaluates a roll whose faces are known to be in 1..=6.
pub fn evaluate_roll(roll: &Roll) -> Hand {
    HANDS[roll_index(roll)]
}

/// Which dice make the hand, by position: every die of a straight, a full
/// house or a five of a kind; the dice in groups of two or more otherwise;
/// none for 役なし.
pub fn scoring_dice(roll: &Roll) -> [bool; DICE] {
    match evaluate_roll(roll).kind() {
        HandType::Straight | HandType::FullHouse | HandType::Flush => [true; DICE],
        HandType::None => [false; DICE],
        _ => {
            let counts = counts_of(roll);
            roll.map(|face| counts[usize::from(face - 1)] >= 2)
        }
    }
}

/// Which dice to keep so that the kept faces are `kept` (a hold given as
/// faces, as the advisor and the duel engine give it): each kept face claims
/// the first unclaimed die showing it.
pub fn slots_keeping(roll: &Roll, kept: &[u8]) -> [bool; DICE] {
    let mut keep = [false; DICE];
    for face in kept {
        if let Some(slot) = (0..DICE).find(|&s| !keep[s] && roll[s] == *face) {
            keep[slot] = true;
        }
    }
    keep
}

/// Evaluates a hand from its face counts (which must sum to five).
pub fn evaluate_counts(counts: &Counts) -> Hand {
    // Faces ordered by (group size, face) descending: the tie-break order.
    let mut order: [(u8, u8); FACES] = [(0, 0); FACES];
    for (i, &c) in counts.iter().enumerate() {
        order[i] = (c, i as u8 + 1);
    }
    order.sort_unstable_by(|a, b| b.cmp(a));

    let largest = order[0].0;
    let second = order[1].0;
    let kind = match (largest, second) {
        (5, _) => HandType::Flush,
        (4, _) => HandType::FourOfAKind,
        (3, 2) => HandType::FullHouse,
        (3, _) => HandType::ThreeOfAKind,
        (2, 2) => HandType::TwoPair,
        (2, _) => HandType::OnePair,
        // Five different faces: a straight unless both 1 and 6 are present.
        _ if counts[0] == 0 || counts[5] == 0 => HandType::Straight,
        _ => HandType::None,
    };

    // Key: 4 bits of type, then one 4-bit face per group, largest group first.
    let mut key = kind as u32;
    let mut digits = 0;
    for &(_, face) in order.iter().take_while(|(count, _)| *count > 0) {
        key = (key << 4) | u32::from(face);
        digits += 1;
    }
    // Pad so keys with fewer groups still compare type-first.
    key <<= 4 * (DICE - digits);

    Hand {
        kind,
        key: HandKey(key),
        flush_face: order[0].1,
    }
}
