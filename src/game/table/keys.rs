//! The play keys at the keyboard or a pad: throw (Space, A) and stand
//! (Enter, Y), sent as the moves of the seat whose hands they are in. A
//! result stays on screen a moment whatever the keys do: a throw key
//! pressed as it appears (a second press meant for the throw before) does
//! not go on to the next game or round.

use std::time::Duration;

use bevy::prelude::*;

use crate::game::Phase;
use crate::keymap::{Action, Controls};
use crate::rules::duel::BetAction;

use super::AppSystems;
use super::moves::{Advance, Confirm};
use super::seat::Hands;
use super::turn::Moved;

/// How long a result that just appeared ignores the throw key.
pub const RESULT_HOLD: Duration = Duration::from_millis(700);

/// When the last result appeared (a solo game paid, a round or match decided).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ResultAppeared(pub Option<Duration>);

impl ResultAppeared {
    /// True while a result that appeared at most [`RESULT_HOLD`] ago holds.
    pub fn holds(&self, now: Duration) -> bool {
        self.0
            .is_some_and(|at| now.saturating_sub(at) < RESULT_HOLD)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResultAppeared>();
    app.add_systems(OnEnter(Phase::Result), result_appears);
    app.add_observer(
        |moved: On<Moved>, time: Res<Time<Real>>, mut appeared: ResMut<ResultAppeared>| {
            if moved.to.is_decided() && moved.from.is_some_and(|f| !f.is_decided()) {
                appeared.0 = Some(time.elapsed());
            }
        },
    );
    app.add_systems(Update, read_flow_keys.in_set(AppSystems::Input));
}

fn result_appears(time: Res<Time<Real>>, mut appeared: ResMut<ResultAppeared>) {
    appeared.0 = Some(time.elapsed());
}

fn read_flow_keys(
    controls: Controls,
    hands: Res<Hands>,
    time: Res<Time<Real>>,
    appeared: Res<ResultAppeared>,
    mut commands: Commands,
) {
    let by = hands.seat;
    if controls.just_pressed(Action::Throw) && !appeared.holds(time.elapsed()) {
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
