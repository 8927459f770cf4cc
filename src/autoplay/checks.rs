//! The game's promises, checked after every frame: dice read at rest, held
//! dice still, shown faces and hands the rules' verdict, legal phase changes.

use bevy::prelude::*;
use bevy_rapier3d::prelude::{RigidBody, Sleeping};

use super::report::Tally;
use crate::dice::faces::read_top;
use crate::dice::{DiceSettled, Tray};
use crate::game::solo::hud::HudText;
use crate::game::{Phase, Round};
use crate::headless::text_of;
use crate::rules::evaluate_roll;

/// Reads made while a die of the tray was still moving, found by [`check_read`].
#[derive(Resource, Debug, Default)]
pub(super) struct MovingReads(Vec<String>);

/// At the moment a tray is read, every one of its dice must be asleep or held.
pub(super) fn check_read(
    settled: On<DiceSettled>,
    trays: Query<&Tray>,
    dice: Query<(&Sleeping, &RigidBody)>,
    mut reads: ResMut<MovingReads>,
) {
    let Ok(tray) = trays.get(settled.tray) else {
        return;
    };
    for (slot, &d) in tray.dice.iter().enumerate() {
        if let Ok((sleeping, body)) = dice.get(d)
            && !sleeping.sleeping
            && *body != RigidBody::Fixed
        {
            reads.0.push(format!("read while die {} moved", slot + 1));
        }
    }
}

/// Moves the reads found while a die moved into the tally.
pub(super) fn take_moving_reads(
    world: &mut World,
    tally: &mut Tally,
    seed: u64,
    game: u64,
    frame: u64,
) {
    for what in std::mem::take(&mut world.resource_mut::<MovingReads>().0) {
        tally.violate(seed, game, frame, what);
    }
}

/// The top faces of dice, in order.
pub(super) fn top_faces(world: &World, dice: &[Entity]) -> Vec<u8> {
    dice.iter()
        .filter_map(|&d| world.get::<Transform>(d))
        .map(|tf| read_top(tf.rotation).value)
        .collect()
}

/// How far a held die may drift, in world units (2.5 µm), before it counts as
/// moved: the physics engine re-writes a held body's pose in `f32`, which can
/// differ from the last in the last bits.
pub(super) const HELD_TOLERANCE: f32 = 1e-4;

/// How far apart two poses are: the larger of the centre's shift and the shift
/// of any face normal's tip (quaternion angles lose precision near zero).
pub(super) fn drift(a: &Transform, b: &Transform) -> f32 {
    [Vec3::X, Vec3::Y, Vec3::Z]
        .into_iter()
        .map(|axis| (a.rotation * axis).distance(b.rotation * axis))
        .fold(a.translation.distance(b.translation), f32::max)
}

/// Held dice of one tray keep their pose: slot → pose when first seen held.
#[derive(Default)]
pub(super) struct HeldWatch {
    poses: [Option<Transform>; 5],
}

impl HeldWatch {
    /// Checks the held dice; returns the slots that moved and how far.
    pub(super) fn check(
        &mut self,
        world: &World,
        dice: &[Entity],
        held: [bool; 5],
    ) -> Vec<(usize, f32)> {
        let mut moved = Vec::new();
        for (slot, (&d, pose)) in dice.iter().zip(self.poses.iter_mut()).enumerate() {
            let now = world.get::<Transform>(d).copied();
            if held[slot] {
                if let (Some(before), Some(now)) = (*pose, now)
                    && drift(&before, &now) > HELD_TOLERANCE
                {
                    moved.push((slot, drift(&before, &now)));
                }
                *pose = now;
            } else {
                *pose = None;
            }
        }
        moved
    }
}
/// Phase changes the solo game may make.
pub(super) fn legal_phase_change(from: Phase, to: Phase) -> bool {
    use Phase::*;
    matches!(
        (from, to),
        (Ready, Rolling)
            | (Rolling, Holding)
            | (Rolling, Result)
            | (Holding, Rolling)
            | (Holding, Result)
            | (Result, Ready)
    )
}
/// The shown faces are the dice's top faces and the shown hand is the rules' verdict.
pub(super) fn check_shown(
    world: &mut World,
    dice: &[Entity],
    round: &Round,
    seed: u64,
    game: u64,
    frame: u64,
    tally: &mut Tally,
) {
    let Some(faces) = round.faces else {
        tally.violate(seed, game, frame, "no faces after a throw".to_owned());
        return;
    };
    if top_faces(world, dice) != faces.to_vec() {
        let state: Vec<String> = dice
            .iter()
            .map(|&d| {
                format!(
                    "{:?}/{}/{:.3}",
                    world.get::<RigidBody>(d),
                    world.get::<Sleeping>(d).is_some_and(|s| s.sleeping),
                    world
                        .get::<Transform>(d)
                        .map_or(0.0, |t| read_top(t.rotation).dot)
                )
            })
            .collect();
        tally.violate(
            seed,
            game,
            frame,
            format!(
                "faces {faces:?} but the dice show {:?} ({round:?}) {state:?}",
                top_faces(world, dice)
            ),
        );
    }
    let verdict = evaluate_roll(&faces);
    if round.hand != Some(verdict) {
        tally.violate(
            seed,
            game,
            frame,
            format!("hand {:?} for {faces:?}", round.hand),
        );
    }
    if text_of(world, HudText::Hand) != Some(verdict.to_string()) {
        tally.violate(seed, game, frame, format!("HUD does not name {verdict}"));
    }
}
