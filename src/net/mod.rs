//! Transport for a game between two machines: plain TCP carrying one
//! protocol line at a time ([`crate::rules::protocol`]), capped, each line
//! whole within a deadline from its first byte, heartbeats on a timer, and
//! the handshakes (side by side, none holding up another) by which a host
//! takes one guest with the right join code. It knows nothing of the rules: every move it carries is judged
//! by the same referee as a local one.

pub mod seat;

use std::fmt;
use std::io::{self, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::time::{Duration, Instant};

use crate::rules::protocol::{
    MAX_LINE, Message, ProtocolError, check_hello, hello, parse_line, to_line, welcome_terms,
};

/// How long a read may wait, and how long a handshake may take.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Wrong join codes a host takes before it stops listening.
pub const MAX_WRONG_CODES: u32 = 5;
/// How often a side that waits says it is still there.
pub const HEARTBEAT: Duration = Duration::from_secs(3);
/// How long a peer may say nothing at all, heartbeats included, before it
/// forfeits the match.
pub const GONE_AFTER: Duration = Duration::from_secs(30);
/// How long a peer has to answer its part of a deal (a commitment, a nonce):
/// a machine answers at once, so heartbeats do not extend it.
pub const DEAL_DEADLINE: Duration = Duration::from_secs(10);
/// How often a host that listens looks for a new connection and for the
/// handshakes under way.
const ACCEPT_POLL: Duration = Duration::from_millis(20);

/// Why a link or a handshake ended.
#[derive(Debug)]
pub enum NetError {
    /// The peer said nothing for [`READ_TIMEOUT`].
    Timeout,
    /// The peer said nothing, not even a heartbeat, for [`GONE_AFTER`].
    Gone,
    /// A line took longer than [`READ_TIMEOUT`] from its first byte to its
    /// end: a peer that trickles is cut off, not waited for.
    Stalled,
    /// The peer did not answer a deal (its commitment or its nonce) within
    /// [`DEAL_DEADLINE`]: heartbeats do not hold a throw up.
    DealTooSlow,
    /// The host offered terms this game does not play for.
    Terms(String),
    /// The peer closed the connection.
    Closed,
    /// The peer sent something the protocol does not allow.
    Protocol(ProtocolError),
    /// The host refused us, saying why.
    Refused(String),
    /// A host heard [`MAX_WRONG_CODES`] wrong codes and stopped listening.
    TooManyWrongCodes,
    /// The network itself failed.
    Io(io::Error),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Timeout => {
                write!(f, "the peer said nothing for {} s", READ_TIMEOUT.as_secs())
            }
            NetError::Gone => write!(
                f,
                "the peer has been silent for {} s and forfeits",
                GONE_AFTER.as_secs()
            ),
            NetError::Stalled => write!(
                f,
                "the peer sent a line too slowly (more than {} s)",
                READ_TIMEOUT.as_secs()
            ),
            NetError::DealTooSlow => write!(
                f,
                "the peer did not answer the deal within {} s and forfeits",
                DEAL_DEADLINE.as_secs()
            ),
            NetError::Terms(why) => write!(f, "not joined: {why}"),
            NetError::Closed => f.write_str("the peer closed the connection"),
            NetError::Protocol(e) => write!(f, "the peer broke the protocol: {e}"),
            NetError::Refused(why) => write!(f, "the host refused: {why}"),
            NetError::TooManyWrongCodes => write!(
                f,
                "{MAX_WRONG_CODES} connections gave a wrong join code; stopped listening"
            ),
            NetError::Io(e) => write!(f, "network error: {e}"),
        }
    }
}

impl std::error::Error for NetError {}

impl From<io::Error> for NetError {
    fn from(e: io::Error) -> NetError {
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => NetError::Timeout,
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::BrokenPipe => NetError::Closed,
            _ => NetError::Io(e),
        }
    }
}

/// One side's end of a connection.
pub struct Link {
    stream: TcpStream,
    /// Bytes of a line not yet whole.
    pending: Vec<u8>,
    /// When the first byte of that line came: the whole line must follow
    /// within `line_limit`.
    line_started: Option<Instant>,
    /// How long a line may take from its first byte ([`READ_TIMEOUT`]).
    line_limit: Duration,
}

impl Link {
    /// Wraps a connected stream.
    pub fn new(stream: TcpStream) -> Result<Link, NetError> {
        stream.set_nodelay(true)?;
        Ok(Link {
            stream,
            pending: Vec::new(),
            line_started: None,
            line_limit: READ_TIMEOUT,
        })
    }

    /// The same link with another limit on a line's time (the tests use short ones).
    pub fn with_line_limit(mut self, limit: Duration) -> Link {
        self.line_limit = limit;
        self
    }

    /// A second link on the same connection, for a thread that only reads.
    pub fn reader_half(&self) -> Result<Link, NetError> {
        Link::new(self.stream.try_clone()?)
    }

    /// Closes the connection both ways (a reader on another thread wakes up).
    pub fn shutdown(&self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }

    /// Sends one message as one line.
    pub fn send(&mut self, message: &Message) -> Result<(), NetError> {
        (&self.stream).write_all(to_line(message).as_bytes())?;
        Ok(())
    }

    /// Waits for the next move, sending a heartbeat every [`HEARTBEAT`] while
    /// it waits and skipping the peer's; a peer silent for [`GONE_AFTER`] is gone.
    pub fn receive_move(&mut self) -> Result<Message, NetError> {
        self.receive_move_with(HEARTBEAT, GONE_AFTER, None)
    }

    /// [`Link::receive_move`] with other intervals (the tests use short
    /// ones), and a time by which a line must have come (`answer_by`: a deal
    /// under way), heartbeats or not. Heartbeats go out on a timer, whatever
    /// the peer sends meanwhile.
    pub fn receive_move_with(
        &mut self,
        beat: Duration,
        gone_after: Duration,
        answer_by: Option<Instant>,
    ) -> Result<Message, NetError> {
        let mut heard = Instant::now();
        let mut next_beat = heard + beat;
        loop {
            let wake = next_beat.min(heard + gone_after);
            let wake = answer_by.map_or(wake, |by| wake.min(by));
            match self.receive_by(wake) {
                Ok(Message::Heartbeat) => heard = Instant::now(),
                Ok(message) => return Ok(message),
                Err(NetError::Timeout) => {}
                Err(e) => return Err(e),
            }
            let now = Instant::now();
            if answer_by.is_some_and(|by| now >= by) {
                return Err(NetError::DealTooSlow);
            }
            if now >= heard + gone_after {
                return Err(NetError::Gone);
            }
            if now >= next_beat {
                self.send(&Message::Heartbeat)?;
                next_beat = now + beat;
            }
        }
    }

    /// Waits up to [`READ_TIMEOUT`] for the next message. A line longer than
    /// the cap is an error, found without reading it whole.
    pub fn receive(&mut self) -> Result<Message, NetError> {
        self.receive_by(Instant::now() + READ_TIMEOUT)
    }

    /// Waits until `deadline` for the next message ([`NetError::Timeout`]
    /// if none is whole by then; what came of it is kept for the next call).
    /// However it is called, a line must be whole within [`READ_TIMEOUT`] of
    /// its first byte, else [`NetError::Stalled`]: a peer that trickles a
    /// byte now and then is cut off, not waited for.
    pub fn receive_by(&mut self, deadline: Instant) -> Result<Message, NetError> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                self.line_started = (!self.pending.is_empty()).then(Instant::now);
                return decode(&line[..line.len() - 1]);
            }
            if self.pending.len() > MAX_LINE {
                return Err(NetError::Protocol(ProtocolError::TooLong(
                    self.pending.len(),
                )));
            }
            let now = Instant::now();
            let stall = self.line_started.map(|at| at + self.line_limit);
            if stall.is_some_and(|at| now >= at) {
                return Err(NetError::Stalled);
            }
            let until = stall.map_or(deadline, |at| at.min(deadline));
            if now >= until {
                return Err(NetError::Timeout);
            }
            self.stream.set_read_timeout(Some(until - now))?;
            let mut chunk = [0u8; READ_CHUNK];
            let room = (MAX_LINE + 1 - self.pending.len()).min(READ_CHUNK);
            let n = match (&self.stream).read(&mut chunk[..room.max(1)]) {
                Ok(n) => n,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    continue;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if n == 0 {
                return Err(NetError::Closed);
            }
            if self.pending.is_empty() {
                self.line_started = Some(Instant::now());
            }
            self.pending.extend_from_slice(&chunk[..n]);
        }
    }

    /// True when the peer has closed its end already (nothing is read).
    fn peer_left(&self) -> bool {
        let mut byte = [0u8; 1];
        if self.stream.set_nonblocking(true).is_err() {
            return true;
        }
        let left = matches!(self.stream.peek(&mut byte), Ok(0));
        let _ = self.stream.set_nonblocking(false);
        left
    }
}

/// How much is read from the socket at a time.
const READ_CHUNK: usize = 1024;

/// One line (its newline taken off) as a message.
fn decode(line: &[u8]) -> Result<Message, NetError> {
    let text = std::str::from_utf8(line)
        .map_err(|_| NetError::Protocol(ProtocolError::Malformed("not UTF-8".to_owned())))?;
    parse_line(text).map_err(NetError::Protocol)
}

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
    /// A wrong join code (the guest has been told).
    WrongCode,
    /// Anything else: silence, a broken hello, a peer gone.
    Failed,
}

/// Waits on `listener` for a guest with `code`, answers it with `welcome`,
/// and returns the link. Each connection's handshake runs on a thread of its
/// own, so no silent or trickling socket holds up the next; one that fails
/// is told why and closed, and the host goes on waiting; a guest gone by the
/// time of its welcome is forgotten. After [`MAX_WRONG_CODES`] wrong codes it
/// stops.
pub fn host(listener: &TcpListener, code: &str, welcome: &Message) -> Result<Link, NetError> {
    listener.set_nonblocking(true)?;
    let (found, handshakes) = std::sync::mpsc::channel::<Handshake>();
    let mut wrong = 0;
    let result = loop {
        match listener.accept() {
            Ok((stream, _)) => {
                let found = found.clone();
                let code = code.to_owned();
                std::thread::spawn(move || {
                    let _ = found.send(shake_hands(stream, &code));
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
            Ok(Handshake::WrongCode) => {
                wrong += 1;
                if wrong >= MAX_WRONG_CODES {
                    break Err(NetError::TooManyWrongCodes);
                }
            }
            Ok(Handshake::Failed) | Err(_) => {}
        }
    };
    listener.set_nonblocking(false)?;
    result
}

/// One connection's handshake: its hello within [`READ_TIMEOUT`], checked.
fn shake_hands(stream: TcpStream, code: &str) -> Handshake {
    // The listener's non-blocking mode is not the connection's.
    if stream.set_nonblocking(false).is_err() {
        return Handshake::Failed;
    }
    let Ok(mut link) = Link::new(stream) else {
        return Handshake::Failed;
    };
    let verdict = match link.receive() {
        Ok(first) => check_hello(&first, code),
        Err(NetError::Protocol(e)) => Err(e),
        // Silence, a trickle, or gone: nothing to answer.
        Err(_) => return Handshake::Failed,
    };
    match verdict {
        Ok(()) => Handshake::Good(link),
        Err(e) => {
            let wrong_code = matches!(&e, ProtocolError::Refused(why) if why.contains("join code"));
            // The guest may be gone already: its loss.
            let _ = link.send(&Message::Refused {
                reason: refusal(&e),
            });
            link.shutdown();
            if wrong_code {
                Handshake::WrongCode
            } else {
                Handshake::Failed
            }
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

/// Turns away every later connection on `listener`, saying a match is under
/// way: a host takes one guest. Runs until the process ends.
pub fn refuse_others(listener: TcpListener) {
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            if let Ok(mut link) = Link::new(stream) {
                let _ = link.send(&Message::Refused {
                    reason: "a match is under way: this host takes one guest".to_owned(),
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
    let mut link = Link::new(stream)?;
    link.send(&hello(code))?;
    match link.receive()? {
        welcome @ Message::Welcome { .. } => match welcome_terms(&welcome) {
            Ok(_) => Ok((link, welcome)),
            // Terms this game does not play for: the host hears why.
            Err(e) => {
                let why = refusal(&e);
                let _ = link.send(&Message::Refused {
                    reason: why.clone(),
                });
                link.shutdown();
                Err(NetError::Terms(why))
            }
        },
        Message::Refused { reason } => Err(NetError::Refused(reason)),
        other => Err(NetError::Protocol(ProtocolError::Malformed(format!(
            "a welcome was expected, not a {} message",
            other.name()
        )))),
    }
}
