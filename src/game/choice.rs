//! What the player can choose to play: each entry of the start screen, and
//! the ways into a game from the command line, the ladder and the lobby.

use crate::rules::duel::{CLASSIC, FRIEND, OPPONENTS, Opponent, PEER};

use super::Screen;

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
    /// Every entry of the start screen, top to bottom.
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
            Choice::Lobby | Choice::Net => "net",
            Choice::Duel(i) | Choice::Practice(i) => OPPONENTS[i].key,
        }
    }

    /// The choice with this key.
    pub fn from_key(key: &str) -> Option<Choice> {
        Choice::all().into_iter().find(|c| c.key() == key)
    }

    /// The screen this choice opens.
    pub fn screen(self) -> Screen {
        match self {
            Choice::Solo | Choice::Daily | Choice::Guide => Screen::Solo,
            Choice::Ladder => Screen::Ladder,
            Choice::Settings => Screen::Settings,
            Choice::Lobby => Screen::Lobby,
            Choice::Duel(_)
            | Choice::Career(_)
            | Choice::Practice(_)
            | Choice::Friend
            | Choice::Net => Screen::Duel,
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
            | Choice::Guide => None,
        }
    }
}
