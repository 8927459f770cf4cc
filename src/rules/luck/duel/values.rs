//! What a duel round's account asks of an engine: the first mover's
//! opening and the mover's choices, for fair dice (the exact engine) or
//! for dice with their own chances (both trays' engines).

use super::Who;
use crate::rules::duel::{
    Badge, CrookedChoice, CrookedOpening, DuelChoice, DuelEngine, Opening, Side, TrayBrains,
};
use crate::rules::hand::Roll;

/// One choice of the side to move, as an account weighs it.
pub(super) struct Choice {
    /// Faces kept, low to high (all five: stand).
    pub(super) held: Vec<u8>,
    /// The die a badge changes: (from, to).
    pub(super) change: Option<(u8, u8)>,
    /// The mover's P(win) + P(tie)/2 with it.
    pub(super) value: f64,
}

impl From<DuelChoice> for Choice {
    fn from(c: DuelChoice) -> Choice {
        Choice {
            held: c.held,
            change: c.change,
            value: c.value.to_f64(),
        }
    }
}

impl From<CrookedChoice> for Choice {
    fn from(c: CrookedChoice) -> Choice {
        Choice {
            held: c.held,
            change: c.change,
            value: c.value,
        }
    }
}

/// What a round's account asks of an engine: the opening's values for the
/// first mover, and the choices of the side to move, best first.
pub(super) trait RoundValues {
    /// The first mover's value before any throw.
    fn start(&self) -> f64;
    /// Its value once its first throw shows `roll`, before the other throws.
    fn after_first(&self, roll: &Roll) -> f64;
    /// Every choice of `who` holding `mine` with `left` rerolls against
    /// `theirs` with `their_left` to come; `changes[0]` is the mover's badge.
    fn choices(
        &self,
        who: Who,
        mine: (&Roll, usize),
        theirs: (&Roll, usize),
        changes: [Option<Badge>; 2],
    ) -> Option<Vec<Choice>>;
}

/// Fair dice: the exact engine and the rules' opening.
pub(super) struct Fair<'a> {
    pub(super) engine: &'a DuelEngine,
    pub(super) opening: Opening,
}

impl RoundValues for Fair<'_> {
    fn start(&self) -> f64 {
        self.opening.start.to_f64()
    }
    fn after_first(&self, roll: &Roll) -> f64 {
        self.opening.after_first(roll).to_f64()
    }
    fn choices(
        &self,
        _: Who,
        (mine, left): (&Roll, usize),
        (theirs, their_left): (&Roll, usize),
        changes: [Option<Badge>; 2],
    ) -> Option<Vec<Choice>> {
        let choices = self
            .engine
            .solve_with(mine, left, theirs, their_left, changes)
            .ok()?;
        Some(choices.into_iter().map(Choice::from).collect())
    }
}

/// Each die with its own chances: both trays' engines, from `me`'s seat,
/// and the opening of the side that threw first.
pub(super) struct Crooked<'a> {
    pub(super) brains: &'a TrayBrains,
    pub(super) me: Side,
    pub(super) first: Side,
    pub(super) opening: &'a CrookedOpening,
}

impl RoundValues for Crooked<'_> {
    fn start(&self) -> f64 {
        self.opening.start
    }
    fn after_first(&self, roll: &Roll) -> f64 {
        self.brains
            .engine(self.first)
            .after_first(self.opening, roll)
    }
    fn choices(
        &self,
        who: Who,
        mine: (&Roll, usize),
        theirs: (&Roll, usize),
        changes: [Option<Badge>; 2],
    ) -> Option<Vec<Choice>> {
        let choices = self
            .brains
            .engine(who.side(self.me))
            .solve(mine, theirs, changes);
        Some(choices.into_iter().map(Choice::from).collect())
    }
}
