//! Where the dice and the trays' rims are on screen, as the dice's labels
//! see them: each resting die's bounds (its eight corners as the camera
//! sees them) and the rails across each tray's near and far side, in window
//! pixels, for [`super::placing`] to keep the labels off.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::dice::look::rails_across;
use crate::dice::tray::DIE_SIZE;
use crate::dice::{Die, Tray};

use crate::game::core::view::SceneView;
use crate::game::duel::{Table, TableLink};
use crate::game::party::Party;
use crate::game::{Overlay, Phase, Played, Screen};

/// Where `at` (world space) is in the window, if the camera sees it (the
/// scene may be drawn at another scale than the window, [`SceneView`]).
pub(super) fn on_screen(
    camera: Option<(&Camera, &GlobalTransform)>,
    view: SceneView,
    at: Vec3,
) -> Option<Vec2> {
    let (camera, cam_tf) = camera?;
    camera
        .world_to_viewport(cam_tf, at)
        .ok()
        .map(|p| view.to_window(p))
}

/// What decides whether and where dice labels show.
#[derive(SystemParam)]
pub struct LabelView<'w, 's> {
    screen: Option<Res<'w, State<Screen>>>,
    phase: Option<Res<'w, State<Phase>>>,
    table: Option<Res<'w, Table>>,
    link: Option<Res<'w, TableLink>>,
    party: Option<Res<'w, Party>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    ui_scale: Option<Res<'w, UiScale>>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera3d>>,
    scene: Option<Res<'w, SceneView>>,
}

impl LabelView<'_, '_> {
    pub(super) fn showing(&self) -> bool {
        let covered = self
            .overlay
            .as_ref()
            .is_some_and(|o| *o.get() != Overlay::None);
        // A table cut off takes no more holds: its dice are only a picture.
        let closed = self.link.as_ref().is_some_and(|l| l.closed);
        let party_closed = self.party.as_ref().is_some_and(|p| p.closed());
        holds_showing(
            self.screen.as_ref().map(|s| *s.get()),
            self.phase.as_ref().map(|p| *p.get()),
            self.table.as_deref().filter(|_| !closed),
            self.party.as_deref().filter(|_| !party_closed),
            covered,
        )
    }

    /// Where the scene's pixels are in the window.
    pub(super) fn scene(&self) -> SceneView {
        self.scene.as_deref().copied().unwrap_or_default()
    }

    pub(super) fn scale(&self) -> f32 {
        self.ui_scale.as_ref().map_or(1.0, |s| s.0)
    }
}

/// The bounds on screen of every die `still` (given the die and its tray):
/// the window rectangle around its eight corners as the camera sees them.
pub(super) fn dice_bounds(
    view: &LabelView,
    dice: &Query<(Entity, &Die, &GlobalTransform)>,
    still: impl Fn(Entity, Entity) -> bool,
) -> Vec<(Entity, Rect)> {
    let camera = view.camera.single().ok();
    let half = DIE_SIZE / 2.0;
    dice.iter()
        .filter(|(entity, die, _)| still(*entity, die.tray))
        .filter_map(|(entity, _, tf)| {
            let mut bounds = Rect {
                min: Vec2::MAX,
                max: Vec2::MIN,
            };
            for corner in 0..8 {
                let sign = |bit: u32| if corner & bit == 0 { -half } else { half };
                let at = tf.transform_point(Vec3::new(sign(1), sign(2), sign(4)));
                bounds = bounds.union_point(on_screen(camera, view.scene(), at)?);
            }
            Some((entity, bounds))
        })
        .collect()
}

/// The window rectangles of the near and far rails of every tray with a die
/// in `bounds`: a label on them would read as part of the tray's rim.
pub(super) fn rails(
    view: &LabelView,
    bounds: &[(Entity, Rect)],
    dice: &Query<(Entity, &Die, &GlobalTransform)>,
    trays: &Query<&GlobalTransform, With<Tray>>,
) -> Vec<Rect> {
    let camera = view.camera.single().ok();
    let mut seen: Vec<Entity> = Vec::new();
    let mut rects = Vec::new();
    for (die, _) in bounds {
        let Ok((_, die, _)) = dice.get(*die) else {
            continue;
        };
        if seen.contains(&die.tray) {
            continue;
        }
        seen.push(die.tray);
        let Ok(origin) = trays.get(die.tray) else {
            continue;
        };
        for (centre, size) in rails_across(origin.translation()) {
            let mut rect = Rect {
                min: Vec2::MAX,
                max: Vec2::MIN,
            };
            let whole = (0..8).all(|corner| {
                let sign = |bit: u32| if corner & bit == 0 { -0.5 } else { 0.5 };
                let at = centre + Vec3::new(sign(1), sign(2), sign(4)) * size;
                on_screen(camera, view.scene(), at)
                    .map(|p| rect = rect.union_point(p))
                    .is_some()
            });
            if whole {
                rects.push(rect);
            }
        }
    }
    rects
}

/// Whether holds are shown now: while a solo game holds or throws, and while
/// a duel's or a table's round is undecided (between rounds the dice are only a picture);
/// never under the rules panel or the settings.
fn holds_showing(
    screen: Option<Screen>,
    phase: Option<Phase>,
    table: Option<&Table>,
    party: Option<&Party>,
    covered: bool,
) -> bool {
    if covered {
        return false;
    }
    match screen.and_then(Screen::played) {
        Some(Played::Solo) => matches!(phase, Some(Phase::Holding | Phase::Rolling)),
        Some(Played::Duel) => table.is_some_and(|t| !t.duel.step().is_decided()),
        Some(Played::Party) => party.is_some_and(|p| p.table.step().mover().is_some()),
        None => false,
    }
}
