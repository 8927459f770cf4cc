//! The hint (H): the advisor's best hold for the dice on the table and its
//! expected payout under optimal play; with a crooked die on the tray, the
//! dice to keep by number when keeping the same faces from others is worth
//! less.

use bevy::prelude::*;

use crate::keymap::{Action, Controls};

use crate::lang::{Key, Lang, Line, tr, trf};
use crate::rules::advisor::MAX_REROLLS;
use crate::rules::hand::DICE;
use crate::rules::{HoldChoice, Strategy};

use crate::game::{AppSystems, GameConfig, Phase, Round, Screen};

use super::daily::DailyRun;
use super::dice::DiceAdvice;

/// Optimal play solved once for this game's payout table and rerolls.
#[derive(Resource)]
pub struct Advisor(pub Strategy);

/// The hint on screen, if any (cleared whenever the phase changes).
#[derive(Resource, Debug, Clone, Default)]
pub struct Hint(pub Option<Line>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>();
    app.add_systems(Startup, solve_advisor);
    app.add_systems(
        Update,
        (
            clear_hint.run_if(state_changed::<Phase>),
            // The daily challenge scores the holds: no hints in it.
            show_hint.run_if(in_state(Screen::Solo).and_then(not(resource_exists::<DailyRun>))),
        )
            .chain()
            .in_set(AppSystems::Input),
    );
}

fn solve_advisor(mut commands: Commands, config: Res<GameConfig>) {
    // The daily challenge keeps its own rerolls whatever the solo game's are.
    let rerolls = (config.rerolls as usize).clamp(crate::rules::daily::DAILY_REROLLS, MAX_REROLLS);
    commands.insert_resource(Advisor(Strategy::new(config.payouts, rerolls)));
}

/// The hint line for a choice.
pub fn describe(choice: &HoldChoice, lang: Lang) -> String {
    describe_hold(&choice.held, None, choice.expected.to_f64(), lang)
}

/// The hint line for keeping `held` (all five: standing), worth `expected`
/// coins, naming the dice kept by their numbers when `which` says them.
fn describe_hold(held: &[u8], which: Option<[bool; DICE]>, expected: f64, lang: Lang) -> String {
    let what = if held.len() >= DICE {
        tr(lang, Key::HintStand).to_owned()
    } else if held.is_empty() {
        tr(lang, Key::HintNone).to_owned()
    } else {
        let faces: Vec<String> = held.iter().map(u8::to_string).collect();
        let keep = trf(lang, Key::HintKeep, &[&faces.join(" ")]);
        match which {
            Some(kept) => {
                let slots: Vec<String> = (0..DICE)
                    .filter(|&slot| kept[slot])
                    .map(|slot| (slot + 1).to_string())
                    .collect();
                trf(lang, Key::HintWhichDice, &[&keep, &slots.join(", ")])
            }
            None => keep,
        }
    };
    let expected = format!("{expected:.2}");
    trf(lang, Key::Hint, &[&what, &expected])
}

fn show_hint(
    controls: Controls,
    phase: Res<State<Phase>>,
    round: Res<Round>,
    advisor: Option<Res<Advisor>>,
    crooked: Option<Res<DiceAdvice>>,
    mut hint: ResMut<Hint>,
) {
    if !controls.just_pressed(Action::Hint) || *phase.get() != Phase::Holding {
        return;
    }
    let Some(faces) = round.faces else {
        return;
    };
    // A crooked die on the tray: the best hold with each die's own chances.
    if let Some(best) = crooked.and_then(|c| c.best(&faces, round.rerolls_left)) {
        hint.0 = Some(Line::new(move |lang| {
            describe_hold(&best.held, best.which, best.expected, lang)
        }));
    } else if let Some(advisor) = advisor {
        let best = advisor.0.best(&faces, round.rerolls_left as usize);
        hint.0 = Some(Line::new(move |lang| describe(&best, lang)));
    }
}

fn clear_hint(mut hint: ResMut<Hint>) {
    hint.0 = None;
}
