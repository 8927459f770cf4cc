//! `dice-poker daily`: the day's challenge, five solo games on dice dealt
//! from the date, scored by how well they were held. `--auto` holds what
//! the advisor says (so nothing is given up) and prints the dealt throws;
//! `--share` prints the line to share of the day the player finished.

use std::io::Write;

use serde_json::json;

use std::path::Path;

use super::{CliError, faces_text};
use crate::history;
use crate::lang::{Lang, daily_share as share_text, hand_name};
use crate::rules::daily::{DAILY_GAMES, DAILY_REROLLS, parse_date, play_daily, today};
use crate::rules::{PayoutTable, Strategy, evaluate_roll};

/// Plays the challenge of `date` (`None`: today) and prints it.
pub fn daily(
    date: Option<&str>,
    auto: bool,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if !auto {
        return Err(CliError::BadInput(
            "--json prints the challenge played by the advisor: give --auto too (without both, \
             `daily` opens the game window)"
                .to_owned(),
        ));
    }
    let date = match date {
        Some(d) => parse_date(d).map_err(CliError::BadInput)?,
        None => today(),
    };
    let payouts = PayoutTable::default();
    let strategy = Strategy::new(payouts, DAILY_REROLLS);
    let games = play_daily(&date, &strategy, &payouts, |roll, left| {
        strategy.best(roll, left).held
    });
    let paid: u64 = games.iter().map(|g| g.payout).sum();
    let given_up: f64 = games.iter().map(|g| g.given_up).sum();
    let name = |roll| hand_name(lang, &evaluate_roll(roll));
    if json {
        let doc = json!({
            "date": date,
            "games": games.iter().map(|g| json!({
                "first_throw": g.first_throw,
                "last": g.last,
                "hand": name(&g.last),
                "payout": g.payout,
                "given_up": g.given_up,
            })).collect::<Vec<_>>(),
            "paid": paid,
            "given_up": given_up,
        });
        writeln!(out, "{doc}")?;
        return Ok(());
    }
    writeln!(out, "daily challenge {date}, the advisor's holds")?;
    for (i, g) in games.iter().enumerate() {
        writeln!(
            out,
            "game {}: first throw {} -> {} ({}), pays {}, given up {:.2}",
            i + 1,
            faces_text(&g.first_throw),
            faces_text(&g.last),
            name(&g.last),
            g.payout,
            g.given_up
        )?;
    }
    writeln!(
        out,
        "paid {paid} coins; given up {given_up:.2} coins against the best holds"
    )?;
    Ok(())
}

/// Prints the line to share of `date`'s challenge (`None`: today) as the
/// history in `dir` has it: the day's counted run, one square a game.
pub fn daily_share(
    dir: &Path,
    date: Option<&str>,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let date = match date {
        Some(d) => parse_date(d).map_err(CliError::BadInput)?,
        None => today(),
    };
    let path = history::history_path(dir);
    let mut marks = Vec::new();
    history::for_each(&path, |r| marks.extend(r.daily)).map_err(|e| {
        CliError::Failed(format!("cannot read the history {}: {e}", path.display()))
    })?;
    let days = history::daily::day_scores_of(&marks, DAILY_GAMES);
    let Some(day) = history::daily::day_of(&days, &date) else {
        return Err(CliError::Failed(format!(
            "the daily challenge of {date} is not finished in {}: play its {DAILY_GAMES} games \
             first (`dice-poker daily`)",
            path.display()
        )));
    };
    writeln!(out, "{}", share_text(lang, &date, &day.games))?;
    Ok(())
}
