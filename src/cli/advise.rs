//! `dice-poker advise`: every hold for a roll, best first, under optimal play.

use std::io::Write;

use super::{CliError, faces_text, pad, pad_left};
use crate::rules::{HandType, PayoutTable, Roll, Strategy, evaluate_roll};

/// Prints the hold advisor's table for `roll` with `rerolls` rerolls left.
pub fn advise(roll: &[u8], rerolls: usize, out: &mut impl Write) -> Result<(), CliError> {
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
        evaluate_roll(&roll)
    )?;
    let hands: Vec<HandType> = HandType::ALL.iter().rev().copied().collect();
    let mut header = format!("{:>3}  {}{:>9}", "#", pad("hold", 11), "expected");
    for h in &hands {
        header += &format!("  {}", pad_left(h.name(), 12));
    }
    writeln!(out, "{}", header.trim_end())?;
    for (rank, choice) in strategy.advise(&roll, rerolls).iter().enumerate() {
        let hold = if choice.stands() {
            "all (stand)".to_owned()
        } else if choice.held.is_empty() {
            "none".to_owned()
        } else {
            faces_text(&choice.held)
        };
        let mut row = format!(
            "{:>3}  {}{:>9.4}",
            rank + 1,
            pad(&hold, 11),
            choice.expected.to_f64()
        );
        for h in &hands {
            let p = choice.final_hands[h.index()].to_f64() * 100.0;
            row += &format!("  {:>12}", format!("{p:.2}%"));
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}
