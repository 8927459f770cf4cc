//! The game's moves as sounds: clicks for the player's holds and buttons, and
//! a sting for a finished hand, longer and brighter the better it is.

use bevy::prelude::*;

use crate::rules::duel::{RoundEnd, Side};
use crate::rules::evaluate_roll;
use crate::sound::Cue;

use crate::game::duel::RoundEnded;
use crate::game::table::{Advance, Bet, Confirm, Hands, SeatMove, ToggleHold};
use crate::game::{Phase, Round};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(click_on::<ToggleHold>(Cue::Click))
        .add_observer(click_on::<Advance>(Cue::Button))
        .add_observer(click_on::<Confirm>(Cue::Button))
        .add_observer(click_on::<Bet>(Cue::Button))
        .add_observer(sting_duel_round);
    app.add_systems(OnEnter(Phase::Result), sting_solo_result);
}

/// The moves of the seat at the keys click; the other seats' are heard
/// through their dice.
fn click_on<E: SeatMove>(cue: Cue) -> impl Fn(On<E>, Res<Hands>, Commands) {
    move |event: On<E>, hands: Res<Hands>, mut commands: Commands| {
        if event.by() == hands.seat {
            commands.trigger(cue);
        }
    }
}

/// A finished solo hand rings with its strength.
fn sting_solo_result(round: Res<Round>, mut commands: Commands) {
    if let Some(hand) = round.hand {
        commands.trigger(Cue::Sting(hand.kind().index()));
    }
}

/// A duel round the player wins rings with the winning hand; a lost one with
/// the shortest sting.
fn sting_duel_round(ended: On<RoundEnded>, mut commands: Commands) {
    let duel = &ended.duel;
    let level = match duel.last_end() {
        Some(RoundEnd::Showdown(Side::Near)) => duel
            .roll(Side::Near)
            .map_or(1, |r| evaluate_roll(&r).kind().index().max(1)),
        Some(RoundEnd::Fold(Side::Far)) => 1,
        Some(RoundEnd::Accused { by, caught }) if caught == (by == Side::Near) => 1,
        _ => 0,
    };
    commands.trigger(Cue::Sting(level));
}
