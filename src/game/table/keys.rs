//! The play keys at the keyboard or a pad: throw (Space, A) and stand
//! (Enter, Y), sent as the moves of the side whose hands they are in.

use bevy::prelude::*;

use crate::keymap::{Action, Controls};
use crate::rules::duel::BetAction;

use super::AppSystems;
use super::moves::{Advance, Confirm};
use super::seat::Hands;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_flow_keys.in_set(AppSystems::Input));
}

fn read_flow_keys(controls: Controls, hands: Res<Hands>, mut commands: Commands) {
    let by = hands.seat;
    if controls.just_pressed(Action::Throw) {
        commands.trigger(Advance { by, aim: None });
    }
    if controls.just_pressed(Action::Stand) {
        commands.trigger(Confirm { by });
    }
}

/// The bet the keys ask for now, if any: C checks (calls when `owes`),
/// R raises, F folds. The duel and the table read their betting keys here.
pub fn bet_key(controls: &Controls, owes: bool) -> Option<BetAction> {
    if controls.just_pressed(Action::Call) {
        Some(if owes {
            BetAction::Call
        } else {
            BetAction::Check
        })
    } else if controls.just_pressed(Action::Raise) {
        Some(BetAction::Raise)
    } else if controls.just_pressed(Action::Fold) {
        Some(BetAction::Fold)
    } else {
        None
    }
}
