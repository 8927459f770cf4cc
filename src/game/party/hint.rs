//! The player's help at a table of several, as in a duel: H names the best
//! hold by its exact share of the pot against every rival still in the
//! round (or, while betting, the share from here). The next move the
//! referee takes makes it stale.

use bevy::prelude::*;

use crate::game::table::Moved;

use crate::game::table::Hands;
use crate::game::{AppSystems, Screen};
use crate::keymap::{Action, Controls};
use crate::lang::{Key, Line, hold_words, trf};
use crate::rules::table::{TableStep, rivals_of, table_chance, table_choices};

use super::Party;

/// The hint on screen, if any.
#[derive(Resource, Debug, Clone, Default)]
pub struct PartyHint(pub Option<Line>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PartyHint>();
    app.add_systems(
        Update,
        read_hint_key
            .run_if(resource_exists::<Party>.and_then(in_state(Screen::Party)))
            .in_set(AppSystems::Input),
    );
    app.add_observer(|_: On<Moved>, mut hint: ResMut<PartyHint>| {
        if hint.0.is_some() {
            hint.0 = None;
        }
    });
}

/// H at the seat whose keys these are, on its turn to hold or to bet.
fn read_hint_key(
    controls: Controls,
    party: Res<Party>,
    hands: Res<Hands>,
    mut hint: ResMut<PartyHint>,
) {
    if !controls.just_pressed(Action::Hint) {
        return;
    }
    let table = &party.table;
    let Some(seat) = hands.at_match() else {
        return;
    };
    let percent = |share: f64| format!("{:.1}", share * 100.0);
    let rivals = rivals_of(table, seat);
    let left = table.rerolls_left(seat);
    hint.0 = match (table.step(), table.roll(seat)) {
        (TableStep::Reroll(s), Some(roll)) if s == seat => {
            table_choices(&roll, left, &rivals).first().map(|best| {
                let (held, chance) = (best.held.clone(), percent(best.share.value));
                Line::new(move |lang| {
                    trf(lang, Key::DuelHint, &[&hold_words(&held, lang), &chance])
                })
            })
        }
        (TableStep::Bet(s), roll) if s == seat => {
            let chance = percent(table_chance(roll, left, &rivals).value);
            Some(Line::new(move |lang| {
                trf(lang, Key::DuelHintBet, &[&chance])
            }))
        }
        _ => None,
    };
}
