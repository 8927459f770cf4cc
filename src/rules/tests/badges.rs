//! Badges in the exact engine, checked against brute force on small cases,
//! and in the referee: an extra reroll, a die changed once, the house's
//! payments with `double` and `shield` accounted for.

use std::cmp::Ordering;

use crate::rules::duel::{Badge, DuelEngine};
use crate::rules::hand::{Roll, evaluate_roll};

/// Win + tie / 2 of `mine` against `theirs`.
fn score(mine: &Roll, theirs: &Roll) -> f64 {
    match evaluate_roll(mine).cmp(&evaluate_roll(theirs)) {
        Ordering::Greater => 1.0,
        Ordering::Equal => 0.5,
        Ordering::Less => 0.0,
    }
}

/// A roll and every roll one change of `badge` away.
fn options(roll: &Roll, badge: Option<Badge>) -> Vec<Roll> {
    let mut out = vec![*roll];
    if let Some(b) = badge {
        for i in 0..5 {
            for to in b.targets(roll[i]) {
                let mut r = *roll;
                r[i] = to;
                out.push(r);
            }
        }
    }
    out
}

/// Best value of a final hand changed at most once, against a fixed hand.
fn final_value(roll: &Roll, badge: Option<Badge>, against: &Roll) -> f64 {
    options(roll, badge)
        .iter()
        .map(|r| score(r, against))
        .fold(0.0, f64::max)
}

/// Brute force: the best value with `rerolls` (0 or 1) against a final hand.
fn best_against_final(roll: &Roll, rerolls: usize, badge: Option<Badge>, against: &Roll) -> f64 {
    let mut best = final_value(roll, badge, against);
    if rerolls == 1 {
        for mask in 0u32..32 {
            let free: Vec<usize> = (0..5).filter(|i| mask & (1 << i) == 0).collect();
            if free.is_empty() {
                continue;
            }
            let n = 6usize.pow(free.len() as u32);
            let mut total = 0.0;
            for code in 0..n {
                let mut r = *roll;
                let mut c = code;
                for &i in &free {
                    r[i] = (c % 6) as u8 + 1;
                    c /= 6;
                }
                total += final_value(&r, badge, against);
            }
            best = best.max(total / n as f64);
        }
    }
    best
}

#[test]
fn a_die_changing_badge_is_valued_as_brute_force_values_it() {
    let engine = DuelEngine::new();
    let cases: [(Roll, Roll, Badge); 4] = [
        ([1, 2, 3, 4, 6], [2, 2, 3, 3, 5], Badge::Flip),
        ([6, 6, 5, 1, 2], [4, 4, 4, 2, 1], Badge::Nudge),
        ([3, 3, 1, 5, 6], [5, 5, 2, 2, 6], Badge::Flip),
        ([2, 2, 2, 5, 5], [6, 6, 6, 1, 1], Badge::Nudge),
    ];
    for (mine, theirs, badge) in cases {
        for rerolls in 0..=1 {
            let engine_best = engine
                .solve_with(&mine, rerolls, &theirs, 0, [Some(badge), None])
                .unwrap()[0]
                .value
                .to_f64();
            let brute = best_against_final(&mine, rerolls, Some(badge), &theirs);
            assert!(
                (engine_best - brute).abs() < 1e-12,
                "{mine:?} v {theirs:?} {badge:?} {rerolls}: engine {engine_best}, brute {brute}"
            );
            // The badge never hurts, and without it the engine agrees too.
            let plain = engine.solve(&mine, rerolls, &theirs, 0).unwrap()[0]
                .value
                .to_f64();
            assert!((plain - best_against_final(&mine, rerolls, None, &theirs)).abs() < 1e-12);
            assert!(engine_best >= plain);
        }
    }
}

#[test]
fn the_first_mover_anticipates_the_second_movers_badge() {
    let engine = DuelEngine::new();
    // First mover: final hand, may flip; second mover: one reroll and a nudge.
    let first: Roll = [4, 4, 2, 5, 1];
    let second: Roll = [3, 3, 6, 1, 2];
    let engine_best = engine
        .solve_with(
            &first,
            0,
            &second,
            1,
            [Some(Badge::Flip), Some(Badge::Nudge)],
        )
        .unwrap()[0]
        .value
        .to_f64();
    let brute = options(&first, Some(Badge::Flip))
        .iter()
        .map(|f| 1.0 - best_against_final(&second, 1, Some(Badge::Nudge), f))
        .fold(0.0, f64::max);
    assert!(
        (engine_best - brute).abs() < 1e-12,
        "engine {engine_best}, brute {brute}"
    );
    // The second mover's nudge is worth something to it, so it costs the first.
    let without = engine
        .solve_with(&first, 0, &second, 1, [Some(Badge::Flip), None])
        .unwrap()[0]
        .value
        .to_f64();
    assert!(without > engine_best);
}

#[test]
fn standing_with_a_change_is_a_choice_and_named() {
    let engine = DuelEngine::new();
    // 6 6 6 6 1 against 5 5 5 5 5: flipping the 1 makes five 6s and wins.
    let all = engine
        .solve_with(
            &[6, 6, 6, 6, 1],
            0,
            &[5, 5, 5, 5, 5],
            0,
            [Some(Badge::Flip), None],
        )
        .unwrap();
    assert_eq!(all[0].change, Some((1, 6)));
    assert_eq!(all[0].value.to_f64(), 1.0);
    assert!(
        all.iter()
            .any(|c| c.change.is_none() && c.value.to_f64() == 0.0)
    );
    // Badges that change no die leave the values alone.
    let plain = engine
        .solve(&[1, 2, 3, 4, 6], 1, &[2, 2, 3, 3, 5], 0)
        .unwrap();
    let doubled = engine
        .solve_with(
            &[1, 2, 3, 4, 6],
            1,
            &[2, 2, 3, 3, 5],
            0,
            [Some(Badge::Double), Some(Badge::Shield)],
        )
        .unwrap();
    assert_eq!(plain, doubled);
}

#[test]
fn the_referee_gives_the_extra_reroll_lets_one_die_change_and_books_the_house() {
    use crate::rules::duel::{BetAction, Duel, DuelRules, ROUNDS_TO_WIN, RoundEnd, Side, Step};
    let rules = DuelRules {
        ante: 10,
        step: 10,
        rerolls: 1,
        wins: ROUNDS_TO_WIN,
        badges: [Some(Badge::Flip), Some(Badge::Reroll)],
    };
    let mut duel = Duel::new(rules, Side::Near);
    duel.throw(Side::Near).unwrap();
    duel.rolled(Side::Near, [6, 6, 6, 6, 1]).unwrap();
    duel.throw(Side::Far).unwrap();
    duel.rolled(Side::Far, [2, 3, 4, 5, 1]).unwrap();
    assert_eq!(duel.rerolls_left(Side::Far), 2, "reroll: one more");
    assert_eq!(duel.rerolls_left(Side::Near), 1);
    duel.bet(Side::Near, BetAction::Check).unwrap();
    duel.bet(Side::Far, BetAction::Check).unwrap();
    // The player rerolls its 1 and gets a 1 again: its rerolls are over, but
    // the table waits for its flip (or a stand).
    duel.reroll(Side::Near).unwrap();
    duel.rolled(Side::Near, [6, 6, 6, 6, 1]).unwrap();
    assert_eq!(duel.step(), Step::Reroll(Side::Near));
    assert!(duel.can_change(Side::Near));
    // Only the badge's own change, on a die that is there.
    assert!(duel.change(Side::Near, 4, 5).is_err());
    assert!(duel.change(Side::Far, 4, 6).is_err());
    duel.change(Side::Near, 4, 6).unwrap();
    assert_eq!(duel.roll(Side::Near), Some([6, 6, 6, 6, 6]));
    assert_eq!(duel.changed(Side::Near), Some((4, 1, 6)));
    assert!(!duel.can_change(Side::Near));
    assert_eq!(duel.step(), Step::Reroll(Side::Far));
    duel.stand(Side::Far).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Showdown(Side::Near)));

    // double and shield: the house pays, and every coin is accounted for.
    let rules = DuelRules {
        badges: [Some(Badge::Double), Some(Badge::Shield)],
        ..rules
    };
    let mut duel = Duel::new(rules, Side::Near);
    duel.throw(Side::Near).unwrap();
    duel.rolled(Side::Near, [6, 6, 6, 6, 6]).unwrap();
    duel.throw(Side::Far).unwrap();
    duel.rolled(Side::Far, [1, 2, 3, 4, 6]).unwrap();
    duel.bet(Side::Near, BetAction::Raise).unwrap();
    duel.bet(Side::Far, BetAction::Call).unwrap();
    duel.stand(Side::Near).unwrap();
    duel.stand(Side::Far).unwrap();
    assert_eq!(duel.from_house(Side::Near), 40, "double: the pot again");
    assert_eq!(
        duel.from_house(Side::Far),
        10,
        "shield: half of the 20 put in"
    );
    assert_eq!(duel.net(Side::Near), 40 + 20);
    assert_eq!(duel.net(Side::Far), -20 + 10);
    assert_eq!(
        duel.net(Side::Near) + duel.net(Side::Far) + duel.pot() as i64,
        (duel.from_house(Side::Near) + duel.from_house(Side::Far)) as i64
    );
}

#[test]
fn computer_players_with_every_badge_make_only_legal_moves_and_coins_balance() {
    use rand::SeedableRng;

    use crate::rules::duel::{Brains, Opponent, Side, pairing, play_match};
    let brains = Brains::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let hard = Opponent::find("hard").unwrap();
    let easy = Opponent::find("easy").unwrap();
    for badge in Badge::ALL {
        let with = Opponent {
            badge: Some(badge),
            ..*easy
        };
        // Every move goes through the referee; an illegal one fails the match.
        pairing(&with, hard, 30, 1, &brains, &mut rng).expect("legal matches");
        let rules = with.rules(1).with_badges([Some(badge), hard.badge]);
        let m = play_match(&with, hard, rules, &brains, &mut rng).unwrap();
        let d = &m.duel;
        assert_eq!(
            d.net(Side::Near) + d.net(Side::Far) + d.pot() as i64,
            (d.from_house(Side::Near) + d.from_house(Side::Far)) as i64,
            "{badge:?}"
        );
    }
}
