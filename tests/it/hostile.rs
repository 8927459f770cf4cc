//! Peers and paths that try what the protocol does not allow: a line put in
//! the clear after the key exchange, and more wrong codes at a table than
//! the README allows.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::thread;

use dice_poker::net::{NetError, host, join};
use dice_poker::rules::protocol::to_line;

use crate::net::{CODE, welcome};

/// A path between a guest and a host that hands on every line but the
/// host's `nth` (from 0), which it swaps for `instead`. Returns the address
/// the guest dials.
fn tampering_path(
    host_at: std::net::SocketAddr,
    nth: usize,
    instead: String,
) -> std::net::SocketAddr {
    let path = TcpListener::bind("127.0.0.1:0").unwrap();
    let at = path.local_addr().unwrap();
    thread::spawn(move || {
        let (guest, _) = path.accept().unwrap();
        let host = TcpStream::connect(host_at).unwrap();
        let (mut to_host, mut from_guest) = (host.try_clone().unwrap(), guest.try_clone().unwrap());
        thread::spawn(move || {
            let _ = std::io::copy(&mut from_guest, &mut to_host);
        });
        let mut to_guest = guest;
        for (n, line) in BufReader::new(host).lines().enumerate() {
            let Ok(line) = line else { return };
            let line = if n == nth {
                instead.clone()
            } else {
                line + "\n"
            };
            if to_guest.write_all(line.as_bytes()).is_err() {
                return;
            }
        }
    });
    at
}

/// A host on a fresh port seating a guest in each of `guests` on [`CODE`],
/// then playing seat 0 with the normal mind, each guest having `turn` for
/// a move; the address to join and the host's thread.
fn hosting_table(
    terms: dice_poker::rules::netplay::table::TableTerms,
    guests: &'static [usize],
    turn: std::time::Duration,
) -> (
    std::net::SocketAddr,
    thread::JoinHandle<Result<dice_poker::net::table::Departures, NetError>>,
) {
    use dice_poker::net::table::{Meet, host_table_within, seat_guests};
    use dice_poker::rules::duel::Opponent;
    use dice_poker::rules::netplay::table::NetReferee;
    use dice_poker::rules::netplay::table::TableSession;
    use rand::{Rng, SeedableRng};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || {
        let links = seat_guests(&Meet::Listen(listener), CODE, (&terms, guests), |_| {})?;
        let mut session = TableSession::new(0, terms).unwrap();
        let mind = Opponent::find("normal").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(terms.match_id);
        let mut entropy = rand_chacha::ChaCha8Rng::seed_from_u64(terms.match_id + 1);
        let decide = |table: &dice_poker::rules::table::TableMatch, seat| {
            Some(table.mind_move(mind, seat, &mut rng))
        };
        host_table_within(
            links,
            &mut session,
            (decide, || entropy.random(), |_| true),
            turn,
        )
    });
    (addr, hosting)
}

#[test]
fn a_line_in_the_clear_after_the_key_exchange_is_a_tampering() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let host_at = listener.local_addr().unwrap();
    let hosting = thread::spawn(move || host(&listener, CODE, &welcome()));
    // The host's first line is its half of the exchange, its second the
    // sealed welcome: the path puts forged terms there in the clear.
    let forged = dice_poker::rules::netplay::table::TableTerms::duel(3, (1000, 10), 99).welcome(1);
    let at = tampering_path(host_at, 1, to_line(&forged));
    let error = join(at, CODE).err();
    assert!(matches!(error, Some(NetError::Forged)), "{error:?}");
    let _ = hosting.join();
}

#[test]
fn a_table_answers_five_wrong_codes_in_all_not_five_a_seat() {
    use dice_poker::net::MAX_WRONG_CODES;
    use dice_poker::net::table::{Meet, seat_guests};
    use dice_poker::rules::netplay::table::TableTerms;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let terms = TableTerms::new(9, (5, 5), 1, 3);
    let seating = thread::spawn(move || {
        seat_guests(&Meet::Listen(listener), CODE, (&terms, &[1, 2]), |_| {}).map(|l| l.len())
    });
    let wrong = || {
        let refused = join(addr, "AAAA-AAAA").err();
        assert!(matches!(refused, Some(NetError::Refused(_))), "{refused:?}");
    };
    wrong();
    wrong();
    let (_seat_1, _) = join(addr, CODE).expect("the first guest is seated");
    for _ in 2..MAX_WRONG_CODES {
        wrong();
    }
    // The fifth wrong code in all (the third while seat 2 waits): the
    // table stops seating instead of answering five more.
    let seated = seating.join().unwrap();
    assert!(
        matches!(seated, Err(NetError::TooManyWrongCodes)),
        "{seated:?}"
    );
}

#[test]
fn a_table_host_whose_guests_all_leave_stops_and_says_why() {
    use dice_poker::rules::netplay::table::TableTerms;
    let terms = TableTerms::new(11, (5, 5), 99, 3);
    let (addr, hosting) = hosting_table(terms, &[1, 2], dice_poker::net::TURN_DEADLINE);
    // Both guests sit down and go away (their links end).
    let first = join(addr, CODE).expect("seat 2");
    let second = join(addr, CODE).expect("seat 3");
    drop((first, second));
    let ended = hosting.join().unwrap();
    assert!(matches!(ended, Err(NetError::Deserted)), "{ended:?}");
    assert!(
        NetError::Deserted
            .to_string()
            .contains("every guest has left")
    );
}

#[test]
fn a_guest_that_never_moves_at_a_table_folds_and_leaves_at_the_deadline() {
    use dice_poker::net::table::join_table;
    use dice_poker::rules::netplay::table::{TableSession, TableTerms};
    use rand::{Rng, SeedableRng};
    use std::time::{Duration, Instant};
    const LIMIT: Duration = Duration::from_secs(2);
    let terms = TableTerms::new(12, (5, 5), 1, 2);
    let (addr, hosting) = hosting_table(terms, &[1], LIMIT);
    // The guest deals its part of every throw and beats its heart, but its
    // player never decides.
    let (link, _) = join(addr, CODE).expect("seated");
    let mut session = TableSession::new(1, terms).unwrap();
    let mut entropy = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let began = Instant::now();
    let guest = join_table(
        (link, true),
        &mut session,
        |_, _| None,
        || entropy.random(),
        |_| true,
    );
    let waited = began.elapsed();
    let report = hosting.join().unwrap().expect("the table ends");
    assert_eq!(report.left.len(), 1, "{report:?}");
    let (seat, why) = &report.left[0];
    assert_eq!((*seat, why.as_str()), (1, "did not move within 2 s"));
    assert!(
        matches!(guest, Err(NetError::Removed)),
        "the guest is told: {guest:?}"
    );
    // Not before its time, and for the move, not for silence.
    assert!(
        waited >= LIMIT && waited < dice_poker::net::GONE_AFTER,
        "{waited:?}"
    );
}

#[test]
fn a_duel_host_that_stalls_its_deal_or_its_move_forfeits_heartbeats_or_not() {
    use dice_poker::net::table::join_table_within;
    use dice_poker::rules::netplay::table::{DuelSession, TableTerms};
    use dice_poker::rules::protocol::{Message, TablePlay};
    use std::time::{Duration, Instant};
    const DEAL: Duration = Duration::from_millis(400);
    const TURN: Duration = Duration::from_millis(1200);
    let terms = TableTerms::duel(21, (10, 10), 1);
    for stall_deal in [true, false] {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        // A host that throws and then never sends the commitments (or never
        // throws at all), beating its heart all the while.
        let hosting = thread::spawn(move || {
            let mut link = host(&listener, CODE, &terms.welcome(1)).unwrap();
            if stall_deal {
                let play = TablePlay::Throw;
                let moved = Message::Moved {
                    turn: 0,
                    seat: 0,
                    play,
                };
                link.send(&moved).unwrap();
            }
            while link.send(&Message::Heartbeat).is_ok() {
                thread::sleep(Duration::from_millis(100));
            }
        });
        let (link, _) = join(addr, CODE).expect("welcomed");
        let mut session = DuelSession::new(1, terms).unwrap();
        let began = Instant::now();
        let ended = join_table_within(
            (link, true),
            &mut session,
            (|_: &_, _| None, || [5; 32], |_: &_| true),
            (DEAL, TURN),
        );
        let waited = began.elapsed();
        if stall_deal {
            assert!(matches!(ended, Err(NetError::DealTooSlow)), "{ended:?}");
            assert!(waited >= DEAL && waited < TURN, "{waited:?}");
        } else {
            assert!(matches!(ended, Err(NetError::TurnTooSlow)), "{ended:?}");
            assert!(waited >= TURN, "{waited:?}");
        }
        let _ = hosting.join();
    }
}
