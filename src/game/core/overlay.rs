//! What is open over the screen: nothing, the settings over a game (Esc), or
//! the rules panel (F1 or ?). While anything is open no seat moves: the
//! `Input` set waits, and what the overlay drew goes when it closes.

use bevy::prelude::*;

use super::{AppSystems, Screen};

/// What is open over the screen.
#[cfg_attr(feature = "dev", derive(Reflect))]
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

/// A table is on the screen (the solo game's, a duel's or a table of several): computed from the
/// screen, so what lives and ends with any table is said once (`OnExit(AtTable)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AtTable;

impl ComputedStates for AtTable {
    type SourceStates = Screen;

    fn compute(screen: Screen) -> Option<AtTable> {
        screen.played().map(|_| AtTable)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Overlay>().add_computed_state::<AtTable>();
    // No seat moves while an overlay is open.
    app.configure_sets(Update, AppSystems::Input.run_if(in_state(Overlay::None)));
    // Leaving a game closes the settings drawn over it.
    app.add_systems(OnExit(AtTable), close_settings);
}

fn close_settings(overlay: Res<State<Overlay>>, mut next: ResMut<NextState<Overlay>>) {
    if *overlay.get() == Overlay::Settings {
        next.set(Overlay::None);
    }
}
