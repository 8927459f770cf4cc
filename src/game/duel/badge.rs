//! A badge at the table: B (or a click on the offer) stands with the change
//! the exact engine names for a `flip` or `nudge`; the referee judges it like
//! any move, and the die turns in place to show its new face.

use bevy::prelude::*;

use crate::game::table::MatchStep;

use crate::keymap::{Action, Controls};

use crate::dice::{TrayDice, show_face};
use crate::game::table::{Hands, UseBadge};
use crate::game::{AppSystems, Screen};
use crate::rules::duel::{Duel, DuelChoice, Side, Step};
use crate::rules::turn::Turn;

use super::flow::Referee;
use super::{HoldDecided, Minds};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        read_badge_key
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Input),
    );
    app.add_observer(on_use_badge);
}

/// B on the turn to hold of the side at the keyboard.
fn read_badge_key(
    controls: Controls,
    step: Res<State<MatchStep>>,
    hands: Res<Hands>,
    mut commands: Commands,
) {
    let by = hands.seat;
    if controls.just_pressed(Action::Badge) && *step.get() == MatchStep::At(Turn::Reroll(by)) {
        commands.trigger(UseBadge { by });
    }
}

/// The change the exact engine advises for `side` now, as (slot, to): the
/// best of the choices that stand with a changed die.
pub fn best_change(minds: &Minds, duel: &Duel, side: Side) -> Option<(usize, u8, DuelChoice)> {
    let roll = duel.roll(side)?;
    let choice = minds
        .0
        .holds(duel, side)?
        .into_iter()
        .find(|c| c.change.is_some())?;
    let (from, to) = choice.change?;
    let slot = roll.iter().position(|&f| f == from)?;
    Some((slot, to, choice))
}

fn on_use_badge(
    use_badge: On<UseBadge>,
    mut referee: Referee,
    minds: Option<Res<Minds>>,
    dice: TrayDice,
) {
    let (Some(table), Some(minds), Some(by)) =
        (referee.table.as_deref(), minds, Side::of_seat(use_badge.by))
    else {
        return;
    };
    if !table.duel.can_change(by) || table.duel.step() != Step::Reroll(by) {
        referee.refuse(by);
        return;
    }
    let Some((slot, to, _)) = best_change(&minds, &table.duel, by) else {
        referee.refuse(by);
        return;
    };
    let tray = table.trays[by.index()];
    let decided = HoldDecided {
        side: by,
        at: table.duel.clone(),
        held: [true; 5],
    };
    if referee.judge_hold(by, Some(decided), |duel| duel.change(by, slot, to))
        && let Some(all) = dice.dice(tray)
    {
        show_face(&mut referee.commands, all[slot], to);
    }
}
