//! The round-trip time of a sealed line between two machines' links on
//! localhost: direct, and through a transit relay when one is given.
//!
//! `cargo bench --bench net` measures a direct connection; with
//! `DICE_POKER_RELAY=HOST:PORT` (a running `transit-relay`) also the same
//! through it. Each round trip is one move sent, opened, answered and opened.

use std::net::TcpListener;
use std::thread;
use std::time::{Duration, Instant};

use dice_poker::net::{Link, host, host_relayed, join, join_relayed};
use dice_poker::rules::netplay::table::TableTerms;
use dice_poker::rules::protocol::{Message, TablePlay};

/// Round trips per measurement.
const TRIPS: u32 = 2_000;
/// The code both sides use.
const CODE: &str = "7KQ2-M9XD";

fn welcome() -> Message {
    TableTerms::duel(1, (10, 10), 1).welcome(1)
}

/// The host answers every line with the same line until the guest closes.
fn echo(mut host: Link) {
    while let Ok(message) = host.receive() {
        if host.send(&message).is_err() {
            return;
        }
    }
}

/// The mean time for the guest's move to come back.
fn round_trip(mut guest: Link) -> Duration {
    let start = Instant::now();
    let stand = Message::Play {
        turn: 1,
        play: TablePlay::Stand,
    };
    for _ in 0..TRIPS {
        guest.send(&stand).expect("sent");
        assert_eq!(guest.receive().expect("answered"), stand);
    }
    start.elapsed() / TRIPS
}

fn report(how: &str, trip: Duration) {
    println!(
        "round trip of a sealed move, {how}: {:.1} µs (mean of {TRIPS})",
        trip.as_secs_f64() * 1e6
    );
}

fn main() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = listener.local_addr().expect("its address");
    let hosting = thread::spawn(move || echo(host(&listener, CODE, &welcome()).expect("a guest")));
    let (guest, _) = join(addr, CODE).expect("welcomed");
    report("direct", round_trip(guest));
    hosting.join().expect("the host ended");

    if let Ok(relay) = std::env::var("DICE_POKER_RELAY") {
        let at = relay.clone();
        let hosting =
            thread::spawn(move || echo(host_relayed(&at, CODE, &welcome()).expect("a guest")));
        let (guest, _) = join_relayed(&relay, CODE).expect("welcomed on the relay");
        report(&format!("through the relay at {relay}"), round_trip(guest));
        hosting.join().expect("the host ended");
    }
}
