//! What a side decides, as the session sends it, and the two helpers every
//! seat without a window uses: the rules for an agreed stake and what the
//! hard mind plays.

use crate::rules::duel::versus::DuelMind;
use crate::rules::duel::{Brains, Duel, DuelRules, Opponent, Side};
use crate::rules::minds::decision;

pub use crate::rules::minds::Decision;

/// The table's rules for a stake agreed in the handshake: the duel's usual
/// rerolls and match length, no badges.
pub fn rules_for(ante: u64, raise: u64) -> DuelRules {
    DuelRules {
        ante,
        step: raise,
        rerolls: crate::rules::duel::DEFAULT_DUEL_REROLLS,
        wins: crate::rules::duel::ROUNDS_TO_WIN,
        badges: [None, None],
    }
}

/// What a computer mind plays in `side`'s seat now, for a seat played
/// without a person (`host --auto`, `join --auto`, the tests).
pub fn mind_decision(
    opponent: &Opponent,
    brains: &Brains,
    duel: &Duel,
    side: Side,
    rng: &mut impl rand::Rng,
) -> Decision {
    decision(&DuelMind { opponent, brains }, duel, side.index(), rng)
}

/// What a computer mind plays in `seat` at a table now, for a seat played
/// without a person (`host --seats`, `join --auto`, the tests).
pub fn table_decision(
    opponent: &Opponent,
    table: &crate::rules::table::TableMatch,
    seat: usize,
    rng: &mut impl rand::Rng,
) -> Decision {
    decision(&opponent, table, seat, rng)
}
