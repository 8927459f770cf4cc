//! The network seat at a table of machines, for the game window: the host
//! seats its guests on one join code and runs the table (its computer seats
//! played here by their minds), or a guest plays its seat, on the seat's thread as [`crate::net::table`] does for the
//! command line. The game sends its player's decisions; it hears, in the session's
//! order, every seat taken, then every event of the table (each seat's
//! moves, its own among them once the host has taken them, every deal and
//! every seat that left), to replay on its table.

use std::cell::Cell;
use std::sync::mpsc::{Receiver, TryRecvError};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{FromNet, Outbox, ToNet};
use crate::net::table::{Meet, host_table, join_table, seat_guests};
use crate::net::{Cut, Link, NetError, refuse_saying};
use crate::rules::deal::Nonce;
use crate::rules::duel::Opponent;
use crate::rules::netplay::table::{TableSession, TableTerms};
use crate::rules::netplay::{Decision, table_decision};
use crate::rules::protocol::judge;
use crate::rules::protocol::{Message, TablePlay};
use crate::rules::table::TableMatch;
use crate::rules::table::house::{PARTY_ANTE, PARTY_STEP};

/// Hosts a table of `seats` (the host's included) for `matches` matches:
/// the `computers` seats are played here by their minds; the host waits on
/// `port` or the transit `relay` for a guest in each other seat with
/// `code`, then plays the table with the game's decisions.
pub(super) fn host(
    (port, relay): (u16, Option<String>),
    code: &str,
    (matches, seats, computers): (u32, usize, &[(usize, &'static Opponent)]),
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    // The house table's stake, as at a table at one machine: a seat sits
    // down with what a new player's wallet holds, never more.
    let terms = TableTerms::new(rand::random(), (PARTY_ANTE, PARTY_STEP), matches, seats);
    let played: Vec<usize> = computers.iter().map(|&(seat, _)| seat).collect();
    let guests: Vec<usize> = (1..seats).filter(|s| !played.contains(s)).collect();
    let meet = super::meeting_place(port, relay, code, outbox)?;
    let mut taken = seats - guests.len();
    let _ = outbox.send(FromNet::Seated { taken, seats });
    let links = seat_guests(&meet, code, (&terms, &guests), |_| {
        taken += 1;
        let _ = outbox.send(FromNet::Seated { taken, seats });
    })?;
    if let Meet::Listen(listener) = &meet {
        refuse_saying(listener.try_clone()?, "the table is full");
    }
    let mut session = TableSession::new(0, terms)
        .map_err(Cut::Terms)?
        .hosting(&played);
    let _ = outbox.send(FromNet::TableConnected {
        me: 0,
        terms,
        computers: computers.to_vec(),
    });
    let player = Player::new(inbox);
    // The minds' whims; the nonces come from their own entropy.
    let mut whims = ChaCha8Rng::from_os_rng();
    let mut entropy = ChaCha8Rng::from_os_rng();
    let mut told = 0;
    host_table(
        links,
        &mut session,
        |table, seat| match computers.iter().find(|&&(s, _)| s == seat) {
            Some(&(_, mind)) => Some(table_decision(mind, table, seat, &mut whims)),
            None => player.decide(table, seat),
        },
        || entropy.random::<Nonce>(),
        |session| tell(session, &mut told, outbox) && player.poll(),
    )?;
    finish(&player, outbox)
}

/// Plays a guest's seat over `link`, which the host welcomed to a table.
pub(super) fn join(
    link: Link,
    welcome: &Message,
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let (terms, me) = TableTerms::of_welcome(welcome).map_err(NetError::Protocol)?;
    let mut session = TableSession::new(me, terms).map_err(Cut::Terms)?;
    let _ = outbox.send(FromNet::TableConnected {
        me,
        terms,
        computers: Vec::new(),
    });
    let player = Player::new(inbox);
    let mut entropy = ChaCha8Rng::from_os_rng();
    let mut told = 0;
    join_table(
        (link, true),
        &mut session,
        |table, seat| player.decide(table, seat),
        || entropy.random::<Nonce>(),
        |session| tell(session, &mut told, outbox) && player.poll(),
    )
    .map_err(|why| {
        if session.removed() {
            Cut::Removed
        } else {
            Cut::Network(why)
        }
    })?;
    finish(&player, outbox)
}

/// Tells the game every event since the last `told`; false once it is gone.
fn tell(session: &TableSession, told: &mut usize, outbox: &Outbox) -> bool {
    for event in &session.events[*told..] {
        if outbox.send(FromNet::Table(event.clone())).is_err() {
            return false;
        }
    }
    *told = session.events.len();
    true
}

/// Every match decided: the game hears so, unless it went first.
fn finish(player: &Player, outbox: &Outbox) -> Result<(), Cut> {
    if player.gone.get() {
        return Err(Cut::GameClosed);
    }
    let _ = outbox.send(FromNet::Finished);
    Ok(())
}

/// The player at this machine, as the game tells their decisions.
struct Player<'a> {
    inbox: &'a Receiver<ToNet>,
    /// The latest decision not yet asked for.
    next: Cell<Option<Decision>>,
    /// The game has closed its end.
    gone: Cell<bool>,
}

impl<'a> Player<'a> {
    fn new(inbox: &'a Receiver<ToNet>) -> Player<'a> {
        Player {
            inbox,
            next: Cell::new(None),
            gone: Cell::new(false),
        }
    }

    /// The player's decision for `seat` at `table`, once they have made
    /// one; one the table does not allow (made at a step gone by) is dropped
    /// rather than sent, so it cannot end the table.
    fn decide(&self, table: &TableMatch, seat: usize) -> Option<Decision> {
        self.poll();
        let decision = self.next.take()?;
        judge(&mut table.clone(), seat, TablePlay::from(decision))
            .is_ok()
            .then_some(decision)
    }

    /// Takes what the game has sent; true while it is still there.
    fn poll(&self) -> bool {
        loop {
            match self.inbox.try_recv() {
                Ok(ToNet::Local(decision)) => self.next.set(Some(decision)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.gone.set(true);
                    break;
                }
            }
        }
        !self.gone.get()
    }
}
