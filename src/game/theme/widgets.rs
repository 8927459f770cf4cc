//! The pieces every screen is built from: a text with a role, a rounded
//! button, a full-window column over the dimmed scene, a wrapping grid of
//! boxes and a grid of equal columns.

use bevy::prelude::*;

use super::spacing::ROUND_PANEL;

/// A HUD text with a role, filled in by a refresh system.
pub fn text<R: Component>(role: R, size: f32, color: Color) -> impl Bundle {
    (
        role,
        Text::new(""),
        TextFont::from_font_size(size),
        TextColor(color),
    )
}

/// A rounded button of `color`; its label is a child.
pub fn button(color: Color) -> impl Bundle {
    (
        Button,
        Node {
            padding: UiRect::axes(Val::Px(28.0), Val::Px(10.0)),
            min_width: Val::Px(180.0),
            justify_content: JustifyContent::Center,
            border_radius: ROUND_PANEL,
            ..default()
        },
        BackgroundColor(color),
    )
}

/// Rows of boxes side by side, wrapping, centred, no wider than `max_width`
/// (`None`: as wide as there is room), `gap` apart (the start screen's
/// entries, the keys, the records' panels).
pub fn wrap_grid(max_width: Option<f32>, gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            // As wide as there is room, up to `max_width`: boxes sized in
            // percent share that width.
            width: Val::Percent(100.0),
            max_width: max_width.map_or(Val::Auto, Val::Px),
            column_gap: Val::Px(gap),
            row_gap: Val::Px(gap),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// Boxes in `columns` equal columns, row after row, no wider than
/// `max_width` and `gap` apart: a long list that must stay in its place (the
/// keys). A wrapping row of boxes sized in percent is measured before the
/// width is known and can come out shorter than it draws, so a caption under
/// it would land on its last rows; a grid knows its rows.
pub fn column_grid(columns: u16, max_width: f32, gap: f32) -> impl Bundle {
    (
        Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::flex(columns, 1.0),
            width: Val::Percent(100.0),
            max_width: Val::Px(max_width),
            column_gap: Val::Px(gap),
            row_gap: Val::Px(gap),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// A full-window column, centred, over a dimmed scene: the start and ladder
/// screens' root.
pub fn menu_root(gap: Val) -> impl Bundle {
    (
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: gap,
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.35)),
    )
}
