//! Waiting for rest: a throw is read only when every thrown die is asleep and
//! lies flat. Cocked dice are nudged, lost dice thrown again, and a throw that
//! takes too long has its moving dice nudged.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;
use rand::Rng;

use crate::rules::hand::Roll;

use super::faces::{read_top, turn_to_show};
use super::hold::{Bodies, freeze};
use super::throw::{Rolling, ThrowDice};
use super::tray::{DIE_MASS, DIE_SIZE, Die, ThrowStats, Tray, inside_tray};

/// Simulated seconds a throw may take before whatever still moves is nudged.
pub const SETTLE_TIMEOUT: f32 = 4.0;
/// Upward speed a nudge gives a die, units per second.
pub const NUDGE_SPEED: f32 = 5.0;
/// Speed of a nudge towards the middle of the tray, away from the wall or
/// die it leans on (so it does not fall back into the same wedge).
pub const NUDGE_INWARD: f32 = 3.0;
/// Largest random sideways speed added to a nudge.
pub const NUDGE_SIDEWAYS: f32 = 1.0;
/// A die at rest whose centre is this far above the felt or more lies on
/// another die (flat on the felt it is half a die up): it is cocked too, and
/// knocked off, so a rerolled die never comes to rest on a held one.
pub const STACKED_ABOVE: f32 = DIE_SIZE;
/// Nudges a throw may use before its cocked dice are thrown again instead
/// (a die wedged between a wall and another die can fall back every time).
pub const MAX_NUDGES_PER_THROW: u32 = 4;
/// Largest spin a nudge adds about each axis, radians per second.
pub const NUDGE_SPIN: f32 = 6.0;

/// The faces a tray's next throw must show, by slot (network and daily
/// play). The dice still fly with the real physics; when the thrown ones
/// come to rest, each is turned by one of the cube's 24 rotations (the
/// rounded cube is the same body under all of them) so that its dealt face
/// is on top, and the faces are then read as always. Taken off the tray by
/// the throw it dealt.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealt(pub Roll);

/// A tray whose throws are all dealt (a network match): its dice at rest are
/// not read until their [`Dealt`] faces have come.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct WaitsForDeal;

/// A tray's throw is called off (at a table of machines, a round made void
/// while it was being dealt): it is not read and no deal is waited for; its
/// dice come to rest where they fall and lie until they are thrown again.
#[derive(Event, Debug, Clone, Copy)]
pub struct CallOffThrow {
    /// The tray.
    pub tray: Entity,
}

/// All thrown dice of a tray are at rest and flat: here is what they show.
#[derive(Event, Debug, Clone)]
pub struct DiceSettled {
    /// The tray.
    pub tray: Entity,
    /// The five faces, in slot order.
    pub faces: Roll,
    /// Simulated seconds from the throw to rest.
    pub seconds: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(call_off_throw);
    app.add_systems(
        FixedUpdate,
        (rescue_lost_dice, watch_rolling_trays)
            .chain()
            .after(PhysicsSet::Writeback),
    );
}

fn call_off_throw(off: On<CallOffThrow>, mut commands: Commands) {
    if let Ok(mut tray) = commands.get_entity(off.tray) {
        tray.remove::<(Rolling, Dealt)>();
    }
}

/// Throws again any die that left its tray, fell through the floor or has a
/// broken (non-finite) transform, wherever the game is.
fn rescue_lost_dice(
    mut commands: Commands,
    dice: Query<(Entity, &Die, &Transform, &RigidBody)>,
    mut trays: Query<(&Transform, &mut ThrowStats), With<Tray>>,
) {
    let mut lost: Vec<(Entity, Vec<Entity>)> = Vec::new();
    for (entity, die, tf, body) in &dice {
        let Ok((tray_tf, _)) = trays.get(die.tray) else {
            continue;
        };
        let broken = !tf.translation.is_finite() || !tf.rotation.is_finite();
        if *body == RigidBody::Dynamic
            && (broken || !inside_tray(tray_tf.translation, tf.translation))
        {
            match lost.iter_mut().find(|(t, _)| *t == die.tray) {
                Some((_, list)) => list.push(entity),
                None => lost.push((die.tray, vec![entity])),
            }
        }
    }
    for (tray, dice) in lost {
        if let Ok((_, mut stats)) = trays.get_mut(tray) {
            stats.respawns += dice.len() as u64;
        }
        warn!("{} dice left the tray; throwing them again", dice.len());
        commands.trigger(ThrowDice {
            tray,
            dice,
            aim: None,
            opens: false,
        });
    }
}

/// Advances every rolling tray: read it once all is still, else nudge.
fn watch_rolling_trays(
    mut commands: Commands,
    time: Res<Time>,
    mut trays: Query<(
        Entity,
        &Tray,
        &Transform,
        &mut Rolling,
        &mut ThrowStats,
        Option<&Dealt>,
        Has<WaitsForDeal>,
    )>,
    mut dice: Query<(&mut Transform, &Sleeping, &mut ExternalImpulse), Without<Tray>>,
    mut bodies: Bodies,
) {
    let dt = time.delta_secs();
    for (tray_entity, tray, tray_tf, mut rolling, mut stats, dealt, waits) in &mut trays {
        let centre = tray_tf.translation;
        rolling.elapsed += dt;
        rolling.since_push += dt;
        let asleep = rolling
            .dice
            .iter()
            .all(|&d| dice.get(d).is_ok_and(|(_, s, _)| s.sleeping));
        // A die that has gone to sleep leaning on something, or lying on
        // another die, is cocked; it is nudged at once rather than after the
        // others stop too.
        let cocked: Vec<Entity> = rolling
            .dice
            .iter()
            .copied()
            .filter(|&d| {
                dice.get(d).is_ok_and(|(tf, s, _)| {
                    s.sleeping
                        && (!read_top(tf.rotation).is_flat()
                            || tf.translation.y - centre.y >= STACKED_ABOVE)
                })
            })
            .collect();
        if !cocked.is_empty() {
            if rolling.nudges >= MAX_NUDGES_PER_THROW {
                stats.respawns += cocked.len() as u64;
                rolling.nudges = 0;
                commands.trigger(ThrowDice {
                    tray: tray_entity,
                    dice: cocked,
                    aim: None,
                    opens: false,
                });
            } else {
                stats.nudges += cocked.len() as u64;
                rolling.nudges += 1;
                nudge(&cocked, centre, &mut dice, &mut rolling.rng);
                rolling.since_push = 0.0;
            }
        } else if asleep && waits && dealt.is_none() {
            // At rest, but the faces are still being dealt: wait for them.
        } else if asleep {
            if let Some(dealt) = dealt {
                turn_to_dealt(&rolling.dice, &tray.dice, dealt, &mut dice);
                commands.entity(tray_entity).remove::<Dealt>();
            }
            let mut faces: Roll = [0; 5];
            for (face, &die) in faces.iter_mut().zip(&tray.dice) {
                if let Ok((tf, _, _)) = dice.get(die) {
                    *face = read_top(tf.rotation).value;
                }
            }
            if faces.contains(&0) {
                continue; // a die is missing; never report a face nobody read
            }
            stats.settled += 1;
            // Read dice stay where they are until they are thrown again: a
            // rerolled die cannot bump a held one, nothing turns a read face.
            for &die in &tray.dice {
                freeze(&mut bodies, die);
            }
            let seconds = rolling.elapsed;
            commands.entity(tray_entity).remove::<Rolling>();
            commands.trigger(DiceSettled {
                tray: tray_entity,
                faces,
                seconds,
            });
        } else if rolling.since_push > SETTLE_TIMEOUT {
            let moving: Vec<Entity> = rolling
                .dice
                .iter()
                .copied()
                .filter(|&d| dice.get(d).is_ok_and(|(_, s, _)| !s.sleeping))
                .collect();
            stats.timeouts += 1;
            nudge(&moving, centre, &mut dice, &mut rolling.rng);
            rolling.since_push = 0.0;
        }
    }
}

/// Turns each thrown die at rest so that its dealt face is on top; a die
/// that already shows it is left as it lies.
fn turn_to_dealt(
    thrown: &[Entity],
    slots: &[Entity],
    dealt: &Dealt,
    dice: &mut Query<(&mut Transform, &Sleeping, &mut ExternalImpulse), Without<Tray>>,
) {
    for &die in thrown {
        let Some(want) = slots.iter().position(|&d| d == die).map(|s| dealt.0[s]) else {
            continue;
        };
        if !(1..=6).contains(&want) {
            continue; // not a face: the physics' own face stands
        }
        if let Ok((mut tf, _, _)) = dice.get_mut(die)
            && read_top(tf.rotation).value != want
        {
            tf.rotation = (tf.rotation * turn_to_show(tf.rotation, want)).normalize();
        }
    }
}

/// A small hop towards the middle of the tray with a little spin, enough to
/// tip a die off whatever it leans on.
fn nudge(
    targets: &[Entity],
    centre: Vec3,
    dice: &mut Query<(&mut Transform, &Sleeping, &mut ExternalImpulse), Without<Tray>>,
    rng: &mut impl Rng,
) {
    // Moment of inertia of a cube about its centre: m·s²/6.
    let inertia = DIE_MASS * DIE_SIZE * DIE_SIZE / 6.0;
    for &d in targets {
        if let Ok((tf, _, mut impulse)) = dice.get_mut(d) {
            let inward = ((centre - tf.translation) * Vec3::new(1.0, 0.0, 1.0)).normalize_or_zero();
            let jitter = Vec3::new(
                rng.random_range(-NUDGE_SIDEWAYS..NUDGE_SIDEWAYS),
                0.0,
                rng.random_range(-NUDGE_SIDEWAYS..NUDGE_SIDEWAYS),
            );
            impulse.impulse = DIE_MASS * (inward * NUDGE_INWARD + Vec3::Y * NUDGE_SPEED + jitter);
            impulse.torque_impulse = inertia
                * Vec3::new(
                    rng.random_range(-NUDGE_SPIN..NUDGE_SPIN),
                    rng.random_range(-NUDGE_SPIN..NUDGE_SPIN),
                    rng.random_range(-NUDGE_SPIN..NUDGE_SPIN),
                );
        }
    }
}
