//! A match of machines over the network, a table's or a duel's. The host seats its guests one by
//! one on the same join code (five wrong codes in all, whatever the seats)
//! and keeps those seated alive with heartbeats while it waits for the
//! rest; then it runs the table: a reader thread per guest, every
//! line to and from the session ([`MatchSession`]), and a guest whose link
//! ends, who goes silent or misses a deal's deadline leaves the table (it
//! folds and the rest play on). A guest runs its side over its one link.

use std::net::TcpListener;
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::thread;
use std::time::{Duration, Instant};

use super::guesses::Guesses;
use super::handshake::{host_counting, host_relayed_counting};
use super::{DEAL_DEADLINE, GONE_AFTER, HEARTBEAT, Link, NetError, TURN_DEADLINE};

mod guest;

use crate::rules::deal::Nonce;
use crate::rules::netplay::Decision;
use crate::rules::netplay::Ended;
use crate::rules::netplay::table::{MatchSession, NetReferee, TableTerms};
use crate::rules::protocol::{MatchFormat, Message, ProtocolError};
use crate::rules::table::TableStep;
pub use guest::{join_table, join_table_within};

/// How often the host looks at its guests' lines when nothing else comes.
const POLL: Duration = Duration::from_millis(20);

/// Where a host meets its guests.
pub enum Meet {
    /// On this listening port.
    Listen(TcpListener),
    /// On this transit relay (`HOST:PORT`).
    Relay(String),
}

/// Seats a guest with `code` in each of the `guests` seats of `terms`, in
/// order, heartbeating those already seated while it waits and telling
/// `seated` of each; each seat with its link.
pub fn seat_guests(
    meet: &Meet,
    code: &str,
    (terms, guests): (&TableTerms, &[usize]),
    mut seated: impl FnMut(usize),
) -> Result<Vec<(usize, Link)>, NetError> {
    let mut links: Vec<(usize, Link)> = Vec::new();
    // Five wrong codes in all at a table, not five a seat.
    let guesses = std::sync::Arc::new(Guesses::default());
    for &seat in guests {
        let guesses = guesses.clone();
        let welcome = terms.welcome(seat);
        let code = code.to_owned();
        let (found, answer) = channel();
        match meet {
            Meet::Listen(listener) => {
                let listener = listener.try_clone()?;
                thread::spawn(move || {
                    let _ = found.send(host_counting(&listener, &code, &welcome, &guesses));
                });
            }
            Meet::Relay(relay) => {
                let relay = relay.clone();
                thread::spawn(move || {
                    let _ = found.send(host_relayed_counting(&relay, &code, &welcome, &guesses));
                });
            }
        }
        let link = loop {
            match answer.recv_timeout(HEARTBEAT) {
                Ok(link) => break link?,
                Err(RecvTimeoutError::Timeout) => {
                    // A guest gone meanwhile is found once the table plays.
                    for (_, seated) in &mut links {
                        let _ = seated.send(&Message::Heartbeat);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(NetError::Closed),
            }
        };
        links.push((seat, link));
        seated(seat);
    }
    Ok(links)
}

/// What the host's side of a table did with each guest, for its report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Departures {
    /// Each guest seat that left, and why.
    pub left: Vec<(usize, String)>,
}

/// The host's links to its guests, by seat (none for seat 0 or a seat
/// gone), and what it watches of each.
struct Guests {
    writers: Vec<Option<Link>>,
    /// When each seat was last heard.
    heard: Vec<Instant>,
    /// The seats a deal waits on, and since when.
    owed: Option<(Vec<usize>, Instant)>,
    /// The guest seat whose move the table waits for, the count of events
    /// when it began to wait (a move adds one), and since when.
    waiting: Option<(usize, usize, Instant)>,
    /// How long a guest has for its move ([`TURN_DEADLINE`]).
    turn_limit: Duration,
    /// When the last heartbeat went out.
    beat: Instant,
    report: Departures,
    /// Why the last guest to leave left.
    cause: Option<NetError>,
}

impl Guests {
    /// Takes the links by seat at a table of `seats` and starts a reader
    /// thread for each, all feeding `input` with their seat.
    fn listen(
        seats: usize,
        links: Vec<(usize, Link)>,
        input: &Sender<(usize, Result<Message, NetError>)>,
    ) -> Result<Guests, NetError> {
        let mut writers: Vec<Option<Link>> = (0..seats).map(|_| None).collect();
        for (seat, mut link) in links {
            let mut reader = link.reader_half()?;
            let input = input.clone();
            thread::spawn(move || {
                loop {
                    let line = reader.receive();
                    let stop = !matches!(line, Ok(_) | Err(NetError::Timeout));
                    if input.send((seat, line)).is_err() || stop {
                        return;
                    }
                }
            });
            writers[seat] = Some(link);
        }
        Ok(Guests {
            heard: vec![Instant::now(); writers.len()],
            writers,
            owed: None,
            waiting: None,
            turn_limit: TURN_DEADLINE,
            beat: Instant::now(),
            report: Departures::default(),
            cause: None,
        })
    }

    /// `seat` leaves (`why`, for the report, and its `cause`): its link
    /// closes and the table plays on without it.
    fn gone<R: NetReferee>(
        &mut self,
        session: &mut MatchSession<R>,
        seat: usize,
        (why, cause): (String, NetError),
    ) {
        if let Some(mut link) = self.writers[seat].take() {
            // Told first (if it still hears), so it knows that what it put
            // in stays in the pot.
            let _ = link.send(&Message::Left {
                turn: session.turn(),
                seat,
            });
            link.shutdown();
            session.seat_left(seat);
            self.report.left.push((seat, why));
            self.cause = Some(cause);
        }
    }

    /// Sends what the session has to send; a guest that cannot be reached leaves.
    fn send_out<R: NetReferee>(&mut self, session: &mut MatchSession<R>) {
        while let Some((to, message)) = session.outgoing() {
            let sent = self.writers[to].as_mut().map(|link| link.send(&message));
            if let Some(Err(e)) = sent {
                self.gone(session, to, (e.to_string(), e));
            }
        }
    }

    /// A guest's line, or what ended its link.
    fn take<R: NetReferee>(
        &mut self,
        session: &mut MatchSession<R>,
        seat: usize,
        line: Result<Message, NetError>,
    ) {
        match line {
            Err(NetError::Timeout) => {}
            Ok(Message::Refused { reason }) => {
                self.gone(
                    session,
                    seat,
                    (reason.clone(), NetError::PeerRefused(reason)),
                );
            }
            Ok(message) => {
                self.heard[seat] = Instant::now();
                if let Err(fault) = session.from_guest(seat, &message) {
                    let cause = match &fault {
                        Ended::Cheated => NetError::Cheated,
                        Ended::Forfeit(why) => {
                            NetError::Protocol(ProtocolError::Illegal(why.clone()))
                        }
                    };
                    self.gone(session, seat, (fault.to_string(), cause));
                }
            }
            Err(e) => self.gone(session, seat, (e.to_string(), e)),
        }
    }

    /// A guest that has not moved within the time a turn has (heartbeats
    /// and refused moves do not count) folds and leaves.
    fn watch_turn<R: NetReferee>(&mut self, session: &mut MatchSession<R>) {
        let step = session.table().turn();
        let mover = match step {
            TableStep::Throw(s) | TableStep::Bet(s) | TableStep::Reroll(s) => Some(s),
            _ => None,
        }
        .filter(|&s| self.writers.get(s).is_some_and(Option::is_some));
        let moves = session.events.len();
        self.waiting = match (self.waiting.take(), mover) {
            (Some((seat, at, since)), Some(now)) if (seat, at) == (now, moves) => {
                if since.elapsed() < self.turn_limit {
                    Some((seat, at, since))
                } else {
                    let why = format!("did not move within {} s", self.turn_limit.as_secs());
                    self.gone(session, seat, (why, NetError::TurnTooSlow));
                    None
                }
            }
            (_, Some(now)) => Some((now, moves, Instant::now())),
            (_, None) => None,
        };
    }

    /// The clocks: a guest silent too long, or too slow with its part of a
    /// deal, leaves; the rest hear a heartbeat now and then.
    fn watch<R: NetReferee>(&mut self, session: &mut MatchSession<R>) {
        for seat in 1..self.writers.len() {
            if self.writers[seat].is_some() && self.heard[seat].elapsed() >= GONE_AFTER {
                self.gone(session, seat, (NetError::Gone.to_string(), NetError::Gone));
            }
        }
        let owing = session.owing();
        self.owed = match self.owed.take() {
            Some((seats, since)) if seats == owing && since.elapsed() >= DEAL_DEADLINE => {
                for seat in seats {
                    let why = NetError::DealTooSlow.to_string();
                    self.gone(session, seat, (why, NetError::DealTooSlow));
                }
                None
            }
            Some((seats, since)) if seats == owing => Some((seats, since)),
            _ => (!owing.is_empty()).then(|| (owing, Instant::now())),
        };
        self.watch_turn(session);
        if self.beat.elapsed() >= HEARTBEAT {
            for link in self.writers.iter_mut().flatten() {
                let _ = link.send(&Message::Heartbeat);
            }
            self.beat = Instant::now();
        }
    }
}

/// Runs the host's side of a table over `links` (each guest's, by seat) until
/// every match is decided: `decide` plays seat 0, `shown` is told after
/// each pass so the transcript can grow as it happens (and says whether to
/// go on: a game that has gone ends the table, closing every link).
pub fn host_table<R: NetReferee>(
    links: Vec<(usize, Link)>,
    session: &mut MatchSession<R>,
    decide: impl FnMut(&R, usize) -> Option<Decision>,
    nonce: impl FnMut() -> Nonce,
    shown: impl FnMut(&MatchSession<R>) -> bool,
) -> Result<Departures, NetError> {
    host_table_within(links, session, (decide, nonce, shown), TURN_DEADLINE)
}

/// [`host_table`] with another time a guest has for its move (the tests
/// use short ones).
pub fn host_table_within<R: NetReferee>(
    links: Vec<(usize, Link)>,
    session: &mut MatchSession<R>,
    (mut decide, mut nonce, mut shown): (
        impl FnMut(&R, usize) -> Option<Decision>,
        impl FnMut() -> Nonce,
        impl FnMut(&MatchSession<R>) -> bool,
    ),
    turn_limit: Duration,
) -> Result<Departures, NetError> {
    let (input, lines) = channel::<(usize, Result<Message, NetError>)>();
    let mut guests = Guests::listen(session.terms().seats, links, &input)?;
    guests.turn_limit = turn_limit;
    let result = loop {
        if let Err(e) = session.advance(&mut decide, &mut nonce) {
            break Err(NetError::PeerRefused(e.to_string()));
        }
        guests.send_out(session);
        if !shown(session) {
            break Err(NetError::Closed);
        }
        if session.finished() {
            break Ok(());
        }
        // Alone at the table, the host would only deal itself the rest; a
        // duel's one guest gone ends it for the reason it went.
        if guests.writers.iter().all(Option::is_none) {
            let duel = session.terms().format == MatchFormat::Duel;
            let cause = guests.cause.take().filter(|_| duel);
            break Err(cause.unwrap_or(NetError::Deserted));
        }
        match lines.recv_timeout(POLL) {
            Ok((seat, line)) => guests.take(session, seat, line),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break Err(NetError::Closed),
        }
        guests.watch(session);
    };
    for link in guests.writers.iter().flatten() {
        link.shutdown();
    }
    result.map(|()| guests.report)
}
