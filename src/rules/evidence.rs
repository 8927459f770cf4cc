//! Is a die crooked? What its faces, as seen, say of it: for each crooked
//! kind, the likelihood ratio of those faces under the kind's measured
//! chances against a fair die's, weighed as Wald's sequential test. Each
//! throw moves the ratio; once it passes the line set by the error rates
//! the verdict is in (crooked: the likeliest kind; fair: every kind ruled
//! out), and until then it is open. What a player reads ("14 sixes in 31
//! throws, 40 to 1 it is loaded") and what an accusation rests on are both
//! these ratios.

use rand::Rng;
use serde::Serialize;

use super::hand::FACES;
use super::kinds::DieKind;

/// The verdict's chance of calling a fair die crooked (shared among the
/// crooked kinds, each tested at its part).
pub const WRONG_ACCUSATION: f64 = 0.01;
/// The verdict's chance of calling a crooked die fair.
pub const MISSED_CHEAT: f64 = 0.01;

/// The crooked kinds a die is weighed against.
pub fn crooked_kinds() -> impl Iterator<Item = DieKind> {
    DieKind::ALL.into_iter().filter(|&k| k != DieKind::Fair)
}

/// What a die's faces say after the throws seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Not enough seen either way.
    Open,
    /// Every crooked kind is ruled out.
    Fair,
    /// The faces are far likelier from this crooked kind than from a fair die.
    Crooked(DieKind),
}

/// The faces one die showed, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Faces(pub [u64; FACES]);

impl Faces {
    /// One more throw of the die showed `face` (1 to 6).
    pub fn add(&mut self, face: u8) {
        if let Some(count) = self.0.get_mut(usize::from(face).wrapping_sub(1)) {
            *count += 1;
        }
    }

    /// Throws counted.
    pub fn throws(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The natural log of the likelihood ratio: how much likelier these
    /// faces are from a die of `kind` than from a fair one.
    pub fn log_ratio(&self, kind: DieKind) -> f64 {
        let chances = kind.chances();
        self.0
            .iter()
            .zip(chances)
            .map(|(&count, p)| count as f64 * (p * FACES as f64).ln())
            .sum()
    }

    /// The crooked kind these faces fit best, with its log ratio.
    pub fn likeliest(&self) -> (DieKind, f64) {
        crooked_kinds()
            .map(|kind| (kind, self.log_ratio(kind)))
            .fold((DieKind::Fair, f64::NEG_INFINITY), |best, this| {
                if this.1 > best.1 { this } else { best }
            })
    }

    /// Wald's verdict at the error rates above: the likeliest kind's ratio
    /// past the accusing line, or every kind's (that one's the highest)
    /// under the clearing line.
    pub fn verdict(&self) -> Verdict {
        let (kind, ratio) = self.likeliest();
        if ratio >= accuse_line() {
            Verdict::Crooked(kind)
        } else if ratio <= clear_line() {
            Verdict::Fair
        } else {
            Verdict::Open
        }
    }
}

/// The log ratio at which a die is called crooked.
pub fn accuse_line() -> f64 {
    let each = WRONG_ACCUSATION / crooked_kinds().count() as f64;
    ((1.0 - MISSED_CHEAT) / each).ln()
}

/// The log ratio under which a crooked kind is ruled out.
pub fn clear_line() -> f64 {
    (MISSED_CHEAT / (1.0 - WRONG_ACCUSATION)).ln()
}

/// How a die of one kind fares under the test, over many runs of throws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Trial {
    /// Runs thrown.
    pub runs: u64,
    /// Runs that ended called crooked.
    pub called_crooked: u64,
    /// Of those, called the right kind.
    pub right_kind: u64,
    /// Runs that ended called fair.
    pub called_fair: u64,
    /// Throws each verdict took, added up (open runs count their limit).
    pub throws: u64,
}

impl Trial {
    /// Throws a die of `kind` (its kept chances) `runs` times, each until
    /// a verdict or `most` throws, from `rng`.
    pub fn run(kind: DieKind, runs: u64, most: u64, rng: &mut impl Rng) -> Trial {
        let chances = kind.chances();
        let mut trial = Trial {
            runs,
            ..Trial::default()
        };
        for _ in 0..runs {
            let mut faces = Faces::default();
            let verdict = loop {
                faces.add(face_from(&chances, rng.random()));
                let verdict = faces.verdict();
                if verdict != Verdict::Open || faces.throws() >= most {
                    break verdict;
                }
            };
            trial.throws += faces.throws();
            match verdict {
                Verdict::Crooked(called) => {
                    trial.called_crooked += 1;
                    trial.right_kind += u64::from(called == kind);
                }
                Verdict::Fair => trial.called_fair += 1,
                Verdict::Open => {}
            }
        }
        trial
    }

    /// Throws a verdict took on average.
    pub fn mean_throws(&self) -> f64 {
        self.throws as f64 / self.runs.max(1) as f64
    }
}

/// The face `u` (uniform in 0..1) lands on for a die of these chances.
pub fn face_from(chances: &[f64; FACES], u: f64) -> u8 {
    let mut below = 0.0;
    for (i, p) in chances.iter().enumerate() {
        below += p;
        if u < below {
            return i as u8 + 1;
        }
    }
    FACES as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_die_that_shows_sixes_half_the_time_is_called_loaded() {
        let mut faces = Faces::default();
        for face in [6, 1, 6, 3, 6, 6, 2, 6, 5, 6, 6, 4, 6, 6, 6] {
            faces.add(face);
        }
        assert_eq!(faces.throws(), 15);
        assert!(faces.log_ratio(DieKind::Loaded) > faces.log_ratio(DieKind::Tipped));
        assert_eq!(faces.verdict(), Verdict::Crooked(DieKind::Loaded));
        // A face out of range is not counted.
        faces.add(7);
        assert_eq!(faces.throws(), 15);
    }

    #[test]
    fn even_faces_rule_out_the_crooked_kinds_one_by_one() {
        let mut faces = Faces::default();
        assert_eq!(faces.verdict(), Verdict::Open);
        let even = |faces: &mut Faces, rounds: u32| {
            for _ in 0..rounds {
                for face in 1..=6 {
                    faces.add(face);
                }
            }
        };
        even(&mut faces, 6);
        assert_eq!(faces.verdict(), Verdict::Open);
        // A loaded die is ruled out long before a shaved one, whose faces
        // differ from a fair die's by a point or two.
        even(&mut faces, 100);
        assert!(faces.log_ratio(DieKind::Loaded) < clear_line());
        assert!(faces.log_ratio(DieKind::Shaved) > clear_line());
        assert_eq!(faces.verdict(), Verdict::Open);
        even(&mut faces, 4_000);
        assert_eq!(faces.verdict(), Verdict::Fair, "{:?}", faces.likeliest());
    }

    #[test]
    fn the_test_keeps_near_its_error_rates() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let fair = Trial::run(DieKind::Fair, 400, 2_000, &mut rng);
        // Wald's bound: a fair die is called crooked at about the rate set
        // (1 %: 4 of 400), here with room for chance.
        assert!(fair.called_crooked <= 12, "{fair:?}");
        let loaded = Trial::run(DieKind::Loaded, 400, 2_000, &mut rng);
        assert!(loaded.called_crooked >= 396, "{loaded:?}");
        // Now and then a loaded die is taken for a weighted one: crooked all the same.
        assert!(loaded.right_kind >= 360, "{loaded:?}");
        assert!(loaded.mean_throws() < 60.0, "{loaded:?}");
    }
}
