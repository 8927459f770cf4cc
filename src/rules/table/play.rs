//! Computer seats play a whole match at one table with fair dice, through
//! the referee: what `versus` measures for three and four seats, and what
//! the tests play to check that coins are kept and the stronger minds win.

use rand::Rng;

use super::{TableMatch, TableRules, TableStep};
use crate::rules::duel::Opponent;
use crate::rules::minds::play_out;

/// Moves after which a match is given up as stuck (none is ever this long).
pub const MOVE_LIMIT: u32 = 100_000;

/// How one match at a table went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableOutcome {
    /// The seat that took the match.
    pub winner: usize,
    /// Each seat's coins at the end.
    pub stacks: Vec<u64>,
    /// Rounds played.
    pub rounds: u32,
    /// Rounds won by folds.
    pub by_folds: u32,
}

/// Plays a match between `seats` (one opponent each, in seat order), each
/// bringing `stack` coins; seat `first` starts. An error names a move the
/// referee refused (a mind that broke the rules), coins that did not add
/// up, or a match that never ended.
pub fn play_table_match(
    seats: &[&Opponent],
    rules: TableRules,
    stack: u64,
    first: usize,
    rng: &mut impl Rng,
) -> Result<TableOutcome, String> {
    let mut table =
        TableMatch::new(rules, vec![stack; seats.len()], first).map_err(|e| e.to_string())?;
    let total = stack * seats.len() as u64;
    let mut by_folds = 0;
    play_out(&mut table, seats, rng, MOVE_LIMIT, |table| {
        if table.step() == TableStep::RoundOver {
            by_folds += u32::from(table.last_end().is_some_and(|e| e.by_folds));
        }
        let held: u64 = (0..seats.len()).map(|s| table.stack(s)).sum();
        if held + table.pot() != total {
            return Err(format!("{} coins where {total} were", held + table.pot()));
        }
        Ok(())
    })?;
    let TableStep::MatchOver(winner) = table.step() else {
        return Err("the match did not end".to_owned());
    };
    Ok(TableOutcome {
        winner,
        stacks: (0..seats.len()).map(|s| table.stack(s)).collect(),
        rounds: table.rounds(),
        by_folds,
    })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::duel::OPPONENTS;
    use crate::rules::table::DEFAULT_RAISES;

    fn opponent(key: &str) -> &'static Opponent {
        OPPONENTS
            .iter()
            .find(|o| o.key == key)
            .expect("on the roster")
    }

    #[test]
    fn the_exact_mind_wins_coins_from_three_careless_seats() {
        let rules = TableRules {
            ante: 5,
            step: 5,
            raises: DEFAULT_RAISES,
            rerolls: 1,
            wins: 3,
        };
        let seats = [
            opponent("hard"),
            opponent("easy"),
            opponent("easy"),
            opponent("easy"),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let matches = 200;
        let gains: Vec<f64> = (0..matches)
            .map(|m| {
                let out = play_table_match(&seats, rules, 100, m % 4, &mut rng).unwrap();
                assert_eq!(out.stacks.iter().sum::<u64>(), 400);
                out.stacks[0] as f64 - 100.0
            })
            .collect();
        // The exact seat's mean gain per match, and the lower end of its 95 % interval.
        let n = gains.len() as f64;
        let mean = gains.iter().sum::<f64>() / n;
        let var = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let low = mean - 1.96 * (var / n).sqrt();
        assert!(low > 0.0, "mean {mean:.1}, low {low:.1}");
    }

    #[test]
    fn three_seats_of_every_style_play_to_the_end_by_the_rules() {
        let rules = TableRules {
            ante: 10,
            step: 10,
            raises: 2,
            rerolls: 2,
            wins: 2,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for trio in OPPONENTS.windows(3) {
            let seats: Vec<&Opponent> = trio.iter().collect();
            for first in 0..3 {
                let out = play_table_match(&seats, rules, 60, first, &mut rng).unwrap();
                assert_eq!(out.stacks.iter().sum::<u64>(), 180);
                assert!(out.rounds >= 1);
            }
        }
    }
}
