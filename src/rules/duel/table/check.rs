//! A duel read from a save is checked before it is played on: the step
//! names a side that can take it, the faces are faces, and every coin in
//! the pot and taken from it was put in by one of the sides.

use super::Duel;
use crate::rules::duel::engine::MAX_DUEL_REROLLS;
use crate::rules::duel::terms::{RoundEnd, Side, Step};
use crate::rules::unsound::{MOST_BET, MOST_ROUNDS, Unsound, check_faces, check_roll, ensure, sum};

impl Duel {
    /// Checks a duel that was read rather than played to: `Err` names the
    /// first rule it breaks. A duel that passes can be played on without a
    /// panic or a step neither side can take.
    pub fn check(&self) -> Result<(), Unsound> {
        let rules = self.rules;
        ensure(
            (1..=MOST_BET).contains(&rules.ante) && (1..=MOST_BET).contains(&rules.step),
            || format!("an ante of {} and raises of {}", rules.ante, rules.step),
        )?;
        ensure(
            rules.rerolls <= MAX_DUEL_REROLLS as u32 && rules.wins >= 1,
            || format!("{} rerolls and {} wins", rules.rerolls, rules.wins),
        )?;
        ensure((1..=MOST_ROUNDS).contains(&self.rounds), || {
            format!("{} rounds played", self.rounds)
        })?;
        let decided = sum(
            "the rounds",
            [self.score[0], self.score[1], self.draws].map(u64::from),
        )?;
        ensure(decided <= u64::from(self.rounds), || {
            format!("{decided} rounds decided of {} played", self.rounds)
        })?;
        ensure(
            self.rerolls_left.iter().all(|&r| r <= rules.rerolls + 1),
            || "more rerolls left than the rules give".to_owned(),
        )?;
        for side in [Side::Near, Side::Far] {
            if let Some(roll) = &self.rolls[side.index()] {
                check_roll(&format!("the {side:?} dice"), roll)?;
            }
            if let Some((slot, from, to)) = self.changed[side.index()] {
                check_faces("a changed die", &[from, to])?;
                ensure(slot < 5, || format!("a changed die in slot {slot}"))?;
            }
        }
        self.check_step()?;
        self.check_coins()
    }

    /// The step names a side that can take it now.
    fn check_step(&self) -> Result<(), Unsound> {
        let thrown = |side: Side| self.rolls[side.index()].is_some();
        let both = thrown(Side::Near) && thrown(Side::Far);
        let fits = match self.step {
            Step::Throw(s) => {
                !self.betting_done && !thrown(s) && (s == self.first || thrown(self.first))
            }
            Step::Rolling(_) => true,
            Step::Bet(_) => !self.betting_done && both,
            Step::Reroll(s) => {
                let i = s.index();
                self.betting_done
                    && both
                    && !self.done[i]
                    && (self.rerolls_left[i] > 0 || self.change_left[i])
            }
            Step::RoundOver => self.last_end.is_some(),
            // An accusation settles the match whatever the score.
            Step::MatchOver(s) => {
                self.score[s.index()] >= self.rules.wins
                    || matches!(self.last_end, Some(RoundEnd::Accused { .. }))
            }
        };
        let over = matches!(self.step, Step::MatchOver(_));
        ensure(fits, || {
            format!("the duel waits for {:?}, which cannot be taken", self.step)
        })?;
        ensure(
            over || self.score.iter().all(|&s| s < self.rules.wins),
            || "a side has won the match but the match goes on".to_owned(),
        )
    }

    /// Every coin in the pot or taken from it was put in; no side put in
    /// more than its rounds allow; the house paid no more than went in.
    fn check_coins(&self) -> Result<(), Unsound> {
        let most_round = self.rules.most_per_round();
        let most_match = most_round * u64::from(self.rounds);
        ensure(self.this_round.iter().all(|&p| p <= most_round), || {
            format!("more than {most_round} coins put in this round")
        })?;
        ensure(self.put_in.iter().all(|&p| p <= most_match), || {
            format!("more than {most_match} coins put in over the match")
        })?;
        let put = sum("what went in", self.put_in)?;
        let out = sum("what came out", [self.won[0], self.won[1], self.pot])?;
        ensure(put == out, || {
            format!("{put} coins went in but {out} are in the pot or were won")
        })?;
        // Once a round is decided its pot has gone to the winner.
        let under_way = self.step.mover().is_some();
        ensure(
            !under_way || self.this_round[0] + self.this_round[1] <= self.pot,
            || "this round's bets are not in the pot".to_owned(),
        )?;
        ensure(self.from_house.iter().all(|&h| h <= put), || {
            "the house paid more than the match's pots".to_owned()
        })
    }
}
