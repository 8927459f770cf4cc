//! `dice-poker odds`: the exact distribution of hands for a hold and one throw.

use std::io::Write;

use serde::Serialize;

use super::crooked::{all_fair, odds_dice};
use super::{CliError, faces_text, pad, percent, write_json};
use crate::lang::{Lang, hand_type_name};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::{HandType, distribution, hold_counts};

#[derive(Serialize)]
struct OddsJson {
    held: Vec<u8>,
    thrown: usize,
    outcomes: u64,
    hands: Vec<HandJson>,
}

#[derive(Serialize)]
struct HandJson {
    hand: &'static str,
    ways: u64,
    probability: f64,
}

/// Prints the distribution of hands when `held` is kept and the rest thrown
/// once: exact for fair dice, else with each die's own chances (`dice`).
pub fn odds(
    held: &[u8],
    dice: Option<[DieKind; DICE]>,
    json: bool,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    if let Some(dice) = dice.filter(|d| !all_fair(d)) {
        return odds_dice(held, &dice, json, lang, out);
    }
    let wide: Vec<i64> = held.iter().map(|&f| i64::from(f)).collect();
    let counts = hold_counts(&wide).map_err(|e| CliError::BadInput(e.to_string()))?;
    let dist = distribution(&counts);
    let strongest_first = HandType::ALL.iter().rev();
    if json {
        let doc = OddsJson {
            held: held.to_vec(),
            thrown: DICE - held.len(),
            outcomes: dist.outcomes,
            hands: strongest_first
                .map(|&h| HandJson {
                    hand: hand_type_name(lang, h),
                    ways: dist.ways(h),
                    probability: dist.probability(h),
                })
                .collect(),
        };
        return write_json(out, &doc);
    }
    writeln!(
        out,
        "held: {}, thrown: {} dice, {} outcomes",
        faces_text(held),
        DICE - held.len(),
        dist.outcomes
    )?;
    writeln!(out, "{}{:>8}  {:>10}", pad("hand", 14), "ways", "chance")?;
    for &h in strongest_first {
        writeln!(
            out,
            "{}{:>8}  {:>10}",
            pad(hand_type_name(lang, h), 16),
            dist.ways(h),
            percent(dist.probability(h))
        )?;
    }
    Ok(())
}
