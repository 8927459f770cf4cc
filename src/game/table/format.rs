//! What every format registers at its matches, each for its own referee's
//! resource ([`Refereed`]): the betting keys, the pot's coins, the dice
//! freed between rounds, the computer seats' stream of choices and the
//! crooked dice's room. A feature written once lands in both formats here.

use std::marker::PhantomData;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::{DiceSeed, TrayDice, clear_held};
use crate::game::AppSystems;

use super::cheat::cheats_at;
use super::numbers::forget_numbers;
use super::pot::follow_pot;
use super::refereed::{Refereed, read_bet_keys};
use super::turn::Moved;

/// Registers what is written once for every format at format `M`'s
/// matches: the betting keys, the pot's coins, the dice freed between
/// rounds, and the crooked dice's room.
pub fn plays_at<M: Refereed>(app: &mut App) {
    app.add_systems(
        Update,
        read_bet_keys::<M>
            .run_if(in_state(M::SCREEN))
            .in_set(AppSystems::Input),
    );
    app.add_observer(follow_pot::<M>)
        .add_observer(free_for_new_round::<M>);
    app.add_systems(Startup, seed_minds::<M>);
    cheats_at::<M>(app);
}

/// The computer seats' own random choices (bluffs, carelessness) at format
/// `M`'s matches: a stream a format, drawn from the dice seed by the
/// format's own offset, so one seed plays each format the same way
/// whichever the process played first.
#[derive(Resource)]
pub struct MindRng<M> {
    /// The stream.
    pub rng: ChaCha8Rng,
    format: PhantomData<fn() -> M>,
}

fn seed_minds<M: Refereed>(mut commands: Commands, seed: Res<DiceSeed>) {
    let seed = seed.session().unwrap_or_else(rand::random);
    commands.insert_resource(MindRng::<M> {
        rng: ChaCha8Rng::seed_from_u64(seed.wrapping_add(M::MIND_SEED)),
        format: PhantomData,
    });
}

/// Holds end with the round: when a decided round (or match) gives way to
/// the next, every die of every tray is free again, so no mark from the
/// last round stays on dice that wait to be thrown, and the next first
/// throw numbers each tray afresh.
fn free_for_new_round<M: Refereed>(
    moved: On<Moved>,
    game: Option<Res<M>>,
    dice: TrayDice,
    mut commands: Commands,
) {
    let (Some(from), Some(game)) = (moved.from, game) else {
        return;
    };
    if !from.is_decided() || moved.to.is_decided() {
        return;
    }
    for &tray in game.trays() {
        if let Some(all) = dice.dice(tray) {
            clear_held(&mut commands, &all);
        }
        forget_numbers(&mut commands, tray);
    }
}
