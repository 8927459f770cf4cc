//! The player's own dice on the ladder: in a career match the near tray's
//! dice are those laid from the bag ([`Bag`]), each body its kind (laid as
//! the table room lays every seat's dice, [`Crooked`]), so the physics
//! throws them as it throws that kind. With a crooked die among
//! them, the player's hint, the win-chance bar, the hold weighed in the
//! history and the computer at the player's seat (`--auto`) go by each
//! die's chances ([`TrayBrains`]): the player's tray as it is, the
//! opponent's taken to be fair (neither side knows the other's dice). A
//! round's line names the dice, and its luck and skill are valued by the
//! same engines (`duel::luck`).

use std::sync::Arc;

use bevy::prelude::*;

use crate::game::Screen;
use crate::game::profile::{Bag, Terms};
use crate::game::table::cheat::{CheatSet, Crooked};
use crate::rules::duel::{Side, TrayBrains};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::per_die::FAIR;

use super::Table;

/// The near tray's dice at this table, and while one is crooked the
/// engines the player's side is weighed by.
#[derive(Resource, Default)]
pub struct OwnDice {
    /// The near tray's dice by slot.
    pub tray: [DieKind; DICE],
    /// Both trays' engines as the player sees them, while a die is crooked.
    pub brains: Option<Arc<TrayBrains>>,
}

impl OwnDice {
    /// The dice by slot for a round's line, while one is crooked.
    pub fn named(&self) -> Option<Vec<DieKind>> {
        self.brains.as_ref().map(|_| self.tray.to_vec())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OwnDice>();
    app.add_systems(OnExit(Screen::Duel), stand_up);
    // Before anything of the frame throws.
    app.add_systems(
        PreUpdate,
        lay_own_dice
            .before(CheatSet::Lay)
            .run_if(resource_exists_and_changed::<Table>.or_else(resource_changed::<Bag>))
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel))),
    );
}

fn stand_up(mut own: ResMut<OwnDice>) {
    *own = OwnDice::default();
}

/// A career match lays the bag's dice in the near tray; any other duel
/// plays fair dice.
fn lay_own_dice(
    table: Res<Table>,
    bag: Res<Bag>,
    mut own: ResMut<OwnDice>,
    mut crooked: ResMut<Crooked>,
) {
    let tray = match table.terms {
        Terms::Career => bag.tray(),
        Terms::Coins | Terms::Practice | Terms::Friend | Terms::Net => [DieKind::Fair; DICE],
    };
    if own.tray == tray {
        return;
    }
    crooked.lay(Side::Near.index(), tray);
    let any = tray != [DieKind::Fair; DICE];
    *own = OwnDice {
        tray,
        brains: any.then(|| {
            let mut dice = [[FAIR; DICE]; 2];
            dice[Side::Near.index()] = tray.map(DieKind::chances);
            Arc::new(TrayBrains::new(dice))
        }),
    };
}
