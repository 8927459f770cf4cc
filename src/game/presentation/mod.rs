//! What only a window with a renderer shows: the scene (camera, light, the
//! bundled font), the window's icon, the venue's room around a duel and
//! what stands on its table, the halos around its flames, the glow on scoring dice,
//! aiming a throw with a flick of the mouse, the screenshot that
//! `--screenshot` asks for, when the window draws (only while something
//! moves), the low tier's smaller scene and `--fps`'s frame-time log. Everything else of the game runs
//! headless.

pub mod backdrop;
pub mod flick;
pub mod frametime;
pub mod halo;
pub mod highlight;
pub mod icon;
pub mod light;
pub mod plan;
pub mod props;
pub mod redraw;
pub mod scaled;
pub mod scene;
pub mod screenshot;
pub mod venue;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        backdrop::plugin,
        flick::plugin,
        halo::plugin,
        highlight::plugin,
        icon::plugin,
        props::plugin,
        redraw::plugin,
        scaled::plugin,
        scene::plugin,
        screenshot::plugin,
        venue::plugin,
    ));
}
