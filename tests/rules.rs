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
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
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
