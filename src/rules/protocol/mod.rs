//! The messages players' machines exchange, one JSON object per line, and
//! the checks on them: a capped line, no unknown fields, the handshake's
//! hello and welcome and the join code ([`handshake`]), and every move put to
//! the same referee as a local player's ([`judge`]), a duel's or a
//! table's. Transport (TCP, sealing, timeouts, heartbeats) is not here.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::turn::BetAction;

mod handshake;
mod table;

pub use handshake::{
    CODE_BITS, MAX_NET_MATCHES, MAX_NET_STAKE, check_hello, hello, is_older_hosts_refusal,
    join_code, normalize_code, parse_code, shown_code, stake_terms,
};
pub use table::{MatchFormat, TablePlay, judge};

/// First word of every handshake.
pub const MAGIC: &str = "dice-poker";
/// The protocol's version; a peer speaking another one is refused. Version 2
/// keys the channel by the join code (a key exchange, not the code itself, in
/// the hello) and seals every line after the handshake; version 3 plays a
/// duel through the session a table plays (the host the hub, its guest
/// asking for each move), the welcome saying which rules.
pub const PROTOCOL_VERSION: u32 = 3;
/// The longest line a peer may send, in bytes.
pub const MAX_LINE: usize = 4 * 1024;

/// A bet as it travels.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WireBet {
    /// Nothing to call: bet nothing more.
    Check,
    /// Put in one step more.
    Raise,
    /// Match what the other side has put in.
    Call,
    /// Give up the round.
    Fold,
}

impl From<BetAction> for WireBet {
    fn from(bet: BetAction) -> WireBet {
        match bet {
            BetAction::Check => WireBet::Check,
            BetAction::Raise => WireBet::Raise,
            BetAction::Call => WireBet::Call,
            BetAction::Fold => WireBet::Fold,
        }
    }
}

impl From<WireBet> for BetAction {
    fn from(bet: WireBet) -> BetAction {
        match bet {
            WireBet::Check => BetAction::Check,
            WireBet::Raise => BetAction::Raise,
            WireBet::Call => BetAction::Call,
            WireBet::Fold => BetAction::Fold,
        }
    }
}

/// One line of the conversation.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// The guest's first line, in the clear.
    Hello {
        /// Always [`MAGIC`].
        magic: String,
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The game's version (`CARGO_PKG_VERSION`).
        game: String,
        /// The guest's key-exchange message over the join code, in hex.
        pake: String,
    },
    /// The host's answer to a good hello, in the clear: its key-exchange
    /// message, in hex.
    Pake {
        /// The message.
        pake: String,
    },
    /// The guest's first sealed line: it opens only under the key of the
    /// right code, so the host learns whether the code was right.
    Confirm,
    /// The host's answer to a bad hello, before it closes the connection.
    Refused {
        /// Why.
        reason: String,
    },
    /// Still here.
    Heartbeat,
    /// The host's welcome: the rules, the terms, the guest's seat and the
    /// match's seats.
    Welcome {
        /// Names the match in every deal.
        match_id: u64,
        /// Ante per round.
        ante: u64,
        /// Size of a bet or a raise.
        raise: u64,
        /// Matches to play in a row.
        matches: u32,
        /// Coins each seat sits down with.
        stack: u64,
        /// The guest's seat (the host is seat 0).
        seat: usize,
        /// Seats at the table.
        seats: usize,
        /// The rules played.
        format: MatchFormat,
    },
    /// A guest at a table asks to make a move on the table as it stood after
    /// `turn` changes; the host makes it only if it still may.
    Play {
        /// Changes the guest had seen.
        turn: u32,
        /// The move.
        play: TablePlay,
    },
    /// A table host: `seat` made this move as the table's change `turn + 1`.
    Moved {
        /// Changes before this one.
        turn: u32,
        /// Who.
        seat: usize,
        /// The move.
        play: TablePlay,
    },
    /// A table host: `seat` left the table (its link ended, or it cheated).
    Left {
        /// Changes before this one.
        turn: u32,
        /// Who.
        seat: usize,
    },
    /// A guest's commitment for the deal begun after change `turn`.
    Commit {
        /// The deal's change.
        turn: u32,
        /// The commitment, 64 hex digits.
        commitment: String,
    },
    /// A guest's nonce for that deal, once every commitment is known.
    Reveal {
        /// The deal's change.
        turn: u32,
        /// The nonce, 64 hex digits.
        nonce: String,
    },
    /// A table host: every dealing seat's commitment, by seat (`null`: none).
    Commits {
        /// The deal's change.
        turn: u32,
        /// By seat.
        commitments: Vec<Option<String>>,
    },
    /// A table host: every dealing seat's nonce, by seat (`null`: a seat
    /// that left before it revealed).
    Reveals {
        /// The deal's change.
        turn: u32,
        /// By seat.
        nonces: Vec<Option<String>>,
    },
}

impl Message {
    /// The message's name on the wire (`welcome`, `commit`, …), for what a
    /// player reads when a peer sends the wrong one.
    pub fn name(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Pake { .. } => "pake",
            Message::Confirm => "confirm",
            Message::Refused { .. } => "refused",
            Message::Heartbeat => "heartbeat",
            Message::Welcome { .. } => "welcome",
            Message::Play { .. } => "play",
            Message::Moved { .. } => "moved",
            Message::Left { .. } => "left",
            Message::Commit { .. } => "commit",
            Message::Reveal { .. } => "reveal",
            Message::Commits { .. } => "commits",
            Message::Reveals { .. } => "reveals",
        }
    }
}

impl WireBet {
    /// The bet in a word.
    pub fn word(self) -> &'static str {
        match self {
            WireBet::Check => "check",
            WireBet::Raise => "raise",
            WireBet::Call => "call",
            WireBet::Fold => "fold",
        }
    }
}

/// What is wrong with a line or a peer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// The line is longer than this end takes: [`MAX_LINE`] in the clear,
    /// more once sealed (`cap`).
    TooLong {
        /// Bytes seen so far.
        len: usize,
        /// The most a line may have here.
        cap: usize,
    },
    /// Not one of the messages, or a field is missing, unknown or malformed.
    Malformed(String),
    /// The handshake is wrong: the reason is sent back before closing.
    Refused(String),
    /// The move is not one the table allows now: the sender forfeits.
    Illegal(String),
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::TooLong { len, cap } => {
                write!(f, "a line of {len} bytes (at most {cap})")
            }
            ProtocolError::Malformed(why) => write!(f, "a message that is not understood: {why}"),
            ProtocolError::Refused(why) => write!(f, "refused: {why}"),
            ProtocolError::Illegal(why) => write!(f, "a move the table does not allow: {why}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// Reads one line (without its newline) as a message.
pub fn parse_line(line: &str) -> Result<Message, ProtocolError> {
    if line.len() > MAX_LINE {
        return Err(ProtocolError::TooLong {
            len: line.len(),
            cap: MAX_LINE,
        });
    }
    let malformed = |e: serde_json::Error| ProtocolError::Malformed(e.to_string());
    let value: serde_json::Value = serde_json::from_str(line).map_err(malformed)?;
    let message: Message = serde_json::from_value(value.clone()).map_err(malformed)?;
    // serde lets a tagged message without fields carry any others: none may.
    let known = serde_json::to_value(&message).map_err(malformed)?;
    if let (Some(given), Some(known)) = (value.as_object(), known.as_object())
        && let Some(extra) = given.keys().find(|k| !known.contains_key(*k))
    {
        return Err(ProtocolError::Malformed(format!("unknown field `{extra}`")));
    }
    Ok(message)
}

/// Writes a message as one line, newline included.
pub fn to_line(message: &Message) -> String {
    let mut line = serde_json::to_string(message).unwrap_or_default();
    line.push('\n');
    line
}

/// Hex of bytes, for commitments and nonces.
pub fn to_hex(bytes: &[u8; 32]) -> String {
    hex_of(bytes)
}

/// Bytes from 64 hex digits.
pub fn from_hex(text: &str) -> Result<[u8; 32], ProtocolError> {
    bytes_of_hex(text.as_bytes())
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .ok_or_else(|| ProtocolError::Malformed(format!("'{text}' is not 64 hex digits")))
}

/// Bytes as lower-case hex.
pub fn hex_of(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// Hex digits (either case) as bytes; `None` for an odd length or a non-digit.
pub fn bytes_of_hex(text: &[u8]) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    text.chunks(2)
        .map(|pair| Some((digit(pair[0])? << 4) | digit(pair[1])?))
        .collect()
}
