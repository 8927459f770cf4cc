//! A table of machines without the wire: sessions joined by queues that
//! deliver lines in a random order across links (in order on each), played
//! by computer minds to the end. Every machine must see the same events and
//! the same table; a guest that leaves, cheats or asks out of turn must not
//! stop the rest.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::table_wire::Wire;
use crate::rules::deal::Nonce;
use crate::rules::duel::Opponent;
use crate::rules::netplay::table::NetReferee;
use crate::rules::protocol::{Message, TablePlay};
use crate::rules::table::TableStep;
use crate::rules::transcript::TableEvent;

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
                .filter(|e| matches!(e, TableEvent::Deal { .. }));
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
            if let TableEvent::Deal { nonces, .. } = event {
                assert!(nonces.iter().all(Option::is_some), "{nonces:?}");
                deals += 1;
            }
        }
        assert!(deals >= 8);
        for seat in [1, 3] {
            assert!(host.events.iter().any(|e| matches!(
                e,
                TableEvent::Moved { seat: s, .. } if *s == seat
            )));
        }
    }
}

#[test]
fn a_guest_that_goes_away_at_any_moment_folds_and_the_table_plays_on() {
    let mut mid_deal = 0;
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
        // No throw was ever dealt without a committed seat's nonce: one that
        // went mid-deal called the round off.
        for event in &host.events {
            if let TableEvent::Deal {
                commitments,
                nonces,
                ..
            } = event
            {
                let whole = commitments
                    .iter()
                    .zip(nonces)
                    .all(|(c, n)| c.is_some() == n.is_some());
                assert!(whole, "seed {seed}: {nonces:?}");
            }
        }
        mid_deal += host
            .events
            .iter()
            .filter(|e| matches!(e, TableEvent::Void { seat: s } if *s == seat))
            .count();
    }
    assert!(mid_deal > 0, "some guest left in the middle of a deal");
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
    assert!(
        !host
            .events
            .iter()
            .any(|e| matches!(e, TableEvent::Deal { seat: 2, .. }))
    );
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
            |t, s| Some(t.mind_move(mind, s, &mut whims)),
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

/// Plays on until the host has every nonce of a throw and its list is on
/// the way to `guest`: every line before it is delivered, the list is
/// taken off the wire and handed back (its change and nonces).
fn until_reveals_for(wire: &mut Wire, guest: usize) -> (u32, Vec<Option<String>>) {
    loop {
        wire.advance();
        let queue = &wire.down[guest];
        if let Some(at) = queue
            .iter()
            .position(|m| matches!(m, Message::Reveals { .. }))
        {
            for _ in 0..at {
                let line = wire.down[guest].pop_front().unwrap();
                wire.sessions[guest]
                    .as_mut()
                    .unwrap()
                    .from_host(&line)
                    .unwrap();
            }
            let Some(Message::Reveals { turn, nonces }) = wire.down[guest].pop_front() else {
                unreachable!()
            };
            return (turn, nonces);
        }
        assert!(wire.deliver(), "no throw dealt");
    }
}

#[test]
fn a_host_holding_every_nonce_cannot_deal_without_a_committed_seat() {
    for seed in 0..4 {
        // A host that would rather deal without seat 2: it says seat 2 left,
        // then sends the nonces without seat 2's.
        let mut wire = Wire::new(3, 40 + seed);
        let (turn, mut nonces) = until_reveals_for(&mut wire, 1);
        assert!(nonces.iter().all(Option::is_some));
        nonces[2] = None;
        let guest = wire.sessions[1].as_mut().unwrap();
        let deals = |g: &crate::rules::netplay::table::TableSession| {
            g.events
                .iter()
                .filter(|e| matches!(e, TableEvent::Deal { .. }))
                .count()
        };
        let dealt = deals(guest);
        let put_before: Vec<u64> = (0..3)
            .map(|s| guest.table().stack(s) + guest.table().put(s))
            .collect();
        let left = Message::Left {
            turn: guest.turn(),
            seat: 2,
        };
        guest.from_host(&left).unwrap();
        // The round is called off on this machine: seats 0 and 1 have their coins back.
        assert_eq!(guest.events.last(), Some(&TableEvent::Void { seat: 2 }));
        assert_eq!(guest.table().step(), TableStep::RoundOver);
        for (seat, &had) in put_before.iter().enumerate().take(2) {
            assert!(guest.table().stack(seat) >= had, "seat {seat}");
        }
        let ended = guest
            .from_host(&Message::Reveals {
                turn,
                nonces: nonces.clone(),
            })
            .unwrap_err();
        assert_eq!(deals(guest), dealt, "seed {seed}: {ended}");
        // Nor without a word of seat 2 leaving.
        let mut wire = Wire::new(3, 40 + seed);
        let (turn, mut nonces) = until_reveals_for(&mut wire, 1);
        nonces[2] = None;
        let guest = wire.sessions[1].as_mut().unwrap();
        let dealt = deals(guest);
        let ended = guest
            .from_host(&Message::Reveals { turn, nonces })
            .unwrap_err();
        assert!(ended.to_string().contains("committed seat"), "{ended}");
        assert_eq!(deals(guest), dealt);
    }
}

#[test]
fn a_host_whose_guests_have_all_left_lays_no_match_for_itself_alone() {
    let mut wire = Wire::new(3, 51);
    wire.until_waiting_for(1);
    wire.leave(1);
    wire.leave(2);
    wire.waiting = None;
    wire.advance();
    let host = wire.host();
    assert!(!host.guests_here());
    assert!(matches!(host.table().step(), TableStep::MatchOver(0)));
    assert!(!host.finished(), "a match was still to come");
    assert!(!host.events.contains(&TableEvent::Rematch));
}
