//! Menus that fit every window at every text size: a menu's rows stand in a
//! column that is centred while it fits and scrolls when it does not (by the
//! mouse wheel), and the row the keyboard's cursor is on is always scrolled
//! into view.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

use crate::game::AppSystems;

/// How far one notch of a mouse wheel scrolls a menu, in logical pixels.
pub const WHEEL_LINE: f32 = 40.0;
/// Room kept between a row brought into view and the menu's edge (logical pixels).
const VIEW_MARGIN: f32 = 12.0;

/// A menu that scrolls: the full-window node around a menu's column.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct MenuScroll;

/// The row the cursor is on: its menu scrolls to keep it in view.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct InView;

/// A full-window menu over the dimmed scene, with `root` (its name, the state
/// it lives in) on the outer node; returns the column to put the rows in. The
/// column is centred while it fits; a taller one starts at the top and
/// scrolls, so no row is ever out of reach.
pub fn spawn_menu(commands: &mut Commands, root: impl Bundle, gap: Val) -> Entity {
    let outer = commands
        .spawn((
            root,
            MenuScroll,
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                overflow: Overflow::scroll_y(),
                ..default()
            },
            ScrollPosition::default(),
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.35)),
        ))
        .id();
    commands
        .spawn((
            ChildOf(outer),
            Node {
                width: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                // Auto margins centre the column while it fits, and let it
                // start at the top (not above it) when it is taller.
                margin: UiRect::vertical(Val::Auto),
                padding: UiRect::vertical(gap),
                row_gap: gap,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id()
}

/// Marks `row` as the one in view when `lit`, and not otherwise (the light
/// systems of each menu call this for every row).
/// (A row may be gone by the time the mark lands: a screen rebuilt in
/// another language in the same frame. Then there is nothing to mark.)
pub fn mark_in_view(commands: &mut Commands, row: Entity, lit: bool, marked: bool) {
    match (lit, marked) {
        (true, false) => {
            commands.entity(row).try_insert(InView);
        }
        (false, true) => {
            commands.entity(row).try_remove::<InView>();
        }
        _ => {}
    }
}

/// A menu's row as the cursor makes it: marked in view and coloured `lit`
/// when it is the cursor's, the panel's colour otherwise (the one place the
/// start screen, the ladder, the settings and the keys light their rows).
pub fn light_row(
    commands: &mut Commands,
    row: Entity,
    lit: Option<Color>,
    marked: bool,
    colour: &mut BackgroundColor,
) {
    mark_in_view(commands, row, lit.is_some(), marked);
    let want = lit.unwrap_or(super::PANEL);
    if colour.0 != want {
        colour.0 = want;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            scroll_by_wheel.run_if(on_message::<MouseWheel>),
            keep_in_view,
        )
            .chain()
            .run_if(any_with_component::<MenuScroll>)
            .in_set(AppSystems::Present),
    );
}

fn scroll_by_wheel(
    mut wheel: MessageReader<MouseWheel>,
    mut menus: Query<&mut ScrollPosition, With<MenuScroll>>,
) {
    let dy: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y * WHEEL_LINE,
            MouseScrollUnit::Pixel => w.y,
        })
        .sum();
    scroll_menus(&mut menus, -dy);
}

/// Scrolls every menu `dy` logical pixels down (up when negative); the
/// layout clamps it to what there is to scroll.
pub fn scroll_menus(menus: &mut Query<&mut ScrollPosition, With<MenuScroll>>, dy: f32) {
    if dy == 0.0 {
        return;
    }
    for mut at in menus {
        at.y = (at.y + dy).max(0.0);
    }
}

/// How far a menu must scroll (logical pixels, down positive) to show a row:
/// `view` and `row` as (top, bottom) in the same pixels, `margin` kept clear.
pub fn scroll_to_show(view: (f32, f32), row: (f32, f32), margin: f32) -> f32 {
    let (top, bottom) = (view.0 + margin, view.1 - margin);
    if row.1 - row.0 > bottom - top || row.0 < top {
        row.0 - top
    } else if row.1 > bottom {
        row.1 - bottom
    } else {
        0.0
    }
}

/// The cursor moved to another row, or the layout changed (a new window
/// size, a text size): scroll the menu just enough to show the row. (Only
/// then: a wheel may scroll away from it in between.)
fn keep_in_view(
    rows: Query<(Ref<InView>, Ref<ComputedNode>, &UiGlobalTransform)>,
    mut menus: Query<
        (Ref<ComputedNode>, &UiGlobalTransform, &mut ScrollPosition),
        With<MenuScroll>,
    >,
) {
    let Some((marked, row, row_at)) = rows.iter().next() else {
        return;
    };
    for (menu, menu_at, mut at) in &mut menus {
        if !(marked.is_added() || row.is_changed() || menu.is_changed()) {
            continue;
        }
        let span = |node: &ComputedNode, t: &UiGlobalTransform| {
            let (centre, half) = (t.translation.y, node.size().y / 2.0);
            (centre - half, centre + half)
        };
        // Layout is in physical pixels; the scroll position in logical ones.
        let scale = menu.inverse_scale_factor();
        let by = scroll_to_show(
            span(&menu, menu_at),
            span(&row, row_at),
            VIEW_MARGIN / scale.max(f32::EPSILON),
        ) * scale;
        if by.abs() > 0.5 {
            at.y = (at.y + by).max(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_scrolled_just_into_view_and_one_in_view_stays() {
        let view = (0.0, 600.0);
        assert_eq!(scroll_to_show(view, (100.0, 160.0), 10.0), 0.0);
        // Below the view: down until its bottom shows, margin kept.
        assert_eq!(scroll_to_show(view, (620.0, 680.0), 10.0), 90.0);
        // Above it: up until its top shows.
        assert_eq!(scroll_to_show(view, (-50.0, 10.0), 10.0), -60.0);
        // Taller than the view: its top first.
        assert_eq!(scroll_to_show(view, (300.0, 1000.0), 10.0), 290.0);
    }
}
