//! The screenshot mode: `--screenshot shot.png` captures the window once the
//! first result shows (in a duel: the first round's end) and exits. (`--auto`
//! is the computer in the player's seat, see [`crate::game::table::PlayerAutopilot`].)

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

use crate::game::duel::RoundEnded;
use crate::game::{AppSystems, Phase};

/// Wait after the result shows before capturing, so the HUD has been laid out and drawn.
const SHOT_AFTER: Duration = Duration::from_millis(800);
/// Longest a screenshot run may take (software rendering is slow) before giving up.
const SHOT_DEADLINE: Duration = Duration::from_secs(240);

/// Where to save the screenshot, if one is wanted.
#[derive(Resource, Debug, Clone, Default)]
pub struct AutoPlay {
    /// The PNG to write.
    pub screenshot: Option<PathBuf>,
}

/// Counts down to the next automatic step.
#[derive(Resource, Debug, Default)]
struct AutoTimer {
    shot: Option<Timer>,
    shot_taken: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutoPlay>().init_resource::<AutoTimer>();
    app.add_systems(OnEnter(Phase::Holding), arm_shot);
    app.add_systems(OnEnter(Phase::Result), arm_shot);
    app.add_observer(
        |_: On<RoundEnded>, auto: Res<AutoPlay>, timer: ResMut<AutoTimer>| {
            arm_shot(auto, timer);
        },
    );
    app.add_systems(
        Update,
        (take_shot, watchdog)
            .run_if(|auto: Res<AutoPlay>| auto.screenshot.is_some())
            .in_set(AppSystems::Present),
    );
}

fn arm_shot(auto: Res<AutoPlay>, mut timer: ResMut<AutoTimer>) {
    if auto.screenshot.is_some() && timer.shot.is_none() && !timer.shot_taken {
        timer.shot = Some(Timer::new(SHOT_AFTER, TimerMode::Once));
    }
}

fn take_shot(
    time: Res<Time<Real>>,
    auto: Res<AutoPlay>,
    mut timer: ResMut<AutoTimer>,
    mut commands: Commands,
) {
    let Some(path) = auto.screenshot.clone() else {
        return;
    };
    if let Some(t) = &mut timer.shot
        && t.tick(time.delta()).just_finished()
    {
        timer.shot = None;
        timer.shot_taken = true;
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(save_png(&captured.image, &path));
            },
        );
    }
}

/// Saves a captured frame as PNG and says how the app should exit.
fn save_png(image: &Image, path: &std::path::Path) -> AppExit {
    let saved = image
        .clone()
        .try_into_dynamic()
        .map_err(|e| e.to_string())
        .and_then(|img| img.to_rgb8().save(path).map_err(|e| e.to_string()));
    match saved {
        Ok(()) => {
            info!("screenshot saved to {}", path.display());
            AppExit::Success
        }
        Err(e) => {
            error!("cannot save screenshot to {}: {e}", path.display());
            AppExit::error()
        }
    }
}

/// A screenshot run that cannot finish (no frames drawn) must not hang forever.
fn watchdog(time: Res<Time<Real>>, auto: Res<AutoPlay>, mut exit: MessageWriter<AppExit>) {
    if auto.screenshot.is_some() && time.elapsed() > SHOT_DEADLINE {
        error!(
            "no screenshot after {} s; giving up",
            SHOT_DEADLINE.as_secs()
        );
        exit.write(AppExit::error());
    }
}
