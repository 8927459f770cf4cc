//! A duel against a computer opponent: two trays on one table, the rules of
//! [`crate::rules::duel`] as the referee, and the opponent's turns sent as the
//! same events a player sends.

pub mod cpu;
pub mod flow;
pub mod hint;
pub mod hud;

use std::thread::JoinHandle;

use bevy::prelude::*;

use crate::rules::duel::{BetAction, Brains, Duel, Opponent, Side};

/// Where the player's tray stands: the near side of the table.
pub const PLAYER_TRAY_AT: Vec3 = Vec3::new(0.0, 0.0, 4.6);
/// Where the opponent's tray stands: the far side.
pub const CPU_TRAY_AT: Vec3 = Vec3::new(0.0, 0.0, -4.6);
/// Added to the dice seed for the opponent's tray, so the two trays throw differently.
pub const CPU_SEED_OFFSET: u64 = 0x9E37_79B9_7F4A_7C15;

/// A betting move by one side (C, R, F or the betting buttons for the player).
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bet {
    /// Who bets.
    pub by: Side,
    /// What.
    pub action: BetAction,
}

/// The duel being played.
#[derive(Resource, Debug)]
pub struct Table {
    /// The referee: whose turn, pot, score.
    pub duel: Duel,
    /// Who sits opposite.
    pub opponent: &'static Opponent,
    /// Each side's tray, by [`Side::index`].
    pub trays: [Entity; 2],
    /// Which dice each side holds, by side and slot.
    pub held: [[bool; 5]; 2],
    /// The player's coins won minus put in that the wallet already shows.
    pub booked: i64,
    /// Matches started at this table (a new one begins after each is decided).
    pub matches: u32,
    /// The player's coins won minus put in over the finished matches at this table.
    pub closed: i64,
    /// Moves the referee refused from a computer-played seat (must stay 0).
    pub refused: u32,
    /// The opponent's last word: its bet, or its hold and why.
    pub said: Option<Said>,
}

/// What the opponent said, kept as facts so any language can show it.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    /// Its bet.
    Bet(BetAction),
    /// The faces it keeps and its exact win chance with them.
    Hold {
        /// Faces kept, low to high.
        held: Vec<u8>,
        /// P(win) + P(tie)/2.
        chance: f64,
    },
}

impl Table {
    /// The side whose tray is `tray`.
    pub fn side_of(&self, tray: Entity) -> Option<Side> {
        [Side::Player, Side::Cpu]
            .into_iter()
            .find(|s| self.trays[s.index()] == tray)
    }
}

/// The opponents' minds, solved once on a worker thread at start-up.
#[derive(Resource)]
pub struct Minds(pub Brains);

/// The worker thread that solves [`Minds`].
#[derive(Resource)]
struct Solving(Option<JoinHandle<Brains>>);

/// The player's seat is played by the computer too (`--auto`), for demos and
/// screenshots.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct PlayerAutopilot(pub bool);

/// Adds duels: trays, referee, opponent turns, hints. Runs without a window.
pub fn plugin(app: &mut App) {
    app.init_resource::<PlayerAutopilot>();
    app.add_systems(Startup, start_solving);
    app.add_systems(Update, finish_solving);
    app.add_plugins((flow::plugin, cpu::plugin, hint::plugin));
}

fn start_solving(mut commands: Commands) {
    commands.insert_resource(Solving(Some(std::thread::spawn(Brains::new))));
}

fn finish_solving(mut commands: Commands, solving: Option<ResMut<Solving>>) {
    let Some(mut solving) = solving else {
        return;
    };
    if solving.0.as_ref().is_some_and(JoinHandle::is_finished)
        && let Some(handle) = solving.0.take()
    {
        match handle.join() {
            Ok(brains) => {
                commands.insert_resource(Minds(brains));
            }
            Err(_) => error!("the opponents' solver failed; duels cannot be played"),
        }
        commands.remove_resource::<Solving>();
    }
}
