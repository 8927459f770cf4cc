//! Parses the command line and hands over to the library.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use dice_poker::cli::{self, CliError, Pairings, finish, parse_face};
use dice_poker::game::Choice;
use dice_poker::lang::Lang;
use dice_poker::rules::duel::{Badge, DEFAULT_DUEL_REROLLS, OPPONENTS};
use dice_poker::{GameOptions, SimulateOptions};

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
    #[arg(long, conflicts_with = "duel")]
    solo: bool,
    /// Skip the start screen: duel this opponent (easy, normal or hard).
    #[arg(long, value_name = "OPPONENT", value_parser = parse_opponent)]
    duel: Option<usize>,
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
    /// Log the frame rate every second.
    #[arg(long)]
    fps: bool,
    /// Start at this speed: 1 (as it happens), 2, or instant (S changes it in the game).
    #[arg(long, value_name = "SPEED", value_parser = parse_speed)]
    speed: Option<dice_poker::game::speed::Speed>,
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
    /// Every hold for a roll, best first, with its exact expected payout
    /// (or, with --against, its exact win / tie / loss in a duel).
    Advise {
        /// The five faces of the roll.
        #[arg(required = true, value_parser = parse_face, allow_negative_numbers = true)]
        faces: Vec<u8>,
        /// Rerolls left after this roll (default: 2, or 1 with --against).
        #[arg(long)]
        rerolls: Option<usize>,
        /// The opponent's five faces: rank holds by the chance to beat them.
        #[arg(long, num_args = 1..=5, value_parser = parse_face, allow_negative_numbers = true)]
        against: Option<Vec<u8>>,
        /// Rerolls the opponent still has after your final hand (0: its hand is final).
        #[arg(long, requires = "against")]
        their_rerolls: Option<usize>,
        /// Your badge (flip, nudge, reroll; double and shield change no chance).
        #[arg(long, value_name = "BADGE", requires = "against", value_parser = Badge::from_key)]
        badge: Option<Badge>,
        /// The opponent's badge.
        #[arg(long, value_name = "BADGE", requires = "against", value_parser = Badge::from_key)]
        their_badge: Option<Badge>,
        /// Print JSON with exact fractions (needs --against).
        #[arg(long, requires = "against")]
        json: bool,
    },
    /// The payout table and its exact return to player.
    Payouts,
    /// What your history says: games, coins, return, fair dice, hold accuracy, duels.
    Stats {
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
    },
    /// Host a match for a friend on another machine: prints the address and a
    /// join code, takes one guest, deals the dice with it.
    Host {
        /// Port to listen on (0: any free one).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// Ante and raise, as ANTE/RAISE.
        #[arg(long, value_name = "ANTE/RAISE", default_value = "10/10", value_parser = parse_stake)]
        stake: (u64, u64),
        /// Use this join code instead of a fresh random one.
        #[arg(long)]
        code: Option<String>,
        /// Matches in a row.
        #[arg(long, default_value_t = 1)]
        matches: u32,
        /// The hard mind plays this seat, without a window.
        #[arg(long)]
        auto: bool,
    },
    /// Join a friend's match: HOST:PORT and the join code it printed.
    Join {
        /// The host's address, HOST:PORT.
        address: String,
        /// The join code.
        code: String,
        /// The hard mind plays this seat, without a window.
        #[arg(long)]
        auto: bool,
    },
    /// The day's challenge: five solo games on dice dealt from the date, the
    /// same everywhere, scored by how well they were held.
    Daily {
        /// The day (default: today, UTC), as YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
        /// Hold what the advisor says.
        #[arg(long)]
        auto: bool,
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
    },
    /// The career's ladder: venues, opponents, badges and, with a save, your progress.
    Ladder {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play whole games headless through the game's plugins and check every frame.
    Autoplay {
        /// Complete games (matches in a duel).
        #[arg(long, default_value_t = 1_000)]
        games: u64,
        /// Solo games or duels.
        #[arg(long, value_enum, default_value = "solo")]
        mode: dice_poker::autoplay::Mode,
        /// How the player's seat plays: the exact advice, or random keys and clicks.
        #[arg(long, value_enum, default_value = "best")]
        policy: dice_poker::autoplay::Policy,
        /// The duel opponent (easy, normal or hard).
        #[arg(long, value_parser = parse_opponent, default_value = "hard")]
        opponent: usize,
        /// Rerolls (default: 2 solo, 1 in a duel).
        #[arg(long)]
        rerolls: Option<u32>,
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
    },
    /// The computer opponents duel each other with fair dice: who wins how often.
    Versus {
        /// Matches per pairing.
        #[arg(long, default_value_t = 1_000)]
        matches: u64,
        /// Rerolls per player per round (0 to 2).
        #[arg(long, default_value_t = DEFAULT_DUEL_REROLLS)]
        rerolls: u32,
        /// Play only this opponent (any key `ladder` lists) ...
        #[arg(long, value_name = "OPPONENT", value_parser = parse_opponent, requires = "b")]
        a: Option<usize>,
        /// ... against this one.
        #[arg(long, value_name = "OPPONENT", value_parser = parse_opponent, requires = "a")]
        b: Option<usize>,
        /// Every rung of the ladder against the one below it, with the upper
        /// rung's stakes and match length.
        #[arg(long, conflicts_with = "a")]
        ladder: bool,
        /// The first-named opponent plays with this badge.
        #[arg(long, value_name = "BADGE", value_parser = Badge::from_key)]
        badge_a: Option<Badge>,
        /// Its rival plays with this badge.
        #[arg(long, value_name = "BADGE", value_parser = Badge::from_key)]
        badge_b: Option<Badge>,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Throw the physical dice headless many times and report how fair they are.
    Simulate {
        /// How many throws of all five dice.
        #[arg(long, default_value_t = 1_000)]
        throws: u64,
        /// How the dice are thrown: the standard throw, or random flicks.
        #[arg(long = "throw", value_enum, default_value = "standard")]
        style: dice_poker::simulate::ThrowStyle,
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
        /// Also draw faces, hands and settle times as charts into this SVG file.
        #[arg(long, value_name = "SVG")]
        plot: Option<PathBuf>,
    },
}

/// A window size for clap: `800x600`, each side 320 to 8192 pixels.
fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a window size such as 800x600");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (320..=8192).contains(n))
            .ok_or_else(bad)
    };
    Ok((side(w)?, side(h)?))
}

/// A speed for clap.
fn parse_speed(text: &str) -> Result<dice_poker::game::speed::Speed, String> {
    use dice_poker::game::speed::Speed;
    match text {
        "1" | "1x" => Ok(Speed::Normal),
        "2" | "2x" => Ok(Speed::Double),
        "instant" => Ok(Speed::Instant),
        _ => Err(format!("'{text}' is not a speed: give 1, 2 or instant")),
    }
}

/// A stake for clap: ANTE/RAISE, both at least 1.
fn parse_stake(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{text}' is not a stake: give ANTE/RAISE, as 10/10");
    let (a, r) = text.split_once('/').ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let r: u64 = r.trim().parse().map_err(|_| bad())?;
    if a == 0 || r == 0 {
        return Err(bad());
    }
    Ok((a, r))
}

/// An opponent's key for clap: its index in the list.
fn parse_opponent(key: &str) -> Result<usize, String> {
    OPPONENTS.iter().position(|o| o.key == key).ok_or_else(|| {
        let keys: Vec<&str> = OPPONENTS.iter().map(|o| o.key).collect();
        format!("no opponent '{key}' (choose {})", keys.join(", "))
    })
}

/// The options that only open the game window, by flag, if any was given.
fn window_options(cli: &Cli) -> Vec<&'static str> {
    let given = [
        ("--solo", cli.solo),
        ("--duel", cli.duel.is_some()),
        ("--auto", cli.auto),
        ("--rerolls", cli.rerolls.is_some()),
        ("--window", cli.window.is_some()),
        ("--record-sound", cli.record_sound.is_some()),
        ("--screenshot", cli.screenshot.is_some()),
        ("--fps", cli.fps),
        ("--speed", cli.speed.is_some()),
    ];
    given.iter().filter(|g| g.1).map(|g| g.0).collect()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let text_lang = cli.lang.unwrap_or_default();
    let mut out = io::stdout().lock();
    // --lang, --seed and --data-dir go anywhere; the window's own options
    // mean nothing to a subcommand.
    let window_only = window_options(&cli);
    if cli.command.is_some() && !window_only.is_empty() {
        return finish(Err(CliError::BadInput(format!(
            "{} only open(s) the game window; give it without a subcommand",
            window_only.join(", ")
        ))));
    }
    let seed = cli.seed.unwrap_or_else(rand::random);
    match cli.command {
        Some(Command::Eval { faces }) if faces.is_empty() => {
            if io::stdin().is_terminal() {
                eprintln!("reading rolls from standard input, one per line (five faces 1-6)");
            }
            finish(cli::eval_lines(io::stdin().lock(), text_lang, &mut out))
        }
        Some(Command::Eval { faces }) => finish(cli::eval_args(&faces, text_lang, &mut out)),
        Some(Command::Odds { hold, json }) => finish(cli::odds(&hold, json, text_lang, &mut out)),
        Some(Command::Advise {
            faces,
            rerolls,
            against: Some(against),
            their_rerolls,
            badge,
            their_badge,
            json,
        }) => finish(cli::advise_duel(
            &faces,
            rerolls.unwrap_or(DEFAULT_DUEL_REROLLS as usize),
            &against,
            their_rerolls.unwrap_or(0),
            [badge, their_badge],
            json,
            text_lang,
            &mut out,
        )),
        Some(Command::Advise { faces, rerolls, .. }) => finish(cli::advise(
            &faces,
            rerolls.unwrap_or(dice_poker::game::DEFAULT_REROLLS as usize),
            text_lang,
            &mut out,
        )),
        Some(Command::Payouts) => finish(cli::payouts(text_lang, &mut out)),
        Some(Command::Host {
            port,
            stake,
            code,
            matches,
            auto,
        }) => finish(cli::host(
            &cli::HostOptions {
                port,
                stake,
                code,
                matches,
                seed: cli.seed,
            },
            auto,
            &mut out,
        )),
        Some(Command::Join {
            address,
            code,
            auto,
        }) => finish(cli::join(&address, &code, auto, cli.seed, &mut out)),
        Some(Command::Daily { date, auto, json }) => {
            finish(cli::daily(date.as_deref(), auto, json, text_lang, &mut out))
        }
        Some(Command::Ladder { json }) => {
            let path = dice_poker::game::coins::save_path(cli.data_dir.as_deref());
            let loaded = path
                .filter(|p| p.exists())
                .map(|p| dice_poker::game::coins::load(&p));
            if let Some(warning) = loaded.as_ref().and_then(|l| l.warning.as_ref()) {
                eprintln!("dice-poker: {warning}");
            }
            let save = loaded.as_ref().map(|l| (&l.profile.career, l.coins));
            finish(cli::ladder_report(save, json, text_lang, &mut out))
        }
        Some(Command::Stats { json }) => {
            let dir = cli.data_dir.or_else(|| {
                dice_poker::game::coins::save_path(None).and_then(|p| p.parent().map(PathBuf::from))
            });
            match dir {
                Some(dir) => finish(cli::stats(&dir, json, text_lang, &mut out)),
                None => finish(Err(CliError::Failed(
                    "no data folder found: give --data-dir".to_owned(),
                ))),
            }
        }
        Some(Command::Autoplay {
            games,
            mode,
            policy,
            opponent,
            rerolls,
            json,
        }) => finish(dice_poker::autoplay::run(
            &dice_poker::autoplay::AutoplayOptions {
                games,
                seed,
                mode,
                policy,
                opponent,
                rerolls,
                data_dir: cli.data_dir,
                json,
            },
            &mut out,
        )),
        Some(Command::Versus {
            matches,
            rerolls,
            a,
            b,
            ladder,
            badge_a,
            badge_b,
            json,
        }) => finish(cli::versus(
            matches,
            seed,
            rerolls,
            match (ladder, a.zip(b)) {
                (true, _) => Pairings::Ladder,
                (false, Some((a, b))) => Pairings::Only(a, b),
                (false, None) => Pairings::Classic,
            },
            [badge_a, badge_b],
            json,
            &mut out,
        )),
        Some(Command::Simulate {
            throws,
            style,
            json,
            plot,
        }) => finish(dice_poker::simulate::run(
            &SimulateOptions {
                throws,
                seed,
                style,
                json,
                plot,
                lang: text_lang,
            },
            &mut out,
        )),
        None => finish(
            dice_poker::run_game(GameOptions {
                seed: cli.seed,
                rerolls: cli.rerolls,
                opening: match (cli.solo, cli.duel) {
                    (_, Some(i)) => Some(Choice::Practice(i)),
                    (true, None) => Some(Choice::Solo),
                    (false, None) => None,
                },
                data_dir: cli.data_dir,
                auto: cli.auto,
                window: cli.window,
                lang: cli.lang,
                record_sound: cli.record_sound,
                screenshot: cli.screenshot,
                fps: cli.fps,
                speed: cli.speed,
            })
            .map_err(CliError::Failed),
        ),
    }
}
