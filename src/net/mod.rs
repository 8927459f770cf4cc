//! Transport for a game between two machines: plain TCP carrying one
//! protocol line at a time ([`crate::rules::protocol`]), capped, with read
//! timeouts, and the handshake by which a host takes one guest with the right
//! join code. It knows nothing of the rules: every move it carries is judged
//! by the same referee as a local one.

pub mod seat;

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::Duration;

use crate::rules::protocol::{
    MAX_LINE, Message, ProtocolError, check_hello, hello, parse_line, to_line,
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

/// Why a link or a handshake ended.
#[derive(Debug)]
pub enum NetError {
    /// The peer said nothing for [`READ_TIMEOUT`].
    Timeout,
    /// The peer said nothing, not even a heartbeat, for [`GONE_AFTER`].
    Gone,
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
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Link {
    /// Wraps a connected stream, with the read timeout set.
    pub fn new(stream: TcpStream) -> Result<Link, NetError> {
        stream.set_read_timeout(Some(READ_TIMEOUT))?;
        stream.set_nodelay(true)?;
        Ok(Link {
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
        })
    }

    /// A second link on the same connection, for a thread that only reads.
    pub fn reader_half(&self) -> Result<Link, NetError> {
        Link::new(self.writer.try_clone()?)
    }

    /// Closes the connection both ways (a reader on another thread wakes up).
    pub fn shutdown(&self) {
        let _ = self.writer.shutdown(std::net::Shutdown::Both);
    }

    /// Sends one message as one line.
    pub fn send(&mut self, message: &Message) -> Result<(), NetError> {
        self.writer.write_all(to_line(message).as_bytes())?;
        Ok(())
    }

    /// Waits for the next move, sending a heartbeat every [`HEARTBEAT`] while
    /// it waits and skipping the peer's; a peer silent for [`GONE_AFTER`] is gone.
    pub fn receive_move(&mut self) -> Result<Message, NetError> {
        self.receive_move_with(HEARTBEAT, GONE_AFTER)
    }

    /// [`Link::receive_move`] with other intervals (the tests use short ones).
    pub fn receive_move_with(
        &mut self,
        beat: Duration,
        gone_after: Duration,
    ) -> Result<Message, NetError> {
        self.writer.set_read_timeout(Some(beat))?;
        let started = std::time::Instant::now();
        let mut heard = started;
        let result = loop {
            match self.receive() {
                Ok(Message::Heartbeat) => heard = std::time::Instant::now(),
                Ok(message) => break Ok(message),
                Err(NetError::Timeout) => {
                    if heard.elapsed() >= gone_after {
                        break Err(NetError::Gone);
                    }
                    self.send(&Message::Heartbeat)?;
                }
                Err(e) => break Err(e),
            }
        };
        self.writer.set_read_timeout(Some(READ_TIMEOUT))?;
        result
    }

    /// Waits for the next message. A line longer than the cap is an error,
    /// found without reading it whole.
    pub fn receive(&mut self) -> Result<Message, NetError> {
        let mut line = Vec::new();
        let cap = MAX_LINE as u64 + 1;
        let n = self
            .reader
            .by_ref()
            .take(cap)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Err(NetError::Closed);
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        } else if line.len() > MAX_LINE {
            return Err(NetError::Protocol(ProtocolError::TooLong(line.len())));
        } else {
            return Err(NetError::Closed);
        }
        let text = String::from_utf8(line)
            .map_err(|_| NetError::Protocol(ProtocolError::Malformed("not UTF-8".to_owned())))?;
        parse_line(&text).map_err(NetError::Protocol)
    }
}

/// Waits on `listener` for a guest with `code`, answers it with `welcome`,
/// and returns the link. A connection that fails the handshake is told why,
/// closed, and the host goes on waiting; after [`MAX_WRONG_CODES`] wrong codes
/// it stops.
pub fn host(listener: &TcpListener, code: &str, welcome: &Message) -> Result<Link, NetError> {
    let mut wrong = 0;
    loop {
        let (stream, _) = listener.accept()?;
        let Ok(mut link) = Link::new(stream) else {
            continue;
        };
        let verdict = match link.receive() {
            Ok(first) => check_hello(&first, code),
            Err(NetError::Protocol(e)) => Err(e),
            // Silence, or gone: nothing to answer.
            Err(_) => continue,
        };
        match verdict {
            Ok(()) => {
                link.send(welcome)?;
                return Ok(link);
            }
            Err(e) => {
                if matches!(&e, ProtocolError::Refused(why) if why.contains("join code")) {
                    wrong += 1;
                }
                // The guest may be gone already: its loss.
                let _ = link.send(&Message::Refused {
                    reason: e.to_string(),
                });
                if wrong >= MAX_WRONG_CODES {
                    return Err(NetError::TooManyWrongCodes);
                }
            }
        }
    }
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
        welcome @ Message::Welcome { .. } => Ok((link, welcome)),
        Message::Refused { reason } => Err(NetError::Refused(reason)),
        other => Err(NetError::Protocol(ProtocolError::Malformed(format!(
            "expected a welcome, got {other:?}"
        )))),
    }
}
