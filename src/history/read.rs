//! Reading the history: a line at a time from a regular file, a record at
//! a time to whoever asks, damaged lines skipped and summed up.

use std::io;
use std::path::Path;

use super::Record;

/// Damaged lines named one by one; the rest are only counted.
pub const NAMED_WARNINGS: usize = 5;
/// The longest line a record ever takes; a longer one is damaged.
pub const MAX_RECORD_BYTES: usize = 64 * 1024;

/// What reading the history found.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// Every readable record, oldest first.
    pub records: Vec<Record>,
    /// The first [`NAMED_WARNINGS`] damaged lines skipped, each with its
    /// number, and a last line counting the rest.
    pub warnings: Vec<String>,
    /// Damaged lines skipped in all.
    pub skipped: u64,
}

/// Reads the history into memory; a missing file is an empty history.
/// Damaged lines (not a record, or longer than any record) are skipped, the
/// first few named. Only a regular file is read.
pub fn load(path: &Path) -> io::Result<Loaded> {
    let mut records = Vec::new();
    let mut loaded = for_each(path, |r| records.push(r))?;
    loaded.records = records;
    Ok(loaded)
}

/// Hands each record of the history to `each`, oldest first, a line at a
/// time (nothing is held but the line being read), as [`load`] reads them.
/// Returns the warnings and the count of skipped lines (no records).
pub fn for_each(path: &Path, mut each: impl FnMut(Record)) -> io::Result<Loaded> {
    use std::io::{BufRead, Read};
    let file = match crate::files::open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Loaded::default()),
        Err(e) => return Err(e),
    };
    let mut reader = io::BufReader::new(file);
    let mut loaded = Loaded::default();
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        let read = reader
            .by_ref()
            .take(MAX_RECORD_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            break;
        }
        number += 1;
        let whole = line.ends_with(b"\n") || line.len() <= MAX_RECORD_BYTES;
        if !whole {
            // Skip the rest of an overlong line without keeping it.
            skip_line(&mut reader)?;
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        let why = match (whole, serde_json::from_str::<Record>(text.trim_end())) {
            (true, Ok(r)) => {
                each(r);
                continue;
            }
            (false, _) => format!("longer than {MAX_RECORD_BYTES} bytes"),
            (true, Err(e)) => crate::files::excerpt(&e.to_string()),
        };
        loaded.skipped += 1;
        if loaded.warnings.len() < NAMED_WARNINGS {
            loaded.warnings.push(format!(
                "{}: line {number} is damaged and skipped ({why})",
                path.display()
            ));
        }
    }
    if loaded.skipped > NAMED_WARNINGS as u64 {
        loaded.warnings.push(format!(
            "{}: {} damaged lines skipped in all",
            path.display(),
            loaded.skipped
        ));
    }
    Ok(loaded)
}

/// Reads past the end of the current line.
fn skip_line(reader: &mut impl io::BufRead) -> io::Result<()> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(at) => {
                reader.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}
