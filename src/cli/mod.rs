//! The command-line subcommands that need no window: eval, odds, advise,
//! payouts, stats, versus, ladder, and host/join of a match between two
//! machines.
//!
//! Each writes to any `Write` so the tests can read what a user would see.

mod advise;
pub mod args;
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

pub use advise::{advise, advise_duel};
pub use daily::daily;
pub use data::{data_folder, saved_profile};
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
