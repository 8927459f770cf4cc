//! What every seat at a table of machines agrees to: the stake, the coins
//! each sits down with, the matches, the seats; the welcome that carries
//! them, and the check a guest makes of it.

use crate::rules::protocol::{Message, ProtocolError};
use crate::rules::table::house::{TABLE_STACK_ANTES, table_rules};
use crate::rules::table::{MAX_SEATS, MIN_SEATS, TableRules};

/// What every seat at a table of machines agreed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableTerms {
    /// Names the match in every deal.
    pub match_id: u64,
    /// Ante per round.
    pub ante: u64,
    /// Size of a bet or a raise.
    pub raise: u64,
    /// Matches in a row.
    pub matches: u32,
    /// Coins each seat sits down with.
    pub stack: u64,
    /// Seats at the table, the host's included.
    pub seats: usize,
}

impl TableTerms {
    /// Terms for `seats` seats at this stake: [`TABLE_STACK_ANTES`] antes each.
    pub fn new(match_id: u64, (ante, raise): (u64, u64), matches: u32, seats: usize) -> TableTerms {
        TableTerms {
            match_id,
            ante,
            raise,
            matches,
            stack: ante * TABLE_STACK_ANTES,
            seats,
        }
    }

    /// The referee's rules for these terms.
    pub fn rules(&self) -> TableRules {
        table_rules(
            self.ante,
            self.raise,
            crate::rules::duel::DEFAULT_DUEL_REROLLS,
        )
    }

    /// The welcome the host sends the guest in `seat`.
    pub fn welcome(&self, seat: usize) -> Message {
        Message::TableWelcome {
            match_id: self.match_id,
            ante: self.ante,
            raise: self.raise,
            matches: self.matches,
            stack: self.stack,
            seat,
            seats: self.seats,
        }
    }

    /// The terms and this guest's seat in a table's welcome, if they are
    /// terms this game plays for (the stake and matches as a duel's, two to
    /// four seats, a seat that is a guest's, coins for at least one ante).
    pub fn of_welcome(message: &Message) -> Result<(TableTerms, usize), ProtocolError> {
        let Message::TableWelcome {
            match_id,
            ante,
            raise,
            matches,
            stack,
            seat,
            seats,
        } = *message
        else {
            return Err(ProtocolError::Malformed(format!(
                "a table's welcome was expected, not a {} message",
                message.name()
            )));
        };
        let duel = Message::Welcome {
            match_id,
            ante,
            raise,
            matches,
        };
        crate::rules::protocol::welcome_terms(&duel)?;
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) || !(1..seats).contains(&seat) {
            return Err(ProtocolError::Refused(format!(
                "seat {seat} of {seats}: a table seats {MIN_SEATS} to {MAX_SEATS}, the host first"
            )));
        }
        if stack < ante || stack > ante.saturating_mul(TABLE_STACK_ANTES) {
            return Err(ProtocolError::Refused(format!(
                "a stack of {stack} at an ante of {ante}: this game sits down with {TABLE_STACK_ANTES} antes"
            )));
        }
        let terms = TableTerms {
            match_id,
            ante,
            raise,
            matches,
            stack,
            seats,
        };
        Ok((terms, seat))
    }
}
