//! Parses the command line and hands over to the library.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use dice_poker::cli::args::{checked_day, parse_duel, parse_graphics, parse_speed, parse_window};
use dice_poker::cli::commands::Command;
use dice_poker::cli::{self, CliError, Pairings, finish};
use dice_poker::game::Choice;
use dice_poker::game::profile::PartySeats;
use dice_poker::game::screens::seating::host_for;
use dice_poker::lang::Lang;
use dice_poker::net::seat::NetStart;
use dice_poker::rules::duel::DEFAULT_DUEL_REROLLS;
use dice_poker::rules::hand::DICE;
use dice_poker::rules::kinds::DieKind;
use dice_poker::rules::payout::DEFAULT_REROLLS;
use dice_poker::{Launch, WindowOptions};

/// Dice poker with five physical dice. With no subcommand, opens the game window.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Seed for the dice and every random choice, in the game or a command
    /// (default: fresh entropy every run).
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Rerolls per game (default: 2 solo, 1 per player in a duel, where 0 to 2 are allowed).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=dice_poker::rules::advisor::MAX_REROLLS as i64))]
    rerolls: Option<u32>,
    /// Language of everything shown: ja (default) or en; the game remembers it.
    #[arg(long, global = true, value_enum)]
    lang: Option<Lang>,
    /// Skip the start screen: play the solo game.
    #[arg(long, conflicts_with_all = ["duel", "daily"])]
    solo: bool,
    /// Skip the start screen: play the daily challenge of this day
    /// (YYYY-MM-DD; alone, today's).
    #[arg(long, value_name = "DATE", num_args = 0..=1, default_missing_value = "today", conflicts_with = "duel")]
    daily: Option<String>,
    /// Skip the start screen: practise against this opponent (no coins;
    /// `dice-poker ladder` lists them), or `friend`: two people at this machine.
    #[arg(long, value_name = "OPPONENT", value_parser = parse_duel)]
    duel: Option<Choice>,
    /// Skip the start screen: sit at a table of two to four, in turn order
    /// (`you`, `friend` for a person at this machine, `away` for someone
    /// at another machine (you host), or an opponent's key; e.g.
    /// `you,hard,easy`).
    #[arg(long, value_name = "SEATS", value_parser = PartySeats::parse, conflicts_with_all = ["duel", "daily", "solo"])]
    table: Option<PartySeats>,
    /// The solo game's dice, one kind per die in slot order (fair, tipped,
    /// weighted, loaded, shaved; e.g. `loaded,fair,fair,fair,fair`): the
    /// tray's bodies, the hints and the history go by them. The daily
    /// challenge, duels, tables and network play keep fair dice.
    #[arg(long, value_name = "KIND,..", value_parser = DieKind::parse_tray, conflicts_with_all = ["duel", "daily", "table"])]
    dice: Option<[DieKind; DICE]>,
    /// Where the save and the history live (default: the user's data
    /// directory; for autoplay, nowhere).
    #[arg(long, value_name = "DIR", global = true)]
    data_dir: Option<PathBuf>,
    /// Play by itself instead of waiting for the player (in a duel, both seats).
    #[arg(long)]
    auto: bool,
    /// Write everything the game plays, mixed, to this WAV file (16-bit PCM).
    #[arg(long, value_name = "WAV")]
    record_sound: Option<PathBuf>,
    /// Window size in pixels, as WIDTHxHEIGHT (default 1280x800).
    #[arg(long, value_name = "WxH", value_parser = parse_window)]
    window: Option<(u32, u32)>,
    /// Save a screenshot here once the first result shows, then exit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
    /// Draw every frame and log the frame rate every second, and every 5 s
    /// the frame times (p50, p95, longest) and the main thread's share.
    #[arg(long)]
    fps: bool,
    /// Start at this speed: 1 (as it happens), 2, or instant (S changes it in the game).
    #[arg(long, value_name = "SPEED", value_parser = parse_speed)]
    speed: Option<dice_poker::game::profile::Speed>,
    /// How much to ask of the renderer: auto (low on a software renderer,
    /// high on a graphics card), low or high; the game remembers it.
    #[arg(long, value_name = "TIER", value_parser = parse_graphics)]
    graphics: Option<dice_poker::game::profile::Graphics>,
}

/// The options that only open the game window, by flag, if any was given.
fn window_options(cli: &Cli) -> Vec<&'static str> {
    let given = [
        ("--solo", cli.solo),
        ("--duel", cli.duel.is_some()),
        ("--table", cli.table.is_some()),
        ("--daily", cli.daily.is_some()),
        ("--auto", cli.auto),
        ("--rerolls", cli.rerolls.is_some()),
        ("--window", cli.window.is_some()),
        ("--record-sound", cli.record_sound.is_some()),
        ("--screenshot", cli.screenshot.is_some()),
        ("--fps", cli.fps),
        ("--speed", cli.speed.is_some()),
        ("--graphics", cli.graphics.is_some()),
        ("--dice", cli.dice.is_some()),
    ];
    given.iter().filter(|g| g.1).map(|g| g.0).collect()
}

fn main() -> ExitCode {
    finish(run(Cli::parse()))
}

/// Opens the window at the network lobby, hosting or joining at once.
fn open_lobby(cli: &Cli, net: NetStart) -> Result<(), CliError> {
    open_window(cli, Some(Choice::Lobby), None, Some(net))
}

/// Checks the flags against each other, then opens the window or runs the subcommand.
fn run(mut cli: Cli) -> Result<(), CliError> {
    check_flags(&cli)?;
    match cli.command.take() {
        // Without --auto a person plays the seat, in the window.
        Some(Command::Host {
            port,
            stake,
            code,
            matches,
            relay,
            seats,
            auto: false,
            json: false,
        }) => {
            let net = cli::window_host(port, stake, code, (matches, seats), relay)?;
            open_lobby(&cli, net)
        }
        Some(Command::Join {
            first,
            code,
            relay,
            auto: false,
            json: false,
        }) => open_lobby(&cli, cli::JoinTarget::of(first, code, relay)?.start()),
        Some(Command::Daily {
            date,
            auto: false,
            json: false,
            share: false,
        }) => open_window(
            &cli,
            Some(Choice::Daily),
            checked_day(date.as_deref())?,
            None,
        ),
        None => {
            // A seat for someone at another machine: the table is hosted.
            let host = cli.table.as_ref().and_then(|t| host_for(t, None));
            if let Some(how) = host {
                return open_lobby(&cli, how);
            }
            let day = checked_day(cli.daily.as_deref())?;
            let opening = match (cli.solo, cli.duel, cli.daily.is_some()) {
                _ if cli.table.is_some() => Some(Choice::Seated),
                (_, Some(with), _) => Some(with),
                (_, None, true) => Some(Choice::Daily),
                (true, None, false) => Some(Choice::Solo),
                (false, None, false) => None,
            };
            open_window(&cli, opening, day, None)
        }

        Some(command) => run_command(cli, command),
    }
}

/// The window's own options mean nothing to a subcommand, and a subcommand
/// that opens the window says what it opens.
fn check_flags(cli: &Cli) -> Result<(), CliError> {
    // --lang, --seed and --data-dir go anywhere.
    let window_only = window_options(cli);
    if !Command::opens_window(cli.command.as_ref()) && !window_only.is_empty() {
        return Err(CliError::BadInput(format!(
            "{} only open(s) the game window; give it without a subcommand",
            window_only.join(", ")
        )));
    }
    let picks = [
        ("--solo", cli.solo),
        ("--duel", cli.duel.is_some()),
        ("--table", cli.table.is_some()),
        ("--daily", cli.daily.is_some()),
    ];
    if let Some((flag, _)) = picks.iter().find(|p| p.1)
        && cli.command.is_some()
    {
        return Err(CliError::BadInput(format!(
            "{flag} picks what the window opens; the subcommand already does"
        )));
    }
    Ok(())
}

/// A subcommand that prints text or JSON (or plays by itself).
fn run_command(cli: Cli, command: Command) -> Result<(), CliError> {
    match report(&cli, command) {
        Ok(done) => done,
        Err(command) => play(cli, command),
    }
}

/// A report on hands, odds, payouts, the ladder or the history; any other
/// command is handed back.
fn report(cli: &Cli, command: Command) -> Result<Result<(), CliError>, Command> {
    let text_lang = cli.lang.unwrap_or_default();
    let mut out = io::stdout().lock();
    Ok(match command {
        Command::Eval { faces } if faces.is_empty() => cli::eval_stdin(text_lang, &mut out),
        Command::Eval { faces } => cli::eval_args(&faces, text_lang, &mut out),
        Command::Odds { hold, dice, json } => cli::odds(&hold, dice, json, text_lang, &mut out),
        Command::Advise {
            faces,
            rerolls,
            against: Some(against),
            their_rerolls,
            badge,
            their_badge,
            dice,
            their_dice,
            json,
        } => cli::advise_duel(
            &cli::DuelAsk {
                roll: &faces,
                rerolls: rerolls.unwrap_or(DEFAULT_DUEL_REROLLS as usize),
                against: &against,
                their_rerolls: their_rerolls.unwrap_or(0),
                badges: [badge, their_badge],
                dice: [dice, their_dice],
            },
            json,
            text_lang,
            &mut out,
        ),
        Command::Advise {
            faces,
            rerolls,
            dice,
            ..
        } => cli::advise(
            &faces,
            rerolls.unwrap_or(DEFAULT_REROLLS as usize),
            dice,
            text_lang,
            &mut out,
        ),
        Command::Payouts => cli::payouts(text_lang, &mut out),
        Command::Icon { path, size } => cli::icon(&path, size, &mut out),
        Command::Ladder { json } => {
            let loaded = cli::saved_profile(cli.data_dir.as_deref());
            let save = loaded.as_ref().map(|l| (&l.profile.career.0, l.coins));
            cli::ladder_report(save, json, text_lang, &mut out)
        }
        Command::Stats { dice, json } => cli::history_folder(cli.data_dir.clone())
            .and_then(|dir| cli::stats(&dir, (dice, json), text_lang, &mut out)),
        other => return Err(other),
    })
}

/// A command that plays: a network match or the daily challenge by itself,
/// autoplay, the opponents against each other, the simulator.
fn play(cli: Cli, command: Command) -> Result<(), CliError> {
    let text_lang = cli.lang.unwrap_or_default();
    let mut out = io::stdout().lock();
    let seed = cli.seed.unwrap_or_else(rand::random);
    match command {
        Command::Host {
            port,
            stake,
            code,
            matches,
            relay,
            seats,
            auto,
            json,
        } => cli::host(
            &cli::HostOptions {
                port,
                stake,
                code,
                matches,
                relay,
                seed: cli.seed,
                seats,
            },
            auto,
            json,
            &mut out,
        ),
        Command::Join {
            first,
            code,
            relay,
            auto,
            json,
        } => cli::join(
            &cli::JoinTarget::of(first, code, relay)?,
            auto,
            json,
            cli.seed,
            &mut out,
        ),
        Command::Daily {
            date, share: true, ..
        } => cli::history_folder(cli.data_dir.clone())
            .and_then(|dir| cli::daily_share(&dir, date.as_deref(), text_lang, &mut out)),
        Command::Daily {
            date, auto, json, ..
        } => cli::daily(date.as_deref(), auto, json, text_lang, &mut out),
        Command::Autoplay(a) => dice_poker::autoplay::run(&a.options(seed, cli.data_dir), &mut out),
        Command::Versus {
            cheats: true,
            matches,
            rerolls,
            json,
            ..
        } => cli::versus_cheats(matches, seed, rerolls, json, &mut out),
        Command::Versus {
            table: Some(table),
            matches,
            rerolls,
            json,
            ..
        } => cli::versus_table(matches, seed, rerolls, &table, json, &mut out),
        Command::Versus {
            matches,
            rerolls,
            a,
            b,
            ladder,
            badge_a,
            badge_b,
            json,
            ..
        } => cli::versus(
            matches,
            seed,
            rerolls,
            Pairings::chosen(ladder, a.zip(b)),
            [badge_a, badge_b],
            json,
            &mut out,
        ),
        Command::Simulate(a) => dice_poker::simulate::run(&a.options(seed, text_lang), &mut out),
        // The reports are `report`'s.
        Command::Eval { .. }
        | Command::Odds { .. }
        | Command::Advise { .. }
        | Command::Payouts
        | Command::Icon { .. }
        | Command::Ladder { .. }
        | Command::Stats { .. } => report(&cli, command).unwrap_or(Ok(())),
    }
}

/// Opens the window with the one launch this command line asks for (what
/// opens, the day, a network start) and the window's own options. A run
/// that takes a screenshot plays by itself, the solo game unless told.
fn open_window(
    cli: &Cli,
    opening: Option<Choice>,
    daily_date: Option<dice_poker::rules::daily::Day>,
    net: Option<NetStart>,
) -> Result<(), CliError> {
    let auto = cli.auto || cli.screenshot.is_some();
    let launch = Launch {
        seed: cli.seed,
        rerolls: cli.rerolls,
        opening: opening.or(auto.then_some(Choice::Solo)),
        data_dir: cli::data_folder(cli.data_dir.clone()),
        auto,
        lang: cli.lang,
        speed: cli.speed,
        graphics: cli.graphics,
        daily_date,
        table: cli.table.clone(),
        net,
        resume_cut_off: true,
        guide_first_start: true,
        dice: cli.dice,
    };
    let window = WindowOptions {
        size: cli.window,
        screenshot: cli.screenshot.clone(),
        record_sound: cli.record_sound.clone(),
        fps: cli.fps,
    };
    dice_poker::run_game(launch, window).map_err(CliError::Failed)
}
