//! The pot of a table of several as coins in the middle of the table,
//! between the trays: piles that grow with every ante and bet and, when a
//! round is decided, slide to the seats the pots paid, each seat's share up
//! onto the rim of its own tray, at the corner that faces the middle (with
//! reduced motion they are simply there). The
//! referee's pot and payouts are the only source: on every accepted move the
//! coins are made to match them, so a table that comes back shows the same
//! piles as one played through. The pot line's words, the main pot and its
//! side pots, are here too ([`pot_words`]).

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::dice::tray::{TRAY_DEPTH, TRAY_WIDTH, WALL_HEIGHT, WALL_THICKNESS};
use crate::game::Screen;
use crate::game::profile::ReducedMotion;
use crate::game::table::coins::{
    CoinLook, Laying, discs_for, match_pot, on_table, send_disc, slide_way, stacked,
};

use crate::lang::{Key, Lang, trf};
use crate::rules::table::TableMatch;

use super::Party;

/// Discs in one stack of a pile; four stacks hold the most discs shown.
pub const PILE_STACK: u32 = 15;
/// The distance between the middles of two stacks of a pile side by side.
pub const PILE_PITCH: f32 = 0.62;
/// A seat's winnings stand in stacks along the top of its tray's wall that
/// faces the middle, from the corner outwards; the pot's free square between
/// the trays is too small for a pile there to read as anyone's.
const WON_STACKS: u32 = 4;

/// One disc at a table of several: its number in its pile, whose it is
/// (`None`: still in the pot, else the seat the pots paid it to) and where
/// it comes to rest.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PartyCoin {
    pub index: u32,
    pub owner: Option<usize>,
    pub rest: Vec3,
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(follow_party_pot);
}

/// Where disc `index` of a pile centred on `centre` rests: four stacks in a
/// square, filled one after another from the one farthest from the table's
/// middle (a seat's first winnings stand nearest its tray).
pub fn pile_place(centre: Vec3, index: u32) -> Vec3 {
    const CORNERS: [(f32, f32); 4] = [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)];
    let (x, z) = CORNERS[(index / PILE_STACK) as usize % CORNERS.len()];
    let out = Vec3::new(x * centre.x.signum(), 0.0, z * centre.z.signum());
    let foot = centre + out * PILE_PITCH / 2.0;
    on_table(stacked(foot, index, index % PILE_STACK))
}

/// Where disc `index` of the winnings of the seat whose tray stands at
/// `tray` rests: on that tray's wall facing the middle, in stacks from the
/// corner nearest the middle outwards (the first winnings at the corner).
pub fn won_place(tray: Vec3, index: u32) -> Vec3 {
    let (sx, sz) = (tray.x.signum(), tray.z.signum());
    // The middle of the wall's top, across it; along it, from the corner.
    let across = tray.z.abs() - TRAY_DEPTH / 2.0 - WALL_THICKNESS / 2.0;
    let corner = tray.x.abs() - TRAY_WIDTH / 2.0 - WALL_THICKNESS / 2.0;
    let stack = (index / PILE_STACK) % WON_STACKS;
    let along = corner + stack as f32 * PILE_PITCH;
    let foot = Vec3::new(sx * along, WALL_HEIGHT, sz * across);
    stacked(foot, index, index % PILE_STACK)
}

/// How many of `discs` each seat takes for its payout (`paid`): in
/// proportion, the discs a share leaves over going to the largest
/// remainders, so every disc goes to a seat that was paid.
pub fn shares_of(discs: u32, paid: &[u64]) -> Vec<u32> {
    let total: u64 = paid.iter().sum();
    if total == 0 {
        return vec![0; paid.len()];
    }
    let exact: Vec<u64> = paid.iter().map(|&p| p * u64::from(discs)).collect();
    let mut shares: Vec<u32> = exact.iter().map(|&e| (e / total) as u32).collect();
    let mut left = discs - shares.iter().sum::<u32>();
    let mut order: Vec<usize> = (0..paid.len()).filter(|&s| paid[s] > 0).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(exact[s] % total));
    for s in order.into_iter().cycle() {
        if left == 0 {
            break;
        }
        shares[s] += 1;
        left -= 1;
    }
    shares
}

/// Keeps the discs in step with the referee: a decided round's pot goes to
/// the seats it paid, a new round clears the last one's winnings away, and
/// the pot gains or loses discs to match the coins in it.
fn follow_party_pot(
    moved: On<Moved>,
    party: Option<Res<Party>>,
    coins: Query<(Entity, &PartyCoin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    look: Option<Res<CoinLook>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let Some(party) = party else {
        return;
    };
    let table = &party.table;
    let still = motion.is_some_and(|m| m.0);
    let now = time.elapsed_secs();
    let decided = moved.to.mover().is_none();
    let was_decided = moved.from.is_some_and(|f| f.mover().is_none());
    let mut pot: Vec<(Entity, PartyCoin, Vec3)> = Vec::new();
    for (entity, coin, at) in &coins {
        let gone = moved.from.is_none() || (coin.owner.is_some() && was_decided && !decided);
        if gone {
            commands.entity(entity).despawn();
        } else if coin.owner.is_none() {
            pot.push((entity, *coin, at.translation));
        }
    }
    pot.sort_by_key(|(_, coin, _)| coin.index);
    if let (Some(end), true) = (table.last_end(), decided && !was_decided) {
        let places = &party.places;
        let shares = shares_of(pot.len() as u32, &end.paid);
        let mut discs = pot.drain(..);
        for (seat, &share) in shares.iter().enumerate() {
            for (index, (entity, coin, at)) in (0..share).zip(discs.by_ref()) {
                let rest = won_place(places[seat], index);
                let way = slide_way(at, coin.index, now);
                let mut disc = commands.entity(entity);
                disc.insert(PartyCoin {
                    index,
                    owner: Some(seat),
                    rest,
                });
                send_disc(&mut disc, rest, way, still);
            }
        }
    }
    let want = discs_for(table.pot(), table.rules().ante);
    let have: Vec<(Entity, u32)> = pot.iter().map(|(e, c, _)| (*e, c.index)).collect();
    let laying = Laying {
        still,
        now,
        look: look.as_deref(),
    };
    let place = |index| pile_place(Vec3::ZERO, index);
    let disc = |index, rest| {
        let owner = None;
        (
            PartyCoin { index, owner, rest },
            DespawnOnExit(Screen::Party),
        )
    };
    match_pot(&mut commands, &have, want, place, disc, &laying);
}

/// The coins in the pots as a player reads them: once a seat is all in,
/// the main pot (what every seat put in up to the all-in stake), then a
/// side pot above each all-in stake ("29 + side 3"), as at a card table.
pub fn pot_words(table: &TableMatch, lang: Lang) -> String {
    let seats = 0..table.seats();
    let mut levels: Vec<u64> = seats
        .clone()
        .filter(|&s| table.is_all_in(s))
        .map(|s| table.put(s))
        .collect();
    levels.sort_unstable();
    levels.dedup();
    levels.push(u64::MAX);
    let mut below = 0;
    let pots: Vec<u64> = levels
        .iter()
        .map(|&level| {
            let from = std::mem::replace(&mut below, level);
            let layer = |s: usize| table.put(s).min(level) - table.put(s).min(from);
            seats.clone().map(layer).sum()
        })
        .filter(|&coins| coins > 0)
        .collect();
    let mut words = pots.first().copied().unwrap_or(0).to_string();
    for side in pots.iter().skip(1) {
        words += " + ";
        words += &trf(lang, Key::SidePot, &[side]);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::party::{PARTY_TRAY_X, PARTY_TRAY_Z, tray_places};
    use crate::game::table::coins::{DISC_RADIUS, MAX_DISCS};
    use crate::rules::duel::BetAction;
    use crate::rules::table::house::table_rules;

    #[test]
    fn the_pot_stands_between_the_trays_and_a_seats_winnings_on_its_own_trays_rim() {
        // The free square in the middle of the table, inside every tray's walls.
        let free_x = PARTY_TRAY_X - TRAY_WIDTH / 2.0 - WALL_THICKNESS;
        let free_z = PARTY_TRAY_Z - TRAY_DEPTH / 2.0 - WALL_THICKNESS;
        for index in 0..MAX_DISCS {
            let at = pile_place(Vec3::ZERO, index);
            assert!(at.x.abs() + DISC_RADIUS < free_x, "{index}: {at}");
            assert!(at.z.abs() + DISC_RADIUS < free_z, "{index}: {at}");
        }
        for seats in 2..=4 {
            let trays = tray_places(seats);
            for &tray in &trays {
                for index in 0..MAX_DISCS {
                    let won = won_place(tray, index);
                    // On the top of the tray's wall that faces the middle, the
                    // whole disc on it, and above the felt: not in the middle.
                    let wall_z = (free_z, free_z + WALL_THICKNESS);
                    let wall_x = (free_x, tray.x.abs() + TRAY_WIDTH / 2.0);
                    assert!(won.z * tray.z > 0.0 && won.x * tray.x > 0.0, "{won}");
                    assert!(
                        won.z.abs() - DISC_RADIUS >= wall_z.0 - 1e-3,
                        "{index}: {won}"
                    );
                    assert!(
                        won.z.abs() + DISC_RADIUS <= wall_z.1 + 1e-3,
                        "{index}: {won}"
                    );
                    assert!(
                        won.x.abs() - DISC_RADIUS >= wall_x.0 - 1e-3,
                        "{index}: {won}"
                    );
                    assert!(won.x.abs() + DISC_RADIUS <= wall_x.1, "{index}: {won}");
                    assert!(won.y >= WALL_HEIGHT, "{won}");
                    // Nearer its own tray than any other seat's.
                    for &other in trays.iter().filter(|&&t| t != tray) {
                        assert!(won.distance(tray) < won.distance(other), "{won}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_disc_goes_to_a_seat_that_was_paid_in_proportion() {
        assert_eq!(shares_of(20, &[0, 40, 0]), [0, 20, 0]);
        assert_eq!(shares_of(21, &[0, 20, 20, 0]), [0, 11, 10, 0]);
        assert_eq!(shares_of(10, &[5, 10, 15]), [2, 3, 5]);
        assert_eq!(shares_of(7, &[0, 0]), [0, 0]);
        for discs in 0..=MAX_DISCS {
            let shares = shares_of(discs, &[3, 0, 17, 9]);
            assert_eq!(shares.iter().sum::<u32>(), discs);
            assert_eq!(shares[1], 0);
        }
    }

    #[test]
    fn a_side_pot_is_told_apart_from_the_main_pot() {
        let mut t = TableMatch::new(table_rules(5, 10, 1), vec![100, 12, 100], 0).unwrap();
        for seat in 0..3 {
            t.throw(seat).unwrap();
            t.rolled(seat, [1, 2, 3, 4, 6]).unwrap();
        }
        assert_eq!(pot_words(&t, Lang::Ja), "15");
        // A raise not called yet is no side pot.
        t.bet(0, BetAction::Raise).unwrap();
        assert_eq!(pot_words(&t, Lang::Ja), "25");
        // Seat 1 can call only 7 of a raise of 10: all in, a side pot above.
        t.bet(1, BetAction::Call).unwrap();
        assert_eq!(pot_words(&t, Lang::Ja), "29 + サイド 3");
        t.bet(2, BetAction::Call).unwrap();
        assert_eq!(pot_words(&t, Lang::Ja), "36 + サイド 6");
        assert_eq!(pot_words(&t, Lang::En), "36 + side 6");
    }
}
