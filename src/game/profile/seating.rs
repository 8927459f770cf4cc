//! Who sits at a table of two to four ([`PartySeats`]): the player, friends
//! at this machine, and computer opponents from the roster, in turn order.
//! The command line's `--table you,hard,easy` and the table screen's rows
//! both come to this.

use bevy::prelude::*;

use crate::rules::duel::{OPPONENTS, Opponent};
use crate::rules::table::{MAX_SEATS, MIN_SEATS};

/// The key of the player's own seat on the command line.
pub const YOU_KEY: &str = "you";
/// The key of a friend's seat (a person at this machine, taking turns at
/// the same keys and mouse).
pub const FRIEND_KEY: &str = "friend";

/// Who sits in one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartySeat {
    /// The player: their wallet pays the stack they sit down with.
    You,
    /// A friend at this machine, playing the table's coins only.
    Friend,
    /// A computer opponent, playing as it plays in a duel.
    Computer(&'static Opponent),
}

impl PartySeat {
    /// The seat's key on the command line.
    pub fn key(self) -> &'static str {
        match self {
            PartySeat::You => YOU_KEY,
            PartySeat::Friend => FRIEND_KEY,
            PartySeat::Computer(o) => o.key,
        }
    }

    /// The seat with this key.
    pub fn from_key(key: &str) -> Option<PartySeat> {
        match key {
            YOU_KEY => Some(PartySeat::You),
            FRIEND_KEY => Some(PartySeat::Friend),
            _ => Opponent::find(key).map(PartySeat::Computer),
        }
    }

    /// True for a person at this machine.
    pub fn is_person(self) -> bool {
        matches!(self, PartySeat::You | PartySeat::Friend)
    }
}

/// The seats of a table in turn order, the player's among them exactly once.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PartySeats(Vec<PartySeat>);

impl Default for PartySeats {
    /// The player between the middle and the easiest of the classic three.
    fn default() -> Self {
        let find = |key| Opponent::find(key).map_or(PartySeat::Friend, PartySeat::Computer);
        PartySeats(vec![PartySeat::You, find("normal"), find("easy")])
    }
}

impl PartySeats {
    /// These seats, if they make a table: two to four, the player once.
    pub fn new(seats: Vec<PartySeat>) -> Result<PartySeats, String> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats.len()) {
            return Err(format!(
                "{} seats: a table seats {MIN_SEATS} to {MAX_SEATS}",
                seats.len()
            ));
        }
        match seats.iter().filter(|s| **s == PartySeat::You).count() {
            1 => Ok(PartySeats(seats)),
            0 => Err(format!(
                "no seat is '{YOU_KEY}': the player sits at the table"
            )),
            n => Err(format!(
                "'{YOU_KEY}' is given {n} times: the player has one seat"
            )),
        }
    }

    /// Seats from a comma-separated list of keys (`you,hard,easy`), with a
    /// message naming every key a seat may have when one is unknown.
    pub fn parse(text: &str) -> Result<PartySeats, String> {
        let seats = text
            .split(',')
            .map(|key| {
                let key = key.trim();
                PartySeat::from_key(key).ok_or_else(|| {
                    let known: Vec<&str> = OPPONENTS.iter().map(|o| o.key).collect();
                    format!(
                        "no seat '{key}' (choose {YOU_KEY}, {FRIEND_KEY} or an opponent: {})",
                        known.join(", ")
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        PartySeats::new(seats)
    }

    /// The seats in turn order.
    pub fn seats(&self) -> &[PartySeat] {
        &self.0
    }

    /// The player's seat.
    pub fn you(&self) -> usize {
        self.0
            .iter()
            .position(|s| *s == PartySeat::You)
            .unwrap_or_default()
    }

    /// The list as the command line writes it.
    pub fn keys(&self) -> String {
        let keys: Vec<&str> = self.0.iter().map(|s| s.key()).collect();
        keys.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_two_to_four_seats_with_the_player_once() {
        let three = PartySeats::parse("you, hard,easy").unwrap();
        assert_eq!(three.keys(), "you,hard,easy");
        assert_eq!(three.you(), 0);
        let four = PartySeats::parse("drunk,friend,you,normal").unwrap();
        assert_eq!(four.you(), 2);
        assert_eq!(four.seats()[1], PartySeat::Friend);
        assert!(four.seats()[1].is_person() && !four.seats()[0].is_person());
        for (bad, says) in [
            ("you", "1 seats"),
            ("you,easy,easy,easy,easy", "5 seats"),
            ("hard,easy", "no seat is 'you'"),
            ("you,you,easy", "given 2 times"),
            (
                "you,nobody",
                "no seat 'nobody' (choose you, friend or an opponent: drunk",
            ),
        ] {
            let err = PartySeats::parse(bad).unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
        assert_eq!(PartySeats::default().keys(), "you,normal,easy");
    }
}
