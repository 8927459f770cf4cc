//! Tables of two to four, played match after match and checked after every
//! frame: every coin is in a stack or the pot, the wallet holds what the
//! player's books say, no mind's move is refused, each round's pots pay
//! out exactly what was put in and no seat takes more than it matched,
//! held dice stay still, and the dice and the HUD show what the referee has.

use bevy::prelude::*;

use super::matches::{At, Format};
use super::report::Tally;
use crate::game::party::cpu::mind_of;
use crate::game::party::hud::{SeatLine, SeatText};
use crate::game::party::{PARTY_STACK, Party};
use crate::game::table::cheat::Crooked;
use crate::game::table::{PlayerAutopilot, Refused};
use crate::headless::text_of;
use crate::lang::{Lang, hand_name};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;
use crate::rules::table::{TableEnd, TableMatch};
use crate::rules::turn::SeatId;

/// The opponents that sit beside the player, in seat order after it: one
/// of each temper of the classic three.
pub const TABLE_MINDS: [&str; 3] = ["hard", "normal", "easy"];
/// The tavern's three cheats, for a table where crooked dice are played.
pub const TABLE_CHEATS: [&str; 3] = ["minstrel", "fisher", "shipwright"];

/// A table of several, and what is watched over a match: what the
/// player's seat put in and took out of its rounds so far.
#[derive(Debug, Default)]
pub(super) struct Tables {
    match_coins: (u64, u64),
    /// The round last counted as played with a crooked die (match, round).
    counted: Option<(u32, u32)>,
}

impl Format for Tables {
    type Game = Party;
    const DRIVER_LAYS_MATCHES: bool = false;

    fn trays(party: &Party) -> Vec<Entity> {
        party.trays.clone()
    }

    fn booked(world: &World) -> i64 {
        world.resource::<Party>().booked
    }

    /// Only the seats minds play count (the player's too, on autopilot).
    fn take_refused(world: &mut World) -> u32 {
        let autopilot = *world.resource::<PlayerAutopilot>();
        let minds: Vec<bool> = world
            .resource::<Party>()
            .seats
            .iter()
            .map(|&seat| mind_of(seat, autopilot).is_some())
            .collect();
        let refused = std::mem::take(&mut *world.resource_mut::<Refused>());
        (0..minds.len())
            .filter(|&s| minds[s])
            .map(|s| refused.0[s])
            .sum()
    }

    fn in_round(party: &Party, seat: SeatId) -> bool {
        !party.table.is_out(seat)
    }

    fn names_hand(world: &mut World, seat: SeatId, roll: &Roll) -> Result<(), String> {
        let verdict = hand_name(Lang::Ja, &evaluate_roll(roll));
        let line = SeatLine::Hand;
        match text_of(world, SeatText { seat, line }) {
            Some(said) if said == verdict => Ok(()),
            said => Err(said.unwrap_or_default()),
        }
    }

    fn round_decided(&mut self, tally: &mut Tally, party: &Party, at: At) {
        let Some(end) = party.table.last_end() else {
            return;
        };
        check_pots(tally, end, at);
        if let Some(accused) = end.accused {
            tally.table.accusations += 1;
            tally.table.caught += u64::from(accused.caught);
        }
        tally.table.rounds += 1;
        tally.table.by_folds += u64::from(end.by_folds);
        self.match_coins.0 += end.put[party.you()];
        self.match_coins.1 += end.paid[party.you()];
    }

    fn match_over(&mut self, tally: &mut Tally, _: &Party, winner: SeatId, _: At) {
        tally.table.wins[winner] += 1;
        let (put, paid) = std::mem::take(&mut self.match_coins);
        tally.staked += put;
        tally.paid += paid;
        tally.returns.push(paid as f64 / put.max(1) as f64);
    }

    fn check(&mut self, world: &mut World, tally: &mut Tally, at: At) {
        let party = world.resource::<Party>();
        let table = &party.table;
        check_coins(tally, table, at);
        // Each round a crooked die is in a tray as it is played.
        let crooked = world.resource::<Crooked>();
        let carried = (0..table.seats()).any(|s| table.is_live(s) && crooked.carried(s));
        let round = (party.matches, table.rounds());
        if carried && table.step().mover().is_some() && self.counted != Some(round) {
            self.counted = Some(round);
            tally.table.crooked_rounds += 1;
        }
    }
}

/// Every seat's coins and the pot add up to what sat down and what the
/// house paid for badges.
fn check_coins(tally: &mut Tally, table: &TableMatch, at: At) {
    let (seed, game, frame) = at;
    let seats = table.seats() as u64;
    let held: u64 = (0..table.seats()).map(|s| table.stack(s)).sum();
    if held + table.pot() != PARTY_STACK * seats + table.house() {
        tally.violate(
            seed,
            game,
            frame,
            format!(
                "{} coins in stacks and pot where {} sat down and the house paid {}",
                held + table.pot(),
                PARTY_STACK * seats,
                table.house()
            ),
        );
    }
}

/// A round's pots: everything put in is paid out, and no seat takes more
/// than it matched (from each seat, at most what it put in itself).
fn check_pots(tally: &mut Tally, end: &TableEnd, (seed, game, frame): At) {
    let (put, paid) = (&end.put, &end.paid);
    if put.iter().sum::<u64>() != paid.iter().sum::<u64>() {
        tally.violate(seed, game, frame, format!("pots paid {paid:?} of {put:?}"));
    }
    for (seat, &took) in paid.iter().enumerate() {
        let matched: u64 = put.iter().map(|&p| p.min(put[seat])).sum();
        if took > matched {
            tally.violate(
                seed,
                game,
                frame,
                format!("seat {} took {took} having matched {matched}", seat + 1),
            );
        }
    }
}
