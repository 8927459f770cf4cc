//! The turn of the match under way, whichever format it plays (a duel or a
//! table): mirrored as the [`MatchStep`] state, and told as one [`Moved`]
//! event each time the referee accepts a move, with seats numbered from 0
//! (a duel's near side is seat 0), so nothing watches the match frame by frame.

use bevy::prelude::*;

use crate::game::Screen;
use crate::rules::duel::Step;
use crate::rules::table::MAX_SEATS;
use crate::rules::turn::{SeatId, Turn};

/// The referee's turn, mirrored as a state of the match's screen (a duel's
/// or a table's): what runs now.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Duel | Screen::Party)]
pub enum MatchStep {
    /// The match is being laid.
    #[default]
    Setting,
    /// The match waits for this.
    At(Turn),
}

/// The referee accepted a move (or a match was laid): the match now waits for `to`.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    /// What it waited for before (`None`: a new table or match).
    pub from: Option<Turn>,
    /// What it waits for now.
    pub to: Turn,
}

impl Moved {
    /// A duel's move, its turns named by side.
    pub fn duel(from: Option<Step>, to: Step) -> Moved {
        Moved {
            from: from.map(Step::seated),
            to: to.seated(),
        }
    }

    /// The turn it waited for, as a duel names it (`None` for a new match,
    /// or a turn past a duel's two seats).
    pub fn duel_from(&self) -> Option<Step> {
        self.from.and_then(Turn::sided)
    }

    /// The turn it waits for, as a duel names it (`None` past a duel's two
    /// seats, which no duel has).
    pub fn duel_to(&self) -> Option<Step> {
        self.to.sided()
    }
}

/// Moves the referee refused at the match under way, by seat (a duel's
/// near side is seat 0): a seat a mind plays must make none.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Refused(pub [u32; MAX_SEATS]);

impl Refused {
    /// `seat` made a move the referee refused.
    pub fn count(&mut self, seat: SeatId) {
        if let Some(count) = self.0.get_mut(seat) {
            *count += 1;
        }
    }

    /// Every refused move.
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<MatchStep>();
    app.init_resource::<Refused>();
}
