//! A cheat's mind at a table while it carries its crooked die: it bets as
//! ever and holds by the table's chances for its own dice
//! ([`dice_table_choices`]), every rival walked with fair dice, slipping as
//! often as its style slips (as a cheat's mind in a duel does).

use rand::Rng;

use super::crooked::{DiceRival, dice_table_choices};
use super::mind::{rivals_of, seat_bet};
use super::{TableMatch, TableStep};
use crate::rules::duel::opponent::{chance, random_hold};
use crate::rules::duel::{BetAction, Opponent};
use crate::rules::minds::{Hold, Mind};
use crate::rules::per_die::Walks;
use crate::rules::turn::SeatId;

/// A cheat at a table who knows its dice.
#[derive(Clone, Copy)]
pub struct KnowingSeat<'a> {
    /// Its mind otherwise.
    pub opponent: &'a Opponent,
    /// Its tray, walked by its dice's chances.
    pub mine: &'a Walks,
    /// A fair tray: how it takes every rival's dice to throw.
    pub fair: &'a Walks,
}

impl Mind<TableMatch> for KnowingSeat<'_> {
    fn bet(&self, table: &TableMatch, seat: SeatId, rng: &mut impl Rng) -> Option<BetAction> {
        seat_bet(self.opponent, table, seat, rng)
    }

    fn hold(&self, table: &TableMatch, seat: SeatId, rng: &mut impl Rng) -> Option<Hold> {
        if table.step() != TableStep::Reroll(seat) {
            return None;
        }
        let roll = table.roll(seat)?;
        if chance(rng, self.opponent.slips()) {
            return Some(Hold {
                held: random_hold(&roll, rng),
                ..Hold::default()
            });
        }
        let rivals: Vec<DiceRival> = rivals_of(table, seat)
            .into_iter()
            .map(|rival| DiceRival {
                rival,
                walks: self.fair,
            })
            .collect();
        let best = dice_table_choices(&roll, table.rerolls_left(seat), self.mine, &rivals)
            .into_iter()
            .next()?;
        Some(Hold {
            held: best.held,
            // Which die keeps a face matters with crooked dice.
            slots: Some(best.kept),
            ..Hold::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::hand::DICE;
    use crate::rules::kinds::{DieKind, one_crooked};
    use crate::rules::per_die::{FAIR, Tray};
    use crate::rules::table::house::party_rules;

    /// A table of three at its first reroll of seat 0, every seat thrown
    /// and every bet checked.
    fn at_first_reroll(rng: &mut ChaCha8Rng) -> TableMatch {
        let mut t = TableMatch::new(party_rules(2), vec![100; 3], 0).unwrap();
        for seat in 0..3 {
            t.throw(seat).unwrap();
            t.rolled(seat, std::array::from_fn(|_| rng.random_range(1..=6)))
                .unwrap();
        }
        while let TableStep::Bet(seat) = t.step() {
            t.bet(seat, BetAction::Check).unwrap();
        }
        t
    }

    #[test]
    fn a_cheat_at_a_table_keeps_the_dice_its_chances_name_and_they_show_its_faces() {
        let loaded = Walks::new(&Tray::new(&one_crooked(DieKind::Loaded, 0)));
        let fair = Walks::new(&Tray::new(&[FAIR; DICE]));
        let shipwright = Opponent::find("shipwright").expect("a cheat");
        let seat = KnowingSeat {
            opponent: shipwright,
            mine: &loaded,
            fair: &fair,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut kept_the_loaded_six = 0;
        for _ in 0..20 {
            let t = at_first_reroll(&mut rng);
            assert_eq!(t.step(), TableStep::Reroll(0));
            let roll = t.roll(0).unwrap();
            let hold = seat.hold(&t, 0, &mut rng).unwrap();
            let Some(slots) = hold.slots else {
                continue; // a slip keeps faces only
            };
            let mut faces: Vec<u8> = (0..DICE).filter(|&s| slots[s]).map(|s| roll[s]).collect();
            faces.sort_unstable();
            assert_eq!(faces, hold.held, "{roll:?}");
            kept_the_loaded_six += u32::from(roll[0] == 6 && slots[0]);
            assert!(seat.hold(&t, 1, &mut rng).is_none(), "not seat 1's turn");
        }
        assert!(kept_the_loaded_six > 0, "a six on the loaded die is kept");
    }
}
