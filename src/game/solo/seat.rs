//! The solo game's computer seat: it throws when a game begins, holds what
//! the advisor says (or stands) when a hand is shown, and starts the next
//! game after the payout, through the [`Pilot`] like any computer seat.

use bevy::prelude::*;

use crate::dice::TrayDice;
use crate::rules::duel::Side;
use crate::rules::hand::slots_keeping;

use crate::game::table::FIRST_SEAT;
use crate::game::table::seat::{MOVE_PACE, Move, Pace, Pilot, SHOW_HOLDS, Seat, Seats, hold_turn};
use crate::game::{GameTray, Phase, Round};

use super::dice::DiceAdvice;
use super::hint::Advisor;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::Ready),
        throw_when_ready.run_if(computer_seated),
    );
    app.add_systems(
        OnEnter(Phase::Holding),
        hold_as_advised.run_if(computer_seated),
    );
    app.add_systems(OnEnter(Phase::Result), play_again.run_if(computer_seated));
    app.add_systems(OnEnter(Phase::Rolling), |mut pilot: ResMut<Pilot>| {
        pilot.land()
    });
}

/// The near seat is the computer's.
fn computer_seated(seats: Option<Res<Seats>>) -> bool {
    seats.is_some_and(|s| matches!(s.of(Side::Near), Seat::Computer(_)))
}

fn throw_when_ready(mut pilot: ResMut<Pilot>, pace: Res<Pace>) {
    pilot.fly(FIRST_SEAT, vec![(MOVE_PACE, Move::Advance)], *pace);
}

/// Picks up the dice the advisor keeps, then rerolls the rest or stands.
fn hold_as_advised(
    mut pilot: ResMut<Pilot>,
    pace: Res<Pace>,
    round: Res<Round>,
    advisor: Res<Advisor>,
    crooked: Option<Res<DiceAdvice>>,
    tray: Res<GameTray>,
    dice: TrayDice,
) {
    let (Some(faces), Some(all)) = (round.faces, dice.dice(tray.0)) else {
        return;
    };
    let rerolls = round.rerolls_left as usize;
    // With a crooked die, which die keeps a face matters: the slots as advised.
    let keep = match crooked.as_deref() {
        Some(crooked) => crooked.0.advise(&faces, rerolls).swap_remove(0).kept,
        None => slots_keeping(&faces, &advisor.0.best(&faces, rerolls).held),
    };
    // A look at the new hand first, then one die after another.
    let plan = hold_turn(
        all,
        dice.held(tray.0),
        keep,
        keep.iter().all(|&k| k),
        SHOW_HOLDS,
        MOVE_PACE,
    );
    pilot.fly(FIRST_SEAT, plan, *pace);
}

fn play_again(mut pilot: ResMut<Pilot>, pace: Res<Pace>) {
    pilot.fly(FIRST_SEAT, vec![(SHOW_HOLDS * 2, Move::Advance)], *pace);
}
