//! `dice-poker daily`: the day's challenge, five solo games on dice dealt
//! from the date, scored by how well they were held. `--auto` holds what
//! the advisor says (so nothing is given up) and prints the dealt throws.

use std::io::Write;

use serde_json::json;

use super::{CliError, faces_text};
use crate::lang::{Lang, hand_name};
use crate::rules::daily::{DAILY_REROLLS, parse_date, play_daily, today};
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
