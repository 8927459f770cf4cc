//! `dice-poker host` and `dice-poker join`: a match between two machines with
//! dealt dice, each seat played by the hard mind (`--auto`). The host prints
//! its address and join code on the first line, then both print the same
//! transcript, line by line, and who won; with `--json`, one document at
//! the end, the same on both machines but for the seat. With `--relay`, both
//! meet on a transit relay instead: the host opens no port.

use std::io::Write;
use std::net::TcpListener;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::CliError;
use super::netplay_table::{check_seats, host_table_cli, join_table_cli};
use crate::net::seat::{NetStart, WINDOW_STAKE};
use crate::net::table::Meet;
use crate::net::{self, Link, NetError};
use crate::rules::deal::Nonce;
use crate::rules::duel::{Brains, DUEL_SEATS, Opponent, Side};
use crate::rules::netplay::table::TableTerms;
use crate::rules::netplay::{Session, mind_decision, rules_for};
use crate::rules::protocol::{
    MAX_NET_MATCHES, MAX_NET_STAKE, Message, join_code, normalize_code, parse_code, shown_code,
    welcome_terms,
};
use crate::rules::transcript::{Event, Seat};
use serde::Serialize;

/// What a host offers.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// Port to listen on (0: any free one).
    pub port: u16,
    /// Ante and raise.
    pub stake: (u64, u64),
    /// The join code (`None`: a fresh random one).
    pub code: Option<String>,
    /// Matches in a row.
    pub matches: u32,
    /// Wait on this transit relay instead of listening.
    pub relay: Option<String>,
    /// A seed for the mind's whims (`None`: entropy). Dice never depend on it.
    pub seed: Option<u64>,
    /// Seat a table of this many machines, the host's included (`None`: a
    /// match of two).
    pub seats: Option<usize>,
}

/// Refuses to play a seat from the terminal without `--auto`.
fn need_auto(auto: bool) -> Result<(), CliError> {
    if auto {
        Ok(())
    } else {
        Err(CliError::BadInput(
            "this version plays a network match only with --auto (the hard mind in your seat)"
                .to_owned(),
        ))
    }
}

fn failed(e: NetError) -> CliError {
    CliError::Failed(e.to_string())
}

/// Hosts: listens, prints the address and code (on stderr with `json`, so
/// the output is the document alone), takes one guest, plays.
pub fn host(
    options: &HostOptions,
    auto: bool,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    need_auto(auto)?;
    check_matches(options.matches)?;
    // Only terms a guest agrees to play for.
    let (ante, raise) = options.stake;
    if !(1..=MAX_NET_STAKE).contains(&ante) || !(1..=MAX_NET_STAKE).contains(&raise) {
        return Err(CliError::BadInput(format!(
            "--stake must be from 1/1 to {MAX_NET_STAKE}/{MAX_NET_STAKE}: a guest plays for nothing else"
        )));
    }
    let code = match &options.code {
        Some(c) => normalize_code(c),
        None => join_code(rand::random()),
    };
    let match_id: u64 = rand::random();
    let welcome = Message::Welcome {
        match_id,
        ante,
        raise,
        matches: options.matches,
    };
    // Read out in two groups of four, however it was typed.
    let shown = shown_code(&code);
    let mut announce = |place: String| -> Result<(), CliError> {
        if json {
            eprintln!("hosting {place}, join code {shown}");
        } else {
            writeln!(out, "hosting {place}, join code {shown}")?;
            out.flush()?;
        }
        Ok(())
    };
    if let Some(seats) = options.seats {
        check_seats(seats)?;
    }
    // Two seats are a duel, in the window as here: a table is three or four.
    if let Some(seats) = options.seats.filter(|&s| s > DUEL_SEATS) {
        let terms = TableTerms::new(match_id, (ante, raise), options.matches, seats);
        let meet = match &options.relay {
            Some(relay) => {
                announce(format!("a table of {seats} on the relay {relay}"))?;
                Meet::Relay(relay.clone())
            }
            None => {
                let listener = listen(options.port)?;
                let address = listener
                    .local_addr()
                    .map_err(|e| CliError::Failed(e.to_string()))?;
                announce(format!("a table of {seats} on {address}"))?;
                Meet::Listen(listener)
            }
        };
        return host_table_cli(&meet, &code, terms, options.seed, json, out);
    }
    let link = match &options.relay {
        Some(relay) => {
            announce(format!("on the relay {relay}"))?;
            net::host_relayed(relay, &code, &welcome).map_err(failed)?
        }
        None => {
            let listener = listen(options.port)?;
            let address = listener
                .local_addr()
                .map_err(|e| CliError::Failed(e.to_string()))?;
            announce(format!("on {address}"))?;
            let link = net::host(&listener, &code, &welcome).map_err(failed)?;
            net::refuse_others(listener);
            link
        }
    };
    let rules = rules_for(ante, raise);
    let session = Session::new(Side::Near, match_id, rules, options.matches);
    play(link, session, options.seed, json, out)
}

/// Listens on `port` on every address.
fn listen(port: u16) -> Result<TcpListener, CliError> {
    TcpListener::bind(("0.0.0.0", port))
        .map_err(|e| CliError::Failed(format!("cannot listen on port {port}: {e}")))
}

/// Only as many matches in a row as a guest agrees to play.
fn check_matches(matches: u32) -> Result<(), CliError> {
    if (1..=MAX_NET_MATCHES).contains(&matches) {
        return Ok(());
    }
    Err(CliError::BadInput(format!(
        "--matches {matches}: a guest plays 1 to {MAX_NET_MATCHES} matches in a row"
    )))
}

/// Where `join` goes: the host's address, or the relay it waits on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinTarget {
    /// `HOST:PORT` of the host, or of the relay when `relayed`.
    pub address: String,
    /// The join code.
    pub code: String,
    /// Through a transit relay.
    pub relayed: bool,
}

impl JoinTarget {
    /// `join ADDRESS CODE`, or `join --relay RELAY CODE`.
    pub fn of(
        first: String,
        code: Option<String>,
        relay: Option<String>,
    ) -> Result<JoinTarget, CliError> {
        match (relay, code) {
            (Some(relay), None) => Ok(JoinTarget {
                address: relay,
                code: parse_code(&first).map_err(CliError::BadInput)?,
                relayed: true,
            }),
            (Some(_), Some(_)) => Err(CliError::BadInput(
                "with --relay, give the join code alone: the relay is the address".to_owned(),
            )),
            (None, Some(code)) => Ok(JoinTarget {
                address: first,
                code: parse_code(&code).map_err(CliError::BadInput)?,
                relayed: false,
            }),
            (None, None) => Err(CliError::BadInput(
                "join needs the host's HOST:PORT and the join code, or --relay HOST:PORT and the code"
                    .to_owned(),
            )),
        }
    }
}

impl JoinTarget {
    /// How the window starts to join this target.
    pub fn start(self) -> NetStart {
        NetStart::Join {
            address: self.address,
            code: self.code,
            relayed: self.relayed,
        }
    }
}

/// How the window hosts: only at its own stake and for one match or more
/// (other terms are for `--auto`), a duel or, with `seats`, a table.
pub fn window_host(
    port: u16,
    stake: (u64, u64),
    code: Option<String>,
    (matches, seats): (u32, Option<usize>),
    relay: Option<String>,
) -> Result<NetStart, CliError> {
    check_matches(matches)?;
    let seats = seats.unwrap_or(2);
    check_seats(seats)?;
    if stake != WINDOW_STAKE {
        return Err(CliError::BadInput(format!(
            "the window hosts at ante {}, raise {}, one match or more: --stake needs --auto",
            WINDOW_STAKE.0, WINDOW_STAKE.1
        )));
    }
    Ok(NetStart::Host {
        port,
        code,
        matches,
        seats,
        computers: Vec::new(),
        relay,
    })
}

/// Joins a host (directly or on a relay) and plays.
pub fn join(
    target: &JoinTarget,
    auto: bool,
    json: bool,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    need_auto(auto)?;
    let code = normalize_code(&target.code);
    let (link, welcome) = net::join_at(&target.address, &code, target.relayed).map_err(failed)?;
    if let Ok((terms, seat)) = TableTerms::of_welcome(&welcome) {
        return join_table_cli(link, terms, seat, seed, json, out);
    }
    let address = &target.address;
    let (match_id, ante, raise, matches) =
        welcome_terms(&welcome).map_err(|e| CliError::Failed(e.to_string()))?;
    if !json {
        writeln!(
            out,
            "joined {address}: ante {ante}, raise {raise}, {matches} match(es)"
        )?;
    }
    let session = Session::new(Side::Far, match_id, rules_for(ante, raise), matches);
    play(link, session, seed, json, out)
}

/// Pumps the session through the link until every match is decided, printing
/// the transcript as it grows (or, with `json`, one document at the end).
fn play(
    mut link: Link,
    mut session: Session,
    seed: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let brains = Brains::new();
    let mind = Opponent::find("hard").ok_or_else(|| CliError::Failed("no mind".to_owned()))?;
    let mut whims = seed.map_or_else(ChaCha8Rng::from_os_rng, ChaCha8Rng::seed_from_u64);
    // Nonces always come from the system's entropy: no seed may fix the dice.
    let mut entropy = ChaCha8Rng::from_os_rng();
    let mut printed = 0;
    let ended = loop {
        let step = session.advance(
            |duel, side| Some(mind_decision(mind, &brains, duel, side, &mut whims)),
            || entropy.random::<Nonce>(),
        );
        while let Some(m) = session.outgoing() {
            link.send(&m).map_err(failed)?;
        }
        printed = print_events(&session, printed, json, out)?;
        if let Err(e) = step {
            break Err(e.to_string());
        }
        if session.finished() {
            break Ok(());
        }
        // A deal the peer owes has a deadline, and so has its move, longer.
        let owes_deal = session.peer_owes_deal();
        let answer_by = match (owes_deal, session.peer_to_move()) {
            (true, _) => Some(net::DEAL_DEADLINE),
            (false, true) => Some(net::TURN_DEADLINE),
            (false, false) => None,
        }
        .map(|limit| std::time::Instant::now() + limit);
        let message = link
            .receive_move_with(net::HEARTBEAT, net::GONE_AFTER, answer_by)
            .map_err(|e| match e {
                net::NetError::DealTooSlow if !owes_deal => net::NetError::TurnTooSlow,
                e => e,
            })
            .map_err(failed)?;
        if let Err(e) = session.receive(&message) {
            break Err(e.to_string());
        }
    };
    print_events(&session, printed, json, out)?;
    ended.map_err(CliError::Failed)?;
    if json {
        serde_json::to_writer_pretty(&mut *out, &Document::of(&session))
            .map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "matches won: host {}, guest {}",
            session.wins[0], session.wins[1]
        )?;
    }
    Ok(())
}

/// Prints the transcript's lines from event `from` on (none with `json`);
/// the events printed so far.
fn print_events(
    session: &Session,
    from: usize,
    json: bool,
    out: &mut impl Write,
) -> Result<usize, CliError> {
    if !json {
        for event in &session.events[from..] {
            writeln!(out, "{}", event.line())?;
        }
    }
    Ok(session.events.len())
}

/// The match as one JSON document: the same on both machines but for `seat`.
#[derive(Serialize)]
struct Document<'a> {
    /// This machine's seat.
    seat: Seat,
    match_id: u64,
    ante: u64,
    raise: u64,
    /// Every event, in order.
    events: &'a [Event],
    /// Matches won by each seat.
    wins: Wins,
}

#[derive(Serialize)]
struct Wins {
    host: u32,
    guest: u32,
}

impl Document<'_> {
    fn of(session: &Session) -> Document<'_> {
        let (match_id, rules) = session.terms();
        Document {
            seat: session.me().into(),
            match_id,
            ante: rules.ante,
            raise: rules.step,
            events: &session.events,
            wins: Wins {
                host: session.wins[0],
                guest: session.wins[1],
            },
        }
    }
}
