//! Parses the command line and hands over to the library.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use dice_poker::cli::{self, CliError, finish, parse_face};
use dice_poker::{GameOptions, SimulateOptions};

/// Dice poker with five physical dice. With no subcommand, opens the game window.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Seed for the dice throws (default: fresh entropy every run).
    #[arg(long)]
    seed: Option<u64>,
    /// Rerolls per game.
    #[arg(long, default_value_t = dice_poker::game::DEFAULT_REROLLS,
          value_parser = clap::value_parser!(u32).range(0..=dice_poker::rules::advisor::MAX_REROLLS as i64))]
    rerolls: u32,
    /// Where the coin balance is saved (default: the user's data directory).
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Throw by itself instead of waiting for the player.
    #[arg(long)]
    auto: bool,
    /// Save a screenshot here once the first result shows, then exit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Name the hand of a roll: `eval 3 3 3 3 3`, or one roll per line on stdin.
    Eval {
        /// Five faces; none to read rolls from standard input.
        #[arg(value_parser = parse_face, allow_negative_numbers = true)]
        faces: Vec<u8>,
    },
    /// Exact odds of each hand when some faces are held and the rest thrown once.
    Odds {
        /// Faces kept (up to five).
        #[arg(long, num_args = 1..=5, value_parser = parse_face, allow_negative_numbers = true)]
        hold: Vec<u8>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Every hold for a roll, best first, with its exact expected payout.
    Advise {
        /// The five faces of the roll.
        #[arg(required = true, value_parser = parse_face, allow_negative_numbers = true)]
        faces: Vec<u8>,
        /// Rerolls left after this roll.
        #[arg(long, default_value_t = 2)]
        rerolls: usize,
    },
    /// The payout table and its exact return to player.
    Payouts,
    /// Throw the physical dice headless many times and report how fair they are.
    Simulate {
        /// How many throws of all five dice.
        #[arg(long, default_value_t = 1_000)]
        throws: u64,
        /// Seed for the throws (default: fresh entropy, printed in the report).
        #[arg(long)]
        seed: Option<u64>,
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = io::stdout().lock();
    match cli.command {
        Some(Command::Eval { faces }) if faces.is_empty() => {
            if io::stdin().is_terminal() {
                eprintln!("reading rolls from standard input, one per line (five faces 1-6)");
            }
            finish(cli::eval_lines(io::stdin().lock(), &mut out))
        }
        Some(Command::Eval { faces }) => finish(cli::eval_args(&faces, &mut out)),
        Some(Command::Odds { hold, json }) => finish(cli::odds(&hold, json, &mut out)),
        Some(Command::Advise { faces, rerolls }) => finish(cli::advise(&faces, rerolls, &mut out)),
        Some(Command::Payouts) => finish(cli::payouts(&mut out)),
        Some(Command::Simulate { throws, seed, json }) => finish(dice_poker::simulate::run(
            &SimulateOptions {
                throws,
                seed: seed.unwrap_or_else(rand::random),
                json,
            },
            &mut out,
        )),
        None => finish(
            dice_poker::run_game(GameOptions {
                seed: cli.seed,
                rerolls: cli.rerolls,
                data_dir: cli.data_dir,
                auto: cli.auto,
                screenshot: cli.screenshot,
            })
            .map_err(CliError::Failed),
        ),
    }
}
