//! The table's two main buttons, shared by the solo and the duel HUDs: the
//! main one (throw, reroll, go on: the same as Space) and 確定 (stand: the
//! same as Enter), each sent as a move of the side at the keyboard.

use bevy::prelude::*;

use crate::lang::Key;

use super::moves::{Advance, Confirm};
use super::seat::Hands;
use crate::game::theme::{BIG_SIZE, CONFIRM, OnClick, labelled_button};

/// The main button.
#[derive(Component, Debug)]
pub struct MainButton;

/// The 確定 button.
#[derive(Component, Debug)]
pub struct ConfirmButton;

/// What makes an entity the main button: its name, its marker and what a
/// click does (the same as Space, for the hands at the keys). Its look and
/// label are the HUD's.
pub fn main_button_role() -> impl Bundle {
    (
        Name::new("Main button"),
        MainButton,
        OnClick::with(|world| {
            let by = world.resource::<Hands>().side;
            world.trigger(Advance { by, aim: None });
        }),
    )
}

/// The 確定 button: a click is the same as Enter.
pub fn confirm_button() -> impl Bundle {
    (
        Name::new("Confirm button"),
        ConfirmButton,
        OnClick::with(|world| {
            let by = world.resource::<Hands>().side;
            world.trigger(Confirm { by });
        }),
        labelled_button(CONFIRM, Key::Confirm, BIG_SIZE),
    )
}
