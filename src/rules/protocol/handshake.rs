//! The handshake's side of the protocol: the hello a guest sends, the host's
//! checks of it (magic, protocol, game version, a key exchange in hex), the
//! terms of a welcome a guest agrees to, and the join code: made, read out
//! and read back as typed.

use super::{MAGIC, Message, PROTOCOL_VERSION, ProtocolError, bytes_of_hex, hex_of, parse_line};

/// Random bits in a join code (8 characters of base 32).
pub const CODE_BITS: u32 = 40;
/// Characters in a join code: five bits each.
const CODE_CHARS: u32 = CODE_BITS / 5;
/// Crockford's base 32: no I, L, O or U, so a code reads out clearly.
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The largest ante or raise a guest agrees to play for.
pub const MAX_NET_STAKE: u64 = 1_000;
/// The most matches in a row a guest agrees to.
pub const MAX_NET_MATCHES: u32 = 99;

/// The guest's hello for this game, carrying its key-exchange message.
pub fn hello(pake: &[u8]) -> Message {
    Message::Hello {
        magic: MAGIC.to_owned(),
        protocol: PROTOCOL_VERSION,
        game: env!("CARGO_PKG_VERSION").to_owned(),
        pake: hex_of(pake),
    }
}

/// The host's check of a guest's first line: a hello from this game, in
/// this protocol, with a key-exchange message (returned). A hello in another
/// protocol is refused by its version before its fields are read, so an
/// older guest is told why in words it understands.
pub fn check_hello(line: &str) -> Result<Vec<u8>, ProtocolError> {
    let value: Option<serde_json::Value> = serde_json::from_str(line).ok();
    let field = |name: &str| value.as_ref().and_then(|v| v.get(name));
    let protocol = field("protocol").and_then(serde_json::Value::as_u64);
    if field("type").and_then(serde_json::Value::as_str) == Some("hello")
        && field("magic").and_then(serde_json::Value::as_str) == Some(MAGIC)
        && let Some(protocol) = protocol.filter(|&p| p != u64::from(PROTOCOL_VERSION))
    {
        return Err(ProtocolError::Refused(version_refusal(protocol)));
    }
    let Message::Hello {
        magic,
        protocol,
        game,
        pake,
    } = parse_line(line)?
    else {
        return Err(ProtocolError::Refused(
            "the first line must be a hello".to_owned(),
        ));
    };
    if magic != MAGIC {
        return Err(ProtocolError::Refused("not a dice-poker player".to_owned()));
    }
    if protocol != PROTOCOL_VERSION {
        return Err(ProtocolError::Refused(version_refusal(protocol.into())));
    }
    if game != env!("CARGO_PKG_VERSION") {
        return Err(ProtocolError::Refused(format!(
            "game {game}, this is {}",
            env!("CARGO_PKG_VERSION")
        )));
    }
    bytes_of_hex(pake.as_bytes())
        .ok_or_else(|| ProtocolError::Malformed("the key exchange is not hex".to_owned()))
}

/// What a host says to a guest in another protocol.
fn version_refusal(theirs: u64) -> String {
    format!(
        "this host speaks protocol {PROTOCOL_VERSION} (a duel played as a table of two, \
         every line sealed by the join code), the guest {theirs}: both players need the \
         same version of dice-poker"
    )
}

/// What a host of an older protocol answers this game's hello: it does not
/// know the key exchange's field.
pub fn is_older_hosts_refusal(reason: &str) -> bool {
    reason.contains("unknown field `pake`")
}

/// A join code from random bytes: 40 bits as 8 base-32 characters in two
/// groups of four, easy to read out (`7KQ2-M9XD`).
pub fn join_code(random: [u8; (CODE_BITS / 8) as usize]) -> String {
    let bits = random
        .iter()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b));
    let chars: Vec<char> = (0..CODE_CHARS)
        .rev()
        .map(|i| CODE_ALPHABET[((bits >> (i * 5)) & 31) as usize] as char)
        .collect();
    let (a, b) = chars.split_at(chars.len() / 2);
    format!(
        "{}-{}",
        a.iter().collect::<String>(),
        b.iter().collect::<String>()
    )
}

/// Checks a host's stake and matches in a row: a guest plays only for
/// terms it can agree to.
pub fn stake_terms(ante: u64, raise: u64, matches: u32) -> Result<(), ProtocolError> {
    // A guest plays only for what it can agree to: no stake of nothing, none
    // so large that the coins could not be counted.
    for (what, value) in [("an ante", ante), ("a raise", raise)] {
        if !(1..=MAX_NET_STAKE).contains(&value) {
            return Err(ProtocolError::Refused(format!(
                "the host asks for {what} of {value}; this game plays for 1 to {MAX_NET_STAKE}"
            )));
        }
    }
    if !(1..=MAX_NET_MATCHES).contains(&matches) {
        return Err(ProtocolError::Refused(format!(
            "the host asks for {matches} matches; this game plays 1 to {MAX_NET_MATCHES}"
        )));
    }
    Ok(())
}

/// A join code as it is read out: two groups of four.
pub fn shown_code(code: &str) -> String {
    if code.len() == 8 {
        format!("{}-{}", &code[..4], &code[4..])
    } else {
        code.to_owned()
    }
}

/// A join code as typed, checked to be one: eight characters of the code's
/// alphabet once [normalized](normalize_code) (`7KQ2-M9XD`). An empty or
/// short code would key the channel with next to no secret, so it is refused.
pub fn parse_code(code: &str) -> Result<String, String> {
    let normal = normalize_code(code);
    let fits =
        normal.len() == CODE_CHARS as usize && normal.bytes().all(|c| CODE_ALPHABET.contains(&c));
    if fits {
        Ok(normal)
    } else {
        Err(format!(
            "'{code}' is not a join code: it is {CODE_CHARS} characters of 0-9 and A-Z \
             without I, L, O and U, in two groups of four (like 7KQ2-M9XD)"
        ))
    }
}

/// A code as typed: case, dashes and spaces do not matter, and the letters
/// people mistake for digits read as those digits.
pub fn normalize_code(code: &str) -> String {
    code.chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect()
}
