//! The moves a seat sends, whoever sits there (keys and clicks, a computer
//! mind, a peer across the network): every decider sends these same events
//! and the solo flow or the duel's referee judges them alike.

use bevy::prelude::*;

use crate::dice::throw::Aim;
use crate::lang::Key;
use crate::rules::duel::BetAction;
use crate::rules::turn::{SeatId, Turn};

/// The first seat: a solo game's only one, a duel's near side.
pub const FIRST_SEAT: SeatId = 0;

/// "Do the next step" (Space, the main button or a flick): throw, reroll or go on.
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub struct Advance {
    /// The seat that asks.
    pub by: SeatId,
    /// How a flick aimed the throw; `None` throws the standard way.
    pub aim: Option<Aim>,
}

impl Advance {
    /// Space or the main button, at the first seat (a solo game's, or a
    /// duel's near side).
    pub const PLAYER: Advance = Advance {
        by: FIRST_SEAT,
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

/// Where the seat that asks stands, for [`NextStep::at`]: what a duel and
/// a table each know of it apart from their referee's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asker {
    /// Its seat (a duel's near side is seat 0).
    pub seat: usize,
    /// Its rerolls left this round.
    pub rerolls_left: u32,
    /// Every die of its tray is held.
    pub all_held: bool,
    /// It begins the next round and match now.
    pub leads: bool,
    /// It must say it has seen the decided round or match before the
    /// leader's next one is shown (a duel's guest).
    pub sees: bool,
    /// The match was cut off: it takes no more moves.
    pub closed: bool,
}

impl NextStep {
    /// What [`Advance`] does at `turn` for the seat that asks: the one rule
    /// for every format.
    pub fn at(turn: Turn, asker: Asker) -> NextStep {
        let mine = |s: usize| s == asker.seat;
        match turn {
            _ if asker.closed => NextStep::Closed,
            Turn::Throw(s) if mine(s) => NextStep::Throw,
            // Everything kept, or no reroll left (a badge still to use):
            // nothing to throw, so the hand stands.
            Turn::Reroll(s) if mine(s) && (asker.all_held || asker.rerolls_left == 0) => {
                NextStep::Stand
            }
            Turn::Reroll(s) if mine(s) => NextStep::Reroll,
            Turn::RoundOver if asker.leads => NextStep::NextRound,
            Turn::MatchOver(_) if asker.leads => NextStep::Again,
            Turn::RoundOver | Turn::MatchOver(_) if asker.sees => NextStep::Continue,
            _ => NextStep::Wait,
        }
    }

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
    /// The seat that stands.
    pub by: SeatId,
}

impl Confirm {
    /// Enter or 確定 at the first seat.
    pub const PLAYER: Confirm = Confirm { by: FIRST_SEAT };
}

/// Toggle whether a die is held (from a click, a number key or the opponent).
#[derive(Event, Debug, Clone, Copy)]
pub struct ToggleHold {
    /// The die.
    pub die: Entity,
    /// The seat that asks; only a die's owner may hold it.
    pub by: SeatId,
}

impl ToggleHold {
    /// A click or key on `die` at the first seat.
    pub fn player(die: Entity) -> ToggleHold {
        ToggleHold {
            die,
            by: FIRST_SEAT,
        }
    }
}

/// A betting move by one side (C, R, F or the betting buttons for the player).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bet {
    /// The seat that bets.
    pub by: SeatId,
    /// What.
    pub action: BetAction,
}

/// Stand now, changing the die the exact engine names with the side's badge
/// (`flip` or `nudge`; its rerolls are then over).
#[derive(Event, Debug, Clone, Copy)]
pub struct UseBadge {
    /// The seat that uses it.
    pub by: SeatId,
}

/// Accuse a seat of playing a crooked die: its tray is searched.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accuse {
    /// The accusing seat.
    pub by: SeatId,
    /// The seat accused (`None`: the one the evidence speaks most against;
    /// in a duel, the one across).
    pub against: Option<SeatId>,
}

/// A move any seat sends: says which seat sent it.
pub trait SeatMove: Event {
    /// The seat that moves.
    fn by(&self) -> SeatId;
}

macro_rules! seat_moves {
    ($($move:ty),*) => {
        $(impl SeatMove for $move {
            fn by(&self) -> SeatId {
                self.by
            }
        })*
    };
}

seat_moves!(Advance, Confirm, ToggleHold, Bet, UseBadge, Accuse);

#[cfg(test)]
mod tests {
    use super::*;

    const ASKER: Asker = Asker {
        seat: 1,
        rerolls_left: 2,
        all_held: false,
        leads: false,
        sees: false,
        closed: false,
    };

    #[test]
    fn the_next_step_is_the_askers_own_turn_or_waiting() {
        assert_eq!(NextStep::at(Turn::Throw(1), ASKER), NextStep::Throw);
        assert_eq!(NextStep::at(Turn::Throw(0), ASKER), NextStep::Wait);
        assert_eq!(NextStep::at(Turn::Reroll(1), ASKER), NextStep::Reroll);
        let held = Asker {
            all_held: true,
            ..ASKER
        };
        assert_eq!(NextStep::at(Turn::Reroll(1), held), NextStep::Stand);
        let spent = Asker {
            rerolls_left: 0,
            ..ASKER
        };
        assert_eq!(NextStep::at(Turn::Reroll(1), spent), NextStep::Stand);
        assert_eq!(NextStep::at(Turn::Bet(1), ASKER), NextStep::Wait);
        assert_eq!(NextStep::at(Turn::Rolling(1), ASKER), NextStep::Wait);
    }

    #[test]
    fn between_rounds_the_leader_goes_on_and_a_guest_says_it_has_seen() {
        let leader = Asker {
            leads: true,
            ..ASKER
        };
        let guest = Asker {
            sees: true,
            ..ASKER
        };
        assert_eq!(NextStep::at(Turn::RoundOver, leader), NextStep::NextRound);
        assert_eq!(NextStep::at(Turn::MatchOver(0), leader), NextStep::Again);
        assert_eq!(NextStep::at(Turn::RoundOver, guest), NextStep::Continue);
        assert_eq!(NextStep::at(Turn::MatchOver(1), ASKER), NextStep::Wait);
        let closed = Asker {
            closed: true,
            ..leader
        };
        assert_eq!(NextStep::at(Turn::Throw(1), closed), NextStep::Closed);
        assert_eq!(NextStep::at(Turn::RoundOver, closed), NextStep::Closed);
    }
}
