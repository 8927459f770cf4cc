//! What a seat decides, as the session sends it, and the duel's rules for
//! an agreed stake (a seat without a window plays its mind's move through
//! the referee, `NetReferee::mind_move`).

use crate::rules::duel::DuelRules;

pub use crate::rules::minds::Decision;

/// A duel's rules for a stake agreed in the handshake: the usual
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
