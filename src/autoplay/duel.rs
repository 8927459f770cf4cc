//! Duels as autoplay plays them ([`matches`](super::matches) drives them):
//! the player's seat against one opponent, each match's result counted from
//! the player's side, and the books of a finished match closed at its end.

use bevy::prelude::*;

use super::matches::{At, Format};
use super::report::Tally;
use crate::game::duel::hud::DuelText;
use crate::game::duel::{Books, Table};
use crate::game::table::{Refused, Seat, Seats};
use crate::headless::text_of;
use crate::rules::duel::{Side, Step};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;
use crate::rules::turn::SeatId;

/// A duel, and what is watched from one frame to the next: the match
/// under way and its net once decided, and the books closed when it began.
#[derive(Debug, Default)]
pub(super) struct Duels {
    last_match: Option<(u32, Option<i64>)>,
    last_closed: i64,
}

impl Format for Duels {
    type Game = Table;
    const DRIVER_LAYS_MATCHES: bool = true;

    fn trays(table: &Table) -> Vec<Entity> {
        table.trays.to_vec()
    }

    fn booked(world: &World) -> i64 {
        let books = world.resource::<Books>();
        books.closed + books.booked
    }

    /// Only the computer seats' refusals count: a person may try anything.
    fn take_refused(world: &mut World) -> u32 {
        let seats = *world.resource::<Seats>();
        let refused = std::mem::take(&mut *world.resource_mut::<Refused>());
        [Side::Near, Side::Far]
            .into_iter()
            .filter(|&s| matches!(seats.of(s), Seat::Computer(_)))
            .map(|s| refused.0[s.index()])
            .sum()
    }

    fn in_round(_: &Table, _: SeatId) -> bool {
        true
    }

    fn names_hand(world: &mut World, seat: SeatId, roll: &Roll) -> Result<(), String> {
        let role = if seat == Side::Near.index() {
            DuelText::PlayerHand
        } else {
            DuelText::FarHand
        };
        let said = text_of(world, role);
        let verdict = evaluate_roll(roll).to_string();
        match said {
            Some(said) if said == verdict => Ok(()),
            said => Err(said.unwrap_or_default()),
        }
    }

    fn round_decided(&mut self, _: &mut Tally, _: &Table, _: At) {}

    fn match_over(&mut self, tally: &mut Tally, table: &Table, winner: SeatId, at: At) {
        let duel = &table.duel;
        tally.duel.wins[winner] += 1;
        for side in [Side::Near, Side::Far] {
            tally.duel.rounds[side.index()] += u64::from(duel.score(side));
            tally.duel.folds[side.index()] += u64::from(duel.folds(side));
        }
        tally.duel.draws += u64::from(duel.draws());
        let (put, won) = (duel.put_in(Side::Near), duel.won(Side::Near));
        tally.staked += put;
        tally.paid += won;
        tally.returns.push(won as f64 / put.max(1) as f64);
        if duel.last_end().is_none() {
            let (seed, game, frame) = at;
            let what = "a match ended without a round".to_owned();
            tally.violate(seed, game, frame, what);
        }
    }

    /// A new match closes the last one's books at its final net (seen here
    /// unless it ended and was replaced within one frame).
    fn check(&mut self, world: &mut World, tally: &mut Tally, (seed, game, frame): At) {
        let table = world.resource::<Table>();
        let closed = world.resource::<Books>().closed;
        let ended = matches!(table.duel.step(), Step::MatchOver(_));
        let this = (table.matches, ended.then(|| table.duel.net(Side::Near)));
        let Some(last) = self.last_match.replace(this) else {
            self.last_closed = closed;
            return;
        };
        if last.0 == this.0 {
            return;
        }
        if let Some(final_net) = last.1
            && closed - self.last_closed != final_net
        {
            let at = closed - self.last_closed;
            let what = format!("closed a match at {at} coins, it ended at {final_net}");
            tally.violate(seed, game, frame, what);
        }
        self.last_closed = closed;
    }
}
