//! Badges at a table: a computer seat brings the badge it has in a duel.
//! Only the badges that change what a round pays sit at a table, and the
//! house pays them beside the pots, as in a duel: `double` pays a round won
//! (the point, the main pot alone) a second time, what the seat took from
//! the pots; `shield` gives back half of what a seat put in, rounded down,
//! when it saw the round out and another seat won it at the showdown or
//! by folds (not by an accusation). A drawn round pays neither. The badges that change the dice or the rerolls are a duel's.

use super::{TableEnd, TableMatch};
use crate::rules::duel::Badge;

/// True for a badge that sits at a table: one that changes only what a
/// round pays.
fn pays_only(badge: Badge) -> bool {
    matches!(badge, Badge::Double | Badge::Shield)
}

/// What the house pays `seat`, holding `badge`, for a round that ended as
/// `end` (`put` filled in); `live`: it saw the round out without folding.
pub fn badge_bonus(badge: Option<Badge>, seat: usize, end: &TableEnd, live: bool) -> u64 {
    let won = end.winner == Some(seat);
    let lost = end.winner.is_some() && !won;
    match badge {
        Some(Badge::Double) if won => end.paid.get(seat).copied().unwrap_or(0),
        Some(Badge::Shield) if lost && live && end.accused.is_none() => {
            end.put.get(seat).copied().unwrap_or(0) / 2
        }
        _ => 0,
    }
}

impl TableMatch {
    /// This table with each seat's badge, by seat (`None`, or a seat past
    /// the list: none). A badge that does not sit at a table is left out.
    pub fn with_badges(mut self, badges: &[Option<Badge>]) -> TableMatch {
        self.badges = (0..self.seats())
            .map(|s| badges.get(s).copied().flatten().filter(|&b| pays_only(b)))
            .collect();
        self
    }

    /// `seat`'s badge, if it has one.
    pub fn badge(&self, seat: usize) -> Option<Badge> {
        self.badges.get(seat).copied().flatten()
    }

    /// Every seat's badge, by seat.
    pub fn badges(&self) -> Vec<Option<Badge>> {
        (0..self.seats()).map(|s| self.badge(s)).collect()
    }

    /// Coins the house has paid for badges this match: what the seats
    /// hold and the pot are what they sat down with and this.
    pub fn house(&self) -> u64 {
        self.house
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::BetAction;
    use crate::rules::table::{TableRules, TableStep};

    fn end(winner: Option<usize>, paid: Vec<u64>, put: Vec<u64>) -> TableEnd {
        TableEnd {
            winner,
            by_folds: false,
            paid,
            put,
            bonus: Vec::new(),
            void: false,
            accused: None,
        }
    }

    #[test]
    fn double_pays_a_round_won_again_and_shield_half_of_a_round_lost_seen_out() {
        let won_by_0 = end(Some(0), vec![60, 0, 0], vec![20, 20, 20]);
        assert_eq!(badge_bonus(Some(Badge::Double), 0, &won_by_0, true), 60);
        assert_eq!(badge_bonus(Some(Badge::Double), 1, &won_by_0, true), 0);
        assert_eq!(badge_bonus(Some(Badge::Shield), 1, &won_by_0, true), 10);
        // A seat that folded gets nothing back, nor does the winner.
        assert_eq!(badge_bonus(Some(Badge::Shield), 1, &won_by_0, false), 0);
        assert_eq!(badge_bonus(Some(Badge::Shield), 0, &won_by_0, true), 0);
        // A drawn round pays neither; an odd coin is rounded down.
        let drawn = end(None, vec![31, 30, 0], vec![21, 20, 20]);
        for badge in [Badge::Double, Badge::Shield] {
            for seat in 0..3 {
                assert_eq!(badge_bonus(Some(badge), seat, &drawn, true), 0);
            }
        }
        let odd = end(Some(2), vec![0, 0, 41], vec![21, 10, 10]);
        assert_eq!(badge_bonus(Some(Badge::Shield), 0, &odd, true), 10);
        assert_eq!(badge_bonus(None, 2, &odd, true), 0);
    }

    #[test]
    fn the_house_pays_badges_beside_the_pots_and_a_duels_dice_badges_stay_out() {
        let rules = TableRules {
            ante: 5,
            step: 5,
            raises: 2,
            rerolls: 1,
            wins: 3,
        };
        let badges = [Some(Badge::Double), Some(Badge::Flip), Some(Badge::Shield)];
        let mut table = TableMatch::new(rules, vec![100; 3], 0)
            .unwrap()
            .with_badges(&badges);
        assert_eq!(
            table.badges(),
            [Some(Badge::Double), None, Some(Badge::Shield)]
        );
        // Everyone throws and checks, stands, checks: a showdown.
        let faces = [[6, 6, 6, 6, 1], [1, 2, 3, 5, 6], [2, 2, 3, 3, 4]];
        for _ in 0..40 {
            match table.step() {
                TableStep::Throw(s) => table.throw(s).unwrap(),
                TableStep::Rolling(s) => table.rolled(s, faces[s]).unwrap(),
                TableStep::Bet(s) => table.bet(s, BetAction::Check).unwrap(),
                TableStep::Reroll(s) => table.stand(s).unwrap(),
                TableStep::RoundOver | TableStep::MatchOver(_) => break,
            }
        }
        let end = table.last_end().expect("a decided round").clone();
        assert_eq!(end.winner, Some(0), "four of a kind");
        assert_eq!(end.bonus, [15, 0, 2], "double: 15 again; shield: half of 5");
        assert_eq!(table.house(), 17);
        let held: u64 = (0..3).map(|s| table.stack(s)).sum();
        assert_eq!(held + table.pot(), 300 + table.house());
    }
}
