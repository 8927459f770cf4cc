//! The solo game's flow: Ready → Rolling → Holding → Result → Ready, driven by
//! the near seat's moves (Space, Enter, the buttons, a flick or the advisor).

use bevy::prelude::*;

use crate::dice::{DiceSettled, ThrowDice, TrayDice, clear_held, spawn_table_with};
use crate::game::profile::{STARTING_COINS, Wallet};
use crate::game::table::numbers::forget_numbers;
use crate::game::table::{Advance, Confirm, FIRST_SEAT, NextStep};
use crate::game::{GameConfig, GameTray, Notice, Phase, Round, Screen, phase_for_input};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;

use super::daily::{DailyRun, solo_rerolls};

/// Where the solo game's tray stands.
pub const TRAY_ORIGIN: Vec3 = Vec3::ZERO;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Solo), spawn_game_tray);
    app.add_observer(on_advance)
        .add_observer(on_confirm)
        .add_observer(on_dice_settled);
    app.init_resource::<SettledEarly>();
    app.add_systems(OnEnter(Phase::Ready), reset_round);
    app.add_systems(OnEnter(Phase::Rolling), read_early_settle);
    app.add_systems(OnEnter(Phase::Result), pay_out);
}

/// A throw that came to rest before the game had gone over to
/// [`Phase::Rolling`]: the daily challenge throws the next game's dice as
/// its table is laid, and at instant speed on a slow machine one frame's
/// physics can carry them to rest before the phase changes. Read as the
/// phase comes, so no throw is ever lost (a lost one left the game waiting
/// on dice that had long stopped).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
struct SettledEarly(Option<Roll>);

fn spawn_game_tray(mut commands: Commands, mut seed: ResMut<crate::dice::DiceSeed>) {
    let seed = seed.lay_table();
    let tray = spawn_table_with(
        &mut commands,
        TRAY_ORIGIN,
        seed,
        DespawnOnExit(Screen::Solo),
    );
    commands.insert_resource(GameTray(tray));
}

fn on_advance(
    advance: On<Advance>,
    mut commands: Commands,
    phase: Option<Res<State<Phase>>>,
    mut next: ResMut<NextState<Phase>>,
    mut round: ResMut<Round>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    config: Res<GameConfig>,
    tray: Option<Res<GameTray>>,
    daily: Option<Res<DailyRun>>,
    dice: TrayDice,
) {
    let (Some(phase), Some(tray)) = (phase_for_input(phase.as_deref(), &next), tray) else {
        return;
    };
    let Some(all) = dice.dice(tray.0) else {
        return;
    };
    if advance.by != FIRST_SEAT {
        return;
    }
    let free = dice.free(tray.0);
    match next_step(phase, &round, free.is_empty()) {
        NextStep::Throw => {
            // A new game: what was said about the last one is over.
            notice.clear();
            // The daily challenge is played for a score, not for coins.
            if daily.is_none() && wallet.charge(config.payouts.stake) {
                notice.say(Notice::refilled(STARTING_COINS));
            }
            round.rerolls_left = solo_rerolls(&config, daily.as_deref());
            commands.trigger(ThrowDice {
                tray: tray.0,
                dice: all.to_vec(),
                aim: advance.aim,
                opens: true,
            });
            next.set(Phase::Rolling);
        }
        NextStep::Reroll => {
            round.rerolls_left -= 1;
            commands.trigger(ThrowDice {
                tray: tray.0,
                dice: free,
                aim: advance.aim,
                opens: false,
            });
            next.set(Phase::Rolling);
        }
        // Nothing left to throw: the main button keeps the hand.
        NextStep::Stand => next.set(Phase::Result),
        NextStep::NewGame => next.set(Phase::Ready),
        NextStep::NextRound
        | NextStep::Again
        | NextStep::Continue
        | NextStep::Wait
        | NextStep::Closed => {}
    }
}

/// What the main button does in this phase of a solo game.
pub fn next_step(phase: Phase, round: &Round, all_held: bool) -> NextStep {
    match phase {
        Phase::Ready => NextStep::Throw,
        Phase::Rolling => NextStep::Wait,
        Phase::Holding if all_held || round.rerolls_left == 0 => NextStep::Stand,
        Phase::Holding => NextStep::Reroll,
        Phase::Result => NextStep::NewGame,
    }
}

fn on_confirm(
    confirm: On<Confirm>,
    phase: Option<Res<State<Phase>>>,
    mut next: ResMut<NextState<Phase>>,
) {
    if confirm.by == FIRST_SEAT && phase_for_input(phase.as_deref(), &next) == Some(Phase::Holding)
    {
        next.set(Phase::Result);
    }
}

fn on_dice_settled(
    settled: On<DiceSettled>,
    tray: Option<Res<GameTray>>,
    phase: Option<Res<State<Phase>>>,
    mut next: ResMut<NextState<Phase>>,
    mut round: ResMut<Round>,
    mut early: ResMut<SettledEarly>,
) {
    if tray.is_none_or(|t| settled.tray != t.0) {
        return;
    }
    match phase.map(|p| *p.get()) {
        Some(Phase::Rolling) => read_throw(settled.faces, &mut round, &mut next),
        // Thrown this frame, and already at rest: read once it is Rolling.
        _ if matches!(
            *next,
            NextState::Pending(Phase::Rolling) | NextState::PendingIfNeq(Phase::Rolling)
        ) =>
        {
            early.0 = Some(settled.faces);
        }
        _ => {}
    }
}

/// The throw that came to rest before the phase changed, read now.
fn read_early_settle(
    mut early: ResMut<SettledEarly>,
    mut next: ResMut<NextState<Phase>>,
    mut round: ResMut<Round>,
) {
    if let Some(faces) = early.0.take() {
        read_throw(faces, &mut round, &mut next);
    }
}

/// A throw's faces, read: the hand, then the holds (or, no reroll left, the result).
fn read_throw(faces: Roll, round: &mut Round, next: &mut NextState<Phase>) {
    round.faces = Some(faces);
    round.hand = Some(evaluate_roll(&faces));
    next.set(if round.rerolls_left > 0 {
        Phase::Holding
    } else {
        Phase::Result
    });
}

/// A new game: nothing held.
fn reset_round(
    mut commands: Commands,
    mut early: ResMut<SettledEarly>,
    mut round: ResMut<Round>,
    config: Res<GameConfig>,
    daily: Option<Res<DailyRun>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
) {
    *round = Round {
        rerolls_left: solo_rerolls(&config, daily.as_deref()),
        ..Round::default()
    };
    early.0 = None;
    if let Some(tray) = tray {
        if let Some(all) = dice.dice(tray.0) {
            clear_held(&mut commands, &all);
        }
        // A new game: its first throw numbers the dice afresh.
        forget_numbers(&mut commands, tray.0);
    }
}

fn pay_out(
    mut round: ResMut<Round>,
    mut wallet: ResMut<Wallet>,
    config: Res<GameConfig>,
    daily: Option<Res<DailyRun>>,
) {
    let Some(hand) = round.hand else {
        return;
    };
    let pay = config.payouts.pay(hand.kind());
    round.payout = Some(pay);
    if daily.is_none() {
        wallet.credit(pay);
    }
}
