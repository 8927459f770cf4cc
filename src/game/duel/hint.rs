//! The player's help in a duel: H names the best hold with its exact win
//! chance (or, while betting, the exact chance of the position), and W shows a
//! live win-chance bar. With crooked dice in the player's tray both go by
//! each die's chances, and the hint names the dice to keep when keeping the
//! same faces from others is worth less.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::keymap::{Action, Controls};

use crate::game::AppSystems;

use crate::game::Screen;
use crate::rules::duel::{Duel, RoundEnd, Side, Step};
use crate::rules::hand::DICE;
use crate::rules::per_die::dice_to_name;

use super::own::OwnDice;
use super::words::hold_words;
use super::{LiveOdds, Minds, Table};
use crate::lang::{Key, Lang, Line, badge_name, trf};

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
                .run_if(
                    resource_exists_and_changed::<Table>
                        .or_else(resource_added::<Minds>)
                        .or_else(resource_changed::<OwnDice>),
                )
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

/// A hold as the help weighs it, by the exact engine or, with crooked dice
/// in the player's tray, by each die's chances.
struct Weighed {
    held: Vec<u8>,
    /// The dice kept by slot (known only by the per-die engine).
    kept: Option<[bool; DICE]>,
    change: Option<(u8, u8)>,
    value: f64,
}

/// Every hold for `side` now, best first.
fn holds(minds: &Minds, own: &OwnDice, duel: &Duel, side: Side) -> Option<Vec<Weighed>> {
    match &own.brains {
        Some(brains) => brains.holds(duel, side).map(|all| {
            all.into_iter()
                .map(|c| Weighed {
                    held: c.held,
                    kept: Some(c.kept),
                    change: c.change,
                    value: c.value,
                })
                .collect()
        }),
        None => minds.0.holds(duel, side).map(|all| {
            all.into_iter()
                .map(|c| Weighed {
                    held: c.held,
                    kept: None,
                    change: c.change,
                    value: c.value.to_f64(),
                })
                .collect()
        }),
    }
}

/// The player's chance before anyone rerolls.
fn position(minds: &Minds, own: &OwnDice, duel: &Duel) -> Option<f64> {
    match &own.brains {
        Some(brains) => brains.position(duel, Side::Near),
        None => minds.0.position(duel, Side::Near).map(|c| c.value.to_f64()),
    }
}

/// The dice of the best hold, when keeping its faces from other dice is
/// worth less.
fn which_dice(all: &[Weighed]) -> Option<[bool; DICE]> {
    let best = all.first().filter(|b| b.change.is_none())?;
    let others = all
        .iter()
        .filter(|w| w.change.is_none())
        .map(|w| (w.held.as_slice(), w.value));
    dice_to_name((&best.held, best.value, best.kept?), others)
}

fn update_odds(
    table: Res<Table>,
    minds: Option<Res<Minds>>,
    own: Res<OwnDice>,
    mut odds: ResMut<LiveOdds>,
) {
    let Some(minds) = minds else {
        return;
    };
    let duel = &table.duel;
    let mut offer = None;
    let player = match duel.step() {
        Step::Bet(_) => position(&minds, &own, duel),
        Step::Reroll(side) => holds(&minds, &own, duel, side).and_then(|all| {
            if side == Side::Near && duel.can_change(side) {
                let first = |change: bool| {
                    all.iter()
                        .find(|c| c.change.is_some() == change)
                        .map(|c| c.value)
                };
                offer = first(false).zip(first(true));
            }
            let best = all.first()?.value;
            Some(if side == Side::Near { best } else { 1.0 - best })
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
    own: Res<OwnDice>,
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
        Step::Reroll(Side::Near) => holds(&minds, &own, duel, Side::Near).and_then(|all| {
            let which = which_dice(&all);
            let best = all.into_iter().next()?;
            let badge = duel.rules().badge(Side::Near);
            let chance = format!("{:.1}", best.value * 100.0);
            Some(Line::new(move |lang| {
                // The best may be to stand with the badge's change (B).
                let what = match (best.change, badge) {
                    (Some((from, to)), Some(badge)) => {
                        format!("B {} {from}▶{to}", badge_name(lang, badge))
                    }
                    _ => named_dice(hold_words(&best.held, lang), which, lang),
                };
                trf(lang, Key::DuelHint, &[&what, &chance])
            }))
        }),
        Step::Bet(Side::Near) => position(&minds, &own, duel).map(|chance| {
            let chance = format!("{:.1}", chance * 100.0);
            Line::new(move |lang| trf(lang, Key::DuelHintBet, &[&chance]))
        }),
        _ => None,
    };
}

/// A hold's words, with the dice to keep by number when `which` says them.
fn named_dice(words: String, which: Option<[bool; DICE]>, lang: Lang) -> String {
    let Some(kept) = which else {
        return words;
    };
    let slots: Vec<String> = (0..DICE)
        .filter(|&slot| kept[slot])
        .map(|slot| (slot + 1).to_string())
        .collect();
    trf(lang, Key::HintWhichDice, &[&words, &slots.join(", ")])
}
