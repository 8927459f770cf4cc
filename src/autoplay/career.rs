//! A whole career, headless: the hard mind in the player's seat climbs the
//! ladder from a new save with the starting coins, sitting at the highest
//! open rung (or, when a venue's buy-in is out of reach, the highest rung it
//! may play, to earn it), taking its strongest badge, until it has beaten the
//! master. After every match the wallet must have moved by exactly what the
//! referee booked, and no seat may have made a refused move.

use std::io::Write;

use bevy::prelude::*;
use serde::Serialize;

use crate::error::CliError;
use crate::game::Screen;
use crate::game::career::Sit;
use crate::game::duel::Table;
use crate::game::profile::{Progress, Wallet};
use crate::game::table::Refused;
use crate::game::table::cheat::{Accused, Crooked, CrookedThrows};
use crate::headless::{self, GameSetup};
use crate::rules::career::ladder;
use crate::rules::duel::{Badge, RoundEnd, Side, Step};
use crate::rules::hand::FACES;
use crate::rules::kinds::DieKind;
use crate::stats::{chi_square, chi_square_p_value};

use super::MAX_SECONDS_PER_GAME;
use crate::third_party::rapier::STEPS_PER_SECOND;

/// Most matches a career may take before it counts as unfinished.
pub const MAX_MATCHES: u32 = 400;
/// The badge the driver takes, strongest first (by `versus --badge-a`).
const BADGE_PREFERENCE: [Badge; 5] = [
    Badge::Nudge,
    Badge::Flip,
    Badge::Reroll,
    Badge::Double,
    Badge::Shield,
];

/// What a career came to.
#[derive(Serialize, Debug, Clone, Default, PartialEq)]
pub struct CareerReport {
    /// The seed of the dice.
    pub seed: u64,
    /// Matches played in all, and won.
    pub matches: u32,
    /// Matches won.
    pub won: u32,
    /// For each rung, bottom first: the career match that first beat it.
    pub beaten_at: Vec<Option<u32>>,
    /// Badges won, in order.
    pub badges: Vec<&'static str>,
    /// Coins at the start and at the end.
    pub coins: [i64; 2],
    /// True once the master was beaten.
    pub champion: bool,
    /// Matches played against a crooked die, accusations made, and cheats caught.
    pub cheats: [u32; 3],
    /// Each crooked kind's faces over the career (as many as were thrown),
    /// with the χ² p-value against its measured chances.
    pub crooked_faces: Vec<CrookedFaces>,
    /// Broken promises, each with the match it was seen in.
    pub violations: Vec<String>,
}

/// One crooked kind's throws over a career.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CrookedFaces {
    /// The kind.
    pub kind: &'static str,
    /// Each face's count, 1 to 6.
    pub faces: [u64; FACES],
    /// The χ² p-value of those counts against the kind's measured chances.
    pub p_value: f64,
}

/// Below this p-value a crooked kind's faces count as off its measured
/// chances (a violation): one career in a thousand would pass it by chance.
const FACES_P_FLOOR: f64 = 0.001;

/// Plays a career with `seed` and writes the report; a violation or a career
/// that does not reach the top makes it fail.
pub fn run_career(
    seed: u64,
    data_dir: Option<std::path::PathBuf>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let report = play_career(seed, data_dir);
    if json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        writeln!(out, "career, hard mind, seed {seed}")?;
        writeln!(
            out,
            "matches: {}, won {}; coins {} -> {}",
            report.matches, report.won, report.coins[0], report.coins[1]
        )?;
        let rungs = ladder();
        for (rung, at) in rungs.iter().zip(&report.beaten_at) {
            writeln!(
                out,
                "  {} {:<11} beaten in match {}",
                rung.index + 1,
                rung.opponent.key,
                at.map_or_else(|| "-".to_owned(), |m| m.to_string())
            )?;
        }
        writeln!(out, "badges: {}", report.badges.join(", "))?;
        let [crooked, accused, caught] = report.cheats;
        writeln!(
            out,
            "crooked dice met in {crooked} matches; accusations {accused}, cheats caught {caught}"
        )?;
        for k in &report.crooked_faces {
            writeln!(
                out,
                "  {:<9} faces {:?}, p = {:.3} against its measured chances",
                k.kind, k.faces, k.p_value
            )?;
        }
        writeln!(
            out,
            "champion: {}, violations: {}",
            if report.champion { "yes" } else { "no" },
            report.violations.len()
        )?;
        for v in report.violations.iter().take(10) {
            writeln!(out, "  {v}")?;
        }
    }
    if !report.violations.is_empty() || !report.champion {
        return Err(CliError::Failed(format!(
            "{} violations, champion: {}",
            report.violations.len(),
            report.champion
        )));
    }
    Ok(())
}

/// The career itself.
pub fn play_career(seed: u64, data_dir: Option<std::path::PathBuf>) -> CareerReport {
    let mut setup = GameSetup::solo(seed).opening(None).auto(true).pace(0.0);
    setup.launch.data_dir = data_dir;
    let mut app = headless::game_app(&setup);
    let rungs = ladder();
    let mut report = CareerReport {
        seed,
        beaten_at: vec![None; rungs.len()],
        ..CareerReport::default()
    };
    report.coins[0] = app.world().resource::<Wallet>().coins;
    while report.matches < MAX_MATCHES {
        let career = app.world().resource::<Progress>().0.clone();
        if career.champion() {
            report.champion = true;
            break;
        }
        // The strongest badge won, taken into the match.
        let taking = BADGE_PREFERENCE
            .into_iter()
            .find(|b| career.badges.contains(b));
        app.world_mut().resource_mut::<Progress>().0.taking = taking;
        let coins = app.world().resource::<Wallet>().coins;
        let Some(rung) = (0..=career.top_open())
            .rev()
            .find(|&i| career.check(&rungs[i], coins).is_ok())
        else {
            report
                .violations
                .push(format!("no rung open with {coins} coins"));
            break;
        };
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Ladder);
        app.update();
        app.update();
        headless::send(app.world_mut(), Sit(rung));
        app.update();
        app.update();
        let match_no = report.matches + 1;
        let Some(won) = play_one(&mut app, match_no, &mut report) else {
            break;
        };
        report.matches += 1;
        report.won += u32::from(won);
        let after = app.world().resource::<Progress>().0.clone();
        for (i, r) in rungs.iter().enumerate() {
            if report.beaten_at[i].is_none() && after.has_beaten(r.opponent.key) {
                report.beaten_at[i] = Some(match_no);
            }
        }
        if after.matches[0] != report.matches {
            report.violations.push(format!(
                "match {match_no}: the career counts {} matches",
                after.matches[0]
            ));
        }
    }
    let throws = app.world().resource::<CrookedThrows>().clone();
    report.crooked_faces = crooked_faces(&throws);
    for k in report
        .crooked_faces
        .iter()
        .filter(|k| k.p_value < FACES_P_FLOOR)
    {
        report.violations.push(format!(
            "the {} dice's faces {:?} are off its measured chances (p = {:.4})",
            k.kind, k.faces, k.p_value
        ));
    }
    let career = app.world().resource::<Progress>().0.clone();
    report.badges = career.badges.iter().map(|b| b.key()).collect();
    report.coins[1] = app.world().resource::<Wallet>().coins;
    report.champion = career.champion();
    report
}

/// Each crooked kind thrown, its faces and their p-value.
fn crooked_faces(throws: &CrookedThrows) -> Vec<CrookedFaces> {
    DieKind::ALL
        .into_iter()
        .filter(|&kind| kind != DieKind::Fair && throws.of(kind).throws() > 0)
        .map(|kind| {
            let faces = throws.of(kind).0;
            let x = chi_square(&faces, &kind.measured().shares());
            CrookedFaces {
                kind: kind.key(),
                faces,
                p_value: chi_square_p_value(x, FACES - 1),
            }
        })
        .collect()
}

/// Plays the match at the table to its end; whether the player won, or `None`
/// when it never ends (counted as a violation).
fn play_one(app: &mut App, match_no: u32, report: &mut CareerReport) -> Option<bool> {
    if app.world().get_resource::<Table>().is_none() {
        report
            .violations
            .push(format!("match {match_no}: the table was not laid"));
        return None;
    }
    let start = app.world().resource::<Wallet>().coins;
    // A career's frames are the physics' own steps.
    for _ in 0..MAX_SECONDS_PER_GAME * u64::from(STEPS_PER_SECOND) {
        app.update();
        let table = app.world().resource::<Table>();
        if let Step::MatchOver(winner) = table.duel.step() {
            count_cheats(app.world(), match_no, report);
            let table = app.world().resource::<Table>();
            let booked = table.duel.net(Side::Near);
            let now = app.world().resource::<Wallet>().coins;
            // A refill on a short wallet is the only other change allowed.
            if now - start != booked && now < start + booked {
                report.violations.push(format!(
                    "match {match_no}: coins {start} -> {now}, the referee booked {booked:+}"
                ));
            }
            let refused = app.world().resource::<Refused>().total();
            if refused != 0 {
                report
                    .violations
                    .push(format!("match {match_no}: refused moves {refused:?}"));
            }
            return Some(winner == Side::Near);
        }
    }
    report
        .violations
        .push(format!("match {match_no}: never ended"));
    None
}

/// A decided match against a crooked die, or settled by an accusation, is
/// counted; an accusation settled otherwise than the search found is a
/// violation.
fn count_cheats(world: &World, match_no: u32, report: &mut CareerReport) {
    let accused = match world.resource::<Table>().duel.last_end() {
        Some(RoundEnd::Accused { caught, .. }) => Some(caught),
        _ => None,
    };
    let found = world.get_resource::<Accused>().and_then(|a| a.found);
    let far = Side::Far.index();
    let carried = world.resource::<Crooked>().carried(far) || found.is_some();
    report.cheats[0] += u32::from(carried);
    if let Some(caught) = accused {
        report.cheats[1] += 1;
        report.cheats[2] += u32::from(caught);
        if caught != found.is_some() {
            report.violations.push(format!(
                "match {match_no}: an accusation settled as caught: {caught}, the search found {found:?}"
            ));
        }
    }
}
