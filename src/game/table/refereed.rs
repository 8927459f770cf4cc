//! The match under way, whichever format: the resource that holds its
//! referee ([`Refereed`]: the duel's `Table`, the table's `Party`), so a
//! system is written once here and each format registers it for its own
//! resource (Bevy's generic systems).

use bevy::prelude::*;

use crate::keymap::Controls;
use crate::rules::referee::Referee;
use crate::rules::turn::Turn;

use super::keys::bet_key;
use super::moves::Bet;
use super::seat::Hands;

/// A resource holding the referee of the match under way.
pub trait Refereed: Resource {
    /// Its referee.
    type Referee: Referee;
    /// The referee as it stands.
    fn referee(&self) -> &Self::Referee;
}

/// C, R and F on the betting turn of the seat at the keyboard (the keys
/// are only ever in a person's hands), in either format.
pub fn read_bet_keys<M: Refereed>(
    controls: Controls,
    game: Option<Res<M>>,
    hands: Res<Hands>,
    mut commands: Commands,
) {
    let (Some(game), Some(seat)) = (game, hands.at_match()) else {
        return;
    };
    let referee = game.referee();
    if referee.turn() != Turn::Bet(seat) {
        return;
    }
    let Some(action) = bet_key(&controls, referee.to_call(seat) > 0) else {
        return;
    };
    commands.trigger(Bet { by: seat, action });
}
