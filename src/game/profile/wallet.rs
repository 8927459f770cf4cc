//! The player's coins: the balance, what a game puts at stake, and the fresh
//! start a broke player is given. Coin sums saturate instead of wrapping, and
//! a save whose numbers are out of range is refused (see [`Wallet::checked`]).

use bevy::prelude::*;

/// Coins a new player starts with (and is given again when broke).
pub const STARTING_COINS: i64 = 100;
/// The most coins a balance (or a stake) may hold: far beyond what play can
/// reach, far below where sums of coins could overflow.
pub const MOST_COINS: i64 = 1_000_000_000_000;

/// The player's coins.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wallet {
    /// Current balance.
    pub coins: i64,
    /// Coins put into a game or duel round that is not yet decided: given
    /// back if the game is cut off (the window killed, the machine off).
    pub at_stake: u64,
}

impl Default for Wallet {
    fn default() -> Self {
        Wallet::with(STARTING_COINS)
    }
}

/// A count of coins as a signed amount, held within [`MOST_COINS`].
fn signed(coins: u64) -> i64 {
    i64::try_from(coins).unwrap_or(i64::MAX).min(MOST_COINS)
}

impl Wallet {
    /// A balance with nothing at stake.
    pub fn with(coins: i64) -> Wallet {
        Wallet { coins, at_stake: 0 }
    }

    /// The wallet a save holds, if its numbers are ones play can reach
    /// (within ±[`MOST_COINS`], the stake within [`MOST_COINS`]).
    pub fn checked(coins: i64, at_stake: u64) -> Option<Wallet> {
        let in_range =
            (-MOST_COINS..=MOST_COINS).contains(&coins) && at_stake <= MOST_COINS.unsigned_abs();
        in_range.then_some(Wallet { coins, at_stake })
    }

    /// Takes the stake for a game; a player who cannot pay is given a fresh
    /// start first. Returns true when that happened.
    pub fn charge(&mut self, stake: u64) -> bool {
        let refilled = self.ensure(stake);
        self.coins = self.coins.saturating_sub(signed(stake));
        self.at_stake = stake;
        refilled
    }

    /// Gives a fresh start to a player who has less than `needed`. Returns
    /// true when that happened.
    pub fn ensure(&mut self, needed: u64) -> bool {
        let refilled = self.coins < signed(needed);
        if refilled {
            self.coins = STARTING_COINS;
        }
        refilled
    }

    /// Adds a payout: the game is decided, nothing is at stake any more.
    pub fn credit(&mut self, coins: u64) {
        self.coins = self.coins.saturating_add(signed(coins)).min(MOST_COINS);
        self.at_stake = 0;
    }

    /// Books what a match has won (or cost) since the wallet last heard:
    /// the balance stays within ±[`MOST_COINS`] whatever the match says.
    pub fn book(&mut self, change: i64) {
        self.coins = self
            .coins
            .saturating_add(change)
            .clamp(-MOST_COINS, MOST_COINS);
    }

    /// Gives back what a cut-off game had at stake; returns how much.
    pub fn refund(&mut self) -> u64 {
        let back = std::mem::take(&mut self.at_stake);
        self.coins = self.coins.saturating_add(signed(back)).min(MOST_COINS);
        back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charge_takes_the_stake_and_refills_a_broke_player_first() {
        let mut wallet = Wallet::with(30);
        assert!(!wallet.charge(10));
        assert_eq!(
            wallet,
            Wallet {
                coins: 20,
                at_stake: 10
            }
        );
        let mut broke = Wallet::with(5);
        assert!(broke.charge(10));
        assert_eq!(
            broke,
            Wallet {
                coins: STARTING_COINS - 10,
                at_stake: 10
            }
        );
    }

    #[test]
    fn ensure_refills_only_below_what_is_needed() {
        let mut wallet = Wallet::with(10);
        assert!(!wallet.ensure(10));
        assert_eq!(wallet.coins, 10);
        assert!(wallet.ensure(11));
        assert_eq!(wallet.coins, STARTING_COINS);
    }

    #[test]
    fn credit_and_refund_clear_the_stake() {
        let mut wallet = Wallet::with(50);
        wallet.charge(10);
        wallet.credit(25);
        assert_eq!(
            wallet,
            Wallet {
                coins: 65,
                at_stake: 0
            }
        );
        wallet.charge(10);
        assert_eq!(wallet.refund(), 10);
        assert_eq!(wallet.refund(), 0);
        assert_eq!(
            wallet,
            Wallet {
                coins: 65,
                at_stake: 0
            }
        );
    }

    #[test]
    fn sums_saturate_instead_of_wrapping() {
        let mut rich = Wallet::with(MOST_COINS);
        rich.credit(u64::MAX);
        assert_eq!(rich.coins, MOST_COINS);
        let mut wallet = Wallet::with(i64::MIN + 1);
        wallet.charge(u64::MAX);
        assert_eq!(wallet.coins, STARTING_COINS - MOST_COINS);
    }

    #[test]
    fn a_match_books_within_the_cap() {
        let mut wallet = Wallet::with(MOST_COINS - 5);
        wallet.book(1_000_000_000_000_000);
        assert_eq!(wallet.coins, MOST_COINS);
        wallet.book(i64::MIN);
        assert_eq!(wallet.coins, -MOST_COINS);
        let mut wallet = Wallet::with(100);
        wallet.book(-30);
        wallet.book(45);
        assert_eq!(wallet.coins, 115);
    }

    #[test]
    fn a_save_out_of_range_is_refused() {
        assert_eq!(
            Wallet::checked(100, 10),
            Some(Wallet {
                coins: 100,
                at_stake: 10
            })
        );
        assert_eq!(Wallet::checked(i64::MIN, 0), None);
        assert_eq!(Wallet::checked(i64::MAX, 0), None);
        assert_eq!(Wallet::checked(100, u64::MAX), None);
        assert_eq!(
            Wallet::checked(-MOST_COINS, 0).map(|w| w.coins),
            Some(-MOST_COINS)
        );
    }
}
