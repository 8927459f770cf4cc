//! A cut-off game read from the save is checked before it is put back: a
//! position that parses but does not add up (seat lists of different
//! lengths, a step no seat can take, a face of 7, coins from nowhere) is set
//! aside with its reason, and the rest of the save is kept. Every rule the
//! referees keep is checked by the referee itself ([`Duel::check`],
//! [`TableMatch::check`]); what only the game knows (who sits where, the
//! opponent's bets, what the wallet was told) is checked here.
//!
//! [`Duel::check`]: crate::rules::duel::Duel::check
//! [`TableMatch::check`]: crate::rules::table::TableMatch::check

use crate::history::{Decision, Throw};
use crate::rules::advisor::MAX_REROLLS;
use crate::rules::duel::{DuelRules, MAX_DUEL_REROLLS, Opponent, Side, Step};
use crate::rules::luck::{Move, RoundTrace, TableMove, TableTrace};
use crate::rules::table::TableStep;
use crate::rules::table::house::{PARTY_STACK, is_party_rules};
use crate::rules::unsound::{MOST_ROUNDS, Unsound, check_faces, check_numbers, check_roll, ensure};

use super::choice::Terms;
use super::position::{DuelPosition, PartyPosition, Position, SoloPosition};
use super::seating::{PartySeat, PartySeats};
use super::wallet::MOST_COINS;

impl Position {
    /// Checks a position read from the save, with `at_stake` the coins the
    /// save says the game had at stake: `Err` names the first thing that
    /// does not add up, and the position must not be put back.
    pub fn check(&self, at_stake: u64) -> Result<(), Unsound> {
        match self {
            Position::Solo(p) => check_solo(p),
            Position::Duel(p) => check_duel(p, at_stake),
            Position::Party(p) => check_party(p, at_stake),
        }
    }
}

fn check_solo(p: &SoloPosition) -> Result<(), Unsound> {
    check_roll("the dice", &p.faces)?;
    if let Some(numbers) = &p.numbers {
        check_numbers("the tray", numbers)?;
    }
    ensure(p.rerolls_left <= MAX_REROLLS as u32, || {
        format!("{} rerolls left (at most {MAX_REROLLS})", p.rerolls_left)
    })?;
    check_page(&p.throws, &p.decisions)
}

fn check_duel(p: &DuelPosition, at_stake: u64) -> Result<(), Unsound> {
    ensure(p.terms.comes_back(), || {
        format!("a {:?} table does not come back", p.terms)
    })?;
    let opponent = Opponent::find(&p.opponent)
        .ok_or_else(|| Unsound(format!("no opponent '{}'", p.opponent)))?;
    let duel = &p.duel;
    duel.check()?;
    check_opponent_rules(duel.rules(), opponent, p.terms)?;
    ensure(
        matches!(duel.step(), Step::Throw(_) | Step::Bet(_) | Step::Reroll(_)),
        || format!("the duel waits for {:?}", duel.step()),
    )?;
    let coins = p.terms.for_coins();
    let stake = if coins {
        duel.this_round(Side::Near)
    } else {
        0
    };
    ensure(at_stake == stake, || {
        format!("{at_stake} coins at stake, but {stake} in the pot")
    })?;
    let net = if coins { duel.net(Side::Near) } else { 0 };
    ensure(p.booked == net, || {
        format!(
            "the wallet was told of {} coins, but the match stands at {net}",
            p.booked
        )
    })?;
    let most = duel.rules().most_per_round() * u64::from(MOST_ROUNDS);
    check_matches(p.matches, p.closed, most)?;
    for numbers in p.numbers.iter().flatten() {
        check_numbers("a tray", numbers)?;
    }
    if let Some(trace) = &p.trace {
        check_round_trace(trace)?;
    }
    check_page(&p.throws, &p.decisions)
}

/// The duel is played by the opponent's rules (the player's badge only on
/// the ladder).
fn check_opponent_rules(
    rules: DuelRules,
    opponent: &Opponent,
    terms: Terms,
) -> Result<(), Unsound> {
    let theirs = opponent.rules(rules.rerolls);
    let near_badge = rules.badges[Side::Near.index()].is_none() || terms == Terms::Career;
    let same = rules.ante == theirs.ante
        && rules.step == theirs.step
        && rules.wins == theirs.wins
        && rules.badges[Side::Far.index()] == theirs.badges[Side::Far.index()];
    ensure(same && near_badge, || {
        format!("rules that are not {}'s", opponent.key)
    })
}

fn check_party(p: &PartyPosition, at_stake: u64) -> Result<(), Unsound> {
    let seats = PartySeats::parse(&p.seats).map_err(Unsound)?;
    let table = &p.table;
    ensure(seats.seats().len() == table.seats(), || {
        format!(
            "{} seats named at a table of {}",
            seats.seats().len(),
            table.seats()
        )
    })?;
    ensure(!seats.seats().contains(&PartySeat::Away), || {
        "a seat at another machine".to_owned()
    })?;
    ensure(is_party_rules(table.rules()), || {
        "rules that are not the house's".to_owned()
    })?;
    table.check(PARTY_STACK)?;
    for (s, seat) in seats.seats().iter().enumerate() {
        ensure(
            table.badge(s).is_none_or(|b| seat.badge() == Some(b)),
            || format!("a badge seat {} does not have", s + 1),
        )?;
    }
    let step = table.step();
    ensure(
        matches!(
            step,
            TableStep::Throw(_) | TableStep::Bet(_) | TableStep::Reroll(_)
        ),
        || format!("the table waits for {step:?}"),
    )?;
    let you = seats.you();
    ensure(at_stake == table.put(you), || {
        format!(
            "{at_stake} coins at stake, but {} in the pot",
            table.put(you)
        )
    })?;
    // The finished matches first: they bound what the sum below adds.
    check_matches(p.matches, p.closed, PARTY_STACK * table.seats() as u64)?;
    let net = p.closed + table.stack(you) as i64 - PARTY_STACK as i64;
    ensure(p.booked == net, || {
        format!(
            "the wallet was told of {} coins, but the table stands at {net}",
            p.booked
        )
    })?;
    ensure(p.held.len() == table.seats(), || {
        format!(
            "holds for {} trays at a table of {}",
            p.held.len(),
            table.seats()
        )
    })?;
    ensure(
        p.numbers.is_empty() || p.numbers.len() == table.seats(),
        || format!("numbers for {} trays", p.numbers.len()),
    )?;
    for numbers in p.numbers.iter().flatten() {
        check_numbers("a tray", numbers)?;
    }
    if let Some(trace) = &p.trace {
        check_table_trace(trace, table.seats())?;
    }
    check_page(&p.throws, &[])
}

/// The matches played and what the finished ones came to: no more than
/// `most` coins a match either way.
fn check_matches(matches: u32, closed: i64, most: u64) -> Result<(), Unsound> {
    ensure((1..=MOST_ROUNDS).contains(&matches), || {
        format!("match {matches}")
    })?;
    let most = most
        .saturating_mul(u64::from(matches))
        .min(MOST_COINS as u64);
    ensure(closed.unsigned_abs() <= most, || {
        format!("{closed} coins over {matches} matches")
    })
}

/// The history's page: throws and decisions of real dice.
fn check_page(throws: &[Throw], decisions: &[Decision]) -> Result<(), Unsound> {
    for throw in throws {
        check_roll("a throw", &throw.faces)?;
    }
    for d in decisions {
        check_roll("a decision's dice", &d.faces)?;
        check_faces("a decision's hold", &d.chosen)?;
        check_faces("a decision's best hold", &d.best)?;
        ensure(
            d.chosen_value.is_finite() && d.best_value.is_finite(),
            || "a decision worth no number".to_owned(),
        )?;
        ensure(d.rerolls_left <= MAX_REROLLS as u32, || {
            format!("a decision with {} rerolls left", d.rerolls_left)
        })?;
    }
    Ok(())
}

/// A duel round's trace names real dice and rerolls the engine plans for.
fn check_round_trace(trace: &RoundTrace) -> Result<(), Unsound> {
    ensure(
        trace
            .rerolls
            .iter()
            .all(|&r| r <= MAX_DUEL_REROLLS as u32 + 1),
        || format!("a trace with {:?} rerolls", trace.rerolls),
    )?;
    for step in &trace.moves {
        match step {
            Move::Rolled { faces, .. } => check_roll("a traced throw", faces)?,
            Move::Kept { faces, .. } => check_faces("a traced hold", faces)?,
            Move::Changed { from, to, .. } => check_faces("a traced change", &[*from, *to])?,
        }
    }
    Ok(())
}

/// A table round's trace names seats at the table and real dice.
fn check_table_trace(trace: &TableTrace, seats: usize) -> Result<(), Unsound> {
    ensure(trace.rerolls.len() == seats, || {
        format!("a trace of {} seats", trace.rerolls.len())
    })?;
    ensure(
        trace
            .rerolls
            .iter()
            .flatten()
            .all(|&r| r <= MAX_DUEL_REROLLS as u32),
        || "a trace with more rerolls than the rules give".to_owned(),
    )?;
    for step in &trace.moves {
        let seat = match step {
            TableMove::Rolled { seat, faces } => {
                check_roll("a traced throw", faces)?;
                *seat
            }
            TableMove::Kept { seat, faces } => {
                check_faces("a traced hold", faces)?;
                *seat
            }
            TableMove::Folded { seat } => *seat,
        };
        ensure(seat < seats, || {
            format!("a traced move by seat {}", seat + 1)
        })?;
    }
    Ok(())
}
