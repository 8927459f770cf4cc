//! Keeps the history: each finished solo game and duel round is appended to
//! `history.jsonl` beside the save, with every throw, every hold decision and
//! its exact value next to the best one (from the advisor or the duel engine).

use bevy::prelude::*;

use crate::dice::{DiceSeed, DiceSettled, TrayDice};
use crate::history::{self, BadgeUse, DailyMark, Decision, Record, Throw};
use crate::rules::duel::{RoundEnd, Side, Step};
use crate::rules::evaluate_roll;
use crate::rules::hand::Roll;
use crate::rules::luck::RoundTrace;

use super::GameTray;
use super::coins::{Notice, SaveFile};
use super::daily::{DailyRun, solo_rerolls};
use super::duel::friend::FriendWallet;
use super::duel::luck::RoundLog;
use super::duel::{HoldDecided, Minds, RoundEnded, Table, TableMoved, Terms};
use super::hint::Advisor;
use super::{GameConfig, Phase, Round};

/// The game or round being played, as it will be written.
#[derive(Resource, Debug, Default)]
pub struct Journal {
    /// The player's throws so far.
    pub throws: Vec<Throw>,
    /// The player's decisions so far.
    pub decisions: Vec<Decision>,
    /// A friend's throws in the far seat of a table of two people.
    pub far_throws: Vec<Throw>,
    /// A friend's decisions, likewise.
    pub far_decisions: Vec<Decision>,
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

/// The history file when it is not beside the save: autoplay's workers
/// each keep a wallet of their own but write one history.
#[derive(Resource, Debug, Clone)]
pub struct HistoryAt(pub std::path::PathBuf);

/// Where the history lives: where [`HistoryAt`] says, else beside the save,
/// or nowhere.
pub(super) fn history_file(save: &SaveFile, at: Option<&HistoryAt>) -> Option<std::path::PathBuf> {
    if let Some(at) = at {
        return Some(at.0.clone());
    }
    let dir = save.0.as_ref()?.parent()?;
    Some(history::history_path(dir))
}

fn write(save: &SaveFile, at: Option<&HistoryAt>, notice: &mut Notice, record: &Record) {
    if let Some(path) = history_file(save, at)
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

/// Every settled throw of the player's tray (and of a friend's in the far seat).
fn note_throw(
    settled: On<DiceSettled>,
    tray: Option<Res<GameTray>>,
    table: Option<Res<Table>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    // Thrown dice are no longer held: what is held is what was kept.
    let throw = Throw {
        faces: settled.faces,
        held: dice.held(settled.tray),
    };
    if tray.is_some_and(|t| t.0 == settled.tray) {
        journal.throws.push(throw);
    } else if table.is_some_and(|t| t.terms == Terms::Friend && t.trays[1] == settled.tray) {
        journal.far_throws.push(throw);
    }
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

/// Writes the finished solo game (or game of the daily challenge).
pub(super) fn write_solo_game(
    round: Res<Round>,
    config: Res<GameConfig>,
    seed: Res<DiceSeed>,
    save: Res<SaveFile>,
    at: Option<Res<HistoryAt>>,
    daily: Option<Res<DailyRun>>,
    mut notice: ResMut<Notice>,
    mut journal: ResMut<Journal>,
) {
    let Some(hand) = round.hand else {
        return;
    };
    // The daily challenge: no coins, a day, a game and its score.
    let (mode, coins, mark) = match daily.as_deref() {
        Some(run) => (
            "daily",
            (0, 0),
            Some(DailyMark {
                date: run.date.clone(),
                game: run.game,
                run: run.run,
                given_up: run.given_up.last().copied().unwrap_or(0.0),
            }),
        ),
        None => (
            "solo",
            (config.payouts.stake, config.payouts.pay(hand.kind())),
            None,
        ),
    };
    let record = Record {
        time: history::now(),
        mode: mode.to_owned(),
        opponent: None,
        rerolls: solo_rerolls(&config, daily.as_deref()),
        seed: seed.0,
        throws: std::mem::take(&mut journal.throws),
        decisions: std::mem::take(&mut journal.decisions),
        hand: hand.to_string(),
        coins_in: coins.0,
        coins_out: coins.1,
        result: None,
        badge: None,
        round: None,
        daily: mark,
    };
    write(&save, at.as_deref(), &mut notice, &record);
}

/// A new round (or a new table) opens a fresh page.
fn open_duel_round(moved: On<TableMoved>, mut journal: ResMut<Journal>) {
    let fresh = moved.from.is_none_or(Step::is_decided);
    if fresh {
        *journal = Journal::default();
    }
}

/// A person's hold in a duel (the player's, or a friend's in the far seat),
/// with its exact win chance next to the best one.
fn note_duel_hold(
    decided: On<HoldDecided>,
    minds: Option<Res<Minds>>,
    table: Option<Res<Table>>,
    mut journal: ResMut<Journal>,
) {
    let at = &decided.at;
    let side = decided.side;
    let friend = table.is_some_and(|t| t.terms == Terms::Friend);
    if side != Side::Player && !friend {
        return;
    }
    if let (Some(minds), Some(faces)) = (&minds, at.roll(side))
        && let Some(all) = minds.0.holds(at, side)
    {
        let chosen = kept(&faces, &decided.held);
        let value = all
            .iter()
            .find(|c| c.held == chosen)
            .map_or(0.0, |c| c.value.to_f64());
        let decision = Decision {
            faces,
            rerolls_left: at.rerolls_left(side),
            chosen,
            chosen_value: value,
            best: all[0].held.clone(),
            best_value: all[0].value.to_f64(),
        };
        match side {
            Side::Player => journal.decisions.push(decision),
            Side::Cpu => journal.far_decisions.push(decision),
        }
    }
}

/// Each decided duel round, exactly once: the player's side into the
/// player's history, and a friend's side into the friend's.
fn write_duel_round(
    ended: On<RoundEnded>,
    table: Option<Res<Table>>,
    friend: Option<Res<FriendWallet>>,
    seed: Res<DiceSeed>,
    save: Res<SaveFile>,
    at: Option<Res<HistoryAt>>,
    log: Res<RoundLog>,
    mut notice: ResMut<Notice>,
    mut journal: ResMut<Journal>,
) {
    let Some(table) = table else {
        return;
    };
    let page = (
        std::mem::take(&mut journal.throws),
        std::mem::take(&mut journal.decisions),
    );
    let mut record = round_record(&ended, &table, Side::Player, seed.0, page);
    record.round = log.trace.clone();
    write(&save, at.as_deref(), &mut notice, &record);
    if let Some(dir) = friend.as_ref().and_then(|f| f.dir()) {
        let page = (
            std::mem::take(&mut journal.far_throws),
            std::mem::take(&mut journal.far_decisions),
        );
        let mut record = round_record(&ended, &table, Side::Cpu, seed.0, page);
        // Across the table from the friend sits the player.
        record.opponent = Some(PLAYER_KEY.to_owned());
        record.round = log.trace.as_ref().map(RoundTrace::mirrored);
        let path = history::history_path(dir);
        if let Err(e) = history::append(&path, &record) {
            notice.0 = format!("cannot write the history to {}: {e}", path.display());
            warn!("{}", notice.0);
        }
    }
}

/// The opponent's key in a friend's history: the player at the near seat.
pub const PLAYER_KEY: &str = "player";

/// One side's record of a decided round.
fn round_record(
    ended: &RoundEnded,
    table: &Table,
    side: Side,
    seed: Option<u64>,
    (throws, decisions): (Vec<Throw>, Vec<Decision>),
) -> Record {
    let duel = &ended.duel;
    let result = match duel.last_end() {
        Some(RoundEnd::Draw) => "draw",
        Some(RoundEnd::Fold(s)) if s == side => "fold",
        Some(RoundEnd::Fold(_)) => "opponent_fold",
        Some(RoundEnd::Showdown(s)) if s == side => "win",
        _ => "loss",
    };
    // A practice round is kept for its holds; no coins moved in it.
    let practice = !table.terms.for_coins();
    let won_before = match side {
        Side::Player => ended.won_before,
        Side::Cpu => ended.far_won_before,
    };
    let (coins_in, coins_out) = if practice {
        (0, 0)
    } else {
        (
            duel.this_round(side),
            duel.won(side) + duel.from_house(side) - won_before,
        )
    };
    Record {
        time: history::now(),
        mode: if practice { "practice" } else { "duel" }.to_owned(),
        opponent: Some(table.opponent.key.to_owned()),
        rerolls: duel.rules().rerolls,
        seed,
        throws,
        decisions,
        hand: duel
            .roll(side)
            .map_or_else(String::new, |r| evaluate_roll(&r).to_string()),
        coins_in,
        coins_out,
        result: Some(result.to_owned()),
        badge: duel.changed(side).and_then(|(slot, from, to)| {
            Some(BadgeUse {
                badge: duel.rules().badge(side)?.key().to_owned(),
                slot,
                from,
                to,
            })
        }),
        round: None,
        daily: None,
    }
}
