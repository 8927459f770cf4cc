//! Where a table of several's coins stand: the pot in the middle of the
//! table, between the trays, and each seat's share of a decided round up on
//! the rim of its own tray, at the corner that faces the middle. The discs
//! follow the referee's pot and payouts as in any format
//! ([`crate::game::table::pot`]). The pot line's words, the main pot and its
//! side pots, are here too ([`pot_words`]).

use bevy::prelude::*;

use crate::dice::tray::{TRAY_DEPTH, TRAY_WIDTH, WALL_HEIGHT, WALL_THICKNESS};
use crate::game::table::coins::{on_table, stacked};

use crate::lang::{Key, Lang, trf};
use crate::rules::table::TableMatch;

/// Discs in one stack of a pile; four stacks hold the most discs shown.
pub const PILE_STACK: u32 = 15;
/// The distance between the middles of two stacks of a pile side by side.
pub const PILE_PITCH: f32 = 0.62;
/// A seat's winnings stand in stacks along the top of its tray's wall that
/// faces the middle, from the corner outwards; the pot's free square between
/// the trays is too small for a pile there to read as anyone's.
const WON_STACKS: u32 = 4;

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
