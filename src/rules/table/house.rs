//! The house's table of several (every seat at one machine): the coins a
//! seat sits down with and the bets, named once for the game that lays it
//! and the save that checks a cut-off round of it.

use super::{DEFAULT_RAISES, TableRules};

/// Coins every seat sits down with: twenty antes.
pub const PARTY_STACK: u64 = 100;
/// Each seat's ante per round.
pub const PARTY_ANTE: u64 = 5;
/// A bet's or a raise's size.
pub const PARTY_STEP: u64 = 5;
/// Round wins that take a match.
pub const PARTY_WINS: u32 = 3;

/// The house table's rules with this many rerolls.
pub fn party_rules(rerolls: u32) -> TableRules {
    TableRules {
        ante: PARTY_ANTE,
        step: PARTY_STEP,
        raises: DEFAULT_RAISES,
        rerolls,
        wins: PARTY_WINS,
    }
}

/// True for rules the house table plays by (any count of rerolls).
pub fn is_party_rules(rules: TableRules) -> bool {
    rules == party_rules(rules.rerolls)
}
