//! Meeting through a transit relay, so that neither player opens a port: both
//! connect out to a relay (Magic Wormhole's `transit-relay`, which anyone can
//! run), ask it to "relay" a token for their side, and once it has glued the
//! two sockets it says `ok` and passes bytes through. The token is drawn from
//! the join code's first group, so only players with that code meet; the
//! second group is proven by the key exchange alone ([`super::seal`]), so a
//! guest with a mistyped second half meets the host and is refused, one guess
//! per connection, and the relay never sees the whole code.

use std::io::{self, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use super::{NetError, READ_TIMEOUT, Role};
use crate::rules::protocol::{hex_of, normalize_code};

/// How long a guest waits on the relay for a host with its code.
pub const GUEST_WAIT: Duration = Duration::from_secs(60);
/// How long a guest the relay let go waits before it asks again: the host
/// of a table comes back for its next seat at once, and a relay that only
/// ever drops the guest is not asked in a tight loop.
const GUEST_ASKS_AGAIN_AFTER: Duration = Duration::from_millis(100);
/// A host whose wait on the relay lasted at least this long before the relay
/// dropped it asks again; a relay that drops it sooner is not working.
const HOST_RETRY_AFTER: Duration = Duration::from_secs(5);
/// The longest answer the relay gives before its `ok`.
const MAX_ANSWER: usize = 64;

/// The token both players ask the relay for: 64 hex digits drawn from the
/// code's first four characters (as normalised), nothing of the rest.
pub fn token(code: &str) -> String {
    let code = normalize_code(code);
    let nameplate: String = code.chars().take(4).collect();
    hex_of(&blake3::derive_key(
        "dice-poker 2 transit relay token",
        nameplate.as_bytes(),
    ))
}

/// The side a role asks for: the relay glues only different sides, so two
/// guests never meet each other, and a second guest is let go when the host
/// comes.
fn side(role: Role) -> String {
    hex_of(match role {
        Role::Host => b"dp--host",
        Role::Guest => b"dp-guest",
    })
}

/// The relay's request line for `code` and `role`.
pub fn request(code: &str, role: Role) -> String {
    format!("please relay {} for side {}\n", token(code), side(role))
}

/// Connects to the relay at `relay` (`HOST:PORT`) and waits there, up to
/// `wait` (`None`: as long as it takes), for the other side with the same
/// code. Returns the glued connection, on which the other side's first byte
/// comes next.
pub fn meet(
    relay: &str,
    code: &str,
    role: Role,
    wait: Option<Duration>,
) -> Result<TcpStream, NetError> {
    meet_unless_let_go(relay, code, role, wait)?.ok_or_else(|| {
        NetError::Relay("the relay closed the wait before the other side came".to_owned())
    })
}

/// [`meet`], or `None` when the relay closed the wait before the other side
/// came (it let this side go).
fn meet_unless_let_go(
    relay: &str,
    code: &str,
    role: Role,
    wait: Option<Duration>,
) -> Result<Option<TcpStream>, NetError> {
    let addr = relay
        .to_socket_addrs()
        .map_err(|e| NetError::Relay(format!("no relay at {relay}: {e}")))?
        .next()
        .ok_or_else(|| NetError::Relay(format!("no relay at {relay}")))?;
    let stream = TcpStream::connect_timeout(&addr, READ_TIMEOUT)
        .map_err(|e| NetError::Relay(format!("cannot reach the relay at {relay}: {e}")))?;
    (&stream).write_all(request(code, role).as_bytes())?;
    let until = wait.map(|w| Instant::now() + w);
    // Byte by byte up to the newline: what follows is the other side's.
    let mut answer = Vec::new();
    loop {
        let left = match until {
            Some(at) => {
                let now = Instant::now();
                if now >= at {
                    return Err(NetError::Relay(format!(
                        "no host with this code came to the relay within {} s: \
                         check the code, and that the host uses the same relay",
                        wait.unwrap_or_default().as_secs()
                    )));
                }
                Some(at - now)
            }
            None => None,
        };
        stream.set_read_timeout(left)?;
        let mut byte = [0u8; 1];
        match (&stream).read(&mut byte) {
            Ok(0) => return Ok(None),
            Ok(_) if byte[0] == b'\n' => break,
            Ok(_) if answer.len() >= MAX_ANSWER => {
                return Err(NetError::Relay("the relay's answer is too long".to_owned()));
            }
            Ok(_) => answer.push(byte[0]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    stream.set_read_timeout(None)?;
    match answer.as_slice() {
        b"ok" => Ok(Some(stream)),
        other => Err(NetError::Relay(format!(
            "the relay answered '{}'",
            String::from_utf8_lossy(other)
        ))),
    }
}

/// Why a guest gave up after the relay let it go: a relay glues one host to
/// one guest and drops every other guest waiting on the same code, so it
/// has most likely been crowded out (or the relay drops idle waits).
const CROWDED_OUT: &str = "the relay let this guest go when a host with this code came: the host \
                           met another guest waiting on the same code (it meets one at a time, and \
                           this guest asked again until its wait was over), or the relay drops \
                           idle waits; ask the host for a fresh code";

/// A guest's wait on the relay, up to `wait`. When the host comes, the relay
/// glues it to one of the guests waiting on its code and lets the others go;
/// a guest let go asks again, as the host of a table comes back for its
/// next seat. One let go and never met says it was most likely crowded out.
pub fn wait_as_guest(relay: &str, code: &str, wait: Duration) -> Result<TcpStream, NetError> {
    let until = Instant::now() + wait;
    let mut let_go = false;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match meet_unless_let_go(relay, code, Role::Guest, Some(left)) {
            Ok(Some(stream)) => return Ok(stream),
            Ok(None) => {
                let_go = true;
                std::thread::sleep(GUEST_ASKS_AGAIN_AFTER.min(left));
            }
            Err(NetError::Relay(_)) if let_go => {
                return Err(NetError::Relay(CROWDED_OUT.to_owned()));
            }
            Err(e) => return Err(e),
        }
        if Instant::now() >= until {
            return Err(NetError::Relay(CROWDED_OUT.to_owned()));
        }
    }
}

/// A host's wait on the relay: as long as it takes, asking again when a
/// relay lets a long wait go (some relays drop a lonely connection).
pub fn wait_as_host(relay: &str, code: &str) -> Result<TcpStream, NetError> {
    loop {
        let asked = Instant::now();
        match meet(relay, code, Role::Host, None) {
            Err(NetError::Relay(_)) if asked.elapsed() >= HOST_RETRY_AFTER => continue,
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_comes_from_the_codes_first_group_however_typed() {
        assert_eq!(token("7KQ2-M9XD"), token("7kq2 m9xd"));
        assert_eq!(token("7KQ2-M9XD"), token("7KQ2-AAAA"));
        assert_ne!(token("7KQ2-M9XD"), token("7KQ3-M9XD"));
        assert_eq!(token("7KQ2-M9XD").len(), 64);
        // The relay's own format: 64 and 16 hex digits.
        let line = request("7KQ2-M9XD", Role::Guest);
        let words: Vec<&str> = line.trim_end().split(' ').collect();
        assert_eq!(words[..2], ["please", "relay"]);
        assert_eq!(words[3..5], ["for", "side"]);
        assert_eq!(words[4 + 1].len(), 16);
        assert_ne!(side(Role::Host), side(Role::Guest));
        assert!(!line.contains("M9XD") && !line.contains("7KQ2"));
    }
}
