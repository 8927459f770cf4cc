//! The cheats' report: sittings of an honest player with an opponent that
//! has one kind of die in its tray, and what accusing at each line of odds
//! would have come to at the same sittings (the play before an accusation
//! is the same whatever the line).

use rand::Rng;
use serde::Serialize;

use super::{CrookedMatch, SITTING};
use crate::rules::duel::cheat::Sighting;
use crate::rules::duel::{Brains, CrookedDuel, DuelRules, Opponent, Side};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

/// The lines the report tries: odds at which the player accuses.
pub const LINES: [f64; 6] = [10.0, 20.0, 50.0, 100.0, 200.0, 400.0];

/// One row of the cheats' report: an opponent with one kind of die in its
/// tray (fair: honest) for sittings of [`SITTING`] matches, against a player
/// who never accuses, and what a player accusing at each line would have
/// done at the same sittings (the play before an accusation is the same).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CheatRow {
    /// The kind in the opponent's tray.
    pub kind: &'static str,
    /// Sittings played.
    pub sittings: u64,
    /// The opponent's share of matches won against a player who never accuses.
    pub rival_wins_unaccused: f64,
    /// Each line's figures, in the order of the lines asked.
    pub lines: Vec<LineRow>,
}

/// What accusing at one line comes to.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LineRow {
    /// The odds the player accuses at.
    pub line: f64,
    /// Sittings the player accused in.
    pub accusations: u64,
    /// Of those, a crooked die was found.
    pub caught: u64,
    /// Throws of the crooked die seen before it was caught, on average over
    /// the sittings it was caught in.
    pub throws_to_catch: f64,
    /// Throws of the crooked die seen over a sitting it was not caught in,
    /// on average (what it survives).
    pub throws_survived: f64,
    /// The opponent's share of the matches played against this player (an
    /// accusation ends the sitting, its match won by whoever was right).
    pub rival_wins_accused: f64,
}

/// Plays `sittings` sittings of `opponent` with a die of `kind` in `slot` of
/// its tray against `player`, who never accuses, and works out what an
/// accusation at each of `lines` would have come to.
#[allow(clippy::too_many_arguments)]
pub fn cheat_row(
    player: &Opponent,
    opponent: &Opponent,
    (kind, slot): (DieKind, usize),
    lines: &[f64],
    sittings: u64,
    rules: DuelRules,
    brains: &Brains,
    rng: &mut impl Rng,
) -> Result<CheatRow, String> {
    let mut tray = [DieKind::Fair; DICE];
    tray[slot] = kind;
    let fair = [DieKind::Fair.chances(); DICE];
    let engine =
        (kind != DieKind::Fair).then(|| CrookedDuel::new(&tray.map(DieKind::chances), &fair));
    let game = CrookedMatch {
        player,
        rival: opponent,
        tray,
        accuse_at: None,
    };
    let crooked = game.crooked();
    let mut tallies = vec![LineTally::default(); lines.len()];
    let (mut won, mut played) = (0u64, 0u64);
    for _ in 0..sittings {
        let sitting = game.sit(rules, (brains, engine.as_ref()), (lines, slot), rng)?;
        won += sitting.rival_won(SITTING as usize);
        played += u64::from(SITTING);
        for (tally, at) in tallies.iter_mut().zip(&sitting.crossed) {
            tally.count(&sitting, *at, crooked);
        }
    }
    Ok(CheatRow {
        kind: kind.key(),
        sittings,
        rival_wins_unaccused: won as f64 / played.max(1) as f64,
        lines: lines
            .iter()
            .zip(&tallies)
            .map(|(&line, tally)| tally.row(line))
            .collect(),
    })
}

/// One sitting as the player saw it, never accusing.
struct Sitting {
    /// Whether the rival won each match.
    winners: Vec<bool>,
    /// Each line's first crossing: the match it came in and the crooked
    /// slot's throws seen by then.
    crossed: Vec<Option<(usize, u64)>>,
    /// The crooked slot's throws seen over the sitting.
    throws: u64,
}

impl Sitting {
    /// Matches the rival won of the first `matches`.
    fn rival_won(&self, matches: usize) -> u64 {
        self.winners.iter().take(matches).filter(|&&w| w).count() as u64
    }
}

impl CrookedMatch<'_> {
    /// Plays a sitting of [`SITTING`] matches, noting when the odds against
    /// the opponent's dice first reach each of `lines` (`slot`: the die
    /// whose throws are counted).
    fn sit(
        &self,
        rules: DuelRules,
        minds: (&Brains, Option<&CrookedDuel>),
        (lines, slot): (&[f64], usize),
        rng: &mut impl Rng,
    ) -> Result<Sitting, String> {
        let mut seen = Sighting::default();
        let mut crossed: Vec<Option<(usize, u64)>> = vec![None; lines.len()];
        let mut winners = Vec::new();
        for m in 0..SITTING as usize {
            let mut watch = |s: &Sighting| {
                let odds = s.suspect().map_or(0.0, |s| s.odds);
                for (at, &line) in crossed.iter_mut().zip(lines) {
                    if at.is_none() && odds >= line {
                        *at = Some((m, s.dice[slot].throws()));
                    }
                }
            };
            let result = self.play(rules, minds, (&mut seen, &mut watch), rng)?;
            winners.push(result.duel.winner() == Some(Side::Far));
        }
        Ok(Sitting {
            winners,
            crossed,
            throws: seen.dice[slot].throws(),
        })
    }
}

/// One line's counts over the sittings.
#[derive(Clone, Copy, Debug, Default)]
struct LineTally {
    accusations: u64,
    caught: u64,
    /// Throws of the crooked die by the catch, added up.
    to_catch: u64,
    /// Sittings it survived, and its throws over them.
    survived: u64,
    survived_throws: u64,
    /// The rival's matches won and played against the accusing player.
    won: u64,
    played: u64,
}

impl LineTally {
    /// Counts a sitting whose odds first reached the line `at` (the match
    /// and the die's throws by then), if they did.
    fn count(&mut self, sitting: &Sitting, at: Option<(usize, u64)>, crooked: bool) {
        match at {
            // The accusation ends the sitting: its match goes to whoever was right.
            Some((m, throws)) => {
                self.accusations += 1;
                self.caught += u64::from(crooked);
                self.to_catch += if crooked { throws } else { 0 };
                self.won += sitting.rival_won(m) + u64::from(!crooked);
                self.played += m as u64 + 1;
            }
            None => {
                self.survived += 1;
                self.survived_throws += sitting.throws;
                self.won += sitting.rival_won(sitting.winners.len());
                self.played += sitting.winners.len() as u64;
            }
        }
    }

    fn row(&self, line: f64) -> LineRow {
        let share = |a: u64, b: u64| a as f64 / b.max(1) as f64;
        LineRow {
            line,
            accusations: self.accusations,
            caught: self.caught,
            throws_to_catch: share(self.to_catch, self.caught),
            throws_survived: share(self.survived_throws, self.survived),
            rival_wins_accused: share(self.won, self.played),
        }
    }
}

/// Of the accusations made at line number `line` against an opponent who brings
/// `row`'s die to `crooked` of its sittings (0 to 1), the share that fall
/// on it while it is honest (`honest`: the row of fair dice).
pub fn wrong_share(honest: &CheatRow, row: &CheatRow, crooked: f64, line: usize) -> f64 {
    let per = |r: &CheatRow, n: fn(&LineRow) -> u64| {
        r.lines
            .get(line)
            .map_or(0.0, |l| n(l) as f64 / r.sittings.max(1) as f64)
    };
    let wrong = (1.0 - crooked) * per(honest, |l| l.accusations);
    let right = crooked * per(row, |l| l.caught);
    if wrong + right == 0.0 {
        0.0
    } else {
        wrong / (wrong + right)
    }
}
