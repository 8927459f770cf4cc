//! `dice-poker host` and `join` for a match of machines, a duel or (with
//! `--seats N`) a table: the host seats its guests on one join code, each
//! seat played by the hard mind (`--auto`); every machine prints the same
//! transcript as it grows (or, with `--json`, one document at the end, the
//! same on every machine but for the seat) and the matches each seat won.

use std::io::Write;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::CliError;
use crate::net::table::{Meet, host_table, join_table, seat_guests};
use crate::net::{self, Link};
use crate::rules::deal::Nonce;
use crate::rules::duel::Opponent;
use crate::rules::netplay::table::{MatchSession, NetReferee, TableTerms};
use crate::rules::protocol::MatchFormat;
use crate::rules::table::{MAX_SEATS, MIN_SEATS};
use crate::rules::transcript::TableEvent;

/// Checks a table's size for `--seats`.
pub fn check_seats(seats: usize) -> Result<(), CliError> {
    if (MIN_SEATS..=MAX_SEATS).contains(&seats) {
        return Ok(());
    }
    Err(CliError::BadInput(format!(
        "--seats {seats}: a table seats {MIN_SEATS} to {MAX_SEATS}, the host's seat included"
    )))
}

/// Hosts a match: seats every guest on `code`, then plays seat 0 with the
/// hard mind.
pub fn host_table_cli<R: NetReferee>(
    meet: &Meet,
    code: &str,
    terms: TableTerms,
    seed: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut said = Ok(());
    let guests: Vec<usize> = (1..terms.seats).collect();
    let links = seat_guests(meet, code, (&terms, &guests), |seat| {
        let line = format!("seat {} of {} is taken", seat + 1, terms.seats);
        // A duel's one guest is said by the match itself; with --json the
        // document alone goes to stdout.
        match (terms.format, json) {
            (MatchFormat::Duel, _) => {}
            (MatchFormat::Table, true) => eprintln!("{line}"),
            (MatchFormat::Table, false) if said.is_ok() => {
                said = writeln!(out, "{line}").and_then(|()| out.flush());
            }
            (MatchFormat::Table, false) => {}
        }
    })
    .map_err(|e| CliError::Failed(e.to_string()))?;
    said?;
    if let Meet::Listen(listener) = meet
        && let Ok(listener) = listener.try_clone()
    {
        net::refuse_others(listener, terms.format);
    }
    if !json && terms.format == MatchFormat::Table {
        writeln!(out, "the table is full: {} seats", terms.seats)?;
    }
    let mut session = MatchSession::<R>::new(0, terms).map_err(CliError::Failed)?;
    let mut printer = Printer::new(json);
    let (mut whims, mut entropy) = minds(seed);
    let mind = hard()?;
    let report = host_table(
        links,
        &mut session,
        |table, seat| Some(table.mind_move(mind, seat, &mut whims)),
        || entropy.random::<Nonce>(),
        |session| {
            printer.print(session, out);
            true
        },
    )
    .map_err(|e| CliError::Failed(e.to_string()))?;
    if !json {
        for (seat, why) in &report.left {
            writeln!(out, "seat {} left: {why}", seat + 1)?;
        }
    }
    finish(&session, printer, out)
}

/// Plays a guest's seat over `link` (to the host at `address`), under the
/// welcome's terms.
pub fn join_table_cli<R: NetReferee>(
    (link, address): (Link, &str),
    terms: TableTerms,
    seat: usize,
    seed: Option<u64>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let terms_line = match terms.format {
        MatchFormat::Duel => format!(
            "joined {address}: ante {}, raise {}, {} match(es)",
            terms.ante, terms.raise, terms.matches
        ),
        MatchFormat::Table => format!(
            "seated at a table of {}: seat {}, ante {}, raise {}, {} coins each, {} match(es)",
            terms.seats,
            seat + 1,
            terms.ante,
            terms.raise,
            terms.stack,
            terms.matches
        ),
    };
    // With --json the document alone goes to stdout.
    if !json {
        writeln!(out, "{terms_line}")?;
    }
    let mut session = MatchSession::<R>::new(seat, terms).map_err(CliError::Failed)?;
    let mut printer = Printer::new(json);
    let (mut whims, mut entropy) = minds(seed);
    let mind = hard()?;
    join_table(
        (link, false),
        &mut session,
        |table, seat| Some(table.mind_move(mind, seat, &mut whims)),
        || entropy.random::<Nonce>(),
        |session| {
            printer.print(session, out);
            true
        },
    )
    .map_err(|e| CliError::Failed(e.to_string()))?;
    finish(&session, printer, out)
}

/// The mind's whims (seeded or not) and the nonces' entropy (never seeded:
/// no seed may fix the dice).
fn minds(seed: Option<u64>) -> (ChaCha8Rng, ChaCha8Rng) {
    let whims = seed.map_or_else(ChaCha8Rng::from_os_rng, ChaCha8Rng::seed_from_u64);
    (whims, ChaCha8Rng::from_os_rng())
}

fn hard() -> Result<&'static Opponent, CliError> {
    Opponent::find("hard").ok_or_else(|| CliError::Failed("no hard mind".to_owned()))
}

/// Prints the transcript's new lines as the table goes (none with `json`).
struct Printer {
    json: bool,
    printed: usize,
}

impl Printer {
    fn new(json: bool) -> Printer {
        Printer { json, printed: 0 }
    }

    fn print<R: NetReferee>(&mut self, session: &MatchSession<R>, out: &mut impl Write) {
        if !self.json {
            for event in &session.events[self.printed..] {
                let _ = writeln!(out, "{}", event.line());
            }
            let _ = out.flush();
        }
        self.printed = session.events.len();
    }
}

/// The end: the document, or the matches each seat won.
fn finish<R: NetReferee>(
    session: &MatchSession<R>,
    printer: Printer,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if printer.json {
        serde_json::to_writer_pretty(&mut *out, &TableDocument::of(session))
            .map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out)?;
        return Ok(());
    }
    let wins: Vec<String> = session
        .wins
        .iter()
        .enumerate()
        .map(|(seat, won)| match seat {
            0 => format!("host {won}"),
            s => format!("seat {} {won}", s + 1),
        })
        .collect();
    writeln!(out, "matches won: {}", wins.join(", "))?;
    Ok(())
}

/// A match as one JSON document: the same on every machine but for `seat`.
#[derive(Serialize)]
struct TableDocument<'a> {
    /// The rules played.
    format: MatchFormat,
    /// This machine's seat (0: the host).
    seat: usize,
    seats: usize,
    match_id: u64,
    ante: u64,
    raise: u64,
    /// Coins each seat sat down with (a table's).
    #[serde(skip_serializing_if = "Option::is_none")]
    stack: Option<u64>,
    /// Every event, in order.
    events: &'a [TableEvent],
    /// Matches won by each seat.
    wins: &'a [u32],
    /// Each seat's coins at the end (a table's: at a duel each plays from
    /// its wallet).
    #[serde(skip_serializing_if = "Option::is_none")]
    stacks: Option<Vec<u64>>,
}

impl TableDocument<'_> {
    fn of<R: NetReferee>(session: &MatchSession<R>) -> TableDocument<'_> {
        let terms = session.terms();
        let table = session.table();
        TableDocument {
            format: terms.format,
            seat: session.me(),
            seats: terms.seats,
            match_id: terms.match_id,
            ante: terms.ante,
            raise: terms.raise,
            stack: (terms.format == MatchFormat::Table).then_some(terms.stack),
            events: &session.events,
            wins: &session.wins,
            stacks: (0..terms.seats).map(|s| table.stack_of(s)).collect(),
        }
    }
}
