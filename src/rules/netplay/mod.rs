//! A match between machines, without the wire: the one session a duel and
//! a table play through ([`table::MatchSession`]: the host the hub, moves
//! numbered and judged by the same referee as a local player's, every
//! throw dealt from every seat's nonce), what a seat decides, and the rules
//! an agreed stake plays.

mod decision;
pub mod table;

pub use decision::{Decision, rules_for};
pub use table::Ended;

use super::hand::{DICE, Roll};

/// The roll after a dealt throw: the `held` slots keep their faces from
/// `old`, the free ones take the dealt `faces` in order.
pub(crate) fn land(held: [bool; DICE], old: Option<Roll>, faces: Vec<u8>) -> Roll {
    let old = old.unwrap_or([0; DICE]);
    let mut faces = faces.into_iter();
    std::array::from_fn(|slot| {
        if held[slot] {
            old[slot]
        } else {
            faces.next().unwrap_or(1)
        }
    })
}
