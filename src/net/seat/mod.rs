//! A network seat for the game window: the match with the other machines,
//! a duel or a table, runs on its own threads (the session and its deals,
//! the heartbeats, a reader per link), and talks to the game through two
//! channels only. The game sends the local player's decisions as the
//! referee accepts them; it gets back, in the session's own order, every
//! seat's moves and every throw's dealt faces, to replay on its table as
//! any seat's events.

mod start;
mod table;

pub use start::NetStart;

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

use super::table::Meet;
use super::{Cut, lan_addresses};
use crate::rules::duel::{DUEL_SEATS, Duel, Opponent};
use crate::rules::netplay::Decision;
use crate::rules::netplay::table::TableTerms;
use crate::rules::protocol::{join_code, normalize_code, shown_code};
use crate::rules::table::TableMatch;
use crate::rules::table::house::{PARTY_ANTE, PARTY_STEP};
use crate::rules::transcript::TableEvent;

/// Matches in a row when hosting from the start screen.
pub const WINDOW_MATCHES: u32 = 3;
/// The stake of a match hosted from the window: ante and raise.
pub const WINDOW_STAKE: (u64, u64) = (10, 10);

/// What the game sends the network seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToNet {
    /// The local player's decision, accepted by the game's referee.
    Local(Decision),
}

/// What the network seat tells the game, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromNet {
    /// Hosting: listening on this port (or waiting on a relay) with this
    /// code, waiting for a guest.
    Waiting {
        /// The port listened on (0 through a relay).
        port: u16,
        /// The transit relay waited on, if any.
        relay: Option<String>,
        /// Where a friend can reach it (`ADDRESS:PORT`; empty: not known).
        addresses: Vec<String>,
        /// The join code, as read out (`XXXX-XXXX`).
        code: String,
    },
    /// Hosting: `taken` of the match's `seats` are taken (the host's counted).
    Seated {
        /// Seats taken.
        taken: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// Every seat of a match of machines is taken: it is on, under these
    /// terms (a duel's or a table's), with this machine in seat `me` (0:
    /// the host).
    TableConnected {
        /// This machine's seat.
        me: usize,
        /// The agreed terms.
        terms: TableTerms,
        /// The seats the host's minds play, as the host knows them (a
        /// guest does not: to it they are seats at another machine).
        computers: Vec<(usize, &'static Opponent)>,
    },
    /// What happened at the match, in the session's order: a move (this
    /// machine's own once the host took it), a deal, a seat gone.
    Table(TableEvent),
    /// Every agreed match is decided: the connection is closed.
    Finished,
    /// The match cannot go on: why.
    Ended(Cut),
}

/// The game's ends of the two channels.
pub struct NetSeat {
    /// Decisions to the seat.
    pub to_net: Sender<ToNet>,
    /// What the seat tells.
    pub from_net: Receiver<FromNet>,
}

/// Called on the seat's thread after each thing it tells the game, so a game
/// that sleeps while nothing happens wakes up for it.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// What the seat's threads tell the game: each message sent, then the game woken.
pub(super) struct Outbox {
    sender: Sender<FromNet>,
    wake: Wake,
}

impl Outbox {
    /// Sends `message` and wakes the game; an error if the game has gone.
    pub(super) fn send(&self, message: FromNet) -> Result<(), std::sync::mpsc::SendError<FromNet>> {
        self.sender.send(message)?;
        (self.wake)();
        Ok(())
    }
}

/// Starts hosting or joining on a thread of its own; the answer comes on
/// [`NetSeat::from_net`], and `wake` is called after each message.
pub fn start(how: NetStart, wake: Wake) -> NetSeat {
    let (to_net, inbox) = channel::<ToNet>();
    let (sender, from_net) = channel::<FromNet>();
    let outbox = Outbox { sender, wake };
    thread::spawn(move || {
        if let Err(why) = run(how, &inbox, &outbox) {
            let _ = outbox.send(FromNet::Ended(why));
        }
    });
    NetSeat { to_net, from_net }
}

fn run(how: NetStart, inbox: &Receiver<ToNet>, outbox: &Outbox) -> Result<(), Cut> {
    match how {
        NetStart::Host {
            port,
            code,
            matches,
            seats,
            computers,
            relay,
        } => {
            let matches = matches.max(1);
            let code = code
                .map(|c| normalize_code(&c))
                .unwrap_or_else(|| join_code(rand::random()));
            let place = (port, relay);
            if seats > DUEL_SEATS {
                // The house table's stake, as at a table at one machine: a
                // seat sits down with what a new player's wallet holds.
                let stake = (PARTY_ANTE, PARTY_STEP);
                let terms = TableTerms::new(rand::random(), stake, matches, seats);
                let table = (terms, computers.as_slice());
                return table::host::<TableMatch>(place, &code, table, inbox, outbox);
            }
            let terms = TableTerms::duel(rand::random(), WINDOW_STAKE, matches);
            table::host::<Duel>(place, &code, (terms, &[]), inbox, outbox)
        }
        NetStart::Join {
            address,
            code,
            relayed,
        } => {
            let code = normalize_code(&code);
            let (link, welcome) = super::join_at(&address, &code, relayed)?;
            table::join(link, &welcome, inbox, outbox)
        }
    }
}

/// Where a host meets its guests with `code`: on the transit relay
/// `relay`, or listening on `port` (0: any); the game is told where, with
/// the addresses a friend can reach.
fn meeting_place(
    port: u16,
    relay: Option<String>,
    code: &str,
    outbox: &Outbox,
) -> Result<Meet, Cut> {
    if let Some(relay) = relay {
        let _ = outbox.send(FromNet::Waiting {
            port: 0,
            relay: Some(relay.clone()),
            addresses: Vec::new(),
            code: shown_code(code),
        });
        return Ok(Meet::Relay(relay));
    }
    let listener = TcpListener::bind(("0.0.0.0", port)).map_err(|e| Cut::CannotListen {
        port,
        why: e.to_string(),
    })?;
    let port = listener.local_addr()?.port();
    let addresses = lan_addresses()
        .into_iter()
        .map(|ip| SocketAddr::new(ip, port).to_string())
        .collect();
    let _ = outbox.send(FromNet::Waiting {
        port,
        relay: None,
        addresses,
        code: shown_code(code),
    });
    Ok(Meet::Listen(listener))
}
