//! Frames only while something moves. A turn-based game spends most of its
//! time waiting for a click, so the window draws continuously only while
//! dice fly, a computer or network seat is playing its moves, a big hand's
//! glow breathes, coins slide, the opponents' minds are being solved, the
//! still room or a portrait is being painted, the renderer is still building pipelines or
//! a screenshot is due, a new screen is being built, and for a few
//! frames after each input; otherwise it sleeps until an input, a window
//! event or the network wakes it. An unfocused window draws at a few frames a
//! second even while things move.
//!
//! Physics runs in `FixedUpdate` on virtual time, so a sleep changes nothing
//! of a throw: the engine is paused while no dice fly ([`crate::dice`]), and
//! virtual time catches up at most its max delta when the loop wakes.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::window::{CursorMoved, WindowResized};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

use crate::dice::Rolling;
use crate::game::Screen;
use crate::game::core::wake::WakeUp;
use crate::game::duel::Solving;
use crate::game::duel::portrait::Portraits;
use crate::game::party::cpu::TablePilot;
use crate::game::table::coins::Moving;
use crate::game::table::seat::Pilot;

use super::backdrop::Painting;
use super::highlight::Pulsing;
use super::screenshot::{AutoPlay, ReadyFrames};

/// Longest the window sleeps when nothing at all happens. Nothing on screen
/// changes by itself then (input, the window system and the network wake it),
/// and every wake draws a whole frame, a quarter of a second of work for a
/// software renderer: so it is long.
pub const IDLE_WAIT: Duration = Duration::from_secs(60);
/// Longest the window sleeps while a gamepad is connected: its buttons are
/// read each frame, not sent to the window, so they cannot wake it.
pub const PAD_POLL: Duration = Duration::from_millis(50);
/// Time between frames of an unfocused window while something moves.
pub const UNFOCUSED_FRAME: Duration = Duration::from_millis(100);
/// Frames drawn after the last motion or input, so what an input started
/// (a screen built, text measured, an image uploaded) is drawn whole.
pub const TAIL_FRAMES: u32 = 4;

/// How the window is drawing: the one answer [`WinitSettings`] follows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Frames {
    /// Every frame, as fast as the display takes them.
    #[default]
    Drawing,
    /// Asleep until something wakes the loop.
    Idle,
    /// Asleep, but up every [`PAD_POLL`] to read the gamepads.
    Polling,
    /// Every frame, focused or not ([`AlwaysDraw`]).
    Always,
}

/// Draw every frame whatever happens (`--fps` measures the renderer).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct AlwaysDraw(pub bool);

/// Frames since anything moved or any input came.
#[derive(Resource, Debug, Default)]
struct Still(u32);

pub fn plugin(app: &mut App) {
    app.init_resource::<Frames>()
        .init_resource::<Still>()
        .init_resource::<AlwaysDraw>()
        .insert_resource(settings_for(Frames::Drawing))
        .add_systems(Startup, wake_from_other_threads)
        .add_systems(Last, choose_frames);
}

/// What moves on its own, frame after frame.
#[derive(SystemParam)]
struct Motion<'w, 's> {
    rolling: Query<'w, 's, (), With<Rolling>>,
    coins: Query<'w, 's, (), With<Moving>>,
    pilot: Option<Res<'w, Pilot>>,
    table_pilot: Option<Res<'w, TablePilot>>,
    solving: Option<Res<'w, Solving>>,
    pulsing: Option<Res<'w, Pulsing>>,
    ready: Option<Res<'w, ReadyFrames>>,
    auto: Option<Res<'w, AutoPlay>>,
    screen: Option<Res<'w, State<Screen>>>,
    painting: Option<Res<'w, Painting>>,
    portraits: Option<Res<'w, Portraits>>,
}

impl Motion<'_, '_> {
    fn any(&self) -> bool {
        !self.rolling.is_empty()
            || !self.coins.is_empty()
            || self.pilot.as_ref().is_some_and(|p| p.flying())
            || self.table_pilot.as_ref().is_some_and(|p| p.flying())
            || self.solving.is_some()
            || self.pulsing.as_ref().is_some_and(|p| p.0)
            // A frame drawn half built would stay on screen.
            || self.ready.as_ref().is_some_and(|r| !r.settled())
            || self.auto.as_ref().is_some_and(|a| a.screenshot.is_some())
            // A new screen is built over a few frames.
            || self.screen.as_ref().is_some_and(|s| s.is_changed())
            || self.painting.is_some()
            || self.portraits.as_ref().is_some_and(|p| p.painting())
    }
}

/// Input of any kind this frame: keys, buttons, the wheel, the pointer, a
/// resize, or another thread's wake (a network peer's message).
#[derive(SystemParam)]
struct Input<'w, 's> {
    wake: Res<'w, WakeUp>,
    keys: MessageReader<'w, 's, KeyboardInput>,
    buttons: MessageReader<'w, 's, MouseButtonInput>,
    wheel: MessageReader<'w, 's, MouseWheel>,
    cursor: MessageReader<'w, 's, CursorMoved>,
    resized: MessageReader<'w, 's, WindowResized>,
    pads: MessageReader<'w, 's, bevy::input::gamepad::GamepadEvent>,
}

impl Input<'_, '_> {
    fn came(&mut self) -> bool {
        // Every reader read to its end, so the next frame starts from nothing.
        let counts = [
            self.keys.read().count(),
            self.buttons.read().count(),
            self.wheel.read().count(),
            self.cursor.read().count(),
            self.resized.read().count(),
            self.pads.read().count(),
        ];
        self.wake.take_woken() | counts.iter().any(|&n| n > 0)
    }
}

/// How the window should draw when the last motion or input was
/// `still_frames` frames ago: on for [`TAIL_FRAMES`] after it, then asleep
/// (waking for the gamepads when one is connected).
pub fn frames_for(still_frames: u32, pads: bool, always: bool) -> Frames {
    if always {
        Frames::Always
    } else if still_frames < TAIL_FRAMES {
        Frames::Drawing
    } else if pads {
        Frames::Polling
    } else {
        Frames::Idle
    }
}

/// The window's update modes for `frames`.
pub fn settings_for(frames: Frames) -> WinitSettings {
    match frames {
        Frames::Drawing => WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_FRAME),
        },
        Frames::Idle => WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        },
        Frames::Polling => WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(PAD_POLL),
            unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        },
        Frames::Always => WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        },
    }
}

fn choose_frames(
    motion: Motion,
    mut input: Input,
    always: Res<AlwaysDraw>,
    pads: Query<(), With<Gamepad>>,
    mut still: ResMut<Still>,
    mut frames: ResMut<Frames>,
    mut settings: ResMut<WinitSettings>,
) {
    let came = input.came();
    still.0 = if motion.any() || came {
        0
    } else {
        still.0.saturating_add(1)
    };
    let want = frames_for(still.0, !pads.is_empty(), always.0);
    if frames.set_if_neq(want) {
        *settings = settings_for(want);
    }
}

/// Lets the network's threads wake the window's loop.
fn wake_from_other_threads(proxy: Option<Res<EventLoopProxyWrapper>>, wake: Res<WakeUp>) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = Mutex::new((**proxy).clone());
    wake.install(Arc::new(move || {
        if let Ok(proxy) = proxy.lock() {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_draws_for_a_tail_after_motion_then_sleeps_unless_told_to_draw_always() {
        for still in 0..TAIL_FRAMES {
            assert_eq!(frames_for(still, false, false), Frames::Drawing);
        }
        assert_eq!(frames_for(TAIL_FRAMES, false, false), Frames::Idle);
        assert_eq!(frames_for(TAIL_FRAMES, true, false), Frames::Polling);
        assert_eq!(frames_for(0, false, true), Frames::Always);
        assert_eq!(frames_for(1000, true, true), Frames::Always);
        // Drawing slows down unfocused; `--fps` does not.
        let drawing = settings_for(Frames::Drawing);
        assert_eq!(drawing.focused_mode, UpdateMode::Continuous);
        assert_eq!(
            drawing.unfocused_mode,
            UpdateMode::reactive_low_power(UNFOCUSED_FRAME)
        );
        let always = settings_for(Frames::Always);
        assert_eq!(always.unfocused_mode, UpdateMode::Continuous);
        let idle = settings_for(Frames::Idle);
        assert_eq!(idle.focused_mode, UpdateMode::reactive_low_power(IDLE_WAIT));
    }
}
