//! The dice audit: each of the player's five dice, by its slot in the tray,
//! over the history: how often it showed each face when it was thrown (a
//! die kept for a reroll is not thrown), the χ² p-value of those faces
//! against a fair die's, and what the sequential test says of it
//! ([`crate::rules::evidence`]: crooked, and of which kind; fair; or open).
//! The daily challenge's dice are dealt, not thrown, and are left out.

use serde::Serialize;

use super::super::{Mode, Record};
use crate::rules::evidence::{Faces, Verdict};
use crate::rules::hand::{DICE, FACES};
use crate::rules::kinds::DieKind;
use crate::stats::{chi_square_p_value, chi_square_uniform};

/// One die's audit.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct DieAudit {
    /// Its slot in the tray, from 1.
    pub die: usize,
    /// Times it showed each face, 1 to 6.
    pub faces: [u64; FACES],
    /// Times it was thrown.
    pub throws: u64,
    /// χ² of its faces against a fair die's (5 degrees of freedom).
    pub chi_square: f64,
    /// Its p-value: small means "this die does not look fair".
    pub p_value: f64,
    /// The crooked kind its faces fit best.
    pub likeliest: DieKind,
    /// How many times likelier its faces are from that kind than from a fair die.
    pub odds: f64,
    /// The sequential test's verdict.
    pub verdict: Verdict,
}

/// Every die's faces as the history is read.
#[derive(Debug, Default)]
pub(super) struct DiceTally([Faces; DICE]);

impl DiceTally {
    /// Counts every die thrown in one record.
    pub(super) fn add(&mut self, r: &Record) {
        if r.mode == Mode::Daily {
            return;
        }
        for throw in &r.throws {
            for slot in (0..DICE).filter(|&s| !throw.held[s]) {
                self.0[slot].add(throw.faces[slot]);
            }
        }
    }

    /// Each die's audit, in slot order.
    pub(super) fn finish(&self) -> Vec<DieAudit> {
        self.0
            .iter()
            .enumerate()
            .map(|(slot, faces)| {
                let chi_square = chi_square_uniform(&faces.0);
                let (likeliest, log_ratio) = faces.likeliest();
                DieAudit {
                    die: slot + 1,
                    faces: faces.0,
                    throws: faces.throws(),
                    chi_square,
                    p_value: chi_square_p_value(chi_square, FACES - 1),
                    likeliest,
                    odds: log_ratio.exp(),
                    verdict: faces.verdict(),
                }
            })
            .collect()
    }
}
