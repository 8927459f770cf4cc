//! The guesses at a join code a host answers: counted as each key exchange
//! starts, so however many connections arrive at once, no more than
//! [`MAX_WRONG_CODES`] wrong codes are ever answered.

use super::MAX_WRONG_CODES;

/// Guesses at the join code a host has answered, counted as each starts:
/// the host's half of the key exchange is what a guess needs, so it is
/// counted before it is sent, however many connections arrive at once. A
/// right guess is given back once its guest is in, so one count serves a
/// whole table: [`MAX_WRONG_CODES`] wrong codes in all, however many seats.
#[derive(Default)]
pub struct Guesses(std::sync::Mutex<Count>);

/// What [`Guesses`] has counted.
#[derive(Default)]
struct Count {
    /// Key exchanges answered.
    taken: u32,
    /// Of those, the right code's.
    right: u32,
    /// Of those, ones that came to nothing after the host's half.
    wrong: u32,
}

impl Guesses {
    fn count(&self) -> std::sync::MutexGuard<'_, Count> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes one guess; false once [`MAX_WRONG_CODES`] are out that were
    /// not the right code.
    pub(super) fn take(&self) -> bool {
        let mut count = self.count();
        let free = count.taken - count.right < MAX_WRONG_CODES;
        count.taken += u32::from(free);
        free
    }

    /// A guess was the right code: it is given back.
    pub(super) fn right(&self) {
        self.count().right += 1;
    }

    /// A guess came to nothing; true once [`MAX_WRONG_CODES`] have.
    pub(super) fn wrong(&self) -> bool {
        let mut count = self.count();
        count.wrong += 1;
        count.wrong >= MAX_WRONG_CODES
    }
}
