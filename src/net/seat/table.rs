//! The network seat at a match of machines, a duel or a table, for the game
//! window: the host seats its guests on one join code and runs the match
//! (a table's computer seats played here by their minds), or a guest plays
//! its seat, on the seat's thread as [`crate::net::table`] does for the
//! command line. The game sends its player's decisions; it hears, in the
//! session's order, every seat taken, then every event of the match (each
//! seat's moves, its own among them once the host has taken them, every
//! deal and every seat that left), to replay on its table.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, TryRecvError};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{FromNet, Outbox, ToNet};
use crate::net::table::{Meet, host_table, join_table, seat_guests};
use crate::net::{Cut, Link, NetError, refuse_others};
use crate::rules::deal::Nonce;
use crate::rules::duel::{Duel, Opponent};
use crate::rules::netplay::Decision;
use crate::rules::netplay::table::{MatchSession, NetReferee, TableTerms};
use crate::rules::protocol::judge;
use crate::rules::protocol::{MatchFormat, Message, TablePlay};
use crate::rules::table::TableMatch;

/// Hosts a match under `terms` (the host's seat included): the
/// `computers` seats are played here by their minds; the host waits on
/// `port` or the transit `relay` for a guest in each other seat with
/// `code`, then plays the match with the game's decisions.
pub(super) fn host<R: NetReferee>(
    (port, relay): (u16, Option<String>),
    code: &str,
    (terms, computers): (TableTerms, &[(usize, &'static Opponent)]),
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let seats = terms.seats;
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
        refuse_others(listener.try_clone()?, terms.format);
    }
    let mut session = MatchSession::<R>::new(0, terms)
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
            Some(&(_, mind)) => Some(table.mind_move(mind, seat, &mut whims)),
            None => player.decide(table, seat),
        },
        || entropy.random::<Nonce>(),
        |session| tell(session, &mut told, outbox) && player.poll(),
    )?;
    finish(&player, outbox)
}

/// Plays a guest's seat over `link`, which the host welcomed to a match.
pub(super) fn join(
    link: Link,
    welcome: &Message,
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let (terms, me) = TableTerms::of_welcome(welcome).map_err(NetError::Protocol)?;
    match terms.format {
        MatchFormat::Duel => join_as::<Duel>(link, (terms, me), inbox, outbox),
        MatchFormat::Table => join_as::<TableMatch>(link, (terms, me), inbox, outbox),
    }
}

/// [`join`] once the welcome has said which referee plays.
fn join_as<R: NetReferee>(
    link: Link,
    (terms, me): (TableTerms, usize),
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let mut session = MatchSession::<R>::new(me, terms).map_err(Cut::Terms)?;
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
    .map_err(Cut::from)?;
    finish(&player, outbox)
}

/// Tells the game every event since the last `told`; false once it is gone.
fn tell<R: NetReferee>(session: &MatchSession<R>, told: &mut usize, outbox: &Outbox) -> bool {
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
    /// Decisions not yet asked for, in the order made: a duel's player may
    /// make two before the session asks (a bet, then a reroll).
    next: RefCell<VecDeque<Decision>>,
    /// The game has closed its end.
    gone: Cell<bool>,
}

impl<'a> Player<'a> {
    fn new(inbox: &'a Receiver<ToNet>) -> Player<'a> {
        Player {
            inbox,
            next: RefCell::new(VecDeque::new()),
            gone: Cell::new(false),
        }
    }

    /// The player's next decision for `seat` at `table`, once they have
    /// made one; one the table does not allow (made at a step gone by) is
    /// dropped rather than sent, so it cannot end the table.
    fn decide<R: NetReferee>(&self, table: &R, seat: usize) -> Option<Decision> {
        self.poll();
        let mut next = self.next.borrow_mut();
        while let Some(decision) = next.pop_front() {
            if judge(&mut table.clone(), seat, TablePlay::from(decision)).is_ok() {
                return Some(decision);
            }
        }
        None
    }

    /// Takes what the game has sent; true while it is still there.
    fn poll(&self) -> bool {
        loop {
            match self.inbox.try_recv() {
                Ok(ToNet::Local(decision)) => self.next.borrow_mut().push_back(decision),
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use super::*;
    use crate::rules::duel::Side;
    use crate::rules::netplay::rules_for;
    use crate::rules::referee::Referee;
    use crate::rules::turn::{BetAction, Turn};

    #[test]
    fn a_duels_player_may_decide_twice_before_the_session_asks() {
        // The host checks, the guest raises, the host calls and rerolls
        // first: two decisions in a row, both made before the session asks.
        let mut duel = Duel::new(rules_for(10, 10), Side::Near);
        for seat in [0, 1] {
            judge(&mut duel, seat, TablePlay::Throw).unwrap();
            Referee::rolled(&mut duel, seat, [1, 2, 3, 5, 6]).unwrap();
        }
        let bet = |action| Decision::Bet(action);
        judge(&mut duel, 0, TablePlay::from(bet(BetAction::Check))).unwrap();
        judge(&mut duel, 1, TablePlay::from(bet(BetAction::Raise))).unwrap();
        assert_eq!(duel.turn(), Turn::Bet(0));
        let (to_net, inbox) = channel();
        let (call, reroll) = (
            bet(BetAction::Call),
            Decision::Reroll([true, true, true, false, false]),
        );
        to_net.send(ToNet::Local(call)).unwrap();
        to_net.send(ToNet::Local(reroll)).unwrap();
        let player = Player::new(&inbox);
        assert_eq!(player.decide(&duel, 0), Some(call));
        judge(&mut duel, 0, TablePlay::from(call)).unwrap();
        assert_eq!(duel.turn(), Turn::Reroll(0));
        assert_eq!(player.decide(&duel, 0), Some(reroll));
        // A decision for a step gone by is dropped, not sent.
        to_net.send(ToNet::Local(call)).unwrap();
        assert_eq!(player.decide(&duel, 0), None);
    }
}
