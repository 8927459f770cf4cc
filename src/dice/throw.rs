//! Throwing dice: a random orientation, a start over one side of the tray, and
//! a push into it. Rerolls use the same path with fewer dice.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::assembly::{Assembled, add_next_body};
use super::hold::{Bodies, Held, release};
use super::tray::{DIE_SIZE, TRAY_DEPTH, TRAY_WIDTH, ThrowStream, Tray};

/// Height above the floor at which thrown dice start.
pub const START_HEIGHT: f32 = 4.0;
/// How far in from the tray's -x wall the dice start.
pub const START_INSET: f32 = 1.2;
/// Slowest and fastest push into the tray along +x, units per second.
pub const THROW_SPEED: (f32, f32) = (12.0, 22.0);
/// Largest sideways (z) and downward speed of a throw.
pub const THROW_SIDEWAYS: f32 = 4.0;
/// Largest downward speed at release.
pub const THROW_DOWN: f32 = 6.0;
/// Largest spin about each axis, radians per second.
pub const THROW_SPIN: f32 = 25.0;

/// The session's seed for all throws; `None` draws fresh entropy.
///
/// Every table laid under it (a solo game entered, a duel sat down at) takes
/// a seed of its own from it, the first the session's seed itself: a tray is
/// a physics world of its own, so two tables laid with one seed would deal
/// the same dice, and a second match under `--seed` would replay the first.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct DiceSeed {
    /// The seed given, if any.
    seed: Option<u64>,
    /// Tables laid under it so far.
    laid: u64,
}

impl DiceSeed {
    /// The seed of a session: `None` draws fresh entropy for every table.
    pub fn new(seed: Option<u64>) -> DiceSeed {
        DiceSeed { seed, laid: 0 }
    }

    /// The seed given for the session.
    pub fn session(&self) -> Option<u64> {
        self.seed
    }

    /// The seed of the next table laid: the session's own for the first, one
    /// derived from it and the count for each later one.
    pub fn lay_table(&mut self) -> u64 {
        let Some(seed) = self.seed else {
            return rand::random();
        };
        let n = self.laid;
        self.laid += 1;
        if n == 0 { seed } else { derived_seed(seed, n) }
    }
}

/// A seed of its own for member `index` of a family under `seed` (the trays
/// of a simulation, the workers of an autoplay run, the tables of a session):
/// splitmix64's finaliser, so neighbouring indices give unrelated seeds.
pub fn derived_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Throw these dice of a tray (all five for a new throw, the unheld ones for a
/// reroll). Thrown dice are let go and no longer held.
#[derive(Event, Debug, Clone)]
pub struct ThrowDice {
    /// The tray thrown into.
    pub tray: Entity,
    /// The dice to throw.
    pub dice: Vec<Entity>,
    /// A player's flick, or `None` for the standard throw from the left.
    pub aim: Option<Aim>,
    /// The first throw of a game or round: the tray's [`ThrowStream`] moves
    /// on to its next game.
    pub opens: bool,
}

/// A tray whose thrown dice are still moving.
#[derive(Component, Debug)]
pub struct Rolling {
    /// The dice thrown and not yet at rest.
    pub dice: Vec<Entity>,
    /// Simulated seconds since the throw.
    pub elapsed: f32,
    /// Simulated seconds since the last push (throw, nudge or respawn).
    pub(super) since_push: f32,
    /// Nudges so far in this throw.
    pub(super) nudges: u32,
    /// This throw's random stream: its nudges and the dice it throws again
    /// draw from it, so they never shift a later throw.
    pub(super) rng: ChaCha8Rng,
}

impl Rolling {
    /// A throw of these dice, just started, drawing from `rng`.
    pub fn new(dice: Vec<Entity>, rng: ChaCha8Rng) -> Rolling {
        Rolling {
            dice,
            elapsed: 0.0,
            since_push: 0.0,
            nudges: 0,
            rng,
        }
    }

    /// Adds dice thrown again while the throw is under way (a respawn).
    pub fn add(&mut self, dice: &[Entity]) {
        for &d in dice {
            if !self.dice.contains(&d) {
                self.dice.push(d);
            }
        }
        self.since_push = 0.0;
    }
}

/// Where and how hard a player flicked the dice. Only the push depends on
/// it: every die still starts in a uniformly random orientation, so how a
/// player throws cannot change the odds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    /// Direction across the tray as (x, z); any length, zero means "to the right".
    pub direction: Vec2,
    /// 0 (gentle) to 1 (as hard as allowed); clamped.
    pub strength: f32,
}

/// Largest random turn added to a flick's direction, in radians, so five dice
/// fan out a little.
pub const AIM_SPREAD: f32 = 0.15;
/// How much a flick's speed varies from die to die (± this share).
pub const AIM_JITTER: f32 = 0.1;

impl Aim {
    /// A random flick anywhere in the allowed range (for the simulator).
    pub fn random(rng: &mut impl Rng) -> Aim {
        let angle = rng.random_range(0.0..std::f32::consts::TAU);
        Aim {
            direction: Vec2::from_angle(angle),
            strength: rng.random(),
        }
    }
}

/// Where the throws that waited for their tray are made, early in a step.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Throws;

/// Throws asked of a tray before it was whole, made as soon as it is (every
/// tray has one from the start, empty once it is whole, so a throw that
/// waits changes no tray's components).
#[derive(Component, Debug, Default)]
pub(super) struct WaitingThrows(Vec<ThrowDice>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DiceSeed>();
    app.add_observer(on_throw_dice);
    app.add_observer(give_waiting_list);
    app.add_systems(
        FixedUpdate,
        throw_once_assembled
            .in_set(Throws)
            .before(add_next_body)
            .before(PhysicsSet::SyncBackend),
    );
}

fn give_waiting_list(add: On<Add, Tray>, mut commands: Commands) {
    commands.entity(add.entity).insert(WaitingThrows::default());
}

/// Makes the throws that waited for their tray, at the start of a step, as a
/// throw asked between steps is made.
fn throw_once_assembled(
    mut commands: Commands,
    mut trays: Query<&mut WaitingThrows, With<Assembled>>,
) {
    for mut waiting in &mut trays {
        if waiting.0.is_empty() {
            continue;
        }
        for throw in waiting.0.drain(..) {
            commands.trigger(throw);
        }
    }
}

/// A uniformly random rotation (Shoemake's method from three uniforms).
pub fn random_rotation(rng: &mut impl Rng) -> Quat {
    use std::f32::consts::TAU;
    let (u1, u2, u3): (f32, f32, f32) = (rng.random(), rng.random(), rng.random());
    let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
    Quat::from_xyzw(
        a * (TAU * u2).sin(),
        a * (TAU * u2).cos(),
        b * (TAU * u3).sin(),
        b * (TAU * u3).cos(),
    )
    .normalize()
}

/// A random spin about each axis, up to [`THROW_SPIN`].
fn random_spin(rng: &mut impl Rng) -> Vec3 {
    Vec3::new(
        rng.random_range(-THROW_SPIN..THROW_SPIN),
        rng.random_range(-THROW_SPIN..THROW_SPIN),
        rng.random_range(-THROW_SPIN..THROW_SPIN),
    )
}

/// Start pose and velocity for one die of a throw. `lane` spreads the dice
/// of one throw across the tray's depth so they never start overlapping.
pub fn throw_pose(
    rng: &mut impl Rng,
    origin: Vec3,
    lane: usize,
    lanes: usize,
) -> (Transform, Velocity) {
    let lanes = lanes.max(1) as f32;
    let usable = TRAY_DEPTH - DIE_SIZE * 1.5;
    let z = (lane as f32 + 0.5) / lanes * usable - usable / 2.0;
    let start = origin
        + Vec3::new(
            -TRAY_WIDTH / 2.0 + START_INSET,
            START_HEIGHT + rng.random_range(0.0..DIE_SIZE),
            z,
        );
    let linear = Vec3::new(
        rng.random_range(THROW_SPEED.0..THROW_SPEED.1),
        -rng.random_range(0.0..THROW_DOWN),
        rng.random_range(-THROW_SIDEWAYS..THROW_SIDEWAYS),
    );
    let angular = random_spin(rng);
    (
        Transform::from_translation(start).with_rotation(random_rotation(rng)),
        Velocity { linear, angular },
    )
}

/// Start pose and velocity for one die of a flicked throw: the dice start
/// near the wall behind the flick, spread across it, and fly along it at a
/// speed within [`THROW_SPEED`] set by the flick's strength.
pub fn aimed_pose(
    rng: &mut impl Rng,
    origin: Vec3,
    lane: usize,
    lanes: usize,
    aim: Aim,
) -> (Transform, Velocity) {
    let dir = aim
        .direction
        .try_normalize()
        .unwrap_or(Vec2::X)
        .rotate(Vec2::from_angle(rng.random_range(-AIM_SPREAD..AIM_SPREAD)));
    let across = dir.perp();
    let half = Vec2::new(TRAY_WIDTH / 2.0, TRAY_DEPTH / 2.0);
    // Distance from `p` to the walls along `d` (both inside the tray).
    let reach = |p: Vec2, d: Vec2| {
        let along = |p: f32, d: f32, h: f32| {
            if d > 1e-4 {
                (h - p) / d
            } else if d < -1e-4 {
                (-h - p) / d
            } else {
                f32::INFINITY
            }
        };
        along(p.x, d.x, half.x)
            .min(along(p.y, d.y, half.y))
            .max(0.0)
    };
    // Behind the flick, near the wall; the dice spread along that wall's chord.
    let back = -dir * (reach(Vec2::ZERO, -dir) - START_INSET).max(0.0);
    let margin = DIE_SIZE * 0.75;
    let (low, high) = (
        -(reach(back, -across) - margin).max(0.0),
        (reach(back, across) - margin).max(0.0),
    );
    let lanes = lanes.max(1) as f32;
    let offset = low + (lane as f32 + 0.5) / lanes * (high - low);
    let flat = back + across * offset;
    let start = origin
        + Vec3::new(
            flat.x,
            START_HEIGHT + rng.random_range(0.0..DIE_SIZE),
            flat.y,
        );
    let strength = aim.strength.clamp(0.0, 1.0);
    let speed = (THROW_SPEED.0 + (THROW_SPEED.1 - THROW_SPEED.0) * strength)
        * rng.random_range(1.0 - AIM_JITTER..1.0 + AIM_JITTER);
    let linear = Vec3::new(
        dir.x * speed,
        -rng.random_range(0.0..THROW_DOWN),
        dir.y * speed,
    );
    let angular = random_spin(rng);
    (
        Transform::from_translation(start).with_rotation(random_rotation(rng)),
        Velocity { linear, angular },
    )
}

/// Lets each die go from a fresh start and starts the tray's watch for rest
/// ([`super::settle`]). A new throw draws from the tray's next stream; dice
/// thrown again while a throw is under way (a respawn) draw from that throw's.
/// A tray not yet whole keeps the throw until it is ([`super::assembly`]).
fn on_throw_dice(
    throw: On<ThrowDice>,
    mut commands: Commands,
    mut trays: Query<
        (
            &Transform,
            &mut ThrowStream,
            Option<&mut Rolling>,
            Has<Assembled>,
            &mut WaitingThrows,
        ),
        With<Tray>,
    >,
    mut dice: Query<(&mut Transform, &mut Sleeping, Has<Held>), Without<Tray>>,
    mut bodies: Bodies,
) {
    let Ok((tray_tf, mut stream, rolling, assembled, mut waiting)) = trays.get_mut(throw.tray)
    else {
        return;
    };
    if !assembled {
        waiting.0.push(throw.event().clone());
        return;
    }
    let origin = tray_tf.translation;
    let mut fresh = None;
    let rng = match rolling {
        Some(rolling) => {
            let rolling = rolling.into_inner();
            rolling.add(&throw.dice);
            &mut rolling.rng
        }
        None => fresh.insert(stream.next(throw.opens)),
    };
    let lanes = throw.dice.len();
    for (lane, &die) in throw.dice.iter().enumerate() {
        if let Ok((mut tf, mut sleeping, held)) = dice.get_mut(die) {
            let (pose, push) = match throw.aim {
                Some(aim) => aimed_pose(rng, origin, lane, lanes, aim),
                None => throw_pose(rng, origin, lane, lanes),
            };
            *tf = pose;
            release(&mut bodies, die, push);
            sleeping.sleeping = false;
            if held {
                commands.entity(die).remove::<Held>();
            }
        }
    }
    if let Some(rng) = fresh {
        commands
            .entity(throw.tray)
            .insert(Rolling::new(throw.dice.clone(), rng));
    }
}
