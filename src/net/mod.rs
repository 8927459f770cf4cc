//! Transport for a game between two machines: TCP, direct or through a
//! transit relay ([`relay`]), carrying one protocol line at a time
//! ([`crate::rules::protocol`]), capped, each line whole within a deadline
//! from its first byte, heartbeats on a timer, and every line after the
//! handshake sealed by a key drawn from the join code ([`seal`]); the
//! handshakes by which a host takes one guest are in [`handshake`]. It knows
//! nothing of the rules: every move it carries is judged by the same referee
//! as a local one.

pub mod cut;
mod guesses;
pub mod handshake;
pub mod relay;
pub mod seal;
pub mod seat;
pub mod table;

pub use cut::Cut;
pub use handshake::{
    accept_guest, host, host_relayed, join, join_at, join_over, join_relayed, lan_addresses,
    refuse_others, refuse_saying,
};
pub use seal::Role;

use std::fmt;
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::rules::protocol::{MAX_LINE, Message, ProtocolError, parse_line, to_line};

use seal::{Keys, Opener, Sealer, sealed_len};

/// How long a read may wait, and how long a handshake may take.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Wrong join codes a host takes before it stops listening.
pub const MAX_WRONG_CODES: u32 = 5;
/// How often a side that waits says it is still there.
pub const HEARTBEAT: Duration = Duration::from_secs(3);
/// How long a peer may say nothing at all, heartbeats included, before it
/// forfeits the match.
pub const GONE_AFTER: Duration = Duration::from_secs(30);
/// How long a peer has for a move once the match waits for it (a throw, a
/// bet, a reroll): heartbeats do not extend it, nor do moves the rules
/// refuse. A duel's peer that has not moved by then forfeits; a table's
/// guest folds and leaves.
pub const TURN_DEADLINE: Duration = Duration::from_secs(120);
/// How long a peer has to answer its part of a deal (a commitment, a nonce):
/// a machine answers at once, so heartbeats do not extend it.
pub const DEAL_DEADLINE: Duration = Duration::from_secs(10);

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
    /// The other side stopped after the handshake, saying why (a guest
    /// that does not play for the terms offered, say).
    PeerRefused(String),
    /// A host heard [`MAX_WRONG_CODES`] wrong codes and stopped listening.
    TooManyWrongCodes,
    /// A line did not open under the match's key: changed on the way, played
    /// again or out of order. The peer (or someone on the path) cheats.
    Forged,
    /// The peer's key exchange is the wrong code's (a guest's first sealed
    /// line did not open) or broken.
    WrongCode,
    /// The peer did not make its move within [`TURN_DEADLINE`]:
    /// heartbeats do not hold a turn up.
    TurnTooSlow,
    /// The peer's reveal does not match its commitment: it cheats.
    Cheated,
    /// The host took this guest's seat for gone (it did not move in time,
    /// say).
    Removed,
    /// Every guest of a table has left before its matches were decided:
    /// the host stops rather than play on alone.
    Deserted,
    /// The transit relay refused us or went away before the other side came.
    Relay(String),
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
            NetError::PeerRefused(why) => write!(f, "the other side stopped: {why}"),
            NetError::TooManyWrongCodes => write!(
                f,
                "{MAX_WRONG_CODES} connections gave a wrong join code; stopped listening"
            ),
            NetError::Forged => f.write_str(
                "a line from the peer was changed, played again or put out of order on the way: \
                 the match ends as cheated",
            ),
            NetError::WrongCode => f.write_str("wrong join code"),
            NetError::TurnTooSlow => write!(
                f,
                "the peer did not move within {} s and forfeits",
                TURN_DEADLINE.as_secs()
            ),
            NetError::Removed => f.write_str("the host took this seat for gone"),
            NetError::Cheated => {
                f.write_str("the peer cheated: its reveal does not match its commitment")
            }
            NetError::Deserted => {
                f.write_str("every guest has left the table before its matches were decided")
            }
            NetError::Relay(why) => write!(f, "relay: {why}"),
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
    /// Seals what this end sends, once the handshake has keyed the channel.
    sealer: Option<Sealer>,
    /// Opens what this end receives, likewise.
    opener: Option<Opener>,
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
            sealer: None,
            opener: None,
        })
    }

    /// From now on every line sent is sealed and every line received must open.
    pub(crate) fn seal_with(&mut self, keys: Keys) {
        self.sealer = Some(keys.sealer);
        self.opener = Some(keys.opener);
    }

    /// True once the handshake has keyed the channel.
    pub fn is_sealed(&self) -> bool {
        self.sealer.is_some() || self.opener.is_some()
    }

    /// The same link with another limit on a line's time (the tests use short ones).
    pub fn with_line_limit(mut self, limit: Duration) -> Link {
        self.line_limit = limit;
        self
    }

    /// A second link on the same connection, for a thread that only reads:
    /// it takes this link's opener with it, so this one only sends from now on.
    pub fn reader_half(&mut self) -> Result<Link, NetError> {
        let mut reader = Link::new(self.stream.try_clone()?)?;
        reader.line_limit = self.line_limit;
        reader.opener = self.opener.take();
        Ok(reader)
    }

    /// Closes the connection both ways (a reader on another thread wakes up).
    pub fn shutdown(&self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }

    /// Sends one message as one line (sealed once the channel is keyed).
    pub fn send(&mut self, message: &Message) -> Result<(), NetError> {
        let line = to_line(message);
        match &mut self.sealer {
            Some(sealer) => {
                let mut sealed = sealer.seal(line.trim_end_matches('\n').as_bytes());
                sealed.push('\n');
                self.send_raw(sealed.as_bytes())
            }
            None => self.send_raw(line.as_bytes()),
        }
    }

    /// Sends bytes as they are: the handshake's lines in the clear, and the
    /// tests' hostile peers.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), NetError> {
        (&self.stream).write_all(bytes)?;
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
                Ok(Message::Refused { reason }) => return Err(NetError::PeerRefused(reason)),
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
        let line = self.line_by(deadline)?;
        self.open(&line)
    }

    /// A line as it came, opened if the channel is sealed, as a message.
    pub(crate) fn open(&mut self, line: &[u8]) -> Result<Message, NetError> {
        match &mut self.opener {
            Some(opener) => decode(&opener.open(line).map_err(|_| NetError::Forged)?),
            None => decode(line),
        }
    }

    /// The next line as it came (without its newline), by `deadline`, with
    /// [`Link::receive_by`]'s limits: the framing alone.
    pub(crate) fn line_by(&mut self, deadline: Instant) -> Result<Vec<u8>, NetError> {
        let cap = self.line_cap();
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.pending.drain(..=end).collect();
                self.line_started = (!self.pending.is_empty()).then(Instant::now);
                line.pop();
                return Ok(line);
            }
            if self.pending.len() > cap {
                return Err(NetError::Protocol(ProtocolError::TooLong {
                    len: self.pending.len(),
                    cap,
                }));
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
            let room = (cap + 1 - self.pending.len()).min(READ_CHUNK);
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

    /// The longest line this end takes: a sealed line carries a whole plain
    /// one in hex with its tag.
    fn line_cap(&self) -> usize {
        if self.opener.is_some() {
            sealed_len(MAX_LINE)
        } else {
            MAX_LINE
        }
    }

    /// True when the peer has closed its end already (nothing is read).
    pub(crate) fn peer_left(&self) -> bool {
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
