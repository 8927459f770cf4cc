//! A guest's side of a match over its one link to the host: the session
//! moved on by this seat's decisions and the host's lines, heartbeats out,
//! and a clock on what the host owes (its part of a deal, a move it passes
//! on), so a host that stalls forfeits as a guest would.

use std::time::{Duration, Instant};

use super::POLL;
use crate::net::{DEAL_DEADLINE, GONE_AFTER, HEARTBEAT, Link, NetError, TURN_DEADLINE};
use crate::rules::deal::Nonce;
use crate::rules::netplay::Decision;
use crate::rules::netplay::table::{HostOwes, MatchSession, NetReferee, TableEnded};
use crate::rules::protocol::{Message, ProtocolError};

/// Runs a guest's side of a match over its link to the host until every
/// match is decided: `decide` plays this seat; with `person`, it is asked
/// again every [`POLL`] while it has not decided (a person may take their
/// time), else it decides when asked and the link waits for the host's
/// next move. `shown` as for the host. A host silent for [`GONE_AFTER`] is
/// gone, one that owes its part of a deal [`DEAL_DEADLINE`] or a move
/// [`TURN_DEADLINE`] forfeits (twice as long at a table: it may wait on
/// another guest first); a heartbeat goes out every [`HEARTBEAT`].
pub fn join_table<R: NetReferee>(
    link: (Link, bool),
    session: &mut MatchSession<R>,
    decide: impl FnMut(&R, usize) -> Option<Decision>,
    nonce: impl FnMut() -> Nonce,
    shown: impl FnMut(&MatchSession<R>) -> bool,
) -> Result<(), NetError> {
    let slack = if session.terms().seats > crate::rules::duel::DUEL_SEATS {
        2
    } else {
        1
    };
    let limits = (DEAL_DEADLINE * slack, TURN_DEADLINE * slack);
    join_table_within(link, session, (decide, nonce, shown), limits)
}

/// [`join_table`] with other times the host has for its part of a deal and
/// for a move (the tests use short ones).
pub fn join_table_within<R: NetReferee>(
    (mut link, person): (Link, bool),
    session: &mut MatchSession<R>,
    (mut decide, mut nonce, mut shown): (
        impl FnMut(&R, usize) -> Option<Decision>,
        impl FnMut() -> Nonce,
        impl FnMut(&MatchSession<R>) -> bool,
    ),
    (deal, turn): (Duration, Duration),
) -> Result<(), NetError> {
    let mut heard = Instant::now();
    let mut beat = Instant::now();
    let mut clock = HostClock {
        waiting: None,
        limits: (deal, turn),
    };
    let result = loop {
        if let Err(e) = session.advance(&mut decide, &mut nonce) {
            break Err(host_fault(e));
        }
        let mut failed = None;
        while let Some((_, message)) = session.outgoing() {
            if let Err(e) = link.send(&message) {
                failed = Some(e);
                break;
            }
        }
        if !shown(session) {
            failed = failed.or(Some(NetError::Closed));
        }
        if let Some(why) = failed {
            break Err(why);
        }
        if session.finished() {
            break Ok(());
        }
        let due = clock.due(session);
        if let Some((by, owes)) = due
            && Instant::now() >= by
        {
            break Err(HostClock::late(owes));
        }
        if !person {
            match link.receive_move_with(HEARTBEAT, GONE_AFTER, due.map(|(by, _)| by)) {
                Ok(message) => {
                    if let Err(e) = session.from_host(&message) {
                        break Err(host_fault(e));
                    }
                    continue;
                }
                Err(NetError::DealTooSlow) => {
                    break Err(due.map_or(NetError::DealTooSlow, |(_, o)| HostClock::late(o)));
                }
                Err(e) => break Err(e),
            }
        }
        match link.receive_by(Instant::now() + POLL) {
            Ok(Message::Heartbeat) => heard = Instant::now(),
            Ok(Message::Refused { reason }) => break Err(NetError::PeerRefused(reason)),
            Ok(message) => {
                heard = Instant::now();
                if let Err(e) = session.from_host(&message) {
                    break Err(host_fault(e));
                }
            }
            Err(NetError::Timeout) => {}
            Err(e) => break Err(e),
        }
        if heard.elapsed() >= GONE_AFTER {
            break Err(NetError::Gone);
        }
        if beat.elapsed() >= HEARTBEAT {
            if let Err(e) = link.send(&Message::Heartbeat) {
                break Err(e);
            }
            beat = Instant::now();
        }
    };
    link.shutdown();
    result
}

/// A guest's clock on the host: what it owes now (its part of a deal, a
/// move it passes on), at which change, and since when; how long it has
/// for a deal and for a move.
struct HostClock {
    waiting: Option<(HostOwes, u32, Instant)>,
    limits: (Duration, Duration),
}

impl HostClock {
    /// When the host's time is up for what it owes now, if anything.
    fn due<R: NetReferee>(&mut self, session: &MatchSession<R>) -> Option<(Instant, HostOwes)> {
        let (owes, turn) = (session.awaits_host(), session.turn());
        self.waiting = match (self.waiting, owes) {
            (Some((was, at, since)), Some(now)) if (was, at) == (now, turn) => {
                Some((was, at, since))
            }
            (_, Some(now)) => Some((now, turn, Instant::now())),
            (_, None) => None,
        };
        self.waiting.map(|(owes, _, since)| {
            let limit = match owes {
                HostOwes::Deal => self.limits.0,
                HostOwes::Move => self.limits.1,
            };
            (since + limit, owes)
        })
    }

    /// The host was too slow with what it owed: it forfeits.
    fn late(owes: HostOwes) -> NetError {
        match owes {
            HostOwes::Deal => NetError::DealTooSlow,
            HostOwes::Move => NetError::TurnTooSlow,
        }
    }
}

/// Why a guest's match ended, as the host's doing: a reveal that does not
/// match is cheating, a seat taken for gone is removed, anything else a
/// break of the protocol.
fn host_fault(ended: TableEnded) -> NetError {
    match ended {
        TableEnded::Cheated(_) => NetError::Cheated,
        TableEnded::Removed => NetError::Removed,
        TableEnded::HostBroke(why) => NetError::Protocol(ProtocolError::Illegal(why)),
    }
}
