//! What every seat of a match across machines agrees to: the rules played
//! (a duel's or a table's), the stake, the coins each sits down with, the
//! matches, the seats; the welcome that carries them, and the check a
//! guest makes of it.

use crate::rules::duel::DUEL_SEATS;
use crate::rules::protocol::{MatchFormat, Message, ProtocolError};
use crate::rules::table::house::{TABLE_STACK_ANTES, table_rules};
use crate::rules::table::{MAX_SEATS, MIN_SEATS, TableRules};

/// What every seat of a match across machines agreed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableTerms {
    /// The rules played.
    pub format: MatchFormat,
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
            format: MatchFormat::Table,
            match_id,
            ante,
            raise,
            matches,
            stack: ante * TABLE_STACK_ANTES,
            seats,
        }
    }

    /// Terms for a duel at this stake: two seats, the host and its guest.
    pub fn duel(match_id: u64, stake: (u64, u64), matches: u32) -> TableTerms {
        TableTerms {
            format: MatchFormat::Duel,
            ..TableTerms::new(match_id, stake, matches, DUEL_SEATS)
        }
    }

    /// The table's referee's rules for these terms.
    pub fn rules(&self) -> TableRules {
        table_rules(
            self.ante,
            self.raise,
            crate::rules::duel::DEFAULT_DUEL_REROLLS,
        )
    }

    /// The welcome the host sends the guest in `seat`.
    pub fn welcome(&self, seat: usize) -> Message {
        Message::Welcome {
            match_id: self.match_id,
            ante: self.ante,
            raise: self.raise,
            matches: self.matches,
            stack: self.stack,
            seat,
            seats: self.seats,
            format: self.format,
        }
    }

    /// The terms and this guest's seat in a welcome, if they are terms this
    /// game plays for (a stake and matches it plays for, two to four seats
    /// at a table and two at a duel, a seat that is a guest's, coins for at
    /// least one ante).
    pub fn of_welcome(message: &Message) -> Result<(TableTerms, usize), ProtocolError> {
        let Message::Welcome {
            match_id,
            ante,
            raise,
            matches,
            stack,
            seat,
            seats,
            format,
        } = *message
        else {
            return Err(ProtocolError::Malformed(format!(
                "a table's welcome was expected, not a {} message",
                message.name()
            )));
        };
        crate::rules::protocol::stake_terms(ante, raise, matches)?;
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) || !(1..seats).contains(&seat) {
            return Err(ProtocolError::Refused(format!(
                "seat {seat} of {seats}: a table seats {MIN_SEATS} to {MAX_SEATS}, the host first"
            )));
        }
        if format == MatchFormat::Duel && seats != DUEL_SEATS {
            return Err(ProtocolError::Refused(format!(
                "a duel of {seats} seats: a duel seats {DUEL_SEATS}"
            )));
        }
        if stack < ante || stack > ante.saturating_mul(TABLE_STACK_ANTES) {
            return Err(ProtocolError::Refused(format!(
                "a stack of {stack} at an ante of {ante}: this game sits down with {TABLE_STACK_ANTES} antes"
            )));
        }
        let terms = TableTerms {
            format,
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
