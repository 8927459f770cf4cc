//! What a duel's table shows: its rules and step, the rolls, the coins, the
//! score, the badges still to use, and which bets are allowed now.

use crate::rules::duel::badge::Badge;
use crate::rules::duel::terms::{BetAction, DuelRules, RoundEnd, Side, Step};
use crate::rules::hand::Roll;

use super::Duel;

impl Duel {
    /// The rules of this match.
    pub fn rules(&self) -> DuelRules {
        self.rules
    }

    /// What the table waits for.
    pub fn step(&self) -> Step {
        self.step
    }

    /// Who moves first this round.
    pub fn first(&self) -> Side {
        self.first
    }

    /// Rounds started so far, draws included.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Round wins of a side.
    pub fn score(&self, side: Side) -> u32 {
        self.score[side.index()]
    }

    /// A side's current faces this round (`None` before its first throw settles).
    pub fn roll(&self, side: Side) -> Option<Roll> {
        self.rolls[side.index()]
    }

    /// Rerolls a side still has this round.
    pub fn rerolls_left(&self, side: Side) -> u32 {
        self.rerolls_left[side.index()]
    }

    /// Rerolls a side may still use this round: 0 once it stood or used them
    /// all (its hand is final), so the other side plays against that hand.
    pub fn rerolls_to_come(&self, side: Side) -> u32 {
        if self.done[side.index()] {
            0
        } else {
            self.rerolls_left[side.index()]
        }
    }

    /// Coins on the table.
    pub fn pot(&self) -> u64 {
        self.pot
    }

    /// What a side has put in this round, ante included.
    pub fn this_round(&self, side: Side) -> u64 {
        self.this_round[side.index()]
    }

    /// What a side must add to stay in.
    pub fn to_call(&self, side: Side) -> u64 {
        self.this_round[side.other().index()].saturating_sub(self.this_round[side.index()])
    }

    /// What a side has put in over the match.
    pub fn put_in(&self, side: Side) -> u64 {
        self.put_in[side.index()]
    }

    /// What a side has taken from pots over the match.
    pub fn won(&self, side: Side) -> u64 {
        self.won[side.index()]
    }

    /// A side's coins won (the house's payments included) minus coins put in, so far.
    pub fn net(&self, side: Side) -> i64 {
        (self.won[side.index()] + self.from_house[side.index()]) as i64
            - self.put_in[side.index()] as i64
    }

    /// What the house has paid a side over the match: a second pot for each
    /// round won with `double`, half of what went in for each showdown lost
    /// with `shield`.
    pub fn from_house(&self, side: Side) -> u64 {
        self.from_house[side.index()]
    }

    /// True while `side` may still change a die with its badge this round.
    pub fn can_change(&self, side: Side) -> bool {
        self.change_left[side.index()] && !self.done[side.index()]
    }

    /// The die `side` changed with its badge this round: (slot, from, to).
    pub fn changed(&self, side: Side) -> Option<(usize, u8, u8)> {
        self.changed[side.index()]
    }

    /// A side's badge while it can still change who wins this round: a
    /// die-changing badge not yet used or given up (what the engine needs).
    pub fn live_badge(&self, side: Side) -> Option<Badge> {
        self.rules
            .badge(side)
            .filter(|b| !b.changes_a_die() || self.can_change(side))
    }

    /// How the last round ended.
    pub fn last_end(&self) -> Option<RoundEnd> {
        self.last_end
    }

    /// Rounds a side gave up.
    pub fn folds(&self, side: Side) -> u32 {
        self.folds[side.index()]
    }

    /// Rounds drawn and played again.
    pub fn draws(&self) -> u32 {
        self.draws
    }

    /// The winner, once the match is over.
    pub fn winner(&self) -> Option<Side> {
        match self.step {
            Step::MatchOver(side) => Some(side),
            _ => None,
        }
    }

    /// The bets `side` may make now (empty when it is not its turn to bet).
    pub fn legal_bets(&self, side: Side) -> Vec<BetAction> {
        if self.step != Step::Bet(side) {
            return Vec::new();
        }
        // The first mover may only open with a raise; the second may raise once,
        // after a check or over a raise. Then the first mover calls or folds.
        let can_raise = if side == self.first {
            !self.raised.iter().any(|&r| r)
        } else {
            !self.raised[side.index()]
        };
        let mut legal = if self.to_call(side) == 0 {
            vec![BetAction::Check]
        } else {
            vec![BetAction::Call, BetAction::Fold]
        };
        if can_raise {
            legal.push(BetAction::Raise);
        }
        legal
    }
}
