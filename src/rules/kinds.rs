//! Kinds of dice. A fair die, and crooked ones made so by their bodies (the
//! physics in `dice::kinds` builds each): a weight under the 1 of graded
//! strength, or a die shaved short between the 1 and the 6. What each kind
//! shows is not assumed: it is measured by throwing it in the game's tray
//! (`dice-poker simulate --die KIND`), and the counts are kept as data in
//! `assets/dice/measured.json`, with the command that made them.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::hand::FACES;

/// A kind of die.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DieKind {
    /// A fair die.
    #[default]
    Fair,
    /// A little weight under the 1 (a tenth of the die's mass): the 6 a
    /// little more often.
    Tipped,
    /// More weight under the 1 (a quarter of the die's mass).
    Weighted,
    /// Half the die's mass again under the 1, deep: the 6 far more often.
    Loaded,
    /// Shaved short between the 1 and the 6: both a little more often.
    Shaved,
}

impl DieKind {
    /// Every kind, the fair one first.
    pub const ALL: [DieKind; 5] = [
        DieKind::Fair,
        DieKind::Tipped,
        DieKind::Weighted,
        DieKind::Loaded,
        DieKind::Shaved,
    ];

    /// Its name on the command line and in files.
    pub fn key(self) -> &'static str {
        match self {
            DieKind::Fair => "fair",
            DieKind::Tipped => "tipped",
            DieKind::Weighted => "weighted",
            DieKind::Loaded => "loaded",
            DieKind::Shaved => "shaved",
        }
    }

    /// The kind named `key`, if there is one.
    pub fn parse(key: &str) -> Option<DieKind> {
        DieKind::ALL.into_iter().find(|k| k.key() == key)
    }

    /// Every kind's name, for messages and `--help`.
    pub fn keys() -> String {
        DieKind::ALL.map(DieKind::key).join(", ")
    }

    /// What throwing it in the tray showed ([`MEASURED`]).
    pub fn measured(self) -> &'static Measured {
        &MEASURED.kinds[DieKind::ALL.iter().position(|&k| k == self).unwrap_or(0)]
    }
}

/// One kind's faces as thrown: how many times each came up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measured {
    /// The kind.
    pub kind: DieKind,
    /// Times each face (1 to 6) came up.
    pub faces: [u64; FACES],
}

impl Measured {
    /// Throws counted.
    pub fn throws(&self) -> u64 {
        self.faces.iter().sum()
    }

    /// Each face's share of the throws.
    pub fn shares(&self) -> [f64; FACES] {
        let n = self.throws().max(1) as f64;
        self.faces.map(|c| c as f64 / n)
    }
}

/// Every kind's measured faces, and how they were measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MeasuredKinds {
    /// The command that threw them (one run per kind, `KIND` in it).
    pub command: String,
    /// Each kind's counts, in [`DieKind::ALL`]'s order.
    pub kinds: Vec<Measured>,
}

/// The measured counts as kept in the repository.
pub const MEASURED_JSON: &str = include_str!("../../assets/dice/measured.json");

/// The measured counts, read once.
pub static MEASURED: LazyLock<MeasuredKinds> = LazyLock::new(|| {
    let read: MeasuredKinds =
        serde_json::from_str(MEASURED_JSON).expect("assets/dice/measured.json is the game's own");
    // One entry per kind, in order: a file that says otherwise is not ours.
    let kinds: Vec<DieKind> = read.kinds.iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        DieKind::ALL,
        "assets/dice/measured.json lists every kind once"
    );
    read
});

/// Pearson's χ² of `counts` against the shares `expected` (which sum to 1).
pub fn chi_square(counts: &[u64; FACES], expected: &[f64; FACES]) -> f64 {
    let n: u64 = counts.iter().sum();
    counts
        .iter()
        .zip(expected)
        .map(|(&c, &p)| {
            let e = p * n as f64;
            (c as f64 - e).powi(2) / e.max(f64::MIN_POSITIVE)
        })
        .sum()
}

/// χ² above which counts of six faces (five degrees of freedom) are taken
/// not to come from the expected shares: a chance of 1 in 1,000 for dice
/// that do.
pub const CHI_SQUARE_5_AT_0_001: f64 = 20.515;

/// The 95 % Wilson interval of a share: `hits` of `n`.
pub fn wilson(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let (n, p) = (n as f64, hits as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_name_and_its_measured_faces() {
        for kind in DieKind::ALL {
            assert_eq!(DieKind::parse(kind.key()), Some(kind));
            let measured = kind.measured();
            assert_eq!(measured.kind, kind);
            assert!(
                measured.throws() >= 100_000,
                "{kind:?}: {}",
                measured.throws()
            );
        }
        assert_eq!(DieKind::parse("lucky"), None);
        assert!(MEASURED.command.contains("simulate --die"));
    }

    #[test]
    fn the_fair_die_measures_fair_and_the_loaded_one_does_not() {
        let fair = [1.0 / 6.0; FACES];
        let chi = |kind: DieKind| chi_square(&kind.measured().faces, &fair);
        assert!(
            chi(DieKind::Fair) < CHI_SQUARE_5_AT_0_001,
            "{}",
            chi(DieKind::Fair)
        );
        for crooked in [DieKind::Weighted, DieKind::Loaded, DieKind::Shaved] {
            assert!(chi(crooked) > CHI_SQUARE_5_AT_0_001, "{crooked:?}");
        }
        // Weight under the 1 brings the 6 up, more with more weight.
        let six = |kind: DieKind| kind.measured().shares()[5];
        assert!(six(DieKind::Tipped) < six(DieKind::Weighted));
        assert!(six(DieKind::Weighted) < six(DieKind::Loaded));
    }

    #[test]
    fn a_wilson_interval_holds_its_share() {
        let (lo, hi) = wilson(1_667, 10_000);
        assert!(lo < 0.1667 && 0.1667 < hi && hi - lo < 0.015);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert!(chi_square(&[10; 6], &[1.0 / 6.0; 6]) < 1e-9);
    }
}
