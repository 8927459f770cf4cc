//! A cheat's mind while it carries its crooked die: it bets as ever and
//! holds by the engine for its own dice ([`CrookedDuel`]), slipping as
//! often as its style slips.

use rand::Rng;

use super::opponent::{HoldStyle, Opponent, chance, random_hold};
use super::versus::DuelMind;
use super::{BetAction, CrookedChoice, CrookedDuel, Duel, Side, Step};
use crate::rules::minds::{Hold, Mind};
use crate::rules::ratio::Ratio;
use crate::rules::turn::SeatId;

impl Opponent {
    /// How often its holds slip (a careless or a slipping style), knowing
    /// its dice or not.
    pub fn slips(&self) -> u8 {
        match self.hold {
            HoldStyle::Largest { careless } => careless,
            HoldStyle::Exact { slips } => slips,
            HoldStyle::Payout | HoldStyle::Straights => 0,
        }
    }

    /// The hold `me` picks now while it carries a crooked die: the best for
    /// its own dice against the other's fair ones (`engine`, the duel of its
    /// tray against theirs), slipped as often as its style slips. `None`
    /// when it is not `me`'s turn to hold.
    pub fn hold_knowing(
        &self,
        engine: &CrookedDuel,
        duel: &Duel,
        me: Side,
        rng: &mut impl Rng,
    ) -> Option<CrookedChoice> {
        if duel.step() != Step::Reroll(me) {
            return None;
        }
        let (mine, theirs) = (duel.roll(me)?, duel.roll(me.other())?);
        let all = engine.solve(
            (&mine, duel.rerolls_left(me) as usize),
            (&theirs, duel.rerolls_to_come(me.other()) as usize),
            [duel.live_badge(me), duel.live_badge(me.other())],
        );
        if duel.rerolls_left(me) > 0 && chance(rng, self.slips()) {
            let want = random_hold(&mine, rng);
            if let Some(slip) = all.iter().find(|c| c.held == want && c.change.is_none()) {
                return Some(slip.clone());
            }
        }
        all.into_iter().next()
    }
}

/// A cheat's mind while it carries its die: its bets as ever, its holds by
/// the engine for its own dice.
#[derive(Clone, Copy)]
pub struct KnowingMind<'a> {
    /// Its mind otherwise.
    pub mind: DuelMind<'a>,
    /// Its tray against the other's.
    pub engine: &'a CrookedDuel,
}

impl Mind<Duel> for KnowingMind<'_> {
    fn bet(&self, duel: &Duel, seat: SeatId, rng: &mut impl Rng) -> Option<BetAction> {
        self.mind.bet(duel, seat, rng)
    }
    fn hold(&self, duel: &Duel, seat: SeatId, rng: &mut impl Rng) -> Option<Hold> {
        let side = Side::of_seat(seat)?;
        let choice = self
            .mind
            .opponent
            .hold_knowing(self.engine, duel, side, rng)?;
        Some(Hold {
            held: choice.held,
            change: choice.change,
            // Which die keeps a face matters with crooked dice.
            slots: Some(choice.kept),
            chance: Some(Ratio::new(
                (choice.value * CHANCE_SCALE).round() as u128,
                CHANCE_SCALE as u128,
            )),
        })
    }
}

/// A crooked engine's chance (a float) as the fraction a hold carries.
const CHANCE_SCALE: f64 = 1e9;

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::duel::Brains;
    use crate::rules::hand::DICE;
    use crate::rules::kinds::DieKind;
    use crate::rules::kinds::one_crooked;
    use crate::rules::per_die::FAIR;
    use crate::rules::tests::duel::RULES;

    #[test]
    fn a_cheats_hold_names_the_dice_it_keeps_and_they_show_its_faces() {
        let loaded = one_crooked(DieKind::Loaded, 0);
        let engine = CrookedDuel::new(&loaded, &[FAIR; DICE]);
        let brains = Brains::new();
        let opponent = Opponent::find("minstrel").expect("a cheat");
        let knowing = KnowingMind {
            mind: DuelMind {
                opponent,
                brains: &brains,
            },
            engine: &engine,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..10 {
            let mut duel = Duel::new(RULES, Side::Far);
            for side in [Side::Far, Side::Near] {
                duel.throw(side).unwrap();
                let roll = std::array::from_fn(|_| rng.random_range(1..=6));
                duel.rolled(side, roll).unwrap();
            }
            while let Step::Bet(side) = duel.step() {
                duel.bet(side, BetAction::Check).unwrap();
            }
            assert_eq!(duel.step(), Step::Reroll(Side::Far));
            let roll = duel.roll(Side::Far).unwrap();
            let hold = knowing.hold(&duel, Side::Far.index(), &mut rng).unwrap();
            let slots = hold.slots.expect("the dice are named");
            let mut faces: Vec<u8> = (0..DICE).filter(|&s| slots[s]).map(|s| roll[s]).collect();
            faces.sort_unstable();
            assert_eq!(faces, hold.held, "{roll:?}");
        }
    }
}
