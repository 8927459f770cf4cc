//! The HUD's spacing in one scale, in the logical pixels of the 1280×800
//! design size (the whole HUD scales with the window): how far panels sit
//! from the edge, the gaps between rows, the padding inside and the corners'
//! rounding. A screen names the step it uses for these; sizes that belong to
//! one thing alone (a die label's padding, a chart's bars) stay beside it.

use bevy::prelude::*;

/// The gap between words of one row, or lines of one block.
pub const GAP_TIGHT: Val = Val::Px(4.0);
/// The gap between the rows of a list or a panel.
pub const GAP: Val = Val::Px(8.0);
/// The gap between the groups of a panel (a row of buttons, a sheet's sections).
pub const GAP_WIDE: Val = Val::Px(12.0);
/// How far a corner panel sits from the window's edge.
pub const EDGE: Val = Val::Px(14.0);

/// Rounding of a small panel, a tag or a list row.
pub const ROUND: BorderRadius = BorderRadius::all(Val::Px(8.0));
/// Rounding of a panel or a button.
pub const ROUND_PANEL: BorderRadius = BorderRadius::all(Val::Px(10.0));
/// Rounding of a sheet over the game (the pause panel, the rules).
pub const ROUND_SHEET: BorderRadius = BorderRadius::all(Val::Px(12.0));

/// Padding of a one-line tag (the coins in a corner, the daily panel, the lobby's lines).
pub const TAG_PADDING: UiRect = UiRect::axes(Val::Px(12.0), Val::Px(6.0));
/// Padding of a row of a list (the ladder's rungs, the keys).
pub const ROW_PADDING: UiRect = UiRect::axes(Val::Px(14.0), Val::Px(5.0));
/// Padding of a panel of several lines.
pub const PANEL_PADDING: UiRect = UiRect::all(Val::Px(12.0));
