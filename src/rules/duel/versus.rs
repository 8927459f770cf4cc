//! Two computer opponents against each other, match after match with fair
//! dice: one match played through the referee, and a pairing's report (how
//! often the first wins, with its interval, and what it earns).

use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use rand::Rng;

use crate::rules::minds::{Hold, Mind, play_out};
use crate::rules::turn::SeatId;

use super::{BetAction, Brains, Duel, DuelRules, Opponent, Side, Step};

/// Moves after which a duel is given up as stuck.
const DUEL_MOVE_LIMIT: u32 = 10_000;

/// One pairing's results, seen from the first-named opponent.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PairingReport {
    /// The first-named opponent's key.
    pub player: &'static str,
    /// Its rival's key.
    pub rival: &'static str,
    /// Matches played.
    pub matches: u64,
    /// Matches the first-named won.
    pub wins: u64,
    /// Share of matches won.
    pub win_rate: f64,
    /// Half-width of the 95 % interval of that share.
    pub ci95: f64,
    /// Rounds won by each (draws not counted).
    pub rounds: [u64; 2],
    /// Rounds each gave up by folding.
    pub folds: [u64; 2],
    /// Drawn rounds (played again).
    pub draws: u64,
    /// The first-named's coins won minus put in, per match.
    pub coins_per_match: f64,
    /// Each side's badge, if any.
    pub badges: [Option<&'static str>; 2],
}

/// Plays `matches` matches for one pairing.
pub fn pairing(
    player: &Opponent,
    rival: &Opponent,
    matches: u64,
    rerolls: u32,
    brains: &Brains,
    rng: &mut ChaCha8Rng,
) -> Result<PairingReport, String> {
    // Both sides bet with the stronger one's coins, so the figures compare;
    // each carries its own badge.
    let rules = player
        .rules(rerolls)
        .with_badges([player.badge, rival.badge]);
    let mut report = PairingReport {
        player: player.key,
        rival: rival.key,
        matches,
        wins: 0,
        win_rate: 0.0,
        ci95: 0.0,
        rounds: [0; 2],
        folds: [0; 2],
        draws: 0,
        coins_per_match: 0.0,
        badges: [player.badge, rival.badge].map(|b| b.map(|b| b.key())),
    };
    let mut coins = 0i64;
    for _ in 0..matches {
        let result = play_match(player, rival, rules, brains, rng)?;
        report.wins += u64::from(result.winner == Side::Near);
        for side in [Side::Near, Side::Far] {
            report.rounds[side.index()] += u64::from(result.duel.score(side));
            report.folds[side.index()] += u64::from(result.duel.folds(side));
        }
        report.draws += u64::from(result.duel.draws());
        coins += result.duel.net(Side::Near);
    }
    let n = matches as f64;
    report.win_rate = report.wins as f64 / n;
    report.ci95 = 1.96 * (report.win_rate * (1.0 - report.win_rate) / n).sqrt();
    report.coins_per_match = coins as f64 / n;
    Ok(report)
}

/// A duel's opponent with the solved brains it thinks with.
#[derive(Clone, Copy)]
pub struct DuelMind<'a> {
    /// Who plays.
    pub opponent: &'a Opponent,
    /// The engine's tables.
    pub brains: &'a Brains,
}

impl Mind<Duel> for DuelMind<'_> {
    fn bet(&self, duel: &Duel, seat: SeatId, rng: &mut impl Rng) -> Option<BetAction> {
        self.opponent
            .bet(self.brains, duel, Side::of_seat(seat)?, rng)
    }
    fn hold(&self, duel: &Duel, seat: SeatId, rng: &mut impl Rng) -> Option<Hold> {
        let choice = self
            .opponent
            .hold(self.brains, duel, Side::of_seat(seat)?, rng)?;
        Some(Hold {
            held: choice.held,
            change: choice.change,
            chance: Some(choice.value),
            slots: None,
        })
    }
}

/// What one match between two computer players came to.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// Who won the match.
    pub winner: Side,
    /// The finished table (score, coins, folds, draws).
    pub duel: Duel,
}

/// Plays one match between `player` (in the player's seat) and `cpu` with fair
/// dice from `rng`, every move through [`Duel`]. An illegal move is an error.
pub fn play_match(
    player: &Opponent,
    cpu: &Opponent,
    rules: DuelRules,
    brains: &Brains,
    rng: &mut impl Rng,
) -> Result<MatchResult, String> {
    let first = if rng.random_bool(0.5) {
        Side::Near
    } else {
        Side::Far
    };
    let mut duel = Duel::new(rules, first);
    let minds = [player, cpu].map(|opponent| DuelMind { opponent, brains });
    // A match ends within a few dozen moves unless draws repeat; this bounds a bug.
    play_out(&mut duel, &minds, rng, DUEL_MOVE_LIMIT, |_| Ok(()))?;
    match duel.step() {
        Step::MatchOver(winner) => Ok(MatchResult { winner, duel }),
        _ => Err("the match did not end".to_owned()),
    }
}
