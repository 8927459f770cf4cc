//! The window-free command line as a user meets it: output, JSON and errors.

use dice_poker::rules::duel::DuelEngine;

use crate::support::{dice_poker, stderr, stdout, temp_dir};

#[test]
fn cli_eval_names_a_roll() {
    let out = dice_poker(&["eval", "3", "3", "3", "3", "3"], None);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "3のフラッシュ\n");
    let out = dice_poker(&["eval", "6", "5", "4", "3", "2"], None);
    assert_eq!(stdout(&out), "ストレート\n");
}

#[test]
fn cli_icon_writes_the_window_icon_as_a_png_of_the_asked_size() {
    let dir = temp_dir("icon");
    let path = dir.join("icon.png");
    let out = dice_poker(&["icon", path.to_str().unwrap(), "--size", "48"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let png = std::fs::read(&path).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, then 8 bits per channel, colour type 6 (RGBA).
    assert_eq!(&png[16..26], &[0, 0, 0, 48, 0, 0, 0, 48, 8, 6]);
    for (args, says) in [
        (
            vec!["icon", "x.png", "--size", "8"],
            "an icon is 16 to 1024 pixels",
        ),
        (vec!["icon", "x.jpg"], "must end in .png"),
    ] {
        let out = dice_poker(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    let nowhere = dir.join("missing").join("icon.png");
    let out = dice_poker(&["icon", nowhere.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
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
fn cli_odds_and_advise_take_each_dies_kind() {
    use dice_poker::rules::kinds::DieKind;
    // Four sixes held on fair dice, the loaded die thrown: five sixes as
    // often as the loaded die's measured six.
    let args = ["odds", "--hold", "6", "6", "6", "6", "--json", "--dice"];
    let out = dice_poker(&[&args[..], &["fair,fair,fair,fair,loaded"]].concat(), None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["dice"][4], "loaded");
    let flush = doc["hands"][0]["probability"].as_f64().unwrap();
    let six = DieKind::Loaded.chances()[5];
    assert!((flush - six).abs() < 1e-12, "{flush} {six}");
    assert!(six > 0.3, "{six}");
    // Five fair dice named: the exact report, word for word.
    for report in [
        &["odds", "--hold", "2", "2"][..],
        &["advise", "6", "2", "3", "4", "6"],
    ] {
        let plain = stdout(&dice_poker(report, None));
        let named = [report, &["--dice", "fair,fair,fair,fair,fair"]].concat();
        assert_eq!(stdout(&dice_poker(&named, None)), plain, "{report:?}");
    }
    // A loaded first die is worth keeping for its six: the best hold keeps
    // it, and every hold is shown die by die.
    let out = dice_poker(
        &[
            "advise",
            "6",
            "2",
            "3",
            "4",
            "6",
            "--dice",
            "loaded,fair,fair,fair,fair",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("dice: loaded, fair, fair, fair, fair"),
        "{text}"
    );
    let best = text.lines().nth(2).unwrap_or_default();
    assert!(best.trim_start().starts_with("1  6 - - - 6"), "{text}");
    // One kind per die, each a kind the game has.
    for (dice, says) in [
        ("loaded,fair", "2 dice named"),
        ("fair,lucky,fair,fair,fair", "'lucky'"),
    ] {
        let out = dice_poker(&["advise", "1", "2", "3", "4", "5", "--dice", dice], None);
        assert_eq!(out.status.code(), Some(2), "{dice}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
}

#[test]
fn cli_advise_against_takes_both_trays_dice() {
    let duel: Vec<&str> = "advise 2 6 3 4 6 --rerolls 2 --against 5 5 5 1 2 --their-rerolls 1"
        .split(' ')
        .collect();
    // Fair dice named on both sides: the exact report, word for word.
    let plain = stdout(&dice_poker(&duel, None));
    let fair = "fair,fair,fair,fair,fair";
    let named = [&duel[..], &["--dice", fair, "--their-dice", fair]].concat();
    assert_eq!(stdout(&dice_poker(&named, None)), plain);
    // A loaded die showing a 6: which 6 is kept matters, so holds are shown
    // die by die, and keeping the fair 6 (throwing the loaded die again)
    // is worth more than keeping the loaded one.
    let loaded = [&duel[..], &["--dice", "fair,loaded,fair,fair,fair"]].concat();
    let out = dice_poker(&loaded, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("dice: yours fair, loaded, fair, fair, fair; theirs fair"),
        "{text}"
    );
    let rank = |hold: &str| {
        text.lines()
            .position(|l| l.get(5..16).is_some_and(|h| h.trim_end() == hold))
            .unwrap_or_else(|| panic!("{hold} not in {text}"))
    };
    assert!(rank("- - - - 6") < rank("- 6 - - -"), "{text}");
    let json = [&loaded[..], &["--json"]].concat();
    let doc: serde_json::Value = serde_json::from_str(&stdout(&dice_poker(&json, None))).unwrap();
    assert_eq!(doc["dice"][0][1], "loaded");
    let best = &doc["holds"][0];
    let sum: f64 = ["win", "tie", "loss"]
        .iter()
        .map(|k| best[k].as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-9, "{best}");
    assert_eq!(best["kept"].as_array().map(Vec::len), Some(5));
    // The opponent's dice need an opponent.
    let out = dice_poker(
        &["advise", "1", "2", "3", "4", "5", "--their-dice", fair],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
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
fn the_docs_quote_the_payouts_command_exactly() {
    let out = dice_poker(&["payouts"], None);
    assert!(out.status.success());
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md"))
        .expect("the playing page");
    assert!(
        page.contains(&stdout(&out)),
        "docs/playing.md's payout table is out of date:\n{}",
        stdout(&out)
    );
}

#[test]
fn cli_game_options_do_not_mix_with_subcommands() {
    let out = dice_poker(&["--solo", "eval", "1", "2", "3", "4", "5"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--solo"), "{}", stderr(&out));
    let out = dice_poker(&["--rerolls", "9"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn lang_seed_and_data_dir_go_before_or_after_a_subcommand() {
    let after = dice_poker(
        &["versus", "--matches", "20", "--seed", "4", "--json"],
        None,
    );
    let before = dice_poker(
        &["--seed", "4", "versus", "--matches", "20", "--json"],
        None,
    );
    assert!(
        after.status.success() && before.status.success(),
        "{}",
        stderr(&before)
    );
    assert_eq!(stdout(&after), stdout(&before));
    let out = dice_poker(&["--lang", "en", "eval", "3", "3", "3", "3", "3"], None);
    assert_eq!(stdout(&out), "Five 3s\n", "{}", stderr(&out));
    let dir = std::env::temp_dir().join(format!("dice-poker-global-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let out = dice_poker(&["--data-dir", d, "stats", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains(d), "the folder given first is read");
}

#[test]
fn cli_game_without_a_display_says_so() {
    let out = dice_poker(&[], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
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
    for (command, says) in [
        (
            "advise 1 2 3 4 5 --against 1 2",
            "--against is exactly 5 faces, got 2",
        ),
        (
            "advise 1 2 3 4 5 --against 1 2 3 4 7",
            "7 is not a die face",
        ),
        ("advise 1 2 3 4 5 --their-rerolls 1", "--against"),
        (
            "advise 1 2 3 4 5 --rerolls 3 --against 1 1 1 1 1",
            "a duel allows 0 to 2",
        ),
        (
            "advise 1 2 3 4 5 --their-rerolls 5 --against 1 1 1 1 1",
            "a duel allows 0 to 2",
        ),
        ("versus --matches 0", "--matches must be at least 1"),
        (
            "advise 1 2 3 4 5 --against 1 1 1 1 1 --badge luck",
            "no badge 'luck' (choose shield, reroll, nudge, flip, double)",
        ),
        ("versus --a hard --b easy --badge-b luck", "no badge 'luck'"),
    ] {
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = dice_poker(&args, None);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(stderr(&out).contains(says), "{command}: {}", stderr(&out));
    }
}

#[test]
fn cli_versus_plays_one_chosen_pairing_and_names_the_opponents_it_knows() {
    let out = dice_poker(
        &[
            "versus",
            "--a",
            "normal",
            "--b",
            "easy",
            "--matches",
            "60",
            "--seed",
            "2",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let pairings = doc["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 1);
    assert_eq!(
        (
            &pairings[0]["player"],
            &pairings[0]["rival"],
            &pairings[0]["matches"]
        ),
        (
            &serde_json::json!("normal"),
            &serde_json::json!("easy"),
            &serde_json::json!(60)
        )
    );
    let out = dice_poker(&["versus", "--a", "nobody", "--b", "easy"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("drunk, woodcutter") && stderr(&out).contains("normal, hard"),
        "{}",
        stderr(&out)
    );
    let out = dice_poker(&["versus", "--a", "hard"], None);
    assert_eq!(out.status.code(), Some(2), "--a needs --b");
}

#[test]
fn cli_versus_seats_three_and_four_at_one_table_and_keeps_every_coin() {
    for table in ["hard,normal,easy", "hard,easy,easy,easy"] {
        let args = [
            "versus",
            "--table",
            table,
            "--matches",
            "80",
            "--seed",
            "5",
            "--json",
        ];
        let out = dice_poker(&args, None);
        assert!(out.status.success(), "{}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
        // The game's own table: three round wins a match.
        assert_eq!(doc["wins"], dice_poker::rules::table::house::TABLE_WINS);
        let seats = doc["seats"].as_array().expect("seats");
        let keys: Vec<&str> = seats
            .iter()
            .filter_map(|s| s["opponent"].as_str())
            .collect();
        assert_eq!(keys.join(","), table);
        // Every match has one winner, and what one seat wins another lost.
        let wins: u64 = seats.iter().filter_map(|s| s["wins"].as_u64()).sum();
        assert_eq!(wins, 80);
        let coins: f64 = seats
            .iter()
            .filter_map(|s| s["coins_per_match"].as_f64())
            .sum();
        assert!(coins.abs() < 1e-9, "{coins}");
        // The same seed plays the same matches.
        assert_eq!(stdout(&dice_poker(&args, None)), stdout(&out));
    }
    for (table, says) in [
        ("hard", "seats 2 to 4"),
        ("hard,easy,easy,easy,easy", "seats 2 to 4"),
    ] {
        let out = dice_poker(&["versus", "--table", table], None);
        assert_eq!(out.status.code(), Some(2), "{table}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
    let out = dice_poker(&["versus", "--table", "hard,easy", "--ladder"], None);
    assert_eq!(out.status.code(), Some(2), "a table is not the ladder");
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
        // The first-named's match length: the winner of each match won
        // two rounds (best of three) or three (the master's best of five).
        let wins = dice_poker::rules::duel::Opponent::find(p["player"].as_str().unwrap())
            .unwrap()
            .wins as u64;
        let rounds: u64 = p["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap())
            .sum();
        assert!((40 * wins..=40 * (2 * wins - 1)).contains(&rounds), "{p}");
    }
    // The same seed plays the same matches.
    let again = dice_poker(
        &["versus", "--matches", "40", "--seed", "3", "--json"],
        None,
    );
    assert_eq!(stdout(&again), stdout(&out));
}

#[test]
fn the_docs_quote_the_duel_advice_exactly() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/command-line.md"))
            .expect("the command line's page");
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
fn cli_ladder_lists_every_rung_and_with_a_save_what_is_open() {
    let out = dice_poker(&["--lang", "en", "ladder", "--json"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let venues = doc["venues"].as_array().expect("venues");
    let keys: Vec<&str> = venues
        .iter()
        .flat_map(|v| v["opponents"].as_array().unwrap())
        .map(|o| o["key"].as_str().unwrap())
        .collect();
    let roster: Vec<&str> = dice_poker::rules::duel::OPPONENTS
        .iter()
        .map(|o| o.key)
        .collect();
    assert_eq!(keys, roster);
    assert_eq!(doc["badges"].as_array().unwrap().len(), 5);
    // A save two rungs up: those two beaten, the third open, the rest locked.
    let dir = temp_dir("ladder");
    std::fs::write(
        dir.join("save.json"),
        r#"{"coins": 40, "career": {"beaten": ["drunk", "woodcutter"], "badges": ["shield"]}}"#,
    )
    .unwrap();
    let out = dice_poker(
        &["ladder", "--json", "--data-dir", dir.to_str().unwrap()],
        None,
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let status: Vec<&str> = doc["venues"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|v| v["opponents"].as_array().unwrap())
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        &status[..4],
        ["beaten", "beaten", "needs 50 coins", "beat minstrel first"]
    );
    assert_eq!(doc["career"]["badges"], serde_json::json!(["shield"]));
    let text = dice_poker(
        &[
            "--lang",
            "en",
            "ladder",
            "--data-dir",
            dir.to_str().unwrap(),
        ],
        None,
    );
    let text = stdout(&text);
    assert!(
        text.contains("needs 50 coins") && text.contains("* shield"),
        "{text}"
    );
}

/// A report that cannot read the save leaves it where and as it is: no file
/// set aside, nothing written over it (here the save's name is a folder,
/// which no reader can read, whoever runs the test).
#[test]
fn cli_ladder_leaves_a_save_it_cannot_read_alone() {
    let dir = temp_dir("ladder-unreadable");
    let save = dir.join("save.json");
    std::fs::create_dir_all(&save).unwrap();
    std::fs::write(save.join("inside"), b"mine").unwrap();
    let out = dice_poker(&["ladder", "--data-dir", dir.to_str().unwrap()], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    assert_eq!(std::fs::read(save.join("inside")).unwrap(), b"mine");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["save.json"], "nothing set aside");
}

#[test]
fn cli_advise_and_versus_take_badges() {
    // Four 6s and a 1 against five 5s: flipping the 1 wins for sure.
    let out = dice_poker(
        &[
            "advise",
            "6",
            "6",
            "6",
            "6",
            "1",
            "--rerolls",
            "1",
            "--against",
            "5",
            "5",
            "5",
            "5",
            "5",
            "--badge",
            "flip",
            "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["holds"][0]["change"], serde_json::json!([1, 6]));
    assert_eq!(doc["holds"][0]["value"], "1/1");
    // The master with a nudge against itself without one wins clearly.
    let out = dice_poker(
        &[
            "versus",
            "--a",
            "hard",
            "--b",
            "hard",
            "--badge-a",
            "nudge",
            "--matches",
            "200",
            "--seed",
            "5",
            "--json",
        ],
        None,
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let p = &doc["pairings"][0];
    assert_eq!(p["badges"][0], "nudge");
    assert!(p["win_rate"].as_f64().unwrap() > 0.7, "{p}");
}

#[test]
fn cli_daily_deals_the_days_dice_and_the_best_holds_give_up_nothing() {
    let run = || dice_poker(&["daily", "--date", "2026-12-01", "--auto", "--json"], None);
    let out = run();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&run()), "the same for everyone");
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(doc["games"].as_array().unwrap().len(), 5);
    assert_eq!(doc["given_up"], serde_json::json!(0.0));
    let out = dice_poker(&["daily", "--date", "2026-02-30", "--auto"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not a date"));
    // Without --auto the day is played in the window: --json alone is refused,
    // and a bad day is refused before any window opens.
    let out = dice_poker(&["daily", "--json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--auto"), "{}", stderr(&out));
    for args in [
        &["daily", "--date", "2026-13-01"][..],
        &["--daily", "2026-02-30"],
    ] {
        let out = dice_poker(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("is not a date"), "{}", stderr(&out));
    }
}

#[test]
fn cli_duel_takes_a_friend_or_an_opponent_and_names_both_when_wrong() {
    let out = dice_poker(&["--duel", "nobody"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("drunk") && err.contains("or friend"), "{err}");
    // Accepted: without a display the window cannot open, and says so.
    let out = dice_poker(&["--duel", "friend"], None);
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
}

#[test]
fn a_table_that_cannot_be_laid_is_refused_before_the_window_opens() {
    for (seats, says) in [
        ("hard,easy", "no seat is 'you'"),
        ("you,nobody", "no seat 'nobody'"),
        ("you,easy,easy,easy,easy", "a table seats 2 to 4"),
    ] {
        let out = dice_poker(&["--table", seats], None);
        assert_eq!(out.status.code(), Some(2), "{seats}");
        assert!(stderr(&out).contains(says), "{seats}: {}", stderr(&out));
    }
    let out = dice_poker(&["--table", "you,easy", "--solo"], None);
    assert_eq!(out.status.code(), Some(2));
}
