//! A duel's rules as a state machine: antes, one betting turn, rerolls in
//! turn, showdown, best of three (or of five, as the rules say). It knows
//! nothing of physics: throws are asked for ([`Step::Throw`], [`Duel::reroll`]) and their results handed back
//! ([`Duel::rolled`]). Every move is checked; an illegal one changes nothing.
//! What the table shows (score, pot, rolls, who may still do what) is in [`view`].

mod check;
mod view;

use serde::{Deserialize, Serialize};

use crate::rules::hand::{Roll, evaluate_roll};

use super::badge::Badge;
use super::terms::{BetAction, DuelRules, Illegal, RoundEnd, Side, Step};

/// A match between two seats: the first to win [`DuelRules::wins`] rounds takes it.
/// (Kept whole in the save while a round is under way, so a cut-off round
/// can come back.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duel {
    rules: DuelRules,
    step: Step,
    /// Rounds started, draws included (the first mover alternates with each).
    rounds: u32,
    first: Side,
    score: [u32; 2],
    rolls: [Option<Roll>; 2],
    rerolls_left: [u32; 2],
    /// True once the betting turn is over (throws from then on are rerolls).
    betting_done: bool,
    /// Which side is done with its dice this round.
    done: [bool; 2],
    /// What each side has put in this round (ante included).
    this_round: [u64; 2],
    /// Which side has raised this round.
    raised: [bool; 2],
    /// Coins on the table, a drawn round's pot included.
    pot: u64,
    /// What each side has put in over the match.
    put_in: [u64; 2],
    /// What each side has taken from pots over the match.
    won: [u64; 2],
    last_end: Option<RoundEnd>,
    folds: [u32; 2],
    draws: u32,
    /// Whether each side may still change a die with its badge this round.
    change_left: [bool; 2],
    /// The die each side changed this round: (slot, from, to).
    changed: [Option<(usize, u8, u8)>; 2],
    /// What the house has paid each side over the match (`double`, `shield`).
    from_house: [u64; 2],
}

impl Duel {
    /// A new match; `first` moves first in the first round. Both ante at once.
    pub fn new(rules: DuelRules, first: Side) -> Duel {
        let mut duel = Duel {
            rules,
            step: Step::RoundOver,
            rounds: 0,
            first: first.other(),
            score: [0; 2],
            rolls: [None; 2],
            rerolls_left: [0; 2],
            betting_done: false,
            done: [false; 2],
            this_round: [0; 2],
            raised: [false; 2],
            pot: 0,
            put_in: [0; 2],
            won: [0; 2],
            last_end: None,
            folds: [0; 2],
            draws: 0,
            change_left: [false; 2],
            changed: [None; 2],
            from_house: [0; 2],
        };
        duel.start_round();
        duel
    }

    fn start_round(&mut self) {
        self.rounds += 1;
        self.first = self.first.other();
        self.rolls = [None; 2];
        for side in [Side::Near, Side::Far] {
            let badge = self.rules.badge(side);
            self.rerolls_left[side.index()] =
                self.rules.rerolls + u32::from(badge == Some(Badge::Reroll));
            self.change_left[side.index()] = badge.is_some_and(Badge::changes_a_die);
        }
        self.changed = [None; 2];
        self.betting_done = false;
        self.done = [false; 2];
        self.this_round = [0; 2];
        self.raised = [false; 2];
        for side in [Side::Near, Side::Far] {
            self.put(side, self.rules.ante);
        }
        self.step = Step::Throw(self.first);
    }

    fn put(&mut self, side: Side, coins: u64) {
        self.this_round[side.index()] += coins;
        self.put_in[side.index()] += coins;
        self.pot += coins;
    }

    fn illegal(&self, side: Side, tried: &'static str) -> Illegal {
        Illegal {
            step: self.step,
            seat: side,
            tried,
        }
    }

    /// Starts `side`'s first throw of the round.
    pub fn throw(&mut self, side: Side) -> Result<(), Illegal> {
        if self.step != Step::Throw(side) {
            return Err(self.illegal(side, "throw"));
        }
        self.step = Step::Rolling(side);
        Ok(())
    }

    /// Starts a reroll of `side`'s free dice (using one of its rerolls).
    pub fn reroll(&mut self, side: Side) -> Result<(), Illegal> {
        if self.step != Step::Reroll(side) || self.rerolls_left[side.index()] == 0 {
            return Err(self.illegal(side, "reroll"));
        }
        self.rerolls_left[side.index()] -= 1;
        self.step = Step::Rolling(side);
        Ok(())
    }

    /// `side` keeps its hand as it is and uses no more rerolls.
    pub fn stand(&mut self, side: Side) -> Result<(), Illegal> {
        if self.step != Step::Reroll(side) {
            return Err(self.illegal(side, "stand"));
        }
        self.rerolls_left[side.index()] = 0;
        self.change_left[side.index()] = false;
        self.after_rerolls(side);
        Ok(())
    }

    /// The dice `side` threw have come to rest showing `roll`.
    pub fn rolled(&mut self, side: Side, roll: Roll) -> Result<(), Illegal> {
        if self.step != Step::Rolling(side) {
            return Err(self.illegal(side, "report a roll"));
        }
        self.rolls[side.index()] = Some(roll);
        if !self.betting_done {
            self.step = if side == self.first {
                Step::Throw(side.other())
            } else {
                Step::Bet(self.first)
            };
        } else if self.rerolls_left[side.index()] > 0 || self.change_left[side.index()] {
            self.step = Step::Reroll(side);
        } else {
            self.after_rerolls(side);
        }
        Ok(())
    }

    /// `side` stands, changing the die in `slot` to `to` with its badge
    /// (its rerolls are over: used up, or given up by this).
    pub fn change(&mut self, side: Side, slot: usize, to: u8) -> Result<(), Illegal> {
        let badge = self.rules.badge(side);
        let from = self.rolls[side.index()].and_then(|r| r.get(slot).copied());
        let allowed = self.step == Step::Reroll(side)
            && self.change_left[side.index()]
            && badge
                .zip(from)
                .is_some_and(|(b, from)| b.targets(from).contains(&to));
        let (Some(from), Some(roll), true) = (from, self.rolls[side.index()].as_mut(), allowed)
        else {
            return Err(self.illegal(side, "change a die"));
        };
        roll[slot] = to;
        self.changed[side.index()] = Some((slot, from, to));
        self.change_left[side.index()] = false;
        self.rerolls_left[side.index()] = 0;
        self.after_rerolls(side);
        Ok(())
    }

    /// A betting move by `side`.
    pub fn bet(&mut self, side: Side, action: BetAction) -> Result<(), Illegal> {
        if !self.legal_bets(side).contains(&action) {
            return Err(self.illegal(side, "make that bet"));
        }
        let other = side.other();
        match action {
            BetAction::Fold => {
                self.folds[side.index()] += 1;
                self.end_round(RoundEnd::Fold(side));
                return Ok(());
            }
            BetAction::Raise => {
                let coins = self.to_call(side) + self.rules.step;
                self.put(side, coins);
                self.raised[side.index()] = true;
                self.step = Step::Bet(other);
                return Ok(());
            }
            BetAction::Call => {
                let coins = self.to_call(side);
                self.put(side, coins);
            }
            BetAction::Check => {
                if side == self.first {
                    self.step = Step::Bet(other);
                    return Ok(());
                }
            }
        }
        // A call, or the second mover checking back, ends the betting.
        self.betting_done = true;
        self.begin_rerolls(self.first);
        Ok(())
    }

    /// `side` begins its rerolls, or passes straight on if it has none.
    fn begin_rerolls(&mut self, side: Side) {
        if self.rerolls_left[side.index()] > 0 || self.change_left[side.index()] {
            self.step = Step::Reroll(side);
        } else {
            self.after_rerolls(side);
        }
    }

    /// `side` is done with its dice: the second mover's turn, or the showdown.
    fn after_rerolls(&mut self, side: Side) {
        self.done[side.index()] = true;
        if side == self.first {
            self.begin_rerolls(side.other());
        } else {
            self.showdown();
        }
    }

    fn showdown(&mut self) {
        let (Some(mine), Some(theirs)) = (self.rolls[0], self.rolls[1]) else {
            return;
        };
        let end = match evaluate_roll(&mine).cmp(&evaluate_roll(&theirs)) {
            std::cmp::Ordering::Greater => RoundEnd::Showdown(Side::Near),
            std::cmp::Ordering::Less => RoundEnd::Showdown(Side::Far),
            std::cmp::Ordering::Equal => RoundEnd::Draw,
        };
        self.end_round(end);
    }

    fn end_round(&mut self, end: RoundEnd) {
        self.last_end = Some(end);
        match end.winner() {
            Some(winner) => {
                if self.rules.badge(winner) == Some(Badge::Double) {
                    self.from_house[winner.index()] += self.pot;
                }
                let loser = winner.other();
                if self.rules.badge(loser) == Some(Badge::Shield)
                    && matches!(end, RoundEnd::Showdown(_))
                {
                    self.from_house[loser.index()] += self.this_round[loser.index()] / 2;
                }
                self.won[winner.index()] += self.pot;
                self.pot = 0;
                self.score[winner.index()] += 1;
                let settled = matches!(end, RoundEnd::Accused { .. });
                self.step = if settled || self.score[winner.index()] >= self.rules.wins {
                    Step::MatchOver(winner)
                } else {
                    Step::RoundOver
                };
            }
            None => {
                self.draws += 1;
                self.step = Step::RoundOver;
            }
        }
    }

    /// `by` accuses the other side of playing a crooked die, and the search
    /// `caught` one or not: the side in the right takes the pot, the round
    /// and the match there and then. Only while a round is under way and
    /// no dice are rolling (the dice searched are the ones that lie still).
    pub fn accuse(&mut self, by: Side, caught: bool) -> Result<(), Illegal> {
        if matches!(self.step, Step::Rolling(_)) || self.step.mover().is_none() {
            return Err(self.illegal(by, "accuse"));
        }
        self.end_round(RoundEnd::Accused { by, caught });
        Ok(())
    }

    /// Starts the next round after a decided or drawn one (both ante again).
    pub fn next_round(&mut self) -> Result<(), Illegal> {
        if self.step != Step::RoundOver {
            return Err(self.illegal(Side::Near, "start the next round"));
        }
        self.start_round();
        Ok(())
    }
}
