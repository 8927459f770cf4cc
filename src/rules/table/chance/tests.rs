//! The table's exact chances checked against every outcome counted by hand.

use super::*;
use crate::rules::hand::evaluate_roll;

fn stood(roll: Roll) -> Rival<'static> {
    Rival {
        roll: Some(roll),
        rerolls: 0,
        holds: &largest_group_policy,
        throwing: None,
    }
}

/// Every way the free dice of `roll` can land when `held` is kept, each once.
fn outcomes(held: &[u8]) -> Vec<Roll> {
    let free = DICE - held.len();
    let mut out = Vec::new();
    for i in 0..6usize.pow(free as u32) {
        let mut faces = held.to_vec();
        let mut n = i;
        for _ in 0..free {
            faces.push((n % 6) as u8 + 1);
            n /= 6;
        }
        out.push(std::array::from_fn(|k| faces[k]));
    }
    out
}

#[test]
fn against_hands_already_final_the_chance_is_certain() {
    let rivals = [
        stood([2, 2, 3, 3, 6]),
        stood([1, 2, 3, 4, 5]),
        stood([4, 4, 4, 1, 2]),
    ];
    let four = table_chance(Some([5, 5, 5, 5, 1]), 0, &rivals);
    assert_eq!((four.win, four.tie, four.value), (1.0, 0.0, 1.0));
    let pair = table_chance(Some([6, 6, 1, 2, 3]), 0, &rivals);
    assert_eq!((pair.win, pair.value), (0.0, 0.0));
    // The same straight as one rival: a tie for half the pot.
    let same = table_chance(Some([5, 4, 3, 2, 1]), 0, &rivals[1..2]);
    assert_eq!((same.win, same.tie, same.value), (0.0, 1.0, 0.5));
}

#[test]
fn the_chance_against_rivals_still_to_reroll_is_every_throw_counted() {
    let policy = |roll: &Roll, _: u32| crate::rules::duel::opponent::largest_group(roll);
    let a: Roll = [1, 1, 2, 3, 4];
    let b: Roll = [6, 2, 3, 3, 5];
    let rivals = [
        Rival {
            roll: Some(a),
            rerolls: 1,
            holds: &policy,
            throwing: None,
        },
        Rival {
            roll: Some(b),
            rerolls: 1,
            holds: &policy,
            throwing: None,
        },
    ];
    let mine: Roll = [4, 4, 2, 2, 6];
    let got = table_chance(Some(mine), 0, &rivals);
    // Counted by hand: every landing of each rival's free dice.
    let me = evaluate_roll(&mine);
    let (mut win, mut tie, mut value, mut n) = (0.0, 0.0, 0.0, 0.0);
    for ra in outcomes(&policy(&a, 1)) {
        for rb in outcomes(&policy(&b, 1)) {
            let best = evaluate_roll(&ra).max(evaluate_roll(&rb));
            let tied = [ra, rb].iter().filter(|r| evaluate_roll(r) == me).count();
            n += 1.0;
            if me > best {
                win += 1.0;
                value += 1.0;
            } else if me == best {
                tie += 1.0;
                value += 1.0 / (tied + 1) as f64;
            }
        }
    }
    assert!((got.win - win / n).abs() < 1e-12, "{got:?} {}", win / n);
    assert!((got.tie - tie / n).abs() < 1e-12);
    assert!((got.value - value / n).abs() < 1e-12);
}

#[test]
fn the_best_hold_against_the_table_is_at_least_a_fair_share() {
    let rivals = [Rival {
        roll: None,
        rerolls: 1,
        holds: &largest_group_policy,
        throwing: None,
    }; 3];
    // Before anyone throws: holding best does at least as well as the
    // rivals' own way, which by symmetry is worth a quarter.
    let start = table_chance(None, 1, &rivals);
    assert!(start.value >= 0.25 - 1e-9 && start.value < 0.5, "{start:?}");
    assert!(start.win + start.tie <= 1.0 + 1e-9);
    // With a pair of sixes, keeping them beats throwing everything.
    let holds = table_choices(&[6, 6, 1, 2, 4], 1, &rivals);
    let keep = |faces: &[u8]| holds.iter().find(|c| c.held == faces).unwrap().share.value;
    assert!(keep(&[6, 6]) > keep(&[]));
    assert_eq!(
        holds[0].share.value,
        holds.iter().map(|c| c.share.value).fold(0.0, f64::max)
    );
}

#[test]
fn a_rival_with_dice_in_the_air_is_every_landing_of_them() {
    let mine: Roll = [3, 3, 3, 1, 2];
    let from: Roll = [5, 5, 1, 2, 4];
    let kept = counts_of_faces(&[5, 5]);
    let flying = Rival {
        roll: Some(from),
        rerolls: 0,
        holds: &largest_group_policy,
        throwing: Some(kept),
    };
    let got = table_chance(Some(mine), 0, &[flying]);
    let landings = outcomes(&[5, 5]);
    let mean = landings
        .iter()
        .map(|&r| table_chance(Some(mine), 0, &[stood(r)]).value)
        .sum::<f64>()
        / landings.len() as f64;
    assert!((got.value - mean).abs() < 1e-12, "{got:?} {mean}");
    // Before its first throw, a rival is five dice in the air.
    let fresh = Rival {
        roll: None,
        throwing: None,
        ..flying
    };
    let all_free = Rival {
        throwing: Some([0; FACES]),
        ..flying
    };
    assert_eq!(
        table_chance(Some(mine), 0, &[fresh]),
        table_chance(Some(mine), 0, &[all_free])
    );
}
