//! The player's books at a table: what it has won or put in as the host
//! has it (a dealt throw still landing here counted as taken, the ante of
//! a round the host has laid already owed), for the wallet and the save.

use std::borrow::Cow;

use super::Party;
use crate::rules::table::{TableMatch, TableStep};

impl Party {
    /// The player's coins won minus brought at this table: the finished
    /// matches' and this one's stack against what it sat down with (what is
    /// in the pot is counted as spent; it is at stake until the round ends).
    pub fn net(&self) -> i64 {
        let stack = self.as_taken().stack(self.you());
        self.closed + stack as i64 - self.stack as i64 - self.owed() as i64
    }

    /// The table as the host has it: with the dealt throw still landing
    /// here taken (its move too, if this table has not played it yet).
    pub fn as_taken(&self) -> Cow<'_, TableMatch> {
        let Some((seat, faces)) = self.net.and_then(|n| n.landing) else {
            return Cow::Borrowed(&self.table);
        };
        let mut table = self.table.clone();
        let thrown = match table.step() {
            TableStep::Throw(s) if s == seat => table.throw(seat),
            TableStep::Reroll(s) if s == seat => table.reroll(seat),
            TableStep::Rolling(s) if s == seat => Ok(()),
            _ => return Cow::Borrowed(&self.table),
        };
        match thrown.and_then(|()| table.rolled(seat, faces)) {
            Ok(()) => Cow::Owned(table),
            Err(_) => Cow::Borrowed(&self.table),
        }
    }

    /// What the player's move asked of the host and not yet taken puts in,
    /// and the ante of the round or match the host has laid already.
    pub(super) fn owed(&self) -> u64 {
        self.net.filter(|n| n.asked).map_or(0, |n| n.owes) + self.next_ante()
    }

    /// A guest's ante in the round or match the host has already laid: the
    /// host lays the next one as soon as one is decided, before this window
    /// shows it, so a guest whose window closes then has put its ante in
    /// (and folds it there). Nothing once the link has ended: no round
    /// comes, and what a closed host laid is not played.
    pub(super) fn next_ante(&self) -> u64 {
        let Some(net) = self.net else {
            return 0;
        };
        let you = self.you();
        if net.closed || you == self.leader() {
            return 0;
        }
        let table = self.as_taken();
        match table.step() {
            TableStep::RoundOver => {
                let mut next = table.into_owned();
                let before = next.stack(you);
                match next.next_round() {
                    Ok(()) => before - next.stack(you),
                    Err(_) => 0,
                }
            }
            TableStep::MatchOver(_) if self.matches < net.terms.matches => self
                .fresh_match()
                .map_or(0, |m| self.stack.saturating_sub(m.stack(you))),
            _ => 0,
        }
    }

    /// A guest's coins in the undecided round at a table of machines: not at
    /// stake in the wallet (if its window closes the others fold them and
    /// play on), but given back if the table ends under it.
    pub fn guest_stake(&self) -> u64 {
        let guest = self.net.is_some() && self.you() != self.leader();
        let table = self.as_taken();
        let undecided = table.step().mover().is_some();
        if guest && undecided && !table.has_left(self.you()) {
            table.put(self.you()) + self.owed()
        } else {
            0
        }
    }
}
