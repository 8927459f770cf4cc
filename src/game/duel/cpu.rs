//! Computer-played seats: when the table waits for a side whose [`Seat`] is a
//! computer, its mind decides at once (microseconds, from [`Minds`]) and then
//! sends its moves one by one, at a pace a person can follow, as the same
//! events a player sends.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::{DiceSeed, TrayDice};
use crate::game::Screen;
use crate::game::flow::{Advance, Confirm};
use crate::game::holds::ToggleHold;
use crate::lang::{Key, Lang, tr, trf};
use crate::rules::duel::{BetAction, Opponent, Side, Step};
use crate::rules::hand::slots_keeping;

use super::{Bet, Minds, Seat, Seats, Table, TableMoved};

/// Pause before each move of a turn, so it can be followed.
pub const MOVE_PACE: Duration = Duration::from_millis(700);
/// Pause between picking up one die and the next.
pub const HOLD_PACE: Duration = Duration::from_millis(300);
/// How long the chosen holds are shown before the dice fly.
pub const SHOW_HOLDS: Duration = Duration::from_millis(1200);
/// Added to the dice seed for the opponents' own choices (bluffs, carelessness).
const MIND_SEED_OFFSET: u64 = 0x005E_ED0F_C0DE;

/// One move of a computer-played turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    Advance,
    Confirm,
    Toggle(Entity),
    Bet(BetAction),
}

/// A computer seat's turn: who plays it, and its moves once decided.
#[derive(Debug)]
struct Turn {
    side: Side,
    mind: &'static Opponent,
    /// The step it answers.
    step: Step,
    /// The moves still to send, each after its pause; `None` until decided
    /// (the minds may still be solving when the turn begins).
    moves: Option<VecDeque<(Duration, Move)>>,
}

/// The computer's turn in progress, if the table waits for a computer seat.
#[derive(Resource, Debug, Default)]
struct Pilot {
    turn: Option<Turn>,
    wait: Duration,
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
}

/// The opponents' own random choices.
#[derive(Resource)]
struct MindRng(ChaCha8Rng);

/// How the pauses of computer-played turns are scaled: 1 for people, 0 for
/// headless play as fast as it goes.
#[derive(Resource, Debug, Clone, Copy)]
pub struct Pace(pub f32);

impl Default for Pace {
    fn default() -> Self {
        Pace(1.0)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pilot>()
        .init_resource::<Pace>()
        .init_resource::<Said>();
    app.add_systems(Startup, seed_minds);
    app.add_systems(OnExit(Screen::Duel), stand_down);
    app.add_observer(take_turn);
    app.add_systems(
        Update,
        play_computer_turns.run_if(in_state(Screen::Duel).and_then(computer_to_move)),
    );
}

fn seed_minds(mut commands: Commands, seed: Res<DiceSeed>) {
    let seed = seed.0.unwrap_or_else(rand::random);
    commands.insert_resource(MindRng(ChaCha8Rng::seed_from_u64(
        seed.wrapping_add(MIND_SEED_OFFSET),
    )));
}

fn stand_down(mut pilot: ResMut<Pilot>, mut said: ResMut<Said>) {
    *pilot = Pilot::default();
    said.0 = None;
}

/// The side that must act at `step`; the near seat starts the next round.
fn to_act(step: Step) -> Option<Side> {
    match step {
        Step::Throw(s) | Step::Bet(s) | Step::Reroll(s) => Some(s),
        Step::RoundOver => Some(Side::Player),
        Step::Rolling(_) | Step::MatchOver(_) => None,
    }
}

/// Every accepted move starts a new turn: the computer's, if its seat acts next.
fn take_turn(moved: On<TableMoved>, seats: Option<Res<Seats>>, mut pilot: ResMut<Pilot>) {
    pilot.turn = match (to_act(moved.to), seats) {
        (Some(side), Some(seats)) => match seats.of(side) {
            Seat::Computer(mind) => Some(Turn {
                side,
                mind,
                step: moved.to,
                moves: None,
            }),
            Seat::Human => None,
        },
        _ => None,
    };
}

fn computer_to_move(pilot: Res<Pilot>) -> bool {
    pilot.turn.is_some()
}

/// "6を残す" / "keeps 6", "全部振り直す", "このまま勝負".
pub fn hold_words(held: &[u8], lang: Lang) -> String {
    match held.len() {
        5 => tr(lang, Key::StandPat).to_owned(),
        0 => tr(lang, Key::RerollAll).to_owned(),
        _ => {
            let faces: Vec<String> = held.iter().map(u8::to_string).collect();
            trf(lang, Key::KeepFaces, &[&faces.join(" ")])
        }
    }
}

/// The word for a bet.
pub fn bet_words(action: BetAction, lang: Lang) -> &'static str {
    tr(
        lang,
        match action {
            BetAction::Check => Key::Check,
            BetAction::Raise => Key::Raised,
            BetAction::Call => Key::Called,
            BetAction::Fold => Key::Fold,
        },
    )
}

/// What the opponent says, in any language.
pub fn said_words(said: &Saying, lang: Lang) -> String {
    match said {
        Saying::Bet(action) => bet_words(*action, lang).to_owned(),
        Saying::Hold { held, chance } => trf(
            lang,
            Key::Said,
            &[&hold_words(held, lang), &format!("{:.0}", chance * 100.0)],
        ),
    }
}

fn play_computer_turns(
    time: Res<Time>,
    mut commands: Commands,
    minds: Option<Res<Minds>>,
    table: Res<Table>,
    pace: Res<Pace>,
    mut pilot: ResMut<Pilot>,
    mut said: ResMut<Said>,
    mut rng: ResMut<MindRng>,
    dice: TrayDice,
) {
    let pilot = &mut *pilot;
    let Some(turn) = &mut pilot.turn else {
        return;
    };
    if turn.moves.is_none() {
        // Decide the whole turn now, as soon as the minds are solved.
        let Some(minds) = minds else {
            return;
        };
        let plan: VecDeque<(Duration, Move)> =
            plan_turn(&minds, &table, turn, &mut said, &dice, &mut rng.0)
                .into_iter()
                .map(|(wait, m)| (wait.mul_f32(pace.0.max(0.0)), m))
                .collect();
        pilot.wait = plan.front().map(|m| m.0).unwrap_or_default();
        turn.moves = Some(plan);
    }
    pilot.wait = pilot.wait.saturating_sub(time.delta());
    if !pilot.wait.is_zero() {
        return;
    }
    let side = turn.side;
    let Some((_, next)) = turn.moves.as_mut().and_then(VecDeque::pop_front) else {
        pilot.turn = None;
        return;
    };
    pilot.wait = turn
        .moves
        .as_ref()
        .and_then(|m| m.front())
        .map(|m| m.0)
        .unwrap_or_default();
    match next {
        Move::Advance => commands.trigger(Advance {
            by: side,
            aim: None,
        }),
        Move::Confirm => commands.trigger(Confirm { by: side }),
        Move::Toggle(die) => commands.trigger(ToggleHold { die, by: side }),
        Move::Bet(action) => commands.trigger(Bet { by: side, action }),
    }
}

/// Decides a whole turn now and lays out its moves with their pauses. What
/// the far side decides is said aloud.
fn plan_turn(
    minds: &Minds,
    table: &Table,
    turn: &Turn,
    said: &mut Said,
    dice: &TrayDice,
    rng: &mut ChaCha8Rng,
) -> VecDeque<(Duration, Move)> {
    let (side, who) = (turn.side, turn.mind);
    let mut plan = VecDeque::new();
    match turn.step {
        Step::Throw(_) => plan.push_back((MOVE_PACE, Move::Advance)),
        Step::RoundOver => plan.push_back((SHOW_HOLDS * 2, Move::Advance)),
        Step::Bet(_) => {
            if let Some(action) = who.bet(&minds.0, &table.duel, side, rng) {
                if side == Side::Cpu {
                    said.0 = Some(Saying::Bet(action));
                }
                plan.push_back((MOVE_PACE, Move::Bet(action)));
            }
        }
        Step::Reroll(_) => {
            let tray = table.trays[side.index()];
            let (Some(choice), Some(faces), Some(all)) = (
                who.hold(&minds.0, &table.duel, side, rng),
                table.duel.roll(side),
                dice.dice(tray),
            ) else {
                return plan;
            };
            if side == Side::Cpu {
                said.0 = Some(Saying::Hold {
                    held: choice.held.clone(),
                    chance: choice.value.to_f64(),
                });
            }
            let keep = slots_keeping(&faces, &choice.held);
            let held = dice.held(tray);
            let mut pause = MOVE_PACE;
            for (slot, &kept) in keep.iter().enumerate() {
                if kept != held[slot] {
                    plan.push_back((pause, Move::Toggle(all[slot])));
                    pause = HOLD_PACE;
                }
            }
            let last = if choice.stands() {
                Move::Confirm
            } else {
                Move::Advance
            };
            plan.push_back((SHOW_HOLDS, last));
        }
        Step::Rolling(_) | Step::MatchOver(_) => {}
    }
    plan
}
