//! `dice-poker versus --cheats`: what an accusation costs and catches. An
//! honest player (the hard opponent) sits down with an opponent with each
//! kind of die in its tray for sittings of a few matches, watching its dice,
//! and the report says what accusing at each line of odds would have come
//! to; then each of the ladder's cheats, at the share of sittings it brings
//! its die to, says how many accusations at the suggested line would fall
//! on it while it is honest.

use std::io::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::CliError;
use crate::rules::duel::cheat::SUGGEST_ODDS;
use crate::rules::duel::tavern::{CheatRow, LINES, SITTING, cheat_row, wrong_share};
use crate::rules::duel::{Brains, OPPONENTS, Opponent};
use crate::rules::kinds::DieKind;

/// The honest player who watches and accuses.
const PLAYER: &str = "hard";
/// The opponent that carries each kind in turn (it holds its largest group,
/// so what its dice show is seen plainly).
const CARRIER: &str = "shipwright";
/// The slot of the carrier's tray the die takes.
const CARRIER_SLOT: usize = 4;

/// One of the ladder's cheats, as the report sees it.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct TavernCheat {
    opponent: &'static str,
    kind: &'static str,
    /// Share of its sittings it brings its die to.
    crooked: f64,
    /// Of accusations against it, the share that are wrong, line by line.
    wrong_share: Vec<f64>,
}

/// The whole report.
#[derive(Serialize, Debug, Clone, PartialEq)]
struct CheatsReport {
    sittings: u64,
    seed: u64,
    rerolls: u32,
    /// Matches at a sitting.
    sitting: u32,
    /// The odds the game suggests accusing at.
    suggested: f64,
    player: &'static str,
    carrier: &'static str,
    kinds: Vec<CheatRow>,
    cheats: Vec<TavernCheat>,
}

/// Prints the cheats' report: `sittings` sittings per kind.
pub fn versus_cheats(
    sittings: u64,
    seed: u64,
    rerolls: u32,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    super::versus::check_counts(sittings, rerolls, "a duel")?;
    let find = |key| Opponent::find(key).ok_or_else(|| CliError::Failed(format!("no {key}")));
    let (player, carrier) = (find(PLAYER)?, find(CARRIER)?);
    let brains = Brains::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = carrier.rules(rerolls);
    let mut kinds = Vec::new();
    for kind in DieKind::ALL {
        let die = (kind, CARRIER_SLOT);
        let row = cheat_row(
            player, carrier, die, &LINES, sittings, rules, &brains, &mut rng,
        )
        .map_err(CliError::Failed)?;
        kinds.push(row);
    }
    let cheats = OPPONENTS
        .iter()
        .filter_map(|o| o.cheat.map(|c| (o, c)))
        .filter_map(|(o, cheat)| {
            let row = kinds.iter().find(|r| r.kind == cheat.kind.key())?;
            let crooked = f64::from(cheat.percent) / 100.0;
            Some(TavernCheat {
                opponent: o.key,
                kind: cheat.kind.key(),
                crooked,
                wrong_share: (0..LINES.len())
                    .map(|line| wrong_share(&kinds[0], row, crooked, line))
                    .collect(),
            })
        })
        .collect();
    let report = CheatsReport {
        sittings,
        seed,
        rerolls,
        sitting: SITTING,
        suggested: SUGGEST_ODDS,
        player: PLAYER,
        carrier: CARRIER,
        kinds,
        cheats,
    };
    if json {
        writeln!(out, "{}", serde_json::json!(report))?;
        return Ok(());
    }
    write_report(out, &report)
}

fn write_report(out: &mut impl Write, r: &CheatsReport) -> Result<(), CliError> {
    writeln!(
        out,
        "{} v {} with each kind of die in its slot {}: {} sittings of {} matches, {} reroll(s), seed {}",
        r.player,
        r.carrier,
        CARRIER_SLOT + 1,
        r.sittings,
        r.sitting,
        r.rerolls,
        r.seed
    )?;
    writeln!(
        out,
        "{:<10}{:>7}{:>11}{:>8}{:>14}{:>15}{:>12}{:>12}",
        "die", "odds", "accused", "caught", "throws/catch", "throws/escape", "its wins", "never"
    )?;
    for k in &r.kinds {
        for l in &k.lines {
            let mark = if l.line == r.suggested { "*" } else { " " };
            writeln!(
                out,
                "{:<10}{:>6}{}{:>10.1}%{:>8}{:>14.1}{:>15.1}{:>11.1}%{:>11.1}%",
                k.kind,
                l.line,
                mark,
                l.accusations as f64 * 100.0 / k.sittings.max(1) as f64,
                l.caught,
                l.throws_to_catch,
                l.throws_survived,
                l.rival_wins_accused * 100.0,
                k.rival_wins_unaccused * 100.0
            )?;
        }
    }
    writeln!(
        out,
        "the ladder's cheats: of accusations at {} to 1, the share that are wrong",
        r.suggested
    )?;
    let at = LINES.iter().position(|&l| l == r.suggested).unwrap_or(0);
    for c in &r.cheats {
        writeln!(
            out,
            "{:<12}{:<10}crooked at {:>3.0}% of its sittings: {:>5.1}% wrong",
            c.opponent,
            c.kind,
            c.crooked * 100.0,
            c.wrong_share.get(at).copied().unwrap_or(0.0) * 100.0
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_names_every_kind_and_every_cheat() {
        let mut out = Vec::new();
        versus_cheats(20, 3, 2, true, &mut out).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let kinds = doc["kinds"].as_array().unwrap();
        assert_eq!(kinds.len(), DieKind::ALL.len());
        for line in kinds[0]["lines"].as_array().unwrap() {
            assert_eq!(line["caught"], 0, "a fair die is never found crooked");
        }
        let cheats = doc["cheats"].as_array().unwrap();
        assert_eq!(
            cheats.len(),
            OPPONENTS.iter().filter(|o| o.cheat.is_some()).count()
        );
        let mut text = Vec::new();
        versus_cheats(5, 3, 2, false, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains("loaded") && text.contains("minstrel"),
            "{text}"
        );
        assert!(versus_cheats(0, 3, 2, false, &mut Vec::new()).is_err());
    }
}
