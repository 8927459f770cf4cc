//! The dice audit: each of the player's five dice, by its slot in the tray,
//! over the history: how often it showed each face when it was thrown (a
//! die kept for a reroll is not thrown), the χ² p-value of those faces
//! against a fair die's, and what the sequential test says of it
//! ([`crate::rules::evidence`]: crooked, and of which kind; fair; or open).
//! The daily challenge's dice are dealt, not thrown, and are left out. A die
//! the player chose crooked for a game (`--dice`) is counted apart, under
//! its kind, with its faces also weighed against that kind's own.

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
    /// The kind the player chose for this die in the games counted (none:
    /// the game's own, fair dice).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chosen: Option<DieKind>,
    /// For a chosen crooked die: the χ² p-value of its faces against its
    /// kind's measured ones (small: it does not throw as its kind does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_p_value: Option<f64>,
}

/// Every die's faces as the history is read: the game's own dice by slot,
/// and each slot's chosen crooked kinds apart.
#[derive(Debug, Default)]
pub(super) struct DiceTally {
    own: [Faces; DICE],
    chosen: Vec<(usize, DieKind, Faces)>,
}

impl DiceTally {
    /// Counts every die thrown in one record.
    pub(super) fn add(&mut self, r: &Record) {
        if r.mode == Mode::Daily {
            return;
        }
        let kind = |slot: usize| {
            let kinds = r.dice.as_deref().unwrap_or_default();
            kinds.get(slot).copied().unwrap_or_default()
        };
        for throw in &r.throws {
            for slot in (0..DICE).filter(|&s| !throw.held[s]) {
                let face = throw.faces[slot];
                match kind(slot) {
                    DieKind::Fair => self.own[slot].add(face),
                    crooked => self.chosen_faces(slot, crooked).add(face),
                }
            }
        }
    }

    /// The faces counted for `slot` chosen `kind`.
    fn chosen_faces(&mut self, slot: usize, kind: DieKind) -> &mut Faces {
        let at = match self
            .chosen
            .iter()
            .position(|&(s, k, _)| (s, k) == (slot, kind))
        {
            Some(at) => at,
            None => {
                self.chosen.push((slot, kind, Faces::default()));
                self.chosen.len() - 1
            }
        };
        &mut self.chosen[at].2
    }

    /// Each of the game's own dice's audit, in slot order, then each chosen
    /// crooked die's, by slot.
    pub(super) fn finish(&self) -> Vec<DieAudit> {
        let own = self
            .own
            .iter()
            .enumerate()
            .map(|(slot, faces)| audit(slot, faces, None));
        let mut chosen = self.chosen.clone();
        chosen.sort_by_key(|&(slot, kind, _)| (slot, kind.key()));
        let chosen = chosen
            .iter()
            .map(|(slot, kind, faces)| audit(*slot, faces, Some(*kind)));
        own.chain(chosen).collect()
    }
}

/// One die's audit from its faces (`chosen`: the crooked kind the player chose for it).
fn audit(slot: usize, faces: &Faces, chosen: Option<DieKind>) -> DieAudit {
    let chi_square = chi_square_uniform(&faces.0);
    let (likeliest, log_ratio) = faces.likeliest();
    let own_p_value = chosen.map(|kind| {
        let own = crate::stats::chi_square(&faces.0, &kind.chances());
        chi_square_p_value(own, FACES - 1)
    });
    DieAudit {
        die: slot + 1,
        faces: faces.0,
        throws: faces.throws(),
        chi_square,
        p_value: chi_square_p_value(chi_square, FACES - 1),
        likeliest,
        odds: log_ratio.exp(),
        verdict: faces.verdict(),
        chosen,
        own_p_value,
    }
}
