//! Autoplay: whole games through the game's plugins, its report, and the
//! history it leaves, round for round.

use dice_poker::history;

use crate::support::{dice_poker, stderr, stdout, temp_dir};

#[test]
fn autoplay_reports_every_field_and_finds_no_violation() {
    for args in [
        &["--mode", "solo", "--policy", "best"][..],
        &["--mode", "solo", "--policy", "random"],
        &["--mode", "duel", "--policy", "random", "--opponent", "easy"],
    ] {
        let mut all = vec!["autoplay", "--games", "20", "--seed", "5", "--json"];
        all.extend_from_slice(args);
        let out = dice_poker(&all, None);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{args:?}: {text} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
        for key in [
            "games",
            "mode",
            "policy",
            "seed",
            "throws",
            "staked",
            "paid",
            "return",
            "return_exact",
            "ci95",
            "violations",
            "unfinished",
            "throws_per_second",
        ] {
            assert!(doc.get(key).is_some(), "{args:?}: no {key} in {doc}");
        }
        assert_eq!(doc["games"], 20);
        assert_eq!(doc["violations"], 0);
        assert_eq!(doc["unfinished"], 0);
        let staked = doc["staked"].as_f64().unwrap();
        assert!(doc["return"].as_f64().unwrap() > 0.0);
        if args.contains(&"duel") {
            let duel = &doc["duel"];
            let wins: u64 = duel["wins"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_u64().unwrap())
                .sum();
            assert_eq!(wins, 20, "every match has a winner: {duel}");
            assert!(doc["return_exact"].is_null());
        } else {
            // Solo: 10 coins a game.
            assert_eq!(staked, 200.0);
            assert!((doc["return_exact"].as_f64().unwrap() - 0.973219).abs() < 1e-6);
        }
    }
    // Bad input: a clear message and status 2.
    let out = dice_poker(&["autoplay", "--games", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games must be at least 1"));
}

/// A folder that cannot keep the games (a plain file; a history that is a
/// folder) stops autoplay with a message before any game is played.
#[test]
fn autoplay_refuses_a_data_folder_that_cannot_keep_its_games() {
    let dir = crate::support::temp_dir("autoplay-unwritable");
    let plain = dir.join("plain-file");
    std::fs::write(&plain, b"keep me").unwrap();
    let clash = dir.join("clash");
    std::fs::create_dir_all(history::history_path(&clash)).unwrap();
    for (folder, says) in [(&plain, "plain-file"), (&clash, "history.jsonl")] {
        let out = dice_poker(
            &[
                "autoplay",
                "--games",
                "2",
                "--seed",
                "1",
                "--data-dir",
                folder.to_str().unwrap(),
            ],
            None,
        );
        let err = stderr(&out);
        assert!(!out.status.success(), "{folder:?}: {err}");
        assert!(
            err.contains("cannot keep the games in") && err.contains(says),
            "{err}"
        );
        assert!(
            stdout(&out).is_empty(),
            "nothing was played: {}",
            stdout(&out)
        );
    }
    assert_eq!(
        std::fs::read(&plain).unwrap(),
        b"keep me",
        "nothing was lost"
    );
}

/// Every game and round autoplay plays is in the history exactly once: the
/// report's games, rounds, stakes and payouts are the history's, solo and duel.
#[test]
fn autoplay_and_the_history_agree_round_for_round() {
    for (mode, games, seed) in [("solo", 30, "7"), ("duel", 24, "11")] {
        let dir = temp_dir(&format!("agree-{mode}"));
        let data = dir.to_string_lossy().into_owned();
        let out = dice_poker(
            &[
                "autoplay",
                "--games",
                &games.to_string(),
                "--seed",
                seed,
                "--mode",
                mode,
                "--json",
                "--data-dir",
                &data,
            ],
            None,
        );
        assert!(out.status.success(), "{mode}: {}", stderr(&out));
        let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
        // Every worker's games in the one history beside the data folder.
        let loaded = history::load(&history::history_path(&dir)).expect("history");
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        let records = loaded.records;
        assert!(records.iter().all(|r| r.mode.key() == mode));
        let staked: u64 = records.iter().map(|r| r.coins_in).sum();
        let paid: u64 = records.iter().map(|r| r.coins_out).sum();
        assert_eq!(doc["staked"].as_u64(), Some(staked), "{mode}: stakes");
        assert_eq!(doc["paid"].as_u64(), Some(paid), "{mode}: payouts");
        if mode == "solo" {
            assert_eq!(records.len(), games, "one line per game");
            // The best policy keeps what the advisor says, and the dice it
            // kept are the dice the history saw kept.
            let decisions: Vec<_> = records.iter().flat_map(|r| &r.decisions).collect();
            assert!(!decisions.is_empty());
            for d in decisions {
                assert_eq!(d.chosen, d.best, "{d:?}");
            }
        } else {
            let duel = &doc["duel"];
            let rounds: u64 = duel["rounds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_u64().unwrap())
                .sum::<u64>()
                + duel["draws"].as_u64().unwrap();
            assert_eq!(records.len() as u64, rounds, "one line per round: {duel}");
            let won = records
                .iter()
                .filter(|r| {
                    matches!(
                        r.result.map(dice_poker::history::Outcome::key),
                        Some("win" | "opponent_fold")
                    )
                })
                .count() as u64;
            assert_eq!(Some(won), duel["rounds"][0].as_u64(), "rounds won");
        }
    }
}

#[test]
fn a_whole_career_is_climbed_rung_by_rung_with_every_coin_booked() {
    let dir = crate::support::temp_dir("career-autoplay");
    let report = dice_poker::autoplay::play_career(3, Some(dir.clone()));
    assert!(report.violations.is_empty(), "{:?}", report.violations);
    assert!(report.champion, "{report:?}");
    // Rungs open in order: each is first beaten after the one below it.
    let at: Vec<u32> = report
        .beaten_at
        .iter()
        .map(|m| m.expect("beaten"))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    assert_eq!(
        report.badges.len(),
        dice_poker::rules::duel::Badge::ALL.len()
    );
    assert!(report.won as usize >= at.len() && report.matches >= report.won);
    // The progress is on disk, whole.
    let saved = dice_poker::game::profile::load(&dir.join(dice_poker::game::profile::SAVE_FILE));
    assert!(saved.profile.career.0.champion());
    assert_eq!(saved.profile.career.0.matches, [report.matches, report.won]);
    assert_eq!(saved.coins, report.coins[1]);
}

#[test]
fn autoplay_plays_tables_of_three_and_four_with_every_coin_kept() {
    for (seats, policy) in [("3", "best"), ("4", "random")] {
        let args = [
            "autoplay", "--mode", "table", "--seats", seats, "--policy", policy, "--games", "8",
            "--seed", "9", "--json",
        ];
        let out = dice_poker(&args, None);
        let text = stdout(&out);
        assert!(
            out.status.success(),
            "{seats} {policy}: {text} {}",
            stderr(&out)
        );
        let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
        assert_eq!(doc["games"], 8);
        assert_eq!(doc["violations"], 0, "{doc}");
        assert_eq!(doc["unfinished"], 0);
        let table = &doc["table"];
        let names: Vec<&str> = table["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(names.len(), seats.parse::<usize>().unwrap());
        assert_eq!(names[..2], ["you", "hard"]);
        let wins: u64 = table["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .sum();
        assert_eq!(wins, 8, "every match has a winner: {table}");
        assert!(table["rounds"].as_u64().unwrap() >= 8);
        assert!(doc["staked"].as_u64().unwrap() > 0);
    }
    let out = dice_poker(&["autoplay", "--mode", "table", "--seats", "5"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--seats 5: a table seats 2 to 4"));
}
