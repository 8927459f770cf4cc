//! The pot as coins on the table: stacks beside the trays that grow with
//! every ante and bet and slide to the winner's side when a round is decided
//! (with reduced motion they are simply there). The referee's pot is the only
//! source: on every accepted move the coins are made to match it, so a
//! resumed or a network table shows the same stacks as one played here.
//!
//! The discs, their look and their travel are the table's
//! ([`crate::game::table::coins`]); where the piles stand is the duel's.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::game::profile::ReducedMotion;
use crate::game::table::coins::{
    CoinLook, Laying, discs_for, match_pot, on_table, send_disc, slide_way, stacked,
};
use crate::game::{AppSystems, Screen};
use crate::rules::duel::{Side, Step};

use super::{FAR_TRAY_AT, PLAYER_TRAY_AT, Table, TableLink};

/// Discs in one stack before the next stack starts.
pub const DISCS_PER_STACK: u32 = 10;
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
/// One disc of the pot: its number in the pile, whose it is (`None`: still
/// in the pot) and where it comes to rest.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Coin {
    pub index: u32,
    pub owner: Option<Side>,
    pub rest: Vec3,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(follow_pot);
    app.add_systems(
        Update,
        stakes_back
            .run_if(resource_exists_and_changed::<TableLink>)
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// Where the pile's disc `index` rests, its pile centred on `centre` (on the
/// table top): stack by stack, each a little askew.
pub fn disc_place(centre: Vec3, index: u32) -> Vec3 {
    let stack = (index / DISCS_PER_STACK) as usize % STACKS.len();
    let level = index % DISCS_PER_STACK;
    let base = STACKS[stack];
    stacked(centre + Vec3::new(base.x, 0.0, base.y), index, level)
}

/// Where a side's winnings are piled: beside its own tray.
pub fn won_centre(side: Side) -> Vec3 {
    let tray = match side {
        Side::Near => PLAYER_TRAY_AT,
        Side::Far => FAR_TRAY_AT,
    };
    Vec3::new(POT_AT.x, POT_AT.y, tray.z * WON_SHARE_OF_TRAY)
}

/// Keeps the discs in step with the referee's pot: a decided round's pot
/// goes to its winner, a new round clears the last one's winnings away, and
/// the pot gains or loses discs to match the coins in it.
fn follow_pot(
    moved: On<Moved>,
    table: Option<Res<Table>>,
    coins: Query<(Entity, &Coin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    look: Option<Res<CoinLook>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let (Some(table), Some(to)) = (table, moved.duel_to()) else {
        return;
    };
    let still = motion.is_some_and(|m| m.0);
    let now = time.elapsed_secs();
    let from = moved.duel_from();
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
            let way = slide_way(at, coin.index, now);
            let mut disc = commands.entity(entity);
            disc.insert(won);
            send_disc(&mut disc, rest, way, still);
        }
    }
    let want = discs_for(table.duel.pot(), table.duel.rules().ante);
    let have: Vec<(Entity, u32)> = pot.iter().map(|(e, c, _)| (*e, c.index)).collect();
    let laying = Laying {
        still,
        now,
        look: look.as_deref(),
    };
    let place = |index| on_table(disc_place(POT_AT, index));
    let disc = |index, rest| {
        let owner = None;
        (Coin { index, owner, rest }, DespawnOnExit(Screen::Duel))
    };
    match_pot(&mut commands, &have, want, place, disc, &laying);
}

/// A table cut off mid-round gave both sides their stakes back: the pot's
/// discs go back beside both trays, one to each in turn.
fn stakes_back(
    link: Res<TableLink>,
    table: Option<Res<Table>>,
    coins: Query<(Entity, &Coin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    if !link.closed || table.is_none_or(|t| t.duel.step().is_decided()) {
        return;
    }
    let still = motion.is_some_and(|m| m.0);
    let now = time.elapsed_secs();
    for (entity, coin, at) in &coins {
        if coin.owner.is_some() {
            continue;
        }
        let side = [Side::Near, Side::Far][coin.index as usize % 2];
        let rest = on_table(disc_place(won_centre(side), coin.index / 2));
        let back = Coin {
            owner: Some(side),
            rest,
            ..*coin
        };
        let way = slide_way(at.translation, coin.index, now);
        let mut disc = commands.entity(entity);
        disc.insert(back);
        send_disc(&mut disc, rest, way, still);
    }
}

/// True when this move begins a new round after a decided one.
fn begins_round(from: Option<Step>, to: Step) -> bool {
    from.is_some_and(Step::is_decided) && !to.is_decided()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::tray::{TRAY_WIDTH, WALL_THICKNESS};
    use crate::game::table::coins::{DISC_RADIUS, DISC_THICKNESS, MAX_DISCS};

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
