//! A move made at another machine, replayed at this one in either format:
//! when the match here waits for it, and the moves that fly it (a person's
//! pauses, a reroll showing which dice are kept before the rest fly).

use std::time::Duration;

use bevy::prelude::*;

use crate::dice::TrayDice;
use crate::game::table::seat::{MOVE_PACE, Move, SHOW_HOLDS, hold_turn};
use crate::rules::duel::BetAction;
use crate::rules::protocol::TablePlay;
use crate::rules::turn::{SeatId, Turn};

/// True when the match, at `turn`, waits for `seat`'s `play`: only at the
/// very turn the move answers (a bet at its bet, a hold at its reroll),
/// never a turn early; going on after a decided round once the player has
/// `seen` it.
pub fn answers(turn: Turn, seat: SeatId, play: TablePlay, seen: bool) -> bool {
    match play {
        TablePlay::Next => turn.is_decided() && seen,
        TablePlay::Throw => turn == Turn::Throw(seat),
        TablePlay::Reroll { .. } | TablePlay::Stand => turn == Turn::Reroll(seat),
        TablePlay::Bet { .. } => turn == Turn::Bet(seat),
    }
}

/// The moves that play `play` on `tray` (`None`: its dice are not laid).
pub fn moves_of(play: TablePlay, tray: Entity, dice: &TrayDice) -> Option<Vec<(Duration, Move)>> {
    Some(match play {
        TablePlay::Throw | TablePlay::Next => vec![(MOVE_PACE, Move::Advance)],
        TablePlay::Stand => vec![(MOVE_PACE, Move::Confirm)],
        TablePlay::Bet { action } => vec![(MOVE_PACE, Move::Bet(BetAction::from(action)))],
        TablePlay::Reroll { held } => {
            let slots = dice.dice(tray)?;
            hold_turn(slots, dice.held(tray), held, false, SHOW_HOLDS, MOVE_PACE)
        }
    })
}
