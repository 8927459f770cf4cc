//! `dice-poker eval`: name the hand of a roll, from arguments or one roll per line of input.

use std::io::{BufRead, IsTerminal, Read, Write};

use super::{CliError, parse_face};
use crate::lang::{Lang, hand_name};
use crate::rules::{self, RollError};

/// Evaluates one roll given as faces (already checked to be 1..=6 by the parser).
pub fn eval_args(faces: &[u8], lang: Lang, out: &mut impl Write) -> Result<(), CliError> {
    let hand = rules::evaluate(faces).map_err(|e| CliError::BadInput(e.to_string()))?;
    writeln!(out, "{}", hand_name(lang, &hand))?;
    Ok(())
}

/// Longest line read, in bytes: a roll is a few characters, so anything this
/// long is not one, and reading it whole would only fill memory.
pub const MAX_LINE: usize = 1024;

/// Evaluates one roll per line. Every good line before a bad one is printed;
/// the bad one is named with its line number.
pub fn eval_lines(
    mut input: impl BufRead,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let mut bytes = Vec::with_capacity(64);
    for number in 1.. {
        bytes.clear();
        // At most one byte past the cap, so an endless line costs no memory.
        let read = (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| CliError::BadInput(format!("line {number}: cannot be read ({e})")))?;
        if read == 0 {
            break;
        }
        if bytes.len() > MAX_LINE && !bytes.ends_with(b"\n") {
            out.flush()?;
            return Err(CliError::BadInput(format!(
                "line {number}: longer than {MAX_LINE} bytes, not a roll"
            )));
        }
        let line = std::str::from_utf8(&bytes).map_err(|e| {
            CliError::BadInput(format!("line {number}: cannot be read as text ({e})"))
        })?;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        match parse_line(line) {
            Ok(hand) => writeln!(out, "{}", hand_name(lang, &hand))?,
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

/// Evaluates the rolls on standard input, one per line (saying so first when
/// a person is typing them).
pub fn eval_stdin(lang: Lang, out: &mut impl Write) -> Result<(), CliError> {
    if std::io::stdin().is_terminal() {
        eprintln!("reading rolls from standard input, one per line (five faces 1-6)");
    }
    eval_lines(std::io::stdin().lock(), lang, out)
}
