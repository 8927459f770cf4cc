//! The rules engine and the window-free command line, as a user meets them.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use dice_poker::rules::hand::{HandType, RollError, evaluate};
use dice_poker::rules::odds::{distribution, full_throw_by_enumeration, hold_counts};
use dice_poker::rules::{PayoutTable, Ratio, Strategy};

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

// ---- the command line ----

fn dice_poker(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-poker"))
        .args(args)
        .env_remove("DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dice-poker");
    {
        let mut input = child.stdin.take().expect("stdin");
        // A command may stop reading early (a bad line); the rest is not wanted.
        if let Some(text) = stdin
            && let Err(e) = input.write_all(text.as_bytes())
        {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
        }
    }
    child.wait_with_output().expect("run dice-poker")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

#[test]
fn cli_eval_names_a_roll() {
    let out = dice_poker(&["eval", "3", "3", "3", "3", "3"], None);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "3のフラッシュ\n");
    let out = dice_poker(&["eval", "6", "5", "4", "3", "2"], None);
    assert_eq!(stdout(&out), "ストレート\n");
}

#[test]
fn cli_eval_rejects_bad_arguments_with_status_2() {
    for (args, says) in [
        (vec!["eval", "3", "3", "3"], "exactly 5 faces, got 3"),
        (vec!["eval", "3", "3", "9", "3", "3"], "9 is not a die face"),
        (
            vec!["eval", "3", "3", "x", "3", "3"],
            "'x' is not a whole number",
        ),
        (
            vec!["eval", "3", "3", "-1", "3", "3"],
            "-1 is not a die face",
        ),
    ] {
        let out = dice_poker(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn cli_eval_reads_rolls_from_stdin_and_stops_at_a_bad_line() {
    let out = dice_poker(&["eval"], Some("1 1 1 4 4\n2 3 4 5 6\n1 2 3 4 6\n"));
    assert!(out.status.success());
    assert_eq!(stdout(&out), "フルハウス\nストレート\n役なし\n");

    let out = dice_poker(
        &["eval"],
        Some("5 5 5 5 5\n  2 2 4 4 6 \n1 2 7 4 5\n6 6 6 6 6\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "5のフラッシュ\nツーペア\n",
        "good lines before the bad one"
    );
    let err = stderr(&out);
    assert!(
        err.contains("line 3") && err.contains("7 is not a die face"),
        "{err}"
    );

    let out = dice_poker(&["eval"], Some("1 2 3 4 5\n\n"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "ストレート\n");
    assert!(stderr(&out).contains("line 2: a roll is exactly 5 faces, got 0"));
}

#[test]
fn cli_odds_prints_json_with_every_hand() {
    let out = dice_poker(&["odds", "--hold", "2", "2", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["outcomes"], 216);
    let hands = doc["hands"].as_array().expect("hands");
    assert_eq!(hands.len(), 8);
    let full = hands
        .iter()
        .find(|h| h["hand"] == "フルハウス")
        .expect("full house");
    assert_eq!(full["ways"], 20);
    assert!((full["probability"].as_f64().unwrap() - 20.0 / 216.0).abs() < 1e-12);
    assert_eq!(hands[0]["hand"], "フラッシュ");
    let total: u64 = hands.iter().map(|h| h["ways"].as_u64().unwrap()).sum();
    assert_eq!(total, 216);

    let table = stdout(&dice_poker(&["odds"], None));
    assert!(
        table.contains("7776 outcomes") && table.contains("3600"),
        "{table}"
    );
}

#[test]
fn cli_odds_and_advise_reject_bad_holds() {
    let out = dice_poker(&["odds", "--hold", "7"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("7 is not a die face"));
    let out = dice_poker(&["odds", "--hold", "1", "2", "3", "4", "5", "6"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = dice_poker(&["advise", "1", "2", "3"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exactly 5 faces, got 3"));
    let out = dice_poker(&["advise", "1", "2", "3", "4", "5", "--rerolls", "9"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cli_advise_puts_the_best_hold_first() {
    let out = dice_poker(&["advise", "5", "5", "5", "5", "2", "--rerolls", "1"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let first = text.lines().nth(2).expect("first choice");
    assert!(first.trim_start().starts_with("1  5 5 5 5 "), "{text}");
    assert!(first.contains("16.67%"), "flush chance 1/6: {first}");
}

#[test]
fn readme_quotes_the_payouts_command_exactly() {
    let out = dice_poker(&["payouts"], None);
    assert!(out.status.success());
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    assert!(
        readme.contains(&stdout(&out)),
        "README's payout table is out of date:\n{}",
        stdout(&out)
    );
}

/// Sum of the numbers in a JSON array or in an object's values.
fn total(v: &serde_json::Value) -> u64 {
    let numbers: Vec<&serde_json::Value> = match v {
        serde_json::Value::Array(items) => items.iter().collect(),
        serde_json::Value::Object(map) => map.values().collect(),
        other => panic!("not a list of counts: {other}"),
    };
    numbers.iter().map(|n| n.as_u64().expect("a count")).sum()
}

#[test]
fn cli_simulate_reports_every_field_as_json() {
    let simulate = || {
        let out = dice_poker(
            &["simulate", "--throws", "40", "--seed", "5", "--json"],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(&stdout(&out)).expect("json")
    };
    let doc = simulate();
    assert_eq!(doc["throws"], 40);
    assert_eq!(doc["seed"], 5);
    assert_eq!(total(&doc["face_counts"]), 200, "five faces per throw");
    assert_eq!(total(&doc["hand_counts"]), 40);
    assert_eq!(doc["hand_counts"].as_object().unwrap().len(), 8);
    let p = doc["p_value"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    let s = &doc["settle_seconds"];
    assert!(s["median"].as_f64().unwrap() <= s["p95"].as_f64().unwrap());
    assert!(s["p99"].as_f64().unwrap() <= s["max"].as_f64().unwrap());
    for key in [
        "chi_square",
        "nudges",
        "respawns",
        "timeouts",
        "throws_per_second",
    ] {
        assert!(doc[key].is_number(), "{key}");
    }
    // The same seed gives the same report, apart from the wall clock.
    let again = simulate();
    assert_eq!(doc["face_counts"], again["face_counts"]);
    assert_eq!(doc["settle_seconds"], again["settle_seconds"]);

    let out = dice_poker(&["simulate", "--throws", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at least 1"));
}

#[test]
fn cli_game_options_do_not_mix_with_subcommands() {
    let out = dice_poker(&["--seed", "3", "eval", "1", "2", "3", "4", "5"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = dice_poker(&["--rerolls", "9"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cli_game_without_a_display_says_so() {
    let out = dice_poker(&[], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
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

// ---- the duel ----

use dice_poker::rules::duel::{
    BetAction, Brains, Duel, DuelEngine, DuelRules, OPPONENTS, RoundEnd, Side, Step,
};
use dice_poker::rules::hand::evaluate_roll;
use rand::SeedableRng;

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
fn cli_advise_against_lists_exact_win_tie_loss_as_json() {
    let args: Vec<&str> = "advise 2 2 3 4 6 --rerolls 1 --against 5 5 5 1 2 --json"
        .split(' ')
        .collect();
    let out = dice_poker(&args, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["roll"], serde_json::json!([2, 2, 3, 4, 6]));
    assert_eq!(doc["against"], serde_json::json!([5, 5, 5, 1, 2]));
    assert_eq!(
        (doc["rerolls"].as_u64(), doc["their_rerolls"].as_u64()),
        (Some(1), Some(0))
    );
    let holds = doc["holds"].as_array().expect("holds");
    // 2 2 3 4 6: 3 × 2 × 2 × 2 = 24 distinct holds, standing included.
    assert_eq!(holds.len(), 24);
    let engine = DuelEngine::new();
    let best = engine
        .best(&[2, 2, 3, 4, 6], 1, &[5, 5, 5, 1, 2], 0)
        .unwrap();
    assert_eq!(holds[0]["hold"], serde_json::json!(best.held));
    assert_eq!(holds[0]["win"], best.win.to_string());
    assert_eq!(holds[0]["value"], best.value.to_string());
    let frac = |v: &serde_json::Value| {
        let (n, d) = v.as_str().unwrap().split_once('/').unwrap();
        n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
    };
    let mut last = f64::INFINITY;
    for h in holds {
        let sum = frac(&h["win"]) + frac(&h["tie"]) + frac(&h["loss"]);
        assert!((sum - 1.0).abs() < 1e-12, "{h}");
        assert!(frac(&h["value"]) <= last, "best first");
        last = frac(&h["value"]);
    }
    // Standing on a pair against a final three of a kind never wins.
    let stand = holds
        .iter()
        .find(|h| h["hold"].as_array().unwrap().len() == 5)
        .unwrap();
    assert_eq!(stand["win"], "0/1");

    let text = stdout(&dice_poker(
        &[
            "advise",
            "2",
            "2",
            "3",
            "4",
            "6",
            "--against",
            "5",
            "5",
            "5",
            "1",
            "2",
            "--their-rerolls",
            "1",
        ],
        None,
    ));
    assert!(
        text.contains("1 reroll to come") && text.contains("win"),
        "{text}"
    );
}

#[test]
fn cli_advise_against_rejects_bad_input_with_status_2() {
    for (args, says) in [
        (
            &["advise", "1", "2", "3", "4", "5", "--against", "1", "2"][..],
            "--against is exactly 5 faces, got 2",
        ),
        (
            &[
                "advise",
                "1",
                "2",
                "3",
                "4",
                "5",
                "--against",
                "1",
                "2",
                "3",
                "4",
                "7",
            ],
            "7 is not a die face",
        ),
        (
            &["advise", "1", "2", "3", "4", "5", "--their-rerolls", "1"],
            "--against",
        ),
        (
            &[
                "advise",
                "1",
                "2",
                "3",
                "4",
                "5",
                "--rerolls",
                "3",
                "--against",
                "1",
                "1",
                "1",
                "1",
                "1",
            ],
            "a duel allows 0 to 2",
        ),
        (
            &[
                "advise",
                "1",
                "2",
                "3",
                "4",
                "5",
                "--their-rerolls",
                "5",
                "--against",
                "1",
                "1",
                "1",
                "1",
                "1",
            ],
            "a duel allows 0 to 2",
        ),
        (
            &["versus", "--matches", "0"],
            "--matches must be at least 1",
        ),
    ] {
        let out = dice_poker(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn cli_versus_reports_every_pairing_as_json() {
    let out = dice_poker(
        &["versus", "--matches", "40", "--seed", "3", "--json"],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let pairings = doc["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 3);
    for p in pairings {
        let wins = p["wins"].as_u64().unwrap();
        assert!(wins <= 40);
        assert!((p["win_rate"].as_f64().unwrap() - wins as f64 / 40.0).abs() < 1e-12);
        // Best of three: the winner of each match won two rounds.
        let rounds: u64 = p["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap())
            .sum();
        assert!((80..=120).contains(&rounds), "{p}");
    }
    // The same seed plays the same matches.
    let again = dice_poker(
        &["versus", "--matches", "40", "--seed", "3", "--json"],
        None,
    );
    assert_eq!(stdout(&again), stdout(&out));
}

#[test]
fn readme_quotes_the_duel_advice_exactly() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let start = "$ dice-poker advise 2 2 3 4 6 --rerolls 1 --against 5 5 5 1 2\n";
    let at = readme.find(start).expect("the quoted command") + start.len();
    let quoted = &readme[at..at + readme[at..].find("...\n").expect("the cut")];
    let command = start
        .trim()
        .strip_prefix("$ dice-poker ")
        .expect("a dice-poker command");
    let args: Vec<&str> = command.split(" ").collect();
    let out = dice_poker(&args, None);
    assert!(stdout(&out).starts_with(quoted), "{}", stdout(&out));
}

#[test]
fn cli_eval_stops_at_an_endless_line_without_reading_it_whole() {
    // Two good rolls, then 5 MB of digits with no newline.
    let mut input = "1 1 1 4 4\n2 3 4 5 6\n".to_owned();
    input.push_str(&"1".repeat(5 << 20));
    let out = dice_poker(&["eval"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "フルハウス\nストレート\n");
    assert!(
        stderr(&out).contains("line 3: longer than 1024 bytes"),
        "{}",
        stderr(&out)
    );
    // Windows line ends are still rolls.
    let out = dice_poker(&["eval"], Some("3 3 3 3 3\r\n"));
    assert_eq!(stdout(&out), "3のフラッシュ\n");
}

#[test]
fn cli_simulate_throws_random_flicks_and_says_so() {
    let out = dice_poker(
        &[
            "simulate", "--throws", "60", "--seed", "8", "--throw", "flick", "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["throw"], "flick");
    assert_eq!(total(&doc["face_counts"]), 300);
    let standard = dice_poker(
        &["simulate", "--throws", "60", "--seed", "8", "--json"],
        None,
    );
    let standard: serde_json::Value = serde_json::from_str(&stdout(&standard)).expect("json");
    assert_eq!(standard["throw"], "standard");
    assert_ne!(
        doc["face_counts"], standard["face_counts"],
        "flicks throw differently"
    );
    let text = stdout(&dice_poker(
        &["simulate", "--throws", "20", "--throw", "flick"],
        None,
    ));
    assert!(text.contains("flicked at random"), "{text}");
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

// ---- history and stats ----

use dice_poker::history::{self, Decision, Record, Throw};

fn record(mode: &str, first: [u8; 5], coins: (u64, u64), decision: (f64, f64)) -> Record {
    Record {
        time: 1,
        mode: mode.to_owned(),
        opponent: (mode == "duel").then(|| "hard".to_owned()),
        rerolls: if mode == "duel" { 1 } else { 2 },
        seed: Some(4),
        throws: vec![Throw {
            faces: first,
            held: [false; 5],
        }],
        decisions: vec![Decision {
            faces: first,
            rerolls_left: 1,
            chosen: vec![],
            chosen_value: decision.0,
            best: vec![first[0]],
            best_value: decision.1,
        }],
        hand: evaluate_roll(&first).to_string(),
        coins_in: coins.0,
        coins_out: coins.1,
        result: (mode == "duel").then(|| "win".to_owned()),
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dice-poker-rules-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn history_round_trips_and_a_damaged_last_line_costs_nothing_else() {
    let path = history::history_path(&scratch("history"));
    let a = record("solo", [1, 1, 1, 4, 4], (10, 12), (5.0, 6.5));
    let b = record("duel", [2, 2, 3, 4, 6], (20, 40), (0.3, 0.4));
    history::append(&path, &a).unwrap();
    history::append(&path, &b).unwrap();
    assert_eq!(
        history::load(&path).unwrap().records,
        vec![a.clone(), b.clone()]
    );
    // A crash mid-write leaves half a line without its newline.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    file.write_all(br#"{"time":9,"mode":"so"#).unwrap();
    drop(file);
    let loaded = history::load(&path).unwrap();
    assert_eq!(loaded.records, vec![a.clone(), b.clone()]);
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].contains("line 3"));
    // The next game still lands on a line of its own.
    history::append(&path, &a).unwrap();
    let loaded = history::load(&path).unwrap();
    assert_eq!(loaded.records, vec![a.clone(), b, a]);
    assert_eq!(loaded.warnings.len(), 1);
}

#[test]
fn stats_of_a_small_history_checked_by_hand() {
    let records = vec![
        record("solo", [1, 1, 1, 4, 4], (10, 12), (5.0, 6.5)),
        record("solo", [1, 2, 3, 4, 6], (10, 0), (3.0, 3.0)),
        record("duel", [2, 2, 3, 4, 6], (20, 40), (0.3, 0.4)),
    ];
    let s = dice_poker::cli::compute_stats(&records);
    assert_eq!((s.games, s.staked, s.paid), (2, 20, 12));
    assert!((s.return_per_game - 0.6).abs() < 1e-12);
    let optimal = Strategy::new(PayoutTable::default(), 2)
        .return_to_player(2)
        .to_f64();
    assert!((s.return_optimal - optimal).abs() < 1e-12);
    assert_eq!((s.decisions, s.best_decisions), (3, 1));
    // 1.5 coins given up in two solo games; 0.1 win chance in one round.
    assert!((s.coins_given_up_per_game - 0.75).abs() < 1e-12);
    assert!((s.win_chance_given_up_per_round - 0.1).abs() < 1e-12);
    // First throws: a full house, nothing, one pair (strongest first).
    let f = &s.first_throws;
    assert_eq!(f.observed, vec![0, 0, 1, 0, 0, 0, 1, 1]);
    assert!((f.expected[6] - 3.0 * 3600.0 / 7776.0).abs() < 1e-12);
    assert!((f.chi_square - 11.76).abs() < 1e-9, "{}", f.chi_square);
    assert!(f.p_value > 0.1 && f.p_value < 0.12, "{}", f.p_value);
    let hard = &s.duels["hard"];
    assert_eq!((hard.wins, hard.net), (1, 20));
}

#[test]
fn cli_stats_reads_the_history_and_is_friendly_when_there_is_none() {
    let dir = scratch("stats-cli");
    let d = dir.to_str().unwrap();
    let out = dice_poker(&["stats", "--data-dir", d], None);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("no games played yet"),
        "{}",
        stdout(&out)
    );
    let path = history::history_path(&dir);
    history::append(
        &path,
        &record("solo", [1, 1, 1, 4, 4], (10, 12), (5.0, 6.5)),
    )
    .unwrap();
    let out = dice_poker(&["stats", "--data-dir", d, "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["games"], 1);
    assert_eq!(doc["first_throws"]["throws"], 1);
    let text = stdout(&dice_poker(&["stats", "--data-dir", d], None));
    assert!(
        text.contains("solo games: 1") && text.contains("フルハウス"),
        "{text}"
    );
}

#[test]
fn simulate_draws_its_charts_from_the_same_throws() {
    use dice_poker::plot::{ChartData, SETTLE_BIN};
    let throws = [
        ([1, 1, 1, 4, 4], 0.25f32),
        ([2, 3, 4, 5, 6], 0.81),
        ([6, 6, 6, 6, 6], 99.0),
    ];
    let data = ChartData::from_throws(throws.iter().map(|(f, s)| (f, *s)));
    assert_eq!(data.throws, 3);
    assert_eq!(data.faces, [3, 1, 1, 3, 1, 6]);
    assert_eq!(data.hands[HandType::FullHouse.index()], 1);
    assert_eq!(data.hands[HandType::Straight.index()], 1);
    assert_eq!(data.hands[HandType::Flush.index()], 1);
    assert_eq!(data.settle_bins[(0.25 / SETTLE_BIN) as usize], 1);
    assert_eq!(
        *data.settle_bins.last().unwrap(),
        1,
        "long throws fill the last bin"
    );
    assert_eq!(data.settle_bins.iter().sum::<u64>(), 3);

    let path = std::env::temp_dir().join(format!("dice-poker-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let out = dice_poker(
        &["simulate", "--throws", "40", "--seed", "2", "--plot", p],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("ワンペア") && svg.contains("Seconds to rest"));
}

#[test]
fn the_coin_curve_adds_up_the_history() {
    use dice_poker::cli::{CURVE_GAMES, coin_curve};
    let records = vec![
        record("solo", [1, 1, 1, 4, 4], (10, 12), (1.0, 1.0)),
        record("solo", [1, 2, 3, 4, 6], (10, 0), (1.0, 1.0)),
        record("duel", [2, 2, 3, 4, 6], (20, 40), (0.5, 0.5)),
    ];
    assert_eq!(coin_curve(&records), vec![0, 2, -8, 12]);
    // Only the last games are drawn, starting from zero.
    let many: Vec<Record> = (0..CURVE_GAMES + 10)
        .map(|_| record("solo", [1, 2, 3, 4, 6], (10, 0), (1.0, 1.0)))
        .collect();
    let curve = coin_curve(&many);
    assert_eq!(curve.len(), CURVE_GAMES + 1);
    assert_eq!(*curve.last().unwrap(), -10 * CURVE_GAMES as i64);
}

// ---- languages ----

#[test]
fn every_string_exists_in_both_languages_and_hands_have_english_names() {
    use dice_poker::lang::{EN, JA, Key, Lang, fill, hand_name, tr};
    use std::collections::HashSet;
    let keys = |table: &[(Key, &str)]| table.iter().map(|(k, _)| *k).collect::<HashSet<_>>();
    let all: HashSet<Key> = Key::ALL.into_iter().collect();
    assert_eq!(keys(JA), all, "Japanese has every key");
    assert_eq!(keys(EN), all, "English has every key");
    assert_eq!(JA.len(), all.len(), "no key twice in Japanese");
    assert_eq!(EN.len(), all.len(), "no key twice in English");
    for key in Key::ALL {
        // The same placeholders in both, so one call fills either.
        let holes = |lang| tr(lang, key).matches("{}").count();
        assert_eq!(holes(Lang::Ja), holes(Lang::En), "{key:?}");
    }
    assert_eq!(fill("あと{}回", &[&2]), "あと2回");
    let name = |faces: [u8; 5], lang| hand_name(lang, &evaluate_roll(&faces));
    assert_eq!(name([3, 3, 3, 3, 3], Lang::Ja), "3のフラッシュ");
    assert_eq!(name([3, 3, 3, 3, 3], Lang::En), "Five 3s");
    assert_eq!(name([1, 1, 1, 4, 4], Lang::En), "Full house");
    assert_eq!(name([1, 2, 3, 4, 6], Lang::En), "Nothing");
}

#[test]
fn cli_follows_lang_and_stays_japanese_by_default() {
    assert_eq!(
        stdout(&dice_poker(&["eval", "3", "3", "3", "3", "3"], None)),
        "3のフラッシュ\n"
    );
    let out = dice_poker(&["eval", "--lang", "en", "3", "3", "3", "3", "3"], None);
    assert_eq!(stdout(&out), "Five 3s\n", "{}", stderr(&out));
    let out = dice_poker(&["eval", "--lang", "en"], Some("1 1 1 4 4\n2 3 4 5 6\n"));
    assert_eq!(stdout(&out), "Full house\nStraight\n", "{}", stderr(&out));
    let text = stdout(&dice_poker(&["payouts", "--lang", "en"], None));
    assert!(
        text.contains("Five of a kind") && text.contains("Full house"),
        "{text}"
    );
    let out = dice_poker(&["eval", "--lang", "fr", "1", "2", "3", "4", "5"], None);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown language is bad input"
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
