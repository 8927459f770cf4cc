//! Both referees behind one face: random legal matches played through
//! [`Referee`] and [`judge`], every other seat's every move refused without
//! a change, and a duel judged by seat exactly as by side over the wire.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::duel::{Duel, DuelRules, ROUNDS_TO_WIN, Side};
use crate::rules::hand::{DICE, Roll};
use crate::rules::minds::throw_rest;
use crate::rules::protocol::{TablePlay, WireBet, judge};
use crate::rules::referee::Referee;
use crate::rules::table::TableMatch;
use crate::rules::table::house::party_rules;
use crate::rules::turn::Turn;

const DUEL: DuelRules = DuelRules {
    ante: 10,
    step: 10,
    rerolls: 2,
    wins: ROUNDS_TO_WIN,
    badges: [None, None],
};

/// Moves a match may take before it counts as stuck.
const MOST_MOVES: usize = 5_000;

fn any_roll(rng: &mut ChaCha8Rng) -> Roll {
    throw_rest(&[], rng)
}

/// A random move the turn asks of its seat (`None`: the match is over, or
/// the dice are rolling and land on `Some` faces instead).
fn some_move<R: Referee>(referee: &R, rng: &mut ChaCha8Rng) -> Option<(usize, TablePlay)> {
    Some(match referee.turn() {
        Turn::Throw(s) => (s, TablePlay::Throw),
        Turn::Reroll(s) if rng.random_bool(0.3) => (s, TablePlay::Stand),
        Turn::Reroll(s) => {
            let mut held: [bool; DICE] = std::array::from_fn(|_| rng.random_bool(0.5));
            held[rng.random_range(0..DICE)] = false;
            (s, TablePlay::Reroll { held })
        }
        Turn::Bet(s) => {
            let bets = referee.legal_bets(s);
            assert!(!bets.is_empty(), "seat {s} must bet and may not");
            let action = bets[rng.random_range(0..bets.len())];
            (
                s,
                TablePlay::Bet {
                    action: action.into(),
                },
            )
        }
        Turn::RoundOver => (0, TablePlay::Next),
        Turn::Rolling(_) | Turn::MatchOver(_) => return None,
    })
}

/// Every move of every kind by every seat but `mover`: each refused, and
/// the referee just as it was.
fn others_refused<R: Referee + Clone + PartialEq + std::fmt::Debug>(referee: &R, mover: usize) {
    let plays = [
        TablePlay::Throw,
        TablePlay::Stand,
        TablePlay::Reroll {
            held: [false; DICE],
        },
        TablePlay::Bet {
            action: WireBet::Call,
        },
        TablePlay::Bet {
            action: WireBet::Raise,
        },
    ];
    for seat in (0..referee.seats() + 1).filter(|&s| s != mover) {
        for play in plays {
            let mut tried = referee.clone();
            assert!(judge(&mut tried, seat, play).is_err(), "{seat} {play:?}");
            assert_eq!(&tried, referee);
        }
    }
}

/// Plays a whole match of random legal moves through the face; returns
/// the moves it took.
fn play_out<R: Referee + Clone + PartialEq + std::fmt::Debug>(
    mut referee: R,
    seed: u64,
    mut beside: impl FnMut(usize, Option<TablePlay>, Option<Roll>),
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for moves in 0..MOST_MOVES {
        match referee.turn() {
            Turn::MatchOver(_) => return moves,
            Turn::Rolling(s) => {
                let roll = any_roll(&mut rng);
                referee.rolled(s, roll).unwrap();
                beside(s, None, Some(roll));
            }
            _ => {
                let (seat, play) = some_move(&referee, &mut rng).unwrap();
                if let Some(mover) = referee.turn().mover() {
                    others_refused(&referee, mover);
                }
                judge(&mut referee, seat, play).unwrap();
                beside(seat, Some(play), None);
            }
        }
    }
    panic!("no end after {MOST_MOVES} moves: {referee:?}");
}

#[test]
fn tables_of_two_to_four_play_whole_matches_through_the_one_face() {
    for seats in 2..=4 {
        for seed in 0..20 {
            let table = TableMatch::new(party_rules(2), vec![100; seats], 0).unwrap();
            let moves = play_out(table, seed, |_, _, _| {});
            assert!(moves > 0);
        }
    }
}

/// A duel through the face takes exactly what it takes by side: the same
/// match played beside it through the duel's own moves stays equal move by
/// move.
#[test]
fn a_duel_judged_by_seat_is_the_duel_judged_by_side() {
    for seed in 0..40 {
        let mut by_side = Duel::new(DUEL, Side::Near);
        let duel = Duel::new(DUEL, Side::Near);
        let mut seen = Vec::new();
        play_out(duel.clone(), seed, |seat, play, roll| {
            let side = Side::of_seat(seat).unwrap();
            match (play, roll) {
                (Some(play), _) => match play {
                    TablePlay::Throw => by_side.throw(side).unwrap(),
                    TablePlay::Reroll { held } if held.iter().all(|&h| h) => {
                        by_side.stand(side).unwrap()
                    }
                    TablePlay::Reroll { .. } => by_side.reroll(side).unwrap(),
                    TablePlay::Stand => by_side.stand(side).unwrap(),
                    TablePlay::Bet { action } => by_side.bet(side, action.into()).unwrap(),
                    TablePlay::Next => by_side.next_round().unwrap(),
                },
                (None, Some(roll)) => by_side.rolled(side, roll).unwrap(),
                (None, None) => unreachable!(),
            }
            seen.push(by_side.clone());
        });
        // Replayed through the face, each step is the wire's.
        let mut replayed = duel;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for want in &seen {
            match replayed.turn() {
                Turn::Rolling(s) => Referee::rolled(&mut replayed, s, any_roll(&mut rng)).unwrap(),
                _ => {
                    let (seat, play) = some_move(&replayed, &mut rng).unwrap();
                    judge(&mut replayed, seat, play).unwrap();
                }
            }
            assert_eq!(&replayed, want);
        }
        assert!(matches!(replayed.turn(), Turn::MatchOver(_)));
    }
}

#[test]
fn a_refusal_names_its_seat_as_its_referee_does() {
    let mut duel = Duel::new(DUEL, Side::Near);
    let by_side = duel.throw(Side::Far).unwrap_err();
    assert_eq!(
        by_side.to_string(),
        "Far cannot throw while the table waits for Throw(Near)"
    );
    let by_seat = judge(&mut duel, 1, TablePlay::Throw).unwrap_err();
    assert_eq!(by_seat, by_side.seated());
    assert_eq!(
        by_seat.to_string(),
        "seat 2 cannot throw while the table waits for Throw(0)"
    );
    // A seat a duel has not, and a table's round laid by another than its first seat.
    assert!(judge(&mut duel, 2, TablePlay::Throw).is_err());
    let mut table = TableMatch::new(party_rules(1), vec![100; 3], 0).unwrap();
    assert!(judge(&mut table, 1, TablePlay::Next).is_err());
}
