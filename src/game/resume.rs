//! A solo game or a duel round cut off (the window killed, the machine off)
//! comes back where it was on the next start, as trusted card and casino
//! games do: the same dice, holds, rerolls left (in a duel the whole table:
//! pot, bets, whose turn), and the page of the history so far. What the save
//! keeps is the last position that waited for a decision, written with every
//! step; a game cut off with dice in the air comes back as it was before that
//! throw (the throw is made again), and a solo game cut off before its first
//! dice came to rest gives its stake back. What cannot come back (another
//! mode asked for, a friend's or a network table) gives its stake back too.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::dice::{TrayDice, holds_changed, place_showing};
use crate::history::{Decision, Throw};
use crate::lang::{Key, Lang, tr, trf};
use crate::rules::duel::{Duel, Opponent, PEER, Side, Step};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;
use crate::rules::luck::RoundTrace;

use super::coins::{Notice, Wallet};
use super::daily::DailyRun;
use super::duel::luck::RoundLog;
use super::duel::{Books, Table, Terms};
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

/// Where a duel round against a computer opponent stood the last time the
/// table waited for a decision.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct DuelPosition {
    /// How the table was chosen: `duel`, `career` or `practice`.
    pub terms: String,
    /// The opponent's key.
    pub opponent: String,
    /// The referee: score, pot, bets, rolls, whose turn.
    pub duel: Duel,
    /// The match's number at this table.
    pub matches: u32,
    /// The wallet's share of this match and of the finished ones (see `Books`).
    pub booked: i64,
    /// Likewise, over the finished matches.
    pub closed: i64,
    /// Which dice of each tray were kept (`[near, far]`).
    pub held: [[bool; 5]; 2],
    /// The history's page so far: the player's throws.
    #[serde(default)]
    pub throws: Vec<Throw>,
    /// And decisions.
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// The round's trace (luck and skill).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<RoundTrace>,
}

impl DuelPosition {
    /// The start screen's choice that lays this table.
    pub fn choice(&self) -> Option<Choice> {
        let index = Opponent::find(&self.opponent)?.index();
        match self.terms.as_str() {
            "duel" => Some(Choice::Duel(index)),
            "career" => Some(Choice::Career(index)),
            "practice" => Some(Choice::Practice(index)),
            _ => None,
        }
    }
}

/// A game under way, as the save keeps it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Position {
    /// A solo game.
    Solo(SoloPosition),
    /// A duel round (the whole table: boxed, being the larger).
    Duel(Box<DuelPosition>),
}

/// What the save keeps of the game under way (`None`: nothing to come back to).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Resumable(pub Option<Position>);

/// A cut-off solo game to put back on the table once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeSolo(pub SoloPosition);

/// A cut-off duel round to put back on its table once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeDuel(pub DuelPosition);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Resumable>();
    app.add_systems(
        PreStartup,
        resume_or_refund.after(super::coins::load_wallet),
    );
    app.add_systems(
        Update,
        (
            // Only when something a position holds may have changed.
            keep_position.run_if(
                in_state(Screen::Solo).and_then(
                    state_changed::<Phase>
                        .or_else(resource_changed::<Round>)
                        .or_else(holds_changed),
                ),
            ),
            put_back.run_if(resource_exists::<ResumeSolo>.and_then(in_state(Screen::Solo))),
            keep_duel_position.run_if(
                in_state(Screen::Duel).and_then(resource_changed::<Table>.or_else(holds_changed)),
            ),
            put_back_duel.run_if(resource_exists::<ResumeDuel>.and_then(in_state(Screen::Duel))),
        )
            .in_set(AppSystems::Rules),
    );
    app.add_systems(OnExit(Screen::Solo), forget);
    app.add_systems(OnExit(Screen::Duel), forget);
}

/// On start: a cut-off game comes back if it can, or gives its stake back
/// (the one place a stake is given back).
fn resume_or_refund(
    config: Res<GameConfig>,
    new_player: Res<NewPlayer>,
    lang: Res<Lang>,
    mut resumable: ResMut<Resumable>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
) {
    let refund = |wallet: &mut Wallet, notice: &mut Notice| {
        let back = wallet.refund();
        if back > 0 {
            notice.0 = trf(*lang, Key::Refunded, &[&back]);
        }
    };
    let Some(position) = resumable.0.clone() else {
        refund(&mut wallet, &mut notice);
        return;
    };
    let first_start = config.opening.is_none() && first_screen(&config, *new_player).is_none();
    let back = match &position {
        Position::Solo(_) => Some(Choice::Solo),
        Position::Duel(duel) => duel.choice(),
    };
    let asked = config
        .opening
        .is_none_or(|o| Some(o) == back || (o == Choice::Guide && back == Some(Choice::Solo)));
    if config.resume_cut_off && asked && wallet.at_stake > 0 && back.is_some() {
        match position {
            Position::Solo(p) => commands.insert_resource(ResumeSolo(p)),
            Position::Duel(p) => commands.insert_resource(ResumeDuel(*p)),
        }
        if first_start && let Some(choice) = back {
            commands.trigger(Choose(choice));
        }
        notice.0 = tr(*lang, Key::Resumed).to_owned();
    } else {
        resumable.0 = None;
        refund(&mut wallet, &mut notice);
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
            Some(Position::Solo(SoloPosition {
                faces,
                held: dice.held(tray.0),
                rerolls_left: round.rerolls_left,
                throws: journal.throws.clone(),
                decisions: journal.decisions.clone(),
            }))
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

/// While a duel round waits for a decision, the save keeps the whole table;
/// between rounds (nothing at stake), or at a table that cannot come back
/// (a friend's, a network's), nothing.
fn keep_duel_position(
    table: Option<Res<Table>>,
    books: Res<Books>,
    wallet: Res<Wallet>,
    journal: Res<Journal>,
    log: Res<RoundLog>,
    resume: Option<Res<ResumeDuel>>,
    dice: TrayDice,
    mut resumable: ResMut<Resumable>,
) {
    let Some(table) = table else {
        return;
    };
    if resume.is_some() {
        return;
    }
    let terms = match table.terms {
        Terms::Coins => Some("duel"),
        Terms::Career(_) => Some("career"),
        Terms::Practice => Some("practice"),
        Terms::Friend => None,
    };
    let step = table.duel.step();
    let want = match (terms, step) {
        // Dice in the air: the position before the throw stands.
        (_, Step::Rolling(_)) => return,
        (Some(terms), Step::Throw(_) | Step::Bet(_) | Step::Reroll(_))
            if wallet.at_stake > 0 && !table.closed && table.opponent.key != PEER.key =>
        {
            Some(Position::Duel(Box::new(DuelPosition {
                terms: terms.to_owned(),
                opponent: table.opponent.key.to_owned(),
                duel: table.duel.clone(),
                matches: table.matches,
                booked: books.booked,
                closed: books.closed,
                held: table.trays.map(|t| dice.held(t)),
                throws: journal.throws.clone(),
                decisions: journal.decisions.clone(),
                trace: log.trace.clone(),
            })))
        }
        _ => None,
    };
    if resumable.0 != want {
        resumable.0 = want;
    }
}

/// The table is laid with the saved referee (`duel::setup`): the dice as they
/// were on both trays, and the round's page and trace.
fn put_back_duel(
    resume: Res<ResumeDuel>,
    table: Option<Res<Table>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
    mut log: ResMut<RoundLog>,
    mut commands: Commands,
) {
    let Some(table) = table else {
        return;
    };
    let position = &resume.0;
    for side in [Side::Player, Side::Cpu] {
        let (Some(all), Some(roll)) = (dice.dice(table.trays[side.index()]), table.duel.roll(side))
        else {
            continue;
        };
        for (slot, die) in all.into_iter().enumerate() {
            let held = position.held[side.index()][slot];
            place_showing(&mut commands, die, roll[slot], held);
        }
    }
    journal.throws = position.throws.clone();
    journal.decisions = position.decisions.clone();
    log.trace = position.trace.clone();
    commands.remove_resource::<ResumeDuel>();
}
