//! Who sits at a table of two to four ([`PartySeats`]): the player, friends
//! at this machine, and computer opponents from the roster, in turn order.
//! The command line's `--table you,hard,easy` and the table screen's rows
//! both come to this.

use bevy::prelude::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::duel::{Badge, OPPONENTS, Opponent};
use crate::rules::table::{MAX_SEATS, MIN_SEATS};

/// The key of the player's own seat on the command line.
pub const YOU_KEY: &str = "you";
/// The key of a friend's seat (a person at this machine, taking turns at
/// the same keys and mouse).
pub const FRIEND_KEY: &str = "friend";
/// The key of a person at another machine: a table with one is hosted over
/// the network, its computer seats played by the host.
pub const AWAY_KEY: &str = "away";

/// Who sits in one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartySeat {
    /// The player: their wallet pays the stack they sit down with.
    You,
    /// A friend at this machine, playing the table's coins only.
    Friend,
    /// A computer opponent, playing as it plays in a duel.
    Computer(&'static Opponent),
    /// A person at another machine: their moves come over the network.
    Away,
}

impl PartySeat {
    /// The seat's key on the command line.
    pub fn key(self) -> &'static str {
        match self {
            PartySeat::You => YOU_KEY,
            PartySeat::Friend => FRIEND_KEY,
            PartySeat::Computer(o) => o.key,
            PartySeat::Away => AWAY_KEY,
        }
    }

    /// The seat with this key.
    pub fn from_key(key: &str) -> Option<PartySeat> {
        match key {
            YOU_KEY => Some(PartySeat::You),
            FRIEND_KEY => Some(PartySeat::Friend),
            AWAY_KEY => Some(PartySeat::Away),
            _ => Opponent::find(key).map(PartySeat::Computer),
        }
    }

    /// The badge the seat brings to a table: a computer opponent's, as to
    /// a duel.
    pub fn badge(self) -> Option<Badge> {
        match self {
            PartySeat::Computer(o) => o.badge,
            PartySeat::You | PartySeat::Friend | PartySeat::Away => None,
        }
    }

    /// True for a person at this machine.
    pub fn is_person(self) -> bool {
        matches!(self, PartySeat::You | PartySeat::Friend)
    }
}

/// The seats of a table in turn order, the player's among them exactly once.
/// Kept in the save by their keys (`you,normal,easy`); a list this build
/// cannot lay (an opponent of a newer build) loads as the default.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PartySeats(Vec<PartySeat>);

impl Serialize for PartySeats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.keys().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for PartySeats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let keys = String::deserialize(deserializer)?;
        Ok(PartySeats::parse(&keys).unwrap_or_default())
    }
}

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
                        "no seat '{key}' (choose {YOU_KEY}, {FRIEND_KEY}, {AWAY_KEY} or an opponent: {})",
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

    /// The seat in `slot` of the table screen's rows (0 is the player's).
    pub fn slot(&self, slot: usize) -> Option<PartySeat> {
        let mut others = self.0.iter().filter(|s| **s != PartySeat::You);
        match slot {
            0 => Some(PartySeat::You),
            n => others.nth(n - 1).copied(),
        }
    }

    /// These seats with `slot`'s seat (from 1) changed to `seat` (`None`:
    /// left empty). The player sits first, an empty place closes up, and a
    /// change that would leave fewer than two seats changes nothing.
    pub fn with(&self, slot: usize, seat: Option<PartySeat>) -> PartySeats {
        let mut others: Vec<PartySeat> = self
            .0
            .iter()
            .copied()
            .filter(|s| *s != PartySeat::You)
            .collect();
        let at = slot.saturating_sub(1);
        match (seat, at < others.len()) {
            (Some(seat), true) => others[at] = seat,
            (Some(seat), false) => others.push(seat),
            (None, true) => {
                others.remove(at);
            }
            (None, false) => {}
        }
        others.truncate(MAX_SEATS - 1);
        let seats = std::iter::once(PartySeat::You).chain(others).collect();
        PartySeats::new(seats).unwrap_or_else(|_| self.clone())
    }

    /// What the seat in `slot` (from 1) may be, in the order a change goes
    /// through them: empty (past the second seat), a friend, then the roster.
    pub fn choices(slot: usize) -> Vec<Option<PartySeat>> {
        let empty = (slot > 1).then_some(None);
        empty
            .into_iter()
            .chain([Some(PartySeat::Friend), Some(PartySeat::Away)])
            .chain(OPPONENTS.iter().map(|o| Some(PartySeat::Computer(o))))
            .collect()
    }

    /// A table with a seat for a person at another machine is hosted over
    /// the network: its seats from the player's on (turn order goes round,
    /// the host sits first) and the seats its computer opponents take;
    /// `None` for a table of this machine alone.
    pub fn away_table(&self) -> Option<(usize, Vec<(usize, &'static Opponent)>)> {
        if !self.0.contains(&PartySeat::Away) {
            return None;
        }
        let n = self.0.len();
        let computers = (0..n)
            .filter_map(|seat| match self.0[(self.you() + seat) % n] {
                PartySeat::Computer(mind) => Some((seat, mind)),
                _ => None,
            })
            .collect();
        Some((n, computers))
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
                "no seat 'nobody' (choose you, friend, away or an opponent: drunk",
            ),
        ] {
            let err = PartySeats::parse(bad).unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
        assert_eq!(PartySeats::default().keys(), "you,normal,easy");
    }

    #[test]
    fn the_table_screen_changes_one_place_and_keeps_the_player_first() {
        let seats = PartySeats::parse("normal,you,easy").unwrap();
        assert_eq!(seats.slot(0), Some(PartySeat::You));
        assert_eq!(seats.slot(1).map(PartySeat::key), Some("normal"));
        assert_eq!(seats.slot(3), None);
        let hard = Opponent::find("hard").map(PartySeat::Computer);
        assert_eq!(seats.with(3, hard).keys(), "you,normal,easy,hard");
        assert_eq!(seats.with(1, hard).keys(), "you,hard,easy");
        assert_eq!(seats.with(1, None).keys(), "you,easy");
        // Never fewer than two.
        let two = PartySeats::parse("you,easy").unwrap();
        assert_eq!(two.with(1, None), two);
        // Empty is offered only past the second seat; someone online and
        // the whole roster always.
        assert_eq!(PartySeats::choices(1)[0], Some(PartySeat::Friend));
        assert_eq!(PartySeats::choices(1)[1], Some(PartySeat::Away));
        assert_eq!(PartySeats::choices(2)[0], None);
        assert_eq!(PartySeats::choices(2).len(), OPPONENTS.len() + 3);
        // A seat for someone online hosts the table from the player's seat
        // on, the computer seats numbered from there.
        let online = PartySeats::parse("hard,you,away,easy").unwrap();
        let (n, computers) = online.away_table().expect("hosted");
        let keys: Vec<(usize, &str)> = computers.iter().map(|&(s, o)| (s, o.key)).collect();
        assert_eq!((n, keys), (4, vec![(2, "easy"), (3, "hard")]));
        assert_eq!(seats.away_table(), None);
        // Kept in the save by keys; what this build cannot lay loads as the default.
        let text = serde_json::to_string(&seats).unwrap();
        assert_eq!(text, "\"normal,you,easy\"");
        assert_eq!(serde_json::from_str::<PartySeats>(&text).unwrap(), seats);
        let newer: PartySeats = serde_json::from_str("\"you,a_newer_one\"").unwrap();
        assert_eq!(newer, PartySeats::default());
    }
}
