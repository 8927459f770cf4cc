//! A duel with crooked dice as one player sees it: each side's tray by its
//! dice's chances (its own as they are, the other's as that player takes
//! them to be), and the engine for whichever side moves: every hold of the
//! side to reroll, and a side's chances before anyone rerolls. What
//! [`Brains`](crate::rules::duel::Brains) answers for fair dice, in floating
//! point.

use super::{CrookedChoice, CrookedDuel};
use crate::rules::duel::{Duel, Side};
use crate::rules::hand::DICE;
use crate::rules::per_die::FaceChances;

/// Both directions of a duel between two trays of dice.
pub struct TrayBrains {
    /// By the mover's [`Side::index`]: its tray against the other's.
    by_mover: [CrookedDuel; 2],
}

impl TrayBrains {
    /// The duel of the trays `dice`, by [`Side::index`], each in slot order.
    pub fn new(dice: [[FaceChances; DICE]; 2]) -> TrayBrains {
        TrayBrains {
            by_mover: [
                CrookedDuel::new(&dice[0], &dice[1]),
                CrookedDuel::new(&dice[1], &dice[0]),
            ],
        }
    }

    /// The engine for `mover`'s holds: its tray against the other's.
    pub fn engine(&self, mover: Side) -> &CrookedDuel {
        &self.by_mover[mover.index()]
    }

    /// Every hold for `me` now, against the other side as it stands (its
    /// rerolls to come included), best first; `None` until both have thrown.
    pub fn holds(&self, duel: &Duel, me: Side) -> Option<Vec<CrookedChoice>> {
        let (mine, theirs) = (duel.roll(me)?, duel.roll(me.other())?);
        Some(self.engine(me).solve(
            (&mine, duel.rerolls_left(me) as usize),
            (&theirs, duel.rerolls_to_come(me.other()) as usize),
            [duel.live_badge(me), duel.live_badge(me.other())],
        ))
    }

    /// `me`'s chance (a win, and half a tie) before anyone rerolls, both
    /// playing their best.
    pub fn position(&self, duel: &Duel, me: Side) -> Option<f64> {
        let first = duel.first();
        let second = first.other();
        let best = self
            .engine(first)
            .solve(
                (&duel.roll(first)?, duel.rerolls_to_come(first) as usize),
                (&duel.roll(second)?, duel.rerolls_to_come(second) as usize),
                [duel.live_badge(first), duel.live_badge(second)],
            )
            .into_iter()
            .next()?;
        Some(if me == first {
            best.value
        } else {
            1.0 - best.value
        })
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::duel::{BetAction, Brains, Step};
    use crate::rules::kinds::DieKind;
    use crate::rules::kinds::one_crooked;
    use crate::rules::per_die::FAIR;
    use crate::rules::tests::duel::RULES;

    /// A duel at the betting turn, both rolls landed.
    fn at_betting(rng: &mut impl Rng, first: Side) -> Duel {
        let mut duel = Duel::new(RULES, first);
        for side in [first, first.other()] {
            duel.throw(side).unwrap();
            duel.rolled(side, std::array::from_fn(|_| rng.random_range(1..=6)))
                .unwrap();
        }
        duel
    }

    #[test]
    fn with_fair_dice_it_answers_as_the_exact_engine() {
        let brains = Brains::new();
        let trays = TrayBrains::new([[FAIR; DICE]; 2]);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for case in 0..8 {
            let first = if case % 2 == 0 { Side::Near } else { Side::Far };
            let mut duel = at_betting(&mut rng, first);
            for me in [Side::Near, Side::Far] {
                let exact = brains.position(&duel, me).unwrap().value.to_f64();
                let floating = trays.position(&duel, me).unwrap();
                assert!((exact - floating).abs() < 1e-9, "{exact} {floating}");
            }
            // Past the betting, the side to reroll's holds.
            while let Step::Bet(side) = duel.step() {
                duel.bet(side, BetAction::Check).unwrap();
            }
            let Step::Reroll(mover) = duel.step() else {
                panic!("{:?}", duel.step());
            };
            let exact = brains.holds(&duel, mover).unwrap();
            let floating = trays.holds(&duel, mover).unwrap();
            assert!((exact[0].value.to_f64() - floating[0].value).abs() < 1e-9);
            assert_eq!(exact[0].held, floating[0].held);
        }
    }

    #[test]
    fn a_loaded_die_makes_its_side_stronger_from_either_seat() {
        let loaded = one_crooked(DieKind::Loaded, 0);
        let fair = TrayBrains::new([[FAIR; DICE]; 2]);
        let crooked = TrayBrains::new([loaded, [FAIR; DICE]]);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut fair_sum, mut crooked_sum) = (0.0, 0.0);
        for case in 0..12 {
            let first = if case % 2 == 0 { Side::Near } else { Side::Far };
            let duel = at_betting(&mut rng, first);
            let near = crooked.position(&duel, Side::Near).unwrap();
            let far = crooked.position(&duel, Side::Far).unwrap();
            assert!((near + far - 1.0).abs() < 1e-12, "one chance, two seats");
            fair_sum += fair.position(&duel, Side::Near).unwrap();
            crooked_sum += near;
        }
        assert!(crooked_sum > fair_sum, "{crooked_sum} > {fair_sum}");
    }
}
