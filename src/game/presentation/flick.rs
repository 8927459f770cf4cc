//! Flick to throw: press on your tray, drag, release. The drag across the
//! table sets the throw's direction and strength (clamped to the allowed
//! range); a short press is a click, which holds a die as before. Solo, in a
//! duel and at a table alike.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::dice::TrayDice;
use crate::dice::throw::Aim;
use crate::dice::tray::{TRAY_DEPTH, TRAY_WIDTH};
use crate::rules::duel::Side;
use crate::rules::turn::SeatId;

use crate::game::core::view::SceneView;
use crate::game::duel::{Table, TableLink};
use crate::game::party::Party;
use crate::game::solo::flow::next_step;
use crate::game::table::{Advance, Hands};
use crate::game::{AppSystems, GameTray, Phase, Round};

/// Drags shorter than this (world units, a die is 1) are clicks, not flicks.
pub const FLICK_MIN: f32 = 0.8;
/// A drag this long or longer throws as hard as allowed.
pub const FLICK_FULL: f32 = 7.0;
/// How far outside the tray a drag may start and still count.
const START_MARGIN: f32 = 1.0;

/// The throw a drag across the table asks for, from where it started to
/// where it ended (world x, z); `None` for a click.
pub fn aim_from_drag(start: Vec2, end: Vec2) -> Option<Aim> {
    let drag = end - start;
    let length = drag.length();
    (length >= FLICK_MIN).then(|| Aim {
        direction: drag / length,
        strength: ((length - FLICK_MIN) / (FLICK_FULL - FLICK_MIN)).clamp(0.0, 1.0),
    })
}

/// A drag in progress: where on the table it started.
#[derive(Resource, Debug, Default)]
struct Drag(Option<Vec2>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drag>();
    app.add_systems(Update, read_flicks.in_set(AppSystems::Input));
}

/// Where the cursor points on the table's plane (world x, z).
fn cursor_on_table(
    window: &Window,
    view: SceneView,
    camera: &Camera,
    camera_tf: &GlobalTransform,
) -> Option<Vec2> {
    let cursor = view.to_scene(window.cursor_position()?);
    let ray = camera.viewport_to_world(camera_tf, cursor).ok()?;
    let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
    let at = ray.get_point(distance);
    Some(Vec2::new(at.x, at.z))
}

/// The match on screen, if it is not a solo game.
#[derive(SystemParam)]
struct Match<'w> {
    table: Option<Res<'w, Table>>,
    link: Res<'w, TableLink>,
    party: Option<Res<'w, Party>>,
}

/// True when `seat`, at `tray`, may throw now (a throw or a reroll with
/// dice to throw): what Space would do, from the same answer the main
/// button shows, in a solo game, a duel or at a table.
fn may_throw(
    seat: SeatId,
    phase: Option<&State<Phase>>,
    round: &Round,
    on: &Match,
    all_held: bool,
) -> bool {
    if let Some(party) = on.party.as_deref() {
        return party.next_step(seat, all_held).throws();
    }
    let side = Side::of_seat(seat);
    match (on.table.as_deref(), phase) {
        (Some(table), _) => side.is_some_and(|s| table.next_step(*on.link, s, all_held).throws()),
        (None, Some(phase)) => next_step(*phase.get(), round, all_held).throws(),
        (None, None) => false,
    }
}

fn read_flicks(
    mouse: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    view: Res<SceneView>,
    buttons: Query<&Interaction, With<Button>>,
    tray: Option<Res<GameTray>>,
    trays: Query<&Transform>,
    phase: Option<Res<State<Phase>>>,
    round: Res<Round>,
    on: Match,
    hands: Res<Hands>,
    held: TrayDice,
    mut drag: ResMut<Drag>,
    mut commands: Commands,
) {
    // The tray of the side at the keyboard (a friend's on their turn).
    let (Ok(window), Ok((camera, camera_tf)), Some(tray)) = (
        window.single(),
        camera.single(),
        hands.tray(tray.as_deref()),
    ) else {
        return;
    };
    let here = cursor_on_table(window, *view, camera, camera_tf);
    if mouse.just_pressed(MouseButton::Left) {
        let on_button = buttons.iter().any(|i| *i != Interaction::None);
        let centre = trays.get(tray).map(|t| t.translation).unwrap_or_default();
        let inside = |p: Vec2| {
            (p.x - centre.x).abs() <= TRAY_WIDTH / 2.0 + START_MARGIN
                && (p.y - centre.z).abs() <= TRAY_DEPTH / 2.0 + START_MARGIN
        };
        drag.0 = here.filter(|&p| !on_button && inside(p));
    }
    if mouse.just_released(MouseButton::Left)
        && let Some(start) = drag.0.take()
        && let Some(end) = here
        && let Some(aim) = aim_from_drag(start, end)
        && may_throw(
            hands.seat,
            phase.as_deref(),
            &round,
            &on,
            held.held(tray).iter().all(|&h| h),
        )
    {
        commands.trigger(Advance {
            by: hands.seat,
            aim: Some(aim),
        });
    }
}
