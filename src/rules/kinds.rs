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

/// A tray of fair dice with one die of `kind` in `slot` (for tests).
#[cfg(test)]
pub(crate) fn one_crooked(
    kind: DieKind,
    slot: usize,
) -> [crate::rules::per_die::FaceChances; crate::rules::hand::DICE] {
    std::array::from_fn(|s| {
        if s == slot {
            kind.chances()
        } else {
            crate::rules::per_die::FAIR
        }
    })
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

    /// The chance of each face the game's odds use for it: a fair die's
    /// exact sixths, a crooked one's shares as measured ([`MEASURED`]).
    pub fn chances(self) -> crate::rules::per_die::FaceChances {
        match self {
            DieKind::Fair => crate::rules::per_die::FAIR,
            crooked => crooked.measured().shares(),
        }
    }

    /// A kind by its name, or a message naming every kind (for the command line).
    pub fn named(key: &str) -> Result<DieKind, String> {
        let key = key.trim();
        DieKind::parse(key)
            .ok_or_else(|| format!("no die kind '{key}' (kinds: {})", DieKind::keys()))
    }

    /// Parses one die kind per die of the tray, comma-separated, in slot
    /// order (`loaded,fair,fair,fair,fair`).
    pub fn parse_tray(list: &str) -> Result<[DieKind; crate::rules::hand::DICE], String> {
        let kinds = list
            .split(',')
            .map(DieKind::named)
            .collect::<Result<Vec<_>, _>>()?;
        let n = kinds.len();
        kinds.try_into().map_err(|_| {
            format!(
                "{n} dice named: name one kind for each of the tray's {} dice, in order",
                crate::rules::hand::DICE
            )
        })
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
        assert_eq!(DieKind::Fair.chances(), crate::rules::per_die::FAIR);
        assert_eq!(
            DieKind::Loaded.chances(),
            DieKind::Loaded.measured().shares()
        );
        assert_eq!(
            DieKind::parse_tray("loaded, fair,fair,fair,shaved"),
            Ok([
                DieKind::Loaded,
                DieKind::Fair,
                DieKind::Fair,
                DieKind::Fair,
                DieKind::Shaved
            ])
        );
        let short = DieKind::parse_tray("loaded,fair").unwrap_err();
        assert!(short.contains("2 dice named"), "{short}");
        let bad = DieKind::parse_tray("fair,lucky,fair,fair,fair").unwrap_err();
        assert!(bad.contains("'lucky'"), "{bad}");
        assert!(MEASURED.command.contains("simulate --die"));
    }

    #[test]
    fn the_fair_die_measures_fair_and_the_crooked_ones_do_not() {
        use crate::stats::{chi_square, chi_square_p_value};
        // Against a fair die: the chance of counts this far off or further.
        let p = |kind: DieKind| {
            let chi = chi_square(&kind.measured().faces, &[1.0 / 6.0; FACES]);
            chi_square_p_value(chi, FACES - 1)
        };
        assert!(p(DieKind::Fair) > 0.001, "{}", p(DieKind::Fair));
        for crooked in [DieKind::Weighted, DieKind::Loaded, DieKind::Shaved] {
            assert!(p(crooked) < 0.001, "{crooked:?}");
        }
        // Weight under the 1 brings the 6 up, more with more weight.
        let six = |kind: DieKind| kind.measured().shares()[5];
        assert!(six(DieKind::Tipped) < six(DieKind::Weighted));
        assert!(six(DieKind::Weighted) < six(DieKind::Loaded));
    }
}
