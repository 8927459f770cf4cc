//! An accusation at a table: a seat says another plays a crooked die, the
//! accused seat's tray is searched, and the round ends there. The seat in
//! the wrong (the cheat caught, or the accuser whose search found nothing)
//! loses what it put into the round to the seat in the right (at most what
//! that seat put in itself, as a side pot pays: the rest goes back) and
//! sits out the rest of the match; every other seat takes back what it put
//! in. The
//! seat in the right takes the round's point, so at a table of two the
//! match ends as a duel's does. No coin comes from anywhere or goes
//! anywhere but from the wrong seat to the right one, and the house pays
//! no shield for a round nobody played out.

use serde::{Deserialize, Serialize};

use super::{Illegal, TableEnd, TableMatch, TableStep};

/// Who accused whom, and whether the search found a crooked die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accusation {
    /// The accusing seat.
    pub by: usize,
    /// The seat whose tray was searched.
    pub against: usize,
    /// A crooked die was found there.
    pub caught: bool,
}

impl Accusation {
    /// The seat in the right: the accuser when a die was found, else the accused.
    pub fn right(&self) -> usize {
        if self.caught { self.by } else { self.against }
    }

    /// The seat in the wrong: the cheat caught, or the accuser.
    pub fn wrong(&self) -> usize {
        if self.caught { self.against } else { self.by }
    }
}

impl TableMatch {
    /// True when `by` may accuse `against` now: both are in the round under
    /// way, they are two seats, and no dice are in the air (the dice
    /// searched are the ones that lie still).
    pub fn may_accuse(&self, by: usize, against: usize) -> bool {
        let n = self.seats();
        by < n
            && against < n
            && by != against
            && self.step.mover().is_some()
            && !matches!(self.step, TableStep::Rolling(_))
            && self.is_live(by)
            && self.is_live(against)
    }

    /// `by` accuses `against` of playing a crooked die, and the search
    /// `caught` one or not: the round ends as the file's note says.
    pub fn accuse(&mut self, by: usize, against: usize, caught: bool) -> Result<(), Illegal> {
        if !self.may_accuse(by, against) {
            return Err(self.illegal(by, "accuse"));
        }
        let accused = Accusation {
            by,
            against,
            caught,
        };
        let (right, wrong) = (accused.right(), accused.wrong());
        let mut paid = self.put.clone();
        let taken = paid[wrong].min(paid[right]);
        paid[right] += taken;
        paid[wrong] -= taken;
        self.out[wrong] = true;
        self.folded[wrong] = true;
        self.end_round(TableEnd {
            winner: Some(right),
            by_folds: false,
            paid,
            put: Vec::new(),
            bonus: Vec::new(),
            void: false,
            accused: Some(accused),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::{Badge, BetAction};
    use crate::rules::table::TableRules;

    const RULES: TableRules = TableRules {
        ante: 10,
        step: 10,
        raises: 3,
        rerolls: 2,
        wins: 3,
    };
    const STACK: u64 = 100;

    /// A table of `seats` at its first betting round, seat 0 having raised.
    fn betting(seats: usize) -> TableMatch {
        let mut t = TableMatch::new(RULES, vec![STACK; seats], 0).unwrap();
        for seat in 0..seats {
            t.throw(seat).unwrap();
            t.rolled(seat, [1, 2, 3, 4, 6]).unwrap();
        }
        assert_eq!(t.step(), TableStep::Bet(0));
        t.bet(0, BetAction::Raise).unwrap();
        t
    }

    fn total(t: &TableMatch) -> u64 {
        (0..t.seats()).map(|s| t.stack(s)).sum::<u64>() + t.pot()
    }

    #[test]
    fn a_cheat_caught_loses_its_stake_to_the_accuser_and_sits_out_the_match() {
        let mut t = betting(4);
        t.accuse(1, 0, true).unwrap();
        let end = t.last_end().unwrap().clone();
        // Seat 0 put in its ante and a raise, the others their antes.
        assert_eq!(end.put, vec![20, 10, 10, 10]);
        // It takes from the cheat what it matched; the raise goes back.
        assert_eq!(end.paid, vec![10, 20, 10, 10]);
        assert_eq!(end.winner, Some(1));
        assert_eq!(t.score(1), 1);
        assert_eq!(total(&t), 4 * STACK);
        assert_eq!(t.step(), TableStep::RoundOver);
        t.next_round().unwrap();
        assert!(!t.is_live(0), "the cheat sits out the rest of the match");
        assert_eq!(t.stack(0), 90, "it keeps what it had not put in or lost");
        assert!(t.check(STACK).is_ok());
    }

    #[test]
    fn a_wrong_accusation_costs_the_accuser_its_stake_and_the_match() {
        let mut t = betting(3);
        t.accuse(0, 2, false).unwrap();
        let end = t.last_end().unwrap();
        assert_eq!(end.paid, vec![10, 10, 20]);
        assert_eq!(end.accused.map(|a| (a.right(), a.wrong())), Some((2, 0)));
        assert_eq!(t.step(), TableStep::RoundOver);
        t.next_round().unwrap();
        assert!(!t.is_live(0));
        assert_eq!(total(&t), 3 * STACK);
    }

    #[test]
    fn at_a_table_of_two_the_seat_in_the_right_takes_the_match() {
        let mut t = betting(2);
        t.bet(1, BetAction::Call).unwrap();
        t.accuse(1, 0, true).unwrap();
        assert_eq!(t.step(), TableStep::MatchOver(1));
        assert_eq!(t.stack(1), STACK + 20);
    }

    #[test]
    fn an_accusation_waits_for_still_dice_and_two_seats_in_the_round() {
        let mut t = TableMatch::new(RULES, vec![STACK; 3], 0).unwrap();
        t.throw(0).unwrap();
        let rolling = t.clone();
        assert!(t.accuse(1, 0, true).is_err(), "dice in the air");
        assert_eq!(t, rolling, "a refused accusation changes nothing");
        t.rolled(0, [6, 6, 6, 6, 6]).unwrap();
        assert!(t.accuse(1, 1, true).is_err(), "a seat accusing itself");
        assert!(t.accuse(1, 3, true).is_err(), "a seat not at the table");
        t.throw(1).unwrap();
        t.rolled(1, [1, 1, 2, 3, 4]).unwrap();
        t.throw(2).unwrap();
        t.rolled(2, [1, 1, 2, 3, 4]).unwrap();
        t.bet(0, BetAction::Raise).unwrap();
        t.bet(1, BetAction::Fold).unwrap();
        assert!(
            t.accuse(1, 0, true).is_err(),
            "a folded seat accuses nobody"
        );
        assert!(t.accuse(0, 1, true).is_err(), "nor is it accused");
        assert!(t.accuse(2, 0, false).is_ok());
    }

    #[test]
    fn the_house_pays_no_shield_for_an_accusation_and_a_double_as_for_a_round_won() {
        let badges = [Some(Badge::Double), None, Some(Badge::Shield)];
        let mut t = betting(3).with_badges(&badges);
        t.accuse(0, 1, true).unwrap();
        let end = t.last_end().unwrap();
        assert_eq!(end.paid, vec![30, 0, 10]);
        assert_eq!(end.bonus, vec![30, 0, 0]);
        assert_eq!(total(&t), 3 * STACK + t.house());
        assert!(t.check(STACK).is_ok());
    }

    #[test]
    fn an_accusation_is_kept_with_the_match_and_an_older_round_has_none() {
        let mut t = betting(3);
        t.accuse(1, 0, true).unwrap();
        let json = serde_json::to_string(&t).unwrap();
        let back: TableMatch = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        let mut old = serde_json::to_value(t.last_end().unwrap()).unwrap();
        old.as_object_mut().unwrap().remove("accused");
        let old: TableEnd = serde_json::from_value(old).unwrap();
        assert_eq!(old.accused, None);
    }
}
