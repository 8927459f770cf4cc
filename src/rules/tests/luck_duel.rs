//! Luck and skill in duel rounds: rounds played on the real table by the
//! best and by random choices, with and without badges, each traced from
//! both seats; every term from its own events, and the identity that
//! checks them.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::duel::{
    Badge, BetAction, DEFAULT_DUEL_REROLLS, Duel, DuelEngine, DuelRules, RoundEnd, Side, Step,
};
use crate::rules::hand::{Roll, slots_keeping};
use std::sync::Arc;

use crate::rules::duel::TrayBrains;
use crate::rules::hand::DICE;
use crate::rules::kinds::{DieKind, one_crooked};
use crate::rules::luck::{Account, CrookedBook, DuelBook, Move, RoundTrace, Who, duel_account};
use crate::rules::per_die::FAIR;

const RULES: DuelRules = DuelRules {
    ante: 5,
    step: 5,
    rerolls: DEFAULT_DUEL_REROLLS,
    wins: 2,
    badges: [None, None],
};

/// How a side decides: the engine's best, or any legal choice at random.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Policy {
    Best,
    Random,
}

/// Plays the round `duel` waits to start to its end (never folding), traced
/// from both seats: `[the player's, the other's]`.
fn play_round(
    engine: &DuelEngine,
    duel: &mut Duel,
    policies: [Policy; 2],
    rng: &mut ChaCha8Rng,
) -> [RoundTrace; 2] {
    let seats = [Side::Near, Side::Far];
    let mut traces = seats.map(|me| RoundTrace::new_round(duel, me).expect("a fresh round"));
    let mut record = |by: Side, m: &dyn Fn(Who) -> Move| {
        for (trace, me) in traces.iter_mut().zip(seats) {
            trace.moves.push(m(Who::of(by, me)));
        }
    };
    let mut keep = [false; 5];
    while !duel.step().is_decided() {
        match duel.step() {
            Step::Throw(s) => {
                duel.throw(s).unwrap();
                keep = [false; 5];
            }
            Step::Rolling(s) => {
                let mut roll = duel.roll(s).unwrap_or([0; 5]);
                for (face, kept) in roll.iter_mut().zip(keep) {
                    if !kept {
                        *face = rng.random_range(1..=6);
                    }
                }
                duel.rolled(s, roll).unwrap();
                record(s, &|by| Move::Rolled { by, faces: roll });
            }
            Step::Bet(s) => {
                let legal = duel.legal_bets(s);
                let action = [BetAction::Check, BetAction::Call]
                    .into_iter()
                    .find(|a| legal.contains(a))
                    .unwrap();
                duel.bet(s, action).unwrap();
            }
            Step::Reroll(s) => {
                let roll: Roll = duel.roll(s).unwrap();
                let o = s.other();
                let choices = engine
                    .solve_with(
                        &roll,
                        duel.rerolls_left(s) as usize,
                        &duel.roll(o).unwrap(),
                        duel.rerolls_to_come(o) as usize,
                        [duel.live_badge(s), duel.live_badge(o)],
                    )
                    .unwrap();
                let pick = match policies[s.index()] {
                    Policy::Best => &choices[0],
                    Policy::Random => choices.choose(rng).unwrap(),
                };
                if let Some((from, to)) = pick.change {
                    let slot = roll.iter().position(|&d| d == from).unwrap();
                    duel.change(s, slot, to).unwrap();
                    record(s, &|by| Move::Changed { by, from, to });
                } else if pick.stands() {
                    duel.stand(s).unwrap();
                    record(s, &|by| Move::Kept {
                        by,
                        faces: roll.to_vec(),
                    });
                } else {
                    keep = slots_keeping(&roll, &pick.held);
                    duel.reroll(s).unwrap();
                    let faces = pick.held.clone();
                    record(s, &|by| Move::Kept {
                        by,
                        faces: faces.clone(),
                    });
                }
            }
            Step::RoundOver | Step::MatchOver(_) => unreachable!(),
        }
    }
    traces
}

/// A round played: the player's account, the other's, the policies, the
/// end, and the two traces (`[the player's, the other's]`).
type Played = (Account, Account, [Policy; 2], RoundEnd, [RoundTrace; 2]);

/// Plays `rounds` rounds with random badges and policies, checking each
/// account; returns them (the player's seat) with the policies and the end.
fn rounds(seed: u64, rounds: usize) -> Vec<Played> {
    let engine = DuelEngine::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let badges = [
        None,
        Some(Badge::Flip),
        Some(Badge::Nudge),
        Some(Badge::Reroll),
        Some(Badge::Double),
    ];
    let mut book = DuelBook::default();
    let mut out = Vec::new();
    while out.len() < rounds {
        let rules = DuelRules {
            rerolls: rng.random_range(1..=2),
            ..RULES
        }
        .with_badges([
            *badges.choose(&mut rng).unwrap(),
            *badges.choose(&mut rng).unwrap(),
        ]);
        let policies = [Policy::Best, Policy::Random].map(|_| {
            if rng.random_bool(0.5) {
                Policy::Best
            } else {
                Policy::Random
            }
        });
        let first = if rng.random_bool(0.5) {
            Side::Near
        } else {
            Side::Far
        };
        let mut duel = Duel::new(rules, first);
        let [mine, theirs] = play_round(&engine, &mut duel, policies, &mut rng);
        assert_eq!(mine.mirrored(), theirs, "one round, two seats");
        let end = duel.last_end().unwrap();
        let a = book
            .account(&engine, &mine)
            .expect("a whole round has an account");
        let b = book.account(&engine, &theirs).expect("from either seat");
        out.push((a, b, policies, end, [mine, theirs]));
    }
    out
}

#[test]
fn skill_gifts_and_luck_add_up_to_every_round() {
    for (mine, theirs, policies, end, _) in rounds(7, 120) {
        for a in [&mine, &theirs] {
            assert!(a.imbalance().abs() < 1e-9, "{a:?} under {policies:?}");
            assert!(
                a.skill_given_up >= -1e-12 && a.their_gifts >= -1e-12,
                "{a:?}"
            );
            assert!((0.0..=1.0).contains(&a.start), "{a:?}");
        }
        // One side's skill is the other's gift; the rest mirror.
        assert!((mine.skill_given_up - theirs.their_gifts).abs() < 1e-12);
        assert!((mine.their_gifts - theirs.skill_given_up).abs() < 1e-12);
        assert!((mine.start + theirs.start - 1.0).abs() < 1e-12);
        assert!((mine.luck + theirs.luck).abs() < 1e-9);
        let expected = match end {
            RoundEnd::Showdown(Side::Near) => 1.0,
            RoundEnd::Showdown(Side::Far) => 0.0,
            RoundEnd::Draw => 0.5,
            RoundEnd::Fold(_) | RoundEnd::Accused { .. } => {
                unreachable!("nobody folds or accuses here")
            }
        };
        assert_eq!(mine.result, expected);
        // The best choice gives nothing up.
        if policies[0] == Policy::Best {
            assert!(mine.skill_given_up.abs() < 1e-12, "{mine:?}");
        }
        if policies[1] == Policy::Best {
            assert!(mine.their_gifts.abs() < 1e-12, "{mine:?}");
        }
    }
}

#[test]
fn random_holds_give_up_chances_and_the_opening_is_a_fair_average() {
    let all = rounds(11, 80);
    let random: Vec<_> = all.iter().filter(|r| r.2[0] == Policy::Random).collect();
    assert!(random.iter().map(|r| r.0.skill_given_up).sum::<f64>() > 0.5);
    // Same rules, no badges: the second mover (who sees the first's final
    // hand) is ahead before a die is thrown.
    let engine = DuelEngine::new();
    let opening = engine.opening(2, 2, [None, None]).unwrap();
    let start = opening.start.to_f64();
    assert!(start > 0.3 && start < 0.5, "{start}");
    // After the first mover's throw: five sixes are all but a win, 1-2-3-4-6 far less.
    assert!(opening.after_first(&[6; 5]).to_f64() > 0.9);
    assert!(opening.after_first(&[1, 2, 3, 4, 6]).to_f64() < start);
}

#[test]
fn broken_traces_have_no_account() {
    let engine = DuelEngine::new();
    let fresh = RoundTrace {
        first: Who::Me,
        rerolls: [1, 1],
        badges: [None, None],
        moves: Vec::new(),
    };
    let with = |moves: Vec<Move>| RoundTrace {
        moves,
        ..fresh.clone()
    };
    let roll = |by, faces| Move::Rolled { by, faces };
    // Not played to the end.
    assert!(duel_account(&engine, &fresh).is_none());
    // The second mover throws first.
    assert!(duel_account(&engine, &with(vec![roll(Who::Them, [1; 5])])).is_none());
    // A hold of faces not on the dice.
    let bad_hold = vec![
        roll(Who::Me, [1, 1, 2, 3, 4]),
        roll(Who::Them, [5; 5]),
        Move::Kept {
            by: Who::Me,
            faces: vec![6, 6],
        },
    ];
    assert!(duel_account(&engine, &with(bad_hold)).is_none());
    // Both stand on their first throws: a whole round, no luck after the throws.
    let stands = vec![
        roll(Who::Me, [2, 2, 2, 3, 3]),
        roll(Who::Them, [1, 2, 3, 4, 6]),
        Move::Kept {
            by: Who::Me,
            faces: vec![2, 2, 2, 3, 3],
        },
        Move::Kept {
            by: Who::Them,
            faces: vec![1, 2, 3, 4, 6],
        },
    ];
    let a = duel_account(&engine, &with(stands)).unwrap();
    assert_eq!(a.result, 1.0);
    assert!(a.imbalance().abs() < 1e-12);
    // Standing on a full house with one reroll left: the best, nothing given up.
    assert!(a.skill_given_up.abs() < 1e-12);
    // The other stood on nothing with a reroll left: a gift.
    assert!(a.their_gifts > 0.0);
}

#[test]
fn with_fair_trays_the_crooked_account_is_the_exact_one() {
    let engine = DuelEngine::new();
    // The opening: before any throw and after the first mover's throw.
    let crooked = TrayBrains::new([[FAIR; DICE]; 2]);
    for (first, second, badges) in [(2, 2, [None, None]), (1, 2, [Some(Badge::Nudge), None])] {
        let exact = engine.opening(first, second, badges).unwrap();
        let floating = crooked.engine(Side::Near).opening(first, second, badges);
        assert!((exact.start.to_f64() - floating.start).abs() < 1e-9);
        for roll in [[6; 5], [1, 2, 3, 4, 6], [2, 2, 5, 5, 1]] {
            let a = exact.after_first(&roll).to_f64();
            let b = crooked.engine(Side::Near).after_first(&floating, &roll);
            assert!((a - b).abs() < 1e-9, "{roll:?}: {a} {b}");
        }
    }
    // Whole rounds, from either seat.
    let mut book = CrookedBook::new(Arc::new(crooked));
    for (mine, theirs, _, _, [near, far]) in rounds(5, 12) {
        for (exact, trace, me) in [(mine, near, Side::Near), (theirs, far, Side::Far)] {
            let floating = book.account(me, &trace).expect("a whole round");
            for (a, b) in [
                (exact.start, floating.start),
                (exact.skill_given_up, floating.skill_given_up),
                (exact.their_gifts, floating.their_gifts),
                (exact.luck, floating.luck),
                (exact.result, floating.result),
            ] {
                assert!((a - b).abs() < 1e-9, "{exact:?} {floating:?}");
            }
        }
    }
}

#[test]
fn a_loaded_die_raises_its_sides_start_and_every_account_still_adds_up() {
    let loaded = TrayBrains::new([one_crooked(DieKind::Loaded, 2), [FAIR; DICE]]);
    let mut book = CrookedBook::new(Arc::new(loaded));
    let mut fair = DuelBook::default();
    let engine = DuelEngine::new();
    for (_, _, _, _, [near, far]) in rounds(13, 16) {
        let mine = book.account(Side::Near, &near).expect("a whole round");
        let theirs = book.account(Side::Far, &far).expect("from either seat");
        for a in [&mine, &theirs] {
            assert!(a.imbalance().abs() < 1e-9, "{a:?}");
            assert!(a.skill_given_up >= -1e-12 && a.their_gifts >= -1e-12);
        }
        assert!((mine.start + theirs.start - 1.0).abs() < 1e-9);
        assert!((mine.luck + theirs.luck).abs() < 1e-9);
        assert!((mine.skill_given_up - theirs.their_gifts).abs() < 1e-9);
        // The loaded die is worth something before a die is thrown.
        let even = fair.account(&engine, &near).expect("a whole round");
        assert!(mine.start > even.start + 0.005, "{mine:?} {even:?}");
        assert_eq!(mine.result, even.result);
    }
}
