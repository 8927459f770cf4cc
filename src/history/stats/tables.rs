//! What a history says of the rounds at tables of several: the player's
//! record per lineup, and what decided the rounds for every kind of seat
//! (the player, a friend, each computer opponent), in share of the pot.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{DuelRecord, LuckReport};
use crate::history::Record;
use crate::rules::luck::Account;

/// The table rounds of a history.
#[derive(Serialize, Debug, Clone, Default, PartialEq)]
pub struct TableStats {
    /// The player's rounds per lineup, the seats' keys in turn order
    /// (`you,normal,easy`).
    pub records: BTreeMap<String, DuelRecord>,
    /// What decided the rounds a seat saw out, per kind of seat (`you`,
    /// `friend`, an opponent's key): its share of the pot at the start,
    /// given up by its holds, moved by the others' holds and folds, and by
    /// the dice.
    pub luck: BTreeMap<String, LuckReport>,
}

/// Table rounds counted one record at a time.
#[derive(Default)]
pub(super) struct TableTally {
    records: BTreeMap<String, DuelRecord>,
    luck: BTreeMap<String, Vec<Account>>,
}

impl TableTally {
    /// Counts one table round (a line with its table mark).
    pub(super) fn add(&mut self, r: &Record) {
        let Some(mark) = &r.table else {
            return;
        };
        self.records
            .entry(mark.seats.join(","))
            .or_default()
            .count(r);
        for (key, account) in mark.seats.iter().zip(&mark.accounts) {
            if let Some(account) = account {
                self.luck.entry(key.clone()).or_default().push(*account);
            }
        }
    }

    pub(super) fn finish(self) -> TableStats {
        TableStats {
            records: self.records,
            luck: self
                .luck
                .into_iter()
                .map(|(key, accounts)| (key, LuckReport::of(accounts)))
                .collect(),
        }
    }
}
