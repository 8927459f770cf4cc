//! Table accounts over rounds played by the table's minds: the terms add up
//! for every seat, each term is what it says, and a trace that is not a
//! whole round has no account.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::duel::{BetAction, OPPONENTS, Opponent};
use crate::rules::minds::throw_rest;
use crate::rules::table::{DEFAULT_RAISES, TableRules, seat_bet, seat_hold};

/// Rounding the terms may carry.
const CLOSE: f64 = 1e-9;

fn opponent(key: &str) -> &'static Opponent {
    OPPONENTS
        .iter()
        .find(|o| o.key == key)
        .expect("on the roster")
}

fn rules(rerolls: u32) -> TableRules {
    TableRules {
        ante: 5,
        step: 5,
        raises: DEFAULT_RAISES,
        rerolls,
        wins: 3,
    }
}

/// Plays the round `table` is at to its end with these minds, noting every
/// move; `folds` says whether bets are played (else every seat checks or calls).
fn play_round(
    table: &mut TableMatch,
    minds: &[&Opponent],
    folds: bool,
    rng: &mut impl Rng,
) -> TableTrace {
    let mut trace = TableTrace::new_round(table).expect("a fresh round");
    loop {
        match table.step() {
            TableStep::RoundOver | TableStep::MatchOver(_) => return trace,
            TableStep::Throw(s) => table.throw(s).unwrap(),
            TableStep::Rolling(s) => {
                let roll = throw_rest(&[], rng);
                trace.note(TableMove::Rolled {
                    seat: s,
                    faces: roll,
                });
                table.rolled(s, roll).unwrap();
            }
            TableStep::Reroll(s) => {
                let held = seat_hold(minds[s], table, s, rng).unwrap();
                trace.note(TableMove::Kept {
                    seat: s,
                    faces: held.clone(),
                });
                if held.len() == DICE {
                    table.stand(s).unwrap();
                } else {
                    let roll = throw_rest(&held, rng);
                    table.reroll(s).unwrap();
                    trace.note(TableMove::Rolled {
                        seat: s,
                        faces: roll,
                    });
                    table.rolled(s, roll).unwrap();
                }
            }
            TableStep::Bet(s) => {
                let bet = if folds {
                    seat_bet(minds[s], table, s, rng).unwrap()
                } else {
                    table.legal_bets(s)[0]
                };
                if bet == BetAction::Fold {
                    trace.note(TableMove::Folded { seat: s });
                }
                table.bet(s, bet).unwrap();
            }
        }
    }
}

#[test]
fn every_seats_terms_add_up_to_its_share_of_the_pot() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let roster = [
        opponent("easy"),
        opponent("hard"),
        opponent("normal"),
        opponent("easy"),
    ];
    let (mut showdowns, mut by_folds, mut gifts_seen) = (0, 0, false);
    for seats in 2..=4 {
        for rerolls in [1, 2] {
            let mut table = TableMatch::new(rules(rerolls), vec![100; seats], 0).unwrap();
            for round in 0..6 {
                let trace = play_round(&mut table, &roster[..seats], round % 2 == 1, &mut rng);
                let accounts = table_accounts(&trace);
                assert_eq!(accounts.len(), seats);
                let folded: Vec<usize> = trace
                    .moves
                    .iter()
                    .filter_map(|m| match m {
                        TableMove::Folded { seat } => Some(*seat),
                        _ => None,
                    })
                    .collect();
                for (seat, account) in accounts.iter().enumerate() {
                    // An account for every seat that saw the round out, none for a folder.
                    assert_eq!(account.is_some(), !folded.contains(&seat), "{trace:?}");
                    if let Some(a) = account {
                        assert!(a.imbalance().abs() < CLOSE, "seat {seat}: {a:?}");
                        assert!(a.skill_given_up >= -CLOSE, "{a:?}");
                        gifts_seen |= a.their_gifts.abs() > CLOSE;
                    }
                }
                let results: f64 = accounts.iter().flatten().map(|a| a.result).sum();
                assert!((results - 1.0).abs() < CLOSE, "the pot is shared out whole");
                // Before anyone throws, the seats' values are the whole pot between them.
                let starts: f64 = (0..seats)
                    .map(|me| value(&seats_at_start(&trace), me))
                    .sum();
                assert!(starts > 1.0 - CLOSE, "best play against the rest: {starts}");
                if folded.is_empty() {
                    showdowns += 1;
                } else {
                    by_folds += 1;
                }
                if table.step() != TableStep::RoundOver {
                    break;
                }
                table.next_round().unwrap();
            }
        }
    }
    assert!(showdowns > 10 && by_folds > 0, "{showdowns} {by_folds}");
    assert!(
        gifts_seen,
        "the careless seats' holds moved the others' chances"
    );
}

fn rolled(seat: usize, faces: Roll) -> TableMove {
    TableMove::Rolled { seat, faces }
}

fn kept(seat: usize, faces: &[u8]) -> TableMove {
    TableMove::Kept {
        seat,
        faces: faces.to_vec(),
    }
}

#[test]
fn a_hold_gives_up_what_the_best_hold_was_worth_above_it() {
    let rivals_roll: Roll = [2, 2, 5, 6, 1];
    let mine: Roll = [6, 6, 6, 3, 1];
    let mut trace = TableTrace {
        rerolls: vec![Some(1), Some(1)],
        moves: vec![rolled(0, mine), rolled(1, rivals_roll)],
    };
    // Seat 0 keeps only one six: worse than its three.
    trace.moves.push(kept(0, &[6]));
    trace.moves.push(rolled(0, [6, 1, 2, 3, 4]));
    trace.moves.push(kept(1, &[2, 2]));
    trace.moves.push(rolled(1, [2, 2, 2, 4, 5]));
    let accounts = table_accounts(&trace);
    let a = accounts[0].expect("a whole round");
    let rival = Rival {
        roll: Some(rivals_roll),
        rerolls: 1,
        holds: &largest_group_policy,
        throwing: None,
    };
    let choices = table_choices(&mine, 1, &[rival]);
    let one_six = choices.iter().find(|c| c.held == [6]).unwrap().share.value;
    let given_up = choices[0].share.value - one_six;
    assert!(given_up > 0.1);
    assert!(
        (a.skill_given_up - given_up).abs() < CLOSE,
        "{a:?} {given_up}"
    );
    // Three twos beat the lone six's nothing: seat 1 takes the pot.
    assert_eq!((a.result, accounts[1].unwrap().result), (0.0, 1.0));
    // Seat 1 held its largest group, as the chance takes it to: no gift.
    assert!(a.their_gifts.abs() < CLOSE, "{a:?}");
    assert!(a.imbalance().abs() < CLOSE);
}

#[test]
fn a_fold_hands_the_rest_its_share_and_the_last_seat_the_pot() {
    let trace = TableTrace {
        rerolls: vec![Some(1), Some(1), None],
        moves: vec![
            rolled(0, [1, 2, 4, 5, 6]),
            rolled(1, [3, 3, 3, 3, 2]),
            TableMove::Folded { seat: 0 },
        ],
    };
    let accounts = table_accounts(&trace);
    // The folder and the seat sitting out have none.
    assert!(accounts[0].is_none() && accounts[2].is_none());
    let last = accounts[1].unwrap();
    assert_eq!(last.result, 1.0);
    assert!(
        last.their_gifts > 0.0 && last.imbalance().abs() < CLOSE,
        "{last:?}"
    );
}

#[test]
fn a_trace_that_is_not_a_whole_round_has_no_account() {
    let cut = TableTrace {
        rerolls: vec![Some(1), Some(1)],
        moves: vec![rolled(0, [1, 1, 2, 3, 4])],
    };
    let not_whole = |moves: Vec<TableMove>| {
        table_accounts(&TableTrace {
            moves,
            ..cut.clone()
        })
    };
    let both = || vec![rolled(0, [1, 1, 2, 3, 4]), rolled(1, [6, 6, 2, 3, 4])];
    assert_eq!(table_accounts(&cut), vec![None, None]);
    // A stand on faces it does not have, a hold of a face it does not
    // have, a second throw without a hold, a seat that is not there.
    for bad in [
        kept(0, &[1, 1, 1, 1, 1]),
        kept(0, &[5]),
        rolled(1, [1, 1, 1, 1, 1]),
        rolled(2, [1, 1, 1, 1, 1]),
        TableMove::Folded { seat: 7 },
    ] {
        let mut moves = both();
        moves.push(bad.clone());
        assert_eq!(not_whole(moves), vec![None, None], "{bad:?}");
    }
    // Both stand: a whole round.
    let mut moves = both();
    moves.push(kept(0, &[1, 1, 2, 3, 4]));
    moves.push(kept(1, &[6, 6, 2, 3, 4]));
    let accounts = not_whole(moves);
    assert_eq!(accounts[1].map(|a| a.result), Some(1.0));
}
