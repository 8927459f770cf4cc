//! The table's referee: seats, turns, bets, all-ins and whole matches
//! played by random legal moves.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::duel::BetAction;

const RULES: TableRules = TableRules {
    ante: 5,
    step: 10,
    raises: DEFAULT_RAISES,
    rerolls: 1,
    wins: 2,
};

/// Throws `seat`'s dice, landing on `roll`.
fn throw(table: &mut TableMatch, seat: usize, roll: Roll) {
    table.throw(seat).unwrap();
    table.rolled(seat, roll).unwrap();
}

#[test]
fn a_table_seats_two_to_four_who_can_pay_the_ante() {
    assert_eq!(
        TableMatch::new(RULES, vec![100], 0),
        Err(LayError::Seats(1))
    );
    assert_eq!(
        TableMatch::new(RULES, vec![100; 5], 0),
        Err(LayError::Seats(5))
    );
    assert_eq!(
        TableMatch::new(RULES, vec![100, 4, 100], 0),
        Err(LayError::Short(1))
    );
    for seats in MIN_SEATS..=MAX_SEATS {
        let table = TableMatch::new(RULES, vec![100; seats], seats - 1).unwrap();
        assert_eq!(table.step(), TableStep::Throw(seats - 1));
        assert_eq!(table.pot(), 5 * seats as u64);
        assert!((0..seats).all(|s| table.stack(s) == 95));
    }
}

#[test]
fn three_seats_throw_bet_reroll_and_bet_in_turn_from_the_starter() {
    let mut t = TableMatch::new(RULES, vec![100; 3], 1).unwrap();
    // Out of turn: refused, nothing changes.
    let before = t.clone();
    assert!(t.throw(0).is_err() && t.bet(1, BetAction::Check).is_err());
    assert_eq!(t, before);
    throw(&mut t, 1, [2, 2, 3, 4, 6]);
    throw(&mut t, 2, [5, 5, 1, 2, 3]);
    assert!(t.throw(1).is_err(), "a seat throws once");
    throw(&mut t, 0, [6, 6, 6, 1, 2]);
    // Betting from the starter: check, raise, then the others answer.
    assert_eq!(t.step(), TableStep::Bet(1));
    assert_eq!(t.legal_bets(1), [BetAction::Check, BetAction::Raise]);
    t.bet(1, BetAction::Check).unwrap();
    t.bet(2, BetAction::Raise).unwrap();
    assert_eq!((t.to_call(0), t.to_call(1)), (10, 10));
    assert_eq!(
        t.legal_bets(0),
        [BetAction::Call, BetAction::Raise, BetAction::Fold]
    );
    t.bet(0, BetAction::Call).unwrap();
    assert_eq!(t.step(), TableStep::Bet(1), "the raise reopens seat 1");
    t.bet(1, BetAction::Fold).unwrap();
    // Rerolls in turn from the starter, skipping the folded seat.
    assert_eq!(t.step(), TableStep::Reroll(2));
    t.reroll(2).unwrap();
    t.rolled(2, [5, 5, 5, 5, 3]).unwrap();
    assert_eq!(t.step(), TableStep::Reroll(0));
    t.stand(0).unwrap();
    // After the last rerolls every die is in view: no betting round, the
    // showdown at once, where four of a kind takes 35.
    assert_eq!(t.step(), TableStep::RoundOver);
    assert!(t.bet(2, BetAction::Check).is_err());
    let end = t.last_end().unwrap();
    assert_eq!((end.winner, end.by_folds), (Some(2), false));
    assert_eq!(end.paid, [0, 0, 35]);
    assert_eq!([t.stack(0), t.stack(1), t.stack(2)], [85, 95, 120]);
    assert_eq!((t.score(2), t.pot()), (1, 0));
    // The next round starts one seat on.
    t.next_round().unwrap();
    assert_eq!((t.starter(), t.step()), (2, TableStep::Throw(2)));
}

#[test]
fn a_seat_that_cannot_cover_a_call_is_all_in_and_wins_only_what_it_matched() {
    // Seat 1 has 12: 5 ante, 7 left.
    let mut t = TableMatch::new(RULES, vec![100, 12, 100], 0).unwrap();
    throw(&mut t, 0, [1, 2, 3, 5, 6]);
    throw(&mut t, 1, [6, 6, 6, 6, 2]);
    throw(&mut t, 2, [3, 3, 4, 4, 1]);
    t.bet(0, BetAction::Raise).unwrap();
    assert_eq!(t.legal_bets(1), [BetAction::Call, BetAction::Fold]);
    t.bet(1, BetAction::Call).unwrap();
    assert!(t.is_all_in(1));
    assert_eq!(t.put(1), 12);
    t.bet(2, BetAction::Call).unwrap();
    // Seat 1 cannot bet any more, but it still rerolls (or stands).
    assert_eq!(t.step(), TableStep::Reroll(0));
    t.stand(0).unwrap();
    t.stand(1).unwrap();
    t.stand(2).unwrap();
    // Main pot 12 × 3 to seat 1's four of a kind; the side pot (3 + 3)
    // to seat 2's two pairs over seat 0's nothing.
    let end = t.last_end().unwrap().clone();
    assert_eq!(end.paid, [0, 36, 6]);
    assert_eq!(end.winner, Some(1));
    assert_eq!(t.stack(0) + t.stack(1) + t.stack(2), 212);
}

#[test]
fn raises_stop_at_the_cap_and_a_lone_seat_takes_the_pot_unseen() {
    let mut t = TableMatch::new(RULES, vec![200; 4], 0).unwrap();
    for seat in 0..4 {
        throw(&mut t, seat, [1, 1, 2, 3, 4]);
    }
    for seat in 0..3 {
        t.bet(seat, BetAction::Raise).unwrap();
    }
    assert_eq!(t.raises_left(), 0);
    assert_eq!(t.legal_bets(3), [BetAction::Call, BetAction::Fold]);
    assert!(t.bet(3, BetAction::Raise).is_err());
    t.bet(3, BetAction::Fold).unwrap();
    t.bet(0, BetAction::Fold).unwrap();
    t.bet(1, BetAction::Fold).unwrap();
    let end = t.last_end().unwrap();
    assert_eq!((end.winner, end.by_folds), (Some(2), true));
    assert_eq!(end.paid, [0, 0, 5 * 4 + 10 + 20 + 30, 0]);
}

#[test]
fn a_split_main_pot_is_a_drawn_round_with_its_coins_shared() {
    let mut t = TableMatch::new(RULES, vec![100; 3], 0).unwrap();
    throw(&mut t, 0, [2, 2, 5, 5, 6]);
    throw(&mut t, 1, [5, 5, 2, 2, 6]);
    throw(&mut t, 2, [1, 2, 3, 4, 6]);
    for seat in 0..3 {
        t.bet(seat, BetAction::Check).unwrap();
    }
    for seat in 0..3 {
        t.stand(seat).unwrap();
    }
    // 15 split: 8 to seat 1 (first after the starter), 7 to seat 0; no point.
    let end = t.last_end().unwrap();
    assert_eq!((end.winner, end.paid.clone()), (None, vec![7, 8, 0]));
    assert_eq!((t.score(0), t.score(1)), (0, 0));
}

/// Plays whole matches by random legal moves and random dice, checking at
/// every move that coins are conserved and only the mover may move.
/// With `leaving`, now and then a seat leaves for good, never to move again.
fn random_matches(seats: usize, matches: u64, leaving: bool) -> (u64, u64) {
    let mut rounds = 0;
    let mut all_ins = 0;
    for seed in 0..matches {
        let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + seats as u64);
        let stacks: Vec<u64> = (0..seats).map(|_| rng.random_range(5..=80)).collect();
        let total: u64 = stacks.iter().sum();
        let mut t = TableMatch::new(RULES, stacks, rng.random_range(0..seats)).unwrap();
        for _ in 0..10_000 {
            let step = t.step();
            if let TableStep::MatchOver(w) = step {
                let others_done = (0..seats).all(|s| s == w || t.stack(s) == 0 || t.has_left(s));
                assert!(t.score(w) >= RULES.wins || others_done);
                break;
            }
            if leaving && rng.random_bool(0.01) {
                let seat = rng.random_range(0..seats);
                // Mid-deal, half of the leaves call the round off.
                let mid_deal = matches!(step, TableStep::Rolling(_)) && !t.has_left(seat);
                if mid_deal && rng.random_bool(0.5) {
                    let score: Vec<u32> = (0..seats).map(|s| t.score(s)).collect();
                    t.void_and_leave(seat).unwrap();
                    assert!(t.last_end().is_some_and(|e| e.void && e.winner.is_none()));
                    assert!((0..seats).all(|s| t.score(s) == score[s]), "nobody scores");
                } else {
                    t.leave(seat).unwrap();
                }
                assert!(!t.is_live(seat) && t.has_left(seat));
                let held: u64 = (0..seats).map(|s| t.stack(s)).sum();
                assert_eq!(held + t.pot(), total, "seed {seed}: a leaver's coins stay");
                continue;
            }
            let Some(seat) = step.mover() else {
                rounds += 1;
                t.next_round().unwrap();
                continue;
            };
            assert!(
                !t.has_left(seat),
                "seed {seed}: a seat gone is asked to move"
            );
            // Nobody else may move.
            for other in (0..seats).filter(|&s| s != seat) {
                assert!(t.legal_bets(other).is_empty());
                assert!(t.throw(other).is_err() && t.stand(other).is_err());
            }
            match step {
                TableStep::Throw(s) => t.throw(s).unwrap(),
                TableStep::Rolling(s) => {
                    let roll: Roll = std::array::from_fn(|_| rng.random_range(1..=6));
                    t.rolled(s, roll).unwrap();
                }
                TableStep::Reroll(s) if rng.random_bool(0.5) => t.reroll(s).unwrap(),
                TableStep::Reroll(s) => t.stand(s).unwrap(),
                TableStep::Bet(s) => {
                    let bets = t.legal_bets(s);
                    assert!(!bets.is_empty());
                    let bet = bets[rng.random_range(0..bets.len())];
                    t.bet(s, bet).unwrap();
                    all_ins += u64::from(t.is_all_in(s));
                }
                TableStep::RoundOver | TableStep::MatchOver(_) => unreachable!(),
            }
            let held: u64 = (0..seats).map(|s| t.stack(s)).sum();
            assert_eq!(held + t.pot(), total, "seed {seed}: coins are conserved");
        }
        assert!(
            matches!(t.step(), TableStep::MatchOver(_)),
            "seed {seed} ends"
        );
    }
    (rounds, all_ins)
}

#[test]
fn random_legal_play_at_three_and_four_seats_conserves_coins_and_ends() {
    for seats in [3, 4] {
        let (rounds, all_ins) = random_matches(seats, 300, false);
        // The stakes are small against the stacks: all-ins and many rounds happen.
        assert!(rounds > 300, "{seats} seats: {rounds} rounds");
        assert!(all_ins > 30, "{seats} seats: {all_ins} all-ins");
    }
}

#[test]
fn a_seat_that_leaves_folds_its_stake_and_the_table_plays_on_without_it() {
    let mut t = TableMatch::new(RULES, vec![100; 3], 0).unwrap();
    throw(&mut t, 0, [6, 6, 6, 1, 2]);
    // Seat 1 leaves on its turn to throw: seat 2 throws next.
    t.leave(1).unwrap();
    assert_eq!(t.step(), TableStep::Throw(2));
    assert!(t.has_left(1) && !t.is_live(1) && t.leave(1).is_ok());
    assert!(t.leave(3).is_err(), "no fourth seat");
    throw(&mut t, 2, [5, 5, 1, 2, 3]);
    assert_eq!(t.step(), TableStep::Bet(0));
    t.bet(0, BetAction::Raise).unwrap();
    // Its ante stays in the pot; it is never asked again.
    assert_eq!(t.pot(), 3 * 5 + 10);
    // The last rival leaves while it owes a call: seat 0 takes the pot and,
    // alone at the table, the match.
    t.leave(2).unwrap();
    assert_eq!(t.step(), TableStep::MatchOver(0));
    assert_eq!(t.stack(0), 100 + 10);
}

#[test]
fn a_seat_that_leaves_between_rounds_sits_out_the_rest_of_the_match() {
    let mut t = TableMatch::new(RULES, vec![100; 3], 0).unwrap();
    for (seat, roll) in [(0, [6; 5]), (1, [1, 1, 2, 3, 5]), (2, [2, 2, 3, 4, 6])] {
        throw(&mut t, seat, roll);
    }
    while let TableStep::Bet(s) | TableStep::Reroll(s) = t.step() {
        if matches!(t.step(), TableStep::Bet(_)) {
            t.bet(s, t.legal_bets(s)[0]).unwrap();
        } else {
            t.stand(s).unwrap();
        }
    }
    assert_eq!(t.step(), TableStep::RoundOver);
    t.leave(0).unwrap();
    assert_eq!(t.step(), TableStep::RoundOver, "two seats play on");
    t.next_round().unwrap();
    assert_eq!(t.put(0), 0, "a seat gone pays no ante");
    assert_eq!(t.step(), TableStep::Throw(1));
    t.leave(2).unwrap();
    assert_eq!(t.step(), TableStep::MatchOver(1));
}

#[test]
fn random_play_with_seats_leaving_at_any_move_never_waits_for_one_gone() {
    for seats in [2, 3, 4] {
        let (rounds, _) = random_matches(seats, 300, true);
        assert!(rounds > 100, "{seats} seats: {rounds} rounds");
    }
}

#[test]
fn a_seat_gone_before_a_match_sits_it_out_and_antes_nothing() {
    let table = TableMatch::new_without(RULES, vec![100; 4], 1, &[1, 3]).unwrap();
    assert!(table.has_left(1) && table.has_left(3));
    assert_eq!((table.put(1), table.put(3)), (0, 0));
    assert_eq!((table.stack(1), table.stack(3)), (100, 100));
    assert_eq!(table.pot(), 2 * RULES.ante);
    // Seat 1 would have started: the next seat still at the table does.
    assert_eq!(table.step(), TableStep::Throw(2));
    // With one seat left there is no match to play.
    let alone = TableMatch::new_without(RULES, vec![100; 3], 0, &[1, 2]).unwrap();
    assert_eq!(alone.step(), TableStep::MatchOver(0));
}

#[test]
fn a_round_called_off_gives_each_seat_its_coins_and_shares_the_leavers() {
    let mut t = TableMatch::new(RULES, vec![100; 4], 0).unwrap();
    throw(&mut t, 0, [6, 6, 6, 6, 1]);
    throw(&mut t, 1, [1, 2, 3, 4, 6]);
    throw(&mut t, 2, [2, 2, 3, 4, 6]);
    throw(&mut t, 3, [5, 5, 1, 2, 3]);
    // Seat 0 raises, seat 1 folds, seats 2 and 3 call: 5 + 10 each in.
    t.bet(0, BetAction::Raise).unwrap();
    t.bet(1, BetAction::Fold).unwrap();
    t.bet(2, BetAction::Call).unwrap();
    t.bet(3, BetAction::Call).unwrap();
    assert_eq!(t.step(), TableStep::Reroll(0));
    t.reroll(0).unwrap();
    assert!(t.void_and_leave(3).is_ok());
    let end = t.last_end().unwrap().clone();
    assert!(end.void && end.winner.is_none() && !end.by_folds);
    assert_eq!(end.put, [15, 5, 15, 15]);
    // Seat 3's 15 go to the seats still in, 0 and 2; the folded seat 1 has its ante back.
    assert_eq!(end.paid, [15 + 8, 5, 15 + 7, 0]);
    assert_eq!(
        (0..4).map(|s| t.stack(s)).collect::<Vec<_>>(),
        [108, 100, 107, 85]
    );
    assert_eq!(t.pot(), 0);
    assert!(
        (0..4).all(|s| t.score(s) == 0),
        "nobody scores a void round"
    );
    assert!(t.has_left(3) && t.step() == TableStep::RoundOver);
    // Only a round under way can be called off, and a seat leaves once.
    assert!(t.void_and_leave(1).is_err() && t.void_and_leave(3).is_err());
    t.next_round().unwrap();
    assert_eq!(t.put(3), 0, "the seat gone antes nothing");
    assert_eq!(t.step(), TableStep::Throw(1));
    // Two seats: the other takes the match when the last rival calls off.
    let mut duo = TableMatch::new(RULES, vec![50, 50], 0).unwrap();
    duo.throw(0).unwrap();
    duo.void_and_leave(1).unwrap();
    assert_eq!(duo.step(), TableStep::MatchOver(0));
    assert_eq!((duo.stack(0), duo.stack(1)), (55, 45));
}
