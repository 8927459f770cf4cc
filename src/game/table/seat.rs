//! Seats: who decides for each side of the table, and the pilot that sends a
//! computer seat's moves one by one, at a pace a person can follow, as the
//! same events a person's keys and clicks send. A mind (the solo advisor in
//! `solo::seat`, a duel's or a table's opponent through [`plan_turn`])
//! decides a whole turn at once and hands it to a pilot.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;

use rand::Rng;

use crate::dice::TrayDice;
use crate::rules::duel::{BetAction, OPPONENTS, Opponent, Side};
use crate::rules::hand::slots_keeping;
use crate::rules::minds::{Hold, Mind};
use crate::rules::referee::Referee;
use crate::rules::turn::{SeatId, Turn};

use super::AppSystems;
use super::moves::{Advance, Bet, Confirm, ToggleHold, UseBadge};
use crate::game::{AtTable, GameTray, Screen};

/// Pause before each move of a turn, so it can be followed.
pub const MOVE_PACE: Duration = Duration::from_millis(700);
/// Pause between picking up one die and the next.
pub const HOLD_PACE: Duration = Duration::from_millis(300);
/// How long chosen holds are shown before the dice fly (and how long a
/// computer seat looks at a new hand before it starts picking dice up).
pub const SHOW_HOLDS: Duration = Duration::from_millis(1200);
/// How the player's seat plays when the computer plays it (`--auto`,
/// autoplay): with the hard opponent's mind in a duel.
pub const AUTOPILOT: &Opponent = &OPPONENTS[OPPONENTS.len() - 1];

/// Who decides for one side of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person at this machine: keyboard and mouse.
    Human,
    /// A computer mind, playing as this opponent plays (in the solo game, as
    /// the advisor says).
    Computer(&'static Opponent),
    /// A person at another machine: their moves come over the network.
    Remote,
}

/// The two seats, by [`Side::index`] (the solo game uses the near one).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seats(pub [Seat; 2]);

impl Seats {
    /// The seat of `side`.
    pub fn of(&self, side: Side) -> Seat {
        self.0[side.index()]
    }
}

/// The seat the keyboard and mouse at this machine play now: the player's,
/// or, where people take turns at this machine (ふたりで, a table with
/// friends), the seat whose move the match waits for. Every key and click
/// is sent as this seat's move.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hands {
    /// The seat (a duel's near side is seat 0).
    pub seat: SeatId,
    /// Its tray at a match (`None`: the player's own, [`GameTray`]).
    pub tray: Option<Entity>,
}

impl Hands {
    /// The seat at the keys at a match (`None` outside one).
    pub fn at_match(&self) -> Option<SeatId> {
        self.tray.map(|_| self.seat)
    }

    /// The seat as a duel names it.
    pub fn side(&self) -> Side {
        Side::of_seat(self.seat).unwrap_or_default()
    }

    /// The tray the keyboard and mouse play now.
    pub fn tray(&self, own: Option<&GameTray>) -> Option<Entity> {
        self.tray.or(own.map(|t| t.0))
    }
}

/// The player's seat is played by the computer (`--auto`, autoplay).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct PlayerAutopilot(pub bool);

impl PlayerAutopilot {
    /// The near seat this setting gives.
    pub fn seat(self) -> Seat {
        if self.0 {
            Seat::Computer(AUTOPILOT)
        } else {
            Seat::Human
        }
    }
}

/// How the pauses of computer-played turns are scaled: 1 for people, 0 for
/// headless play as fast as it goes.
#[derive(Resource, Debug, Clone, Copy)]
pub struct Pace(pub f32);

impl Default for Pace {
    fn default() -> Self {
        Pace(1.0)
    }
}

/// One move of a computer-played turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Throw, reroll or go on.
    Advance,
    /// Stand with the dice as they are.
    Confirm,
    /// Pick up or put down this die.
    Toggle(Entity),
    /// Bet.
    Bet(BetAction),
    /// Stand, changing a die with the badge.
    UseBadge,
}

/// A holding turn: the dice that change hands picked up or put down one by
/// one (the first after `first`, the rest after [`HOLD_PACE`]), then, after
/// `last`, a stand or a reroll of the rest.
pub fn hold_turn(
    dice: [Entity; 5],
    held: [bool; 5],
    keep: [bool; 5],
    stands: bool,
    first: Duration,
    last: Duration,
) -> Vec<(Duration, Move)> {
    let mut plan = Vec::new();
    let mut pause = first;
    for slot in 0..dice.len() {
        if keep[slot] != held[slot] {
            plan.push((pause, Move::Toggle(dice[slot])));
            pause = HOLD_PACE;
        }
    }
    plan.push((last, if stands { Move::Confirm } else { Move::Advance }));
    plan
}

/// What a mind decided for a turn, for a seat that says it aloud.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// Its bet.
    Bet(BetAction),
    /// Its hold.
    Hold(Hold),
}

/// Decides `seat`'s whole turn at `referee`'s match now, by `mind`, and
/// lays out its moves with their pauses (its dice are `dice`' of `tray`):
/// in either format, a throw, a bet, a hold picked up die by die, a badge's
/// change, or going on after a decided round.
pub fn plan_turn<R: Referee, M: Mind<R>>(
    (mind, referee, seat): (&M, &R, SeatId),
    dice: &TrayDice,
    tray: Entity,
    rng: &mut impl Rng,
) -> (Vec<(Duration, Move)>, Option<Decided>) {
    match referee.turn() {
        Turn::Throw(_) => (vec![(MOVE_PACE, Move::Advance)], None),
        Turn::RoundOver | Turn::MatchOver(_) => (vec![(SHOW_HOLDS * 2, Move::Advance)], None),
        Turn::Bet(_) => match mind.bet(referee, seat, rng) {
            Some(action) => (
                vec![(MOVE_PACE, Move::Bet(action))],
                Some(Decided::Bet(action)),
            ),
            None => (Vec::new(), None),
        },
        Turn::Reroll(_) => {
            let (Some(hold), Some(faces), Some(all)) = (
                mind.hold(referee, seat, rng),
                referee.roll(seat),
                dice.dice(tray),
            ) else {
                return (Vec::new(), None);
            };
            let plan = if hold.change.is_some() {
                vec![(SHOW_HOLDS, Move::UseBadge)]
            } else {
                let keep = hold
                    .slots
                    .unwrap_or_else(|| slots_keeping(&faces, &hold.held));
                let held = dice.held(tray);
                hold_turn(all, held, keep, hold.stands(), MOVE_PACE, SHOW_HOLDS)
            };
            (plan, Some(Decided::Hold(hold)))
        }
        Turn::Rolling(_) => (Vec::new(), None),
    }
}

/// The moves of a seat's turn still to send, each after its pause: a
/// computer seat's, or a seat's at another machine, replayed. One pilot for
/// either format, by what a move sends ([`Flown`]): the duel's [`Move`]s,
/// a table's `SeatPlays`.
#[derive(Resource, Debug)]
pub struct Pilot<P: Flown = Move> {
    seat: SeatId,
    moves: VecDeque<(Duration, P)>,
    wait: Duration,
}

impl<P: Flown> Default for Pilot<P> {
    fn default() -> Pilot<P> {
        Pilot {
            seat: 0,
            moves: VecDeque::new(),
            wait: Duration::ZERO,
        }
    }
}

/// What a pilot's move sends when its pause is over.
pub trait Flown: Send + Sync + 'static {
    /// Sends the move for `seat`.
    fn send(self, seat: SeatId, commands: &mut Commands);
}

impl Flown for Move {
    fn send(self, by: SeatId, commands: &mut Commands) {
        match self {
            Move::Advance => commands.trigger(Advance { by, aim: None }),
            Move::Confirm => commands.trigger(Confirm { by }),
            Move::Toggle(die) => commands.trigger(ToggleHold { die, by }),
            Move::Bet(action) => commands.trigger(Bet { by, action }),
            Move::UseBadge => commands.trigger(UseBadge { by }),
        }
    }
}

impl<P: Flown> Pilot<P> {
    /// Sends `moves` for `seat` from now on, pauses scaled by `pace`,
    /// replacing whatever was left of an earlier turn.
    pub fn fly(
        &mut self,
        seat: SeatId,
        moves: impl IntoIterator<Item = (Duration, P)>,
        pace: Pace,
    ) {
        let scale = pace.0.max(0.0);
        self.moves = moves
            .into_iter()
            .map(|(wait, m)| (wait.mul_f32(scale), m))
            .collect();
        self.seat = seat;
        self.wait = self.moves.front().map(|m| m.0).unwrap_or_default();
    }

    /// True while moves of a turn are still to be sent.
    pub fn flying(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Drops the rest of the turn (the table moved on).
    pub fn land(&mut self) {
        self.moves.clear();
    }
}

/// Moves made out of turn (an accusation): before any pilot's move of the
/// frame, so a pilot never sends a move of a turn they ended.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutOfTurn;

/// Flies pilot `P`'s moves at any table: each sent when its pause is over,
/// none left once the table is left.
pub fn fly_pilot<P: Flown>(app: &mut App) {
    app.init_resource::<Pilot<P>>();
    app.add_systems(OnExit(AtTable), land::<P>);
    app.add_systems(
        Update,
        send_moves::<P>
            .run_if(|pilot: Res<Pilot<P>>| pilot.flying())
            .after(OutOfTurn)
            .in_set(AppSystems::Input),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayerAutopilot>()
        .init_resource::<Hands>()
        .init_resource::<Pace>();
    fly_pilot::<Move>(app);
    app.add_systems(OnEnter(Screen::Solo), seat_solo_player);
    app.add_systems(OnExit(Screen::Solo), clear_seats);
    // Before the pilot's moves of the frame: a person's key takes the seat back first.
    app.add_systems(
        Update,
        take_over
            .run_if(|autopilot: Res<PlayerAutopilot>| autopilot.0)
            .before(send_moves::<Move>)
            .in_set(AppSystems::Input),
    );
}

/// A key or a click from the person at the machine hands the near seat back
/// to them (`--auto` plays only until then); that key or click acts as usual.
fn take_over(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut autopilot: ResMut<PlayerAutopilot>,
    seats: Option<ResMut<Seats>>,
    mut pilot: ResMut<Pilot>,
) {
    let pressed = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some());
    if !pressed {
        return;
    }
    autopilot.0 = false;
    if let Some(mut seats) = seats {
        seats.0[Side::Near.index()] = Seat::Human;
        if pilot.seat == Side::Near.index() {
            pilot.land();
        }
    }
}

/// The solo game has one seat, the near one.
fn seat_solo_player(mut commands: Commands, autopilot: Res<PlayerAutopilot>) {
    commands.insert_resource(Seats([autopilot.seat(), Seat::Human]));
}

fn clear_seats(mut commands: Commands) {
    commands.remove_resource::<Seats>();
}

fn land<P: Flown>(mut pilot: ResMut<Pilot<P>>) {
    pilot.land();
}

/// Sends each move whose pause is over: one a frame at a person's pace, a
/// whole turn at once when there are no pauses (they apply in order).
fn send_moves<P: Flown>(time: Res<Time>, mut pilot: ResMut<Pilot<P>>, mut commands: Commands) {
    pilot.wait = pilot.wait.saturating_sub(time.delta());
    while pilot.wait.is_zero() {
        let Some((_, next)) = pilot.moves.pop_front() else {
            return;
        };
        pilot.wait = pilot.moves.front().map(|m| m.0).unwrap_or_default();
        next.send(pilot.seat, &mut commands);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice() -> [Entity; 5] {
        std::array::from_fn(|i| Entity::from_raw_u32(10 + i as u32).expect("a valid index"))
    }

    const FIRST: Duration = Duration::from_millis(700);
    const LAST: Duration = Duration::from_millis(900);

    #[test]
    fn a_hold_turn_toggles_only_the_dice_that_change_hands_left_to_right_then_rolls() {
        let dice = dice();
        // Dice 0 and 3 held; keep 0, 1 and 4: pick up 1 and 4, put down 3.
        let held = [true, false, false, true, false];
        let keep = [true, true, false, false, true];
        let plan = hold_turn(dice, held, keep, false, FIRST, LAST);
        assert_eq!(
            plan,
            vec![
                (FIRST, Move::Toggle(dice[1])),
                (HOLD_PACE, Move::Toggle(dice[3])),
                (HOLD_PACE, Move::Toggle(dice[4])),
                (LAST, Move::Advance),
            ]
        );
    }

    #[test]
    fn a_hold_turn_with_nothing_to_change_only_stands_or_rolls() {
        let held = [false, true, false, true, false];
        assert_eq!(
            hold_turn(dice(), held, held, true, FIRST, LAST),
            vec![(LAST, Move::Confirm)]
        );
        assert_eq!(
            hold_turn(dice(), held, held, false, FIRST, LAST),
            vec![(LAST, Move::Advance)]
        );
    }
}
