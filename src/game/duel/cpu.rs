//! The opponent's turns: when the referee waits for the computer, it decides
//! at once (microseconds, from [`Minds`]) and then sends its moves one by one,
//! at a pace a person can follow, as the same events a player sends.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::{DiceSeed, Tray};
use crate::game::Screen;
use crate::game::flow::{Advance, Confirm};
use crate::game::holds::ToggleHold;
use crate::rules::duel::{BetAction, OPPONENTS, Opponent, Side, Step};
use crate::rules::hand::slots_keeping;

use super::{Bet, Minds, PlayerAutopilot, Said, Table};
use crate::lang::{Key, Lang, tr, trf};

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

/// The computer's turn in progress: what it waits for and what it will send.
#[derive(Resource, Debug, Default)]
struct Pilot {
    /// The table's state the plan was made for; a new state means a new plan.
    planned_for: Option<(Step, u32, u32, u64)>,
    moves: VecDeque<(Duration, Move)>,
    wait: Duration,
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
    app.init_resource::<Pilot>().init_resource::<Pace>();
    app.add_systems(Startup, seed_minds);
    app.add_systems(OnEnter(Screen::Duel), reset_pilot);
    app.add_systems(Update, play_computer_turns.run_if(in_state(Screen::Duel)));
}

fn seed_minds(mut commands: Commands, seed: Res<DiceSeed>) {
    let seed = seed.0.unwrap_or_else(rand::random);
    commands.insert_resource(MindRng(ChaCha8Rng::seed_from_u64(
        seed.wrapping_add(MIND_SEED_OFFSET),
    )));
}

fn reset_pilot(mut pilot: ResMut<Pilot>) {
    *pilot = Pilot::default();
}

/// How the player's seat plays under `--auto`: as well as the engine can.
const AUTOPILOT: &Opponent = &OPPONENTS[2];

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
pub fn said_words(said: &Said, lang: Lang) -> String {
    match said {
        Said::Bet(action) => bet_words(*action, lang).to_owned(),
        Said::Hold { held, chance } => trf(
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
    table: Option<ResMut<Table>>,
    autopilot: Res<PlayerAutopilot>,
    pace: Res<Pace>,
    mut pilot: ResMut<Pilot>,
    mut rng: ResMut<MindRng>,
    trays: Query<&Tray>,
) {
    let (Some(minds), Some(mut table)) = (minds, table) else {
        return;
    };
    let step = table.duel.step();
    let side = match step {
        Step::Throw(s) | Step::Bet(s) | Step::Reroll(s) => s,
        Step::RoundOver => Side::Player,
        Step::Rolling(_) | Step::MatchOver(_) => return,
    };
    if side == Side::Player && !autopilot.0 {
        return;
    }
    // The pot tells a second betting turn of the same side from the first.
    let key = (
        step,
        table.duel.rounds(),
        table.duel.rerolls_left(side),
        table.duel.pot(),
    );
    if pilot.planned_for != Some(key) {
        let plan: VecDeque<(Duration, Move)> =
            plan_turn(&minds, &mut table, side, autopilot.0, &trays, &mut rng.0)
                .into_iter()
                .map(|(wait, m)| (wait.mul_f32(pace.0.max(0.0)), m))
                .collect();
        *pilot = Pilot {
            planned_for: Some(key),
            wait: plan.front().map(|m| m.0).unwrap_or_default(),
            moves: plan,
        };
    }
    pilot.wait = pilot.wait.saturating_sub(time.delta());
    if !pilot.wait.is_zero() {
        return;
    }
    let Some((_, next)) = pilot.moves.pop_front() else {
        return;
    };
    pilot.wait = pilot.moves.front().map(|m| m.0).unwrap_or_default();
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

/// Decides a whole turn for `side` now and lays out its moves with their pauses.
fn plan_turn(
    minds: &Minds,
    table: &mut Table,
    side: Side,
    autopilot: bool,
    trays: &Query<&Tray>,
    rng: &mut ChaCha8Rng,
) -> VecDeque<(Duration, Move)> {
    let who = if side == Side::Cpu {
        table.opponent
    } else {
        AUTOPILOT
    };
    let mut plan = VecDeque::new();
    match table.duel.step() {
        Step::Throw(_) => plan.push_back((MOVE_PACE, Move::Advance)),
        Step::RoundOver if autopilot => plan.push_back((SHOW_HOLDS * 2, Move::Advance)),
        Step::Bet(_) => {
            if let Some(action) = who.bet(&minds.0, &table.duel, side, rng) {
                if side == Side::Cpu {
                    table.said = Some(Said::Bet(action));
                }
                plan.push_back((MOVE_PACE, Move::Bet(action)));
            }
        }
        Step::Reroll(_) => {
            let (Some(choice), Some(faces), Ok(tray)) = (
                who.hold(&minds.0, &table.duel, side, rng),
                table.duel.roll(side),
                trays.get(table.trays[side.index()]),
            ) else {
                return plan;
            };
            if side == Side::Cpu {
                table.said = Some(Said::Hold {
                    held: choice.held.clone(),
                    chance: choice.value.to_f64(),
                });
            }
            let keep = slots_keeping(&faces, &choice.held);
            let mut pause = MOVE_PACE;
            for (slot, &kept) in keep.iter().enumerate() {
                if kept != table.held[side.index()][slot] {
                    plan.push_back((pause, Move::Toggle(tray.dice[slot])));
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
        _ => {}
    }
    plan
}
