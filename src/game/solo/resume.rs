//! A solo game cut off (the window killed, the machine off) comes back where
//! it was on the next start, as trusted card and casino games do: the same
//! dice, holds and rerolls left, and the page of the history so far. The
//! save keeps the last position that waited for a decision; a game cut off
//! with dice in the air comes back as it was before that throw, and one cut
//! off before its first dice came to rest gives its stake back (`core::opening`
//! decides, at start).

use bevy::prelude::*;

use crate::dice::{TrayDice, holds_changed, place_showing};
use crate::game::journal::Journal;
use crate::game::profile::{Position, Resumable, ResumeSolo, SoloPosition, Wallet};
use crate::game::table::numbers::{Numbers, numbering, numbers_changed, renumber};
use crate::game::{AppSystems, GameTray, Phase, Round, Screen};
use crate::rules::evaluate_roll;

use super::daily::DailyRun;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            // Only when something a position holds may have changed.
            keep_position.run_if(
                in_state(Screen::Solo).and_then(
                    state_changed::<Phase>
                        .or_else(resource_changed::<Round>)
                        .or_else(holds_changed)
                        .or_else(numbers_changed),
                ),
            ),
            put_back.run_if(resource_exists::<ResumeSolo>.and_then(in_state(Screen::Solo))),
        )
            .in_set(AppSystems::Rules),
    );
}

/// The table is laid: the dice as they were, the hand read, the player's turn.
fn put_back(
    resume: Res<ResumeSolo>,
    phase: Res<State<Phase>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut round: ResMut<Round>,
    mut journal: ResMut<Journal>,
    mut next: ResMut<NextState<Phase>>,
    mut commands: Commands,
) {
    let Some(all) = tray.as_ref().and_then(|t| dice.dice(t.0)) else {
        return;
    };
    if *phase.get() != Phase::Ready {
        return;
    }
    let position = &resume.0;
    for (slot, die) in all.into_iter().enumerate() {
        place_showing(
            &mut commands,
            die,
            position.faces[slot],
            position.held[slot],
        );
    }
    if let Some(tray) = tray {
        renumber(&mut commands, tray.0, position.numbers);
    }
    *round = Round {
        rerolls_left: position.rerolls_left,
        faces: Some(position.faces),
        hand: Some(evaluate_roll(&position.faces)),
        payout: None,
    };
    journal.throws = position.throws.clone();
    journal.decisions = position.decisions.clone();
    next.set(Phase::Holding);
    commands.remove_resource::<ResumeSolo>();
}

/// While the player holds the dice, the save keeps where the game stands;
/// once it is paid (or a new one waits), nothing.
fn keep_position(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    wallet: Res<Wallet>,
    journal: Res<Journal>,
    daily: Option<Res<DailyRun>>,
    resume: Option<Res<ResumeSolo>>,
    next: Res<NextState<Phase>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    numbers: Query<&Numbers>,
    mut resumable: ResMut<Resumable>,
) {
    // Not before a cut-off game is back on the table, nor while a step is
    // under way (a reroll has counted itself but its dice are not yet thrown).
    if resume.is_some() || !matches!(*next, NextState::Unchanged) {
        return;
    }
    let want = match (phase.get(), round.faces, &tray) {
        // The dice in the air: the position before the throw stands.
        (Phase::Rolling, _, _) => return,
        (Phase::Holding, Some(faces), Some(tray)) if daily.is_none() && wallet.at_stake > 0 => {
            Some(Position::Solo(SoloPosition {
                faces,
                held: dice.held(tray.0),
                numbers: numbering(&numbers, tray.0),
                rerolls_left: round.rerolls_left,
                throws: journal.throws.clone(),
                decisions: journal.decisions.clone(),
            }))
        }
        _ => None,
    };
    if resumable.0 != want {
        resumable.0 = want;
    }
}
