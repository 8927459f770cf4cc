//! The moves a seat sends, whoever sits there (keys and clicks, a computer
//! mind, a peer across the network): every decider sends these same events
//! and the solo flow or the duel's referee judges them alike.

use bevy::prelude::*;

use crate::dice::throw::Aim;
use crate::lang::Key;
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

/// What [`Advance`] does now for the side that sends it: the one answer that
/// the main button's label, a flick and the rules all read, so the button
/// never says one thing and Space does another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NextStep {
    /// Throw all five dice.
    Throw,
    /// Throw the dice not held.
    Reroll,
    /// Nothing to throw (every die held, or no reroll left): the hand stands.
    Stand,
    /// The solo game is paid: the next one.
    NewGame,
    /// The duel's round is decided: the next one.
    NextRound,
    /// The match is decided: another.
    Again,
    /// A guest has seen the decided round or match: the host's next one may come.
    Continue,
    /// Not this side's move (dice rolling, the other side's turn, a bet).
    Wait,
    /// The table was cut off: only the way out is left.
    Closed,
}

impl NextStep {
    /// The main button's label for this step.
    pub fn label(self) -> Key {
        match self {
            NextStep::Throw => Key::Throw,
            NextStep::Reroll => Key::Reroll,
            NextStep::Stand => Key::Confirm,
            NextStep::NewGame => Key::NewGame,
            NextStep::NextRound => Key::NextRound,
            NextStep::Again => Key::Again,
            NextStep::Continue => Key::Continue,
            NextStep::Wait => Key::Busy,
            NextStep::Closed => Key::TableClosed,
        }
    }

    /// True when the step throws dice (what a flick may start).
    pub fn throws(self) -> bool {
        matches!(self, NextStep::Throw | NextStep::Reroll)
    }

    /// True when the main button does something now.
    pub fn acts(self) -> bool {
        !matches!(self, NextStep::Wait | NextStep::Closed)
    }
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
