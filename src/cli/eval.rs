//! `dice-poker eval`: name the hand of a roll, from arguments or one roll per line of input.

use std::io::{BufRead, Write};

use super::{CliError, parse_face};
use crate::rules::{self, RollError};

/// Evaluates one roll given as faces (already checked to be 1..=6 by the parser).
pub fn eval_args(faces: &[u8], out: &mut impl Write) -> Result<(), CliError> {
    let hand = rules::evaluate(faces).map_err(|e| CliError::BadInput(e.to_string()))?;
    writeln!(out, "{hand}")?;
    Ok(())
}

/// Evaluates one roll per line. Every good line before a bad one is printed;
/// the bad one is named with its line number.
pub fn eval_lines(input: impl BufRead, out: &mut impl Write) -> Result<(), CliError> {
    for (i, line) in input.lines().enumerate() {
        let number = i + 1;
        let line = line.map_err(|e| {
            CliError::BadInput(format!("line {number}: cannot be read as text ({e})"))
        })?;
        match parse_line(&line) {
            Ok(hand) => writeln!(out, "{hand}")?,
            Err(msg) => {
                // What was good so far reaches the user before the error does.
                out.flush()?;
                return Err(CliError::BadInput(format!(
                    "line {number}: {msg}: {:?}",
                    line.trim_end()
                )));
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn parse_line(line: &str) -> Result<rules::Hand, String> {
    let faces = line
        .split_whitespace()
        .map(parse_face)
        .collect::<Result<Vec<u8>, String>>()?;
    rules::evaluate(&faces).map_err(|e: RollError| e.to_string())
}
