//! The subcommands and their options, as clap reads them; `main` runs them.

use std::path::PathBuf;

use clap::Subcommand;

use super::args::{parse_opponent, parse_stake};
use super::parse_face;
use crate::rules::duel::{Badge, DEFAULT_DUEL_REROLLS};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

/// What the command line can ask for besides the game window.
#[derive(Subcommand)]
pub enum Command {
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
        /// The tray's dice, one kind per die in order (fair, tipped,
        /// weighted, loaded, shaved); the held faces lie on the first dice.
        #[arg(long, value_name = "KIND,..", value_parser = DieKind::parse_tray)]
        dice: Option<[DieKind; DICE]>,
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
        /// The tray's dice, one kind per die in the roll's order (fair,
        /// tipped, weighted, loaded, shaved).
        #[arg(long, value_name = "KIND,..", value_parser = DieKind::parse_tray)]
        dice: Option<[DieKind; DICE]>,
        /// The opponent's dice, one kind per die in its roll's order.
        #[arg(long, value_name = "KIND,..", value_parser = DieKind::parse_tray, requires = "against")]
        their_dice: Option<[DieKind; DICE]>,
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
    /// Write the game's icon (the window's picture) as a PNG, for packages.
    Icon {
        /// Where to write it (a .png file).
        #[arg(value_name = "PNG")]
        path: PathBuf,
        /// Its edge in pixels (16 to 1024).
        #[arg(long, default_value_t = 256)]
        size: u32,
    },
    /// What your history says: games, coins, return, fair dice, hold accuracy, duels.
    Stats {
        /// Only the dice audit: each of your five dice's faces over the
        /// history, χ² against a fair die and the sequential test's verdict.
        #[arg(long)]
        dice: bool,
        /// Print one JSON object instead of a report.
        #[arg(long)]
        json: bool,
    },
    /// Host a match for a friend on another machine, or a table of three or
    /// four (--seats): prints the address and a join code, seats each guest
    /// on it and deals the dice with them.
    ///
    /// Each peer has 120 s for a move and 10 s for its part of a deal,
    /// heartbeats or not, and one silent for 30 s is gone: it forfeits a
    /// match of two, and at a table it folds and leaves. The host listens on
    /// every interface of this machine; five wrong join codes in all stop it.
    Host {
        /// Port to listen on (0: any free one).
        #[arg(long, default_value_t = 7878)]
        port: u16,
        /// Ante and raise, as ANTE/RAISE.
        #[arg(long, value_name = "ANTE/RAISE", default_value = "10/10", value_parser = parse_stake)]
        stake: (u64, u64),
        /// Use this join code instead of a fresh random one (8 characters,
        /// like 7KQ2-M9XD).
        #[arg(long, value_parser = crate::rules::protocol::parse_code)]
        code: Option<String>,
        /// Matches in a row.
        #[arg(long, default_value_t = 1)]
        matches: u32,
        /// Wait for the guest on this transit relay (HOST:PORT) instead of
        /// listening: no port needs opening.
        #[arg(long, value_name = "HOST:PORT")]
        relay: Option<String>,
        /// Seat a table of this many machines (3 or 4, yours included), every
        /// guest on the same join code; 2, as without it, is a duel.
        #[arg(long, value_name = "N")]
        seats: Option<usize>,
        /// The hard mind plays this seat, without a window.
        #[arg(long)]
        auto: bool,
        /// Print the match as one JSON document at the end (with --auto).
        #[arg(long)]
        json: bool,
    },
    /// Join a friend's match: HOST:PORT and the join code it printed, or
    /// `--relay RELAY` and the code alone.
    Join {
        /// The host's address, HOST:PORT (with --relay: the join code).
        #[arg(value_name = "ADDRESS")]
        first: String,
        /// The join code.
        #[arg(value_name = "CODE")]
        code: Option<String>,
        /// Meet the host on this transit relay (HOST:PORT) it waits on.
        #[arg(long, value_name = "HOST:PORT")]
        relay: Option<String>,
        /// The hard mind plays this seat, without a window.
        #[arg(long)]
        auto: bool,
        /// Print the match as one JSON document at the end (with --auto).
        #[arg(long)]
        json: bool,
    },
    /// The day's challenge: five solo games on dice dealt from the date, the
    /// same everywhere, scored by how well they were held.
    Daily {
        /// The day (default: today, UTC), as YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
        /// Hold what the advisor says.
        #[arg(long, conflicts_with = "share")]
        auto: bool,
        /// Print one JSON object instead of a report.
        #[arg(long, conflicts_with = "share")]
        json: bool,
        /// Print the line to share of the day as you played it (from the
        /// records): one square a game for how well it was held, no dice.
        #[arg(long)]
        share: bool,
    },
    /// The career's ladder: venues, opponents, badges and, with a save, your progress.
    Ladder {
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play whole games headless through the game's plugins and check every frame.
    Autoplay(AutoplayArgs),
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
        /// Two to four opponents at one table instead of pairings, in seat
        /// order (e.g. `hard,easy,easy`): antes, a betting round after each
        /// throw, side pots; no badges.
        #[arg(
            long,
            value_name = "OPPONENTS",
            value_delimiter = ',',
            value_parser = parse_opponent,
            conflicts_with_all = ["a", "ladder", "badge_a", "badge_b"]
        )]
        table: Option<Vec<usize>>,
        /// Cheats instead of pairings: an honest player sits down (--matches
        /// sittings of five matches) with an opponent with each kind of die in
        /// its tray; what accusing at each line of odds comes to: how often an
        /// accusation is wrong, how long a crooked die goes unseen, what it wins.
        #[arg(long, conflicts_with_all = ["a", "ladder", "table", "badge_a", "badge_b"])]
        cheats: bool,
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
    Simulate(SimulateArgs),
}

/// `simulate`'s options.
#[derive(clap::Args)]
pub struct SimulateArgs {
    /// How many throws of all five dice.
    #[arg(long, default_value_t = 1_000)]
    pub throws: u64,
    /// How the dice are thrown: the standard throw, or random flicks.
    #[arg(long = "throw", value_enum, default_value = "standard")]
    pub style: crate::simulate::ThrowStyle,
    /// Print one JSON object instead of a report.
    #[arg(long)]
    pub json: bool,
    /// Also draw faces, hands and settle times as charts into this SVG file.
    #[arg(long, value_name = "SVG")]
    pub plot: Option<PathBuf>,
    /// Make the first die of each tray of this kind (fair, tipped,
    /// weighted, loaded, shaved; the other four stay fair, as in play)
    /// and report its faces beside the distribution the game keeps for it.
    #[arg(long, value_name = "KIND", value_parser = DieKind::named)]
    pub die: Option<DieKind>,
}

impl Command {
    /// True when the subcommand (or none) opens the game window.
    pub fn opens_window(command: Option<&Command>) -> bool {
        matches!(
            command,
            None | Some(
                Command::Daily {
                    auto: false,
                    json: false,
                    share: false,
                    ..
                } | Command::Host { auto: false, .. }
                    | Command::Join { auto: false, .. }
            )
        )
    }
}

impl SimulateArgs {
    /// The simulator's options, with the command line's seed and language.
    pub fn options(self, seed: u64, lang: crate::lang::Lang) -> crate::simulate::SimulateOptions {
        crate::simulate::SimulateOptions {
            throws: self.throws,
            seed,
            style: self.style,
            json: self.json,
            plot: self.plot,
            lang,
            die: self.die,
        }
    }
}

/// `autoplay`'s options.
#[derive(clap::Args)]
pub struct AutoplayArgs {
    /// Complete games (matches in a duel).
    #[arg(long, default_value_t = 1_000)]
    games: u64,
    /// Solo games, duels, a career or matches at a table.
    #[arg(long, value_enum, default_value = "solo")]
    mode: crate::autoplay::Mode,
    /// How the player's seat plays: the exact advice, or random keys and clicks.
    #[arg(long, value_enum, default_value = "best")]
    policy: crate::autoplay::Policy,
    /// The duel opponent (easy, normal or hard).
    #[arg(long, value_parser = parse_opponent, default_value = "hard")]
    opponent: usize,
    /// Seats at the table (`--mode table`, 2 to 4): the player's, then
    /// hard, normal and easy in turn.
    #[arg(long, default_value_t = 4)]
    seats: usize,
    /// At the table, the tavern's three cheats sit beside the player
    /// instead (minstrel, fisher and shipwright), and the player's seat
    /// accuses at the suggested line.
    #[arg(long)]
    cheats: bool,
    /// Rerolls (default: 2 solo, 1 in a duel).
    #[arg(long)]
    rerolls: Option<u32>,
    /// Print one JSON object instead of a report.
    #[arg(long)]
    json: bool,
}

impl AutoplayArgs {
    /// The run these options ask for, with the session's seed and folder.
    pub fn options(
        &self,
        seed: u64,
        data_dir: Option<PathBuf>,
    ) -> crate::autoplay::AutoplayOptions {
        crate::autoplay::AutoplayOptions {
            games: self.games,
            seed,
            mode: self.mode,
            policy: self.policy,
            opponent: self.opponent,
            seats: self.seats,
            cheats: self.cheats,
            rerolls: self.rerolls,
            data_dir,
            json: self.json,
        }
    }
}
