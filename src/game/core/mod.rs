//! The game's spine, which every room stands on: the screens and the solo
//! game's phases as states, the overlays over a game, the `Update` sets in
//! their one order, the table's rules apart from the launch options, the round on
//! the table, what the player chose (and the solo screen's mode), the
//! notice line, and where the 3D scene's pixels are in the window.

pub mod choice;
pub mod navigation;
pub mod notice;
pub mod opening;
pub mod overlay;
pub mod view;
pub mod wake;
pub mod watch;

use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::duel::{DEFAULT_DUEL_REROLLS, MAX_DUEL_REROLLS};
use crate::rules::{Hand, PayoutTable, Roll};

use super::profile::{Resumable, Speed, Wallet};

pub use choice::{Choice, Choose, Chosen};
pub use notice::{Notice, NoticeText};
pub use overlay::{AtTable, Overlay};

pub use crate::rules::payout::DEFAULT_REROLLS;

/// The game's `Update` systems in order: the seats' moves come in, the rules
/// answer and the world follows, then what a player sees and hears. (The
/// dice themselves move and are read in `FixedUpdate`, with the physics.)
/// Order new sets here.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys, clicks and computer seats send their moves.
    Input,
    /// The rules answer: the referee, coins, the save, solved minds and odds.
    Rules,
    /// The HUDs, the dice's marks and the labels follow.
    Present,
}

/// Which screen is up.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Pick the solo game or an opponent.
    #[default]
    Start,
    /// The solo game against the payout table.
    Solo,
    /// A duel against a computer opponent.
    Duel,
    /// The player's records and charts.
    Records,
    /// The career's ladder of opponents.
    Ladder,
    /// Speed, reduced motion, language.
    Settings,
    /// Which key does what (from the settings screen).
    Keys,
    /// Host or join a match across a network.
    Lobby,
    /// Choosing who sits at a table of several.
    Seating,
    /// A table of two to four seats.
    Party,
}

/// What a screen that plays at a table plays: the solo game, a duel, or
/// a table of several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Played {
    /// The solo game against the payout table.
    Solo,
    /// A duel.
    Duel,
    /// A table of two to four seats.
    Party,
}

impl Screen {
    /// What this screen plays at a table, if anything: the one place that
    /// says which screens are games, so a new screen is named here once and
    /// every match over [`Played`] needs no catch-all.
    pub fn played(self) -> Option<Played> {
        match self {
            Screen::Solo => Some(Played::Solo),
            Screen::Duel => Some(Played::Duel),
            Screen::Party => Some(Played::Party),
            Screen::Start
            | Screen::Records
            | Screen::Ladder
            | Screen::Settings
            | Screen::Keys
            | Screen::Lobby
            | Screen::Seating => None,
        }
    }
}

/// The phase of a solo game.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Solo)]
pub enum Phase {
    /// Waiting for the first throw.
    #[default]
    Ready,
    /// Dice are moving; input is ignored.
    Rolling,
    /// The hand is shown; the player picks holds and rerolls or confirms.
    Holding,
    /// The hand is fixed and paid.
    Result,
}

/// What the solo screen is playing, set by the choice that opened it: each
/// mode's room starts and ends its part of the game on entering and leaving it.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Solo)]
pub enum SoloMode {
    /// Games for coins against the payout table.
    #[default]
    Free,
    /// 今日の一局: the day's dealt games, for a score.
    Daily,
    /// はじめての一局: a game for coins with the guide beside it.
    Guide,
}

/// The solo phase a player's move acts on: the current one, or `None` outside
/// the solo game or while a phase change is pending. A second move between an
/// accepted one and the change it starts (Space and a click in one frame, say)
/// would act on a phase that is already over: pay twice, or hold a die in flight.
pub fn phase_for_input(phase: Option<&State<Phase>>, next: &NextState<Phase>) -> Option<Phase> {
    match next {
        NextState::Unchanged => phase.map(|p| *p.get()),
        NextState::Pending(_) | NextState::PendingIfNeq(_) => None,
    }
}

/// The table's rules: rerolls and payouts.
#[derive(Resource, Debug, Clone)]
pub struct GameConfig {
    /// Rerolls allowed per solo game.
    pub rerolls: u32,
    /// Rerolls per player per duel round.
    pub duel_rerolls: u32,
    /// The stake and what each hand pays.
    pub payouts: PayoutTable,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            rerolls: DEFAULT_REROLLS,
            duel_rerolls: DEFAULT_DUEL_REROLLS,
            payouts: PayoutTable::default(),
        }
    }
}

impl GameConfig {
    /// The setup for `--rerolls`: the solo game takes any count the advisor
    /// plans for; a duel takes at most [`MAX_DUEL_REROLLS`].
    pub fn with_rerolls(rerolls: Option<u32>) -> GameConfig {
        GameConfig {
            rerolls: rerolls.unwrap_or(DEFAULT_REROLLS),
            duel_rerolls: rerolls
                .unwrap_or(DEFAULT_DUEL_REROLLS)
                .min(MAX_DUEL_REROLLS as u32),
            ..GameConfig::default()
        }
    }
}

/// How this run was started: built once, by the command line for the
/// window or by a test or autoplay for a headless app, and used as is by
/// both (`game::launch`); nothing writes to it after (a network match
/// asked for between screens goes through `net::lobby::NetAsked`). What
/// only a window does (its size, a screenshot, sound recording, the frame
/// rate) is not here.
#[derive(Resource, Debug, Clone, Default)]
pub struct Launch {
    /// Seed for the dice and every random choice (`None`: fresh entropy).
    pub seed: Option<u64>,
    /// Rerolls per game (`None`: 2 solo, 1 in a duel).
    pub rerolls: Option<u32>,
    /// What opens first: `None` shows the start screen.
    pub opening: Option<Choice>,
    /// Where the save and the history live (`None`: nothing is kept).
    pub data_dir: Option<PathBuf>,
    /// The player's seat is played by the computer.
    pub auto: bool,
    /// The language asked for on the command line (`None`: the saved one).
    pub lang: Option<crate::lang::Lang>,
    /// The speed asked for on the command line (`None`: the saved one).
    pub speed: Option<Speed>,
    /// The graphics asked for on the command line (`None`: the saved choice).
    pub graphics: Option<crate::game::profile::Graphics>,
    /// The day of the daily challenge (`None`: today, UTC).
    pub daily_date: Option<crate::rules::daily::Day>,
    /// Who sits at a table of several (`--table`; `None`: the last chosen).
    pub table: Option<crate::game::profile::PartySeats>,
    /// Host or join a network match at once (the command line's `host` and `join`).
    pub net: Option<crate::net::seat::NetStart>,
    /// A solo game cut off comes back where it was on the next start (the
    /// window's choice; headless apps give its stake back unless told).
    pub resume_cut_off: bool,
    /// A new player's first start opens the guided game (the window's choice;
    /// headless apps open what they are told).
    pub guide_first_start: bool,
    /// The solo game's dice by slot (`None`: those laid from the bag, fair
    /// dice when none is).
    pub dice: Option<[crate::rules::kinds::DieKind; crate::rules::hand::DICE]>,
}

/// The state of the game being played.
#[derive(Resource, Debug, Clone, Default)]
pub struct Round {
    /// Rerolls still allowed in this game.
    pub rerolls_left: u32,
    /// Faces of the last settled throw, in slot order.
    pub faces: Option<Roll>,
    /// The hand those faces make.
    pub hand: Option<Hand>,
    /// Coins paid for the finished game.
    pub payout: Option<u64>,
}

/// The player's own tray: the solo game's only one, the near one in a duel.
#[derive(Resource, Debug, Clone, Copy)]
pub struct GameTray(pub Entity);

/// The spine: states, sets, the round and what was chosen. Runs without a window.
pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (AppSystems::Input, AppSystems::Rules, AppSystems::Present).chain(),
    );
    app.init_state::<Screen>()
        .add_sub_state::<Phase>()
        .add_sub_state::<SoloMode>()
        .init_resource::<GameConfig>()
        .init_resource::<Launch>()
        .init_resource::<Round>();
    // Leaving a table on purpose gives up what is on it, as before.
    app.add_systems(OnExit(AtTable), give_up_table);
    app.add_plugins((
        choice::plugin,
        navigation::plugin,
        notice::plugin,
        opening::plugin,
        overlay::plugin,
        wake::plugin,
    ));
}

/// The stake is lost and nothing is left to come back to.
fn give_up_table(mut wallet: ResMut<Wallet>, mut resumable: ResMut<Resumable>) {
    wallet.at_stake = 0;
    if resumable.0.is_some() {
        resumable.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_acts_on_the_phase_only_while_no_change_of_phase_is_pending() {
        let holding = State::new(Phase::Holding);
        assert_eq!(
            phase_for_input(Some(&holding), &NextState::Unchanged),
            Some(Phase::Holding)
        );
        // An accepted move already asked for the next phase: a second one
        // this frame acts on nothing.
        for next in [
            NextState::Pending(Phase::Rolling),
            NextState::PendingIfNeq(Phase::Result),
        ] {
            assert_eq!(phase_for_input(Some(&holding), &next), None, "{next:?}");
        }
        // Outside the solo game there is no phase to act on.
        assert_eq!(phase_for_input(None, &NextState::Unchanged), None);
    }
}
