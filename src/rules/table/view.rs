//! What a table shows: its rules and step, the starter, each seat's coins,
//! stake, faces, rerolls and score, and how the last round ended.

use super::{TableEnd, TableMatch, TableRules, TableStep};
use crate::rules::hand::Roll;

impl TableMatch {
    /// The rules of this match.
    pub fn rules(&self) -> TableRules {
        self.rules
    }

    /// What the table waits for.
    pub fn step(&self) -> TableStep {
        self.step
    }

    /// Who threw and bet first this round.
    pub fn starter(&self) -> usize {
        self.starter
    }

    /// Rounds started so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// A seat's coins in front of it.
    pub fn stack(&self, seat: usize) -> u64 {
        self.stacks[seat]
    }

    /// What a seat has put in this round.
    pub fn put(&self, seat: usize) -> u64 {
        self.put[seat]
    }

    /// Coins in the pots this round.
    pub fn pot(&self) -> u64 {
        self.put.iter().sum()
    }

    /// A seat's round wins.
    pub fn score(&self, seat: usize) -> u32 {
        self.score[seat]
    }

    /// A seat's faces this round (`None` before its first throw settles).
    pub fn roll(&self, seat: usize) -> Option<Roll> {
        self.rolls[seat]
    }

    /// Rerolls a seat may still use this round.
    pub fn rerolls_left(&self, seat: usize) -> u32 {
        self.rerolls_left[seat]
    }

    /// A seat sits out: it had no coins at a round's start.
    pub fn is_out(&self, seat: usize) -> bool {
        self.out[seat]
    }

    /// How the last round ended.
    pub fn last_end(&self) -> Option<&TableEnd> {
        self.last_end.as_ref()
    }
}
