//! The キープ labels: one over each held die of any tray (the solo game's,
//! both of a duel's), following it on screen at any window size, HUD scale
//! and text size, in the player's language. A hold is never told by colour
//! alone.

use bevy::prelude::*;

use crate::dice::{Die, Held};
use crate::lang::{Key, Lang, tr};

use crate::game::duel::Table;
use crate::game::theme::{GOLD, SMALL_SIZE};
use crate::game::{AppSystems, Overlay, Phase, Screen};

/// How far above a die's centre its label floats, in world units.
const LABEL_LIFT: f32 = 1.5;

/// The label over a held die.
#[derive(Component, Debug)]
pub struct HoldLabel(pub Entity);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            sync_labels,
            place_hold_labels,
            translate_hold_labels.run_if(resource_changed::<Lang>),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// One label per held die, no more: a die held gets one, a label whose die
/// is let go of (or gone) goes. (Compared each frame rather than told by
/// observers, so a hold toggled twice before commands apply leaves no twin.)
fn sync_labels(
    lang: Res<Lang>,
    held: Query<Entity, (With<Die>, With<Held>)>,
    labels: Query<(Entity, &HoldLabel)>,
    mut commands: Commands,
) {
    for (label, of) in &labels {
        if !held.contains(of.0) {
            commands.entity(label).despawn();
        }
    }
    for die in &held {
        if labels.iter().any(|(_, of)| of.0 == die) {
            continue;
        }
        commands.spawn((
            HoldLabel(die),
            Text::new(tr(*lang, Key::Keep)),
            TextFont::from_font_size(SMALL_SIZE),
            TextColor(Color::BLACK),
            BackgroundColor(GOLD),
            Node {
                position_type: PositionType::Absolute,
                padding: UiRect::axes(Val::Px(6.0), Val::Px(2.0)),
                ..default()
            },
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
}

fn translate_hold_labels(lang: Res<Lang>, mut labels: Query<&mut Text, With<HoldLabel>>) {
    for mut text in &mut labels {
        text.0 = tr(*lang, Key::Keep).to_owned();
    }
}

/// Where a label of `size` (in UI units) goes so that its centre sits on `at`,
/// a point in the window's logical pixels: UI units are logical pixels
/// divided by the HUD's scale.
pub fn label_corner(at: Vec2, ui_scale: f32, size: Vec2) -> Vec2 {
    at / ui_scale.max(f32::EPSILON) - size / 2.0
}

/// Whether holds are shown now: while a solo game holds or throws, and while
/// a duel's round is undecided (between rounds the dice are only a picture);
/// never under the rules panel or the settings.
fn holds_showing(
    screen: Option<Res<State<Screen>>>,
    phase: Option<Res<State<Phase>>>,
    table: Option<Res<Table>>,
    covered: bool,
) -> bool {
    if covered {
        return false;
    }
    match screen.map(|s| *s.get()) {
        Some(Screen::Solo) => {
            phase.is_some_and(|p| matches!(p.get(), Phase::Holding | Phase::Rolling))
        }
        Some(Screen::Duel) => table.is_some_and(|t| !t.duel.step().is_decided()),
        _ => false,
    }
}

/// Keeps each label over its die while holds are shown.
pub fn place_hold_labels(
    screen: Option<Res<State<Screen>>>,
    phase: Option<Res<State<Phase>>>,
    table: Option<Res<Table>>,
    overlay: Option<Res<State<Overlay>>>,
    ui_scale: Option<Res<UiScale>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    dice: Query<&GlobalTransform, (With<Die>, With<Held>)>,
    mut labels: Query<(&HoldLabel, &mut Node, &mut Visibility, &ComputedNode)>,
) {
    let covered = overlay.is_some_and(|o| *o.get() != Overlay::None);
    let showing = holds_showing(screen, phase, table, covered);
    let ui_scale = ui_scale.map_or(1.0, |s| s.0);
    let camera = camera.single().ok();
    for (label, mut node, mut visibility, computed) in &mut labels {
        let spot = dice
            .get(label.0)
            .ok()
            .zip(camera)
            .and_then(|(tf, (camera, cam_tf))| {
                camera
                    .world_to_viewport(cam_tf, tf.translation() + Vec3::Y * LABEL_LIFT)
                    .ok()
            });
        let want = match spot.filter(|_| showing) {
            Some(at) => {
                let size = computed.size() * computed.inverse_scale_factor();
                let corner = label_corner(at, ui_scale, size);
                if node.left != Val::Px(corner.x) {
                    node.left = Val::Px(corner.x);
                }
                if node.top != Val::Px(corner.y) {
                    node.top = Val::Px(corner.y);
                }
                Visibility::Inherited
            }
            None => Visibility::Hidden,
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}
