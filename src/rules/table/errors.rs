//! What the referee says when a move or a table is refused.

use super::{MAX_SEATS, MIN_SEATS};

pub use crate::rules::turn::Illegal;

/// Why a table cannot be laid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayError {
    /// Fewer than [`MIN_SEATS`] or more than [`MAX_SEATS`].
    Seats(usize),
    /// A seat cannot pay the first ante.
    Short(usize),
}

impl std::fmt::Display for LayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayError::Seats(n) => write!(f, "{n} seats: a table seats {MIN_SEATS} to {MAX_SEATS}"),
            LayError::Short(s) => write!(f, "seat {} cannot pay the ante", s + 1),
        }
    }
}

impl std::error::Error for LayError {}
