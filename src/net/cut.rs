//! Why a match over the network ended before it was decided, as plain data:
//! the game says each reason in the player's language, and only what the
//! other side or the system wrote itself (a refusal's words, a protocol
//! detail, the system's error) is carried as text.

use std::io;

use super::NetError;
use crate::rules::netplay::Ended;

/// Why the network seat stopped before every match was decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cut {
    /// The peer closed the connection.
    Closed,
    /// The peer said nothing, not even a heartbeat, for too long, and forfeits.
    Silent,
    /// The peer sent a line too slowly: it is cut off, not waited for.
    Stalled,
    /// The peer did not answer its part of a deal in time, and forfeits.
    DealTooSlow,
    /// The peer did not make its move in time, and forfeits.
    TurnTooSlow,
    /// The host took this machine's seat for gone (it did not move in time,
    /// say): the others fold what it put in and play on without it.
    Removed,
    /// The peer made a move the rules do not allow or sent what the protocol
    /// does not allow, and forfeits: what it was.
    Forfeit(String),
    /// A line was changed, played again or reordered on the way, or a reveal
    /// did not match its commitment: the match ends as cheated.
    Cheated,
    /// The other side's key exchange was for another join code.
    WrongCode,
    /// Too many wrong join codes: the host stopped listening.
    TooManyWrongCodes,
    /// The other side refused this one, in its own words (a host turning
    /// a guest away, a guest that does not play for the host's terms).
    Refused(String),
    /// The host offers terms this game does not play for: which.
    Terms(String),
    /// The transit relay refused or went away: what it said.
    Relay(String),
    /// This machine cannot listen on the port.
    CannotListen {
        /// The port asked for.
        port: u16,
        /// The system's words.
        why: String,
    },
    /// The network itself failed: the system's words.
    Network(String),
    /// The game stopped listening to its seat.
    GameClosed,
}

impl From<NetError> for Cut {
    fn from(e: NetError) -> Cut {
        match e {
            NetError::Timeout | NetError::Gone => Cut::Silent,
            NetError::Stalled => Cut::Stalled,
            NetError::DealTooSlow => Cut::DealTooSlow,
            NetError::Terms(why) => Cut::Terms(why),
            NetError::Closed | NetError::Deserted => Cut::Closed,
            NetError::Protocol(e) => Cut::Forfeit(e.to_string()),
            NetError::TurnTooSlow => Cut::TurnTooSlow,
            NetError::Refused(why) | NetError::PeerRefused(why) => Cut::Refused(why),
            NetError::TooManyWrongCodes => Cut::TooManyWrongCodes,
            NetError::Forged | NetError::Cheated => Cut::Cheated,
            NetError::Removed => Cut::Removed,
            NetError::WrongCode => Cut::WrongCode,
            NetError::Relay(why) => Cut::Relay(why),
            NetError::Io(e) => Cut::Network(e.to_string()),
        }
    }
}

impl From<Ended> for Cut {
    fn from(e: Ended) -> Cut {
        match e {
            Ended::Forfeit(why) => Cut::Forfeit(why),
            Ended::Cheated => Cut::Cheated,
        }
    }
}

impl From<io::Error> for Cut {
    fn from(e: io::Error) -> Cut {
        NetError::from(e).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_connection_a_forgery_and_a_bad_reveal_are_told_apart() {
        let eof = io::Error::from(io::ErrorKind::UnexpectedEof);
        assert_eq!(Cut::from(eof), Cut::Closed);
        assert_eq!(Cut::from(NetError::Forged), Cut::Cheated);
        assert_eq!(Cut::from(Ended::Cheated), Cut::Cheated);
        assert_eq!(Cut::from(NetError::Gone), Cut::Silent);
        let refused = io::Error::from(io::ErrorKind::ConnectionRefused);
        assert!(matches!(Cut::from(refused), Cut::Network(why) if !why.is_empty()));
        assert_eq!(
            Cut::from(Ended::Forfeit("a bet out of turn".into())),
            Cut::Forfeit("a bet out of turn".into())
        );
    }
}
