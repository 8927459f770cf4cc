//! What a side decides, as the session sends it, and the two helpers every
//! seat without a window uses: the rules for an agreed stake and what the
//! hard mind plays.

use crate::rules::duel::{BetAction, Brains, Duel, DuelRules, Opponent, Side, Step};
use crate::rules::hand::{DICE, slots_keeping};

/// A side's move, as its mind chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Throw (the first throw of a round).
    Throw,
    /// Reroll the dice not kept (the slots kept).
    Reroll([bool; DICE]),
    /// Keep the hand.
    Stand,
    /// Bet.
    Bet(BetAction),
}

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
    match duel.step() {
        Step::Bet(_) => Decision::Bet(
            opponent
                .bet(brains, duel, side, rng)
                .unwrap_or(BetAction::Fold),
        ),
        Step::Reroll(_) => match (opponent.hold(brains, duel, side, rng), duel.roll(side)) {
            (Some(choice), Some(roll)) if !choice.stands() => {
                Decision::Reroll(slots_keeping(&roll, &choice.held))
            }
            _ => Decision::Stand,
        },
        _ => Decision::Throw,
    }
}

/// What a computer mind plays in `seat` at a table now, for a seat played
/// without a person (`host --seats`, `join --auto`, the tests).
pub fn table_decision(
    opponent: &Opponent,
    table: &crate::rules::table::TableMatch,
    seat: usize,
    rng: &mut impl rand::Rng,
) -> Decision {
    use crate::rules::table::{TableStep, seat_bet, seat_hold};
    match table.step() {
        TableStep::Bet(_) => {
            Decision::Bet(seat_bet(opponent, table, seat, rng).unwrap_or(BetAction::Fold))
        }
        TableStep::Reroll(_) => match (seat_hold(opponent, table, seat, rng), table.roll(seat)) {
            (Some(held), Some(roll)) if held.len() < DICE => {
                Decision::Reroll(slots_keeping(&roll, &held))
            }
            _ => Decision::Stand,
        },
        _ => Decision::Throw,
    }
}
