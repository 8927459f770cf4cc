//! Why a game's state read from elsewhere (a save, written by an older
//! version or by hand) cannot be played on: every referee checks what it is
//! handed before a move is asked of it, so a state that does not add up is
//! refused with its reason instead of panicking or freezing the game later.

use std::fmt;

use crate::rules::hand::{DICE, FACES, Roll};

/// The most rounds a match can have played: far beyond any match (three
/// wins each and hundreds of drawn rounds), far below where sums of antes
/// could overflow.
pub const MOST_ROUNDS: u32 = 10_000;

/// The largest ante or raise a referee takes: every opponent's is a few
/// coins; sums of bets stay far from overflowing.
pub const MOST_BET: u64 = 1_000_000;

/// A state that breaks one of its rules' invariants, and which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsound(pub String);

impl fmt::Display for Unsound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsound {}

/// `Ok` when `holds`, else the reason `why` gives.
pub fn ensure(holds: bool, why: impl FnOnce() -> String) -> Result<(), Unsound> {
    if holds { Ok(()) } else { Err(Unsound(why())) }
}

/// Checks that every face of `roll` is one a die shows.
pub fn check_roll(what: &str, roll: &Roll) -> Result<(), Unsound> {
    check_faces(what, roll)
}

/// Checks a list of faces (a hold, kept dice): at most five, each 1..=6.
pub fn check_faces(what: &str, faces: &[u8]) -> Result<(), Unsound> {
    ensure(faces.len() <= DICE, || {
        format!("{what}: {} dice (at most {DICE})", faces.len())
    })?;
    match faces.iter().find(|&&f| !(1..=FACES as u8).contains(&f)) {
        Some(bad) => Err(Unsound(format!(
            "{what}: a face of {bad} (a die shows 1 to {FACES})"
        ))),
        None => Ok(()),
    }
}

/// Checks that `numbers` gives each of the five dice one number.
pub fn check_numbers(what: &str, numbers: &[usize; DICE]) -> Result<(), Unsound> {
    let mut seen = [false; DICE];
    for &slot in numbers {
        ensure(slot < DICE && !seen[slot], || {
            format!("{what}: the dice's numbers {numbers:?} are not one each")
        })?;
        seen[slot] = true;
    }
    Ok(())
}

/// The sum of `parts`, or why it does not fit in a count of coins.
pub fn sum(what: &str, parts: impl IntoIterator<Item = u64>) -> Result<u64, Unsound> {
    parts
        .into_iter()
        .try_fold(0u64, u64::checked_add)
        .ok_or_else(|| Unsound(format!("{what}: more coins than can be counted")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_numbers_and_sums_are_checked() {
        assert!(check_roll("roll", &[1, 2, 3, 4, 6]).is_ok());
        assert!(
            check_roll("roll", &[0, 2, 3, 4, 6])
                .unwrap_err()
                .0
                .contains("a face of 0")
        );
        assert!(check_roll("roll", &[7, 2, 3, 4, 6]).is_err());
        assert!(check_faces("kept", &[1, 1, 1, 1, 1, 1]).is_err());
        assert!(check_numbers("numbers", &[4, 3, 2, 1, 0]).is_ok());
        assert!(check_numbers("numbers", &[0, 0, 2, 3, 4]).is_err());
        assert!(check_numbers("numbers", &[0, 1, 2, 3, 9]).is_err());
        assert_eq!(sum("pot", [1, 2, 3]), Ok(6));
        assert!(sum("pot", [u64::MAX, 1]).is_err());
    }
}
