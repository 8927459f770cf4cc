//! The pieces every menu screen is built from: a full-window column over the
//! dimmed scene, and a wrapping grid of boxes.

use bevy::prelude::*;

/// Rows of boxes side by side, wrapping, centred, no wider than `max_width`
/// (`None`: as wide as there is room), `gap` apart (the start screen's
/// entries, the keys, the records' panels).
pub fn wrap_grid(max_width: Option<f32>, gap: f32) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            max_width: max_width.map_or(Val::Auto, Val::Px),
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
