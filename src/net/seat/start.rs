//! How the window's network seat starts: hosting or joining.

use crate::rules::duel::Opponent;

/// How to start: host on a port with a code, or join an address with one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetStart {
    /// Listen on `port` (0: any), or wait on a transit relay, for a guest
    /// in each seat but the host's with `code` (`None`: a fresh one), for
    /// `matches` matches in a row.
    Host {
        /// The port.
        port: u16,
        /// The join code.
        code: Option<String>,
        /// Matches in a row (the host starts each next one).
        matches: u32,
        /// Seats, the host's included: 2 is a duel, 3 and 4 a table.
        seats: usize,
        /// At a table, the seats the host's computer opponents play (no
        /// guest sits there).
        computers: Vec<(usize, &'static Opponent)>,
        /// Meet the guest through this transit relay (`HOST:PORT`) instead
        /// of listening: no port needs opening.
        relay: Option<String>,
    },
    /// Connect to `address` with `code`.
    Join {
        /// `HOST:PORT`: the host's, or the relay's when `relayed`.
        address: String,
        /// The join code.
        code: String,
        /// `address` is a transit relay the host waits on.
        relayed: bool,
    },
}
