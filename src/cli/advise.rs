//! `dice-poker advise`: every hold for a roll, best first, under optimal play:
//! for the payout table, or (`--against`) for the win chance in a duel;
//! with `--dice` (and `--their-dice`), for a tray with a crooked die.

use std::io::Write;

use serde::Serialize;

use super::crooked::{advise_dice, all_fair, kept_text};
use super::{CliError, faces_text, pad, write_holds, write_json};
use crate::lang::{Lang, hand_name};
use crate::rules::Ratio;
use crate::rules::duel::{Badge, CrookedDuel, DuelEngine, MAX_DUEL_REROLLS, RerollsOutOfRange};
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

/// One hold of `advise --against` as JSON: exact fractions in lowest terms
/// for fair dice, numbers where a die is crooked.
#[derive(Serialize)]
struct DuelHoldJson {
    hold: Vec<u8>,
    /// The dice kept, by slot, where a die is crooked.
    #[serde(skip_serializing_if = "Option::is_none")]
    kept: Option<[bool; DICE]>,
    win: serde_json::Value,
    tie: serde_json::Value,
    loss: serde_json::Value,
    value: serde_json::Value,
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
    /// Both trays' kinds of dice, yours first, where a die is crooked.
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<[[&'static str; DICE]; 2]>,
    holds: Vec<DuelHoldJson>,
}

/// What `advise --against` asks: the roll and its rerolls, the opponent's
/// roll and its rerolls to come (0: final), both badges and both trays'
/// dice (`None`: fair), the mover's first.
pub struct DuelAsk<'a> {
    pub roll: &'a [u8],
    pub rerolls: usize,
    pub against: &'a [u8],
    pub their_rerolls: usize,
    pub badges: [Option<Badge>; 2],
    pub dice: [Option<[DieKind; DICE]>; 2],
}

/// One hold of a duel's report: its chances as fractions (fair dice, the
/// exact engine) or as floating point (a crooked die on either side).
struct DuelRow {
    held: Vec<u8>,
    /// The dice kept, by slot (with a crooked die, the slot is the die).
    kept: Option<[bool; DICE]>,
    change: Option<(u8, u8)>,
    chances: [f64; 4],
    exact: Option<[Ratio; 4]>,
}

/// A duel's question, checked: both rolls, the rerolls each side has (a
/// reroll badge counted in), both badges and both trays' kinds of dice.
struct Asked {
    roll: Roll,
    against: Roll,
    rerolls: usize,
    their_rerolls: usize,
    badges: [Option<Badge>; 2],
    dice: [[DieKind; DICE]; 2],
}

impl Asked {
    fn of(ask: &DuelAsk) -> Result<Asked, CliError> {
        let as_roll = |faces: &[u8], what: &str| -> Result<Roll, CliError> {
            faces.try_into().map_err(|_| {
                CliError::BadInput(format!("{what} is exactly 5 faces, got {}", faces.len()))
            })
        };
        for r in [ask.rerolls, ask.their_rerolls] {
            if r > MAX_DUEL_REROLLS {
                return Err(CliError::BadInput(RerollsOutOfRange(r).to_string()));
            }
        }
        let badges = ask.badges;
        // A reroll badge is one more reroll for a side that still has a turn.
        let extra =
            |badge: Option<Badge>, turn: bool| usize::from(turn && badge == Some(Badge::Reroll));
        Ok(Asked {
            roll: as_roll(ask.roll, "a roll")?,
            against: as_roll(ask.against, "--against")?,
            rerolls: ask.rerolls + extra(badges[0], true),
            their_rerolls: ask.their_rerolls + extra(badges[1], ask.their_rerolls > 0),
            badges,
            dice: ask.dice.map(|d| d.unwrap_or([DieKind::Fair; DICE])),
        })
    }

    /// True when a die on either side is crooked.
    fn crooked(&self) -> bool {
        !self.dice.iter().all(all_fair)
    }

    /// Every hold, best first: exact for fair dice (the exact engine),
    /// with each die's own chances where one is crooked.
    fn rows(&self) -> Result<Vec<DuelRow>, CliError> {
        let (roll, against, badges) = (&self.roll, &self.against, self.badges);
        if !self.crooked() {
            let engine = DuelEngine::new();
            let choices = engine
                .solve_with(roll, self.rerolls, against, self.their_rerolls, badges)
                .map_err(|e| CliError::BadInput(e.to_string()))?;
            return Ok(choices
                .into_iter()
                .map(|c| {
                    let exact = [c.win, c.tie, c.loss, c.value];
                    DuelRow {
                        chances: exact.map(|r| r.to_f64()),
                        exact: Some(exact),
                        kept: None,
                        held: c.held,
                        change: c.change,
                    }
                })
                .collect());
        }
        let [mine, theirs] = self.dice.map(|d| d.map(DieKind::chances));
        let duel = CrookedDuel::new(&mine, &theirs);
        let choices = duel.solve((roll, self.rerolls), (against, self.their_rerolls), badges);
        Ok(choices
            .into_iter()
            .map(|c| DuelRow {
                chances: [c.win, c.tie, c.loss, c.value],
                exact: None,
                kept: Some(c.kept),
                held: c.held,
                change: c.change,
            })
            .collect())
    }

    /// The report as JSON: exact fractions, or numbers with crooked dice.
    fn write_json(&self, rows: &[DuelRow], out: &mut impl Write) -> Result<(), CliError> {
        let holds = rows
            .iter()
            .map(|r| {
                let [win, tie, loss, value] = match r.exact {
                    Some(exact) => exact.map(|x| serde_json::json!(x.to_string())),
                    None => r.chances.map(|x| serde_json::json!(x)),
                };
                DuelHoldJson {
                    hold: r.held.clone(),
                    kept: r.kept,
                    win,
                    tie,
                    loss,
                    value,
                    change: r.change,
                }
            })
            .collect();
        let doc = DuelAdviseJson {
            roll: self.roll,
            against: self.against,
            rerolls: self.rerolls,
            their_rerolls: self.their_rerolls,
            dice: self
                .crooked()
                .then(|| self.dice.map(|d| d.map(DieKind::key))),
            holds,
        };
        write_json(out, &doc)
    }
}

/// Prints every hold for the roll in a duel against the opponent's, best
/// first, with win / tie / loss chances under optimal play of both sides:
/// exact for fair dice, with each die's own chances where one is crooked.
pub fn advise_duel(
    ask: &DuelAsk,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let asked = Asked::of(ask)?;
    let rows = asked.rows()?;
    if json {
        return asked.write_json(&rows, out);
    }
    let Asked {
        roll,
        against,
        rerolls,
        their_rerolls,
        badges,
        dice,
    } = asked;
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
    if dice != [[DieKind::Fair; DICE]; 2] {
        let [mine, theirs] = dice.map(|d| d.map(DieKind::key).join(", "));
        writeln!(out, "dice: yours {mine}; theirs {theirs}")?;
    }
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
    let pct = |p: f64| format!("{:.2}%", p * 100.0);
    for (rank, r) in rows.iter().enumerate() {
        let [win, tie, loss, value] = r.chances.map(pct);
        let hold = match r.kept {
            // Die by die: which die keeps a face matters.
            Some(kept) if r.change.is_none() && kept.contains(&false) => kept_text(&roll, kept),
            _ => choice_text(&r.held, r.change, badges[0]),
        };
        let hold = pad(&hold, 11);
        writeln!(
            out,
            "{:>3}  {hold}{win:>9}{tie:>9}{loss:>9}{value:>10}",
            rank + 1
        )?;
    }
    Ok(())
}

/// A duel choice for a table: its hold, or standing with a die changed.
fn choice_text(held: &[u8], change: Option<(u8, u8)>, badge: Option<Badge>) -> String {
    match (change, badge) {
        (Some((from, to)), Some(b)) => format!("{} {from}→{to}", b.key()),
        _ => hold_text(held),
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
