//! What the player can choose to play: each entry of the start screen and
//! the ways into a game from the command line, the ladder and the lobby, by
//! the key the save and the command line know it by, and the kind of table
//! each opens ([`Terms`]: the one mapping between the two, both ways). The
//! last one chosen is kept with the profile; which screen a choice opens is
//! the game's spine's business (`core`).

use bevy::prelude::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::history::Mode;
use crate::rules::duel::{CLASSIC, FRIEND, OPPONENTS, Opponent, PEER};

/// What a duel table's matches are played for: which kind of table it is.
/// The save keeps a table that can come back by this name (`duel`,
/// `career`, `practice`).
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Terms {
    /// Coins from the wallet, as any duel from the start screen.
    #[serde(rename = "duel")]
    Coins,
    /// Coins, and a step up the ladder (the rung is the opponent's).
    Career,
    /// Nothing: no coins change hands and the career does not move.
    Practice,
    /// Two people at this machine: each side's coins from its own profile.
    Friend,
    /// Coins against a peer across a network, on rules agreed with it.
    Net,
}

impl Terms {
    /// True when the wallet takes part.
    pub fn for_coins(self) -> bool {
        match self {
            Terms::Practice => false,
            Terms::Coins | Terms::Career | Terms::Friend | Terms::Net => true,
        }
    }

    /// True when a round cut off at such a table comes back on the next
    /// start (a friend's and a network's tables give their stakes back).
    pub fn comes_back(self) -> bool {
        match self {
            Terms::Coins | Terms::Career | Terms::Practice => true,
            Terms::Friend | Terms::Net => false,
        }
    }
}

/// What a round at such a table is in the history as.
impl From<Terms> for Mode {
    fn from(terms: Terms) -> Mode {
        match terms {
            Terms::Practice => Mode::Practice,
            Terms::Coins | Terms::Career | Terms::Friend | Terms::Net => Mode::Duel,
        }
    }
}

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Choice {
    /// The solo game against the payout table.
    #[default]
    Solo,
    /// A duel for coins against the opponent at this index of [`OPPONENTS`]
    /// (the start screen lists the [`CLASSIC`] three).
    Duel(usize),
    /// The ladder screen.
    Ladder,
    /// A career match against the opponent at this rung of the ladder (its
    /// index in [`OPPONENTS`]): coins, progress and badges.
    Career(usize),
    /// Practice against the opponent at this index: no coins, no progress.
    Practice(usize),
    /// 今日の一局: the day's five solo games on dealt dice, for a score.
    Daily,
    /// ふたりで: a duel between two people at this machine.
    Friend,
    /// みんなで: the seats of a table of two to four are chosen, then the
    /// table is laid ([`super::PartySeats`]).
    Party,
    /// Sitting down at once at the table of [`super::PartySeats`] (the
    /// command line's `--table`; not an entry).
    Seated,
    /// ネット対戦: the lobby, to host or join a match across a network.
    Lobby,
    /// A match across a network (the lobby opens it once the peer is there).
    Net,
    /// The settings screen.
    Settings,
    /// はじめての一局: the solo game with a guide.
    Guide,
}

impl Choice {
    /// Every entry of the start screen (on either of its pages): the
    /// choices the save and the command line know by key.
    pub fn all() -> Vec<Choice> {
        std::iter::once(Choice::Solo)
            .chain(
                CLASSIC
                    .iter()
                    .filter_map(|key| Opponent::find(key))
                    .map(|o| Choice::Duel(o.index())),
            )
            .chain([
                Choice::Friend,
                Choice::Lobby,
                Choice::Ladder,
                Choice::Daily,
                Choice::Settings,
                Choice::Guide,
                Choice::Party,
            ])
            .collect()
    }

    /// The key kept in the save file and used on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Choice::Solo => "solo",
            Choice::Ladder | Choice::Career(_) => "ladder",
            Choice::Settings => "settings",
            Choice::Daily => "daily",
            Choice::Guide => "guide",
            Choice::Friend => "friend",
            Choice::Party | Choice::Seated => "table",
            Choice::Lobby | Choice::Net => "net",
            Choice::Duel(i) | Choice::Practice(i) => OPPONENTS[i].key,
        }
    }

    /// The choice with this key.
    pub fn from_key(key: &str) -> Option<Choice> {
        Choice::all().into_iter().find(|c| c.key() == key)
    }

    /// The kind of table this choice lays (`None`: it opens no duel table).
    pub fn terms(self) -> Option<Terms> {
        match self {
            Choice::Duel(_) => Some(Terms::Coins),
            Choice::Career(_) => Some(Terms::Career),
            Choice::Practice(_) => Some(Terms::Practice),
            Choice::Friend => Some(Terms::Friend),
            Choice::Net => Some(Terms::Net),
            Choice::Solo
            | Choice::Ladder
            | Choice::Daily
            | Choice::Settings
            | Choice::Lobby
            | Choice::Party
            | Choice::Seated
            | Choice::Guide => None,
        }
    }

    /// The choice that lays a table of these terms against the opponent at
    /// `index` of [`OPPONENTS`] (a friend's and a network's table have their
    /// own far seat): the way back from [`Choice::terms`].
    pub fn table(terms: Terms, index: usize) -> Choice {
        match terms {
            Terms::Coins => Choice::Duel(index),
            Terms::Career => Choice::Career(index),
            Terms::Practice => Choice::Practice(index),
            Terms::Friend => Choice::Friend,
            Terms::Net => Choice::Net,
        }
    }

    /// The opponent this choice sits down with, if any.
    pub fn opponent(self) -> Option<&'static Opponent> {
        match self {
            Choice::Duel(i) | Choice::Career(i) | Choice::Practice(i) => OPPONENTS.get(i),
            Choice::Friend => Some(&FRIEND),
            Choice::Net => Some(&PEER),
            Choice::Solo
            | Choice::Ladder
            | Choice::Daily
            | Choice::Settings
            | Choice::Lobby
            | Choice::Party
            | Choice::Seated
            | Choice::Guide => None,
        }
    }
}

/// The start screen's last choice, kept in the save by its key (`solo`,
/// `daily`, an opponent's key, …). A key this build does not know (a save
/// from a newer one) loads as none.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LastChoice(pub Option<Choice>);

impl Serialize for LastChoice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.map(Choice::key).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for LastChoice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let key = Option::<String>::deserialize(deserializer)?;
        Ok(LastChoice(key.as_deref().and_then(Choice::from_key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_comes_back_from_its_key() {
        for choice in Choice::all() {
            assert_eq!(Choice::from_key(choice.key()), Some(choice), "{choice:?}");
        }
        assert_eq!(Choice::from_key("no such entry"), None);
    }

    #[test]
    fn each_table_choice_has_its_terms_and_comes_back_from_them() {
        let index = OPPONENTS.len() - 1;
        let tables = [
            (Choice::Duel(index), Terms::Coins, Mode::Duel),
            (Choice::Career(index), Terms::Career, Mode::Duel),
            (Choice::Practice(index), Terms::Practice, Mode::Practice),
            (Choice::Friend, Terms::Friend, Mode::Duel),
            (Choice::Net, Terms::Net, Mode::Duel),
        ];
        for (choice, terms, mode) in tables {
            assert_eq!(choice.terms(), Some(terms), "{choice:?}");
            assert_eq!(Choice::table(terms, index), choice);
            assert_eq!(Mode::from(terms), mode, "{terms:?}");
        }
        for choice in [Choice::Solo, Choice::Daily, Choice::Lobby, Choice::Guide] {
            assert_eq!(choice.terms(), None, "{choice:?}");
        }
        assert!(!Terms::Practice.for_coins() && Terms::Friend.for_coins());
        assert!(Terms::Career.comes_back() && !Terms::Net.comes_back());
        // The save's names of the kinds that come back are as they were.
        for (terms, name) in [
            (Terms::Coins, "\"duel\""),
            (Terms::Career, "\"career\""),
            (Terms::Practice, "\"practice\""),
        ] {
            assert_eq!(serde_json::to_string(&terms).unwrap(), name);
        }
    }

    #[test]
    fn the_last_choice_is_saved_by_its_key_and_an_unknown_key_loads_as_none() {
        let duel = Choice::Duel(OPPONENTS.len() - 1);
        for (last, text) in [
            (LastChoice(Some(Choice::Daily)), "\"daily\"".to_owned()),
            (LastChoice(Some(duel)), format!("\"{}\"", duel.key())),
            (LastChoice(None), "null".to_owned()),
        ] {
            assert_eq!(serde_json::to_string(&last).unwrap(), text);
            assert_eq!(serde_json::from_str::<LastChoice>(&text).unwrap(), last);
        }
        let newer: LastChoice = serde_json::from_str("\"a mode from a newer build\"").unwrap();
        assert_eq!(newer, LastChoice(None));
    }
}
