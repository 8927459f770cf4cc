//! A solo game on the history's page: each hold decision with the advisor's
//! value of it beside the best, and the finished game (or game of the daily
//! challenge) written once it is paid.

use bevy::prelude::*;

use crate::dice::{DiceSeed, TrayDice};
use crate::history::{self, DailyMark, Decision, Mode, Record};
use crate::rules::hand::Roll;

use crate::game::journal::{HistoryAt, Journal, kept, write};
use crate::game::profile::{SaveFile, SaveWriter};
use crate::game::{GameConfig, GameTray, Notice, Phase, Round};

use super::daily::{DailyRun, score_game, solo_rerolls};
use super::dice::{DiceAdvice, SoloDice};
use super::hint::Advisor;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnTransition {
            exited: Phase::Holding,
            entered: Phase::Rolling,
        },
        note_solo_reroll,
    );
    app.add_systems(
        OnTransition {
            exited: Phase::Holding,
            entered: Phase::Result,
        },
        note_solo_stand,
    );
    app.add_systems(
        OnEnter(Phase::Result),
        // A day's game is scored first: its page says how it went.
        write_solo_game.after(note_solo_stand).after(score_game),
    );
}

/// The advisor's value of keeping `chosen` from `faces` with `rerolls`
/// left, and the best; with a crooked die on the tray, each die's own
/// chances value them.
fn solo_decision(
    (advisor, crooked): (&Advisor, Option<&DiceAdvice>),
    faces: Roll,
    rerolls: u32,
    chosen: Vec<u8>,
) -> Decision {
    if let Some(crooked) = crooked {
        let holds = crooked.holds(&faces, rerolls);
        let options = holds.iter().map(|(held, value)| (held.as_slice(), *value));
        return Decision::weighed(faces, rerolls, chosen, options);
    }
    let choices = advisor.0.advise(&faces, rerolls as usize);
    Decision::weighed(
        faces,
        rerolls,
        chosen,
        choices
            .iter()
            .map(|c| (c.held.as_slice(), c.expected.to_f64())),
    )
}

fn note_solo_reroll(
    round: Res<Round>,
    advisor: Option<Res<Advisor>>,
    crooked: Option<Res<DiceAdvice>>,
    tray: Option<Res<GameTray>>,
    dice: TrayDice,
    mut journal: ResMut<Journal>,
) {
    if let (Some(advisor), Some(faces), Some(tray)) = (advisor, round.faces, tray) {
        // The reroll has been counted: the decision had one more.
        let d = solo_decision(
            (&advisor, crooked.as_deref()),
            faces,
            round.rerolls_left + 1,
            kept(&faces, &dice.held(tray.0)),
        );
        journal.decisions.push(d);
    }
}

fn note_solo_stand(
    round: Res<Round>,
    advisor: Option<Res<Advisor>>,
    crooked: Option<Res<DiceAdvice>>,
    mut journal: ResMut<Journal>,
) {
    if let (Some(advisor), Some(faces)) = (advisor, round.faces)
        && round.rerolls_left > 0
    {
        let d = solo_decision(
            (&advisor, crooked.as_deref()),
            faces,
            round.rerolls_left,
            kept(&faces, &[true; 5]),
        );
        journal.decisions.push(d);
    }
}

/// Writes the finished solo game (or game of the daily challenge).
pub fn write_solo_game(
    round: Res<Round>,
    config: Res<GameConfig>,
    seed: Res<DiceSeed>,
    save: Res<SaveFile>,
    at: Option<Res<HistoryAt>>,
    daily: Option<Res<DailyRun>>,
    (writer, crooked): (Option<Res<SaveWriter>>, Option<Res<SoloDice>>),
    mut notice: ResMut<Notice>,
    mut journal: ResMut<Journal>,
) {
    let Some(hand) = round.hand else {
        return;
    };
    // Free play's own dice, when one is crooked (the daily's are fair).
    let dice = crooked
        .filter(|_| daily.is_none())
        .map(|chosen| chosen.0.to_vec());
    // The daily challenge: no coins, a day, a game and its score.
    let (mode, coins, mark) = match daily.as_deref() {
        Some(run) => (
            Mode::Daily,
            (0, 0),
            Some(DailyMark {
                date: run.date.clone(),
                game: run.game,
                run: run.run,
                given_up: run.given_up.last().copied().unwrap_or(0.0),
            }),
        ),
        None => (
            Mode::Solo,
            (config.payouts.stake, config.payouts.pay(hand.kind())),
            None,
        ),
    };
    let record = Record {
        time: history::now(),
        mode,
        opponent: None,
        rerolls: solo_rerolls(&config, daily.as_deref()),
        seed: seed.session(),
        throws: std::mem::take(&mut journal.throws),
        decisions: std::mem::take(&mut journal.decisions),
        hand: hand.to_string(),
        coins_in: coins.0,
        coins_out: coins.1,
        result: None,
        badge: None,
        round: None,
        daily: mark,
        table: None,
        dice,
    };
    write(&save, at.as_deref(), writer.as_deref(), &mut notice, record);
}
