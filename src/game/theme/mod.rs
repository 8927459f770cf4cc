//! One look for every screen: the palette, the spacing, the widgets screens are built
//! from, a ring on the button under the pointer, screens rebuilt when the language changes, and the HUD's scale for the window and the player's
//! text size.

pub mod on_click;
pub mod palette;
pub mod phrases;
pub mod press;
pub mod rebuild;
pub mod scroll;
pub mod spacing;
pub mod widgets;

use bevy::prelude::*;
use bevy::window::{WindowResized, WindowScaleFactorChanged};

use super::AppSystems;
use super::profile::TextSize;
use crate::lang::Lang;

pub use on_click::OnClick;
pub use palette::*;
pub use press::CursorRow;
pub use rebuild::{ScreenRoot, rebuild_now, rebuild_screen};
pub use scroll::{InView, light_row, mark_in_view, spawn_menu};
pub use spacing::*;
pub use widgets::{
    Words, button, column_grid, labelled_button, menu_root, panel_fill, sheen, text, words,
    wrap_grid,
};

/// The window size the HUD's pixel sizes were chosen for (1280×800); other
/// windows scale the whole HUD by their height (or width, if narrower).
pub const UI_DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);
/// Smallest and largest HUD scale that fits a window (before the text size).
pub const UI_SCALE_RANGE: (f32, f32) = (0.6, 2.0);

/// The HUD's scale for a window of `window` logical pixels and the chosen
/// text size: what fits the window, times the text size.
pub fn hud_scale(window: Vec2, text: TextSize) -> f32 {
    let fit = (window / UI_DESIGN_SIZE).min_element();
    fit.clamp(UI_SCALE_RANGE.0, UI_SCALE_RANGE.1) * text.factor()
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        scroll::plugin,
        press::plugin,
        on_click::plugin,
        phrases::plugin,
    ));
    // The window's messages, there headless too (no window plugin there).
    app.add_message::<WindowResized>()
        .add_message::<WindowScaleFactorChanged>();
    app.add_systems(
        Update,
        widgets::write_words
            .run_if(resource_changed::<Lang>.or_eager(any_match_filter::<Added<Words>>))
            .in_set(AppSystems::Present),
    );
    app.add_systems(
        Update,
        scale_ui
            .run_if(
                resource_exists::<UiScale>.and_then(
                    // A window opens, its size or scale factor changes, or the
                    // text size: not any change to the window (the pointer's
                    // place is kept in it, so every move of the mouse is one).
                    resource_changed::<TextSize>
                        .or_else(on_message::<WindowResized>)
                        .or_else(on_message::<WindowScaleFactorChanged>)
                        .or_else(any_match_filter::<Added<Window>>),
                ),
            )
            .in_set(AppSystems::Present),
    );
}

/// Sizes the HUD to the window, so no panel covers the table on a small one,
/// times the player's text size.
fn scale_ui(windows: Query<&Window>, text: Res<TextSize>, mut scale: ResMut<UiScale>) {
    let Some(window) = windows.iter().next() else {
        return;
    };
    let want = hud_scale(window.size(), *text);
    if (scale.0 - want).abs() > 0.01 {
        scale.0 = want;
    }
}
