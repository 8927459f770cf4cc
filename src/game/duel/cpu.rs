//! The duel's computer seats: when the table waits for a side whose
//! [`Seat`] is a computer, its mind decides the whole turn at once
//! (microseconds, from [`Minds`]) and hands the moves to the [`Pilot`].

use std::time::Duration;

use bevy::prelude::*;

use crate::game::table::Moved;

use rand_chacha::ChaCha8Rng;

use crate::dice::TrayDice;
use crate::game::AppSystems;
use crate::game::table::MindRng;
use crate::game::table::seat::{Decided, Move, Pace, Pilot, Seat, Seats, plan_turn};
use crate::rules::duel::versus::DuelMind;
use crate::rules::duel::{Badge, BetAction, Opponent, Side, Step};
use crate::rules::minds::Hold;

use super::cheat::DuelCheat;
use super::own::OwnDice;
use super::{Minds, Table};
use crate::rules::duel::CrookedDuel;
use crate::rules::duel::knowing::KnowingMind;

/// A computer seat's turn, waiting to be decided (the minds may still be
/// solving when it begins).
#[derive(Resource, Debug, Default)]
struct Thinking(Option<Turn>);

#[derive(Debug, Clone, Copy)]
struct Turn {
    side: Side,
    mind: &'static Opponent,
}

/// What the far side last said: its bet, or its hold and why.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Said(pub Option<Saying>);

/// What the opponent said, kept as facts so any language can show it.
#[derive(Debug, Clone, PartialEq)]
pub enum Saying {
    /// Its bet.
    Bet(BetAction),
    /// The faces it keeps and its exact win chance with them.
    Hold {
        /// Faces kept, low to high.
        held: Vec<u8>,
        /// P(win) + P(tie)/2.
        chance: f64,
    },
    /// It stands, changing a die with its badge, and its exact win chance.
    Changed {
        /// The badge.
        badge: Badge,
        /// The die's face before and after.
        from: u8,
        /// After.
        to: u8,
        /// P(win) + P(tie)/2.
        chance: f64,
    },
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>().init_resource::<Said>();
    app.add_systems(OnExit(super::Screen::Duel), stand_down);
    app.add_observer(take_turn);
    app.add_systems(
        Update,
        think
            .run_if(|thinking: Res<Thinking>, minds: Option<Res<Minds>>| {
                thinking.0.is_some() && minds.is_some()
            })
            .in_set(AppSystems::Input),
    );
}

fn stand_down(mut thinking: ResMut<Thinking>, mut said: ResMut<Said>) {
    thinking.0 = None;
    said.0 = None;
}

/// The side that must act at `step`; `starter` starts the next round. On a
/// guest's machine (the far side starts) the near side first says it has
/// seen the decided round or match.
fn to_act(step: Step, starter: Side) -> Option<Side> {
    match step {
        Step::Throw(s) | Step::Bet(s) | Step::Reroll(s) => Some(s),
        Step::RoundOver | Step::MatchOver(_) if starter == Side::Far => Some(Side::Near),
        Step::RoundOver => Some(starter),
        Step::Rolling(_) | Step::MatchOver(_) => None,
    }
}

/// Every accepted move ends the turn in progress and starts a new one: the
/// computer's, if its seat acts next.
fn take_turn(
    moved: On<Moved>,
    seats: Option<Res<Seats>>,
    table: Option<Res<Table>>,
    mut thinking: ResMut<Thinking>,
    mut pilot: ResMut<Pilot>,
) {
    let (Some(table), Some(to)) = (table, moved.duel_to()) else {
        return;
    };
    pilot.land();
    thinking.0 = match (to_act(to, table.starter), seats) {
        (Some(side), Some(seats)) => match seats.of(side) {
            Seat::Computer(mind) => Some(Turn { side, mind }),
            Seat::Human | Seat::Remote => None,
        },
        _ => None,
    };
}

/// Decides the waiting turn and hands its moves to the pilot.
fn think(
    minds: Res<Minds>,
    table: Res<Table>,
    pace: Res<Pace>,
    mut thinking: ResMut<Thinking>,
    mut pilot: ResMut<Pilot>,
    mut said: ResMut<Said>,
    mut rng: ResMut<MindRng<Table>>,
    seats: Res<Seats>,
    (cheat, own): (Res<DuelCheat>, Res<OwnDice>),
    dice: TrayDice,
) {
    // The seat may have been taken over by a person meanwhile.
    if let Some(turn) = thinking.0.take()
        && matches!(seats.of(turn.side), Seat::Computer(_))
    {
        // A side with a crooked die holds knowing its own dice.
        let engine = match turn.side {
            Side::Far => cheat.engine.as_deref(),
            Side::Near => own.brains.as_deref().map(|b| b.engine(Side::Near)),
        };
        let plan = plan_duel_turn(
            &minds,
            &table,
            (turn, engine),
            &mut said,
            &dice,
            &mut rng.rng,
        );
        pilot.fly(turn.side.index(), plan, *pace);
    }
}

/// Decides a whole turn now and lays out its moves with their pauses. What
/// the far side decides is said aloud.
fn plan_duel_turn(
    minds: &Minds,
    table: &Table,
    (turn, crooked): (Turn, Option<&CrookedDuel>),
    said: &mut Said,
    dice: &TrayDice,
    rng: &mut ChaCha8Rng,
) -> Vec<(Duration, Move)> {
    let (side, seat) = (turn.side, turn.side.index());
    let mind = DuelMind {
        opponent: turn.mind,
        brains: minds.0,
    };
    let tray = table.trays[seat];
    let (plan, decided) = match crooked {
        Some(engine) => {
            let mind = KnowingMind { mind, engine };
            plan_turn((&mind, &table.duel, seat), dice, tray, rng)
        }
        None => plan_turn((&mind, &table.duel, seat), dice, tray, rng),
    };
    let chance = |hold: &Hold| hold.chance.map_or(0.0, |c| c.to_f64());
    let saying = match decided {
        _ if side != Side::Far => None,
        Some(Decided::Bet(action)) => Some(Saying::Bet(action)),
        Some(Decided::Hold(hold)) => match (hold.change, table.duel.rules().badge(side)) {
            (Some((from, to)), Some(badge)) => Some(Saying::Changed {
                badge,
                from,
                to,
                chance: chance(&hold),
            }),
            _ => Some(Saying::Hold {
                chance: chance(&hold),
                held: hold.held,
            }),
        },
        None => None,
    };
    if saying.is_some() {
        said.0 = saying;
    }
    plan
}
