//! The pot as coins on the table: stacks beside the trays that grow with
//! every ante and bet and slide to the winner's side when a round is decided
//! (with reduced motion they are simply there). The referee's pot is the only
//! source: on every accepted move the coins are made to match it, so a
//! resumed or a network table shows the same stacks as one played here.
//!
//! The coins are entities with a place on the table; a window gives them
//! their look ([`CoinLook`]), a headless game keeps only their places, so
//! tests can count and follow them.

use bevy::prelude::*;

use crate::dice::tray::TABLE_TOP;
use crate::game::Screen;
use crate::game::profile::ReducedMotion;
use crate::rules::duel::{Side, Step};

use super::{FAR_TRAY_AT, PLAYER_TRAY_AT, Table, TableMoved};

/// One disc stands for this share of an ante, so the stacks look alike at a
/// small table and a big one: an ante is this many discs.
pub const DISCS_PER_ANTE: u64 = 5;
/// The most discs on the table at once (long runs of draws grow the pot).
pub const MAX_DISCS: u32 = 60;
/// Discs in one stack before the next stack starts.
pub const DISCS_PER_STACK: u32 = 10;
/// A disc's radius and thickness, in world units (a die is 1).
pub const DISC_RADIUS: f32 = 0.3;
pub const DISC_THICKNESS: f32 = 0.08;
/// Where the pot stands: on the cloth left of the trays, between them.
pub const POT_AT: Vec3 = Vec3::new(-6.4, 0.0, 0.0);
/// How far towards a side's tray its winnings are put, from the pot's line
/// (1: level with the tray's middle).
const WON_SHARE_OF_TRAY: f32 = 1.0;
/// The stacks' places around the pot's centre: two across, three deep, so
/// they fit the strip of cloth beside the trays.
const STACKS: [Vec2; 6] = [
    Vec2::new(-0.35, -0.7),
    Vec2::new(0.35, -0.7),
    Vec2::new(-0.35, 0.0),
    Vec2::new(0.35, 0.0),
    Vec2::new(-0.35, 0.7),
    Vec2::new(0.35, 0.7),
];
/// How far a disc sits off its stack's axis at most (coins are never stacked
/// true).
const SKEW: f32 = 0.05;
/// A new disc drops onto its stack from this high, over this long.
const DROP_HEIGHT: f32 = 0.8;
const DROP_SECONDS: f32 = 0.25;
/// The pot slides to the winner over this long, each disc this much after
/// the one before, lifted this high on the way.
const SLIDE_SECONDS: f32 = 0.6;
const SLIDE_STAGGER: f32 = 0.015;
const SLIDE_LIFT: f32 = 0.25;

/// One disc of the pot: its number in the pile, whose it is (`None`: still
/// in the pot) and where it comes to rest.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Coin {
    pub index: u32,
    pub owner: Option<Side>,
    pub rest: Vec3,
}

/// A disc on its way to `Coin::rest`.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Moving {
    from: Vec3,
    started: f32,
    seconds: f32,
    lift: f32,
}

/// How a disc looks in a window (put down by the presentation room).
#[derive(Resource, Debug, Clone)]
pub struct CoinLook {
    pub mesh: Handle<Mesh>,
    pub material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(follow_pot);
    app.add_systems(Update, move_coins.run_if(in_state(Screen::Duel)));
}

/// The discs showing a pot of `coins` at a table whose ante is `ante`.
pub fn discs_for(coins: u64, ante: u64) -> u32 {
    let per_disc = (ante / DISCS_PER_ANTE).max(1);
    coins.div_ceil(per_disc).min(u64::from(MAX_DISCS)) as u32
}

/// Where the pile's disc `index` rests, its pile centred on `centre` (on the
/// table top): stack by stack, each a little askew.
pub fn disc_place(centre: Vec3, index: u32) -> Vec3 {
    let stack = (index / DISCS_PER_STACK) as usize % STACKS.len();
    let level = index % DISCS_PER_STACK;
    let base = STACKS[stack];
    // A fixed scatter per disc: the same pile every time it is built.
    let hash = index.wrapping_mul(0x9E37_79B9).rotate_left(13);
    let skew = |bits: u32| (f32::from((bits & 0xFF) as u8) / 255.0 * 2.0 - 1.0) * SKEW;
    centre
        + Vec3::new(
            base.x + skew(hash),
            DISC_THICKNESS * (level as f32 + 0.5),
            base.y + skew(hash >> 8),
        )
}

/// Where a side's winnings are piled: beside its own tray.
pub fn won_centre(side: Side) -> Vec3 {
    let tray = match side {
        Side::Near => PLAYER_TRAY_AT,
        Side::Far => FAR_TRAY_AT,
    };
    Vec3::new(POT_AT.x, POT_AT.y, tray.z * WON_SHARE_OF_TRAY)
}

/// The table's surface the discs lie on.
fn on_table(at: Vec3) -> Vec3 {
    at + Vec3::Y * TABLE_TOP
}

/// Keeps the discs in step with the referee's pot: a decided round's pot
/// goes to its winner, a new round clears the last one's winnings away, and
/// the pot gains or loses discs to match the coins in it.
fn follow_pot(
    moved: On<TableMoved>,
    table: Option<Res<Table>>,
    coins: Query<(Entity, &Coin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    look: Option<Res<CoinLook>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let Some(table) = table else {
        return;
    };
    let still = motion.is_some_and(|m| m.0);
    let now = time.elapsed_secs();
    let (from, to) = (moved.from, moved.to);
    let mut pot: Vec<(Entity, Coin, Vec3)> = Vec::new();
    for (entity, coin, at) in &coins {
        let gone = from.is_none() || (coin.owner.is_some() && begins_round(from, to));
        if gone {
            commands.entity(entity).despawn();
        } else if coin.owner.is_none() {
            pot.push((entity, *coin, at.translation));
        }
    }
    pot.sort_by_key(|(_, coin, _)| coin.index);
    // The round was just decided: its pot goes to the winner (a draw leaves
    // it for the next round).
    let winner = table.duel.last_end().and_then(|end| end.winner());
    if let (Some(winner), true) = (
        winner,
        to.is_decided() && !from.is_some_and(Step::is_decided),
    ) {
        for (entity, coin, at) in pot.drain(..) {
            let rest = on_table(disc_place(won_centre(winner), coin.index));
            let won = Coin {
                owner: Some(winner),
                rest,
                ..coin
            };
            let delay = coin.index as f32 * SLIDE_STAGGER;
            place(
                &mut commands.entity(entity),
                won,
                at,
                still,
                now + delay,
                SLIDE_SECONDS,
                SLIDE_LIFT,
            );
        }
    }
    let want = discs_for(table.duel.pot(), table.duel.rules().ante);
    for (entity, coin, _) in &pot {
        if coin.index >= want {
            commands.entity(*entity).despawn();
        }
    }
    for index in pot.len() as u32..want {
        let rest = on_table(disc_place(POT_AT, index));
        let coin = Coin {
            index,
            owner: None,
            rest,
        };
        let mut disc = commands.spawn((
            Name::new("Coin"),
            DespawnOnExit(Screen::Duel),
            Pickable::IGNORE,
            Transform::from_translation(rest),
        ));
        if let Some(look) = &look {
            disc.insert((
                Mesh3d(look.mesh.clone()),
                MeshMaterial3d(look.material.clone()),
            ));
        }
        place(
            &mut disc,
            coin,
            rest + Vec3::Y * DROP_HEIGHT,
            still,
            now,
            DROP_SECONDS,
            0.0,
        );
    }
}

/// True when this move begins a new round after a decided one.
fn begins_round(from: Option<Step>, to: Step) -> bool {
    from.is_some_and(Step::is_decided) && !to.is_decided()
}

/// Sets a disc on its way from `from` to its rest (or there at once).
fn place(
    disc: &mut EntityCommands,
    coin: Coin,
    from: Vec3,
    still: bool,
    started: f32,
    seconds: f32,
    lift: f32,
) {
    if still {
        disc.insert((coin, Transform::from_translation(coin.rest)))
            .remove::<Moving>();
    } else {
        disc.insert((
            coin,
            Transform::from_translation(from),
            Moving {
                from,
                started,
                seconds,
                lift,
            },
        ));
    }
}

/// Moves each travelling disc along its way, eased, and lets it rest.
fn move_coins(
    time: Res<Time>,
    mut discs: Query<(Entity, &Coin, &Moving, &mut Transform)>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs();
    for (entity, coin, way, mut at) in &mut discs {
        let t = ((now - way.started) / way.seconds).clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let arc = (t * std::f32::consts::PI).sin() * way.lift;
        at.translation = way.from.lerp(coin.rest, eased) + Vec3::Y * arc;
        if t >= 1.0 {
            commands.entity(entity).remove::<Moving>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::tray::{TRAY_WIDTH, WALL_THICKNESS};

    #[test]
    fn an_ante_is_five_discs_at_any_table_and_the_pile_has_a_ceiling() {
        assert_eq!(discs_for(10, 5), 10);
        assert_eq!(discs_for(80, 40), 10);
        assert_eq!(discs_for(0, 40), 0);
        // A part of a disc's worth still shows.
        assert_eq!(discs_for(9, 40), 2);
        assert_eq!(discs_for(1_000_000, 5), MAX_DISCS);
    }

    #[test]
    fn discs_stack_upwards_and_stay_on_the_cloth_beside_the_trays() {
        let mut seen = Vec::new();
        for index in 0..MAX_DISCS {
            for centre in [POT_AT, won_centre(Side::Near), won_centre(Side::Far)] {
                let at = disc_place(centre, index);
                // Clear of the trays (their outer walls) and on the cloth.
                let tray_edge = TRAY_WIDTH / 2.0 + WALL_THICKNESS;
                assert!(at.x + DISC_RADIUS < -tray_edge, "{index}: {at}");
                assert!(at.x - DISC_RADIUS > -7.5, "{index}: {at}");
            }
            let at = disc_place(POT_AT, index);
            let level = index % DISCS_PER_STACK;
            assert!((at.y - DISC_THICKNESS * (level as f32 + 0.5)).abs() < 1e-6);
            seen.push(at);
        }
        // The discs of one level never sit in one another.
        for (i, a) in seen.iter().enumerate() {
            for b in &seen[i + 1..] {
                if (a.y - b.y).abs() < 1e-6 {
                    assert!(a.xz().distance(b.xz()) > DISC_RADIUS, "{a} {b}");
                }
            }
        }
        assert_ne!(
            won_centre(Side::Near).z.signum(),
            won_centre(Side::Far).z.signum()
        );
    }
}
