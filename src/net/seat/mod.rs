//! A network seat for the game window: the match with the peer runs on its
//! own threads (the session and its deals, the heartbeat, a reader for the
//! socket), and talks to the game through two channels only. The game sends
//! the local player's decisions as the referee accepts them; it gets back,
//! in the session's own order, the peer's moves and every throw's dealt
//! faces, to replay on its table as any seat's events.

mod start;
mod table;

pub use start::NetStart;

use std::collections::VecDeque;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::thread;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::table::Meet;
use super::{
    Cut, DEAL_DEADLINE, GONE_AFTER, HEARTBEAT, Link, NetError, TURN_DEADLINE, host, host_relayed,
    join_at, lan_addresses, refuse_others,
};
use crate::rules::deal::Nonce;
use crate::rules::duel::{DuelRules, Opponent, Side, Step};
use crate::rules::hand::Roll;
use crate::rules::netplay::table::TableTerms;
use crate::rules::netplay::{Decision, Session, rules_for};
use crate::rules::protocol::{Message, join_code, normalize_code, shown_code, welcome_terms};
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
    /// The peer is here: the match is on, under these rules; `guest` is true
    /// on the guest's machine.
    Connected {
        /// This machine joined.
        guest: bool,
        /// The agreed rules.
        rules: DuelRules,
    },
    /// The peer's move, judged by the session's referee: `by` in the
    /// protocol's seats (host: [`Side::Near`]).
    Peer {
        /// The peer's seat.
        by: Side,
        /// The move.
        message: Message,
    },
    /// A throw's dealt faces (either side's), protocol seats.
    Dealt {
        /// Whose throw.
        side: Side,
        /// The five faces.
        roll: Roll,
    },
    /// Hosting a table: `taken` of its `seats` are taken (the host's counted).
    Seated {
        /// Seats taken.
        taken: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// Every seat of a table of machines is taken: it is on, under these
    /// terms, with this machine in seat `me` (0: the host).
    TableConnected {
        /// This machine's seat.
        me: usize,
        /// The agreed terms.
        terms: TableTerms,
        /// The seats the host's minds play, as the host knows them (a
        /// guest does not: to it they are seats at another machine).
        computers: Vec<(usize, &'static Opponent)>,
    },
    /// What happened at the table of machines, in the session's order: a
    /// move (this machine's own once the host took it), a deal, a seat gone.
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
    let (link, session) = match how {
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
            if seats > crate::rules::duel::DUEL_SEATS {
                let table = (matches, seats, computers.as_slice());
                return table::host((port, relay), &code, table, inbox, outbox);
            }
            let match_id: u64 = rand::random();
            let (ante, raise) = WINDOW_STAKE;
            let welcome = Message::Welcome {
                match_id,
                ante,
                raise,
                matches,
            };
            let link = wait_for_guest(port, relay, &code, &welcome, outbox)?;
            let rules = rules_for(ante, raise);
            (link, Session::new(Side::Near, match_id, rules, matches))
        }
        NetStart::Join {
            address,
            code,
            relayed,
        } => {
            let code = normalize_code(&code);
            let (link, welcome) = join_at(&address, &code, relayed)?;
            if let Message::TableWelcome { .. } = welcome {
                return table::join(link, &welcome, inbox, outbox);
            }
            let (match_id, ante, raise, matches) =
                welcome_terms(&welcome).map_err(NetError::Protocol)?;
            let rules = rules_for(ante, raise);
            (link, Session::new(Side::Far, match_id, rules, matches))
        }
    };
    let rules = session.duel().rules();
    let _ = outbox.send(FromNet::Connected {
        guest: session.me() == Side::Far,
        rules,
    });
    play(link, session, inbox, outbox)
}

/// Waits for a guest with `code` on `port` (or on the transit relay
/// `relay`), telling the game where it waits, and welcomes it.
fn wait_for_guest(
    port: u16,
    relay: Option<String>,
    code: &str,
    welcome: &Message,
    outbox: &Outbox,
) -> Result<Link, Cut> {
    match meeting_place(port, relay, code, outbox)? {
        Meet::Relay(relay) => Ok(host_relayed(&relay, code, welcome)?),
        Meet::Listen(listener) => {
            let link = host(&listener, code, welcome)?;
            // A host takes one guest: later ones are told so.
            refuse_others(listener);
            Ok(link)
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

/// Pumps the session: the game's decisions and the peer's lines in, lines
/// and events out, a heartbeat while both are quiet.
fn play(
    mut link: Link,
    session: Session,
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let result = pump(&mut link, session, inbox, outbox);
    // Whatever ended it, the peer hears the connection close.
    link.shutdown();
    result
}

fn pump(
    link: &mut Link,
    mut session: Session,
    inbox: &Receiver<ToNet>,
    outbox: &Outbox,
) -> Result<(), Cut> {
    let (input, lines) = channel::<Result<Message, NetError>>();
    let mut reader = link.reader_half()?;
    thread::spawn(move || {
        loop {
            let line = reader.receive();
            let stop = matches!(
                line,
                Err(NetError::Closed
                    | NetError::Io(_)
                    | NetError::Protocol(_)
                    | NetError::Stalled
                    | NetError::Forged)
            );
            if input.send(line).is_err() || stop {
                return;
            }
        }
    });
    // Nonces always come from the system's entropy: nothing can fix the dice.
    let mut entropy = ChaCha8Rng::from_os_rng();
    let mut pending: VecDeque<Decision> = VecDeque::new();
    let mut heard = Instant::now();
    let mut beat = Instant::now();
    // Since when the peer has owed its part of a deal, and its move (the
    // duel's step then).
    let mut owed: Option<Instant> = None;
    let mut to_move: Option<(Step, Instant)> = None;
    loop {
        loop {
            match inbox.try_recv() {
                Ok(ToNet::Local(d)) => pending.push_back(d),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return Err(Cut::GameClosed),
            }
        }
        session.advance(|_, _| pending.pop_front(), || entropy.random::<Nonce>())?;
        while let Some(m) = session.outgoing() {
            link.send(&m)?;
            beat = Instant::now();
        }
        while let Some((side, roll)) = session.take_dealt() {
            let _ = outbox.send(FromNet::Dealt { side, roll });
        }
        if session.finished() {
            let _ = outbox.send(FromNet::Finished);
            return Ok(());
        }
        match lines.recv_timeout(POLL) {
            Ok(Ok(Message::Heartbeat)) => heard = Instant::now(),
            // The other side stops, saying why.
            Ok(Ok(Message::Refused { reason })) => return Err(Cut::Refused(reason)),
            Ok(Ok(message)) => {
                heard = Instant::now();
                session.receive(&message)?;
                if is_move(&message) {
                    let by = session.me().other();
                    let _ = outbox.send(FromNet::Peer { by, message });
                }
                while let Some((side, roll)) = session.take_dealt() {
                    let _ = outbox.send(FromNet::Dealt { side, roll });
                }
            }
            Ok(Err(NetError::Timeout)) | Err(RecvTimeoutError::Timeout) => {}
            Ok(Err(e)) => return Err(e.into()),
            Err(RecvTimeoutError::Disconnected) => return Err(Cut::Closed),
        }
        if heard.elapsed() >= GONE_AFTER {
            return Err(Cut::Silent);
        }
        owed = session
            .peer_owes_deal()
            .then(|| owed.unwrap_or_else(Instant::now));
        if owed.is_some_and(|since| since.elapsed() >= DEAL_DEADLINE) {
            return Err(Cut::DealTooSlow);
        }
        let step = session.duel().step();
        to_move = match to_move {
            Some((at, since)) if at == step && session.peer_to_move() => Some((at, since)),
            _ => session.peer_to_move().then(|| (step, Instant::now())),
        };
        if to_move.is_some_and(|(_, since)| since.elapsed() >= TURN_DEADLINE) {
            return Err(NetError::TurnTooSlow.into());
        }
        if beat.elapsed() >= HEARTBEAT {
            link.send(&Message::Heartbeat)?;
            beat = Instant::now();
        }
    }
}

/// How often the session looks at the game's decisions when nothing else comes.
const POLL: Duration = Duration::from_millis(20);

/// A move of the table (not a part of a deal, not a heartbeat).
fn is_move(message: &Message) -> bool {
    matches!(
        message,
        Message::Throw
            | Message::Reroll { .. }
            | Message::Stand
            | Message::Bet { .. }
            | Message::Next
    )
}
