//! The simulator: many headless throws, its report and its charts.

use dice_poker::rules::HandType;

use crate::support::{dice_poker, stderr, stdout};

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
    // The chi-square of the faces against fair dice, and its p-value with
    // five degrees of freedom, as the report's own counts give them.
    let counts: Vec<f64> = doc["face_counts"]
        .as_array()
        .expect("six counts")
        .iter()
        .map(|c| c.as_f64().unwrap())
        .collect();
    let expected = 200.0 / 6.0;
    let chi: f64 = counts
        .iter()
        .map(|c| (c - expected).powi(2) / expected)
        .sum();
    assert!((doc["chi_square"].as_f64().unwrap() - chi).abs() < 1e-6);
    use statrs::distribution::{ChiSquared, ContinuousCDF};
    let p = 1.0 - ChiSquared::new(5.0).unwrap().cdf(chi);
    assert!((doc["p_value"].as_f64().unwrap() - p).abs() < 1e-9);
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
    // In English: the text, the JSON keys and the charts name hands in English.
    let out = dice_poker(
        &[
            "simulate", "--throws", "40", "--seed", "2", "--lang", "en", "--plot", p,
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Full house") && !stdout(&out).contains("フルハウス"));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("One pair") && !svg.contains("ワンペア"));
    let out = dice_poker(
        &[
            "simulate", "--throws", "40", "--seed", "2", "--lang", "en", "--json",
        ],
        None,
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let keys: Vec<&str> = doc["hand_counts"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys[0], "Five of a kind");
    assert_eq!(keys.len(), 8);
}

/// Throws of each kind of die the stored figures are checked against.
const KIND_THROWS: u64 = 2_400;

#[test]
fn each_kind_of_die_thrown_again_shows_the_distribution_the_game_keeps_for_it() {
    use dice_poker::rules::kinds::DieKind;
    use dice_poker::simulate::{ThrowStyle, plan, run_worker};
    use dice_poker::stats::{chi_square, chi_square_p_value};
    let fair = [1.0 / 6.0; 6];
    // The chance of counts this far from `shares`, or further.
    let p = |faces: &[u64; 6], shares: &[f64]| chi_square_p_value(chi_square(faces, shares), 5);
    for (k, kind) in DieKind::ALL.into_iter().enumerate() {
        let mut faces = [0u64; 6];
        for worker in plan(KIND_THROWS, 7_000 + k as u64) {
            let report = run_worker(&worker, (ThrowStyle::Standard, Some(kind)), |_| {});
            for t in &report.throws {
                faces[usize::from(t.faces[0]) - 1] += 1;
            }
        }
        assert_eq!(faces.iter().sum::<u64>(), KIND_THROWS);
        let kept = p(&faces, &kind.measured().shares());
        assert!(
            kept > 0.001,
            "{kind:?}: {faces:?} against {:?}: p = {kept}",
            kind.measured().faces
        );
        // The strongly crooked kinds are told from fair in this many throws.
        if matches!(kind, DieKind::Weighted | DieKind::Loaded) {
            assert!(p(&faces, &fair) < 0.001, "{kind:?}: {faces:?}");
        }
    }
}

#[test]
fn cli_simulate_die_reports_the_die_beside_its_kept_distribution() {
    let out = dice_poker(
        &[
            "simulate", "--throws", "80", "--seed", "3", "--die", "loaded", "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(doc["die"]["kind"], "loaded");
    assert_eq!(total(&doc["die"]["faces"]), 80);
    let kept: f64 = doc["die"]["kept"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((kept - 1.0).abs() < 1e-9);
    let text = dice_poker(&["simulate", "--throws", "20", "--die", "shaved"], None);
    assert!(
        stdout(&text).contains("die 1 (shaved), the others fair"),
        "{}",
        stdout(&text)
    );
    let bad = dice_poker(&["simulate", "--die", "lucky"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("kinds: fair, tipped, weighted, loaded, shaved"));
}
