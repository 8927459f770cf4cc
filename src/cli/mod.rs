//! The command-line subcommands that need no window: eval, odds, advise,
//! payouts, stats, versus, ladder, and host/join of a match between two
//! machines.
//!
//! Each writes to any `Write` so the tests can read what a user would see.

mod advise;
pub mod args;
mod cheats;
pub mod commands;
mod crooked;
mod daily;
mod data;
mod eval;
mod icon;
mod ladder;
mod netplay;
mod netplay_table;
mod odds;
mod payouts;
mod stats;
mod versus;

pub use advise::{DuelAsk, advise, advise_duel};
pub use cheats::versus_cheats;
pub use daily::{daily, daily_share};
pub use data::{data_folder, history_folder, saved_profile};
pub use eval::{eval_args, eval_lines, eval_stdin};
pub use icon::icon;
pub use ladder::ladder_report;
pub use netplay::{HostOptions, JoinTarget, host, join, window_host};
pub use odds::odds;
pub use payouts::payouts;
pub use stats::stats;
pub use versus::{Pairings, versus, versus_table};

pub use crate::error::{CliError, EXIT_BAD_INPUT, EXIT_FAILURE, finish};
use crate::lang::{pad, pad_left};

use crate::rules::hand::FACES;

/// The advisor's table: a header, then each hold (its text, its expected
/// payout, its chance of each final hand) ranked as given.
fn write_holds(
    out: &mut impl std::io::Write,
    lang: crate::lang::Lang,
    holds: impl Iterator<Item = (String, f64, [f64; 8])>,
) -> Result<(), CliError> {
    let hands: Vec<crate::rules::HandType> =
        crate::rules::HandType::ALL.iter().rev().copied().collect();
    let mut header = format!("{:>3}  {}{:>9}", "#", pad("hold", 11), "expected");
    for h in &hands {
        header += &format!("  {}", pad_left(crate::lang::hand_type_name(lang, *h), 16));
    }
    writeln!(out, "{}", header.trim_end())?;
    for (rank, (hold, expected, finals)) in holds.enumerate() {
        let mut row = format!("{:>3}  {}{:>9.4}", rank + 1, pad(&hold, 11), expected);
        for h in &hands {
            let p = finals[h.index()] * 100.0;
            row += &format!("  {:>16}", format!("{p:.2}%"));
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// Writes `doc` as one line of JSON.
fn write_json(out: &mut impl std::io::Write, doc: &impl serde::Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, doc).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// Parses one die face for clap: a whole number from 1 to 6.
pub fn parse_face(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (1..=FACES as i64).contains(&n) => Ok(n as u8),
        Ok(n) => Err(format!("{n} is not a die face (1 to {FACES})")),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

/// A probability as a percentage with four decimals.
fn percent(p: f64) -> String {
    format!("{:.4}%", p * 100.0)
}

/// Faces joined by spaces, or a dash for none.
fn faces_text(faces: &[u8]) -> String {
    if faces.is_empty() {
        "-".to_owned()
    } else {
        faces
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}
