//! `dice-poker host` and `dice-poker join`: a match between machines with
//! dealt dice, a duel or (`--seats`) a table, each seat played by the hard
//! mind (`--auto`). The host prints its address and join code on the first
//! line; the match itself is played by `netplay_table`. With `--relay`,
//! every machine meets on a transit relay instead: the host opens no port.

use std::io::Write;
use std::net::TcpListener;

use super::CliError;
use super::netplay_table::{check_seats, host_table_cli, join_table_cli};
use crate::net::seat::{NetStart, WINDOW_STAKE};
use crate::net::table::Meet;
use crate::net::{self, NetError};
use crate::rules::duel::{DUEL_SEATS, Duel};
use crate::rules::netplay::table::TableTerms;
use crate::rules::protocol::{
    MAX_NET_MATCHES, MAX_NET_STAKE, MatchFormat, join_code, normalize_code, parse_code, shown_code,
};
use crate::rules::table::TableMatch;

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
    // Read out in two groups of four, however it was typed.
    let shown = shown_code(&code);
    if let Some(seats) = options.seats {
        check_seats(seats)?;
    }
    // Two seats are a duel, in the window as here: a table is three or four.
    let (terms, what) = match options.seats.filter(|&s| s > DUEL_SEATS) {
        Some(seats) => (
            TableTerms::new(match_id, (ante, raise), options.matches, seats),
            format!("a table of {seats} "),
        ),
        None => (
            TableTerms::duel(match_id, (ante, raise), options.matches),
            String::new(),
        ),
    };
    let meet = match &options.relay {
        Some(relay) => Meet::Relay(relay.clone()),
        None => Meet::Listen(listen(options.port)?),
    };
    let place = match &meet {
        Meet::Relay(relay) => format!("the relay {relay}"),
        Meet::Listen(listener) => listener
            .local_addr()
            .map_err(|e| CliError::Failed(e.to_string()))?
            .to_string(),
    };
    let line = format!("hosting {what}on {place}, join code {shown}");
    if json {
        eprintln!("{line}");
    } else {
        writeln!(out, "{line}")?;
        out.flush()?;
    }
    match terms.format {
        MatchFormat::Duel => host_table_cli::<Duel>(&meet, &code, terms, options.seed, json, out),
        MatchFormat::Table => {
            host_table_cli::<TableMatch>(&meet, &code, terms, options.seed, json, out)
        }
    }
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
    let (terms, seat) =
        TableTerms::of_welcome(&welcome).map_err(|e| CliError::Failed(e.to_string()))?;
    let link = (link, target.address.as_str());
    match terms.format {
        MatchFormat::Duel => join_table_cli::<Duel>(link, terms, seat, seed, json, out),
        MatchFormat::Table => join_table_cli::<TableMatch>(link, terms, seat, seed, json, out),
    }
}
