//! The window's icon, the game's own picture ([`crate::texture::icon`]) with
//! the dice's pips: set through winit once the window exists, the only way
//! Bevy offers, so the desktop (whose icons `dice-poker icon` writes) and the
//! window show one picture.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowCreated};
use bevy::winit::WINIT_WINDOWS;

use crate::dice::faces::pip_pattern;
use crate::texture::icon::draw_icon;

/// The edge of the window's icon in pixels (window managers scale it).
pub const WINDOW_ICON_SIZE: u32 = 64;

/// Sets the window's icon once the window exists.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_window_icon.run_if(on_message::<WindowCreated>));
}

/// Gives the primary window the icon (winit's windows live on the main thread).
fn set_window_icon(primary: Query<Entity, With<PrimaryWindow>>, _main_thread: NonSendMarker) {
    let Ok(entity) = primary.single() else {
        return;
    };
    let size = WINDOW_ICON_SIZE;
    let icon = match winit::window::Icon::from_rgba(draw_icon(size, pip_pattern), size, size) {
        Ok(icon) => icon,
        Err(e) => {
            warn!("the window icon could not be made: {e}");
            return;
        }
    };
    WINIT_WINDOWS.with_borrow(|windows| {
        if let Some(window) = windows.get_window(entity) {
            window.set_window_icon(Some(icon));
        }
    });
}
