//! What the game opens with: the launch options over the saved settings, a
//! cut-off game brought back (or its stake given back), the guided game for
//! a new player, what the command line asked for, or the start screen with
//! the last choice highlighted.

use bevy::prelude::*;

use crate::game::profile::{
    LastChoice, LoadProfile, NewPlayer, Position, Resumable, ResumeDuel, ResumeParty, ResumeSolo,
    Speed, Wallet,
};
use crate::lang::{Key, Lang, Line};
use crate::rules::duel::Opponent;

use super::{Choice, Choose, Chosen, Launch, Notice};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreStartup,
        (apply_launch_options, resume_or_refund)
            .chain()
            .after(LoadProfile),
    );
    app.add_systems(Startup, open_first_screen);
}

/// A new player's first start goes to the guided game (in the window; a
/// game opened by the command line is left as asked).
pub fn first_screen(config: &Launch, new_player: NewPlayer) -> Option<Choice> {
    (config.guide_first_start && new_player.0 && config.opening.is_none()).then_some(Choice::Guide)
}

/// The choice that lays a cut-off game's table again (`None`: it cannot come back).
pub fn comeback(position: &Position) -> Option<Choice> {
    match position {
        Position::Solo(_) => Some(Choice::Solo),
        Position::Duel(duel) => {
            let index = Opponent::find(&duel.opponent)?.index();
            duel.terms
                .comes_back()
                .then(|| Choice::table(duel.terms, index))
        }
        // The table sits down at once with the seats it had.
        Position::Party(_) => Some(Choice::Seated),
    }
}

/// The command line's language, speed, graphics and table win over the saved ones
/// (and are kept, as a change in the settings would be).
fn apply_launch_options(
    config: Res<Launch>,
    mut lang: ResMut<Lang>,
    mut speed: ResMut<Speed>,
    mut graphics: ResMut<crate::game::profile::Graphics>,
    mut table: ResMut<crate::game::profile::PartySeats>,
) {
    if let Some(asked) = &config.table {
        *table = asked.clone();
    }
    if let Some(asked) = config.lang {
        *lang = asked;
    }
    if let Some(asked) = config.speed {
        *speed = asked;
    }
    if let Some(asked) = config.graphics {
        *graphics = asked;
    }
}

/// On start: a cut-off game comes back if it can, or gives its stake back
/// (the one place a stake is given back).
fn resume_or_refund(
    config: Res<Launch>,
    new_player: Res<NewPlayer>,
    mut resumable: ResMut<Resumable>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
) {
    let refund = |wallet: &mut Wallet, notice: &mut Notice| {
        if let Some(back) = Notice::refunded(wallet.refund()) {
            notice.say(back);
        }
    };
    let Some(position) = resumable.0.clone() else {
        refund(&mut wallet, &mut notice);
        return;
    };
    let first_start = config.opening.is_none() && first_screen(&config, *new_player).is_none();
    let back = comeback(&position);
    let asked = config
        .opening
        .is_none_or(|o| Some(o) == back || (o == Choice::Guide && back == Some(Choice::Solo)));
    if config.resume_cut_off && asked && wallet.at_stake > 0 && back.is_some() {
        match position {
            Position::Solo(p) => commands.insert_resource(ResumeSolo(p)),
            Position::Duel(p) => commands.insert_resource(ResumeDuel(*p)),
            Position::Party(p) => commands.insert_resource(ResumeParty(*p)),
        }
        if first_start && let Some(choice) = back {
            commands.trigger(Choose(choice));
        }
        notice.say(Line::key(Key::Resumed));
    } else {
        resumable.0 = None;
        refund(&mut wallet, &mut notice);
    }
}

/// Opens what the command line asked for, or the start screen with the last
/// choice highlighted.
fn open_first_screen(
    mut commands: Commands,
    config: Res<Launch>,
    last: Res<LastChoice>,
    new_player: Res<NewPlayer>,
    mut chosen: ResMut<Chosen>,
) {
    let opening = config
        .opening
        .or_else(|| first_screen(&config, *new_player));
    match opening {
        Some(choice) => commands.trigger(Choose(choice)),
        None => {
            if let Some(choice) = last.0 {
                chosen.0 = choice;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::profile::{DuelPosition, Terms};
    use crate::rules::duel::{Duel, OPPONENTS, Side};

    #[test]
    fn a_new_player_is_guided_only_when_nothing_else_was_asked_for() {
        let window = Launch {
            guide_first_start: true,
            ..Launch::default()
        };
        assert_eq!(first_screen(&window, NewPlayer(true)), Some(Choice::Guide));
        assert_eq!(first_screen(&window, NewPlayer(false)), None);
        let asked = Launch {
            opening: Some(Choice::Solo),
            ..window.clone()
        };
        assert_eq!(first_screen(&asked, NewPlayer(true)), None);
        assert_eq!(first_screen(&Launch::default(), NewPlayer(true)), None);
    }

    #[test]
    fn a_cut_off_table_comes_back_by_its_kind_and_opponent() {
        let o = &OPPONENTS[1];
        let position = |terms, opponent: &str| {
            Position::Duel(Box::new(DuelPosition {
                terms,
                opponent: opponent.to_owned(),
                duel: Duel::new(o.rules(1), Side::Near),
                matches: 1,
                booked: 0,
                closed: 0,
                held: [[false; 5]; 2],
                numbers: [None; 2],
                throws: Vec::new(),
                decisions: Vec::new(),
                trace: None,
            }))
        };
        assert_eq!(
            comeback(&position(Terms::Coins, o.key)),
            Some(Choice::Duel(1))
        );
        assert_eq!(
            comeback(&position(Terms::Career, o.key)),
            Some(Choice::Career(1))
        );
        assert_eq!(
            comeback(&position(Terms::Practice, o.key)),
            Some(Choice::Practice(1))
        );
        assert_eq!(comeback(&position(Terms::Coins, "nobody")), None);
        // A friend's table gives its stake back instead.
        assert_eq!(comeback(&position(Terms::Friend, o.key)), None);
    }
}
