//! dice-poker: five physical dice, a tray, and the rules of dice poker.
//!
//! - [`rules`]: hands, tie-breaks, odds, payouts and the hold advisor (no Bevy).
//! - [`dice`]: the tray and rigid-body dice, throwing, settling and reading.
//! - [`game`]: the playable game on top of both.
//! - [`sound`]: dice that clatter from the physics, clicks and stings.
//! - [`headless`]: the game without a window, stepped by hand, for the
//!   simulator, autoplay and the tests.
//! - [`simulate`]: the dice thrown headless, many times, with a fairness report.
//! - [`autoplay`]: whole games played headless through the game's own plugins.
//! - [`history`]: every finished game and duel round, one JSON line each,
//!   and what it says ([`history::stats`]).
//! - [`plot`]: a simulation's charts as SVG.
//! - [`lang`]: every string a player reads, in Japanese and English.
//! - [`net`]: the transport between two players' machines (TCP, lines, handshake).
//! - [`cli`]: the window-free subcommands.
//! - [`error`]: why a command stopped, and its exit status.

pub mod autoplay;
pub mod cli;
pub mod dice;
pub mod error;
pub mod files;
pub mod game;
pub mod headless;
pub mod history;
pub mod keymap;
pub mod lang;
pub mod net;
pub mod plot;
pub mod rules;
pub mod simulate;
pub mod sound;
pub mod stats;
pub mod texture;
pub mod third_party;

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use game::Launch;
pub use simulate::SimulateOptions;

/// Window title.
const TITLE: &str = "ダイスポーカー";
/// The application's id: the window's X11 class and Wayland app id, and the
/// name of its desktop entry, icon and AppStream metadata in the packages.
pub const APP_ID: &str = "io.github.dicepoker.DicePoker";
/// Window size in logical pixels unless `--window` says otherwise.
pub const WINDOW_SIZE: (u32, u32) = (1280, 800);

/// Everything the windowed game needs on top of Bevy's default plugins.
pub fn app_plugin(app: &mut App) {
    app.add_plugins((
        third_party::rapier::plugin,
        dice::plugin,
        dice::look::plugin,
        dice::debug::plugin,
        game::plugin,
        game::windowed_plugin,
        sound::plugin,
    ));
}

/// The renderer, asked to favour memory over speed when it places textures
/// and buffers: its default takes device memory 128 MiB and host memory
/// 64 MiB at a time, which a software renderer (where both are the
/// process's own) pays for in full at the first texture. The game's scene is
/// small, so on a graphics card the smaller blocks cost nothing that shows.
fn render_plugin() -> bevy::render::RenderPlugin {
    use bevy::render::settings::{MemoryHints, WgpuSettings};
    bevy::render::RenderPlugin {
        render_creation: WgpuSettings {
            memory_hints: MemoryHints::MemoryUsage,
            ..default()
        }
        .into(),
        ..default()
    }
}

/// What only the window does, apart from the [`Launch`] that any app starts with.
#[derive(Debug, Clone, Default)]
pub struct WindowOptions {
    /// Window size in logical pixels (`None`: [`WINDOW_SIZE`]).
    pub size: Option<(u32, u32)>,
    /// Save a screenshot here once the first result shows, then exit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Write everything the game plays to this WAV file.
    pub record_sound: Option<std::path::PathBuf>,
    /// Draw every frame and log the frame rate and frame times.
    pub fps: bool,
}

/// Opens the game window with `launch` and plays until it is closed.
pub fn run_game(launch: Launch, options: WindowOptions) -> Result<(), String> {
    if let Some(path) = &options.screenshot
        && path.extension().and_then(|e| e.to_str()) != Some("png")
    {
        return Err(format!(
            "--screenshot {}: the file name must end in .png",
            path.display()
        ));
    }
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err("no display: set WAYLAND_DISPLAY or DISPLAY, or run under xvfb-run".to_owned());
    }
    if let Some(n) = launch.rerolls
        && launch.opening.and_then(game::Choice::terms).is_some()
        && n as usize > rules::duel::MAX_DUEL_REROLLS
    {
        return Err(format!(
            "--rerolls {n}: a duel allows 0 to {} rerolls",
            rules::duel::MAX_DUEL_REROLLS
        ));
    }
    let mut app = App::new();
    game::launch(&mut app, launch);
    app.insert_resource(sound::SoundOptions {
        device: true,
        record: options.record_sound.clone(),
    })
    .insert_resource(game::presentation::screenshot::AutoPlay {
        screenshot: options.screenshot.clone(),
    });
    app.add_plugins(DefaultPlugins.set(render_plugin()).set(WindowPlugin {
        primary_window: Some(Window {
            title: TITLE.to_owned(),
            // The desktop entry finds the window by this (StartupWMClass).
            name: Some(APP_ID.to_owned()),
            resolution: {
                let (w, h) = options.size.unwrap_or(WINDOW_SIZE);
                WindowResolution::new(w, h)
            },
            ..default()
        }),
        ..default()
    }));
    app.add_plugins(app_plugin);
    if options.fps {
        app.insert_resource(game::presentation::redraw::AlwaysDraw(true));
        app.add_plugins((
            game::presentation::frametime::plugin,
            bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
            bevy::diagnostic::LogDiagnosticsPlugin::filtered(
                [bevy::diagnostic::FrameTimeDiagnosticsPlugin::FPS].into(),
            ),
        ));
    }
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("the game stopped with an error (code {code})")),
    }
}
