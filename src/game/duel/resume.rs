//! A duel round cut off comes back on the next start with its whole table:
//! the referee with pot, bets, rolls and whose turn, the wallet's share,
//! both trays' holds, and the round's page and trace. A friend's or a
//! network table cannot come back (its stake is given back instead).

use bevy::prelude::*;

use crate::dice::{TrayDice, holds_changed};
use crate::game::journal::Journal;
use crate::game::profile::{DuelPosition, Position, Resumable, ResumeDuel, Wallet};
use crate::game::table::numbers::{Numbers, numbering, numbers_changed, put_dice_back};
use crate::game::{AppSystems, Screen};
use crate::rules::duel::Step;

use super::luck::RoundLog;
use super::{Books, Table, TableLink};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            keep_duel_position.run_if(
                resource_exists::<Table>
                    .and_then(in_state(Screen::Duel))
                    .and_then(
                        resource_changed::<Table>
                            .or_else(holds_changed)
                            .or_else(numbers_changed),
                    ),
            ),
            put_back_duel.run_if(
                resource_exists::<ResumeDuel>
                    .and_then(resource_exists::<Table>)
                    .and_then(in_state(Screen::Duel)),
            ),
        )
            .in_set(AppSystems::Rules),
    );
}

/// While a duel round waits for a decision, the save keeps the whole table;
/// between rounds (nothing at stake), or at a table that cannot come back
/// (a friend's, a network's), nothing.
fn keep_duel_position(
    table: Res<Table>,
    link: Res<TableLink>,
    books: Res<Books>,
    wallet: Res<Wallet>,
    journal: Res<Journal>,
    log: Res<RoundLog>,
    resume: Option<Res<ResumeDuel>>,
    dice: TrayDice,
    numbers: Query<&Numbers>,
    mut resumable: ResMut<Resumable>,
) {
    if resume.is_some() {
        return;
    }
    let terms = Some(table.terms).filter(|t| t.comes_back());
    let step = table.duel.step();
    let want = match (terms, step) {
        // Dice in the air: the position before the throw stands.
        (_, Step::Rolling(_)) => return,
        (Some(terms), Step::Throw(_) | Step::Bet(_) | Step::Reroll(_))
            if wallet.at_stake > 0 && !link.closed =>
        {
            Some(Position::Duel(Box::new(DuelPosition {
                terms,
                opponent: table.opponent.key.to_owned(),
                duel: table.duel.clone(),
                matches: table.matches,
                booked: books.booked,
                closed: books.closed,
                held: table.trays.map(|t| dice.held(t)),
                numbers: table.trays.map(|t| numbering(&numbers, t)),
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
    table: Res<Table>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
    mut log: ResMut<RoundLog>,
    mut commands: Commands,
) {
    let position = &resume.0;
    let dice_as_they_were = (&position.held[..], &position.numbers[..]);
    put_dice_back(
        &mut commands,
        &dice,
        &table.duel,
        &table.trays,
        dice_as_they_were,
    );
    journal.throws = position.throws.clone();
    journal.decisions = position.decisions.clone();
    log.trace = position.trace.clone();
    commands.remove_resource::<ResumeDuel>();
}
