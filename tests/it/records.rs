//! The history and what it says: lines that survive a crash, statistics
//! checked by hand, the coin curve and the `stats` command.

use std::io::Write;

use dice_poker::history::{self, Decision, Record, Throw};
use dice_poker::rules::{PayoutTable, Strategy, evaluate_roll};

use crate::support::{dice_poker, stderr, stdout};

pub(crate) fn record(
    mode: &str,
    first: [u8; 5],
    coins: (u64, u64),
    decision: (f64, f64),
) -> Record {
    Record {
        time: 1,
        mode: history::Mode::from_key(mode).expect("a mode of the history"),
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
        result: (mode == "duel").then_some(history::Outcome::Win),
        badge: None,
        round: None,
        daily: None,
        table: None,
        dice: None,
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
    let s = dice_poker::history::stats::compute(&records);
    assert_eq!((s.games, s.staked, s.paid), (2, 20, 12));
    assert!((s.return_per_game - 0.6).abs() < 1e-12);
    let optimal = Strategy::new(PayoutTable::default(), 2)
        .return_to_player(2)
        .to_f64();
    assert!((s.return_optimal - optimal).abs() < 1e-12);
    // The holds valued in coins: the two solo games' (the duel's are win chances).
    assert_eq!((s.decisions, s.best_decisions), (2, 1));
    // 1.5 coins given up in two solo games; 0.1 win chance in one round.
    assert!((s.coins_given_up_per_game - 0.75).abs() < 1e-12);
    assert!((s.win_chance_given_up_per_round - 0.1).abs() < 1e-12);
    // Daily games alone: the share of best holds and the coins given up per
    // game are told of the same games, so a poor run never shows as 0.00.
    let daily = vec![
        record("daily", [1, 2, 3, 4, 6], (0, 0), (3.0, 9.5)),
        record("daily", [6, 6, 6, 4, 2], (0, 0), (7.0, 7.0)),
    ];
    let d = dice_poker::history::stats::compute(&daily);
    assert_eq!((d.games, d.decisions, d.best_decisions), (0, 2, 1));
    assert!((d.coins_given_up_per_game - 3.25).abs() < 1e-12, "{d:?}");
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
    // JSON is always JSON: every count at zero, the friendly line on stderr.
    let out = dice_poker(&["stats", "--data-dir", d, "--json"], None);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(
        (
            &doc["games"],
            &doc["decisions"],
            &doc["first_throws"]["throws"]
        ),
        (
            &serde_json::json!(0),
            &serde_json::json!(0),
            &serde_json::json!(0)
        )
    );
    assert!(stderr(&out).contains("no games played yet"));
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
fn cli_stats_dice_audits_each_die_and_finds_the_loaded_one() {
    use bevy::prelude::*;
    use dice_poker::game::screens::records::audit::AuditLines;
    use dice_poker::rules::kinds::DieKind;
    use rand::{Rng, SeedableRng};
    let dir = scratch("stats-dice");
    let d = dir.to_str().unwrap();
    let path = history::history_path(&dir);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    // Die 2 is loaded; the others fair. Each game throws all five, then
    // rerolls all but die 1, which is kept.
    let loaded = DieKind::Loaded.chances();
    let mut throw = |slot: usize| -> u8 {
        let u: f64 = rng.random();
        let chances = if slot == 1 { loaded } else { [1.0 / 6.0; 6] };
        let mut below = 0.0;
        (1..=6u8)
            .find(|&f| {
                below += chances[usize::from(f - 1)];
                u < below
            })
            .unwrap_or(6)
    };
    for game in 0..400 {
        // The last 200 games: die 3 was chosen loaded (`--dice`).
        let chose = game >= 200;
        let mut roll = |slot: usize| match throw(slot) {
            _ if chose && slot == 2 => throw(1),
            face => face,
        };
        let first: [u8; 5] = std::array::from_fn(&mut roll);
        let mut again: [u8; 5] = std::array::from_fn(&mut roll);
        again[0] = first[0];
        let mut r = record("solo", first, (10, 0), (1.0, 1.0));
        if chose {
            let fair = DieKind::Fair;
            r.dice = Some(vec![fair, fair, DieKind::Loaded, fair, fair]);
        }
        r.throws.push(Throw {
            faces: again,
            held: [true, false, false, false, false],
        });
        // A daily game's dice are dealt: never counted.
        if game % 50 == 0 {
            let mut daily = r.clone();
            daily.mode = history::Mode::Daily;
            daily.throws[0].faces = [6; 5];
            history::append(&path, &daily).unwrap();
        }
        history::append(&path, &r).unwrap();
    }
    let out = dice_poker(&["stats", "--dice", "--json", "--data-dir", d], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let dice = doc["dice"].as_array().expect("five dice and a chosen one");
    assert_eq!(dice.len(), 6);
    // Die 1 was thrown once a game (kept for the reroll), the others twice;
    // die 3 chosen loaded is counted apart, under its kind.
    assert_eq!(dice[0]["throws"], 400);
    assert_eq!(dice[1]["throws"], 800);
    assert_eq!(dice[2]["throws"], 400);
    let chosen = &dice[5];
    assert_eq!(
        (chosen["die"].as_u64(), chosen["chosen"].as_str()),
        (Some(3), Some("loaded"))
    );
    assert_eq!(chosen["throws"], 400);
    assert!(chosen["p_value"].as_f64().unwrap() < 1e-6, "{chosen}");
    assert!(
        chosen["own_p_value"].as_f64().unwrap() > 1e-3,
        "it throws as its kind: {chosen}"
    );
    assert!(dice[2]["chosen"].is_null() && dice[2]["own_p_value"].is_null());
    assert!(dice[1]["verdict"]["crooked"].is_string(), "{}", dice[1]);
    assert!(dice[1]["p_value"].as_f64().unwrap() < 1e-6, "{}", dice[1]);
    for die in [&dice[0], &dice[2], &dice[3], &dice[4]] {
        assert!(die["verdict"]["crooked"].is_null(), "{die}");
    }
    let text = stdout(&dice_poker(&["stats", "--dice", "--data-dir", d], None));
    let second = text.lines().nth(2).unwrap_or_default();
    assert!(
        second.trim_start().starts_with("2 ") && second.contains("crooked: "),
        "{text}"
    );
    let last = text.lines().last().unwrap_or_default();
    assert!(
        last.trim_start().starts_with("3 ")
            && last.contains("chosen loaded: against its kind p = "),
        "{text}"
    );
    // The records screen draws the same audit, a line per die (without the
    // word joiners that keep Japanese words whole on a line).
    let mut app = crate::support::app_in(5, &dir, None);
    crate::support::press(&mut app, KeyCode::Tab);
    app.update();
    let mut audit = app.world_mut().query_filtered::<&Text, With<AuditLines>>();
    let text = audit
        .single(app.world())
        .expect("the audit's lines")
        .0
        .replace('\u{2060}', "");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(
        lines[1].starts_with("2番目") && lines[1].contains("の疑い"),
        "{lines:?}"
    );
    assert!(lines[5].starts_with("3番目 (選んだ"), "{lines:?}");
    for fair in [lines[0], lines[2], lines[3], lines[4]] {
        assert!(!fair.contains("の疑い"), "{fair}");
    }
}

#[test]
fn the_coin_curve_adds_up_the_history() {
    use dice_poker::history::stats::{CURVE_GAMES, coin_curve};
    let records = vec![
        record("solo", [1, 1, 1, 4, 4], (10, 12), (1.0, 1.0)),
        record("solo", [1, 2, 3, 4, 6], (10, 0), (1.0, 1.0)),
        record("duel", [2, 2, 3, 4, 6], (20, 40), (0.5, 0.5)),
    ];
    assert_eq!(coin_curve(&records), vec![0, 2, -8, 12]);
    // The daily challenge's games move no coins: they are no steps of it.
    let mut with_days = records.clone();
    let mut day = record("solo", [6, 6, 6, 6, 1], (0, 0), (1.0, 1.0));
    day.mode = dice_poker::history::Mode::Daily;
    with_days.insert(1, day.clone());
    with_days.push(day);
    assert_eq!(coin_curve(&with_days), vec![0, 2, -8, 12]);
    // Only the last games are drawn, starting from zero.
    let many: Vec<Record> = (0..CURVE_GAMES + 10)
        .map(|_| record("solo", [1, 2, 3, 4, 6], (10, 0), (1.0, 1.0)))
        .collect();
    let curve = coin_curve(&many);
    assert_eq!(curve.len(), CURVE_GAMES + 1);
    assert_eq!(*curve.last().unwrap(), -10 * CURVE_GAMES as i64);
}

/// The identity `start − skill + gifts + luck = result` on one account.
fn balances(g: &serde_json::Value) -> bool {
    let f = |k: &str| g[k].as_f64().unwrap();
    let identity = f("start") - f("skill_given_up") + f("their_gifts") + f("luck");
    (identity - f("result")).abs() < 1e-6 && f("skill_given_up") >= -1e-12
}

#[test]
fn stats_tells_luck_from_skill_and_the_terms_add_up_in_every_game_and_round() {
    for (mode, policy, games) in [
        ("solo", "best", 30),
        ("solo", "random", 30),
        ("duel", "best", 6),
        ("duel", "random", 6),
    ] {
        let dir = scratch(&format!("luck-{mode}-{policy}"));
        let data = dir.to_str().unwrap();
        let games = games.to_string();
        let args = ["autoplay", "--mode", mode, "--games", &games, "--seed", "4"];
        let out = dice_poker(
            &[&args[..], &["--policy", policy, "--data-dir", data]].concat(),
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        // Every worker's games are in the one history `stats` reads.
        let out = dice_poker(&["stats", "--json", "--data-dir", data], None);
        let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
        let history = history::load(&history::history_path(&dir)).unwrap().records;
        let reports: Vec<&serde_json::Value> = if mode == "solo" {
            vec![&doc["luck"]]
        } else {
            doc["duel_luck"]["duel"]
                .as_object()
                .unwrap()
                .values()
                .collect()
        };
        let (mut told, mut given_up) = (0, 0.0);
        for luck in reports {
            for g in luck["per_game"].as_array().unwrap() {
                assert!(balances(g), "{mode} {policy}: {g}");
                given_up += g["skill_given_up"].as_f64().unwrap();
            }
            assert!(balances(&luck["total"]), "{}", luck["total"]);
            assert!(balances(&luck["recent"]), "{}", luck["recent"]);
            told += luck["games"].as_u64().unwrap();
        }
        // Every whole game, and every round played to a showdown, has its
        // account (a fold or an accusation settles a round without one).
        let whole = history
            .iter()
            .filter(|r| {
                !matches!(
                    r.result.map(dice_poker::history::Outcome::key),
                    Some("fold" | "opponent_fold" | "caught" | "false_accusation")
                )
            })
            .count() as u64;
        assert_eq!(told, whole, "{mode} {policy}: every one is told");
        assert!(told > 0);
        if policy == "best" {
            assert!(given_up.abs() < 1e-9, "{mode}: the best gives up nothing");
        } else {
            assert!(given_up > 0.5, "{mode}: random choices give up: {given_up}");
        }
    }
}

/// Runs dice-poker with `args`, killing it if it has not ended within 20 s:
/// its exit status and standard error, or `None` if it had to be killed.
fn run_within(args: &[&str]) -> Option<(Option<i32>, String)> {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-poker"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dice-poker");
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 20 {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut err = String::new();
            child.stderr.take()?.read_to_string(&mut err).ok()?;
            return Some((status.code(), err));
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn a_named_pipe_or_a_huge_file_for_a_save_or_history_is_refused_at_once() {
    let dir = scratch("hostile-files");
    let dir_arg = dir.to_str().expect("utf-8 path");
    // A named pipe for the save: `ladder` says so and goes on with a fresh purse.
    let save = dir.join("save.json");
    let made = std::process::Command::new("mkfifo").arg(&save).status();
    assert!(
        made.is_ok_and(|s| s.success()),
        "mkfifo (coreutils) runs here"
    );
    let (code, err) = run_within(&["ladder", "--data-dir", dir_arg]).expect("no hang");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("named pipe") && err.contains("left as it is"),
        "{err}"
    );
    std::fs::remove_file(&save).unwrap();
    // The same for the history: `stats` fails with the reason.
    let history = history::history_path(&dir);
    let made = std::process::Command::new("mkfifo").arg(&history).status();
    assert!(made.is_ok_and(|s| s.success()));
    let (code, err) = run_within(&["stats", "--data-dir", dir_arg]).expect("no hang");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("named pipe"), "{err}");
    // A game's end is not appended to it either.
    let a = record("solo", [1, 1, 1, 4, 4], (10, 12), (5.0, 6.5));
    assert!(history::append(&history, &a).is_err());
    std::fs::remove_file(&history).unwrap();
    // A 20 MB save (an unknown field holding a long string) is refused
    // before it is read, in a warning of a line.
    let junk = format!(r#"{{"coins":90,"junk":"{}"}}"#, "x".repeat(20 << 20));
    std::fs::write(&save, &junk).unwrap();
    let (code, err) = run_within(&["ladder", "--data-dir", dir_arg]).expect("no hang");
    assert_eq!(code, Some(0));
    assert!(
        err.len() < 400 && err.contains("bytes"),
        "{} bytes: {}",
        err.len(),
        &err[..err.len().min(400)]
    );
    assert_eq!(
        std::fs::read(&save).unwrap().len(),
        junk.len(),
        "left as it is"
    );
}

#[test]
fn a_history_of_garbage_is_summed_up_in_a_few_lines_and_its_records_kept() {
    let dir = scratch("garbage-history");
    let path = history::history_path(&dir);
    let a = record("solo", [1, 1, 1, 4, 4], (10, 12), (5.0, 6.5));
    history::append(&path, &a).unwrap();
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    // Binary garbage over many lines, and one line far longer than any record.
    let garbage: Vec<u8> = (0..200_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    file.write_all(&garbage).unwrap();
    file.write_all(b"\n").unwrap();
    file.write_all(&vec![b'{'; 3 * history::MAX_RECORD_BYTES])
        .unwrap();
    file.write_all(b"\n").unwrap();
    drop(file);
    history::append(&path, &a).unwrap();
    let loaded = history::load(&path).unwrap();
    assert_eq!(loaded.records, vec![a.clone(), a]);
    assert!(
        loaded.skipped > history::NAMED_WARNINGS as u64,
        "{}",
        loaded.skipped
    );
    assert_eq!(loaded.warnings.len(), history::NAMED_WARNINGS + 1);
    assert!(
        loaded.warnings.iter().all(|w| w.len() < 400),
        "{:?}",
        loaded.warnings
    );
    let last = loaded.warnings.last().unwrap();
    assert!(
        last.contains(&format!("{} damaged lines", loaded.skipped)),
        "{last}"
    );
}
