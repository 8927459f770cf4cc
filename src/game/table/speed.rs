//! How fast the game runs: 1×, 2× or instant (S cycles them; kept with the
//! save), and Space or a click while dice fly skips to the dice at rest.
//! Nothing here touches the physics: virtual time runs faster, so the same
//! fixed steps come sooner and a throw ends exactly where it would have; the
//! computer's pauses, counted in the same time, shrink with it.

use std::time::Duration;

use bevy::prelude::*;

use crate::dice::{DiceSettled, Rolling};
use crate::game::Notice;
use crate::game::profile::Speed;
use crate::keymap::{Action, Controls};
use crate::lang::{Key, Lang, Line, trf};

use super::AppSystems;

/// How much faster time runs while a throw is skipped (or at instant speed):
/// about a second of dice in a frame.
pub const FAST: f32 = 60.0;
/// The longest stretch of time one frame may run, so a fast frame catches up.
pub const FAST_MAX_DELTA: Duration = Duration::from_secs(2);
/// Time's speed between throws at instant speed: the computer's pauses shrink.
pub const INSTANT_PAUSES: f32 = 4.0;

/// How fast time runs at `speed`: while dice fly (`rolling`, sped up when
/// `skipping`), and otherwise.
pub fn time_factor(speed: Speed, rolling: bool, skipping: bool) -> f32 {
    match (speed, rolling && skipping) {
        (_, true) | (Speed::Instant, _) if rolling => FAST,
        (Speed::Normal, _) => 1.0,
        (Speed::Double, _) => 2.0,
        (Speed::Instant, _) => INSTANT_PAUSES,
    }
}

/// True while the throw in the air is being skipped.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Skipping(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Skipping>();
    app.add_systems(
        Update,
        (
            read_speed_keys.in_set(AppSystems::Input),
            run_time.in_set(AppSystems::Rules),
        ),
    );
    app.add_observer(|_: On<DiceSettled>, mut skipping: ResMut<Skipping>| {
        skipping.0 = false;
    });
}

fn read_speed_keys(
    controls: Controls,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    rolling: Query<(), With<Rolling>>,
    mut speed: ResMut<Speed>,
    mut skipping: ResMut<Skipping>,
    mut notice: ResMut<Notice>,
) {
    let action = |a| controls.just_pressed(a);
    if action(Action::Speed) {
        *speed = speed.next();
        let now = *speed;
        notice.say(Line::new(move |lang| {
            trf(lang, Key::SpeedNotice, &[&speed_words(now, lang)])
        }));
    }
    let clicked = mouse
        .as_ref()
        .is_some_and(|m| m.just_pressed(MouseButton::Left));
    if (action(Action::Throw) || clicked) && !rolling.is_empty() {
        skipping.0 = true;
    }
}

/// The speed as shown: `1×`, `2×`, `一瞬` / "instant".
pub fn speed_words(speed: Speed, lang: Lang) -> String {
    match speed {
        Speed::Normal => "1×".to_owned(),
        Speed::Double => "2×".to_owned(),
        Speed::Instant => crate::lang::tr(lang, Key::SpeedInstant).to_owned(),
    }
}

/// Sets how fast virtual time runs this frame.
fn run_time(
    speed: Res<Speed>,
    skipping: Res<Skipping>,
    rolling: Query<(), With<Rolling>>,
    mut time: ResMut<Time<Virtual>>,
) {
    let want = time_factor(*speed, !rolling.is_empty(), skipping.0);
    if (time.relative_speed() - want).abs() > f32::EPSILON {
        time.set_relative_speed(want);
        time.set_max_delta(if want > 1.0 {
            FAST_MAX_DELTA
        } else {
            Duration::from_millis(250)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_runs_fast_only_for_dice_in_the_air_that_are_skipped_or_instant() {
        for speed in [Speed::Normal, Speed::Double, Speed::Instant] {
            assert_eq!(time_factor(speed, true, true), FAST);
        }
        assert_eq!(time_factor(Speed::Instant, true, false), FAST);
        assert_eq!(time_factor(Speed::Normal, true, false), 1.0);
        assert_eq!(time_factor(Speed::Double, true, false), 2.0);
        // Between throws, skipping means nothing and instant only shortens pauses.
        assert_eq!(time_factor(Speed::Normal, false, true), 1.0);
        assert_eq!(time_factor(Speed::Double, false, false), 2.0);
        assert_eq!(time_factor(Speed::Instant, false, true), INSTANT_PAUSES);
    }
}
