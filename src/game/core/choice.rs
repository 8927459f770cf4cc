//! What the player can choose to play: each entry of the start screen, and
//! the ways into a game from the command line, the ladder and the lobby;
//! choosing one opens its screen and is remembered with the save.

use bevy::prelude::*;

use crate::game::profile::LastChoice;
use crate::rules::duel::{CLASSIC, FRIEND, OPPONENTS, Opponent, PEER};

use super::Screen;

/// Play this (a click, a key, or the command line).
#[derive(Event, Debug, Clone, Copy)]
pub struct Choose(pub Choice);

/// What is being played, or highlighted on the start screen.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Chosen(pub Choice);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Chosen>();
    app.add_observer(on_choose);
}

fn on_choose(
    choose: On<Choose>,
    mut chosen: ResMut<Chosen>,
    mut last: ResMut<LastChoice>,
    mut next: ResMut<NextState<Screen>>,
) {
    chosen.0 = choose.0;
    let key = Some(choose.0.key().to_owned());
    if last.0 != key {
        last.0 = key;
    }
    next.set(choose.0.screen());
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
    fn ways_in_that_are_not_entries_keep_the_entry_they_come_from() {
        assert_eq!(
            Choice::from_key(Choice::Career(3).key()),
            Some(Choice::Ladder)
        );
        assert_eq!(Choice::from_key(Choice::Net.key()), Some(Choice::Lobby));
        let practice = Choice::Practice(OPPONENTS.len() - 1);
        assert_eq!(practice.screen(), Screen::Duel);
        assert_eq!(
            practice.opponent().map(|o| o.key),
            Some(OPPONENTS[OPPONENTS.len() - 1].key)
        );
    }
}
