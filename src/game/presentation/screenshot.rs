//! The screenshot mode: `--screenshot shot.png` captures the window once the
//! first result shows (in a duel or at a table: the first round's end) and
//! the renderer has drawn everything, and exits. (`--auto` is the computer in the player's
//! seat, see [`crate::game::table::PlayerAutopilot`].)

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use crate::game::table::Moved;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};

use crate::game::{AppSystems, Phase};

use super::backdrop::Painting;

/// Wait after the result shows before capturing, so the HUD has been laid out and drawn.
const SHOT_AFTER: Duration = Duration::from_millis(800);
/// Frames in a row the renderer must have drawn with every pipeline built
/// before the capture: a pipeline still compiling draws nothing, and a game
/// that comes back with its result already showing (a cut-off solo game) is
/// due for its shot while the software renderer still compiles the first
/// frame's, which captured only the clear colour.
pub const READY_FRAMES: u32 = 3;
/// Longest a screenshot run may take (software rendering is slow) before giving up.
const SHOT_DEADLINE: Duration = Duration::from_secs(240);

/// Where to save the screenshot, if one is wanted.
#[derive(Resource, Debug, Clone, Default)]
pub struct AutoPlay {
    /// The PNG to write.
    pub screenshot: Option<PathBuf>,
}

/// Frames in a row drawn with no pipeline waiting to be built, counted by the
/// renderer as it takes each frame.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ReadyFrames(pub u32);

impl ReadyFrames {
    /// The renderer has drawn [`READY_FRAMES`] in a row with every pipeline
    /// built: what is on screen is whole.
    pub fn settled(self) -> bool {
        self.0 >= READY_FRAMES
    }
}

/// Counts down to the next automatic step.
#[derive(Resource, Debug, Default)]
struct AutoTimer {
    shot: Option<Timer>,
    shot_taken: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutoPlay>()
        .init_resource::<AutoTimer>()
        .init_resource::<ReadyFrames>();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.add_systems(ExtractSchedule, count_ready_frames);
    }
    app.add_systems(OnEnter(Phase::Holding), arm_shot);
    app.add_systems(OnEnter(Phase::Result), arm_shot);
    // A duel's or a table's round decided.
    app.add_observer(
        |moved: On<Moved>, auto: Res<AutoPlay>, timer: ResMut<AutoTimer>| {
            if moved.to.is_decided() {
                arm_shot(auto, timer);
            }
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

/// Tells the game how many frames in a row the renderer has drawn with
/// every pipeline built (none waiting or compiling).
fn count_ready_frames(mut main: ResMut<MainWorld>, cache: Res<PipelineCache>) {
    let waiting = cache.waiting_pipelines().next().is_some();
    if let Some(mut ready) = main.get_resource_mut::<ReadyFrames>() {
        ready.0 = if waiting {
            0
        } else {
            ready.0.saturating_add(1)
        };
    }
}

fn take_shot(
    time: Res<Time<Real>>,
    auto: Res<AutoPlay>,
    ready: Res<ReadyFrames>,
    painting: Option<Res<Painting>>,
    mut timer: ResMut<AutoTimer>,
    mut commands: Commands,
) {
    let Some(path) = auto.screenshot.clone() else {
        return;
    };
    if let Some(t) = &mut timer.shot
        && t.tick(time.delta()).is_finished()
        && ready.settled()
        // The still room is shown whole, not still being painted.
        && painting.is_none()
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::time::TimeUpdateStrategy;

    fn shots(app: &mut App) -> usize {
        let world = app.world_mut();
        world.query::<&Screenshot>().iter(world).count()
    }

    #[test]
    fn the_shot_waits_until_the_renderer_has_drawn_everything() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                100,
            )))
            .insert_resource(AutoPlay {
                screenshot: Some(std::env::temp_dir().join("dice-poker-never-written.png")),
            })
            .init_resource::<AutoTimer>()
            .init_resource::<ReadyFrames>()
            .add_systems(Update, take_shot);
        // The result shows at once (a game that came back), while the
        // renderer is still building its pipelines.
        app.world_mut().run_system_cached(arm_shot).unwrap();
        for _ in 0..3 * (SHOT_AFTER.as_millis() / 100) {
            app.update();
        }
        assert_eq!(shots(&mut app), 0, "nothing drawn yet");
        app.insert_resource(ReadyFrames(READY_FRAMES - 1));
        app.update();
        assert_eq!(shots(&mut app), 0, "not long enough");
        app.insert_resource(ReadyFrames(READY_FRAMES));
        app.update();
        assert_eq!(shots(&mut app), 1);
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(shots(&mut app), 1, "one shot only");
    }
}
