//! The daily challenge: five solo games whose dice (each first throw and
//! every reroll, by throw number) are dealt from the date, the same on every
//! machine. The score is how well the dice were held: the expected coins
//! given up against the advisor's best holds, so luck is out of it.

use super::advisor::Strategy;
use super::deal::deal_daily;
use super::hand::{DICE, Roll, evaluate_roll, slots_keeping};
use super::payout::PayoutTable;

/// Games in a day's challenge.
pub const DAILY_GAMES: u32 = 5;
/// Rerolls in each game (the solo game's).
pub const DAILY_REROLLS: usize = 2;

/// A game whose holds gave up less than this (coins) was held the best way:
/// what the panel shows as 0.00.
pub const SHARE_BEST: f64 = 0.005;
/// A game whose holds gave up less than this (coins, a twentieth of the
/// stake) was held close to the best.
pub const SHARE_CLOSE: f64 = 0.5;

/// How well one game of the day was held, as the line to share shows it:
/// nothing of its dice, only how far its holds fell from the best.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeldMark {
    /// The best holds every time.
    Best,
    /// Within [`SHARE_CLOSE`] of the best.
    Close,
    /// Further off.
    Off,
}

impl HeldMark {
    /// The mark of a game that gave up `given_up` coins.
    pub fn of(given_up: f64) -> HeldMark {
        if given_up < SHARE_BEST {
            HeldMark::Best
        } else if given_up < SHARE_CLOSE {
            HeldMark::Close
        } else {
            HeldMark::Off
        }
    }

    /// Its square on the shared line (green, yellow, red, as word games made
    /// them known).
    pub fn square(self) -> char {
        match self {
            HeldMark::Best => '🟩',
            HeldMark::Close => '🟨',
            HeldMark::Off => '🟥',
        }
    }
}

/// One square a game, in the order they were played: what a day's run
/// may show to anyone without telling them the dice.
pub fn share_grid(given_up: &[f64]) -> String {
    given_up.iter().map(|&g| HeldMark::of(g).square()).collect()
}

/// A date as `YYYY-MM-DD`, checked to be a real day.
pub fn parse_date(text: &str) -> Result<String, String> {
    let bad = || format!("'{text}' is not a date: give YYYY-MM-DD, as 2026-12-01");
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let (y, m, d): (i64, u32, u32) = (
        y.parse().map_err(|_| bad())?,
        m.parse().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if d == 0 || d > days {
        return Err(bad());
    }
    Ok(text.to_owned())
}

/// A real day, as `YYYY-MM-DD`: the only way to one is [`Day::parse`] (or
/// [`Day::today`]), so a day handed around is never a wrong date.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(String);

impl Day {
    /// The day `text` names, checked.
    pub fn parse(text: &str) -> Result<Day, String> {
        parse_date(text).map(Day)
    }

    /// Today, in UTC.
    pub fn today() -> Day {
        Day(today())
    }

    /// The day as `YYYY-MM-DD`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Day {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    date_of_day(days as i64)
}

/// The date (UTC) of `days` days after 1970-01-01, as `YYYY-MM-DD`.
pub fn date_of_day(days: i64) -> String {
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// One game of the challenge, as it was played.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DailyGame {
    /// The dealt first throw.
    pub first_throw: Roll,
    /// The final hand's faces.
    pub last: Roll,
    /// The final hand's name.
    pub hand: String,
    /// What the payout table pays for it.
    pub payout: u64,
    /// Expected coins given up against the best holds, over the game.
    pub given_up: f64,
}

/// The faces dealt for throw `throw` of game `game`, landing on the dice not kept.
pub fn dealt(date: &str, game: u32, throw: u32, roll: &Roll, kept: &[bool; DICE]) -> Roll {
    let free = kept.iter().filter(|&&k| !k).count();
    let mut faces = deal_daily(date, game, throw, free).into_iter();
    let mut out = *roll;
    for (slot, face) in out.iter_mut().enumerate() {
        if !kept[slot] {
            *face = faces.next().unwrap_or(1);
        }
    }
    out
}

/// Plays the day's five games, each hold chosen by `choose` (the roll and
/// rerolls left → faces kept; all five stand), scoring every hold against
/// the advisor's best.
pub fn play_daily(
    date: &str,
    strategy: &Strategy,
    payouts: &PayoutTable,
    mut choose: impl FnMut(&Roll, usize) -> Vec<u8>,
) -> Vec<DailyGame> {
    (1..=DAILY_GAMES)
        .map(|game| {
            let mut roll = dealt(date, game, 1, &[0; DICE], &[false; DICE]);
            let first_throw = roll;
            let mut given_up = 0.0;
            let mut throw = 1;
            for left in (1..=DAILY_REROLLS).rev() {
                let all = strategy.advise(&roll, left);
                let held = choose(&roll, left);
                let value = |h: &[u8]| {
                    all.iter()
                        .find(|c| c.held == h)
                        .map_or(0.0, |c| c.expected.to_f64())
                };
                given_up += (all[0].expected.to_f64() - value(&held)).max(0.0);
                if held.len() == DICE {
                    break;
                }
                throw += 1;
                roll = dealt(date, game, throw, &roll, &slots_keeping(&roll, &held));
            }
            let hand = evaluate_roll(&roll);
            DailyGame {
                first_throw,
                last: roll,
                hand: hand.to_string(),
                payout: payouts.pay(hand.kind()),
                given_up,
            }
        })
        .collect()
}
