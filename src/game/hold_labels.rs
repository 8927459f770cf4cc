//! The キープ labels of the solo game: one over each held die, following it
//! on screen at any window size and HUD scale, in the player's language.

use bevy::prelude::*;

use crate::dice::{Die, Held};
use crate::lang::{Key, Lang, tr};

use super::hud::{GOLD, SMALL_SIZE};
use super::{AppSystems, GameTray, Phase, Screen};

/// How far above a die's centre its label floats, in world units.
const LABEL_LIFT: f32 = 1.5;

/// The label over the die in `slot`.
#[derive(Component, Debug)]
pub struct HoldLabel(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Solo), spawn_hold_labels);
    app.add_systems(
        Update,
        (place_hold_labels, translate_hold_labels)
            .run_if(in_state(Screen::Solo))
            .in_set(AppSystems::Present),
    );
}

fn spawn_hold_labels(mut commands: Commands, lang: Res<Lang>) {
    for slot in 0..5 {
        commands.spawn((
            DespawnOnExit(Screen::Solo),
            HoldLabel(slot),
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
    if !lang.is_changed() {
        return;
    }
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

/// Keeps each label over its die while the die is held.
fn place_hold_labels(
    phase: Res<State<Phase>>,
    ui_scale: Option<Res<UiScale>>,
    tray: Option<Res<GameTray>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    dice: Query<(&Die, &GlobalTransform, Has<Held>)>,
    mut labels: Query<(&HoldLabel, &mut Node, &mut Visibility, &ComputedNode)>,
) {
    let Ok((camera, cam_tf)) = camera.single() else {
        return;
    };
    let ui_scale = ui_scale.map_or(1.0, |s| s.0);
    let showing = matches!(phase.get(), Phase::Holding | Phase::Rolling);
    for (label, mut node, mut visibility, computed) in &mut labels {
        let die = dice
            .iter()
            .find(|(d, _, _)| d.slot == label.0 && tray.as_ref().is_some_and(|t| t.0 == d.tray));
        let held = showing && die.is_some_and(|(_, _, held)| held);
        let spot = die.and_then(|(_, tf, _)| {
            camera
                .world_to_viewport(cam_tf, tf.translation() + Vec3::Y * LABEL_LIFT)
                .ok()
        });
        match (held, spot) {
            (true, Some(at)) => {
                let size = computed.size() * computed.inverse_scale_factor();
                let corner = label_corner(at, ui_scale, size);
                node.left = Val::Px(corner.x);
                node.top = Val::Px(corner.y);
                *visibility = Visibility::Inherited;
            }
            _ => *visibility = Visibility::Hidden,
        }
    }
}
