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
    /// What each game gave up, game 1 first.
    pub games: Vec<f64>,
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
    // (date, run) → each game seen first with its score, in order of first appearance.
    let mut runs: Vec<(&str, u64, Vec<(u32, f64)>)> = Vec::new();
    for mark in marks {
        let game = (mark.game, mark.given_up);
        match runs
            .iter_mut()
            .find(|(d, run, _)| *d == mark.date && *run == mark.run)
        {
            Some((.., seen)) => {
                if !seen.iter().any(|(g, _)| *g == mark.game) {
                    seen.push(game);
                }
            }
            None => runs.push((&mark.date, mark.run, vec![game])),
        }
    }
    let mut days: Vec<DayScore> = Vec::new();
    for (date, _, seen) in runs {
        let in_order: Option<Vec<f64>> = (1..=games)
            .map(|g| seen.iter().find(|(n, _)| *n == g).map(|(_, v)| *v))
            .collect();
        if let Some(scores) = in_order
            && !days.iter().any(|d| d.date == date)
        {
            days.push(DayScore {
                date: date.to_owned(),
                // Summed in the order the games were recorded, as before.
                given_up: seen.iter().map(|(_, v)| v).sum(),
                games: scores,
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

/// The counted run of `date` (its first finished one), if the day was finished.
pub fn day_of<'a>(days: &'a [DayScore], date: &str) -> Option<&'a DayScore> {
    days.iter().find(|d| d.date == date)
}

/// The lowest score of the days counted, if any day was finished.
pub fn personal_best(days: &[DayScore]) -> Option<f64> {
    days.iter().map(|d| d.given_up).min_by(f64::total_cmp)
}
