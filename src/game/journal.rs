//! Keeps the history: each finished solo game and duel round is appended to
//! `history.jsonl` beside the save, with every throw, every hold decision and
//! its exact value next to the best one (from the advisor or the duel engine).

use bevy::prelude::*;

use crate::dice::{DiceSeed, DiceSettled, TrayDice};
use crate::history::{self, BadgeUse, Decision, Record, Throw};
use crate::rules::duel::{RoundEnd, Side, Step};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;

use super::GameTray;
use super::coins::{Notice, SaveFile};
use super::duel::{HoldDecided, Minds, RoundEnded, Table, TableMoved};
use super::hint::Advisor;
use super::{GameConfig, Phase, Round};

/// The game or round being played, as it will be written.
#[derive(Resource, Debug, Default)]
pub struct Journal {
    /// The player's throws so far.
    pub throws: Vec<Throw>,
    /// The player's decisions so far.
    pub decisions: Vec<Decision>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Journal>();
    app.add_observer(note_throw)
        .add_observer(open_duel_round)
        .add_observer(note_duel_hold)
        .add_observer(write_duel_round);
    app.add_systems(OnEnter(Phase::Ready), clear);
    app.add_systems(
        OnTransition {
            exited: Phase::Holding,
            entered: Phase::Rolling,
        },
        note_solo_reroll,
    );
    app.add_systems(
        OnTransition {
            exited: Phase::Holding,
            entered: Phase::Result,
        },
        note_solo_stand,
    );
    app.add_systems(
        OnEnter(Phase::Result),
        write_solo_game.after(note_solo_stand),
    );
}

/// Where the history lives: beside the save, or nowhere.
fn history_file(save: &SaveFile) -> Option<std::path::PathBuf> {
    let dir = save.0.as_ref()?.parent()?;
    Some(history::history_path(dir))
}

fn write(save: &SaveFile, notice: &mut Notice, record: &Record) {
    if let Some(path) = history_file(save)
        && let Err(e) = history::append(&path, record)
    {
        let msg = format!("cannot write the history to {}: {e}", path.display());
        warn!("{msg}");
        notice.0 = msg;
    }
}

fn clear(mut journal: ResMut<Journal>) {
    journal.throws.clear();
    journal.decisions.clear();
}

/// Every settled throw of the player's tray.
fn note_throw(
    settled: On<DiceSettled>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    let Some(tray) = tray.filter(|t| t.0 == settled.tray) else {
        return;
    };
    // Thrown dice are no longer held: what is held is what was kept.
    journal.throws.push(Throw {
        faces: settled.faces,
        held: dice.held(tray.0),
    });
}

/// Faces of the held slots, low to high.
fn kept(faces: &Roll, held: &[bool; 5]) -> Vec<u8> {
    let mut kept: Vec<u8> = (0..5).filter(|&s| held[s]).map(|s| faces[s]).collect();
    kept.sort_unstable();
    kept
}

/// The advisor's value of keeping `chosen` from `faces` with `rerolls` left, and the best.
fn solo_decision(advisor: &Advisor, faces: Roll, rerolls: u32, chosen: Vec<u8>) -> Decision {
    let choices = advisor.0.advise(&faces, rerolls as usize);
    let value = |held: &[u8]| {
        choices
            .iter()
            .find(|c| c.held == held)
            .map_or(0.0, |c| c.expected.to_f64())
    };
    Decision {
        faces,
        rerolls_left: rerolls,
        chosen_value: value(&chosen),
        chosen,
        best: choices[0].held.clone(),
        best_value: choices[0].expected.to_f64(),
    }
}

fn note_solo_reroll(
    round: Res<Round>,
    advisor: Option<Res<Advisor>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    if let (Some(advisor), Some(faces), Some(tray)) = (advisor, round.faces, tray) {
        // The reroll has been counted: the decision had one more.
        let d = solo_decision(
            &advisor,
            faces,
            round.rerolls_left + 1,
            kept(&faces, &dice.held(tray.0)),
        );
        journal.decisions.push(d);
    }
}

fn note_solo_stand(round: Res<Round>, advisor: Option<Res<Advisor>>, mut journal: ResMut<Journal>) {
    if let (Some(advisor), Some(faces)) = (advisor, round.faces)
        && round.rerolls_left > 0
    {
        let d = solo_decision(
            &advisor,
            faces,
            round.rerolls_left,
            kept(&faces, &[true; 5]),
        );
        journal.decisions.push(d);
    }
}

fn write_solo_game(
    round: Res<Round>,
    config: Res<GameConfig>,
    seed: Res<DiceSeed>,
    save: Res<SaveFile>,
    mut notice: ResMut<Notice>,
    mut journal: ResMut<Journal>,
) {
    let Some(hand) = round.hand else {
        return;
    };
    let record = Record {
        time: history::now(),
        mode: "solo".to_owned(),
        opponent: None,
        rerolls: config.rerolls,
        seed: seed.0,
        throws: std::mem::take(&mut journal.throws),
        decisions: std::mem::take(&mut journal.decisions),
        hand: hand.to_string(),
        coins_in: config.payouts.stake,
        coins_out: config.payouts.pay(hand.kind()),
        result: None,
        badge: None,
    };
    write(&save, &mut notice, &record);
}

/// A new round (or a new table) opens a fresh page.
fn open_duel_round(moved: On<TableMoved>, mut journal: ResMut<Journal>) {
    let fresh = moved.from.is_none_or(Step::is_decided);
    if fresh {
        journal.throws.clear();
        journal.decisions.clear();
    }
}

/// The player's hold in a duel, with its exact win chance next to the best one.
fn note_duel_hold(
    decided: On<HoldDecided>,
    minds: Option<Res<Minds>>,
    mut journal: ResMut<Journal>,
) {
    let at = &decided.at;
    if decided.side != Side::Player {
        return;
    }
    if let (Some(minds), Some(faces)) = (&minds, at.roll(Side::Player))
        && let Some(all) = minds.0.holds(at, Side::Player)
    {
        let chosen = kept(&faces, &decided.held);
        let value = all
            .iter()
            .find(|c| c.held == chosen)
            .map_or(0.0, |c| c.value.to_f64());
        journal.decisions.push(Decision {
            faces,
            rerolls_left: at.rerolls_left(Side::Player),
            chosen,
            chosen_value: value,
            best: all[0].held.clone(),
            best_value: all[0].value.to_f64(),
        });
    }
}

/// Each decided duel round, exactly once.
fn write_duel_round(
    ended: On<RoundEnded>,
    table: Option<Res<Table>>,
    seed: Res<DiceSeed>,
    save: Res<SaveFile>,
    mut notice: ResMut<Notice>,
    mut journal: ResMut<Journal>,
) {
    let duel = &ended.duel;
    let result = match duel.last_end() {
        Some(RoundEnd::Draw) => "draw",
        Some(RoundEnd::Fold(Side::Player)) => "fold",
        Some(RoundEnd::Fold(Side::Cpu)) => "opponent_fold",
        Some(RoundEnd::Showdown(Side::Player)) => "win",
        _ => "loss",
    };
    // A practice round is kept for its holds; no coins moved in it.
    let practice = table.as_ref().is_some_and(|t| !t.terms.for_coins());
    let (coins_in, coins_out) = if practice {
        (0, 0)
    } else {
        (
            duel.this_round(Side::Player),
            duel.won(Side::Player) + duel.from_house(Side::Player) - ended.won_before,
        )
    };
    let record = Record {
        time: history::now(),
        mode: if practice { "practice" } else { "duel" }.to_owned(),
        opponent: table.map(|t| t.opponent.key.to_owned()),
        rerolls: duel.rules().rerolls,
        seed: seed.0,
        throws: std::mem::take(&mut journal.throws),
        decisions: std::mem::take(&mut journal.decisions),
        hand: duel
            .roll(Side::Player)
            .map_or_else(String::new, |r| evaluate_roll(&r).to_string()),
        coins_in,
        coins_out,
        result: Some(result.to_owned()),
        badge: duel.changed(Side::Player).and_then(|(slot, from, to)| {
            Some(BadgeUse {
                badge: duel.rules().badge(Side::Player)?.key().to_owned(),
                slot,
                from,
                to,
            })
        }),
    };
    write(&save, &mut notice, &record);
}
