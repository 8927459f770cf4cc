//! The crooked-dice duel engine against the exact engine (fair dice) and
//! against every outcome counted one by one (crooked dice, by slot).

use std::cmp::Ordering;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::duel::DuelEngine;
use crate::rules::hand::evaluate_roll;
use crate::rules::kinds::DieKind;
use crate::rules::per_die::FAIR;

fn random_roll(rng: &mut impl Rng) -> Roll {
    std::array::from_fn(|_| rng.random_range(1..=6))
}

#[test]
fn with_fair_dice_every_hold_is_worth_what_the_exact_engine_says() {
    let engine = DuelEngine::new();
    let duel = CrookedDuel::new(&[FAIR; DICE], &[FAIR; DICE]);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let badges = [None, Some(Badge::Flip), Some(Badge::Nudge)];
    for case in 0..24 {
        let (roll, against) = (random_roll(&mut rng), random_roll(&mut rng));
        let (mine, theirs) = (case % 3, (case / 3) % 3);
        let rerolls = [mine, theirs];
        let badges = [badges[(case / 9) % 3], badges[(case + 1) % 3]];
        let exact = engine
            .solve_with(&roll, rerolls[0], &against, rerolls[1], badges)
            .unwrap();
        let floating = duel.solve((&roll, rerolls[0]), (&against, rerolls[1]), badges);
        assert_eq!(exact.len(), floating.len(), "{roll:?} {against:?}");
        for e in &exact {
            let f = floating
                .iter()
                .find(|f| f.held == e.held && f.change == e.change)
                .unwrap_or_else(|| panic!("{e:?} missing"));
            assert!((f.value - e.value.to_f64()).abs() < 1e-12, "{e:?} {f:?}");
            assert!((f.win + f.tie + f.loss - 1.0).abs() < 1e-12);
        }
        let best = (exact[0].value.to_f64() - floating[0].value).abs();
        assert!(best < 1e-12, "{roll:?} vs {against:?}: {exact:?}");
    }
}

/// `roll` keeping `kept` against a final hand `theirs`, every throw of the
/// free dice counted with its slots' own chances: P(win) + P(tie)/2.
fn counted(roll: &Roll, kept: [bool; DICE], dice: &[FaceChances; DICE], theirs: &Roll) -> f64 {
    let free: Vec<usize> = (0..DICE).filter(|&s| !kept[s]).collect();
    let mut value = 0.0;
    for code in 0..6usize.pow(free.len() as u32) {
        let (mut now, mut p, mut rest) = (*roll, 1.0, code);
        for &slot in &free {
            let face = rest % 6;
            rest /= 6;
            now[slot] = face as u8 + 1;
            p *= dice[slot][face];
        }
        value += p * match evaluate_roll(&now).key().cmp(&evaluate_roll(theirs).key()) {
            Ordering::Greater => 1.0,
            Ordering::Equal => 0.5,
            Ordering::Less => 0.0,
        };
    }
    value
}

#[test]
fn a_crooked_die_is_priced_by_its_own_faces_in_its_own_slot() {
    let loaded = DieKind::Loaded.chances();
    let shaved = DieKind::Shaved.chances();
    let mine = [FAIR, loaded, FAIR, shaved, FAIR];
    let duel = CrookedDuel::new(&mine, &[FAIR; DICE]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..12 {
        let (roll, theirs) = (random_roll(&mut rng), random_roll(&mut rng));
        let choices = duel.solve((&roll, 1), (&theirs, 0), [None, None]);
        for c in &choices {
            let want = counted(&roll, c.kept, &mine, &theirs);
            assert!((c.value - want).abs() < 1e-12, "{roll:?} {c:?}: {want}");
        }
        // Every way to keep the dice is there, dice alike showing a face once.
        let best = (0..32u32)
            .map(|bits| std::array::from_fn(|s| bits & (1 << s) != 0))
            .map(|kept| counted(&roll, kept, &mine, &theirs))
            .fold(f64::MIN, f64::max);
        assert!((choices[0].value - best).abs() < 1e-12);
    }
}

#[test]
fn the_other_side_answers_with_its_crooked_die_as_well_as_it_can() {
    let theirs_dice = [DieKind::Loaded.chances(), FAIR, FAIR, FAIR, FAIR];
    let duel = CrookedDuel::new(&[FAIR; DICE], &theirs_dice);
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..10 {
        let (roll, against) = (random_roll(&mut rng), random_roll(&mut rng));
        // The mover stands: its hand is final, the other rerolls once.
        let stand = &duel.solve((&roll, 0), (&against, 1), [None, None])[0];
        let answer = (0..32u32)
            .map(|bits| std::array::from_fn(|s| bits & (1 << s) != 0))
            .map(|kept| counted(&against, kept, &theirs_dice, &roll))
            .fold(f64::MIN, f64::max);
        assert!((stand.value - (1.0 - answer)).abs() < 1e-12, "{stand:?}");
    }
}

#[test]
fn a_die_that_favours_sixes_is_worth_more_to_its_owner() {
    let loaded = [DieKind::Loaded.chances(); DICE];
    let fair = CrookedDuel::new(&[FAIR; DICE], &[FAIR; DICE]);
    let crooked = CrookedDuel::new(&loaded, &[FAIR; DICE]);
    // A pair of sixes, two rerolls a side, the other holding a pair of fives.
    let (roll, against) = ([6, 6, 1, 2, 3], [5, 5, 1, 2, 4]);
    let at = |duel: &CrookedDuel| duel.solve((&roll, 2), (&against, 2), [None, None])[0].value;
    assert!(
        at(&crooked) > at(&fair) + 0.05,
        "{} {}",
        at(&crooked),
        at(&fair)
    );
}
