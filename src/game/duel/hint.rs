//! The player's help in a duel: H names the best hold with its exact win
//! chance (or, while betting, the exact chance of the position), and W shows a
//! live win-chance bar.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::keymap::{Action, Controls};

use crate::game::AppSystems;

use crate::game::Screen;
use crate::rules::duel::{RoundEnd, Side, Step};

use super::words::hold_words;
use super::{LiveOdds, Minds, Table};
use crate::lang::{Key, Line, badge_name, trf};

/// The hint on screen, if any (cleared when the table moves on).
#[derive(Resource, Debug, Clone, Default)]
pub struct DuelHint(pub Option<Line>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DuelHint>().init_resource::<LiveOdds>();
    app.add_systems(
        Update,
        (
            read_help_keys.in_set(AppSystems::Input),
            update_odds
                .run_if(resource_exists_and_changed::<Table>.or_else(resource_added::<Minds>))
                .in_set(AppSystems::Rules),
        )
            .run_if(in_state(Screen::Duel)),
    );
    app.add_observer(clear_hint);
}

/// A move the referee accepted makes the old hint stale.
fn clear_hint(_: On<Moved>, mut hint: ResMut<DuelHint>) {
    hint.0 = None;
}

fn update_odds(table: Res<Table>, minds: Option<Res<Minds>>, mut odds: ResMut<LiveOdds>) {
    let Some(minds) = minds else {
        return;
    };
    let duel = &table.duel;
    let mut offer = None;
    let player = match duel.step() {
        Step::Bet(_) => minds.0.position(duel, Side::Near).map(|c| c.value.to_f64()),
        Step::Reroll(side) => minds.0.holds(duel, side).map(|all| {
            if side == Side::Near && duel.can_change(side) {
                let first = |change: bool| {
                    all.iter()
                        .find(|c| c.change.is_some() == change)
                        .map(|c| c.value.to_f64())
                };
                offer = first(false).zip(first(true));
            }
            let best = all[0].value.to_f64();
            if side == Side::Near { best } else { 1.0 - best }
        }),
        Step::RoundOver | Step::MatchOver(_) => duel.last_end().map(|end| match end {
            RoundEnd::Draw => 0.5,
            end if end.winner() == Some(Side::Near) => 1.0,
            _ => 0.0,
        }),
        // Not both hands on the table yet.
        Step::Throw(_) => None,
        // While dice fly, the last figure stays.
        Step::Rolling(_) => return,
    };
    if odds.player != player || odds.offer != offer {
        odds.player = player;
        odds.offer = offer;
    }
}

fn read_help_keys(
    controls: Controls,
    table: Option<Res<Table>>,
    minds: Option<Res<Minds>>,
    mut hint: ResMut<DuelHint>,
    mut odds: ResMut<LiveOdds>,
) {
    if controls.just_pressed(Action::WinChance) {
        odds.shown = !odds.shown;
    }
    if !controls.just_pressed(Action::Hint) {
        return;
    }
    let (Some(table), Some(minds)) = (table, minds) else {
        return;
    };
    let duel = &table.duel;
    hint.0 = match duel.step() {
        Step::Reroll(Side::Near) => minds.0.holds(duel, Side::Near).map(|all| {
            let best = &all[0];
            let (held, change, badge) = (
                best.held.clone(),
                best.change,
                duel.rules().badge(Side::Near),
            );
            let chance = format!("{:.1}", best.value.to_f64() * 100.0);
            Line::new(move |lang| {
                // The best may be to stand with the badge's change (B).
                let what = match (change, badge) {
                    (Some((from, to)), Some(badge)) => {
                        format!("B {} {from}▶{to}", badge_name(lang, badge))
                    }
                    _ => hold_words(&held, lang),
                };
                trf(lang, Key::DuelHint, &[&what, &chance])
            })
        }),
        Step::Bet(Side::Near) => minds.0.position(duel, Side::Near).map(|c| {
            let chance = format!("{:.1}", c.value.to_f64() * 100.0);
            Line::new(move |lang| trf(lang, Key::DuelHintBet, &[&chance]))
        }),
        _ => None,
    };
}
