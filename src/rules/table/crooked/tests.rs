//! The table's chances with each seat's own dice: with fair dice they are
//! the exact chances', and a crooked die moves them the way it should.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::rules::kinds::DieKind;
use crate::rules::kinds::one_crooked;
use crate::rules::per_die::{FAIR, FaceChances, Tray};
use crate::rules::table::chance::{largest_group_policy, table_chance, table_choices};

fn walks(dice: &[FaceChances; DICE]) -> Walks {
    Walks::new(&Tray::new(dice))
}

/// `rivals`, each with the dice of `walks`.
fn seated<'a>(rivals: &[Rival<'a>], walks: &'a Walks) -> Vec<DiceRival<'a>> {
    rivals
        .iter()
        .map(|&rival| DiceRival { rival, walks })
        .collect()
}

fn random_roll(rng: &mut impl Rng) -> Roll {
    std::array::from_fn(|_| rng.random_range(1..=6))
}

/// A rival in one of the ways a table shows one: thrown with rerolls to
/// come, with dice in the air, or before its first throw.
fn rival(rng: &mut impl Rng, way: usize) -> Rival<'static> {
    let roll = random_roll(rng);
    let rerolls = rng.random_range(0..=2);
    let holds = &largest_group_policy;
    match way % 3 {
        0 => Rival {
            roll: Some(roll),
            rerolls,
            holds,
            throwing: None,
        },
        1 => {
            let mut kept = [0u8; 6];
            kept[usize::from(roll[0] - 1)] += 1;
            kept[usize::from(roll[1] - 1)] += 1;
            Rival {
                roll: Some(roll),
                rerolls,
                holds,
                throwing: Some(kept),
            }
        }
        _ => Rival {
            roll: None,
            rerolls,
            holds,
            throwing: None,
        },
    }
}

#[test]
fn with_fair_dice_every_hold_is_worth_what_the_exact_chances_say() {
    let fair = walks(&[FAIR; DICE]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for case in 0..12 {
        let rivals: Vec<Rival> = (0..1 + case % 3)
            .map(|w| rival(&mut rng, case + w))
            .collect();
        let dice = seated(&rivals, &fair);
        let (roll, rerolls) = (random_roll(&mut rng), (case % 3) as u32);
        let exact = table_choices(&roll, rerolls, &rivals);
        let walked = dice_table_choices(&roll, rerolls, &fair, &dice);
        for e in &exact {
            // Of holds keeping the same faces from different (fair) dice,
            // every one is worth the same.
            for w in walked.iter().filter(|w| w.held == e.held) {
                assert!(
                    (w.share.value - e.share.value).abs() < 1e-9
                        && (w.share.win - e.share.win).abs() < 1e-9
                        && (w.share.tie - e.share.tie).abs() < 1e-9,
                    "{roll:?} {e:?} {w:?}"
                );
            }
        }
        assert_eq!(walked[0].held, exact[0].held, "{roll:?}");
        let before = table_chance(None, rerolls, &rivals).value;
        let walked = dice_table_chance(None, rerolls, &fair, &dice).value;
        assert!((before - walked).abs() < 1e-9, "{before} {walked}");
    }
}

#[test]
fn a_loaded_die_helps_its_own_seat_and_hurts_the_others() {
    let loaded: [FaceChances; DICE] = one_crooked(DieKind::Loaded, 0);
    let (fair, crooked) = (walks(&[FAIR; DICE]), walks(&loaded));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut base, mut mine_loaded, mut theirs_loaded) = (0.0, 0.0, 0.0);
    for case in 0..12 {
        let rivals: Vec<Rival> = (0..2).map(|w| rival(&mut rng, case + w)).collect();
        let rerolls = (case % 3) as u32;
        let share = |mine: &Walks, rivals: &[DiceRival]| {
            let s = dice_table_chance(None, rerolls, mine, rivals);
            assert!(s.win >= 0.0 && s.tie >= 0.0 && s.win + s.tie <= 1.0 + 1e-9);
            s.value
        };
        base += share(&fair, &seated(&rivals, &fair));
        mine_loaded += share(&crooked, &seated(&rivals, &fair));
        theirs_loaded += share(&fair, &seated(&rivals, &crooked));
    }
    assert!(
        mine_loaded > base && base > theirs_loaded,
        "{mine_loaded} {base} {theirs_loaded}"
    );
}

#[test]
fn which_die_keeps_a_face_is_weighed_by_its_own_chances() {
    // The loaded die shows one of two sixes against a rival standing on
    // three fives: the hold that keeps 6 6 is the same whichever six it
    // names, but keeping one six throws the other, and which matters.
    let loaded: [FaceChances; DICE] = one_crooked(DieKind::Loaded, 0);
    let mine = walks(&loaded);
    let fair = walks(&[FAIR; DICE]);
    let rival = DiceRival {
        rival: Rival {
            roll: Some([5, 5, 5, 2, 3]),
            rerolls: 0,
            holds: &largest_group_policy,
            throwing: None,
        },
        walks: &fair,
    };
    let roll = [6, 6, 1, 2, 4];
    let all = dice_table_choices(&roll, 2, &mine, &[rival]);
    let keep_loaded = all
        .iter()
        .find(|c| c.kept == [true, false, false, false, false])
        .expect("keeping the loaded six");
    let keep_fair = all
        .iter()
        .find(|c| c.kept == [false, true, false, false, false])
        .expect("keeping the fair six");
    assert_eq!(keep_loaded.held, keep_fair.held);
    // Throwing the loaded die again brings another six more often.
    assert!(keep_fair.share.value > keep_loaded.share.value);
}
