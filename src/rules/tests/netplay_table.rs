//! A table of machines without the wire: sessions joined by queues that
//! deliver lines in a random order across links (in order on each), played
//! by computer minds to the end. Every machine must see the same events and
//! the same table; a guest that leaves, cheats or asks out of turn must not
//! stop the rest.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::deal::Nonce;
use crate::rules::duel::Opponent;
use crate::rules::netplay::table::{TableSession, TableTerms};
use crate::rules::netplay::table_decision;
use crate::rules::protocol::{Message, TablePlay};
use crate::rules::table::TableStep;

/// Sessions and the lines between them: `down[g]` from the host to guest
/// `g`, `up[g]` from guest `g` to the host.
struct Wire {
    sessions: Vec<Option<TableSession>>,
    down: Vec<VecDeque<Message>>,
    up: Vec<VecDeque<Message>>,
    rng: ChaCha8Rng,
    /// Changes a guest's reveals before they leave: a cheat.
    cheat: Option<usize>,
    /// A seat whose player has not decided yet (its `decide` answers `None`).
    waiting: Option<usize>,
}

impl Wire {
    fn new(seats: usize, seed: u64) -> Wire {
        let terms = TableTerms::new(seed, (5, 5), 2, seats);
        Wire {
            sessions: (0..seats)
                .map(|s| Some(TableSession::new(s, terms).unwrap()))
                .collect(),
            down: vec![VecDeque::new(); seats],
            up: vec![VecDeque::new(); seats],
            rng: ChaCha8Rng::seed_from_u64(seed),
            cheat: None,
            waiting: None,
        }
    }

    fn host(&self) -> &TableSession {
        self.sessions[0].as_ref().unwrap()
    }

    /// Every session moves on as far as it can, and its lines go on the wire.
    fn advance(&mut self) {
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
                    |table, s| (!waiting).then(|| table_decision(mind, table, s, &mut whims)),
                    || entropy.random::<Nonce>(),
                )
                .unwrap();
            while let Some((to, mut message)) = session.outgoing() {
                if seat == 0 {
                    self.down[to].push_back(message);
                } else {
                    if let (Some(cheat), Message::TableReveal { nonce, .. }) =
                        (self.cheat, &mut message)
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
    fn deliver(&mut self) -> bool {
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
    fn until_waiting_for(&mut self, seat: usize) {
        self.waiting = Some(seat);
        while {
            self.advance();
            self.deliver()
        } {}
    }

    /// `seat`'s machine goes away: its link ends.
    fn leave(&mut self, seat: usize) {
        self.sessions[seat] = None;
        self.up[seat].clear();
        self.sessions[0].as_mut().unwrap().seat_left(seat);
    }

    /// Plays until every match is decided; `leave_at`: a guest goes away
    /// at that many deliveries.
    fn play(&mut self, leave_at: Option<(usize, u32)>) {
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
                    "a table stuck at {:?}",
                    self.host().table().step()
                );
                return;
            }
        }
        panic!("no end");
    }

    /// Every machine still at the table saw what the host saw.
    fn agree(&self) {
        let host = self.host();
        for guest in self.sessions.iter().flatten() {
            assert_eq!(guest.events, host.events, "seat {}", guest.me());
            assert_eq!(guest.table(), host.table());
            assert!(guest.finished());
        }
        let t = host.table();
        let coins: u64 = (0..t.seats()).map(|s| t.stack(s)).sum::<u64>() + t.pot();
        assert_eq!(
            coins,
            host.terms().stack * t.seats() as u64,
            "every coin kept"
        );
    }
}

#[test]
fn three_and_four_machines_see_the_same_table_whatever_order_lines_arrive_in() {
    for seats in [2, 3, 4] {
        for seed in 0..6 {
            let mut wire = Wire::new(seats, seed);
            wire.play(None);
            wire.agree();
            let host = wire.host();
            assert_eq!(host.refused, 0, "a mind asks only what it may");
            assert_eq!(host.wins.iter().sum::<u32>(), 2, "two matches");
            let deals = host
                .events
                .iter()
                .filter(|e| matches!(e, crate::rules::transcript::TableEvent::Deal { .. }));
            assert!(deals.count() >= 2 * seats, "{seats} seats, seed {seed}");
        }
    }
}

#[test]
fn a_host_that_plays_computer_seats_deals_for_each_and_its_guests_see_the_same_table() {
    for seed in 0..4 {
        let mut wire = Wire::new(4, 300 + seed);
        // Seats 1 and 3 are the host's computer seats: no machine sits there.
        let host = wire.sessions[0].take().unwrap().hosting(&[1, 3]);
        wire.sessions = vec![Some(host), None, wire.sessions[2].take(), None];
        wire.play(None);
        wire.agree();
        let host = wire.host();
        assert_eq!(host.refused, 0);
        assert!(!(0..4).any(|s| host.table().has_left(s)), "nobody left");
        // Every throw was dealt from a nonce for every seat, the host's
        // computer seats' among them, and each seat moved.
        let mut deals = 0;
        for event in &host.events {
            if let crate::rules::transcript::TableEvent::Deal { nonces, .. } = event {
                assert!(nonces.iter().all(Option::is_some), "{nonces:?}");
                deals += 1;
            }
        }
        assert!(deals >= 8);
        for seat in [1, 3] {
            assert!(host.events.iter().any(|e| matches!(
                e,
                crate::rules::transcript::TableEvent::Moved { seat: s, .. } if *s == seat
            )));
        }
    }
}

#[test]
fn a_guest_that_goes_away_at_any_moment_folds_and_the_table_plays_on() {
    let mut left_mid_deal = 0;
    for seed in 0..40u64 {
        let seats = 3 + (seed % 2) as usize;
        let mut wire = Wire::new(seats, 100 + seed);
        let seat = 1 + (seed as usize % (seats - 1));
        // Early, mid-round or mid-deal, as the seed falls.
        let at = 5 + (seed as u32 * 7) % 120;
        wire.play(Some((seat, at)));
        wire.agree();
        let host = wire.host();
        assert!(host.table().has_left(seat));
        assert!(
            host.transcript()
                .iter()
                .any(|l| l.contains("leaves the table"))
        );
        // Did it go while a throw was being dealt? Then the throw was dealt without it.
        let left = host
            .events
            .iter()
            .position(|e| matches!(e, crate::rules::transcript::TableEvent::Left { .. }))
            .unwrap();
        left_mid_deal += u32::from(matches!(
            host.events.get(left + 1),
            Some(crate::rules::transcript::TableEvent::Deal { nonces, .. }) if nonces[seat].is_none()
        ));
    }
    assert!(left_mid_deal > 0, "some guest left in the middle of a deal");
}

#[test]
fn a_guest_whose_reveal_does_not_match_is_put_out_and_the_others_play_on() {
    let mut wire = Wire::new(3, 7);
    wire.cheat = Some(2);
    wire.play(None);
    wire.agree();
    let host = wire.host();
    assert!(host.table().has_left(2), "the cheat is out");
    assert!(wire.sessions[2].is_none(), "its link is closed");
    // It never got to see a die of its own dealt.
    assert!(!host.events.iter().any(|e| matches!(
        e,
        crate::rules::transcript::TableEvent::Deal { seat: 2, .. }
    )));
}

#[test]
fn a_request_out_of_turn_is_refused_and_one_on_an_old_table_is_dropped() {
    let mut wire = Wire::new(3, 3);
    // The host throws first: seat 2 asks to throw out of turn.
    let host = wire.sessions[0].as_mut().unwrap();
    assert_eq!(host.table().step(), TableStep::Throw(0));
    let before = host.table().clone();
    host.from_guest(
        2,
        &Message::Play {
            turn: 0,
            play: TablePlay::Throw,
        },
    )
    .unwrap();
    assert_eq!(host.refused, 1);
    // Asked on a table it has not seen yet (or one long gone): dropped, not judged.
    host.from_guest(
        2,
        &Message::Play {
            turn: 9,
            play: TablePlay::Throw,
        },
    )
    .unwrap();
    assert_eq!((host.refused, host.table()), (1, &before));
    // A guest may not start a round, nor send what only a host sends.
    let next = Message::Play {
        turn: 0,
        play: TablePlay::Next,
    };
    host.from_guest(1, &next).unwrap();
    assert_eq!(host.refused, 2);
    assert!(
        host.from_guest(1, &Message::Left { turn: 0, seat: 2 })
            .is_err()
    );
    assert!(
        host.table().has_left(1),
        "a guest that breaks the protocol leaves"
    );
    wire.sessions[1] = None;
    wire.play(None);
    wire.agree();
}

#[test]
fn a_request_dropped_as_a_seat_leaves_is_sent_again_without_asking_the_player_twice() {
    let mut wire = Wire::new(3, 11);
    wire.until_waiting_for(1);
    let step = wire.host().table().step();
    assert_eq!(step.mover(), Some(1), "{step:?}");
    // Seat 1's player decides once; seat 2 leaves before the host reads it.
    let mind = Opponent::find("normal").unwrap();
    let mut whims = ChaCha8Rng::seed_from_u64(5);
    let guest = wire.sessions[1].as_mut().unwrap();
    guest
        .advance(
            |t, s| Some(table_decision(mind, t, s, &mut whims)),
            rand::random::<Nonce>,
        )
        .unwrap();
    let (_, request) = guest.outgoing().expect("a request");
    let Message::Play { play, .. } = request else {
        panic!("{request:?}");
    };
    wire.leave(2);
    let host = wire.sessions[0].as_mut().unwrap();
    host.from_guest(1, &request).unwrap();
    assert_eq!(host.table().step(), step, "made on an older table: dropped");
    let mut told = Vec::new();
    while let Some((to, line)) = host.outgoing() {
        if to == 1 {
            told.push(line);
        }
    }
    assert!(
        matches!(told[..], [Message::Left { seat: 2, .. }]),
        "{told:?}"
    );
    // The guest hears of it and sends the same move again on its own.
    let guest = wire.sessions[1].as_mut().unwrap();
    guest.from_host(&told[0]).unwrap();
    guest
        .advance(
            |_, _| panic!("the player was asked twice"),
            rand::random::<Nonce>,
        )
        .unwrap();
    let (_, again) = guest.outgoing().expect("the request again");
    assert!(
        matches!(again, Message::Play { play: p, .. } if p == play),
        "{again:?}"
    );
    let host = wire.sessions[0].as_mut().unwrap();
    host.from_guest(1, &again).unwrap();
    assert_ne!(host.table().step(), step, "taken this time");
    assert_eq!(host.refused, 0);
    wire.waiting = None;
    wire.play(None);
    wire.agree();
}

#[test]
fn a_guest_refuses_a_move_the_host_makes_for_it() {
    let mut wire = Wire::new(3, 13);
    wire.until_waiting_for(1);
    // Seat 1's player asks to throw; the host says seat 1 stood instead.
    let guest = wire.sessions[1].as_mut().unwrap();
    guest
        .advance(
            |_, _| Some(crate::rules::netplay::Decision::Throw),
            rand::random::<Nonce>,
        )
        .unwrap();
    let Some((_, Message::Play { turn, play })) = guest.outgoing() else {
        panic!("a request");
    };
    assert_eq!(play, TablePlay::Throw);
    let forged = Message::Moved {
        turn,
        seat: 1,
        play: TablePlay::Stand,
    };
    let ended = guest.from_host(&forged).unwrap_err();
    assert!(ended.to_string().contains("did not ask"), "{ended}");
    // Nothing changed: the move it asked for is taken.
    guest
        .from_host(&Message::Moved {
            turn,
            seat: 1,
            play,
        })
        .unwrap();
    assert_eq!(guest.table().step(), TableStep::Rolling(1));
}
