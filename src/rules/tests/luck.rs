//! Luck and skill: every term from its own events, and the identity that
//! checks them, over whole games played by the best and by random holds.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::hand::{Roll, evaluate_roll, slots_keeping};
use crate::rules::luck::solo_account;
use crate::rules::{PayoutTable, Strategy};

/// Plays one game: rolls and the faces kept after each, holds by `pick`
/// (the index of a choice among the advisor's, best first).
fn play(
    strategy: &Strategy,
    rerolls: usize,
    rng: &mut ChaCha8Rng,
    mut pick: impl FnMut(usize, &mut ChaCha8Rng) -> usize,
) -> (Vec<Roll>, Vec<Vec<u8>>) {
    let mut roll: Roll = [0; 5].map(|_| rng.random_range(1..=6));
    let (mut rolls, mut kept) = (vec![roll], Vec::new());
    for left in (1..=rerolls).rev() {
        let choices = strategy.advise(&roll, left);
        let held = choices[pick(choices.len(), rng)].held.clone();
        kept.push(held.clone());
        if held.len() == 5 {
            break;
        }
        let keep = slots_keeping(&roll, &held);
        for (slot, face) in roll.iter_mut().enumerate() {
            if !keep[slot] {
                *face = rng.random_range(1..=6);
            }
        }
        rolls.push(roll);
    }
    (rolls, kept)
}

#[test]
fn skill_and_luck_add_up_to_the_result_in_every_game() {
    let strategy = Strategy::new(PayoutTable::default(), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut lost_by_random = 0.0;
    for game in 0..400 {
        let best = game % 2 == 0;
        let (rolls, kept) = play(&strategy, 2, &mut rng, |n, rng| {
            if best { 0 } else { rng.random_range(0..n) }
        });
        let account = solo_account(&strategy, 2, &rolls, &kept).expect("a whole game");
        assert!(
            account.imbalance().abs() < 1e-9,
            "{account:?} {rolls:?} {kept:?}"
        );
        let last = rolls.last().unwrap();
        let paid = PayoutTable::default().pay(evaluate_roll(last).kind()) as f64;
        assert_eq!(account.result, paid);
        if best {
            assert!(
                account.skill_given_up.abs() < 1e-12,
                "the best holds give up nothing"
            );
        } else {
            assert!(account.skill_given_up >= -1e-12);
            lost_by_random += account.skill_given_up;
        }
    }
    assert!(
        lost_by_random > 10.0,
        "random holds give up coins: {lost_by_random}"
    );
}

#[test]
fn one_throw_is_all_luck_and_broken_games_have_no_account() {
    let strategy = Strategy::new(PayoutTable::default(), 2);
    // No reroll: the start is a throw's expected payout, the rest is luck.
    let flush = [3; 5];
    let account = solo_account(&strategy, 0, &[flush], &[]).unwrap();
    assert!((account.start - strategy.expected_payout(0).to_f64()).abs() < 1e-12);
    assert_eq!(account.result, 50.0);
    assert!((account.luck - (50.0 - account.start)).abs() < 1e-12);
    assert_eq!(account.skill_given_up, 0.0);
    // Standing on a flush at once is the best: no skill given up.
    let stood = solo_account(&strategy, 2, &[flush], &[vec![3; 5]]).unwrap();
    assert_eq!((stood.skill_given_up, stood.result), (0.0, 50.0));
    // Rerolling four of it gives most of it up.
    let thrown = solo_account(&strategy, 1, &[flush, [3, 1, 2, 4, 6]], &[vec![3]]).unwrap();
    assert!(thrown.skill_given_up > 40.0, "{thrown:?}");
    assert!(thrown.imbalance().abs() < 1e-9);
    // Not whole: a hold never thrown, a stand with a throw after it, no
    // hold with rerolls left, a hold that is not in the roll.
    assert!(solo_account(&strategy, 2, &[flush], &[vec![3]]).is_none());
    assert!(solo_account(&strategy, 2, &[flush, flush], &[vec![3; 5]]).is_none());
    assert!(solo_account(&strategy, 2, &[flush], &[]).is_none());
    assert!(solo_account(&strategy, 2, &[flush, flush], &[vec![6]]).is_none());
    assert!(solo_account(&strategy, 2, &[], &[]).is_none());
}

#[test]
fn a_tray_with_a_crooked_die_is_weighed_by_its_own_chances_and_fair_dice_as_ever() {
    use crate::rules::kinds::DieKind;
    use crate::rules::luck::{Advice, DiceValues, solo_account_with};
    use crate::rules::per_die::DiceAdvisor;
    let (table, strategy) = (
        PayoutTable::default(),
        Strategy::new(PayoutTable::default(), 2),
    );
    let fair = DiceAdvisor::new(table, &[DieKind::Fair.chances(); 5], 2);
    let mut tray = [DieKind::Fair; 5];
    tray[2] = DieKind::Loaded;
    let loaded = DiceAdvisor::new(table, &tray.map(DieKind::chances), 2);
    let mut advice = Advice::new(&strategy);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for game in 0..60 {
        let (rolls, kept) = play(&strategy, 2, &mut rng, |n, rng| {
            if game % 2 == 0 {
                0
            } else {
                rng.random_range(0..n)
            }
        });
        // Fair dice through the per-die advisor: the exact account's figures.
        let exact = solo_account_with(&mut advice, 2, &rolls, &kept).expect("whole");
        let mut values = DiceValues {
            advisor: &fair,
            table,
        };
        let per_die = solo_account_with(&mut values, 2, &rolls, &kept).expect("whole");
        for (a, b) in [
            (exact.start, per_die.start),
            (exact.skill_given_up, per_die.skill_given_up),
            (exact.luck, per_die.luck),
            (exact.result, per_die.result),
        ] {
            assert!((a - b).abs() < 1e-9, "{exact:?} {per_die:?}");
        }
        // A loaded die: another start, the same result, and the terms still add up.
        let mut values = DiceValues {
            advisor: &loaded,
            table,
        };
        let crooked = solo_account_with(&mut values, 2, &rolls, &kept).expect("whole");
        assert!(crooked.imbalance().abs() < 1e-9, "{crooked:?}");
        assert_eq!(crooked.result, exact.result);
        assert!(crooked.start > exact.start, "{crooked:?} {exact:?}");
    }
}
