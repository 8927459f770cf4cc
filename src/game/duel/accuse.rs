//! An accusation at a duel: the far tray is searched, and the duel's
//! referee settles the match for whoever was in the right.

use bevy::prelude::*;

use crate::game::profile::Bag;
use crate::game::table::Accuse;
use crate::game::table::cheat::{Accused, Crooked, Seen};
use crate::game::table::seat::Seats;
use crate::rules::duel::Side;

use super::cheat::may_accuse;
use super::flow::Referee;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_accuse);
}

/// An accusation: the far tray is searched, and the referee settles the
/// match for whoever was in the right. A die found is taken away, and what
/// was seen starts again.
fn on_accuse(
    accuse: On<Accuse>,
    mut referee: Referee,
    seats: Option<Res<Seats>>,
    mut crooked: ResMut<Crooked>,
    mut seen: ResMut<Seen>,
    mut bag: ResMut<Bag>,
) {
    let Some(by) = Side::of_seat(accuse.by) else {
        return;
    };
    // An accusation at another format's match is that format's.
    let Some(table) = referee.table.as_deref() else {
        return;
    };
    if !may_accuse(table, seats.as_deref(), by) {
        referee.refuse(by);
        return;
    }
    let against = by.other().index();
    let caught = crooked.carried(against);
    let found = crooked.found(against);
    // A die found goes into the accuser's bag, if it has room.
    let from = referee.table.as_deref().map(|t| t.opponent.key);
    let bagged = found.is_some() && from.is_some() && bag.has_room();
    // Told before the move, so the round's end is worded with it.
    referee.commands.insert_resource(Accused {
        by: accuse.by,
        against,
        caught,
        found,
        suspect: seen.suspect(against),
        bagged,
    });
    if referee.judge(by, |duel| duel.accuse(by, caught)) {
        if caught {
            if let (Some((_, kind)), Some(from)) = (found, from) {
                bag.add(kind, from);
            }
            crooked.confiscate(against);
        }
        // The search showed the tray as it is: what was seen of it says
        // nothing more.
        seen.forget(against);
    }
}
