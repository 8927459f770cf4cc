//! The rules engine: hands, odds, the advisor, payouts and the duel's referee
//! and engine, checked against counting by hand and by brute force.

use dice_poker::rules::duel::{
    BetAction, Brains, Duel, DuelEngine, DuelRules, OPPONENTS, RoundEnd, Side, Step,
};
use dice_poker::rules::hand::{HandType, RollError, evaluate, evaluate_roll};
use dice_poker::rules::odds::{distribution, full_throw_by_enumeration, hold_counts};
use dice_poker::rules::{PayoutTable, Ratio, Strategy};
use rand::SeedableRng;

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
    use dice_poker::rules::hand::{ROLLS, counts_of, evaluate_counts, evaluate_roll, roll_at};
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

/// Win and tie counts over 6^(5 × rerolls), by brute force: every subset of
/// dice positions held, every ordered outcome of the rest, independently of
/// the engine's multiset ladders.
fn brute(
    roll: [u8; 5],
    rerolls: usize,
    worth: &mut dyn FnMut(&[u8; 5]) -> (u128, u128),
) -> (u128, u128) {
    if rerolls == 0 {
        return worth(&roll);
    }
    let mut best = worth(&roll);
    let scale = 7_776u128.pow(rerolls as u32);
    best = (best.0 * scale, best.1 * scale);
    for mask in 0u32..31 {
        let free: Vec<usize> = (0..5).filter(|i| mask & (1 << i) == 0).collect();
        let widen = 6u128.pow(5 - free.len() as u32);
        let mut sum = (0u128, 0u128);
        for outcome in 0..6usize.pow(free.len() as u32) {
            let mut next = roll;
            let mut rest = outcome;
            for &i in &free {
                next[i] = (rest % 6) as u8 + 1;
                rest /= 6;
            }
            let (w, t) = brute(next, rerolls - 1, worth);
            sum = (sum.0 + w * widen, sum.1 + t * widen);
        }
        if 2 * sum.0 + sum.1 > 2 * best.0 + best.1 {
            best = sum;
        }
    }
    best
}

fn versus(mine: &[u8; 5], theirs: &[u8; 5]) -> (u128, u128) {
    match evaluate_roll(mine).cmp(&evaluate_roll(theirs)) {
        std::cmp::Ordering::Greater => (1, 0),
        std::cmp::Ordering::Equal => (0, 1),
        std::cmp::Ordering::Less => (0, 0),
    }
}

#[test]
fn duel_engine_matches_brute_force_against_a_final_hand() {
    let engine = DuelEngine::new();
    for (mine, theirs) in [
        ([2, 2, 3, 4, 6], [5, 5, 5, 1, 2]),
        ([1, 2, 3, 4, 6], [2, 2, 4, 4, 6]),
        ([6, 6, 1, 1, 3], [6, 6, 1, 1, 3]),
    ] {
        let best = engine.best(&mine, 1, &theirs, 0).unwrap();
        let (w, t) = brute(mine, 1, &mut |f| versus(f, &theirs));
        assert_eq!(best.win, Ratio::new(w, 7_776), "{mine:?} vs {theirs:?}");
        assert_eq!(best.tie, Ratio::new(t, 7_776), "{mine:?} vs {theirs:?}");
        assert_eq!(
            best.value,
            Ratio::new(2 * w + t, 2 * 7_776),
            "{mine:?} vs {theirs:?}"
        );
    }
}

#[test]
fn duel_engine_matches_brute_force_when_the_opponent_answers() {
    let engine = DuelEngine::new();
    let (mine, theirs) = ([3, 3, 5, 1, 6], [4, 4, 2, 2, 6]);
    // Their best answer to each of my final hands, memoised by the sorted hand.
    let mut answers = std::collections::HashMap::new();
    let mut worth = |f: &[u8; 5]| {
        let mut key = *f;
        key.sort_unstable();
        let (w, t) = *answers
            .entry(key)
            .or_insert_with(|| brute(theirs, 1, &mut |g| versus(g, &key)));
        (7_776 - w - t, t)
    };
    let (w, t) = brute(mine, 1, &mut worth);
    let best = engine.best(&mine, 1, &theirs, 1).unwrap();
    let den = 7_776u128 * 7_776;
    assert_eq!(
        (best.win, best.tie, best.loss),
        (
            Ratio::new(w, den),
            Ratio::new(t, den),
            Ratio::new(den - w - t, den)
        )
    );
    // The betting value before anyone rerolls is the same solve.
    assert_eq!(engine.position(&mine, 1, &theirs, 1).unwrap(), best);
}

#[test]
fn duel_engine_checked_by_hand() {
    let engine = DuelEngine::new();
    // Four 5s against a final four 5s with a 6: a 5 wins, a 6 ties, else lose.
    let best = engine
        .best(&[5, 5, 5, 5, 2], 1, &[5, 5, 5, 5, 6], 0)
        .unwrap();
    assert_eq!(best.held, vec![5, 5, 5, 5]);
    assert_eq!(
        (best.win, best.tie, best.loss, best.value),
        (
            Ratio::new(1, 6),
            Ratio::new(1, 6),
            Ratio::new(2, 3),
            Ratio::new(1, 4)
        )
    );
    // Already ahead of a final hand: stand and win for sure.
    let best = engine
        .best(&[6, 6, 6, 6, 6], 2, &[1, 1, 1, 1, 1], 0)
        .unwrap();
    assert!(best.stands());
    assert_eq!(best.win, Ratio::new(1, 1));
    // No rerolls on either side: the comparison itself.
    let c = engine
        .position(&[2, 3, 4, 5, 6], 0, &[1, 2, 3, 4, 5], 0)
        .unwrap();
    assert_eq!(c.win, Ratio::new(1, 1));
    // More rerolls never hurt against a final hand; win + tie + loss = 1.
    for roll in [[1, 2, 3, 4, 6], [2, 2, 5, 5, 1], [4, 4, 4, 1, 2]] {
        let one = engine.best(&roll, 1, &[3, 3, 3, 6, 6], 0).unwrap();
        let two = engine.best(&roll, 2, &[3, 3, 3, 6, 6], 0).unwrap();
        assert!(two.value >= one.value, "{roll:?}");
        for choice in engine.solve(&roll, 2, &[3, 3, 3, 6, 6], 1).unwrap() {
            let sum = choice.win.to_f64() + choice.tie.to_f64() + choice.loss.to_f64();
            assert!((sum - 1.0).abs() < 1e-12);
        }
    }
    assert!(
        engine
            .solve(&[1, 2, 3, 4, 5], 3, &[1, 1, 1, 1, 1], 0)
            .is_err()
    );
}

const RULES: DuelRules = DuelRules {
    ante: 10,
    step: 10,
    rerolls: 1,
};

/// Player throws first; both rolls land; returns the table at the betting turn.
fn to_betting(player: [u8; 5], cpu: [u8; 5]) -> Duel {
    let mut duel = Duel::new(RULES, Side::Player);
    assert_eq!(duel.step(), Step::Throw(Side::Player));
    assert!(duel.throw(Side::Cpu).is_err(), "not the opponent's turn");
    duel.throw(Side::Player).unwrap();
    duel.rolled(Side::Player, player).unwrap();
    duel.throw(Side::Cpu).unwrap();
    duel.rolled(Side::Cpu, cpu).unwrap();
    assert_eq!(duel.step(), Step::Bet(Side::Player));
    duel
}

#[test]
fn duel_fold_gives_the_pot_to_the_other_side() {
    let mut duel = to_betting([1, 1, 2, 3, 4], [6, 6, 6, 2, 3]);
    assert_eq!(
        duel.legal_bets(Side::Player),
        vec![BetAction::Check, BetAction::Raise]
    );
    assert!(
        duel.bet(Side::Player, BetAction::Fold).is_err(),
        "nothing to fold to"
    );
    duel.bet(Side::Player, BetAction::Raise).unwrap();
    assert_eq!(
        duel.legal_bets(Side::Cpu),
        vec![BetAction::Call, BetAction::Fold, BetAction::Raise]
    );
    duel.bet(Side::Cpu, BetAction::Fold).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Fold(Side::Cpu)));
    assert_eq!(duel.score(Side::Player), 1);
    assert_eq!(duel.won(Side::Player), 30, "two antes and the raise");
    assert_eq!(duel.net(Side::Player), 10);
    assert_eq!(duel.net(Side::Player) + duel.net(Side::Cpu), 0);
    // The next round: the opponent moves first.
    duel.next_round().unwrap();
    assert_eq!(duel.step(), Step::Throw(Side::Cpu));
}

#[test]
fn duel_re_raise_then_rerolls_in_turn_then_showdown() {
    let mut duel = to_betting([2, 2, 3, 4, 6], [5, 5, 1, 2, 3]);
    duel.bet(Side::Player, BetAction::Raise).unwrap();
    duel.bet(Side::Cpu, BetAction::Raise).unwrap();
    assert_eq!(duel.to_call(Side::Player), 10);
    assert_eq!(
        duel.legal_bets(Side::Player),
        vec![BetAction::Call, BetAction::Fold],
        "no third raise"
    );
    duel.bet(Side::Player, BetAction::Call).unwrap();
    // Antes 2 × 10, the raise 10, the re-raise 10 + 10, the call 10.
    assert_eq!(duel.pot(), 60);
    assert_eq!(duel.step(), Step::Reroll(Side::Player));
    assert_eq!(duel.rerolls_to_come(Side::Cpu), 1);
    duel.reroll(Side::Player).unwrap();
    duel.rolled(Side::Player, [2, 2, 2, 4, 6]).unwrap();
    // The player is out of rerolls: the opponent faces a final hand.
    assert_eq!(duel.step(), Step::Reroll(Side::Cpu));
    assert_eq!(duel.rerolls_to_come(Side::Player), 0);
    duel.stand(Side::Cpu).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Showdown(Side::Player)));
    assert_eq!(duel.won(Side::Player), 60);
    assert_eq!(duel.put_in(Side::Player), 30);
}

#[test]
fn duel_draw_keeps_the_pot_and_replays_until_a_winner() {
    let mut duel = to_betting([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]);
    duel.bet(Side::Player, BetAction::Check).unwrap();
    duel.bet(Side::Cpu, BetAction::Check).unwrap();
    duel.stand(Side::Player).unwrap();
    duel.stand(Side::Cpu).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Draw));
    assert_eq!((duel.score(Side::Player), duel.score(Side::Cpu)), (0, 0));
    assert_eq!(duel.pot(), 20, "the pot waits for the replay");
    duel.next_round().unwrap();
    assert_eq!(duel.pot(), 40);
    assert_eq!(duel.draws(), 1);
    // Two rounds to the opponent end the match; coins balance.
    for _ in 0..2 {
        let first = duel.first();
        duel.throw(first).unwrap();
        duel.rolled(first, [1, 1, 2, 3, 4]).unwrap();
        duel.throw(first.other()).unwrap();
        duel.rolled(first.other(), [6, 6, 6, 6, 1]).unwrap();
        duel.bet(first, BetAction::Check).unwrap();
        duel.bet(first.other(), BetAction::Check).unwrap();
        duel.stand(first).unwrap();
        duel.stand(first.other()).unwrap();
        if duel.step() == Step::RoundOver {
            duel.next_round().unwrap();
        }
    }
    // Rounds alternate first movers, so each side had the 6s once: 1–1 now.
    assert_eq!((duel.score(Side::Player), duel.score(Side::Cpu)), (1, 1));
    // Every coin put in is either won or in the new round's pot.
    assert_eq!(
        duel.net(Side::Player) + duel.net(Side::Cpu) + duel.pot() as i64,
        0
    );
}

#[test]
fn computer_opponents_only_make_legal_moves_and_the_hard_one_wins_clearly() {
    let brains = Brains::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let [easy, normal, hard] = &OPPONENTS;
    // Every move goes through the referee; an illegal one fails the match.
    let mut run =
        |a, b| dice_poker::cli::pairing(a, b, 400, 1, &brains, &mut rng).expect("legal matches");
    let hard_easy = run(hard, easy);
    let hard_normal = run(hard, normal);
    let normal_easy = run(normal, easy);
    println!("{hard_easy:?}\n{hard_normal:?}\n{normal_easy:?}");
    assert!(
        hard_easy.win_rate > 0.56,
        "hard beats easy clearly: {hard_easy:?}"
    );
    assert!(hard_easy.rounds[0] > hard_easy.rounds[1]);
    assert!(hard_easy.coins_per_match > 0.0 && hard_normal.coins_per_match > 0.0);
    assert!(normal_easy.win_rate > 0.5, "{normal_easy:?}");
}

#[test]
fn the_dice_that_make_a_hand_are_the_ones_marked() {
    use dice_poker::rules::hand::scoring_dice;
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
    use dice_poker::rules::hand::slots_keeping;
    assert_eq!(
        slots_keeping(&[5, 2, 5, 5, 1], &[5, 5]),
        [true, false, true, false, false]
    );
    assert_eq!(slots_keeping(&[3, 1, 4, 1, 5], &[1, 3, 4, 5, 1]), [true; 5]);
    assert_eq!(slots_keeping(&[6, 6, 6, 6, 6], &[]), [false; 5]);
}
