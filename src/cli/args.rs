//! Parsers of the command line's values, for clap: each returns the value or
//! a message clap prints with exit status 2; and the daily challenge's day,
//! checked once the command is known.

use super::CliError;
use crate::game::profile::{Graphics, Speed};
use crate::rules::daily::Day;
use crate::rules::duel::Opponent;

/// A window size for clap: `800x600`, each side 320 to 8192 pixels.
pub fn parse_window(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a window size such as 800x600");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (320..=8192).contains(n))
            .ok_or_else(bad)
    };
    Ok((side(w)?, side(h)?))
}

/// A speed for clap.
pub fn parse_speed(text: &str) -> Result<Speed, String> {
    match text {
        "1" | "1x" => Ok(Speed::Normal),
        "2" | "2x" => Ok(Speed::Double),
        "instant" => Ok(Speed::Instant),
        _ => Err(format!("'{text}' is not a speed: give 1, 2 or instant")),
    }
}

/// Graphics for clap: auto, low or high.
pub fn parse_graphics(text: &str) -> Result<Graphics, String> {
    match text {
        "auto" => Ok(Graphics::Auto),
        "low" => Ok(Graphics::Low),
        "high" => Ok(Graphics::High),
        _ => Err(format!(
            "'{text}' is not a graphics tier: give auto, low or high"
        )),
    }
}

/// A stake for clap: ANTE/RAISE, both at least 1.
pub fn parse_stake(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{text}' is not a stake: give ANTE/RAISE, as 10/10");
    let (a, r) = text.split_once('/').ok_or_else(bad)?;
    let a: u64 = a.trim().parse().map_err(|_| bad())?;
    let r: u64 = r.trim().parse().map_err(|_| bad())?;
    if a == 0 || r == 0 {
        return Err(bad());
    }
    Ok((a, r))
}

/// An opponent's key for clap: its index in the list.
pub fn parse_opponent(key: &str) -> Result<usize, String> {
    Opponent::named(key).map(Opponent::index)
}

/// Who `--duel` sits across: `friend` (a second person at this machine) or
/// a computer opponent's key, for practice.
pub fn parse_duel(key: &str) -> Result<crate::game::Choice, String> {
    if key == crate::rules::duel::FRIEND.key {
        return Ok(crate::game::Choice::Friend);
    }
    parse_opponent(key)
        .map(crate::game::Choice::Practice)
        .map_err(|e| format!("{e}, or friend"))
}

/// The day asked for the daily challenge, checked: `None` or `today` is
/// today's (decided by the game), anything else must be a real date.
pub fn checked_day(asked: Option<&str>) -> Result<Option<Day>, CliError> {
    match asked {
        None | Some("today") => Ok(None),
        Some(day) => Day::parse(day).map(Some).map_err(CliError::BadInput),
    }
}
