//! Where a duel's coins stand: the pot in stacks on the cloth beside the
//! trays, between them, and a round's winnings beside the winner's tray;
//! and a table cut off mid-round giving both sides their stakes back. The
//! discs follow the referee's pot as in any format
//! ([`crate::game::table::pot`]).

use bevy::prelude::*;

use crate::game::profile::ReducedMotion;
use crate::game::table::coins::{on_table, send_disc, slide_way, stacked};
use crate::game::table::pot::Coin;
use crate::game::{AppSystems, Screen};
use crate::rules::duel::Side;

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
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        stakes_back
            .run_if(resource_exists_and_changed::<TableLink>)
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel)))
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

/// A table cut off mid-round gave both sides their stakes back: the pot's
/// discs go back beside both trays, one to each in turn.
fn stakes_back(
    link: Res<TableLink>,
    table: Res<Table>,
    coins: Query<(Entity, &Coin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    if !link.closed || table.duel.step().is_decided() {
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
            owner: Some(side.index()),
            rest,
            ..*coin
        };
        let way = slide_way(at.translation, coin.index, now);
        let mut disc = commands.entity(entity);
        disc.insert(back);
        send_disc(&mut disc, rest, way, still);
    }
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
