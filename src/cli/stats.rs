//! `dice-poker stats`: the report of [`crate::history::stats`] on the
//! history in a folder, as text or JSON.

use std::io::Write;
use std::path::Path;

use super::{CliError, pad};
use crate::history;
use crate::history::stats::{DieAudit, Stats, Tally};
use crate::lang::audit::verdict_words;
use crate::lang::{Lang, hand_type_name};
use crate::rules::HandType;
use crate::rules::luck::Account;

/// Prints the statistics of the history in `dir` (`dice`: only the dice
/// audit), as text or `json`.
pub fn stats(
    dir: &Path,
    (dice, json): (bool, bool),
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let path = history::history_path(dir);
    // One pass, a record at a time: a history of any length in flat memory.
    let mut tally = Tally::default();
    let mut records = 0u64;
    let loaded = history::for_each(&path, |r| {
        tally.add(&r);
        records += 1;
    })
    .map_err(|e| CliError::Failed(format!("cannot read the history {}: {e}", path.display())))?;
    for w in &loaded.warnings {
        eprintln!("dice-poker: {w}");
    }
    if records == 0 {
        let none = format!(
            "no games played yet ({} is empty or missing): play one and ask again",
            path.display()
        );
        if !json {
            writeln!(out, "{none}")?;
            return Ok(());
        }
        // A script still gets its document, with every count at zero.
        eprintln!("dice-poker: {none}");
    }
    let s = tally.finish();
    if dice {
        return write_audit(out, &s.dice, json);
    }
    if json {
        let text = serde_json::to_string(&s).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
        return Ok(());
    }
    write_summary(out, &s, lang)?;
    for (opponent, d) in &s.duels {
        // Accusations are told where there were any.
        let accused = if d.caught + d.false_accusations > 0 {
            format!(
                "; accusations: {} caught, {} false",
                d.caught, d.false_accusations
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "duel rounds against {opponent}: {} won, {} lost, {} drawn, {} folded, {} folded by them; net {:+} coins{accused}",
            d.wins, d.losses, d.draws, d.folds, d.opponent_folds, d.net
        )?;
    }
    for (seats, d) in &s.tables.records {
        writeln!(
            out,
            "table rounds at {seats}: {} won, {} lost, {} shared, {} folded, {} won by folds; net {:+} coins",
            d.wins, d.losses, d.draws, d.folds, d.opponent_folds, d.net
        )?;
    }
    write_lucks(out, &s)?;
    if let Some(best) = s.daily_best {
        writeln!(
            out,
            "daily challenge: {} day(s) finished, personal best {best:.2} coins given up",
            s.daily_days
        )?;
    }
    Ok(())
}

/// `x` with its sign to two places; what rounds to zero is "+0.00", never "-0.00".
fn signed(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    // Adding zero turns a negative zero into zero.
    format!("{:+.2}", rounded + 0.0)
}

/// An account in chances (a duel's or a table's): expected, the holds'
/// (`own`) and the others' (`others`) terms, luck, won.
fn chance_line(a: &Account, own: &str, others: &str) -> String {
    format!(
        "expected {:.2}, {own} {}, {others} {}, luck {}, won {:.2}",
        a.start,
        signed(-a.skill_given_up),
        signed(a.their_gifts),
        signed(a.luck),
        a.result
    )
}

/// "what decided WHAT: …" in total, then over the last games or rounds.
fn write_luck(
    out: &mut impl Write,
    what: &str,
    report: &crate::history::stats::LuckReport,
    line: impl Fn(&Account) -> String,
) -> std::io::Result<()> {
    writeln!(out, "what decided {what}: {}", line(&report.total))?;
    writeln!(
        out,
        "  the last {}: {}",
        report.games.min(crate::history::stats::RECENT_GAMES as u64),
        line(&report.recent)
    )
}

/// The solo games' returns, the holds, and the first throws against fair dice.
fn write_summary(out: &mut impl Write, s: &Stats, lang: Lang) -> Result<(), CliError> {
    if s.games > 0 {
        writeln!(
            out,
            "solo games: {}, staked {}, paid {}, return {:.2}% (optimal holds: {:.2}%)",
            s.games,
            s.staked,
            s.paid,
            s.return_per_game * 100.0,
            s.return_optimal * 100.0
        )?;
    }
    writeln!(
        out,
        "holds: {} of {} were the best; other choices gave up {:.2} coins per game{}",
        s.best_decisions,
        s.decisions,
        s.coins_given_up_per_game.max(0.0),
        if s.duels.is_empty() {
            String::new()
        } else {
            format!(
                " and {:.1}% win chance per duel round",
                s.win_chance_given_up_per_round * 100.0
            )
        }
    )?;
    let f = &s.first_throws;
    writeln!(
        out,
        "first throws: {} (are my dice fair? chi-square {:.2}, 7 dof, p = {:.4})",
        f.throws, f.chi_square, f.p_value
    )?;
    for ((hand, o), e) in HandType::ALL.iter().rev().zip(&f.observed).zip(&f.expected) {
        writeln!(
            out,
            "  {}{o:>6}{e:>10.1}",
            pad(hand_type_name(lang, *hand), 16)
        )?;
    }
    Ok(())
}

/// What decided the solo games and each mode and opponent's duel rounds.
fn write_lucks(out: &mut impl Write, s: &Stats) -> Result<(), CliError> {
    let l = &s.luck;
    if l.games > 0 {
        let line = |a: &Account| {
            format!(
                "start {:.2}, your holds {}, luck {}, paid {:.2}",
                a.start,
                signed(-a.skill_given_up),
                signed(a.luck),
                a.result
            )
        };
        write_luck(out, &format!("the solo games ({})", l.games), l, line)?;
    }
    for (mode, by) in &s.duel_luck {
        for (opponent, l) in by {
            let line = |a: &Account| chance_line(a, "your choices", "their slips");
            let what = format!(
                "the {} rounds against {opponent} ({} to a showdown; in rounds, a draw half)",
                mode.key(),
                l.games
            );
            write_luck(out, &what, l, line)?;
        }
    }
    for (seat, l) in &s.tables.luck {
        let line = |a: &Account| chance_line(a, "own holds", "the others' play");
        let what = format!(
            "the table rounds {seat} saw out ({}; in share of the pot)",
            l.games
        );
        write_luck(out, &what, l, line)?;
    }
    Ok(())
}

/// The dice audit: a line per die, or `{"dice": [...]}`.
fn write_audit(out: &mut impl Write, dice: &[DieAudit], json: bool) -> Result<(), CliError> {
    if json {
        let doc = serde_json::json!({ "dice": dice });
        writeln!(out, "{doc}")?;
        return Ok(());
    }
    writeln!(
        out,
        "die  throws      1      2      3      4      5      6   χ² p  verdict"
    )?;
    for d in dice {
        let faces: String = d.faces.iter().map(|c| format!("{c:>7}")).collect();
        let verdict = verdict_words(Lang::En, d.verdict, d.likeliest, d.odds);
        // A die the player chose crooked, and how it throws beside its kind.
        let chosen = match (d.chosen, d.own_p_value) {
            (Some(kind), Some(p)) => {
                format!("; chosen {}: against its kind p = {p:.3}", kind.key())
            }
            _ => String::new(),
        };
        writeln!(
            out,
            "{:>3} {:>7}{faces}  {:>5.3}  {verdict}{chosen}",
            d.die, d.throws, d.p_value
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn a_signed_figure_that_rounds_to_zero_reads_plus_zero() {
        assert_eq!(signed(-0.0), "+0.00");
        assert_eq!(signed(-0.004), "+0.00");
        assert_eq!(signed(0.004), "+0.00");
        assert_eq!(signed(-0.006), "-0.01");
        assert_eq!(signed(1.5), "+1.50");
    }
}
