//! The table's computer seats: when the table waits for a seat a mind plays
//! (an opponent of the roster, or the player's own seat under `--auto`),
//! the mind of [`crate::rules::table::mind`] decides the whole turn at once
//! and the table's pilot sends its moves as [`SeatPlays`], one by one, at a
//! pace a person can follow.

use std::time::Duration;

use bevy::prelude::*;

use crate::game::table::Moved;

use rand_chacha::ChaCha8Rng;

use crate::dice::TrayDice;
use crate::game::profile::PartySeat;
use crate::game::table::MindRng;
use crate::game::table::seat::{AUTOPILOT, Flown, Pilot, fly_pilot, plan_turn};
use crate::game::table::{Pace, PlayerAutopilot};

use crate::rules::duel::Opponent;
use crate::rules::minds::Mind;
use crate::rules::table::{TableMatch, TableStep};

use super::cheat::TableCheats;
use super::{Party, Play, SeatPlays};

/// The table's pilot: a computer seat's moves, or those of a seat at
/// another machine replayed, sent as [`SeatPlays`].
pub type TablePilot = Pilot<SeatPlays>;

impl Flown for SeatPlays {
    fn send(self, _seat: usize, commands: &mut Commands) {
        commands.trigger(self);
    }
}

/// `seat`'s `moves` as moves the host of a table of machines has taken.
pub fn agreed(seat: usize, moves: Vec<(Duration, Play)>) -> Vec<(Duration, SeatPlays)> {
    let plays = move |(wait, play)| {
        let agreed = SeatPlays {
            seat,
            play,
            agreed: true,
        };
        (wait, agreed)
    };
    moves.into_iter().map(plays).collect()
}

pub(super) fn plugin(app: &mut App) {
    fly_pilot::<SeatPlays>(app);
    app.add_observer(take_turn);
}

/// The mind that plays `seat`, if a mind does (the player's seat under
/// `--auto` and autoplay).
pub fn mind_of(seat: PartySeat, autopilot: PlayerAutopilot) -> Option<&'static Opponent> {
    match seat {
        PartySeat::Computer(mind) => Some(mind),
        PartySeat::You if autopilot.0 => Some(AUTOPILOT),
        PartySeat::You | PartySeat::Friend | PartySeat::Away => None,
    }
}

/// Every accepted move ends the turn in progress; the next one is decided
/// at once if a mind plays the seat that acts (the player's seat begins
/// each next round and match).
#[allow(clippy::too_many_arguments)]
fn take_turn(
    moved: On<Moved>,
    party: Option<Res<Party>>,
    autopilot: Res<PlayerAutopilot>,
    pace: Res<Pace>,
    dice: TrayDice,
    mut rng: ResMut<MindRng<Party>>,
    mut pilot: ResMut<TablePilot>,
    cheats: Res<TableCheats>,
) {
    pilot.land();
    let Some(party) = party else {
        return;
    };
    let seat = match moved.to {
        TableStep::Rolling(_) => return,
        step => step.mover().unwrap_or(party.you()),
    };
    // At a table of machines the host's own minds play its computer seats.
    if party.net.is_some() && seat != party.you() {
        return;
    }
    let Some(mind) = mind_of(party.seats[seat], *autopilot) else {
        return;
    };
    // A cheat carrying its die holds knowing its own dice.
    let plan = match cheats.knowing(seat, mind) {
        Some(knowing) => plan_seat_turn(&party, seat, &knowing, &dice, &mut rng.rng),
        None => plan_seat_turn(&party, seat, &mind, &dice, &mut rng.rng),
    };
    let moves = plan.into_iter().map(|(wait, play)| {
        let plays = SeatPlays {
            seat,
            play,
            agreed: false,
        };
        (wait, plays)
    });
    pilot.fly(seat, moves, *pace);
}

/// Decides `seat`'s whole turn now and lays out its moves with their pauses.
fn plan_seat_turn(
    party: &Party,
    seat: usize,
    mind: &impl Mind<TableMatch>,
    dice: &TrayDice,
    rng: &mut ChaCha8Rng,
) -> Vec<(Duration, Play)> {
    let tray = party.trays[seat];
    let (plan, _) = plan_turn((mind, &party.table, seat), dice, tray, rng);
    plan.into_iter()
        .filter_map(|(wait, m)| Some((wait, Play::of_move(m)?)))
        .collect()
}
