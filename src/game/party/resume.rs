//! A round at a table of several cut off comes back on the next start where
//! it was: the referee with every stack, bet, roll and whose turn, the
//! wallet's share, every tray's dice and holds, and the round's page and
//! trace. Every seat is at this machine, so nothing is given back.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::dice::{TrayDice, holds_changed};
use crate::game::journal::Journal;
use crate::game::profile::{PartyPosition, Position, Resumable, ResumeParty, Wallet};
use crate::game::table::numbers::{Numbers, numbering, numbers_changed, put_dice_back};
use crate::game::{AppSystems, Screen};
use crate::rules::table::TableStep;

use super::Party;
use super::record::PartyLog;

pub(super) fn plugin(app: &mut App) {
    // Put back as the table is laid, before any seat can move.
    app.add_systems(
        OnEnter(Screen::Party),
        put_back_party
            .run_if(resource_exists::<ResumeParty>)
            .after(super::setup::set_table),
    );
    app.add_systems(
        Update,
        keep_party_position
            .run_if(
                resource_exists::<Party>
                    .and_then(in_state(Screen::Party))
                    .and_then(
                        resource_changed::<Party>
                            .or_else(holds_changed)
                            .or_else(numbers_changed),
                    ),
            )
            .in_set(AppSystems::Rules),
    );
}

/// While a round waits for a decision with the player's coins in the pot,
/// the save keeps the whole table; between rounds (nothing at stake),
/// nothing.
fn keep_party_position(
    party: Res<Party>,
    wallet: Res<Wallet>,
    journal: Res<Journal>,
    log: Res<PartyLog>,
    resume: Option<Res<ResumeParty>>,
    dice: TrayDice,
    numbers: Query<&Numbers>,
    mut resumable: ResMut<Resumable>,
) {
    if resume.is_some() {
        return;
    }
    let want = match party.table.step() {
        // A table of machines does not come back: its stake is given back.
        _ if party.net.is_some() => None,
        // Dice in the air: the position before the throw stands.
        TableStep::Rolling(_) => return,
        TableStep::Throw(_) | TableStep::Bet(_) | TableStep::Reroll(_) if wallet.at_stake > 0 => {
            Some(Position::Party(Box::new(PartyPosition {
                seats: party
                    .seats
                    .iter()
                    .map(|s| s.key())
                    .collect::<Vec<_>>()
                    .join(","),
                table: party.table.clone(),
                matches: party.matches,
                booked: party.booked,
                closed: party.closed,
                held: party.trays.iter().map(|&t| dice.held(t)).collect(),
                numbers: party
                    .trays
                    .iter()
                    .map(|&t| numbering(&numbers, t))
                    .collect(),
                throws: journal.throws.clone(),
                trace: log.trace.clone(),
            })))
        }
        _ => None,
    };
    if resumable.0 != want {
        resumable.0 = want;
    }
}

/// The table is laid with the saved referee (`party::setup`): the dice as
/// they were on every tray, and the round's page and trace. The seat whose
/// turn it is is told again, so a computer seat decides on its dice as they
/// are now.
fn put_back_party(
    resume: Res<ResumeParty>,
    party: Option<Res<Party>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
    mut log: ResMut<PartyLog>,
    mut commands: Commands,
) {
    let Some(party) = party else {
        return;
    };
    let position = &resume.0;
    let dice_as_they_were = (&position.held[..], &position.numbers[..]);
    put_dice_back(
        &mut commands,
        &dice,
        &party.table,
        &party.trays,
        dice_as_they_were,
    );
    journal.throws = position.throws.clone();
    log.trace = position.trace.clone();
    commands.remove_resource::<ResumeParty>();
    commands.trigger(Moved {
        from: None,
        to: party.table.step(),
    });
}
