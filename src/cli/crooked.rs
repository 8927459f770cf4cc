//! `dice-poker odds --dice` and `advise --dice`: the same reports with each
//! die's own faces' chances, when a crooked die is in the tray (a duel's,
//! `advise --against --dice`, is in `advise`). Five fair dice are the exact
//! reports, unchanged.

use std::io::Write;

use serde::Serialize;

use super::{CliError, faces_text, pad, percent, write_holds, write_json};
use crate::lang::{Lang, hand_name, hand_type_name};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::per_die::{DiceAdvisor, FaceChances, Tray};
use crate::rules::{HandType, PayoutTable, Roll, evaluate_roll};

/// True when a tray of these kinds is five fair dice (the exact reports).
pub fn all_fair(dice: &[DieKind; DICE]) -> bool {
    dice.iter().all(|&k| k == DieKind::Fair)
}

fn chances(dice: &[DieKind; DICE]) -> [FaceChances; DICE] {
    dice.map(DieKind::chances)
}

fn kinds_text(dice: &[DieKind; DICE]) -> String {
    dice.map(DieKind::key).join(", ")
}

#[derive(Serialize)]
struct DiceOddsJson {
    held: Vec<u8>,
    thrown: usize,
    dice: [&'static str; DICE],
    hands: Vec<ChanceJson>,
}

#[derive(Serialize)]
struct ChanceJson {
    hand: &'static str,
    probability: f64,
}

/// Prints the distribution of hands when `held` lies on the first dice and
/// the others, of their own kinds, are thrown once.
pub fn odds_dice(
    held: &[u8],
    dice: &[DieKind; DICE],
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    // Checked as the fair report checks it (at most five faces, each 1 to 6).
    let wide: Vec<i64> = held.iter().map(|&f| i64::from(f)).collect();
    crate::rules::hold_counts(&wide).map_err(|e| CliError::BadInput(e.to_string()))?;
    let mut roll: Roll = [1; DICE];
    roll[..held.len()].copy_from_slice(held);
    let kept: [bool; DICE] = std::array::from_fn(|s| s < held.len());
    let hands = Tray::new(&chances(dice)).hand_chances(&roll, kept);
    let strongest_first = HandType::ALL.iter().rev();
    if json {
        let doc = DiceOddsJson {
            held: held.to_vec(),
            thrown: DICE - held.len(),
            dice: dice.map(DieKind::key),
            hands: strongest_first
                .map(|&h| ChanceJson {
                    hand: hand_type_name(lang, h),
                    probability: hands[h.index()],
                })
                .collect(),
        };
        return write_json(out, &doc);
    }
    writeln!(
        out,
        "held: {}, thrown: {} dice; dice: {}",
        faces_text(held),
        DICE - held.len(),
        kinds_text(dice)
    )?;
    writeln!(out, "{}{:>10}", pad("hand", 14), "chance")?;
    for &h in strongest_first {
        writeln!(
            out,
            "{}{:>10}",
            pad(hand_type_name(lang, h), 16),
            percent(hands[h.index()])
        )?;
    }
    Ok(())
}

/// Prints every hold of `roll` (die by die, of `dice`'s kinds) with
/// `rerolls` rerolls left, best first, under optimal play.
pub fn advise_dice(
    roll: &[u8],
    rerolls: usize,
    dice: &[DieKind; DICE],
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let roll: Roll = roll.try_into().map_err(|_| {
        CliError::BadInput(format!("a roll is exactly 5 faces, got {}", roll.len()))
    })?;
    let most = crate::rules::advisor::MAX_REROLLS;
    if rerolls > most {
        return Err(CliError::BadInput(format!(
            "--rerolls {rerolls} is more than the {most} the advisor plans for"
        )));
    }
    let table = PayoutTable::default();
    let advisor = DiceAdvisor::new(table, &chances(dice), rerolls);
    writeln!(
        out,
        "roll: {} ({}), rerolls left: {rerolls}, stake: {} coins; dice: {}",
        faces_text(&roll),
        hand_name(lang, &evaluate_roll(&roll)),
        table.stake,
        kinds_text(dice)
    )?;
    let holds = advisor
        .advise(&roll, rerolls)
        .into_iter()
        .map(|c| (kept_text(&roll, c.kept), c.expected, c.final_hands));
    write_holds(out, lang, holds)
}

/// A hold die by die: each kept die's face, `-` for a die thrown.
pub(super) fn kept_text(roll: &Roll, kept: [bool; DICE]) -> String {
    (0..DICE)
        .map(|s| {
            if kept[s] {
                roll[s].to_string()
            } else {
                "-".to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
