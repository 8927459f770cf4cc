//! A duel across machines through the one session a table plays: the
//! duel's rules (two round wins, one betting turn, a draw's pot left on the
//! table), every machine seeing the same duel whatever order lines arrive
//! in, the transcript enough to replay it, a move out of turn refused, and
//! a guest gone ending the duel where it stands.

use super::table_wire::Wire;
use crate::rules::duel::{Duel, ROUNDS_TO_WIN};
use crate::rules::netplay::table::{DuelSession, MatchSession, NetReferee, TableTerms};
use crate::rules::protocol::{Message, TablePlay, WireBet, judge};
use crate::rules::referee::Referee;
use crate::rules::table::TableMatch;
use crate::rules::transcript::TableEvent;

fn duel_wire(seed: u64) -> Wire<Duel> {
    Wire::of(TableTerms::duel(seed, (10, 10), 3), seed)
}

#[test]
fn both_machines_play_the_same_duels_under_the_duels_rules() {
    let mut draws = 0;
    for seed in 0..8 {
        let mut wire = duel_wire(seed);
        wire.play(None);
        wire.agree_on_all();
        let host = wire.host();
        assert_eq!(host.refused, 0, "a mind asks only what it may");
        assert_eq!(host.wins.iter().sum::<u32>(), 3, "three matches");
        assert_eq!(host.table().rules().wins, ROUNDS_TO_WIN);
        for event in &host.events {
            match event {
                TableEvent::RoundOver {
                    winner: Some(w),
                    paid,
                    ..
                } => {
                    assert!(paid[*w] > 0, "the winner takes the pot: {paid:?}");
                    assert_eq!(paid[1 - w], 0, "and only the winner: {paid:?}");
                }
                // A draw: the pot stays for the round played again.
                TableEvent::RoundOver {
                    winner: None, paid, ..
                } => {
                    assert_eq!(paid, &[0, 0]);
                    draws += 1;
                }
                TableEvent::MatchOver { winner } => {
                    let scores = host.events.iter().filter_map(|e| match e {
                        TableEvent::RoundOver { score, .. } => Some(score[*winner]),
                        _ => None,
                    });
                    assert!(scores.into_iter().any(|s| s == ROUNDS_TO_WIN));
                }
                _ => {}
            }
        }
        // The transcript alone replays the last match to the same referee.
        let last = host.events.iter().rposition(|e| *e == TableEvent::Rematch);
        let mut duel = <Duel as NetReferee>::lay(&host.terms(), &[]).unwrap();
        for event in &host.events[last.map_or(0, |i| i + 1)..] {
            match event {
                TableEvent::Moved { seat, play } => judge(&mut duel, *seat, *play).unwrap(),
                TableEvent::Deal { seat, faces, .. } => {
                    Referee::rolled(&mut duel, *seat, *faces).unwrap()
                }
                _ => {}
            }
        }
        assert_eq!(&duel, host.table(), "seed {seed}");
    }
    assert!(draws > 0, "some round was drawn");
}

#[test]
fn each_format_takes_only_its_own_terms() {
    let duel = TableTerms::duel(1, (10, 10), 1);
    let table = TableTerms::new(1, (10, 10), 1, 2);
    assert!(DuelSession::new(0, table).is_err());
    assert!(MatchSession::<TableMatch>::new(0, duel).is_err());
    let three = TableTerms { seats: 3, ..duel };
    assert!(DuelSession::new(0, three).is_err());
    assert!(DuelSession::new(1, duel).is_ok());
}

#[test]
fn a_duel_move_out_of_turn_is_refused_and_changes_nothing() {
    let mut wire = duel_wire(21);
    wire.until_waiting_for(1);
    let host = wire.sessions[0].as_mut().unwrap();
    let before = host.table().clone();
    let turn = host.turn();
    let mover = host.table().turn().mover();
    assert_eq!(mover, Some(1), "the guest's move is awaited");
    // A bet where a throw or a hold is due, then a move for the host's seat.
    let bet = TablePlay::Bet {
        action: WireBet::Raise,
    };
    let refused = host.refused;
    for play in [bet, TablePlay::Next] {
        host.from_guest(1, &Message::Play { turn, play }).unwrap();
    }
    assert_eq!(host.refused, refused + 2);
    assert_eq!(host.table(), &before);
    assert_eq!(host.turn(), turn);
    // The duel plays on to its end.
    wire.waiting = None;
    wire.play(None);
    wire.agree_on_all();
}

#[test]
fn a_guest_gone_ends_the_duel_where_it_stands() {
    for seed in 0..12u64 {
        let mut wire = duel_wire(40 + seed);
        let at = 3 + (seed as u32 * 11) % 90;
        for _ in 0..at {
            wire.advance();
            wire.deliver();
        }
        wire.leave(1);
        let before = wire.host().table().clone();
        let events = wire.host().events.len();
        for _ in 0..50 {
            wire.advance();
            wire.deliver();
        }
        let host = wire.host();
        assert_eq!(
            host.events.len(),
            events,
            "seed {seed}: nothing after the leave"
        );
        assert_eq!(host.events.last(), Some(&TableEvent::Left { seat: 1 }));
        assert_eq!(host.table(), &before, "the duel stands where it was");
        assert!(host.owing().is_empty(), "no deal waits for a seat gone");
        assert!(!host.finished());
    }
}

#[test]
fn a_guest_whose_reveal_does_not_match_ends_the_duel_without_seeing_its_dice() {
    for seed in 0..4 {
        let mut wire = duel_wire(70 + seed);
        wire.cheat = Some(1);
        for _ in 0..2_000 {
            wire.advance();
            if !wire.deliver() {
                break;
            }
        }
        assert!(wire.sessions[1].is_none(), "the cheat's link is closed");
        let host = wire.host();
        assert!(host.has_left(1));
        // The first deal needed the cheat's nonce: no die was ever dealt.
        let deals = host
            .events
            .iter()
            .filter(|e| matches!(e, TableEvent::Deal { .. }));
        assert_eq!(deals.count(), 0, "seed {seed}");
        assert!(!host.finished(), "the duel stands unfinished");
    }
}

#[test]
fn a_guest_knows_what_it_waits_on_the_host_for() {
    use crate::rules::netplay::table::HostOwes;
    let mut wire = duel_wire(90);
    // The host throws first: its move, which the guest waits for.
    assert_eq!(
        wire.sessions[1].as_ref().unwrap().awaits_host(),
        Some(HostOwes::Move)
    );
    assert_eq!(wire.host().awaits_host(), None, "a host waits on nobody");
    // Once the throw is out and the guest has committed, the host owes its list.
    wire.advance();
    while wire.deliver() {
        let guest = wire.sessions[1].as_mut().unwrap();
        guest.advance(|_, _| None, || [3; 32]).unwrap();
        if guest.awaits_host() == Some(HostOwes::Deal) {
            break;
        }
    }
    let guest = wire.sessions[1].as_ref().unwrap();
    assert_eq!(guest.awaits_host(), Some(HostOwes::Deal));
    // At its own move it waits on nobody.
    wire.until_waiting_for(1);
    assert_eq!(wire.host().table().turn().mover(), Some(1));
    assert_eq!(wire.sessions[1].as_ref().unwrap().awaits_host(), None);
}
