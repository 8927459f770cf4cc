//! The match under way, whichever format: the resource that holds its
//! referee ([`Refereed`]: the duel's `Table`, the table's `Party`), so a
//! system is written once (here, or beside what it shows, as the pot) and
//! each format registers them all for its own resource
//! ([`plays_at`](super::format::plays_at), Bevy's generic systems).

use bevy::prelude::*;

use crate::game::Screen;
use crate::keymap::Controls;
use crate::rules::referee::Referee;
use crate::rules::turn::{SeatId, Turn};

use super::keys::bet_key;
use super::moves::Bet;
use super::seat::Hands;

/// A resource holding the referee of the match under way, and where its
/// format lays things on the table.
pub trait Refereed: Resource {
    /// Its referee.
    type Referee: Referee;
    /// The screen the format is played on.
    const SCREEN: Screen;
    /// Added to the dice seed for the format's computer seats' own choices
    /// ([`MindRng`](super::format::MindRng)).
    const MIND_SEED: u64;
    /// The referee as it stands.
    fn referee(&self) -> &Self::Referee;
    /// Each seat's tray, by seat.
    fn trays(&self) -> &[Entity];
    /// The seat whose tray is `tray`.
    fn seat_of(&self, tray: Entity) -> Option<SeatId> {
        self.trays().iter().position(|&t| t == tray)
    }
    /// Where disc `index` of the pot rests, on the table top.
    fn pot_place(&self, index: u32) -> Vec3;
    /// Where disc `index` of `seat`'s winnings rests, on the table top or
    /// a tray's rim.
    fn won_place(&self, seat: SeatId, index: u32) -> Vec3;
}

/// C, R and F on the betting turn of the seat at the keyboard (the keys
/// are only ever in a person's hands), in either format.
pub(super) fn read_bet_keys<M: Refereed>(
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
