//! `dice-poker payouts`: the payout table and its exact return to player.

use std::io::Write;

use super::{CliError, pad, percent};
use crate::lang::{Lang, hand_type_name};
use crate::rules::{HandType, PayoutTable, Strategy};

/// Rerolls the return-to-player figures are given for.
const REROLL_COUNTS: [usize; 3] = [0, 1, 2];

/// Prints the default payout table and the exact return for 0, 1 and 2 rerolls.
pub fn payouts(lang: Lang, out: &mut impl Write) -> Result<(), CliError> {
    let table = PayoutTable::default();
    let strategy = Strategy::new(table, REROLL_COUNTS[REROLL_COUNTS.len() - 1]);
    writeln!(out, "a game costs {} coins; a hand pays:", table.stake)?;
    for &h in HandType::ALL.iter().rev() {
        writeln!(
            out,
            "  {}{:>4}",
            pad(hand_type_name(lang, h), 14),
            table.pay(h)
        )?;
    }
    writeln!(out, "return to player under optimal holds:")?;
    for rerolls in REROLL_COUNTS {
        let rtp = strategy.return_to_player(rerolls);
        let noun = if rerolls == 1 { "reroll" } else { "rerolls" };
        writeln!(
            out,
            "  {rerolls} {noun}: {} = {}",
            rtp,
            percent(rtp.to_f64())
        )?;
    }
    Ok(())
}
