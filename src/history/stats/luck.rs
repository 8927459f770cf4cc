//! Luck and skill added up over many games or rounds: all of them, and
//! the last few.

use serde::Serialize;

use crate::rules::luck::Account;

/// Solo games counted for luck and skill in the last-games line.
pub const RECENT_GAMES: usize = 20;

/// Luck and skill over solo games (in coins) or duel rounds (in win
/// chance), each from its own events (`rules::luck`).
#[derive(Serialize, Debug, Clone, Default, PartialEq)]
pub struct LuckReport {
    /// Games or rounds whose account could be told (whole ones).
    pub games: u64,
    /// All of them together.
    pub total: Account,
    /// The last [`RECENT_GAMES`] of them.
    pub recent: Account,
    /// Each one's account, oldest first.
    pub per_game: Vec<Account>,
}

impl LuckReport {
    /// Totals, all and recent, of these accounts (oldest first).
    pub fn of(per_game: Vec<Account>) -> LuckReport {
        let sum = |games: &[Account]| {
            let mut total = Account::default();
            for g in games {
                total.add(g);
            }
            total
        };
        LuckReport {
            games: per_game.len() as u64,
            total: sum(&per_game),
            recent: sum(&per_game[per_game.len().saturating_sub(RECENT_GAMES)..]),
            per_game,
        }
    }
}
