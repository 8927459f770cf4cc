//! A table's terms, named once: the coins a seat sits down with and the
//! wins that take a match at every table (the house's at one machine, a
//! table of machines, `versus --table`), and the house table's stake, for
//! the game that lays it and the save that checks a cut-off round of it.

use super::{DEFAULT_RAISES, TableRules};

/// Antes each seat sits down with at any table.
pub const TABLE_STACK_ANTES: u64 = 20;
/// Round wins that take a match at any table.
pub const TABLE_WINS: u32 = 3;

/// Each seat's ante per round at the house's table.
pub const PARTY_ANTE: u64 = 5;
/// A bet's or a raise's size there.
pub const PARTY_STEP: u64 = 5;
/// Coins every seat sits down with there.
pub const PARTY_STACK: u64 = PARTY_ANTE * TABLE_STACK_ANTES;
/// Round wins that take a match there.
pub const PARTY_WINS: u32 = TABLE_WINS;

/// A table's rules at this ante and bet, with this many rerolls: the one
/// place a table's rules are made.
pub fn table_rules(ante: u64, step: u64, rerolls: u32) -> TableRules {
    TableRules {
        ante,
        step,
        raises: DEFAULT_RAISES,
        rerolls,
        wins: TABLE_WINS,
    }
}

/// The house table's rules with this many rerolls.
pub fn party_rules(rerolls: u32) -> TableRules {
    table_rules(PARTY_ANTE, PARTY_STEP, rerolls)
}

/// True for rules the house table plays by (any count of rerolls).
pub fn is_party_rules(rules: TableRules) -> bool {
    rules == party_rules(rules.rerolls)
}
