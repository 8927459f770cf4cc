//! The moves a seat sends, whoever sits there (keys and clicks, a computer
//! mind, a peer across the network): every decider sends these same events
//! and the solo flow or the duel's referee judges them alike.

use bevy::prelude::*;

use crate::dice::throw::Aim;
use crate::rules::duel::{BetAction, Side};

/// "Do the next step" (Space, the main button or a flick): throw, reroll or go on.
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub struct Advance {
    /// Who asks: the near side, or the far one in a duel.
    pub by: Side,
    /// How a flick aimed the throw; `None` throws the standard way.
    pub aim: Option<Aim>,
}

impl Advance {
    /// The player's Space or main button.
    pub const PLAYER: Advance = Advance {
        by: Side::Near,
        aim: None,
    };
}

/// "Keep this hand" (Enter or 確定): stand with the dice as they are.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Confirm {
    /// Who stands.
    pub by: Side,
}

impl Confirm {
    /// The player's Enter or 確定 button.
    pub const PLAYER: Confirm = Confirm { by: Side::Near };
}

/// Toggle whether a die is held (from a click, a number key or the opponent).
#[derive(Event, Debug, Clone, Copy)]
pub struct ToggleHold {
    /// The die.
    pub die: Entity,
    /// Who asks; only a die's owner may hold it.
    pub by: Side,
}

impl ToggleHold {
    /// The player's click or key on `die`.
    pub fn player(die: Entity) -> ToggleHold {
        ToggleHold {
            die,
            by: Side::Near,
        }
    }
}

/// A betting move by one side (C, R, F or the betting buttons for the player).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bet {
    /// Who bets.
    pub by: Side,
    /// What.
    pub action: BetAction,
}

/// Stand now, changing the die the exact engine names with the side's badge
/// (`flip` or `nudge`; its rerolls are then over).
#[derive(Event, Debug, Clone, Copy)]
pub struct UseBadge {
    /// Who uses it.
    pub by: Side,
}

/// A move any seat sends: says which side sent it.
pub trait SeatMove: Event {
    /// The side that moves.
    fn by(&self) -> Side;
}

macro_rules! seat_moves {
    ($($move:ty),*) => {
        $(impl SeatMove for $move {
            fn by(&self) -> Side {
                self.by
            }
        })*
    };
}

seat_moves!(Advance, Confirm, ToggleHold, Bet, UseBadge);
