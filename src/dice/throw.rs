//! Throwing dice: a random orientation, a start over one side of the tray, and
//! a push into it. Rerolls use the same path with fewer dice.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::settle::Rolling;
use super::tray::{DIE_SIZE, TRAY_DEPTH, TRAY_WIDTH, Tray};

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

/// Seed for all throws; `None` draws fresh entropy.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct DiceSeed(pub Option<u64>);

/// A tray's own random stream, so each tray's throws depend only on its seed.
#[derive(Component, Debug)]
pub struct TrayRng(pub ChaCha8Rng);

impl TrayRng {
    /// A stream from a seed.
    pub fn from_seed(seed: u64) -> TrayRng {
        TrayRng(ChaCha8Rng::seed_from_u64(seed))
    }
}

/// Throw these dice of a tray (all five for a new throw, the unheld ones for a reroll).
#[derive(Event, Debug, Clone)]
pub struct ThrowDice {
    /// The tray thrown into.
    pub tray: Entity,
    /// The dice to throw.
    pub dice: Vec<Entity>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DiceSeed>();
    app.add_observer(on_throw_dice);
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
    let angular = Vec3::new(
        rng.random_range(-THROW_SPIN..THROW_SPIN),
        rng.random_range(-THROW_SPIN..THROW_SPIN),
        rng.random_range(-THROW_SPIN..THROW_SPIN),
    );
    (
        Transform::from_translation(start).with_rotation(random_rotation(rng)),
        Velocity { linear, angular },
    )
}

/// Puts each die at a fresh start and sets the tray rolling.
fn on_throw_dice(
    throw: On<ThrowDice>,
    mut commands: Commands,
    mut trays: Query<(&Transform, &mut TrayRng, Option<&mut Rolling>), With<Tray>>,
    mut dice: Query<(&mut Transform, &mut Velocity, &mut Sleeping), Without<Tray>>,
) {
    let Ok((tray_tf, mut rng, rolling)) = trays.get_mut(throw.tray) else {
        return;
    };
    let lanes = throw.dice.len();
    for (lane, &die) in throw.dice.iter().enumerate() {
        if let Ok((mut tf, mut vel, mut sleeping)) = dice.get_mut(die) {
            let (pose, push) = throw_pose(&mut rng.0, tray_tf.translation, lane, lanes);
            *tf = pose;
            *vel = push;
            sleeping.sleeping = false;
        }
    }
    match rolling {
        Some(mut rolling) => rolling.add(&throw.dice),
        None => {
            commands
                .entity(throw.tray)
                .insert(Rolling::new(throw.dice.clone()));
        }
    }
}
