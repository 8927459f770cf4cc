//! Odds per die against the exact figures for fair dice, and a die that
//! favours sixes.

use super::*;
use crate::rules::hand::evaluate_roll;
use crate::rules::{PayoutTable, Strategy, distribution, hold_counts};

const CLOSE: f64 = 1e-12;

/// A die whose 6 comes up about a third of the time.
const SIXES: FaceChances = [0.10, 0.14, 0.14, 0.14, 0.14, 0.34];

fn crooked_first() -> [FaceChances; DICE] {
    [SIXES, FAIR, FAIR, FAIR, FAIR]
}

#[test]
fn fair_dice_give_the_exact_odds_of_one_throw() {
    let tray = Tray::new(&[FAIR; DICE]);
    assert!(tray.is_fair());
    let roll = [6, 6, 2, 3, 5];
    for mask in 0..32u32 {
        let kept: [bool; DICE] = std::array::from_fn(|s| mask & (1 << s) != 0);
        let held: Vec<i64> = (0..DICE)
            .filter(|&s| kept[s])
            .map(|s| i64::from(roll[s]))
            .collect();
        let exact = distribution(&hold_counts(&held).unwrap());
        let ours = tray.hand_chances(&roll, kept);
        for h in HandType::ALL {
            assert!(
                (ours[h.index()] - exact.probability(h)).abs() < CLOSE,
                "{kept:?} {h:?}"
            );
        }
    }
}

#[test]
fn fair_dice_give_the_exact_advisors_every_hold() {
    let table = PayoutTable::default();
    let exact = Strategy::new(table, 2);
    let ours = DiceAdvisor::new(table, &[FAIR; DICE], 2);
    for roll in [
        [1, 2, 3, 4, 6],
        [6, 6, 2, 3, 5],
        [4, 4, 4, 1, 1],
        [2, 2, 2, 2, 2],
    ] {
        for rerolls in 0..=2 {
            let a = exact.advise(&roll, rerolls);
            let b = ours.advise(&roll, rerolls);
            assert_eq!(a.len(), b.len(), "{roll:?} {rerolls}");
            for (x, y) in a.iter().zip(&b) {
                assert!((x.expected.to_f64() - y.expected).abs() < CLOSE, "{roll:?}");
            }
            // The best hold keeps the same faces.
            let mut kept: Vec<u8> = (0..DICE)
                .filter(|&s| b[0].kept[s])
                .map(|s| roll[s])
                .collect();
            kept.sort_unstable();
            assert_eq!(kept, a[0].held, "{roll:?} {rerolls}");
        }
    }
    for rerolls in 0..=2 {
        let e = exact.expected_payout(rerolls).to_f64();
        assert!(
            (ours.expected_payout(rerolls) - e).abs() < 1e-9,
            "{rerolls}"
        );
    }
}

#[test]
fn a_die_that_favours_sixes_makes_sixes_likelier_and_every_hold_is_priced_by_brute_force() {
    let dice = crooked_first();
    let tray = Tray::new(&dice);
    assert!(!tray.is_fair());
    // Four sixes kept: throwing the crooked die makes the fifth six
    // likelier than throwing a fair one.
    let crooked_throw = tray.hand_chances(&[1, 6, 6, 6, 6], [false, true, true, true, true]);
    let fair_throw = tray.hand_chances(&[6, 6, 6, 6, 1], [true, true, true, true, false]);
    let five = HandType::Flush.index();
    assert!((fair_throw[five] - 1.0 / 6.0).abs() < CLOSE);
    assert!((crooked_throw[five] - 0.34).abs() < CLOSE);
    // Every chance adds to one.
    let total: f64 = crooked_throw.iter().sum();
    assert!((total - 1.0).abs() < CLOSE);
    // A fresh throw is worth more with it than with five fair dice, and
    // the advisor's figures are the chances it names.
    let table = PayoutTable::default();
    let crooked = DiceAdvisor::new(table, &dice, 2);
    let fair = DiceAdvisor::new(table, &[FAIR; DICE], 2);
    assert!(crooked.expected_payout(2) > fair.expected_payout(2));
    // Each hold's figure is the brute-force sum over every throw, die by
    // die, of its chance times the payout (one reroll: the hand then stands)…
    let roll = [6, 2, 3, 4, 6];
    let pay = |r: &Roll| table.pay(evaluate_roll(r).kind()) as f64;
    let after = |r: &Roll, kept: [bool; DICE], value: &dyn Fn(&Roll) -> f64| {
        let mut sum = 0.0;
        for code in 0..6usize.pow(DICE as u32) {
            let mut next = *r;
            let mut p = 1.0;
            let mut c = code;
            for s in 0..DICE {
                let face = c % 6;
                c /= 6;
                if kept[s] {
                    // Each kept die counts once, at face 0 of its code.
                    if face != 0 {
                        p = 0.0;
                    }
                } else {
                    next[s] = face as u8 + 1;
                    p *= dice[s][face];
                }
            }
            if p > 0.0 {
                sum += p * value(&next);
            }
        }
        sum
    };
    for choice in crooked.advise(&roll, 1).iter().filter(|c| !c.stands()) {
        let brute = after(&roll, choice.kept, &pay);
        assert!((choice.expected - brute).abs() < 1e-9, "{choice:?} {brute}");
    }
    // …and with two, the best of standing and every hold after the first throw.
    let once = DiceAdvisor::new(table, &dice, 1);
    let best_then = |r: &Roll| once.advise(r, 1)[0].expected;
    let throw_crooked = [false, true, true, true, true];
    let two = crooked
        .advise(&roll, 2)
        .into_iter()
        .find(|c| c.kept == throw_crooked)
        .unwrap();
    let brute = after(&roll, throw_crooked, &best_then);
    assert!((two.expected - brute).abs() < 1e-9, "{two:?} {brute}");
}
