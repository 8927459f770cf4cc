//! The play keys at the keyboard: throw (Space) and stand (Enter), sent as
//! the moves of the side whose hands the keyboard is in.

use bevy::prelude::*;

use crate::keymap::{Action, KeyMap};

use super::AppSystems;
use super::moves::{Advance, Confirm};
use super::seat::Hands;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_flow_keys.in_set(AppSystems::Input));
}

fn read_flow_keys(
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    hands: Res<Hands>,
    mut commands: Commands,
) {
    let by = hands.side;
    if map.just_pressed(&keys, Action::Throw) {
        commands.trigger(Advance { by, aim: None });
    }
    if map.just_pressed(&keys, Action::Stand) {
        commands.trigger(Confirm { by });
    }
}
