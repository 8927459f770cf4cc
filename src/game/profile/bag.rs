//! The player's bag: the crooked dice taken from cheats caught at the
//! tavern, and which of them the player lays in the tray for the solo game
//! (the rest of the tray is fair dice). A die joins the bag only when a
//! search finds it; nothing else puts one there. A bag read from a save is
//! mended as it loads: a fair die, a die past the bag's room, or a slot
//! that names a die no bag holds (or one another slot holds) is dropped.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

/// The most dice the bag holds: a die caught past it stays on the table.
pub const BAG_ROOM: usize = 12;

/// One die in the bag.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct BagDie {
    /// Its kind (never fair).
    pub kind: DieKind,
    /// The key of the opponent it was taken from.
    pub from: String,
}

/// The dice in the bag, in the order they were taken, and the tray's slots
/// that hold one of them.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, Default, PartialEq, Eq)]
#[serde(from = "Stored")]
pub struct Bag {
    dice: Vec<BagDie>,
    /// By slot: the bag's die laid there (`None`: a fair die).
    tray: [Option<usize>; DICE],
}

/// A bag as a save holds it, before it is mended.
#[derive(Deserialize)]
struct Stored {
    #[serde(default)]
    dice: Vec<BagDie>,
    #[serde(default)]
    tray: [Option<usize>; DICE],
}

impl From<Stored> for Bag {
    fn from(stored: Stored) -> Bag {
        let mut bag = Bag::default();
        // Where each stored die went in the mended bag (`None`: dropped).
        let moved: Vec<Option<usize>> = stored
            .dice
            .into_iter()
            .map(|die| {
                let at = bag.dice.len();
                bag.add(die.kind, &die.from).then_some(at)
            })
            .collect();
        for (slot, at) in stored.tray.into_iter().enumerate() {
            let at = at.and_then(|i| moved.get(i).copied().flatten());
            if at.is_some() && !bag.tray.contains(&at) {
                bag.tray[slot] = at;
            }
        }
        bag
    }
}

impl Bag {
    /// The dice in the bag, in the order they were taken.
    pub fn dice(&self) -> &[BagDie] {
        &self.dice
    }

    /// True while the bag holds no die.
    pub fn is_empty(&self) -> bool {
        self.dice.is_empty()
    }

    /// True while another die fits in the bag.
    pub fn has_room(&self) -> bool {
        self.dice.len() < BAG_ROOM
    }

    /// Puts a die taken from `from` into the bag: false when it is fair
    /// (nothing to keep) or the bag is full.
    pub fn add(&mut self, kind: DieKind, from: &str) -> bool {
        if kind == DieKind::Fair || !self.has_room() {
            return false;
        }
        self.dice.push(BagDie {
            kind,
            from: from.to_owned(),
        });
        true
    }

    /// The bag's die in `slot` of the tray, if one is laid there.
    pub fn in_slot(&self, slot: usize) -> Option<&BagDie> {
        let at = (*self.tray.get(slot)?)?;
        self.dice.get(at)
    }

    /// The tray's dice by slot: the bag's where laid, fair elsewhere.
    pub fn tray(&self) -> [DieKind; DICE] {
        std::array::from_fn(|slot| self.in_slot(slot).map_or(DieKind::Fair, |d| d.kind))
    }

    /// How many of the bag's dice are in the tray.
    pub fn laid(&self) -> usize {
        self.tray.iter().flatten().count()
    }

    /// Lays the next die in `slot`: after a fair die the bag's first die not
    /// in another slot, after that the next such die, after the last a fair
    /// die again.
    pub fn cycle(&mut self, slot: usize) {
        let Some(&now) = self.tray.get(slot) else {
            return;
        };
        let free = |i: &usize| {
            !self
                .tray
                .iter()
                .enumerate()
                .any(|(s, at)| s != slot && *at == Some(*i))
        };
        let after = now.map_or(0, |i| i + 1);
        self.tray[slot] = (after..self.dice.len()).find(free);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bag_of(kinds: &[DieKind]) -> Bag {
        let mut bag = Bag::default();
        for &kind in kinds {
            bag.add(kind, "minstrel");
        }
        bag
    }

    #[test]
    fn a_slot_cycles_through_the_dice_no_other_slot_holds() {
        let mut bag = bag_of(&[DieKind::Loaded, DieKind::Weighted]);
        assert_eq!(bag.tray(), [DieKind::Fair; DICE]);
        bag.cycle(0);
        assert_eq!(bag.tray()[0], DieKind::Loaded);
        bag.cycle(2);
        // The loaded die is in slot 1: slot 3 takes the weighted one.
        assert_eq!(bag.tray()[2], DieKind::Weighted);
        bag.cycle(0);
        // Slot 1 has nothing left to take but a fair die.
        assert_eq!(bag.tray()[0], DieKind::Fair);
        bag.cycle(0);
        assert_eq!(bag.tray()[0], DieKind::Loaded);
        assert_eq!(bag.laid(), 2);
        bag.cycle(2);
        assert_eq!(bag.tray()[2], DieKind::Fair);
        assert_eq!(bag.laid(), 1);
    }

    #[test]
    fn only_crooked_dice_go_in_and_the_room_is_kept() {
        let mut bag = Bag::default();
        assert!(!bag.add(DieKind::Fair, "fisher"));
        for _ in 0..BAG_ROOM {
            assert!(bag.add(DieKind::Tipped, "fisher"));
        }
        assert!(!bag.add(DieKind::Loaded, "fisher"), "full");
        assert_eq!(bag.dice().len(), BAG_ROOM);
    }

    #[test]
    fn a_damaged_bag_is_mended_as_it_loads() {
        let text = r#"{"dice": [
            {"kind": "fair", "from": "minstrel"},
            {"kind": "loaded", "from": "minstrel"},
            {"kind": "shaved", "from": "fisher"}],
            "tray": [1, 1, 7, 2, 0]}"#;
        let bag: Bag = serde_json::from_str(text).expect("reads");
        // The fair die is dropped; the loaded one (stored second) is laid in
        // slot 1 once, the shaved one in slot 4; slot 3 named no die, slot
        // 5 the fair one.
        assert_eq!(bag.dice().len(), 2);
        assert_eq!(
            bag.tray(),
            [
                DieKind::Loaded,
                DieKind::Fair,
                DieKind::Fair,
                DieKind::Shaved,
                DieKind::Fair
            ]
        );
        let again: Bag = serde_json::from_str(&serde_json::to_string(&bag).unwrap()).unwrap();
        assert_eq!(again, bag, "a mended bag reads back as it is");
        let empty: Bag = serde_json::from_str("{}").expect("an empty bag reads");
        assert!(empty.is_empty());
    }
}
