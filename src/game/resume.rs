//! A solo game cut off (the window killed, the machine off) comes back where
//! it was on the next start, as trusted card and casino games do: the same
//! dice, holds and rerolls left, and the page of the history so far. What
//! the save keeps is the last position the player held the dice in, written
//! with every step; a game cut off with its dice in the air comes back as it
//! was before that throw (the throw is made again), and one cut off before
//! its first dice came to rest gives its stake back. A game that cannot come
//! back (another mode was asked for) gives its stake back too.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::dice::{TrayDice, place_showing};
use crate::history::{Decision, Throw};
use crate::lang::{Key, Lang, tr, trf};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;

use super::coins::{Notice, Wallet};
use super::daily::DailyRun;
use super::guide::{NewPlayer, first_screen};
use super::journal::Journal;
use super::start::{Choice, Choose};
use super::{AppSystems, GameConfig, GameTray, Phase, Round, Screen};

/// Where a solo game stood the last time the player held the dice.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SoloPosition {
    /// The faces, in slot order.
    pub faces: Roll,
    /// Which slots were kept.
    pub held: [bool; 5],
    /// Rerolls still allowed.
    pub rerolls_left: u32,
    /// The history's page so far: the throws.
    #[serde(default)]
    pub throws: Vec<Throw>,
    /// And the decisions.
    #[serde(default)]
    pub decisions: Vec<Decision>,
}

/// What the save keeps of the game under way (`None`: nothing to come back to).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Resumable(pub Option<SoloPosition>);

/// A cut-off game to put back on the table once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeSolo(pub SoloPosition);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Resumable>();
    app.add_systems(
        PreStartup,
        resume_or_refund.after(super::coins::load_wallet),
    );
    app.add_systems(
        Update,
        (
            keep_position.run_if(in_state(Screen::Solo)),
            put_back.run_if(resource_exists::<ResumeSolo>.and_then(in_state(Screen::Solo))),
        )
            .in_set(AppSystems::Rules),
    );
    app.add_systems(OnExit(Screen::Solo), forget);
}

/// On start: a cut-off solo game comes back if it can, or gives its stake back.
fn resume_or_refund(
    config: Res<GameConfig>,
    new_player: Res<NewPlayer>,
    lang: Res<Lang>,
    mut resumable: ResMut<Resumable>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
) {
    let Some(position) = resumable.0.clone() else {
        return;
    };
    let solo = matches!(
        config.opening,
        None | Some(Choice::Solo) | Some(Choice::Guide)
    );
    if config.resume_cut_off && solo && wallet.at_stake > 0 {
        commands.insert_resource(ResumeSolo(position));
        if config.opening.is_none() && first_screen(&config, *new_player).is_none() {
            commands.trigger(Choose(Choice::Solo));
        }
        notice.0 = tr(*lang, Key::Resumed).to_owned();
    } else {
        resumable.0 = None;
        let back = wallet.refund();
        if back > 0 {
            notice.0 = trf(*lang, Key::Refunded, &[&back]);
        }
    }
}

/// The table is laid: the dice as they were, the hand read, the player's turn.
fn put_back(
    resume: Res<ResumeSolo>,
    phase: Res<State<Phase>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut round: ResMut<Round>,
    mut journal: ResMut<Journal>,
    mut next: ResMut<NextState<Phase>>,
    mut commands: Commands,
) {
    let Some(all) = tray.and_then(|t| dice.dice(t.0)) else {
        return;
    };
    if *phase.get() != Phase::Ready {
        return;
    }
    let position = &resume.0;
    for (slot, die) in all.into_iter().enumerate() {
        place_showing(
            &mut commands,
            die,
            position.faces[slot],
            position.held[slot],
        );
    }
    *round = Round {
        rerolls_left: position.rerolls_left,
        faces: Some(position.faces),
        hand: Some(evaluate_roll(&position.faces)),
        payout: None,
    };
    journal.throws = position.throws.clone();
    journal.decisions = position.decisions.clone();
    next.set(Phase::Holding);
    commands.remove_resource::<ResumeSolo>();
}

/// While the player holds the dice, the save keeps where the game stands;
/// once it is paid (or a new one waits), nothing.
fn keep_position(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    wallet: Res<Wallet>,
    journal: Res<Journal>,
    daily: Option<Res<DailyRun>>,
    resume: Option<Res<ResumeSolo>>,
    next: Res<NextState<Phase>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut resumable: ResMut<Resumable>,
) {
    // Not before a cut-off game is back on the table, nor while a step is
    // under way (a reroll has counted itself but its dice are not yet thrown).
    if resume.is_some() || !matches!(*next, NextState::Unchanged) {
        return;
    }
    let want = match (phase.get(), round.faces, &tray) {
        // The dice in the air: the position before the throw stands.
        (Phase::Rolling, _, _) => return,
        (Phase::Holding, Some(faces), Some(tray)) if daily.is_none() && wallet.at_stake > 0 => {
            Some(SoloPosition {
                faces,
                held: dice.held(tray.0),
                rerolls_left: round.rerolls_left,
                throws: journal.throws.clone(),
                decisions: journal.decisions.clone(),
            })
        }
        _ => None,
    };
    if resumable.0 != want {
        resumable.0 = want;
    }
}

/// Leaving the table on purpose gives the game up, as it always did.
fn forget(mut resumable: ResMut<Resumable>) {
    if resumable.0.is_some() {
        resumable.0 = None;
    }
}
