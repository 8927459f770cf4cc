//! Dealt dice: commitments catch a changed reveal, both sides deal the same
//! faces, every input matters, and the faces are fair.

use crate::rules::deal::{Cheated, ThrowId, check_reveal, commit, deal, deal_among, deal_daily};
use crate::stats::{chi_square_p_value, chi_square_uniform};

const THROW: ThrowId = ThrowId {
    match_id: 7,
    round: 1,
    throw: 1,
};

#[test]
fn a_reveal_must_match_its_commitment() {
    let nonce = [42u8; 32];
    let sent = commit(&nonce);
    assert_eq!(check_reveal(&sent, &nonce), Ok(()));
    let mut other = nonce;
    other[31] ^= 1;
    assert_eq!(check_reveal(&sent, &other), Err(Cheated));
    let mut forged = sent;
    forged[0] ^= 0x80;
    assert_eq!(check_reveal(&forged, &nonce), Err(Cheated));
    assert_ne!(
        commit(&nonce),
        commit(&other),
        "a commitment hides nothing alike"
    );
}

#[test]
fn both_sides_deal_the_same_faces_and_every_input_changes_them() {
    let (host, guest) = ([1u8; 32], [2u8; 32]);
    let faces = deal(THROW, &host, &guest, 5);
    assert_eq!(
        faces,
        deal(THROW, &host, &guest, 5),
        "the same on both machines"
    );
    assert!(faces.iter().all(|f| (1..=6).contains(f)));
    // A reroll of fewer dice takes the same stream's start.
    assert_eq!(deal(THROW, &host, &guest, 3), faces[..3]);
    let changed = |id: ThrowId, h: &[u8; 32], g: &[u8; 32]| deal(id, h, g, 20);
    let base = changed(THROW, &host, &guest);
    for other in [
        changed(
            ThrowId {
                match_id: 8,
                ..THROW
            },
            &host,
            &guest,
        ),
        changed(ThrowId { round: 2, ..THROW }, &host, &guest),
        changed(ThrowId { throw: 2, ..THROW }, &host, &guest),
        changed(THROW, &[3u8; 32], &guest),
        changed(THROW, &host, &[3u8; 32]),
        changed(THROW, &guest, &host),
    ] {
        assert_ne!(other, base);
    }
}

#[test]
fn a_table_deals_from_every_seats_nonce_in_seat_order() {
    let nonces = [[1u8; 32], [2u8; 32], [3u8; 32], [4u8; 32]];
    // Two seats deal as a duel does.
    assert_eq!(
        deal_among(THROW, &nonces[..2], 20),
        deal(THROW, &nonces[0], &nonces[1], 20)
    );
    let base = deal_among(THROW, &nonces, 20);
    for seat in 0..nonces.len() {
        let mut changed = nonces;
        changed[seat][0] ^= 1;
        assert_ne!(
            deal_among(THROW, &changed, 20),
            base,
            "seat {seat}'s nonce counts"
        );
    }
    let mut swapped = nonces;
    swapped.swap(1, 3);
    assert_ne!(deal_among(THROW, &swapped, 20), base, "seat order counts");
    assert_ne!(
        deal_among(THROW, &nonces[..3], 20),
        base,
        "a seat gone counts"
    );
}

#[test]
fn six_thousand_dealt_dice_are_fair() {
    let mut counts = [0u64; 6];
    for throw in 0..1_200u32 {
        let nonce = commit(&[throw as u8; 32]);
        let id = ThrowId { throw, ..THROW };
        for f in deal(id, &nonce, &[9u8; 32], 5) {
            counts[usize::from(f - 1)] += 1;
        }
    }
    assert_eq!(counts.iter().sum::<u64>(), 6_000);
    let p = chi_square_p_value(chi_square_uniform(&counts), 5);
    assert!(p > 0.001, "{counts:?}: p = {p}");
}

#[test]
fn the_daily_deal_is_one_per_date_and_game() {
    let day = deal_daily("2026-12-01", 1, 1, 5);
    assert_eq!(day, deal_daily("2026-12-01", 1, 1, 5));
    assert_ne!(day, deal_daily("2026-12-02", 1, 1, 5));
    assert_ne!(
        deal_daily("2026-12-01", 1, 1, 20),
        deal_daily("2026-12-01", 2, 1, 20)
    );
}
