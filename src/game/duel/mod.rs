//! A duel: two trays on one table, the rules of [`crate::rules::duel`] as the
//! only referee, and a [`Seat`](crate::game::table::Seat) on each side that decides for it. Every seat
//! sends the same events (`Advance`, `Confirm`, `ToggleHold`, [`Bet`]); the
//! flow judges them alike and never asks who sent them.
//!
//! The referee's step is mirrored as the [`MatchStep`](crate::game::table::MatchStep)
//! state, and each accepted move triggers [`Moved`](crate::game::table::Moved)
//! (and [`RoundEnded`] when a round is decided),
//! so that nothing needs to watch the table frame by frame.

mod accuse;
pub mod badge;
pub mod cheat;
pub mod cpu;
pub mod flow;
pub mod friend;
pub mod hint;
pub mod hud;
pub mod hud_text;
pub mod luck;
pub mod odds_bar;
pub mod own;
pub mod portrait;
pub mod pot;
pub mod record;
pub mod resume;
pub mod setup;
pub mod words;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

pub use crate::game::profile::Terms;
pub use crate::game::table::Bet;
use crate::game::table::{Asker, NextStep};
use crate::rules::duel::opponent::SOLVED;
use crate::rules::duel::{Brains, Duel, DuelRules, Opponent, Side};
use crate::rules::netplay::Decision;

use super::{AppSystems, Choice, Launch, Screen};

/// The player's exact chance (win + tie/2) under optimal play from here, when known.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct LiveOdds {
    /// The chance, 0 to 1.
    pub player: Option<f64>,
    /// Whether the bar is shown.
    pub shown: bool,
    /// While the player may change a die with its badge: its best chance
    /// without using it now, and with (from the same solve as `player`).
    pub offer: Option<(f64, f64)>,
}

/// Where the player's tray stands: the near side of the table.
pub const PLAYER_TRAY_AT: Vec3 = Vec3::new(0.0, 0.0, 4.6);
/// Where the far seat's tray stands (the opponent's, a friend's or the peer's).
pub const FAR_TRAY_AT: Vec3 = Vec3::new(0.0, 0.0, -4.6);
/// Added to the dice seed for the far tray, so the two trays throw differently.
pub const FAR_SEED_OFFSET: u64 = 0x9E37_79B9_7F4A_7C15;

/// The duel being played: the referee and where its two sides sit.
#[derive(Resource, Debug)]
pub struct Table {
    /// The referee: whose turn, pot, score.
    pub duel: Duel,
    /// Who sits opposite.
    pub opponent: &'static Opponent,
    /// Each side's tray, by [`Side::index`].
    pub trays: [Entity; 2],
    /// Matches started at this table (a new one begins after each is decided).
    pub matches: u32,
    /// What the matches are played for.
    pub terms: Terms,
    /// Who moves first in a new match and starts each next round: the near
    /// side, but the host's (far) side on a guest's machine.
    pub starter: Side,
}

/// Where a table across a network stands apart from its referee (a resource
/// of its own beside [`Table`], so these flags change only what reads them).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TableLink {
    /// The match was cut off (a network peer left or broke the rules): the
    /// table takes no more moves.
    pub closed: bool,
    /// On a guest's machine, the player has seen the decided round (or
    /// match): the host's next round is shown only then. Cleared when a
    /// round begins.
    pub seen: bool,
}

impl Table {
    /// What the main button does now for `side` (`all_held`: every die of its
    /// tray is held). The next round and another match are the starter's to
    /// begin (the host's, across a network).
    pub fn next_step(&self, link: TableLink, side: Side, all_held: bool) -> NextStep {
        let asker = Asker {
            seat: side.index(),
            rerolls_left: self.duel.rerolls_left(side),
            all_held,
            leads: side == self.starter,
            // A guest sees every result until it says so; the host goes on.
            sees: self.is_guest(side) && !link.seen,
            closed: link.closed,
        };
        NextStep::at(self.duel.step().seated(), asker)
    }

    /// True for the near side of a guest's machine, where the host (the far
    /// side) starts each round.
    pub fn is_guest(&self, side: Side) -> bool {
        side == Side::Near && self.starter == Side::Far
    }

    /// The side whose tray is `tray`.
    pub fn side_of(&self, tray: Entity) -> Option<Side> {
        [Side::Near, Side::Far]
            .into_iter()
            .find(|s| self.trays[s.index()] == tray)
    }
}

/// The player's coins at this table, as the wallet has been told of them.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Books {
    /// The player's coins won minus put in, in this match, that the wallet shows.
    pub booked: i64,
    /// The player's coins won minus put in over the finished matches.
    pub closed: i64,
}

/// The referee accepted a side's decision: what a network seat sends the
/// peer (a throw, the slots kept for a reroll, a stand, a bet).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Who decided.
    pub by: Side,
    /// What.
    pub decision: Decision,
}

/// A side chose its holds: a reroll of the free dice, or standing.
#[derive(Event, Debug, Clone)]
pub struct HoldDecided {
    /// Who chose.
    pub side: Side,
    /// The table as it was when the choice was made.
    pub at: Duel,
    /// The slots kept (all five when standing).
    pub held: [bool; 5],
}

/// A round was decided; triggered exactly once per round.
#[derive(Event, Debug, Clone)]
pub struct RoundEnded {
    /// The table just after the round's end.
    pub duel: Duel,
    /// The match it belongs to, counted from 1 at this table.
    pub match_no: u32,
    /// The player's coins won in this match before this round.
    pub won_before: u64,
    /// The far side's, likewise.
    pub far_won_before: u64,
}

/// The rules agreed with a network peer, and whether this machine joined
/// (then the host sits on the far side and starts every round). The network
/// seat puts it down once connected; the table is laid by it.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgreedTable {
    /// The table's rules.
    pub rules: DuelRules,
    /// This machine is the guest.
    pub guest: bool,
}

/// The opponents' minds, solved once for the process ([`SOLVED`]).
#[derive(Resource)]
pub struct Minds(pub &'static Brains);

/// The solve of [`Minds`] on Bevy's async compute pool, while it runs.
#[derive(Resource)]
pub struct Solving(Task<&'static Brains>);

/// Adds duels: trays, referee, seats, hints. Runs without a window.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Books>().init_resource::<TableLink>();
    // At start-up unless the run opens on a game that has no duel (a solo
    // game, the daily, the guide, a table): then once a duel may come.
    app.add_systems(Startup, start_solving.run_if(duels_ahead));
    app.add_systems(OnEnter(Screen::Start), start_solving);
    app.add_systems(OnEnter(Screen::Duel), start_solving);
    app.add_systems(
        Update,
        finish_solving
            .run_if(resource_exists::<Solving>)
            .in_set(AppSystems::Rules),
    );
    app.add_plugins((
        flow::plugin,
        setup::plugin,
        friend::plugin,
        badge::plugin,
        cheat::plugin,
        cpu::plugin,
        hint::plugin,
        luck::plugin,
        record::plugin,
        resume::plugin,
        hud::plugin,
        hud_text::plugin,
        odds_bar::plugin,
        pot::plugin,
        portrait::plugin,
    ));
    app.add_plugins((own::plugin, accuse::plugin));
}

/// True unless the run opens on a game without a duel, and no network match.
fn duels_ahead(launch: Res<Launch>) -> bool {
    let solo = matches!(
        launch.opening,
        Some(Choice::Solo | Choice::Daily | Choice::Guide | Choice::Seated)
    );
    !solo || launch.net.is_some()
}

/// Starts the solve, unless it is done or under way.
fn start_solving(mut commands: Commands, minds: Option<Res<Minds>>, solving: Option<Res<Solving>>) {
    if minds.is_none() && solving.is_none() {
        let task = AsyncComputeTaskPool::get().spawn(async { &*SOLVED });
        commands.insert_resource(Solving(task));
    }
}

fn finish_solving(mut commands: Commands, mut solving: ResMut<Solving>) {
    if let Some(brains) = check_ready(&mut solving.0) {
        commands.insert_resource(Minds(brains));
        commands.remove_resource::<Solving>();
    }
}
