//! How two machines meet: a host listens and runs each connection's
//! handshake on a thread of its own (the hello with the join code, within
//! [`READ_TIMEOUT`]), welcomes the first good guest and turns the rest away;
//! a guest says hello and takes the welcome only for terms it plays for.
//! Also the addresses a host reads out.

use std::io;
use std::net::{IpAddr, TcpListener, TcpStream, ToSocketAddrs, UdpSocket};
use std::time::Duration;

use crate::rules::protocol::{Message, ProtocolError, check_hello, hello, welcome_terms};

use super::{Link, MAX_WRONG_CODES, NetError, READ_TIMEOUT};

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
