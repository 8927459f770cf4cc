//! The pieces every screen is built from: a text with a role, a rounded
//! button with its shadow, a panel's lit fill, a full-window column over the dimmed scene, a wrapping grid of
//! boxes and a grid of equal columns.

use bevy::prelude::*;

use super::phrases::show;

use super::palette::{BUTTON_SHADOW, PANEL, SHEEN};
use super::spacing::ROUND_PANEL;
use crate::lang::{Key, Lang, tr};

/// How far down a panel or button the sheen reaches, in percent of its height.
const SHEEN_REACH: f32 = 55.0;
/// A button's shadow: how far down it falls and how soft it is.
const SHADOW_DROP: f32 = 3.0;
const SHADOW_BLUR: f32 = 8.0;

/// A text that carries its words: a message key, written in the language of
/// the moment when it appears and again whenever the language changes (one
/// system for every such text, [`write_words`]). Labels and captions that say
/// nothing else are these; a text whose words depend on the game has a role
/// ([`text`]) and a writer of its own.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(Text)]
pub struct Words(pub Key);

/// A text saying `key` at `size` in `color`, that the pointer passes through.
pub fn words(key: Key, size: f32, color: Color) -> impl Bundle {
    (
        Words(key),
        TextFont::from_font_size(size),
        TextColor(color),
        Pickable::IGNORE,
    )
}

/// Writes every [`Words`] text in the language of the moment.
pub fn write_words(lang: Res<Lang>, mut texts: Query<(&Words, &mut Text)>) {
    for (words, mut text) in &mut texts {
        let want = tr(*lang, words.0);
        show(&mut text, want);
    }
}

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
        sheen(),
        BoxShadow::new(
            BUTTON_SHADOW,
            Val::ZERO,
            Val::Px(SHADOW_DROP),
            Val::ZERO,
            Val::Px(SHADOW_BLUR),
        ),
    )
}

/// A rounded button of `color` that says `key` at `size`: its words travel
/// with it ([`Words`]); what a click does is an observer on the button.
pub fn labelled_button(color: Color, key: Key, size: f32) -> impl Bundle {
    (button(color), children![words(key, size, super::TEXT)])
}

/// The lamps' light on a surface's upper part, over its own colour (a
/// gradient is drawn over a node's background), so a button whose colour
/// changes with what it does keeps it.
pub fn sheen() -> BackgroundGradient {
    BackgroundGradient::from(LinearGradient::to_bottom(vec![
        ColorStop::new(SHEEN, Val::Percent(0.0)),
        ColorStop::new(SHEEN.with_alpha(0.0), Val::Percent(SHEEN_REACH)),
    ]))
}

/// A panel's fill: the dark glass every panel of text sits on, lit from above.
pub fn panel_fill() -> impl Bundle {
    (BackgroundColor(PANEL), sheen())
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
