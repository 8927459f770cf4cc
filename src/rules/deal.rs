//! Dealt dice: faces that neither player can choose or foresee, and that
//! both compute alike. For every throw each side commits to a fresh random
//! 32-byte nonce by sending its blake3 hash, then both reveal; a reveal that
//! does not hash to its commitment is caught. The faces come from a ChaCha
//! generator seeded with the hash of (match, round, throw number, both
//! nonces), so no one knows them before both nonces are out. The daily
//! challenge deals from its date the same way, for everyone.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hand::FACES;

/// A side's secret for one throw.
pub type Nonce = [u8; 32];
/// What a side sends first: the hash of its nonce.
pub type Commitment = [u8; 32];

/// Tells the deal's hash apart from any other use of blake3.
const DEAL_CONTEXT: &str = "dice-poker 2026-12 dealt dice";
/// The same for the daily challenge.
const DAILY_CONTEXT: &str = "dice-poker 2026-12 daily challenge";

/// A revealed nonce that is not the one committed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cheated;

impl fmt::Display for Cheated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the peer cheated: its reveal does not match its commitment")
    }
}

impl std::error::Error for Cheated {}

/// The commitment to `nonce`.
pub fn commit(nonce: &Nonce) -> Commitment {
    *blake3::hash(nonce).as_bytes()
}

/// Checks a reveal against its commitment (in constant time).
pub fn check_reveal(commitment: &Commitment, nonce: &Nonce) -> Result<(), Cheated> {
    if blake3::Hash::from_bytes(*commitment) == blake3::hash(nonce) {
        Ok(())
    } else {
        Err(Cheated)
    }
}

/// Which throw a deal is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThrowId {
    /// The match, agreed when it starts.
    pub match_id: u64,
    /// The round within the match, from 1.
    pub round: u32,
    /// The throw within the round, from 1, across both sides.
    pub throw: u32,
}

/// `count` faces (1 to 6) for this throw from the host's and the guest's
/// nonces, in that order. Either side computes the same faces.
pub fn deal(id: ThrowId, host: &Nonce, guest: &Nonce, count: usize) -> Vec<u8> {
    deal_among(id, &[*host, *guest], count)
}

/// `count` faces for this throw from every dealing seat's nonce, in seat
/// order: what a table of any size deals (two seats deal as [`deal`]).
pub fn deal_among(id: ThrowId, nonces: &[Nonce], count: usize) -> Vec<u8> {
    let mut hasher = blake3::Hasher::new_derive_key(DEAL_CONTEXT);
    hasher.update(&id.match_id.to_le_bytes());
    hasher.update(&id.round.to_le_bytes());
    hasher.update(&id.throw.to_le_bytes());
    for nonce in nonces {
        hasher.update(nonce);
    }
    faces_from(*hasher.finalize().as_bytes(), count)
}

/// `count` faces for throw `throw` of game `game` of the daily challenge of
/// `date` (`YYYY-MM-DD`): the same on every machine.
pub fn deal_daily(date: &str, game: u32, throw: u32, count: usize) -> Vec<u8> {
    let mut hasher = blake3::Hasher::new_derive_key(DAILY_CONTEXT);
    hasher.update(date.as_bytes());
    hasher.update(&game.to_le_bytes());
    hasher.update(&throw.to_le_bytes());
    faces_from(*hasher.finalize().as_bytes(), count)
}

/// Faces from a 32-byte seed.
fn faces_from(seed: [u8; 32], count: usize) -> Vec<u8> {
    let mut rng = ChaCha8Rng::from_seed(seed);
    (0..count)
        .map(|_| rng.random_range(1..=FACES as u8))
        .collect()
}
