//! A table round on the history's page: every seat's throws, holds and folds
//! as the round's trace (what luck and skill are worked out from), the
//! player's own throws, and the decided round written once into the
//! player's history with every seat's hand, coins and account.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::dice::{DiceSeed, TrayDice};
use crate::game::Notice;
use crate::game::journal::{HistoryAt, Journal, kept, write};
use crate::game::profile::{SaveFile, SaveWriter};
use crate::history::{self, Mode, Outcome, Record, TableMark, Throw};
use crate::rules::evaluate_roll;
use crate::rules::luck::{TableMove, TableTrace};
use crate::rules::table::TableStep;

use super::Party;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PartyLog>();
    app.add_observer(note_party_move);
}

/// The round under way, as its history line will tell it.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct PartyLog {
    /// Every throw, hold and fold of the round so far (`None`: the round
    /// began before it could be traced).
    pub trace: Option<TableTrace>,
}

/// What a move the referee accepted adds to the round's page; a new round
/// opens a fresh one and a decided round is written.
fn note_party_move(
    moved: On<Moved>,
    party: Option<Res<Party>>,
    dice: TrayDice,
    mut log: ResMut<PartyLog>,
    mut journal: ResMut<Journal>,
    mut book: HistoryBook,
) {
    let Some(party) = party else {
        return;
    };
    let table = &party.table;
    let Some(from) = moved.from.filter(|f| f.mover().is_some()) else {
        // A new table, match or round: a fresh page. A table laid mid-round
        // (one that comes back) is given its page by `resume`.
        if let Some(trace) = TableTrace::new_round(table) {
            *journal = Journal::default();
            log.trace = Some(trace);
        }
        return;
    };
    let noted = match (from, moved.to) {
        (TableStep::Rolling(seat), _) => table.roll(seat).map(|faces| {
            if seat == party.you() {
                journal.throws.push(Throw {
                    faces,
                    held: dice.held(party.trays[seat]),
                });
            }
            TableMove::Rolled { seat, faces }
        }),
        (TableStep::Reroll(seat), to) => table.roll(seat).map(|roll| {
            let faces = if to == TableStep::Rolling(seat) {
                kept(&roll, &dice.held(party.trays[seat]))
            } else {
                roll.to_vec()
            };
            TableMove::Kept { seat, faces }
        }),
        (TableStep::Bet(seat), _) if !table.is_live(seat) => Some(TableMove::Folded { seat }),
        _ => None,
    };
    if let (Some(m), Some(trace)) = (noted, log.trace.as_mut()) {
        trace.note(m);
    }
    if moved.to.mover().is_none() {
        let throws = std::mem::take(&mut journal.throws);
        if let Some(record) = round_record(&party, log.trace.take(), throws, book.seed.session()) {
            book.write(record);
        }
    }
}

/// Where a decided round is written.
#[derive(bevy::ecs::system::SystemParam)]
struct HistoryBook<'w> {
    seed: Res<'w, DiceSeed>,
    save: Res<'w, SaveFile>,
    at: Option<Res<'w, HistoryAt>>,
    writer: Option<Res<'w, SaveWriter>>,
    notice: ResMut<'w, Notice>,
}

impl HistoryBook<'_> {
    fn write(&mut self, record: Record) {
        let (at, writer) = (self.at.as_deref(), self.writer.as_deref());
        write(&self.save, at, writer, &mut self.notice, record);
    }
}

/// The player's line for the round just decided: its throws, hand and
/// coins, how the round ended for it, and every seat's hand, coins and
/// luck and skill.
fn round_record(
    party: &Party,
    trace: Option<TableTrace>,
    throws: Vec<Throw>,
    seed: Option<u64>,
) -> Option<Record> {
    let table = &party.table;
    // A round called off was not played: nothing to write of it.
    let end = table.last_end().filter(|end| !end.void)?;
    let you = party.you();
    let trace = trace?;
    // The referee knows who saw the round out; without a point, those who
    // showed the best hand shared the main pot.
    let showed = |s: usize| {
        table
            .roll(s)
            .filter(|_| table.is_live(s))
            .map(|r| evaluate_roll(&r))
    };
    let folded = !table.is_live(you);
    let best = (0..party.seats.len()).filter_map(showed).max();
    let shared = !folded && best.is_some() && showed(you) == best;
    let result = match end.winner {
        _ if end.accused.is_some_and(|a| a.by == you) => match end.accused {
            Some(a) if a.caught => Outcome::Caught,
            _ => Outcome::FalseAccusation,
        },
        // Another seat's accusation gave the player back what it put in.
        _ if end.accused.is_some() && !folded => Outcome::Draw,
        _ if folded => Outcome::Fold,
        Some(w) if w == you && end.by_folds => Outcome::OpponentFold,
        Some(w) if w == you => Outcome::Win,
        None if shared => Outcome::Draw,
        _ => Outcome::Loss,
    };
    let seats = party.seats.len();
    Some(Record {
        time: history::now(),
        mode: Mode::Table,
        opponent: None,
        rerolls: table.rules().rerolls,
        seed,
        throws,
        decisions: Vec::new(),
        hand: table
            .roll(you)
            .map_or_else(String::new, |r| evaluate_roll(&r).to_string()),
        coins_in: end.put[you],
        coins_out: end.paid[you],
        result: Some(result),
        badge: None,
        round: None,
        daily: None,
        table: Some(TableMark {
            seats: party.seats.iter().map(|s| s.key().to_owned()).collect(),
            seat: you,
            // A seat that sat the round out never threw.
            hands: (0..seats)
                .map(|s| table.roll(s).map(|r| evaluate_roll(&r).to_string()))
                .collect(),
            put: end.put.clone(),
            paid: end.paid.clone(),
            // Worked out as the line is written, off the frame.
            accounts: Vec::new(),
            trace,
        }),
        dice: None,
    })
}
