//! What a game costs and what each hand pays back.

use super::hand::HandType;

/// Coins a game costs by default.
pub const DEFAULT_STAKE: u64 = 10;

/// Rerolls in a solo game unless `--rerolls` says otherwise (three throws in all).
pub const DEFAULT_REROLLS: u32 = 2;

/// Coins paid back per hand type, weakest first, for a stake of [`DEFAULT_STAKE`].
///
/// Tuned so that optimal holding with two rerolls returns between 95% and 99%
/// of the stake (the exact figure is printed by `dice-poker payouts`).
pub const DEFAULT_PAYS: [u64; 8] = [0, 0, 2, 5, 10, 12, 15, 50];

/// A stake and what each hand pays back (the stake is not returned on top).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PayoutTable {
    /// Coins a game costs.
    pub stake: u64,
    /// Coins paid per hand type, indexed by [`HandType::index`].
    pub pays: [u64; 8],
}

impl Default for PayoutTable {
    fn default() -> Self {
        PayoutTable {
            stake: DEFAULT_STAKE,
            pays: DEFAULT_PAYS,
        }
    }
}

impl PayoutTable {
    /// Coins paid for a hand type.
    pub fn pay(&self, hand: HandType) -> u64 {
        self.pays[hand.index()]
    }
}
