//! The two formats a match between machines plays, behind one session: a
//! duel (two seats, the duel's referee, [`Duel`]) and a table (two to four
//! seats, [`TableMatch`]). [`NetReferee`] is what the session asks of
//! either beyond the one [`Referee`] face: how the agreed terms lay it, a
//! seat that leaves, and what a decided round paid.

use rand::Rng;

use super::TableTerms;
use crate::rules::duel::opponent::SOLVED;
use crate::rules::duel::versus::DuelMind;
use crate::rules::duel::{DUEL_SEATS, Duel, Opponent, Side};
use crate::rules::minds::{Decision, decision};
use crate::rules::netplay::rules_for;
use crate::rules::protocol::MatchFormat;
use crate::rules::referee::Referee;
use crate::rules::table::TableMatch;

/// How a decided round ended, as the transcript writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetEnd {
    /// Who took the main pot alone, if anyone did (none: a split, or a
    /// duel's draw, whose pot stays on the table).
    pub winner: Option<usize>,
    /// Every other seat folded.
    pub by_folds: bool,
    /// What each seat took from the pots.
    pub paid: Vec<u64>,
}

/// A referee that a session between machines keeps on every machine.
pub trait NetReferee: Referee + Clone {
    /// The format this referee plays.
    const FORMAT: MatchFormat;
    /// The seats it plays, fewest and most.
    const SEATS: (usize, usize);
    /// The match `terms` lay, with the seats in `gone` sitting out (a
    /// next match after some left); an error if it cannot be laid.
    fn lay(terms: &TableTerms, gone: &[usize]) -> Result<Self, String>;
    /// `seat` leaves for good; `committed`: it had committed to the throw
    /// being dealt, which can then never be dealt. True when the round is
    /// called off rather than folded.
    fn leave(&mut self, seat: usize, committed: bool) -> bool;
    /// Rounds started (names each deal).
    fn rounds(&self) -> u32;
    /// How the round decided since `before` ended; none for a round
    /// called off.
    fn end_since(&self, before: &Self) -> Option<NetEnd>;
    /// What `opponent`'s mind plays in `seat` now, for a seat played without
    /// a person (`--auto`, a host's computer seats, the tests).
    fn mind_move(&self, opponent: &Opponent, seat: usize, rng: &mut impl Rng) -> Decision;
    /// The coins `seat` has in front of it, where seats sit down with a
    /// stack (a table; a duel's coins are each player's wallet).
    fn stack_of(&self, seat: usize) -> Option<u64>;
}

impl NetReferee for TableMatch {
    const FORMAT: MatchFormat = MatchFormat::Table;
    const SEATS: (usize, usize) = (
        crate::rules::table::MIN_SEATS,
        crate::rules::table::MAX_SEATS,
    );

    fn lay(terms: &TableTerms, gone: &[usize]) -> Result<TableMatch, String> {
        let stacks = vec![terms.stack; terms.seats];
        TableMatch::new_without(terms.rules(), stacks, 0, gone).map_err(|e| e.to_string())
    }

    fn leave(&mut self, seat: usize, committed: bool) -> bool {
        if committed && self.void_and_leave(seat).is_ok() {
            return true;
        }
        let _ = TableMatch::leave(self, seat);
        false
    }

    fn rounds(&self) -> u32 {
        TableMatch::rounds(self)
    }

    fn end_since(&self, _before: &TableMatch) -> Option<NetEnd> {
        let end = self.last_end().filter(|end| !end.void)?;
        Some(NetEnd {
            winner: end.winner,
            by_folds: end.by_folds,
            paid: end.paid.clone(),
        })
    }

    fn mind_move(&self, opponent: &Opponent, seat: usize, rng: &mut impl Rng) -> Decision {
        decision(&opponent, self, seat, rng)
    }

    fn stack_of(&self, seat: usize) -> Option<u64> {
        Some(self.stack(seat))
    }
}

/// A duel between machines: a seat that leaves ends it where it stands
/// (each machine gives back what was in the undecided round), so the
/// referee itself is not told; the session, left with one seat, stops.
impl NetReferee for Duel {
    const FORMAT: MatchFormat = MatchFormat::Duel;
    const SEATS: (usize, usize) = (DUEL_SEATS, DUEL_SEATS);

    fn lay(terms: &TableTerms, _gone: &[usize]) -> Result<Duel, String> {
        Ok(Duel::new(rules_for(terms.ante, terms.raise), Side::Near))
    }

    fn leave(&mut self, _seat: usize, _committed: bool) -> bool {
        false
    }

    fn rounds(&self) -> u32 {
        Duel::rounds(self)
    }

    fn end_since(&self, before: &Duel) -> Option<NetEnd> {
        let end = self.last_end()?;
        let paid = [Side::Near, Side::Far]
            .map(|side| {
                let now = self.won(side) + self.from_house(side);
                now.saturating_sub(before.won(side) + before.from_house(side))
            })
            .to_vec();
        Some(NetEnd {
            winner: end.winner().map(Side::index),
            by_folds: matches!(end, crate::rules::duel::RoundEnd::Fold(_)),
            paid,
        })
    }

    /// The duel's exact engine, solved once for the process.
    fn mind_move(&self, opponent: &Opponent, seat: usize, rng: &mut impl Rng) -> Decision {
        let mind = DuelMind {
            opponent,
            brains: &SOLVED,
        };
        decision(&mind, self, seat, rng)
    }

    fn stack_of(&self, _seat: usize) -> Option<u64> {
        None
    }
}
