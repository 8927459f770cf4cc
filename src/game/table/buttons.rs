//! The table's two main buttons, shared by the solo and the duel HUDs: the
//! main one (throw, reroll, go on: the same as Space) and 確定 (stand: the
//! same as Enter), each sent as a move of the side at the keyboard.

use bevy::prelude::*;

use crate::lang::Key;

use super::moves::{Advance, Confirm};
use super::seat::Hands;
use crate::game::theme::{BIG_SIZE, CONFIRM, labelled_button};

/// The main button.
#[derive(Component, Debug)]
pub struct MainButton;

/// The 確定 button.
#[derive(Component, Debug)]
pub struct ConfirmButton;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(wire_main_button)
        .add_observer(wire_confirm_button);
}

/// A click on the main button is the same as Space.
fn wire_main_button(add: On<Add, MainButton>, mut commands: Commands) {
    commands.entity(add.entity).observe(
        |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(Advance {
                by: hands.side,
                aim: None,
            })
        },
    );
}

/// A click on 確定 is the same as Enter.
fn wire_confirm_button(add: On<Add, ConfirmButton>, mut commands: Commands) {
    commands.entity(add.entity).observe(
        |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(Confirm { by: hands.side })
        },
    );
}

/// The 確定 button.
pub fn confirm_button() -> impl Bundle {
    (
        Name::new("Confirm button"),
        ConfirmButton,
        labelled_button(CONFIRM, Key::Confirm, BIG_SIZE),
    )
}
