//! A table of machines' terms and a guest's checks: a guest takes only what
//! a host may say, and a welcome offers only terms this game plays for.

use crate::rules::netplay::table::{TableEnded, TableSession, TableTerms};
use crate::rules::protocol::{MatchFormat, Message, TablePlay};

#[test]
fn a_guest_checks_the_hosts_lists_and_moves() {
    let terms = TableTerms::new(1, (5, 5), 1, 3);
    let mut guest = TableSession::new(1, terms).unwrap();
    // A move by nobody, a change out of order, a seat 0 that leaves.
    let moved = |turn, seat| Message::Moved {
        turn,
        seat,
        play: TablePlay::Throw,
    };
    assert!(matches!(
        guest.from_host(&moved(0, 5)),
        Err(TableEnded::HostBroke(_))
    ));
    assert!(matches!(
        guest.from_host(&moved(3, 0)),
        Err(TableEnded::HostBroke(_))
    ));
    assert!(
        guest
            .from_host(&Message::Left { turn: 0, seat: 0 })
            .is_err()
    );
    assert_eq!(
        guest.from_host(&Message::Left { turn: 0, seat: 1 }),
        Err(TableEnded::Removed)
    );
    // The host throws: the guest commits, and a list without its commitment is refused.
    guest.from_host(&moved(0, 0)).unwrap();
    guest.advance(|_, _| None, || [7; 32]).unwrap();
    let Some((0, Message::Commit { turn, .. })) = guest.outgoing() else {
        panic!("a commitment first");
    };
    let other = crate::rules::protocol::to_hex(&crate::rules::deal::commit(&[9; 32]));
    let list = vec![Some(other.clone()), Some(other.clone()), Some(other)];
    assert!(
        guest
            .from_host(&Message::Commits {
                turn,
                commitments: list
            })
            .is_err()
    );
}

#[test]
fn a_table_welcome_offers_only_terms_this_game_plays_for() {
    let terms = TableTerms::new(9, (10, 10), 3, 4);
    let (read, seat) = TableTerms::of_welcome(&terms.welcome(3)).unwrap();
    assert_eq!((read, seat), (terms, 3));
    let duel = TableTerms::duel(9, (10, 10), 3);
    assert_eq!(TableTerms::of_welcome(&duel.welcome(1)).unwrap(), (duel, 1));
    // Ante, stack, this seat, seats, format.
    let welcome = |(ante, stack): (u64, u64), seat, seats, format| Message::Welcome {
        match_id: 1,
        ante,
        raise: 10,
        matches: 1,
        stack,
        seat,
        seats,
        format,
    };
    let table = MatchFormat::Table;
    for bad in [
        welcome((10, 200), 0, 3, table),
        welcome((10, 200), 3, 3, table),
        welcome((10, 200), 1, 5, table),
        welcome((10, 5), 1, 3, table),
        welcome((10, 9_999), 1, 3, table),
        welcome((0, 0), 1, 3, table),
        welcome((10, 200), 1, 3, MatchFormat::Duel),
        Message::Heartbeat,
    ] {
        assert!(TableTerms::of_welcome(&bad).is_err(), "{bad:?}");
    }
}
