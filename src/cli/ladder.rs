//! `dice-poker ladder`: the career's venues, opponents and badges, and with a
//! save, how far the player has climbed.

use std::io::Write;

use serde_json::json;

use super::{CliError, pad};
use crate::lang::career::{best_of, status_words};
use crate::lang::{Key, Lang, badge_effect, badge_name, opponent_name, opponent_style, trf, words};
use crate::rules::career::{Badge, CHAMPION_BADGE, Career, Locked, Rung, VENUES, ladder};

/// What a rung is to a player, for scripts: beaten, open, or locked and why.
fn status_key(career: &Career, rung: &Rung, coins: i64) -> String {
    if career.has_beaten(rung.opponent.key) {
        return "beaten".to_owned();
    }
    match career.check(rung, coins) {
        Ok(()) => "open".to_owned(),
        Err(Locked::Beat(o)) => format!("beat {} first", o.key),
        Err(Locked::BuyIn(need)) => format!("needs {need} coins"),
    }
}

/// Who opens a badge: the venue's last opponent, or the top of the ladder.
fn opened_by(badge: Badge) -> Vec<&'static str> {
    let mut by: Vec<&'static str> = VENUES
        .iter()
        .filter(|v| v.badge == badge)
        .filter_map(|v| v.opponents.last().copied())
        .collect();
    if badge == CHAMPION_BADGE
        && let Some(top) = ladder().last()
    {
        by.push(top.opponent.key);
    }
    by
}

/// Prints the ladder; `save` is the player's career and coins, when there is one.
pub fn ladder_report(
    save: Option<(&Career, i64)>,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if json {
        writeln!(out, "{}", ladder_json(save, lang))?;
        return Ok(());
    }
    for v in &VENUES {
        writeln!(
            out,
            "{}",
            trf(
                lang,
                Key::VenueLine,
                &[&words(lang, &v.name), &v.buy_in, &v.badge.key()]
            )
        )?;
        for r in ladder().iter().filter(|r| r.venue.key == v.key) {
            let o = r.opponent;
            let status = save.map_or(String::new(), |(career, coins)| {
                pad(&status_words(r, career, coins, lang), 26)
            });
            let line = format!(
                "  {:>2} {} {} {:>3}/{:<3} {} {}{}",
                r.index + 1,
                pad(o.key, 11),
                pad(opponent_name(lang, o), 22),
                o.ante,
                o.step,
                pad(&best_of(o, lang), 10),
                status,
                opponent_style(lang, o),
            );
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    writeln!(out)?;
    for b in Badge::ALL {
        let by: Vec<String> = opened_by(b)
            .into_iter()
            .filter_map(crate::rules::duel::Opponent::find)
            .map(|o| opponent_name(lang, o).to_owned())
            .collect();
        let won = save.is_some_and(|(c, _)| c.badges.contains(&b));
        writeln!(
            out,
            "{} {} ({}): {} [{}]",
            if won { "*" } else { "-" },
            b.key(),
            badge_name(lang, b),
            badge_effect(lang, b),
            by.join(", ")
        )?;
    }
    if let Some((career, coins)) = save {
        writeln!(
            out,
            "\n{}",
            trf(
                lang,
                Key::CareerLine,
                &[
                    &career.beaten.len(),
                    &career.badges.len(),
                    &career.matches[0],
                    &career.matches[1],
                    &coins
                ]
            )
        )?;
    }
    Ok(())
}

/// The ladder as JSON: the venues with their opponents, the badges, and the career.
fn ladder_json(save: Option<(&Career, i64)>, lang: Lang) -> serde_json::Value {
    let rungs = ladder();
    let venues: Vec<_> = VENUES
        .iter()
        .map(|v| {
            let opponents: Vec<_> = rungs
                .iter()
                .filter(|r| r.venue.key == v.key)
                .map(|r| {
                    let o = r.opponent;
                    json!({
                        "rung": r.index + 1,
                        "key": o.key,
                        "name": opponent_name(lang, o),
                        "style": opponent_style(lang, o),
                        "ante": o.ante,
                        "raise": o.step,
                        "best_of": 2 * o.wins - 1,
                        "status": save.map(|(c, coins)| status_key(c, r, coins)),
                    })
                })
                .collect();
            json!({
                "key": v.key,
                "name": words(lang, &v.name),
                "buy_in": v.buy_in,
                "badge": v.badge.key(),
                "opponents": opponents,
            })
        })
        .collect();
    let badges: Vec<_> = Badge::ALL
        .iter()
        .map(|&b| {
            json!({
                "key": b.key(),
                "name": badge_name(lang, b),
                "effect": badge_effect(lang, b),
                "opened_by": opened_by(b),
                "won": save.map(|(c, _)| c.badges.contains(&b)),
            })
        })
        .collect();
    json!({
        "venues": venues,
        "badges": badges,
        "career": save.map(|(c, coins)| json!({
            "coins": coins,
            "beaten": c.beaten,
            "badges": c.badges,
            "matches": c.matches[0],
            "won": c.matches[1],
        })),
    })
}
