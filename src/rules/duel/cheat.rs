//! Tavern cheats: an opponent who now and then sits down with a crooked
//! die in one slot of its tray for the whole sitting, and holds knowing it; and what the
//! other side saw of its dice, die by die, which is all an accusation can
//! rest on. The search that follows an accusation finds the die or not
//! ([`Duel::accuse`](super::Duel::accuse)); this module says what the faces
//! seen speak for, in figures a player reads.

use rand::Rng;
use serde::Serialize;

use crate::rules::evidence::{Faces, crooked_kinds};
use crate::rules::hand::{DICE, FACES, Roll};
use crate::rules::kinds::DieKind;

/// The odds (how many times likelier the faces seen are from a crooked
/// kind than from a fair die) from which the game tells the player that an
/// accusation is worth making: the lowest of the lines `versus --cheats`
/// tries at which, against each of the ladder's cheats, an accusation is
/// right more often than wrong (at 10 to 1, two of them would be accused
/// wrongly more often than rightly). Over 2,000 sittings of five matches an
/// honest opponent reaches it in about one sitting in thirteen, a loaded
/// die in two of five, after about twelve of its throws.
pub const SUGGEST_ODDS: f64 = 20.0;

/// How a cheat plays crooked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cheat {
    /// The crooked die it slips in.
    pub kind: DieKind,
    /// The slot of its tray that die takes (0 to 4).
    pub slot: usize,
    /// The chance in a hundred that it brings the die to a sitting (every
    /// match played at one table, until the player leaves it).
    pub percent: u8,
}

impl Cheat {
    /// Whether it brings its die to the sitting about to begin (drawn from
    /// the cheats' own `rng`).
    pub fn carries(&self, rng: &mut impl Rng) -> bool {
        self.percent > 0 && rng.random_bool(f64::from(self.percent.min(100)) / 100.0)
    }

    /// Its tray by slot while it carries the die.
    pub fn tray(&self) -> [DieKind; DICE] {
        let mut tray = [DieKind::Fair; DICE];
        if let Some(die) = tray.get_mut(self.slot) {
            *die = self.kind;
        }
        tray
    }
}

/// What one side saw of the other's dice over a sitting, die by die: every
/// face each slot landed on when it was thrown (a die held is not thrown,
/// so it is not counted again).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sighting {
    /// Each slot's faces.
    pub dice: [Faces; DICE],
}

impl Sighting {
    /// The dice in the `thrown` slots came to rest on `roll`'s faces.
    pub fn saw(&mut self, roll: &Roll, thrown: [bool; DICE]) {
        for (slot, faces) in self.dice.iter_mut().enumerate() {
            if thrown[slot] {
                faces.add(roll[slot]);
            }
        }
    }

    /// Throws seen, all dice together.
    pub fn throws(&self) -> u64 {
        self.dice.iter().map(Faces::throws).sum()
    }

    /// Each die that was seen, by slot, with what its faces speak for.
    pub fn suspects(&self) -> Vec<Suspect> {
        (0..DICE)
            .filter(|&slot| self.dice[slot].throws() > 0)
            .map(|slot| Suspect::of(slot, &self.dice[slot]))
            .collect()
    }

    /// The die whose faces speak most for a crooked kind (the lowest slot of
    /// equals), if any die was seen.
    pub fn suspect(&self) -> Option<Suspect> {
        self.suspects()
            .into_iter()
            .fold(None, |best: Option<Suspect>, this| match best {
                Some(best) if best.odds >= this.odds => Some(best),
                _ => Some(this),
            })
    }
}

/// One die under suspicion: the crooked kind its faces fit best, and how
/// strongly, with the count that shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Suspect {
    /// Its slot (0 to 4).
    pub slot: usize,
    /// The crooked kind its faces fit best.
    pub kind: DieKind,
    /// Throws seen.
    pub throws: u64,
    /// The face that kind shows most often…
    pub face: u8,
    /// …and how often this die showed it.
    pub count: u64,
    /// How many times likelier its faces are from that kind than from a
    /// fair die (below 1: likelier fair).
    pub odds: f64,
}

impl Suspect {
    /// What `faces`, seen of the die in `slot`, speak for.
    pub fn of(slot: usize, faces: &Faces) -> Suspect {
        let (kind, log_ratio) = crooked_kinds()
            .map(|kind| (kind, faces.log_ratio(kind)))
            .fold((DieKind::Fair, f64::NEG_INFINITY), |best, this| {
                if this.1 > best.1 { this } else { best }
            });
        let face = favourite(kind);
        Suspect {
            slot,
            kind,
            throws: faces.throws(),
            face,
            count: faces.0[usize::from(face - 1)],
            odds: log_ratio.exp(),
        }
    }

    /// True when the odds reach the line the game suggests accusing at.
    pub fn suggests(&self) -> bool {
        self.suggests_among(1)
    }

    /// True when the odds reach the line the game suggests accusing at
    /// when this is the strongest case against any of `seats` opponents
    /// (at a table): the line times their number, so a table of fair dice
    /// is accused no more often than one opponent is.
    pub fn suggests_among(&self, seats: usize) -> bool {
        self.odds >= SUGGEST_ODDS * seats.max(1) as f64
    }
}

/// The face a kind shows most often (the higher of equals).
pub fn favourite(kind: DieKind) -> u8 {
    let chances = kind.chances();
    (1..=FACES as u8)
        .max_by(|&a, &b| chances[usize::from(a - 1)].total_cmp(&chances[usize::from(b - 1)]))
        .unwrap_or(FACES as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_rises_with_the_seats_under_suspicion() {
        let at = |odds| Suspect {
            slot: 0,
            kind: DieKind::Loaded,
            throws: 30,
            face: 6,
            count: 12,
            odds,
        };
        assert!(at(SUGGEST_ODDS).suggests() && at(SUGGEST_ODDS).suggests_among(1));
        assert!(!at(SUGGEST_ODDS).suggests_among(2));
        assert!(at(3.0 * SUGGEST_ODDS).suggests_among(3));
        assert!(!at(2.9 * SUGGEST_ODDS).suggests_among(3));
        assert!(at(SUGGEST_ODDS).suggests_among(0), "no seat counts as one");
    }

    #[test]
    fn a_loaded_die_among_fair_ones_is_the_suspect() {
        let mut seen = Sighting::default();
        // Slot 3 shows six after six; the rest run through their faces.
        for throw in 0..12u8 {
            let fair = throw % 6 + 1;
            let roll = [
                fair,
                (fair % 6) + 1,
                ((fair + 1) % 6) + 1,
                6,
                ((fair + 3) % 6) + 1,
            ];
            // Slot 0 is held after the first throw: seen once only.
            seen.saw(&roll, [throw == 0, true, true, true, true]);
        }
        assert_eq!(seen.dice[0].throws(), 1);
        assert_eq!(seen.throws(), 1 + 4 * 12);
        let suspect = seen.suspect().expect("dice were seen");
        assert_eq!((suspect.slot, suspect.kind), (3, DieKind::Loaded));
        assert_eq!((suspect.face, suspect.count, suspect.throws), (6, 12, 12));
        assert!(suspect.suggests(), "{suspect:?}");
        // The even dice speak for no crooked kind.
        let even = Suspect::of(1, &seen.dice[1]);
        assert!(even.odds < 1.0 && !even.suggests(), "{even:?}");
        assert_eq!(seen.suspects().len(), DICE);
    }

    #[test]
    fn nothing_seen_names_no_suspect() {
        assert_eq!(Sighting::default().suspect(), None);
    }

    #[test]
    fn a_cheats_tray_has_its_die_in_its_slot() {
        let cheat = Cheat {
            kind: DieKind::Weighted,
            slot: 2,
            percent: 100,
        };
        assert_eq!(
            cheat.tray(),
            [
                DieKind::Fair,
                DieKind::Fair,
                DieKind::Weighted,
                DieKind::Fair,
                DieKind::Fair
            ]
        );
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        assert!(cheat.carries(&mut rng));
        let never = Cheat {
            percent: 0,
            ..cheat
        };
        assert!(!never.carries(&mut rng));
        assert_eq!(favourite(DieKind::Loaded), 6);
        assert_eq!(favourite(DieKind::Fair), 6);
    }
}
