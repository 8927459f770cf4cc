//! Reading the player's own files without trusting them: only a regular
//! file is opened (a named pipe or a device would block the game or never
//! end), a file larger than its kind ever is is refused before a byte is
//! read, and what is quoted from a bad file in a message is a short excerpt.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// The most characters of a file's own text a message quotes.
pub const EXCERPT_CHARS: usize = 120;

/// Why a file was not read (the caller names the file).
fn refused(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

/// Opens `path` for reading if it is a regular file (after symbolic links),
/// without blocking on anything else.
pub fn open_regular(path: &Path) -> io::Result<File> {
    // Looked at before opening: opening a named pipe waits for a writer.
    let kind = fs::metadata(path)?.file_type();
    if !kind.is_file() {
        return Err(refused(format!(
            "not a regular file but {}",
            kind_words(&kind)
        )));
    }
    let file = File::open(path)?;
    // And again on what was opened, in case the name changed hands between.
    if !file.metadata()?.is_file() {
        return Err(refused("not a regular file".to_owned()));
    }
    Ok(file)
}

/// What a file that is not a regular file is.
fn kind_words(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "something else"
    }
}

/// The whole of a regular file of at most `max` bytes.
pub fn read_capped(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > max {
        return Err(too_large(len, max));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    // A file that grows while it is read is still cut at the limit.
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64, max));
    }
    Ok(bytes)
}

fn too_large(len: u64, max: u64) -> io::Error {
    refused(format!(
        "{len} bytes, more than the {max} such a file ever holds"
    ))
}

/// At most [`EXCERPT_CHARS`] characters of `text`, marked when cut.
pub fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(EXCERPT_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dice-poker-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn only_a_regular_file_within_its_size_is_read() {
        let dir = scratch("regular");
        let file = dir.join("save.json");
        fs::write(&file, b"{}").unwrap();
        assert_eq!(read_capped(&file, 2).unwrap(), b"{}");
        let big = read_capped(&file, 1).unwrap_err();
        assert!(big.to_string().contains("2 bytes"), "{big}");
        let folder = read_capped(&dir, 10).unwrap_err();
        assert!(folder.to_string().contains("a folder"), "{folder}");
        let missing = read_capped(&dir.join("none"), 10).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_at_once_instead_of_waited_on() {
        let dir = scratch("fifo");
        let pipe = dir.join("save.json");
        let made = std::process::Command::new("mkfifo").arg(&pipe).status();
        assert!(
            made.is_ok_and(|s| s.success()),
            "mkfifo (coreutils) runs here"
        );
        // With no writer, opening it would wait for ever: this returns.
        let err = read_capped(&pipe, 1 << 20).unwrap_err();
        assert!(err.to_string().contains("named pipe"), "{err}");
    }

    #[test]
    fn an_excerpt_is_short_and_says_it_was_cut() {
        assert_eq!(excerpt("short"), "short");
        let long = "あ".repeat(10_000);
        let cut = excerpt(&long);
        assert_eq!(cut.chars().count(), EXCERPT_CHARS + 1);
        assert!(cut.ends_with('…'));
    }
}
