//! What is open over the screen: nothing, the settings over a game (Esc), or
//! the rules panel (F1 or ?). While anything is open no seat moves: the
//! `Input` set waits, and what the overlay drew goes when it closes.

use bevy::prelude::*;

use super::{AppSystems, Screen};

/// What is open over the screen.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Overlay {
    /// Nothing: the table takes moves.
    #[default]
    None,
    /// The settings over a game, with the row that leaves the table.
    Settings,
    /// The rules panel.
    Rules,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Overlay>();
    // No seat moves while an overlay is open.
    app.configure_sets(Update, AppSystems::Input.run_if(in_state(Overlay::None)));
    // Leaving a game closes the settings drawn over it.
    app.add_systems(OnExit(Screen::Solo), close_settings);
    app.add_systems(OnExit(Screen::Duel), close_settings);
}

fn close_settings(overlay: Res<State<Overlay>>, mut next: ResMut<NextState<Overlay>>) {
    if *overlay.get() == Overlay::Settings {
        next.set(Overlay::None);
    }
}
