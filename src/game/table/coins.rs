//! Coins on the table, for any table's pot: the discs' size and count, how
//! a disc travels to where it rests (dropping onto a pile, sliding to a
//! winner), and the look a window gives them ([`CoinLook`]). A headless
//! game keeps only their places, so tests can count and follow them. Where
//! the piles stand is each table's own (`duel::pot`, `party::pot`).

use bevy::prelude::*;

use crate::dice::tray::TABLE_TOP;

/// One disc stands for this share of an ante, so the stacks look alike at a
/// small table and a big one: an ante is this many discs.
pub const DISCS_PER_ANTE: u64 = 5;
/// The most discs on the table at once (long runs of draws grow the pot).
pub const MAX_DISCS: u32 = 60;
/// A disc's radius and thickness, in world units (a die is 1).
pub const DISC_RADIUS: f32 = 0.3;
pub const DISC_THICKNESS: f32 = 0.08;
/// How far a disc sits off its stack's axis at most (coins are never stacked
/// true).
const SKEW: f32 = 0.05;
/// A new disc drops onto its stack from this high, over this long.
pub const DROP_HEIGHT: f32 = 0.8;
pub const DROP_SECONDS: f32 = 0.25;
/// A won pot slides to the winner over this long, each disc this much after
/// the one before, lifted this high on the way.
pub const SLIDE_SECONDS: f32 = 0.6;
pub const SLIDE_STAGGER: f32 = 0.015;
pub const SLIDE_LIFT: f32 = 0.25;

/// A disc on its way to where it rests.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Moving {
    from: Vec3,
    to: Vec3,
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
    app.add_systems(Update, move_coins);
}

/// The discs showing a pot of `coins` at a table whose ante is `ante`.
pub fn discs_for(coins: u64, ante: u64) -> u32 {
    let per_disc = (ante / DISCS_PER_ANTE).max(1);
    coins.div_ceil(per_disc).min(u64::from(MAX_DISCS)) as u32
}

/// Where disc `index` of a pile rests: level `level` of the stack whose
/// foot is `foot` (on the floor under the table top), a little askew.
pub fn stacked(foot: Vec3, index: u32, level: u32) -> Vec3 {
    // A fixed scatter per disc: the same pile every time it is built.
    let hash = index.wrapping_mul(0x9E37_79B9).rotate_left(13);
    let skew = |bits: u32| (f32::from((bits & 0xFF) as u8) / 255.0 * 2.0 - 1.0) * SKEW;
    foot + Vec3::new(
        skew(hash),
        DISC_THICKNESS * (level as f32 + 0.5),
        skew(hash >> 8),
    )
}

/// The table's surface the discs lie on.
pub fn on_table(at: Vec3) -> Vec3 {
    at + Vec3::Y * TABLE_TOP
}

/// A new disc: named, ignored by clicks, with the window's look if there is one.
pub fn spawn_disc<'a>(
    commands: &'a mut Commands,
    look: Option<&CoinLook>,
    at: Vec3,
    bundle: impl Bundle,
) -> EntityCommands<'a> {
    let mut disc = commands.spawn((
        Name::new("Coin"),
        Pickable::IGNORE,
        Transform::from_translation(at),
        bundle,
    ));
    if let Some(look) = look {
        disc.insert((
            Mesh3d(look.mesh.clone()),
            MeshMaterial3d(look.material.clone()),
        ));
    }
    disc
}

/// A disc's way: from where, when, over how long and how high it is lifted.
#[derive(Debug, Clone, Copy)]
pub struct Way {
    pub from: Vec3,
    pub started: f32,
    pub seconds: f32,
    pub lift: f32,
}

/// Sets a disc on its way to `rest` (or there at once, `still`).
pub fn send_disc(disc: &mut EntityCommands, rest: Vec3, way: Way, still: bool) {
    if still {
        disc.insert(Transform::from_translation(rest))
            .remove::<Moving>();
    } else {
        disc.insert((
            Transform::from_translation(way.from),
            Moving {
                from: way.from,
                to: rest,
                started: way.started,
                seconds: way.seconds,
                lift: way.lift,
            },
        ));
    }
}

/// The way of a won disc, the `index`th of the pot, from `from`: the pot
/// slides disc after disc.
pub fn slide_way(from: Vec3, index: u32, now: f32) -> Way {
    Way {
        from,
        started: now + index as f32 * SLIDE_STAGGER,
        seconds: SLIDE_SECONDS,
        lift: SLIDE_LIFT,
    }
}

/// How the discs being laid move: whether they are simply there (reduced
/// motion), the time now, and the window's look.
pub struct Laying<'a> {
    pub still: bool,
    pub now: f32,
    pub look: Option<&'a CoinLook>,
}

/// Makes a pot of the discs `have` (entity and number in the pile) into
/// `want` discs: those numbered past it go, new ones drop onto their places
/// (`place`), each made with `disc` (its number and rest).
pub fn match_pot<B: Bundle>(
    commands: &mut Commands,
    have: &[(Entity, u32)],
    want: u32,
    place: impl Fn(u32) -> Vec3,
    disc: impl Fn(u32, Vec3) -> B,
    laying: &Laying,
) {
    for &(entity, index) in have {
        if index >= want {
            commands.entity(entity).despawn();
        }
    }
    for index in have.len() as u32..want {
        let rest = place(index);
        let mut new = spawn_disc(commands, laying.look, rest, disc(index, rest));
        let way = Way {
            from: rest + Vec3::Y * DROP_HEIGHT,
            started: laying.now,
            seconds: DROP_SECONDS,
            lift: 0.0,
        };
        send_disc(&mut new, rest, way, laying.still);
    }
}

/// Moves each travelling disc along its way, eased, and lets it rest.
fn move_coins(
    time: Res<Time>,
    mut discs: Query<(Entity, &Moving, &mut Transform)>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs();
    for (entity, way, mut at) in &mut discs {
        let t = ((now - way.started) / way.seconds).clamp(0.0, 1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let arc = (t * std::f32::consts::PI).sin() * way.lift;
        at.translation = way.from.lerp(way.to, eased) + Vec3::Y * arc;
        if t >= 1.0 {
            commands.entity(entity).remove::<Moving>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ante_is_five_discs_at_any_table_and_the_pile_has_a_ceiling() {
        assert_eq!(discs_for(10, 5), 10);
        assert_eq!(discs_for(80, 40), 10);
        assert_eq!(discs_for(0, 40), 0);
        // A part of a disc's worth still shows.
        assert_eq!(discs_for(9, 40), 2);
        assert_eq!(discs_for(1_000_000, 5), MAX_DISCS);
    }
}
