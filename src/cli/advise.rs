//! `dice-poker advise`: every hold for a roll, best first, under optimal play:
//! for the payout table, or (`--against`) for the win chance in a duel.

use std::io::Write;

use serde::Serialize;

use super::crooked::{advise_dice, all_fair};
use super::{CliError, faces_text, pad, write_holds};
use crate::lang::{Lang, hand_name};
use crate::rules::duel::{Badge, DuelChoice, DuelEngine, MAX_DUEL_REROLLS, RerollsOutOfRange};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::{PayoutTable, Roll, Strategy, evaluate_roll};

/// Prints the hold advisor's table for `roll` with `rerolls` rerolls left
/// (exact for fair dice, else with each die's own chances: `dice`).
pub fn advise(
    roll: &[u8],
    rerolls: usize,
    dice: Option<[DieKind; DICE]>,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if let Some(dice) = dice.filter(|d| !all_fair(d)) {
        return advise_dice(roll, rerolls, &dice, lang, out);
    }
    let roll: Roll = roll.try_into().map_err(|_| {
        CliError::BadInput(format!("a roll is exactly 5 faces, got {}", roll.len()))
    })?;
    let strategy = Strategy::new(PayoutTable::default(), rerolls);
    if rerolls > strategy.max_rerolls() {
        return Err(CliError::BadInput(format!(
            "--rerolls {rerolls} is more than the {} the advisor plans for",
            strategy.max_rerolls()
        )));
    }
    let stake = strategy.table().stake;
    writeln!(
        out,
        "roll: {} ({}), rerolls left: {rerolls}, stake: {stake} coins",
        faces_text(&roll),
        hand_name(lang, &evaluate_roll(&roll))
    )?;
    let holds = strategy.advise(&roll, rerolls).into_iter().map(|c| {
        let hands = c.final_hands.map(|p| p.to_f64());
        (hold_text(&c.held), c.expected.to_f64(), hands)
    });
    write_holds(out, lang, holds)
}

/// One hold of `advise --against` as JSON: exact fractions in lowest terms.
#[derive(Serialize)]
struct DuelHoldJson {
    hold: Vec<u8>,
    win: String,
    tie: String,
    loss: String,
    value: String,
    /// The die a badge changes, standing: [from, to].
    #[serde(skip_serializing_if = "Option::is_none")]
    change: Option<(u8, u8)>,
}

/// `advise --against` as JSON.
#[derive(Serialize)]
struct DuelAdviseJson {
    roll: Roll,
    against: Roll,
    rerolls: usize,
    their_rerolls: usize,
    holds: Vec<DuelHoldJson>,
}

/// Prints every hold for `roll` in a duel against `against` (the opponent's
/// roll, with `their_rerolls` still to come; 0 means final), best first, with
/// exact win / tie / loss chances under optimal play of both sides.
pub fn advise_duel(
    roll: &[u8],
    rerolls: usize,
    against: &[u8],
    their_rerolls: usize,
    badges: [Option<Badge>; 2],
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let as_roll = |faces: &[u8], what: &str| -> Result<Roll, CliError> {
        faces.try_into().map_err(|_| {
            CliError::BadInput(format!("{what} is exactly 5 faces, got {}", faces.len()))
        })
    };
    let roll = as_roll(roll, "a roll")?;
    let against = as_roll(against, "--against")?;
    for r in [rerolls, their_rerolls] {
        if r > MAX_DUEL_REROLLS {
            return Err(CliError::BadInput(RerollsOutOfRange(r).to_string()));
        }
    }
    // A reroll badge is one more reroll for a side that still has a turn.
    let extra =
        |badge: Option<Badge>, turn: bool| usize::from(turn && badge == Some(Badge::Reroll));
    let rerolls = rerolls + extra(badges[0], true);
    let their_rerolls = their_rerolls + extra(badges[1], their_rerolls > 0);
    let engine = DuelEngine::new();
    let choices = engine
        .solve_with(&roll, rerolls, &against, their_rerolls, badges)
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    if json {
        let doc = DuelAdviseJson {
            roll,
            against,
            rerolls,
            their_rerolls,
            holds: choices
                .iter()
                .map(|c| DuelHoldJson {
                    hold: c.held.clone(),
                    win: c.win.to_string(),
                    tie: c.tie.to_string(),
                    loss: c.loss.to_string(),
                    value: c.value.to_string(),
                    change: c.change,
                })
                .collect(),
        };
        let text = serde_json::to_string(&doc).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    writeln!(
        out,
        "roll: {} ({}), rerolls left: {rerolls}",
        faces_text(&roll),
        hand_name(lang, &evaluate_roll(&roll))
    )?;
    let theirs = if their_rerolls == 0 {
        "final".to_owned()
    } else {
        let s = if their_rerolls == 1 { "" } else { "s" };
        format!("{their_rerolls} reroll{s} to come, answering your final hand")
    };
    writeln!(
        out,
        "against: {} ({}), {theirs}",
        faces_text(&against),
        hand_name(lang, &evaluate_roll(&against))
    )?;
    writeln!(
        out,
        "{:>3}  {}{:>9}{:>9}{:>9}{:>10}",
        "#",
        pad("hold", 11),
        "win",
        "tie",
        "loss",
        "value"
    )?;
    let pct = |r: &crate::rules::Ratio| format!("{:.2}%", r.to_f64() * 100.0);
    for (rank, c) in choices.iter().enumerate() {
        writeln!(
            out,
            "{:>3}  {}{:>9}{:>9}{:>9}{:>10}",
            rank + 1,
            pad(&choice_text(c, badges[0]), 11),
            pct(&c.win),
            pct(&c.tie),
            pct(&c.loss),
            pct(&c.value)
        )?;
    }
    Ok(())
}

/// A duel choice for a table: its hold, or standing with a die changed.
fn choice_text(c: &DuelChoice, badge: Option<Badge>) -> String {
    match (c.change, badge) {
        (Some((from, to)), Some(b)) => format!("{} {from}→{to}", b.key()),
        _ => hold_text(&c.held),
    }
}

/// A hold for a table: the faces, "all (stand)" or "none".
fn hold_text(held: &[u8]) -> String {
    if held.len() == DICE {
        "all (stand)".to_owned()
    } else if held.is_empty() {
        "none".to_owned()
    } else {
        faces_text(held)
    }
}
