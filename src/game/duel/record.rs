//! A duel round on the history's page: a friend's throws in the far seat,
//! each person's hold with its exact win chance beside the best, and the
//! decided round written once (the player's side into the player's
//! history, a friend's into the friend's).

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::dice::{DiceSeed, DiceSettled, TrayDice};
use crate::history::{self, BadgeUse, Decision, Mode, Outcome, Record, Throw};
use crate::rules::duel::{RoundEnd, Side};
use crate::rules::evaluate_roll;
use crate::rules::luck::RoundTrace;
use crate::rules::turn::Turn;

use crate::game::Notice;
use crate::game::journal::{HistoryAt, Journal, kept, write, write_to};
use crate::game::profile::{SaveFile, SaveWriter};

use super::friend::FriendWallet;
use super::luck::RoundLog;
use super::own::OwnDice;
use super::{HoldDecided, Minds, RoundEnded, Table, Terms};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(note_far_throw)
        .add_observer(open_duel_round)
        .add_observer(note_duel_hold)
        .add_observer(write_duel_round);
}

/// Every settled throw of a friend's tray in the far seat.
fn note_far_throw(
    settled: On<DiceSettled>,
    table: Option<Res<Table>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    if table.is_some_and(|t| t.terms == Terms::Friend && t.trays[1] == settled.tray) {
        journal.far_throws.push(Throw {
            faces: settled.faces,
            held: dice.held(settled.tray),
        });
    }
}

/// A new round (or a new table) opens a fresh page.
fn open_duel_round(moved: On<Moved>, table: Option<Res<Table>>, mut journal: ResMut<Journal>) {
    let fresh = moved.from.is_none_or(Turn::is_decided);
    if table.is_some() && fresh {
        *journal = Journal::default();
    }
}

/// A person's hold in a duel (the player's, or a friend's in the far seat),
/// with its exact win chance next to the best one.
fn note_duel_hold(
    decided: On<HoldDecided>,
    minds: Option<Res<Minds>>,
    table: Option<Res<Table>>,
    own: Res<OwnDice>,
    mut journal: ResMut<Journal>,
) {
    let at = &decided.at;
    let side = decided.side;
    let friend = table.is_some_and(|t| t.terms == Terms::Friend);
    if side != Side::Near && !friend {
        return;
    }
    let Some(faces) = at.roll(side) else {
        return;
    };
    // The player's crooked dice are weighed by each die's chances.
    let all: Option<Vec<(Vec<u8>, f64)>> = match (&own.brains, &minds) {
        (Some(brains), _) if side == Side::Near => brains
            .holds(at, side)
            .map(|all| all.into_iter().map(|c| (c.held, c.value)).collect()),
        (_, Some(minds)) => minds.0.holds(at, side).map(|all| {
            all.into_iter()
                .map(|c| (c.held, c.value.to_f64()))
                .collect()
        }),
        (_, None) => None,
    };
    if let Some(all) = all {
        let decision = Decision::weighed(
            faces,
            at.rerolls_left(side),
            kept(&faces, &decided.held),
            all.iter().map(|(held, value)| (held.as_slice(), *value)),
        );
        match side {
            Side::Near => journal.decisions.push(decision),
            Side::Far => journal.far_decisions.push(decision),
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
    (log, own): (Res<RoundLog>, Res<OwnDice>),
    writer: Option<Res<SaveWriter>>,
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
    let mut record = round_record(&ended, &table, Side::Near, seed.session(), page);
    record.round = log.trace.clone();
    record.dice = own.named();
    write(&save, at.as_deref(), writer.as_deref(), &mut notice, record);
    if let Some(dir) = friend.as_ref().and_then(|f| f.dir()) {
        let page = (
            std::mem::take(&mut journal.far_throws),
            std::mem::take(&mut journal.far_decisions),
        );
        let mut record = round_record(&ended, &table, Side::Far, seed.session(), page);
        // Across the table from the friend sits the player.
        record.opponent = Some(PLAYER_KEY.to_owned());
        record.round = log.trace.as_ref().map(RoundTrace::mirrored);
        write_to(
            history::history_path(dir),
            writer.as_deref(),
            &mut notice,
            record,
        );
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
        Some(RoundEnd::Draw) => Outcome::Draw,
        Some(RoundEnd::Fold(s)) if s == side => Outcome::Fold,
        Some(RoundEnd::Fold(_)) => Outcome::OpponentFold,
        Some(RoundEnd::Showdown(s)) if s == side => Outcome::Win,
        Some(RoundEnd::Accused { by, caught: true }) if by == side => Outcome::Caught,
        Some(RoundEnd::Accused { by, .. }) if by == side => Outcome::FalseAccusation,
        Some(RoundEnd::Accused { caught: false, .. }) => Outcome::Win,
        _ => Outcome::Loss,
    };
    // A practice round is kept for its holds; no coins moved in it.
    let mode = Mode::from(table.terms);
    let practice = mode == Mode::Practice;
    let won_before = match side {
        Side::Near => ended.won_before,
        Side::Far => ended.far_won_before,
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
        mode,
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
        result: Some(result),
        badge: duel.changed(side).and_then(|(slot, from, to)| {
            Some(BadgeUse {
                badge: duel.rules().badge(side)?,
                slot,
                from,
                to,
            })
        }),
        round: None,
        daily: None,
        table: None,
        dice: None,
    }
}
