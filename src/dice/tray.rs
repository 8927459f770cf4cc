//! The tray (floor, four walls and an invisible lid) and the five dice in it.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::third_party::rapier;

pub use super::body::{DIE_MASS, DIE_ROUNDING, DIE_SIZE};
use super::body::{mass_of, shape_of};

/// Inner width of the tray along x.
pub const TRAY_WIDTH: f32 = 9.0;
/// Inner depth of the tray along z.
pub const TRAY_DEPTH: f32 = 6.0;
/// Height of the tray walls above the floor.
pub const WALL_HEIGHT: f32 = 1.2;
/// Height of the invisible lid above the floor: no die can leave the tray.
pub const LID_HEIGHT: f32 = 7.0;
/// Thickness of floor, walls and lid (thick, so a fast die cannot pass through).
pub const WALL_THICKNESS: f32 = 1.0;
/// Where the table under a tray is: just under the tray's floor (its
/// underside is a wall's thickness below the felt), clear of it by a hair so
/// the two never fight over a pixel.
pub const TABLE_TOP: f32 = -WALL_THICKNESS - 0.02;
/// Height of a wall collider's centre above the floor (it spans floor to lid).
pub const WALL_CENTRE: f32 = LID_HEIGHT / 2.0;
/// Friction of a die (Rapier averages the two surfaces in contact): dice
/// slide off each other rather than lean.
pub const DIE_FRICTION: f32 = 0.25;
/// How bouncy a die is.
pub const DIE_RESTITUTION: f32 = 0.3;
/// Friction of the felt floor: dice roll to a stop on it.
pub const FLOOR_FRICTION: f32 = 0.75;
/// Friction of the walls and lid: smooth, so a die cannot lean on them.
pub const WALL_FRICTION: f32 = 0.05;
/// Bounce of the tray surfaces.
pub const TRAY_RESTITUTION: f32 = 0.2;
/// Simulated seconds a die must stay still before the engine puts it to
/// sleep (Rapier's default is 0.5 s; a die at rest is obvious sooner).
pub const DIE_TIME_UNTIL_SLEEP: f32 = 0.2;
/// Linear damping of a die: air drag that calms a throw down.
pub const DIE_LINEAR_DAMPING: f32 = 0.3;
/// Angular damping of a die: rolling resistance of the felt.
pub const DIE_ANGULAR_DAMPING: f32 = 0.6;

/// A tray and its dice: one table of play. The game has one, the simulator many.
#[derive(Component, Debug)]
pub struct Tray {
    /// The tray's dice, in slot order (left to right along z at rest).
    pub dice: [Entity; DICE],
    /// Its floor, lid and four walls, in that order.
    pub parts: [Entity; PARTS],
}

/// Parts of a tray's body: floor, lid and four walls.
pub const PARTS: usize = 6;

/// Where a tray's throws draw their randomness: a fresh stream for every
/// throw, keyed by the tray's seed, the game (or round) and the throw within
/// it. So a throw depends on those three numbers alone: not on the frame rate,
/// not on the order systems run in, not on how many draws the nudges of an
/// earlier throw took.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrowStream {
    /// The tray's seed.
    pub seed: u64,
    /// Games (or rounds) begun on this tray: the first is 1, 0 before it.
    pub game: u64,
    /// Throws made in this game so far.
    pub throw: u64,
}

/// Tells the throw streams' keys apart from every other use of blake3.
const THROW_STREAM_CONTEXT: &str = "dice-poker 2026-12 throw stream";

impl ThrowStream {
    /// A tray's streams from its seed, before its first game.
    pub fn from_seed(seed: u64) -> ThrowStream {
        ThrowStream {
            seed,
            game: 0,
            throw: 0,
        }
    }

    /// The stream of the next throw; when `opens`, the throw opens a new game
    /// (a tray's first throw always does).
    pub fn next(&mut self, opens: bool) -> ChaCha8Rng {
        if opens || self.game == 0 {
            self.game += 1;
            self.throw = 0;
        }
        let rng = throw_rng(self.seed, self.game, self.throw);
        self.throw += 1;
        rng
    }
}

/// The random stream of throw `throw` of game `game` on a tray seeded `seed`.
pub fn throw_rng(seed: u64, game: u64, throw: u64) -> ChaCha8Rng {
    let mut key = [0u8; 24];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&game.to_le_bytes());
    key[16..].copy_from_slice(&throw.to_le_bytes());
    ChaCha8Rng::from_seed(blake3::derive_key(THROW_STREAM_CONTEXT, &key))
}

/// Counts of everything a tray did to get its throws to rest.
///
/// A die still cocked after the settling watch's last nudge is thrown again
/// and counted with the respawns.
#[derive(Component, Debug, Default, Clone)]
pub struct ThrowStats {
    /// Throws that came to rest and were read.
    pub settled: u64,
    /// Cocked dice nudged flat.
    pub nudges: u64,
    /// Dice thrown again: lost (outside the tray, below the floor, broken
    /// transform) or stuck cocked.
    pub respawns: u64,
    /// Throws still moving when the settling watch's patience ran out.
    pub timeouts: u64,
}

/// One physical die.
#[cfg_attr(feature = "dev", derive(Reflect))]
#[derive(Component, Debug, Clone, Copy)]
pub struct Die {
    /// Position in its tray's roll, 0..5.
    pub slot: usize,
    /// The tray the die belongs to.
    pub tray: Entity,
}

/// Part of a tray's body.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub enum TrayPart {
    /// The felt the dice land on.
    Floor,
    /// The invisible lid that keeps dice in.
    Lid,
    /// A wall, facing the inside of the tray along `inward`.
    Wall {
        /// Unit vector from the wall towards the middle of the tray.
        inward: Vec3,
    },
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(quicken_sleep);
}

/// Dice fall asleep sooner than Rapier's default, once their body exists.
fn quicken_sleep(
    add: On<Add, RapierRigidBodyHandle>,
    dice: Query<(&RapierRigidBodyHandle, &RapierContextEntityLink), With<Die>>,
    mut sets: Query<&mut RapierRigidBodySet>,
) {
    let Ok((handle, link)) = dice.get(add.entity) else {
        return;
    };
    if let Ok(mut set) = sets.get_mut(link.0)
        && let Some(body) = set.bodies.get_mut(handle.0)
    {
        body.activation_mut().time_until_sleep = DIE_TIME_UNTIL_SLEEP;
    }
}

/// Dice (by any key) ordered left to right as a player sees the tray: the
/// camera looks along -z without turning, so that is the order of world x.
/// The HUD's faces, keys 1–5 and the debug view all use it.
pub fn left_to_right<K>(dice: impl IntoIterator<Item = (K, Vec3)>) -> Vec<K> {
    let mut dice: Vec<(K, Vec3)> = dice.into_iter().collect();
    dice.sort_by(|a, b| a.1.x.total_cmp(&b.1.x));
    dice.into_iter().map(|(k, _)| k).collect()
}

/// Is `point` (world space) inside the tray whose floor centre is `origin`?
/// A small margin lets a die touch the walls.
pub fn inside_tray(origin: Vec3, point: Vec3) -> bool {
    let local = point - origin;
    let margin = DIE_SIZE;
    local.is_finite()
        && local.x.abs() <= TRAY_WIDTH / 2.0 + margin
        && local.z.abs() <= TRAY_DEPTH / 2.0 + margin
        && local.y >= -DIE_SIZE
        && local.y <= LID_HEIGHT + margin
}

/// The resting place of a die before its first throw: a row across the tray.
pub fn rest_position(origin: Vec3, slot: usize) -> Vec3 {
    let spacing = DIE_SIZE * 1.6;
    let x = (slot as f32 - (DICE as f32 - 1.0) / 2.0) * spacing;
    origin + Vec3::new(x, DIE_SIZE / 2.0, 0.0)
}

/// Spawns a tray with its floor centre at `origin` and five dice resting in a
/// row, returning the tray. `seed` feeds the tray's throws. The tray is a
/// physics world of its own, which its parts and dice join one a step
/// ([`super::assembly`]).
pub fn spawn_table(commands: &mut Commands, origin: Vec3, seed: u64) -> Entity {
    spawn_table_with(commands, origin, seed, ())
}

/// [`spawn_table`], with `tag` added to the tray, each of its parts and each
/// die (a screen's `DespawnOnExit`, say), so the whole table can go at once.
pub fn spawn_table_with(
    commands: &mut Commands,
    origin: Vec3,
    seed: u64,
    tag: impl Bundle + Clone,
) -> Entity {
    let tray = commands
        .spawn((
            tag.clone(),
            Name::new("Tray"),
            Transform::from_translation(origin),
            Visibility::default(),
            ThrowStream::from_seed(seed),
            ThrowStats::default(),
            rapier::own_world(),
        ))
        .id();

    let parts = part_boxes().map(|(part, centre, half)| {
        commands
            .spawn((
                tag.clone(),
                Name::new(format!("{part:?}")),
                part,
                RigidBody::Fixed,
                Collider::cuboid(half.x, half.y, half.z),
                Friction::coefficient(if part == TrayPart::Floor {
                    FLOOR_FRICTION
                } else {
                    WALL_FRICTION
                }),
                Restitution::coefficient(TRAY_RESTITUTION),
                Transform::from_translation(origin + centre),
            ))
            .id()
    });

    let dice: [Entity; DICE] = std::array::from_fn(|slot| {
        commands
            .spawn((
                tag.clone(),
                die_bundle(Die { slot, tray }, rest_position(origin, slot)),
            ))
            .id()
    });
    // Its assembly and its list of waiting throws come with it
    // ([`super::assembly`], [`super::throw`]).
    commands.entity(tray).insert(Tray { dice, parts });
    tray
}

/// Each part of a tray's body as (part, centre from the floor's middle, half
/// extents); the walls reach the lid so nothing escapes.
fn part_boxes() -> [(TrayPart, Vec3, Vec3); PARTS] {
    let t = WALL_THICKNESS;
    let (hw, hd) = (TRAY_WIDTH / 2.0, TRAY_DEPTH / 2.0);
    let wall_h = LID_HEIGHT / 2.0 + t;
    let wall = |inward: Vec3| TrayPart::Wall { inward };
    [
        (
            TrayPart::Floor,
            Vec3::new(0.0, -t / 2.0, 0.0),
            Vec3::new(hw + t, t / 2.0, hd + t),
        ),
        (
            TrayPart::Lid,
            Vec3::new(0.0, LID_HEIGHT + t / 2.0, 0.0),
            Vec3::new(hw + t, t / 2.0, hd + t),
        ),
        (
            wall(Vec3::X),
            Vec3::new(-hw - t / 2.0, WALL_CENTRE, 0.0),
            Vec3::new(t / 2.0, wall_h, hd + t),
        ),
        (
            wall(Vec3::NEG_X),
            Vec3::new(hw + t / 2.0, WALL_CENTRE, 0.0),
            Vec3::new(t / 2.0, wall_h, hd + t),
        ),
        (
            wall(Vec3::Z),
            Vec3::new(0.0, WALL_CENTRE, -hd - t / 2.0),
            Vec3::new(hw + t, wall_h, t / 2.0),
        ),
        (
            wall(Vec3::NEG_Z),
            Vec3::new(0.0, WALL_CENTRE, hd + t / 2.0),
            Vec3::new(hw + t, wall_h, t / 2.0),
        ),
    ]
}

/// A die's rigid body and shape (it joins its tray's world later).
fn die_bundle(die: Die, position: Vec3) -> impl Bundle {
    (
        Name::new(format!("Die {}", die.slot + 1)),
        die,
        RigidBody::Dynamic,
        mass_of(DieKind::Fair),
        Friction::coefficient(DIE_FRICTION),
        Restitution::coefficient(DIE_RESTITUTION),
        Damping {
            linear_damping: DIE_LINEAR_DAMPING,
            angular_damping: DIE_ANGULAR_DAMPING,
        },
        shape_of(DieKind::Fair),
        Ccd::enabled(),
        Velocity::zero(),
        ExternalImpulse::default(),
        Sleeping::default(),
        Transform::from_translation(position),
        Visibility::default(),
    )
}
