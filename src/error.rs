//! Why a command stopped, and the exit status it gives: shared by every
//! command (the window-free subcommands, the simulator, autoplay).

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Exit status for bad input (the same as clap's usage errors).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status for a failure that is not the input's fault.
pub const EXIT_FAILURE: u8 = 1;

/// Why a command stopped.
#[derive(Debug)]
pub enum CliError {
    /// The user's input was wrong; the message says what and where.
    BadInput(String),
    /// Reading or writing failed.
    Io(io::Error),
    /// Something else went wrong.
    Failed(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::BadInput(msg) | CliError::Failed(msg) => f.write_str(msg),
            CliError::Io(err) => write!(f, "{err}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(err: io::Error) -> Self {
        CliError::Io(err)
    }
}

impl CliError {
    /// Prints the error on stderr (a closed stdout pipe is not an error) and
    /// returns the exit status it deserves.
    pub fn report(self) -> ExitCode {
        match self {
            CliError::Io(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::BadInput(msg) => {
                eprintln!("dice-poker: {msg}");
                ExitCode::from(EXIT_BAD_INPUT)
            }
            other => {
                eprintln!("dice-poker: {other}");
                ExitCode::from(EXIT_FAILURE)
            }
        }
    }
}

/// Turns a command's result into an exit status, reporting any error.
pub fn finish(result: Result<(), CliError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => err.report(),
    }
}
