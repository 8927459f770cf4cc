//! Hands, odds, the advisor and payouts, checked against counting by hand and
//! by brute force over every ordered roll.

use crate::rules::hand::{HandType, RollError, evaluate};
use crate::rules::odds::{distribution, full_throw_by_enumeration, hold_counts};
use crate::rules::{PayoutTable, Ratio, Strategy};

fn name(faces: &[u8]) -> String {
    evaluate(faces).expect("valid roll").to_string()
}

fn kind(faces: &[u8]) -> HandType {
    evaluate(faces).expect("valid roll").kind()
}

#[test]
fn every_hand_of_the_table_with_its_example() {
    assert_eq!(name(&[3, 3, 3, 3, 3]), "3のフラッシュ");
    assert_eq!(name(&[2, 2, 2, 2, 6]), "フォーカード");
    assert_eq!(name(&[1, 1, 1, 4, 4]), "フルハウス");
    assert_eq!(name(&[5, 5, 5, 1, 3]), "スリーカード");
    assert_eq!(name(&[2, 2, 4, 4, 6]), "ツーペア");
    assert_eq!(name(&[2, 2, 3, 4, 6]), "ワンペア");
    assert_eq!(name(&[2, 3, 4, 5, 6]), "ストレート");
    assert_eq!(name(&[1, 2, 3, 4, 6]), "役なし");
    for hand in HandType::ALL {
        assert_eq!(kind(&hand.example()), hand, "the example of {hand:?}");
    }
}

#[test]
fn both_straights_and_only_those() {
    assert_eq!(kind(&[1, 2, 3, 4, 5]), HandType::Straight);
    assert_eq!(kind(&[6, 5, 4, 3, 2]), HandType::Straight);
    assert_eq!(kind(&[1, 3, 4, 5, 6]), HandType::None);
    assert_eq!(kind(&[1, 2, 4, 5, 6]), HandType::None);
}

#[test]
fn flush_names_its_face() {
    for face in 1..=6u8 {
        assert_eq!(name(&[face; 5]), format!("{face}のフラッシュ"));
    }
}

/// All 120 orderings of five positions.
fn permutations(roll: [u8; 5]) -> Vec<[u8; 5]> {
    let mut out = Vec::new();
    let mut idx = [0usize, 1, 2, 3, 4];
    // Heap's algorithm.
    fn heap(k: usize, idx: &mut [usize; 5], roll: &[u8; 5], out: &mut Vec<[u8; 5]>) {
        if k == 1 {
            out.push(idx.map(|i| roll[i]));
            return;
        }
        for i in 0..k {
            heap(k - 1, idx, roll, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            idx.swap(j, k - 1);
        }
    }
    heap(5, &mut idx, &roll, &mut out);
    out
}

#[test]
fn order_of_the_dice_never_matters() {
    for roll in [
        [2, 2, 3, 3, 3],
        [1, 2, 3, 4, 5],
        [6, 1, 6, 1, 4],
        [5, 5, 5, 5, 2],
        [1, 2, 3, 4, 6],
    ] {
        let first = evaluate(&roll).unwrap();
        let perms = permutations(roll);
        assert_eq!(perms.len(), 120);
        for p in perms {
            let hand = evaluate(&p).unwrap();
            assert_eq!(hand.kind(), first.kind(), "{p:?}");
            assert_eq!(hand.key(), first.key(), "{p:?}");
        }
    }
    assert_eq!(kind(&[3, 2, 3, 2, 3]), HandType::FullHouse);
}

#[test]
fn seven_thousand_seven_hundred_seventy_six_outcomes() {
    let expected: [(HandType, u64); 8] = [
        (HandType::Flush, 6),
        (HandType::FourOfAKind, 150),
        (HandType::FullHouse, 300),
        (HandType::Straight, 240),
        (HandType::ThreeOfAKind, 1_200),
        (HandType::TwoPair, 1_800),
        (HandType::OnePair, 3_600),
        (HandType::None, 480),
    ];
    let brute = full_throw_by_enumeration();
    let grouped = distribution(&[0; 6]);
    assert_eq!(brute.outcomes, 7_776);
    assert_eq!(grouped.outcomes, 7_776);
    for (hand, ways) in expected {
        assert_eq!(brute.ways(hand), ways, "{hand}");
        assert_eq!(grouped.ways(hand), ways, "{hand}");
    }
}

#[test]
fn bad_rolls_are_errors_that_say_what_is_wrong() {
    assert_eq!(evaluate(&[1, 2, 3, 4]), Err(RollError::WrongCount(4)));
    assert_eq!(evaluate(&[1, 2, 3, 4, 5, 6]), Err(RollError::WrongCount(6)));
    assert_eq!(evaluate(&[]), Err(RollError::WrongCount(0)));
    assert_eq!(
        evaluate(&[1, 2, 7, 4, 5]),
        Err(RollError::FaceOutOfRange {
            position: 3,
            value: 7
        })
    );
    assert_eq!(
        evaluate(&[0, 2, 3, 4, 5]),
        Err(RollError::FaceOutOfRange {
            position: 1,
            value: 0
        })
    );
    assert!(
        evaluate(&[1, 2, 3])
            .unwrap_err()
            .to_string()
            .contains("exactly 5 faces, got 3")
    );
    assert!(
        evaluate(&[1, 2, 9, 4, 5])
            .unwrap_err()
            .to_string()
            .contains("face 3 is 9")
    );
    assert!(hold_counts(&[1, 2, 3, 4, 5, 6]).is_err());
    assert!(
        hold_counts(&[0])
            .unwrap_err()
            .to_string()
            .contains("held face 0")
    );
}

#[test]
fn tie_breaks_order_hands_within_and_across_types() {
    // Each roll is strictly stronger than the one before it.
    let ladder: [[u8; 5]; 16] = [
        [1, 2, 3, 4, 6],
        [1, 2, 3, 5, 6],
        [2, 2, 1, 3, 4],
        [2, 2, 6, 5, 4],
        [3, 3, 6, 5, 1],
        [3, 3, 6, 5, 4],
        [5, 5, 4, 4, 6],
        [6, 6, 2, 2, 1],
        [6, 6, 2, 2, 5],
        [6, 6, 6, 1, 2],
        [1, 2, 3, 4, 5],
        [2, 3, 4, 5, 6],
        [2, 2, 2, 6, 6],
        [3, 3, 3, 1, 1],
        [6, 6, 6, 6, 5],
        [1, 1, 1, 1, 1],
    ];
    for pair in ladder.windows(2) {
        let (lo, hi) = (evaluate(&pair[0]).unwrap(), evaluate(&pair[1]).unwrap());
        assert!(lo < hi, "{:?} should lose to {:?}", pair[0], pair[1]);
    }
    assert!(evaluate(&[6; 5]).unwrap() > evaluate(&[5; 5]).unwrap());
    assert_eq!(
        evaluate(&[4, 4, 1, 2, 3]).unwrap(),
        evaluate(&[3, 1, 4, 2, 4]).unwrap()
    );
    assert_eq!(
        evaluate(&[4, 4, 1, 2, 3])
            .unwrap()
            .cmp(&evaluate(&[2, 4, 3, 4, 1]).unwrap()),
        std::cmp::Ordering::Equal
    );
}

#[test]
fn odds_for_holds_checked_by_hand() {
    // Four 2s held, one die thrown: a 2 makes five of a kind.
    let d = distribution(&hold_counts(&[2, 2, 2, 2]).unwrap());
    assert_eq!(d.outcomes, 6);
    assert_eq!(d.ways(HandType::Flush), 1);
    assert_eq!(d.ways(HandType::FourOfAKind), 5);
    // 1 2 3 4 held: a 5 is a straight, a 6 nothing, anything else a pair.
    let d = distribution(&hold_counts(&[1, 2, 3, 4]).unwrap());
    assert_eq!(d.ways(HandType::Straight), 1);
    assert_eq!(d.ways(HandType::None), 1);
    assert_eq!(d.ways(HandType::OnePair), 4);
    // 2 2 held, three thrown (216 outcomes): one 2 and a pair of another
    // face (3 × 5) or three of another face (5) make a full house.
    let d = distribution(&hold_counts(&[2, 2]).unwrap());
    assert_eq!(d.outcomes, 216);
    assert_eq!(d.ways(HandType::FullHouse), 20);
    assert_eq!(d.ways(HandType::Flush), 1);
    assert_eq!(d.ways(HandType::FourOfAKind), 15);
    assert_eq!(d.ways.iter().sum::<u64>(), 216);
    // Everything held: the hand itself, for sure.
    let d = distribution(&hold_counts(&[6, 6, 6, 1, 1]).unwrap());
    assert_eq!((d.outcomes, d.ways(HandType::FullHouse)), (1, 1));
}

#[test]
fn advisor_holding_four_fives_with_one_reroll_has_one_in_six_for_a_flush() {
    let strategy = Strategy::new(PayoutTable::default(), 2);
    let choices = strategy.advise(&[5, 5, 5, 5, 2], 1);
    let four = choices
        .iter()
        .find(|c| c.held == vec![5, 5, 5, 5])
        .expect("hold four 5s");
    assert_eq!(four.final_hands[HandType::Flush.index()], Ratio::new(1, 6));
    assert_eq!(
        four.final_hands[HandType::FourOfAKind.index()],
        Ratio::new(5, 6)
    );
    let table = strategy.table();
    let ev = Ratio::new(
        u128::from(table.pay(HandType::Flush) + 5 * table.pay(HandType::FourOfAKind)),
        6,
    );
    assert_eq!(four.expected, ev);
    assert_eq!(
        choices[0].held,
        vec![5, 5, 5, 5],
        "holding the four is best"
    );
}

#[test]
fn advisor_lists_every_distinct_hold_best_first() {
    let strategy = Strategy::new(PayoutTable::default(), 2);
    // 1 2 3 4 6 has five different faces: 2^5 = 32 holds, standing included.
    let choices = strategy.advise(&[1, 2, 3, 4, 6], 2);
    assert_eq!(choices.len(), 32);
    assert!(choices.windows(2).all(|w| w[0].expected >= w[1].expected));
    // 2 2 3 4 6: the pair gives 3 × 2 × 2 × 2 = 24 distinct holds.
    assert_eq!(strategy.advise(&[2, 2, 3, 4, 6], 2).len(), 24);
    for choice in &choices {
        let total: f64 = choice.final_hands.iter().map(Ratio::to_f64).sum();
        assert!((total - 1.0).abs() < 1e-12, "{choice:?}");
    }
    // No rerolls left: standing is the only choice and pays the table.
    let stand = strategy.advise(&[6, 6, 6, 6, 6], 0);
    assert_eq!(stand.len(), 1);
    assert!(stand[0].stands());
    assert_eq!(
        stand[0].expected,
        Ratio::new(u128::from(strategy.table().pay(HandType::Flush)), 1)
    );
    // A five of a kind is never thrown away.
    assert!(strategy.best(&[6, 6, 6, 6, 6], 2).stands());
}

#[test]
fn default_payouts_return_between_95_and_99_percent_with_two_rerolls() {
    let strategy = Strategy::new(PayoutTable::default(), 2);
    let rtp = strategy.return_to_player(2).to_f64();
    assert!((0.95..=0.99).contains(&rtp), "return to player {rtp}");
    // Without rerolls the return is the one-throw table's exact expectation.
    let table = PayoutTable::default();
    let one_throw = distribution(&[0; 6]);
    let ev: u64 = HandType::ALL
        .iter()
        .map(|&h| one_throw.ways(h) * table.pay(h))
        .sum();
    assert_eq!(
        strategy.expected_payout(0),
        Ratio::new(u128::from(ev), 7_776)
    );
    // More rerolls can only help a player who plays well.
    assert!(strategy.return_to_player(1) > strategy.return_to_player(0));
    assert!(strategy.return_to_player(2) > strategy.return_to_player(1));
}

#[test]
fn the_fast_evaluator_agrees_with_counting_for_every_ordered_roll() {
    use crate::rules::hand::{ROLLS, counts_of, evaluate_counts, evaluate_roll, roll_at};
    let mut seen = std::collections::HashSet::new();
    for index in 0..ROLLS {
        let roll = roll_at(index);
        assert!(seen.insert(roll), "every index is a different roll");
        assert_eq!(
            evaluate_roll(&roll),
            evaluate_counts(&counts_of(&roll)),
            "{roll:?}"
        );
    }
}

#[test]
fn the_dice_that_make_a_hand_are_the_ones_marked() {
    use crate::rules::hand::scoring_dice;
    assert_eq!(
        scoring_dice(&[2, 5, 2, 6, 1]),
        [true, false, true, false, false]
    );
    assert_eq!(
        scoring_dice(&[4, 4, 1, 1, 6]),
        [true, true, true, true, false]
    );
    assert_eq!(
        scoring_dice(&[3, 1, 3, 3, 3]),
        [true, false, true, true, true]
    );
    assert_eq!(
        scoring_dice(&[2, 3, 4, 5, 6]),
        [true; 5],
        "a straight uses all five"
    );
    assert_eq!(
        scoring_dice(&[5, 2, 5, 2, 2]),
        [true; 5],
        "a full house too"
    );
    assert_eq!(
        scoring_dice(&[1, 2, 3, 4, 6]),
        [false; 5],
        "役なし marks nothing"
    );
}

#[test]
fn a_hold_given_as_faces_keeps_one_die_per_face() {
    use crate::rules::hand::slots_keeping;
    assert_eq!(
        slots_keeping(&[5, 2, 5, 5, 1], &[5, 5]),
        [true, false, true, false, false]
    );
    assert_eq!(slots_keeping(&[3, 1, 4, 1, 5], &[1, 3, 4, 5, 1]), [true; 5]);
    assert_eq!(slots_keeping(&[6, 6, 6, 6, 6], &[]), [false; 5]);
}
