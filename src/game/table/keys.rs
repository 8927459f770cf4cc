//! The play keys at the keyboard or a pad: throw (Space, A) and stand
//! (Enter, Y), sent as the moves of the side whose hands they are in.

use bevy::prelude::*;

use crate::keymap::{Action, Controls};

use super::AppSystems;
use super::moves::{Advance, Confirm};
use super::seat::Hands;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_flow_keys.in_set(AppSystems::Input));
}

fn read_flow_keys(controls: Controls, hands: Res<Hands>, mut commands: Commands) {
    let by = hands.side;
    if controls.just_pressed(Action::Throw) {
        commands.trigger(Advance { by, aim: None });
    }
    if controls.just_pressed(Action::Stand) {
        commands.trigger(Confirm { by });
    }
}
