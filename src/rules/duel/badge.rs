//! Badges: rules bent openly, one per side per match. `reroll` adds a reroll
//! to every round; `flip` and `nudge` change one die of a side's final hand
//! once a round; `double` and `shield` change only what a round pays.

use serde::{Deserialize, Serialize};

use crate::rules::hand::{Counts, FACES};

/// A badge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Badge {
    /// One more reroll in every round.
    Reroll,
    /// Once a round, when its rerolls are over (used up or given up by
    /// standing), one die turns to its opposite face (7 − n).
    Flip,
    /// Once a round, when its rerolls are over, one die goes up or down by one (1–6).
    Nudge,
    /// A round won pays the pot a second time (the house pays).
    Double,
    /// A round lost without folding gives back half of what was put in, rounded down.
    Shield,
}

impl Badge {
    /// Every badge, in the order the ladder gives them.
    pub const ALL: [Badge; 5] = [
        Badge::Shield,
        Badge::Reroll,
        Badge::Nudge,
        Badge::Flip,
        Badge::Double,
    ];

    /// The name on the command line and in the save.
    pub fn key(self) -> &'static str {
        match self {
            Badge::Reroll => "reroll",
            Badge::Flip => "flip",
            Badge::Nudge => "nudge",
            Badge::Double => "double",
            Badge::Shield => "shield",
        }
    }

    /// The badge with this key, or a message listing the valid ones.
    pub fn from_key(key: &str) -> Result<Badge, String> {
        Badge::ALL
            .into_iter()
            .find(|b| b.key() == key)
            .ok_or_else(|| {
                let keys: Vec<&str> = Badge::ALL.iter().map(|b| b.key()).collect();
                format!("no badge '{key}' (choose {})", keys.join(", "))
            })
    }

    /// True for the badges that change a die of the final hand.
    pub fn changes_a_die(self) -> bool {
        matches!(self, Badge::Flip | Badge::Nudge)
    }

    /// The faces one die showing `face` may be changed to.
    pub fn targets(self, face: u8) -> Vec<u8> {
        match self {
            Badge::Flip => vec![7 - face],
            Badge::Nudge => [face.checked_sub(1), Some(face + 1)]
                .into_iter()
                .flatten()
                .filter(|f| (1..=FACES as u8).contains(f))
                .collect(),
            Badge::Reroll | Badge::Double | Badge::Shield => Vec::new(),
        }
    }

    /// Every (from, to) change of one die this badge allows on a hand.
    pub fn changes(self, counts: &Counts) -> Vec<(u8, u8)> {
        (1..=FACES as u8)
            .filter(|&f| counts[usize::from(f - 1)] > 0)
            .flat_map(|from| self.targets(from).into_iter().map(move |to| (from, to)))
            .collect()
    }
}

/// `counts` with one die changed from `from` to `to`.
pub fn changed(counts: &Counts, from: u8, to: u8) -> Counts {
    let mut out = *counts;
    out[usize::from(from - 1)] -= 1;
    out[usize::from(to - 1)] += 1;
    out
}
