//! Every line of a network match sealed by a key both machines draw from the
//! join code: a SPAKE2 exchange over the code (the code itself never crosses
//! the wire, and one connection is one guess at it), then ChaCha20-Poly1305
//! on each line, one key per direction and a counter for the nonce, so a
//! line that is changed, replayed, dropped or put out of order fails to open.

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use spake2::{Ed25519Group, Identity, Password, Spake2};

use crate::rules::protocol::{MAX_LINE, PROTOCOL_VERSION, bytes_of_hex, hex_of, normalize_code};

/// Bytes an AEAD tag adds to a line.
pub const TAG_BYTES: usize = 16;

/// Which end of the match a machine is: the roles keep the two directions'
/// keys apart and a message from being played back to its sender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The machine that offered the match.
    Host,
    /// The machine that joined it.
    Guest,
}

impl Role {
    /// The SPAKE2 identity of this role.
    fn identity(self) -> Identity {
        Identity::new(match self {
            Role::Host => &b"dice-poker host"[..],
            Role::Guest => &b"dice-poker guest"[..],
        })
    }
}

/// A key exchange under way: this side's message has been sent, the peer's
/// is awaited.
pub struct Exchange {
    state: Spake2<Ed25519Group>,
    role: Role,
}

/// The two ends of a sealed channel: one seals what this side sends, one
/// opens what it receives.
pub struct Keys {
    /// Seals this side's lines.
    pub sealer: Sealer,
    /// Opens the peer's lines.
    pub opener: Opener,
}

/// The peer's key-exchange message could not be used (not a SPAKE2 message
/// of the right length or point).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadExchange;

impl Exchange {
    /// Starts the exchange for `role` over `code` (as typed: it is
    /// normalised first). Returns the state and the message for the peer.
    pub fn start(role: Role, code: &str) -> (Exchange, Vec<u8>) {
        let password = Password::new(password(code));
        let (guest, host) = (Role::Guest.identity(), Role::Host.identity());
        let (state, message) = match role {
            Role::Guest => Spake2::<Ed25519Group>::start_a(&password, &guest, &host),
            Role::Host => Spake2::<Ed25519Group>::start_b(&password, &guest, &host),
        };
        (Exchange { state, role }, message)
    }

    /// Finishes with the peer's message: the channel's keys. A wrong code
    /// is not found here: both sides get keys, and the first line sealed
    /// under different ones fails to open.
    pub fn finish(self, theirs: &[u8]) -> Result<Keys, BadExchange> {
        let shared = self.state.finish(theirs).map_err(|_| BadExchange)?;
        let key = |context: &str| blake3::derive_key(context, &shared);
        let to_host = key("dice-poker 2 sealed lines, guest to host");
        let to_guest = key("dice-poker 2 sealed lines, host to guest");
        let (send, receive) = match self.role {
            Role::Host => (to_guest, to_host),
            Role::Guest => (to_host, to_guest),
        };
        Ok(Keys {
            sealer: Sealer(Direction::new(&send)),
            opener: Opener(Direction::new(&receive)),
        })
    }
}

/// What the exchange is keyed by: the normalised code and the protocol, so a
/// code read out with dashes or in lower case is the same password.
fn password(code: &str) -> Vec<u8> {
    format!("dice-poker {PROTOCOL_VERSION} {}", normalize_code(code)).into_bytes()
}

/// One direction of the channel: its cipher and the next line's number.
struct Direction {
    cipher: ChaCha20Poly1305,
    next: u64,
}

impl Direction {
    fn new(key: &[u8; 32]) -> Direction {
        Direction {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            next: 0,
        }
    }

    /// The nonce of the next line: its number, so each is used once and the
    /// receiver expects exactly the next.
    fn nonce(&self) -> Nonce {
        let mut nonce = [0u8; 12];
        nonce[..8].copy_from_slice(&self.next.to_le_bytes());
        *Nonce::from_slice(&nonce)
    }
}

/// Seals this side's lines, in order.
pub struct Sealer(Direction);

/// The sizes a plain line is padded to before it is sealed: every move,
/// commitment, nonce and heartbeat fits the first, so a sealed line's
/// length says nothing of what it carries (nor how many dice were kept).
pub const PADDED_SIZES: [usize; 4] = [512, 1024, 2048, MAX_LINE];

/// `line` with spaces after it up to the first of [`PADDED_SIZES`] that
/// holds it (JSON reads past them; a longer line is left as it is).
pub fn padded(line: &[u8]) -> Vec<u8> {
    let size = PADDED_SIZES
        .into_iter()
        .find(|&size| size >= line.len())
        .unwrap_or(line.len());
    let mut out = line.to_vec();
    out.resize(size, b' ');
    out
}

impl Sealer {
    /// `line` (without its newline) padded and sealed, as hex: the line to send.
    pub fn seal(&mut self, line: &[u8]) -> String {
        let nonce = self.0.nonce();
        // Encryption into a Vec cannot fail for a line of our size.
        let sealed = self
            .0
            .cipher
            .encrypt(&nonce, padded(line).as_slice())
            .unwrap_or_default();
        self.0.next += 1;
        hex_of(&sealed)
    }
}

/// Opens the peer's lines, in order.
pub struct Opener(Direction);

/// A line that does not open: changed on the way, sealed under another key
/// (a wrong code), played again, or out of its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forged;

impl Opener {
    /// The line (hex, without its newline) opened: its plain text, its
    /// padding taken off. The line counter moves on only when a line opens.
    pub fn open(&mut self, line: &[u8]) -> Result<Vec<u8>, Forged> {
        let sealed = bytes_of_hex(line).ok_or(Forged)?;
        let nonce = self.0.nonce();
        let mut plain = self
            .0
            .cipher
            .decrypt(&nonce, sealed.as_slice())
            .map_err(|_| Forged)?;
        self.0.next += 1;
        let kept = plain
            .iter()
            .rposition(|&b| b != b' ')
            .map_or(0, |at| at + 1);
        plain.truncate(kept);
        Ok(plain)
    }
}

/// The length of a sealed line (without its newline) that carries `plain` bytes.
pub const fn sealed_len(plain: usize) -> usize {
    2 * (plain + TAG_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(host_code: &str, guest_code: &str) -> (Keys, Keys) {
        let (host, to_guest) = Exchange::start(Role::Host, host_code);
        let (guest, to_host) = Exchange::start(Role::Guest, guest_code);
        (
            host.finish(&to_host).unwrap(),
            guest.finish(&to_guest).unwrap(),
        )
    }

    #[test]
    fn the_same_code_however_typed_opens_every_line_in_order_both_ways() {
        let (mut host, mut guest) = pair("7KQ2-M9XD", "7kq2 m9xd");
        for i in 0..5 {
            let line = format!("{{\"type\":\"stand\",\"n\":{i}}}");
            let sealed = guest.sealer.seal(line.as_bytes());
            assert!(!sealed.contains("stand"), "sealed: {sealed}");
            assert_eq!(
                host.opener.open(sealed.as_bytes()).unwrap(),
                line.as_bytes()
            );
            let back = host.sealer.seal(b"next");
            assert_eq!(guest.opener.open(back.as_bytes()).unwrap(), b"next");
        }
    }

    #[test]
    fn a_wrong_code_a_changed_a_replayed_or_a_reordered_line_does_not_open() {
        let (mut host, mut guest) = pair("7KQ2-M9XD", "7KQ2-M9XE");
        let sealed = guest.sealer.seal(b"hello");
        assert_eq!(host.opener.open(sealed.as_bytes()), Err(Forged));

        let (mut host, mut guest) = pair("7KQ2-M9XD", "7KQ2-M9XD");
        let first = guest.sealer.seal(b"first");
        let second = guest.sealer.seal(b"second");
        // Out of order: the second line is not the one expected.
        assert_eq!(host.opener.open(second.as_bytes()), Err(Forged));
        assert_eq!(host.opener.open(first.as_bytes()).unwrap(), b"first");
        // Played again.
        assert_eq!(host.opener.open(first.as_bytes()), Err(Forged));
        // One bit changed.
        let mut changed = second.into_bytes();
        changed[3] = if changed[3] == b'0' { b'1' } else { b'0' };
        assert_eq!(host.opener.open(&changed), Err(Forged));
        // A line sent back to its sender does not open either.
        let echo = host.sealer.seal(b"x");
        assert_eq!(host.opener.open(echo.as_bytes()), Err(Forged));
    }

    #[test]
    fn a_broken_exchange_message_is_refused_and_hex_reads_back() {
        let (host, _) = Exchange::start(Role::Host, "7KQ2-M9XD");
        assert!(host.finish(b"short").is_err());
        let bytes = [0, 15, 16, 255];
        assert_eq!(bytes_of_hex(hex_of(&bytes).as_bytes()).unwrap(), bytes);
        assert_eq!(bytes_of_hex(b"abc"), None);
        assert_eq!(bytes_of_hex(b"zz"), None);
        let sealed = Exchange::start(Role::Guest, "x").0;
        let (_, to_guest) = Exchange::start(Role::Host, "x");
        let mut keys = sealed.finish(&to_guest).unwrap();
        assert_eq!(keys.sealer.seal(b"abc").len(), sealed_len(PADDED_SIZES[0]));
    }

    #[test]
    fn every_move_and_every_part_of_a_deal_seals_to_one_length() {
        use crate::rules::protocol::{Message, TablePlay, WireBet, to_line};
        let hex = "ab".repeat(32);
        let held = [true, false, true, true, false];
        let moves = [
            Message::Heartbeat,
            Message::Play {
                turn: 9,
                play: TablePlay::Throw,
            },
            Message::Play {
                turn: 9,
                play: TablePlay::Stand,
            },
            Message::Moved {
                turn: 9,
                seat: 0,
                play: TablePlay::Next,
            },
            Message::Play {
                turn: 9,
                play: TablePlay::Reroll { held: [false; 5] },
            },
            Message::Play {
                turn: 9,
                play: TablePlay::Bet {
                    action: WireBet::Raise,
                },
            },
            Message::Play {
                turn: 9,
                play: TablePlay::Bet {
                    action: WireBet::Fold,
                },
            },
            Message::Commit {
                turn: 1234,
                commitment: hex.clone(),
            },
            Message::Reveal {
                turn: 1234,
                nonce: hex.clone(),
            },
            Message::Play {
                turn: 7,
                play: TablePlay::Reroll { held },
            },
            Message::Moved {
                turn: 70_000,
                seat: 3,
                play: TablePlay::Bet {
                    action: WireBet::Call,
                },
            },
            Message::Commits {
                turn: 9,
                commitments: vec![Some(hex.clone()); 4],
            },
            Message::Reveals {
                turn: 9,
                nonces: vec![Some(hex.clone()); 4],
            },
        ];
        let (mut host, mut guest) = pair("7KQ2-M9XD", "7KQ2-M9XD");
        for message in &moves {
            let line = to_line(message);
            let plain = line.trim_end().as_bytes();
            let sealed = guest.sealer.seal(plain);
            assert_eq!(sealed.len(), sealed_len(PADDED_SIZES[0]), "{line}");
            assert_eq!(host.opener.open(sealed.as_bytes()).unwrap(), plain);
        }
        // A longer line (a long refusal) takes the next size up.
        assert_eq!(padded(&[b'x'; 600]).len(), PADDED_SIZES[1]);
    }
}
