//! The wire between the sessions of a match across machines, a table's or
//! a duel's, for the tests: queues that deliver lines in a random order
//! across links (in order on each), the sessions played by computer minds.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::deal::Nonce;
use crate::rules::duel::Opponent;
use crate::rules::netplay::table::{MatchSession, NetReferee, TableTerms};
use crate::rules::protocol::Message;
use crate::rules::table::TableMatch;

/// A referee the tests compare across machines.
pub(super) trait Minded: NetReferee + PartialEq + std::fmt::Debug {}
impl<R: NetReferee + PartialEq + std::fmt::Debug> Minded for R {}

/// Sessions and the lines between them: `down[g]` from the host to guest
/// `g`, `up[g]` from guest `g` to the host.
pub(super) struct Wire<R: NetReferee = TableMatch> {
    pub(super) sessions: Vec<Option<MatchSession<R>>>,
    pub(super) down: Vec<VecDeque<Message>>,
    pub(super) up: Vec<VecDeque<Message>>,
    pub(super) rng: ChaCha8Rng,
    /// Changes a guest's reveals before they leave: a cheat.
    pub(super) cheat: Option<usize>,
    /// A seat whose player has not decided yet (its `decide` answers `None`).
    pub(super) waiting: Option<usize>,
}

impl Wire<TableMatch> {
    pub(super) fn new(seats: usize, seed: u64) -> Wire<TableMatch> {
        Wire::of(TableTerms::new(seed, (5, 5), 2, seats), seed)
    }

    /// Every machine still at the table saw what the host saw, and every
    /// coin is kept.
    pub(super) fn agree(&self) {
        self.agree_on_all();
        let t = self.host().table();
        let coins: u64 = (0..t.seats()).map(|s| t.stack(s)).sum::<u64>() + t.pot();
        assert_eq!(
            coins,
            self.host().terms().stack * t.seats() as u64,
            "every coin kept"
        );
    }
}

impl<R: Minded> Wire<R> {
    /// A session for each seat of `terms`, lines delivered as `seed` falls.
    pub(super) fn of(terms: TableTerms, seed: u64) -> Wire<R> {
        let seats = terms.seats;
        Wire {
            sessions: (0..seats)
                .map(|s| Some(MatchSession::new(s, terms).unwrap()))
                .collect(),
            down: vec![VecDeque::new(); seats],
            up: vec![VecDeque::new(); seats],
            rng: ChaCha8Rng::seed_from_u64(seed),
            cheat: None,
            waiting: None,
        }
    }

    pub(super) fn host(&self) -> &MatchSession<R> {
        self.sessions[0].as_ref().unwrap()
    }

    /// Every session moves on as far as it can, and its lines go on the wire.
    pub(super) fn advance(&mut self) {
        let mind = Opponent::find("normal").unwrap();
        for seat in 0..self.sessions.len() {
            let Some(session) = self.sessions[seat].as_mut() else {
                continue;
            };
            let mut whims = ChaCha8Rng::seed_from_u64(self.rng.random());
            let mut entropy = ChaCha8Rng::seed_from_u64(self.rng.random());
            let waiting = self.waiting == Some(seat);
            session
                .advance(
                    |table, s| (!waiting).then(|| table.mind_move(mind, s, &mut whims)),
                    || entropy.random::<Nonce>(),
                )
                .unwrap();
            while let Some((to, mut message)) = session.outgoing() {
                if seat == 0 {
                    self.down[to].push_back(message);
                } else {
                    if let (Some(cheat), Message::Reveal { nonce, .. }) = (self.cheat, &mut message)
                        && cheat == seat
                    {
                        nonce
                            .replace_range(0..2, if nonce.starts_with("00") { "11" } else { "00" });
                    }
                    self.up[seat].push_back(message);
                }
            }
        }
    }

    /// Delivers one line from a link picked at random; false when none waits.
    pub(super) fn deliver(&mut self) -> bool {
        let waiting: Vec<(bool, usize)> = (1..self.sessions.len())
            .flat_map(|g| [(true, g), (false, g)])
            .filter(|&(down, g)| !if down { &self.down[g] } else { &self.up[g] }.is_empty())
            .collect();
        if waiting.is_empty() {
            return false;
        }
        let (down, g) = waiting[self.rng.random_range(0..waiting.len())];
        if down {
            let message = self.down[g].pop_front().unwrap();
            if let Some(guest) = self.sessions[g].as_mut() {
                guest.from_host(&message).unwrap();
            }
        } else {
            let message = self.up[g].pop_front().unwrap();
            let host = self.sessions[0].as_mut().unwrap();
            if host.from_guest(g, &message).is_err() {
                // The host closes the cheat's link.
                self.sessions[g] = None;
                self.up[g].clear();
            }
        }
        true
    }

    /// Plays on until nothing moves but `seat`'s player, who has not decided.
    pub(super) fn until_waiting_for(&mut self, seat: usize) {
        self.waiting = Some(seat);
        while {
            self.advance();
            self.deliver()
        } {}
    }

    /// `seat`'s machine goes away: its link ends.
    pub(super) fn leave(&mut self, seat: usize) {
        self.sessions[seat] = None;
        self.up[seat].clear();
        self.sessions[0].as_mut().unwrap().seat_left(seat);
    }

    /// Plays until every match is decided; `leave_at`: a guest goes away
    /// at that many deliveries.
    pub(super) fn play(&mut self, leave_at: Option<(usize, u32)>) {
        for delivered in 0..200_000u32 {
            if let Some((seat, at)) = leave_at
                && at == delivered
            {
                self.leave(seat);
            }
            self.advance();
            if !self.deliver() {
                assert!(
                    self.host().finished(),
                    "a match stuck at {:?}",
                    self.host().table().turn()
                );
                return;
            }
        }
        panic!("no end");
    }

    /// Every machine still at the match saw what the host saw.
    pub(super) fn agree_on_all(&self) {
        let host = self.host();
        for guest in self.sessions.iter().flatten() {
            assert_eq!(guest.events, host.events, "seat {}", guest.me());
            assert_eq!(guest.table(), host.table());
            assert!(guest.finished());
        }
    }
}
