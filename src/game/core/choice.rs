//! Choosing what to play: a click, a key or the command line sends
//! [`Choose`]; the choice opens its screen (the solo screen in its mode) and
//! is remembered with the save. The choices themselves live with the profile,
//! which keeps the last one.

use bevy::prelude::*;

use crate::game::profile::LastChoice;

use super::{Screen, SoloMode};

pub use crate::game::profile::Choice;

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
    mut mode: ResMut<NextState<SoloMode>>,
) {
    chosen.0 = choose.0;
    // Kept as the start-screen entry it came from (a career match: the ladder).
    let entry = Choice::from_key(choose.0.key());
    if last.0 != entry {
        last.0 = entry;
    }
    // The solo screen opens in its mode: entering it takes the mode set here.
    if let Some(solo) = choose.0.solo_mode() {
        mode.set(solo);
    }
    next.set(choose.0.screen());
}

impl Choice {
    /// The screen this choice opens.
    pub fn screen(self) -> Screen {
        match self {
            Choice::Solo | Choice::Daily | Choice::Guide => Screen::Solo,
            Choice::Ladder => Screen::Ladder,
            Choice::Settings => Screen::Settings,
            Choice::Lobby => Screen::Lobby,
            Choice::Party => Screen::Seating,
            Choice::Seated => Screen::Party,
            Choice::Duel(_)
            | Choice::Career(_)
            | Choice::Practice(_)
            | Choice::Friend
            | Choice::Net => Screen::Duel,
        }
    }

    /// The solo screen's mode this choice opens it in (`None`: not the solo screen).
    pub fn solo_mode(self) -> Option<SoloMode> {
        match self {
            Choice::Solo => Some(SoloMode::Free),
            Choice::Daily => Some(SoloMode::Daily),
            Choice::Guide => Some(SoloMode::Guide),
            Choice::Duel(_)
            | Choice::Ladder
            | Choice::Career(_)
            | Choice::Practice(_)
            | Choice::Friend
            | Choice::Party
            | Choice::Seated
            | Choice::Lobby
            | Choice::Net
            | Choice::Settings => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::OPPONENTS;

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
        assert_eq!(practice.solo_mode(), None);
        assert_eq!(Choice::Daily.solo_mode(), Some(SoloMode::Daily));
        assert_eq!(Choice::Guide.screen(), Screen::Solo);
    }
}
