//! Two computer opponents against each other, match after match with fair
//! dice: how often the first wins, with its interval, and what it earns.

use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::{Brains, Opponent, Side, play_match};

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
        report.wins += u64::from(result.winner == Side::Player);
        for side in [Side::Player, Side::Cpu] {
            report.rounds[side.index()] += u64::from(result.duel.score(side));
            report.folds[side.index()] += u64::from(result.duel.folds(side));
        }
        report.draws += u64::from(result.duel.draws());
        coins += result.duel.net(Side::Player);
    }
    let n = matches as f64;
    report.win_rate = report.wins as f64 / n;
    report.ci95 = 1.96 * (report.win_rate * (1.0 - report.win_rate) / n).sqrt();
    report.coins_per_match = coins as f64 / n;
    Ok(report)
}
