//! How two machines meet: a host listens (or waits on a transit relay) and
//! runs each connection's handshake on a thread of its own, welcomes the
//! first good guest and turns the rest away; a guest says hello and takes
//! the welcome only for terms it plays for. A handshake, within
//! [`READ_TIMEOUT`]: the guest's hello carries its key exchange over the join
//! code, the host answers with its own, the guest's first sealed line
//! (`confirm`) opens only if both used the same code, and from then on every
//! line is sealed. Also the addresses a host reads out.

use std::io;
use std::net::{IpAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::time::{Duration, Instant};

use crate::rules::protocol::{
    MatchFormat, Message, ProtocolError, bytes_of_hex, check_hello, hello, hex_of,
    is_older_hosts_refusal,
};

use crate::rules::netplay::table::TableTerms;

use super::guesses::Guesses;
use super::seal::{Exchange, Keys, Role};
use super::{Link, MAX_WRONG_CODES, NetError, READ_TIMEOUT, decode, relay};

/// How often a host that listens looks for a new connection and for the
/// handshakes under way.
const ACCEPT_POLL: Duration = Duration::from_millis(20);

/// What the host tells a guest it turns away.
fn refusal(e: &ProtocolError) -> String {
    match e {
        ProtocolError::Refused(why) => why.clone(),
        other => other.to_string(),
    }
}

/// What a handshake on its own thread found.
enum Handshake {
    /// The right code: the link, ready for the welcome.
    Good(Link),
    /// No guesses are left: the host stops.
    OutOfGuesses,
    /// A guess was answered and came to nothing: a wrong code, or a
    /// handshake spoiled or dropped after the host's half of the exchange
    /// (`last`: the last wrong one the host answers).
    Spent { last: bool },
    /// Anything before a guess: silence, a broken hello, a peer gone
    /// (each told why if it can hear).
    Failed,
}

/// Waits on `listener` for a guest with `code`, answers it with `welcome`,
/// and returns the link. Each connection's handshake runs on a thread of its
/// own, so no silent or trickling socket holds up the next; one that fails
/// is told why and closed, and the host goes on waiting; a guest gone by the
/// time of its welcome is forgotten. It answers at most [`MAX_WRONG_CODES`]
/// key exchanges in all, sent at once or one by one, the right one included
/// (a handshake spoiled on the way spends one too), then stops.
pub fn host(listener: &TcpListener, code: &str, welcome: &Message) -> Result<Link, NetError> {
    host_counting(listener, code, welcome, &std::sync::Arc::default())
}

/// [`host`], counting guesses in `guesses` (shared by a table's seats).
pub(super) fn host_counting(
    listener: &TcpListener,
    code: &str,
    welcome: &Message,
    guesses: &std::sync::Arc<Guesses>,
) -> Result<Link, NetError> {
    listener.set_nonblocking(true)?;
    let (found, handshakes) = std::sync::mpsc::channel::<Handshake>();
    let result = loop {
        match listener.accept() {
            Ok((stream, _)) => {
                let found = found.clone();
                let code = code.to_owned();
                let guesses = guesses.clone();
                std::thread::spawn(move || {
                    let _ = found.send(shake_hands(stream, &code, &guesses));
                });
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => break Err(e.into()),
        }
        match handshakes.recv_timeout(ACCEPT_POLL) {
            Ok(Handshake::Good(mut link)) => {
                if link.peer_left() || link.send(welcome).is_err() {
                    continue;
                }
                break Ok(link);
            }
            Ok(Handshake::OutOfGuesses | Handshake::Spent { last: true }) => {
                break Err(NetError::TooManyWrongCodes);
            }
            Ok(Handshake::Spent { last: false } | Handshake::Failed) | Err(_) => {}
        }
    };
    listener.set_nonblocking(false)?;
    result
}

/// One connection's handshake, sorted for the host.
fn shake_hands(stream: TcpStream, code: &str, guesses: &Guesses) -> Handshake {
    let mut guessed = false;
    match accept_counted(stream, code, guesses, &mut guessed) {
        Ok(link) => {
            guesses.right();
            Handshake::Good(link)
        }
        Err(NetError::TooManyWrongCodes) => Handshake::OutOfGuesses,
        Err(_) if guessed => Handshake::Spent {
            last: guesses.wrong(),
        },
        // Silence, a trickle, a broken hello, or gone before guessing.
        Err(_) => Handshake::Failed,
    }
}

/// The host's side of one handshake on `stream`, within [`READ_TIMEOUT`]:
/// the guest's hello checked, the key exchange over `code`, the guest's
/// sealed `confirm` opened. Returns the sealed link, ready for the welcome; a
/// guest that fails is told why in the clear and closed
/// ([`NetError::WrongCode`] when its code was not `code`).
pub fn accept_guest(stream: TcpStream, code: &str) -> Result<Link, NetError> {
    accept_counted(stream, code, &Guesses::default(), &mut false)
}

/// [`accept_guest`], taking the guess from `guesses` before the host's half
/// of the key exchange goes out (`guessed` says it was taken); none left:
/// the guest is told so and [`NetError::TooManyWrongCodes`] returned.
fn accept_counted(
    stream: TcpStream,
    code: &str,
    guesses: &Guesses,
    guessed: &mut bool,
) -> Result<Link, NetError> {
    // The listener's non-blocking mode is not the connection's.
    stream.set_nonblocking(false)?;
    let mut link = Link::new(stream)?;
    let by = Instant::now() + READ_TIMEOUT;
    let line = line_or_tell(&mut link, by)?;
    let theirs = match std::str::from_utf8(&line)
        .map_err(|_| ProtocolError::Malformed("not UTF-8".to_owned()))
        .and_then(check_hello)
    {
        Ok(theirs) => theirs,
        Err(e) => return Err(refuse(link, refusal(&e), NetError::Protocol(e))),
    };
    if !guesses.take() {
        let why = format!("the host has answered {MAX_WRONG_CODES} join codes and takes no more");
        return Err(refuse(link, why, NetError::TooManyWrongCodes));
    }
    *guessed = true;
    let (exchange, ours) = Exchange::start(Role::Host, code);
    let Ok(Keys { sealer, mut opener }) = exchange.finish(&theirs) else {
        let why = "the key exchange in the hello is broken".to_owned();
        let e = NetError::Protocol(ProtocolError::Malformed(why.clone()));
        return Err(refuse(link, why, e));
    };
    link.send(&Message::Pake {
        pake: hex_of(&ours),
    })?;
    let confirm = line_or_tell(&mut link, by)?;
    match opener.open(&confirm).map(|plain| decode(&plain)) {
        Ok(Ok(Message::Confirm)) => {
            link.seal_with(Keys { sealer, opener });
            Ok(link)
        }
        // Sealed under another key: the guest's code is not ours.
        Err(_) => Err(refuse(
            link,
            "wrong join code".to_owned(),
            NetError::WrongCode,
        )),
        Ok(_) => {
            let why = "the first sealed line must be a confirm".to_owned();
            let e = NetError::Protocol(ProtocolError::Malformed(why.clone()));
            Err(refuse(link, why, e))
        }
    }
}

/// The next line of a handshake by `by`; if it does not come whole in
/// time (silence, a trickle, a line over the cap), the other side is told
/// why before the link closes, as it would be mid-match.
fn line_or_tell(link: &mut Link, by: Instant) -> Result<Vec<u8>, NetError> {
    let line = link.line_by(by);
    if let Err(e) = &line
        && !matches!(e, NetError::Closed | NetError::Io(_))
    {
        let _ = link.send(&Message::Refused {
            reason: format!("the handshake was given up: {e}"),
        });
        link.shutdown();
    }
    line
}

/// Tells a guest in the clear why it is turned away (it may be gone
/// already: its loss), closes, and gives back `error`.
fn refuse(mut link: Link, reason: String, error: NetError) -> NetError {
    let _ = link.send(&Message::Refused { reason });
    link.shutdown();
    error
}

/// Waits on the transit relay at `relay` for a guest with `code`, answers it
/// with `welcome`, and returns the link. Each meeting is one handshake (one
/// guess at the code, counted as on a port); after one that fails the host
/// waits on the relay again, and after [`MAX_WRONG_CODES`] guesses it stops.
pub fn host_relayed(relay: &str, code: &str, welcome: &Message) -> Result<Link, NetError> {
    host_relayed_counting(relay, code, welcome, &Guesses::default())
}

/// [`host_relayed`], counting guesses in `guesses` (shared by a table's seats).
pub(super) fn host_relayed_counting(
    relay: &str,
    code: &str,
    welcome: &Message,
    guesses: &Guesses,
) -> Result<Link, NetError> {
    loop {
        let stream = relay::wait_as_host(relay, code)?;
        match shake_hands(stream, code, guesses) {
            Handshake::Good(mut link) => {
                if link.send(welcome).is_ok() {
                    return Ok(link);
                }
            }
            // One at a time: the last guess spent is the end.
            Handshake::OutOfGuesses | Handshake::Spent { last: true } => {
                return Err(NetError::TooManyWrongCodes);
            }
            Handshake::Spent { last: false } | Handshake::Failed => {}
        }
    }
}

/// This machine's addresses a friend on the same network (or beyond it, with
/// a port forwarded) can reach, as the system routes outward: found without
/// sending anything (a UDP socket only "connects" to a documentation
/// address). Empty when there is no route, as on a machine with no network.
pub fn lan_addresses() -> Vec<IpAddr> {
    let probes: [(&str, &str); 2] = [("0.0.0.0:0", "192.0.2.1:9"), ("[::]:0", "[2001:db8::1]:9")];
    let mut found = Vec::new();
    for (bind, toward) in probes {
        let Ok(socket) = UdpSocket::bind(bind) else {
            continue;
        };
        if socket.connect(toward).is_err() {
            continue;
        }
        if let Ok(local) = socket.local_addr() {
            let ip = local.ip();
            if !ip.is_loopback() && !ip.is_unspecified() && !found.contains(&ip) {
                found.push(ip);
            }
        }
    }
    found
}

/// Turns away every later connection on `listener`, saying its match is
/// full: a duel's host takes one guest, a table's as many as it seats.
/// Runs until the process ends.
pub fn refuse_others(listener: TcpListener, format: MatchFormat) {
    refuse_saying(
        listener,
        match format {
            MatchFormat::Duel => "a match is under way: this host takes one guest",
            MatchFormat::Table => "the table is full",
        },
    );
}

/// Turns away every later connection on `listener` with `reason`.
pub fn refuse_saying(listener: TcpListener, reason: &'static str) {
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Ok(mut link) = Link::new(stream) {
                let _ = link.send(&Message::Refused {
                    reason: reason.to_owned(),
                });
            }
        }
    });
}

/// Connects to a host with `code`; returns the link and the host's welcome.
pub fn join(address: impl ToSocketAddrs, code: &str) -> Result<(Link, Message), NetError> {
    let addr = address
        .to_socket_addrs()?
        .next()
        .ok_or_else(|| NetError::Io(io::Error::other("no address")))?;
    let stream = TcpStream::connect_timeout(&addr, READ_TIMEOUT)?;
    join_over(stream, code)
}

/// Meets a host with `code` on the transit relay at `relay` (waiting up to
/// [`relay::GUEST_WAIT`], and again when the relay gives the host to
/// another guest first) and joins it there.
pub fn join_relayed(relay: &str, code: &str) -> Result<(Link, Message), NetError> {
    let stream = relay::wait_as_guest(relay, code, relay::GUEST_WAIT)?;
    join_over(stream, code)
}

/// Joins a host with `code`: at `address`, or on the transit relay at
/// `address` when `relayed`.
pub fn join_at(address: &str, code: &str, relayed: bool) -> Result<(Link, Message), NetError> {
    if relayed {
        join_relayed(address, code)
    } else {
        join(address, code)
    }
}

/// The guest's side of the handshake on a connection to a host (direct, or
/// glued by a relay): the hello with its key exchange, the host's, the
/// sealed confirm, the sealed welcome. Returns the link and the welcome,
/// taken only for terms this game plays for.
pub fn join_over(stream: TcpStream, code: &str) -> Result<(Link, Message), NetError> {
    let mut link = Link::new(stream)?;
    let by = Instant::now() + READ_TIMEOUT;
    let (exchange, ours) = Exchange::start(Role::Guest, code);
    link.send(&hello(&ours))?;
    let line = line_or_tell(&mut link, by)?;
    let theirs = match decode(&line)? {
        Message::Pake { pake } => bytes_of_hex(pake.as_bytes()).ok_or_else(|| {
            NetError::Protocol(ProtocolError::Malformed(
                "the host's key exchange is not hex".to_owned(),
            ))
        })?,
        Message::Refused { reason } if is_older_hosts_refusal(&reason) => {
            return Err(NetError::Refused(
                "the host runs an older version of dice-poker (lines in the clear): \
                 both players need the same version"
                    .to_owned(),
            ));
        }
        Message::Refused { reason } => return Err(NetError::Refused(reason)),
        other => return Err(unexpected("a key exchange", &other)),
    };
    let keys = exchange.finish(&theirs).map_err(|_| {
        NetError::Protocol(ProtocolError::Malformed(
            "the host's key exchange is broken".to_owned(),
        ))
    })?;
    link.seal_with(keys);
    link.send(&Message::Confirm)?;
    // A host that found the code wrong says so in the clear, before it
    // closes; any other line in the clear was put there on the way.
    let line = line_or_tell(&mut link, by)?;
    let answer = if line.first() == Some(&b'{') {
        match decode(&line)? {
            refused @ Message::Refused { .. } => refused,
            _ => return Err(NetError::Forged),
        }
    } else {
        link.open(&line)?
    };
    match answer {
        welcome @ Message::Welcome { .. } => match TableTerms::of_welcome(&welcome) {
            Ok(_) => Ok((link, welcome)),
            Err(e) => {
                let why = refusal(&e);
                Err(refuse(link, why.clone(), NetError::Terms(why)))
            }
        },
        Message::Refused { reason } => Err(NetError::Refused(reason)),
        other => Err(unexpected("a welcome", &other)),
    }
}

/// A message that is not the one the handshake expects.
fn unexpected(expected: &str, got: &Message) -> NetError {
    NetError::Protocol(ProtocolError::Malformed(format!(
        "{expected} was expected, not a {} message",
        got.name()
    )))
}
