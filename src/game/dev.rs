//! With the `dev` feature, what a developer watches while the game runs:
//! every transition of every state and sub-state logged as it happens
//! (`Screen`, the solo `Phase` and `SoloMode`, a match's `MatchStep`, the
//! `Overlay`), and the main components and resources registered for
//! reflection, so an inspector can read them (the states, the wallet, the
//! seat at the keys, the dice and their holds). A build without the feature
//! has none of it.

use std::any::type_name;

use bevy::prelude::*;
use bevy::state::state::StateTransitionEvent;

use crate::dice::{Die, Held};
use crate::game::profile::Wallet;
use crate::game::table::{Hands, MatchStep};
use crate::game::{Overlay, Phase, Screen, SoloMode};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            log_transitions::<Screen>,
            log_transitions::<Phase>,
            log_transitions::<SoloMode>,
            log_transitions::<MatchStep>,
            log_transitions::<Overlay>,
        ),
    );
    app.register_type::<Screen>()
        .register_type::<Phase>()
        .register_type::<SoloMode>()
        .register_type::<Overlay>()
        .register_type::<Wallet>()
        .register_type::<Hands>()
        .register_type::<Die>()
        .register_type::<Held>();
}

/// Logs each transition of `S` (a sub-state's leaving with its source too;
/// not a sub-state staying absent while its source is elsewhere).
fn log_transitions<S: States>(mut transitions: MessageReader<StateTransitionEvent<S>>) {
    for t in transitions.read() {
        if t.exited.is_none() && t.entered.is_none() {
            continue;
        }
        info!(
            "{}: {:?} -> {:?}",
            type_name::<S>().rsplit("::").next().unwrap_or("state"),
            t.exited,
            t.entered
        );
    }
}
