//! A table's match read from a save is checked before it is played on:
//! every seat has each of its numbers, the step names a seat that can take
//! it, the faces are faces, and the coins add up to what the seats sat down
//! with and what the house paid for badges.

use super::{MAX_SEATS, MIN_SEATS, TableMatch, TableStep};
use crate::rules::duel::engine::MAX_DUEL_REROLLS;
use crate::rules::unsound::{MOST_BET, MOST_ROUNDS, Unsound, check_roll, ensure, sum};

impl TableMatch {
    /// Checks a match that was read rather than played to, whose seats each
    /// sat down with `stack` coins: `Err` names the first rule it breaks.
    /// A match that passes can be played on without a panic or a step no
    /// seat can take.
    pub fn check(&self, stack: u64) -> Result<(), Unsound> {
        let n = self.seats();
        ensure((MIN_SEATS..=MAX_SEATS).contains(&n), || {
            format!("{n} seats (a table seats {MIN_SEATS} to {MAX_SEATS})")
        })?;
        self.check_lists(n)?;
        self.check_rules(stack)?;
        for (seat, roll) in self.rolls.iter().enumerate() {
            if let Some(roll) = roll {
                check_roll(&format!("seat {}'s dice", seat + 1), roll)?;
            }
        }
        self.check_step()?;
        self.check_coins(stack)
    }

    /// Every per-seat list has one entry a seat (lists an older save did
    /// not have may be empty).
    fn check_lists(&self, n: usize) -> Result<(), Unsound> {
        let lengths = [
            ("score", self.score.len(), false),
            ("out", self.out.len(), false),
            ("folded", self.folded.len(), false),
            ("rolls", self.rolls.len(), false),
            ("rerolls", self.rerolls_left.len(), false),
            ("put", self.put.len(), false),
            ("gone", self.gone.len(), true),
            ("badges", self.badges.len(), true),
            ("acted", self.betting.acted.len(), true),
        ];
        for (what, len, may_be_empty) in lengths {
            ensure(len == n || (may_be_empty && len == 0), || {
                format!("{len} entries of {what} at a table of {n}")
            })?;
        }
        ensure(self.starter < n, || {
            format!("seat {} starts", self.starter + 1)
        })?;
        if let Some(end) = &self.last_end {
            ensure(end.winner.is_none_or(|w| w < n), || {
                "the last round's winner is not at the table".to_owned()
            })?;
            for (what, len) in [("paid", end.paid.len()), ("put", end.put.len())] {
                ensure(len == n, || {
                    format!("the last round's {what} has {len} entries")
                })?;
            }
            ensure(end.bonus.is_empty() || end.bonus.len() == n, || {
                "the last round's bonus has the wrong length".to_owned()
            })?;
            ensure(
                end.accused
                    .is_none_or(|a| a.by < n && a.against < n && a.by != a.against),
                || "the last round's accusation names a seat not at the table".to_owned(),
            )?;
        }
        Ok(())
    }

    /// Rules a table plays by: bets within reason, rerolls a mind plans for.
    fn check_rules(&self, stack: u64) -> Result<(), Unsound> {
        let rules = self.rules;
        ensure(
            (1..=MOST_BET).contains(&rules.ante) && (1..=MOST_BET).contains(&rules.step),
            || format!("an ante of {} and bets of {}", rules.ante, rules.step),
        )?;
        ensure((1..=MOST_BET).contains(&stack), || {
            format!("stacks of {stack}")
        })?;
        ensure(rules.rerolls <= MAX_DUEL_REROLLS as u32, || {
            format!("{} rerolls (at most {MAX_DUEL_REROLLS})", rules.rerolls)
        })?;
        ensure(rules.wins >= 1 && rules.raises <= MOST_ROUNDS, || {
            format!("{} wins and {} raises a round", rules.wins, rules.raises)
        })?;
        ensure((1..=MOST_ROUNDS).contains(&self.rounds), || {
            format!("{} rounds played", self.rounds)
        })?;
        ensure(self.stage <= rules.rerolls, || {
            format!("stage {}", self.stage)
        })?;
        ensure(
            self.rerolls_left.iter().all(|&r| r <= rules.rerolls),
            || "more rerolls left than the rules give".to_owned(),
        )?;
        ensure(self.betting.raises <= rules.raises, || {
            format!("{} raises this betting round", self.betting.raises)
        })?;
        let won = sum("score", self.score.iter().map(|&s| u64::from(s)))?;
        ensure(won <= u64::from(self.rounds), || {
            format!("{won} rounds won of {} played", self.rounds)
        })?;
        let over = matches!(self.step, TableStep::MatchOver(_));
        ensure(over || self.score.iter().all(|&s| s < rules.wins), || {
            "a seat has won the match but the match goes on".to_owned()
        })
    }

    /// The step names a seat that can take it now.
    fn check_step(&self) -> Result<(), Unsound> {
        let n = self.seats();
        let step = self.step;
        let every_live_seat_threw = (0..n).all(|s| !self.is_live(s) || self.rolls[s].is_some());
        let fits = match step {
            TableStep::Throw(s) => {
                s < n && self.stage == 0 && self.is_live(s) && self.rolls[s].is_none()
            }
            TableStep::Rolling(s) => s < n && self.is_live(s),
            TableStep::Reroll(s) => {
                s < n
                    && self.stage >= 1
                    && self.is_live(s)
                    && self.rerolls_left[s] > 0
                    && every_live_seat_threw
            }
            TableStep::Bet(s) => {
                s < n
                    && self.is_live(s)
                    && self.stacks[s] > 0
                    && self.betting.acted.len() == n
                    && every_live_seat_threw
            }
            TableStep::RoundOver => self.last_end.is_some(),
            TableStep::MatchOver(s) => s < n,
        };
        ensure(fits, || {
            format!("the table waits for {step:?}, which cannot be taken")
        })
    }

    /// What the seats hold and the pot are what they sat down with and what
    /// the house paid; no seat put in more this round than betting allows.
    fn check_coins(&self, stack: u64) -> Result<(), Unsound> {
        let n = self.seats() as u64;
        let held = sum("the stacks", self.stacks.iter().copied())?;
        let pot = sum("the pot", self.put.iter().copied())?;
        let bought = stack * n;
        // A badge pays at most the round's pot: at most everything on the
        // table, round after round.
        let most_house = bought.saturating_mul(u64::from(self.rounds));
        ensure(self.house <= most_house, || {
            format!("the house paid {} coins for badges", self.house)
        })?;
        let total = sum("the table", [held, pot])?;
        ensure(total == bought + self.house, || {
            format!(
                "the seats hold {held} and the pot {pot}, but they sat down with {bought} \
                 and the house paid {}",
                self.house
            )
        })?;
        let rules = self.rules;
        let betting_rounds = u64::from(rules.rerolls) + 1;
        let most_put = rules.ante + betting_rounds * u64::from(rules.raises) * rules.step;
        ensure(self.put.iter().all(|&p| p <= most_put), || {
            format!("a seat put in more than the {most_put} coins a round allows")
        })
    }
}
