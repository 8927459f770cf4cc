//! A match at one table of two to four seats, as a state machine: everyone
//! antes, each seat throws in turn from the round's starter, a betting round
//! goes around the table after the throws and after each round of rerolls
//! but the last (check, bet or raise by one step, call, fold; a cap on raises
//! per betting round), then the showdown pays the main pot and the side pots
//! ([`pots`]). After the last rerolls every die is in view and no bet could
//! change who wins, so the hands are shown at once.
//! A seat that cannot cover a call is all in for what it has and can win
//! only what it matched. It knows nothing of physics or of who sits where:
//! throws are asked for and their faces handed back, and every move is
//! checked; an illegal one changes nothing.
//!
//! A round is won (a point towards the match) by the seat that takes the
//! main pot alone; a split main pot is a drawn round whose coins are shared.
//! The match ends when a seat has [`TableRules::wins`] points or only one
//! seat has coins left.

mod accuse;
mod badges;
pub mod betting;
pub mod chance;
mod check;
pub mod crooked;
mod errors;
pub mod house;
pub mod knowing;
mod leave;
pub mod mind;
pub mod play;
pub mod pots;
mod referee;
mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use accuse::Accusation;
pub use badges::badge_bonus;
pub use errors::{Illegal, LayError};

use crate::rules::duel::Badge;
use crate::rules::hand::{Roll, evaluate_roll};
use crate::rules::turn::Turn;

pub use chance::{
    HoldPolicy, Rival, Share, TableChoice, largest_group_policy, table_chance, table_choices,
};
pub use mind::{rivals_of, seat_bet, seat_hold};
pub use play::{TableOutcome, play_table_match};
pub use pots::{Pot, pay, side_pots};

/// The fewest seats at a table.
pub const MIN_SEATS: usize = 2;
/// The most seats at a table.
pub const MAX_SEATS: usize = 4;
/// Raises allowed in one betting round unless told otherwise: enough to
/// answer a raise with one, not so many that a round never ends.
pub const DEFAULT_RAISES: u32 = 3;

/// Coins, rerolls and limits of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRules {
    /// Each seat's ante per round.
    pub ante: u64,
    /// Size of a bet or a raise.
    pub step: u64,
    /// Raises allowed in one betting round.
    pub raises: u32,
    /// Rounds of rerolls (each but the last followed by a betting round).
    pub rerolls: u32,
    /// Round wins that take the match.
    pub wins: u32,
}

/// What the table waits for: the one [`Turn`] type, seats numbered from 0
/// in turn order.
pub type TableStep = Turn;

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEnd {
    /// The seat that took the main pot alone (the round's point), if one did.
    pub winner: Option<usize>,
    /// Every other seat folded: no hand was shown.
    pub by_folds: bool,
    /// What each seat took from the pots.
    pub paid: Vec<u64>,
    /// What each seat had put in this round, ante included.
    pub put: Vec<u64>,
    /// What the house paid each seat for its badge, beside the pots
    /// ([`badge_bonus`]; older saves: nothing).
    #[serde(default)]
    pub bonus: Vec<u64>,
    /// The round was called off before its end ([`TableMatch::void_and_leave`]):
    /// nobody took a pot, each seat's coins went back.
    #[serde(default)]
    pub void: bool,
    /// The round was ended by an accusation ([`TableMatch::accuse`]; older
    /// saves: none).
    #[serde(default)]
    pub accused: Option<Accusation>,
}

/// A match at one table: the coins each seat has, the round under way, the score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMatch {
    rules: TableRules,
    step: TableStep,
    /// Coins each seat has in front of it (not in the pot).
    stacks: Vec<u64>,
    /// Rounds started.
    rounds: u32,
    /// Who throws and bets first this round.
    starter: usize,
    score: Vec<u32>,
    /// A seat with no coins left at a round's start, or gone, sits out the match.
    out: Vec<bool>,
    /// Seats that left the table ([`TableMatch::leave`]).
    #[serde(default)]
    gone: Vec<bool>,
    folded: Vec<bool>,
    rolls: Vec<Option<Roll>>,
    rerolls_left: Vec<u32>,
    /// Rounds of rerolls played this round (0: the first throws).
    stage: u32,
    /// What each seat put in this round, ante included.
    put: Vec<u64>,
    betting: betting::Betting,
    last_end: Option<TableEnd>,
    /// Each seat's badge (older saves: none).
    #[serde(default)]
    badges: Vec<Option<Badge>>,
    /// Coins the house has paid for badges this match.
    #[serde(default)]
    house: u64,
}

impl TableMatch {
    /// A match between seats bringing `stacks` coins; seat `first` starts
    /// the first round, and the start moves one seat on with each round.
    pub fn new(rules: TableRules, stacks: Vec<u64>, first: usize) -> Result<TableMatch, LayError> {
        TableMatch::new_without(rules, stacks, first, &[])
    }

    /// [`TableMatch::new`] at a table the seats in `gone` have left for good
    /// (a next match at a table of machines): they sit out from the first
    /// round and put no ante in, so no coin comes into the pot from a seat
    /// nobody plays.
    pub fn new_without(
        rules: TableRules,
        stacks: Vec<u64>,
        first: usize,
        gone: &[usize],
    ) -> Result<TableMatch, LayError> {
        let seats = stacks.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(LayError::Seats(seats));
        }
        if let Some(short) = stacks.iter().position(|&c| c < rules.ante.max(1)) {
            return Err(LayError::Short(short));
        }
        let mut table = TableMatch {
            rules,
            step: TableStep::RoundOver,
            stacks,
            rounds: 0,
            starter: (first + seats - 1) % seats,
            score: vec![0; seats],
            out: vec![false; seats],
            gone: vec![false; seats],
            folded: vec![false; seats],
            rolls: vec![None; seats],
            rerolls_left: vec![0; seats],
            stage: 0,
            put: vec![0; seats],
            betting: betting::Betting::default(),
            last_end: None,
            badges: vec![None; seats],
            house: 0,
        };
        for &seat in gone.iter().filter(|&&s| s < seats) {
            table.gone[seat] = true;
            table.out[seat] = true;
        }
        table.start_round();
        let mut left = (0..seats).filter(|&s| !table.out[s]);
        if let (Some(only), None) = (left.next(), left.next()) {
            table.step = TableStep::MatchOver(only);
        }
        Ok(table)
    }

    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// Every seat once in turn order, from `start`.
    fn order_from(&self, start: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.seats();
        (0..n).map(move |k| (start + k) % n)
    }

    /// Every seat once in turn order after `seat`, `seat` itself last.
    fn after(&self, seat: usize) -> impl Iterator<Item = usize> + use<> {
        self.order_from(seat + 1)
    }

    /// A seat still in this round (dealt in, not folded).
    pub fn is_live(&self, seat: usize) -> bool {
        !self.out[seat] && !self.folded[seat]
    }

    /// A live seat with nothing left to bet.
    pub fn is_all_in(&self, seat: usize) -> bool {
        self.is_live(seat) && self.stacks[seat] == 0
    }

    fn start_round(&mut self) {
        self.rounds += 1;
        for seat in 0..self.seats() {
            self.out[seat] = self.out[seat] || self.stacks[seat] == 0;
        }
        let next = self.after(self.starter).find(|&s| !self.out[s]);
        self.starter = next.unwrap_or(self.starter);
        self.folded = self.out.clone();
        self.rolls = vec![None; self.seats()];
        self.rerolls_left = vec![self.rules.rerolls; self.seats()];
        self.stage = 0;
        self.put = vec![0; self.seats()];
        for seat in 0..self.seats() {
            if !self.out[seat] {
                let ante = self.rules.ante.min(self.stacks[seat]);
                self.pay_in(seat, ante);
            }
        }
        self.step = TableStep::Throw(self.starter);
    }

    fn pay_in(&mut self, seat: usize, coins: u64) {
        self.stacks[seat] -= coins;
        self.put[seat] += coins;
    }

    fn illegal(&self, seat: usize, tried: &'static str) -> Illegal {
        Illegal {
            step: self.step,
            seat,
            tried,
        }
    }

    /// Starts `seat`'s first throw of the round.
    pub fn throw(&mut self, seat: usize) -> Result<(), Illegal> {
        if self.step != TableStep::Throw(seat) {
            return Err(self.illegal(seat, "throw"));
        }
        self.step = TableStep::Rolling(seat);
        Ok(())
    }

    /// Starts a reroll of `seat`'s free dice (one of its rerolls).
    pub fn reroll(&mut self, seat: usize) -> Result<(), Illegal> {
        if self.step != TableStep::Reroll(seat) || self.rerolls_left[seat] == 0 {
            return Err(self.illegal(seat, "reroll"));
        }
        self.rerolls_left[seat] -= 1;
        self.step = TableStep::Rolling(seat);
        Ok(())
    }

    /// `seat` keeps its hand and uses no more rerolls this round.
    pub fn stand(&mut self, seat: usize) -> Result<(), Illegal> {
        if self.step != TableStep::Reroll(seat) {
            return Err(self.illegal(seat, "stand"));
        }
        self.rerolls_left[seat] = 0;
        self.after_dice(seat);
        Ok(())
    }

    /// The dice `seat` threw came to rest showing `roll`.
    pub fn rolled(&mut self, seat: usize, roll: Roll) -> Result<(), Illegal> {
        if self.step != TableStep::Rolling(seat) {
            return Err(self.illegal(seat, "report a roll"));
        }
        self.rolls[seat] = Some(roll);
        self.after_dice(seat);
        Ok(())
    }

    /// `seat` is done with its dice for this stage: the next seat's turn,
    /// or the betting round that follows the stage.
    fn after_dice(&mut self, seat: usize) {
        let next = self
            .after(seat)
            .take_while(|&s| s != self.starter)
            .find(|&s| self.is_live(s) && (self.stage == 0 || self.rerolls_left[s] > 0));
        self.step = match (next, self.stage) {
            (Some(s), 0) => TableStep::Throw(s),
            (Some(s), _) => TableStep::Reroll(s),
            // Every die on the table is in view after the last rerolls, so
            // a betting round then could decide nothing the dice have not:
            // the hands are shown at once.
            (None, stage) if stage >= self.rules.rerolls => {
                self.showdown();
                return;
            }
            (None, _) => {
                self.start_betting();
                return;
            }
        };
    }

    /// The next stage of rerolls after a betting round, or the showdown.
    fn after_betting(&mut self) {
        if self.stage < self.rules.rerolls {
            self.stage += 1;
            let first = self
                .order_from(self.starter)
                .find(|&s| self.is_live(s) && self.rerolls_left[s] > 0);
            if let Some(first) = first {
                self.step = TableStep::Reroll(first);
                return;
            }
        }
        self.showdown();
    }

    fn showdown(&mut self) {
        let live: Vec<bool> = (0..self.seats()).map(|s| self.is_live(s)).collect();
        let hands: Vec<_> = (0..self.seats())
            .map(|s| self.rolls[s].filter(|_| live[s]).map(|r| evaluate_roll(&r)))
            .collect();
        let pots = side_pots(&self.put, &live);
        let paid = pay(&pots, &hands, self.starter);
        // The point: the main pot's best hand, if it is one seat's alone.
        let winner = pots.first().and_then(|main| {
            let best = main.eligible.iter().filter_map(|&s| hands[s]).max()?;
            let mut top = main.eligible.iter().filter(|&&s| hands[s] == Some(best));
            match (top.next(), top.next()) {
                (Some(&only), None) => Some(only),
                _ => None,
            }
        });
        self.end_round(TableEnd {
            winner,
            by_folds: false,
            paid,
            put: Vec::new(),
            bonus: Vec::new(),
            void: false,
            accused: None,
        });
    }

    fn end_round(&mut self, mut end: TableEnd) {
        let seats = self.seats();
        end.put = std::mem::replace(&mut self.put, vec![0; seats]);
        end.bonus = (0..seats)
            .map(|s| badge_bonus(self.badge(s), s, &end, self.is_live(s)))
            .collect();
        for seat in 0..seats {
            self.stacks[seat] += end.paid[seat] + end.bonus[seat];
        }
        self.house += end.bonus.iter().sum::<u64>();
        if let Some(w) = end.winner {
            self.score[w] += 1;
        }
        let left: Vec<usize> = (0..self.seats())
            .filter(|&s| !self.out[s] && self.stacks[s] > 0)
            .collect();
        self.step = match (end.winner, left.as_slice()) {
            (Some(w), _) if self.score[w] >= self.rules.wins => TableStep::MatchOver(w),
            (_, &[only]) => TableStep::MatchOver(only),
            _ => TableStep::RoundOver,
        };
        self.last_end = Some(end);
    }

    /// Starts the next round after a decided one.
    pub fn next_round(&mut self) -> Result<(), Illegal> {
        if self.step != TableStep::RoundOver {
            return Err(self.illegal(self.starter, "start the next round"));
        }
        self.start_round();
        Ok(())
    }
}
