//! The daily challenge as the history tells it: a day counts once, with the
//! first run that finished all its games (a replay knows the dice), and the
//! personal best is the lowest score of the days counted.

use super::{DailyMark, Record};

/// A day of the challenge, finished.
#[derive(Debug, Clone, PartialEq)]
pub struct DayScore {
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// Expected coins given up over its games.
    pub given_up: f64,
}

/// Each day's counted score, in the order the days were first finished.
/// `games` is how many games make a day.
pub fn day_scores(records: &[Record], games: u32) -> Vec<DayScore> {
    day_scores_of(records.iter().filter_map(|r| r.daily.as_ref()), games)
}

/// [`day_scores`] of the daily games' marks alone, oldest first.
pub fn day_scores_of<'a>(
    marks: impl IntoIterator<Item = &'a DailyMark>,
    games: u32,
) -> Vec<DayScore> {
    // (date, run) → games seen, in order of first appearance.
    let mut runs: Vec<(&str, u64, Vec<u32>, f64)> = Vec::new();
    for mark in marks {
        match runs
            .iter_mut()
            .find(|(d, run, ..)| *d == mark.date && *run == mark.run)
        {
            Some((_, _, seen, sum)) => {
                if !seen.contains(&mark.game) {
                    seen.push(mark.game);
                    *sum += mark.given_up;
                }
            }
            None => runs.push((&mark.date, mark.run, vec![mark.game], mark.given_up)),
        }
    }
    let mut days: Vec<DayScore> = Vec::new();
    for (date, _, seen, sum) in runs {
        let whole = (1..=games).all(|g| seen.contains(&g));
        if whole && !days.iter().any(|d| d.date == date) {
            days.push(DayScore {
                date: date.to_owned(),
                given_up: sum,
            });
        }
    }
    days
}

/// A run of `date` left before its last game, to go on with: its run and
/// what each of its games 1, 2, … gave up, in order. Only the day's latest
/// run counts, and only when its games so far are 1 to k without a gap;
/// a finished latest run (or none) gives `None`, so a new run begins.
pub fn unfinished_run<'a>(
    marks: impl IntoIterator<Item = &'a DailyMark>,
    date: &str,
    games: u32,
) -> Option<(u64, Vec<f64>)> {
    let day: Vec<&DailyMark> = marks.into_iter().filter(|m| m.date == date).collect();
    let run = day.last()?.run;
    let mut given_up = Vec::new();
    for game in 1..=games {
        match day.iter().find(|m| m.run == run && m.game == game) {
            Some(mark) => given_up.push(mark.given_up),
            None => break,
        }
    }
    let played = day.iter().filter(|m| m.run == run).count();
    (!given_up.is_empty() && given_up.len() < games as usize && played == given_up.len())
        .then_some((run, given_up))
}

/// The lowest score of the days counted, if any day was finished.
pub fn personal_best(days: &[DayScore]) -> Option<f64> {
    days.iter().map(|d| d.given_up).min_by(f64::total_cmp)
}
