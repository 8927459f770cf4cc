//! A debug view of face reading: for each die, the dot product of each face
//! normal with up and the value read. Toggled with F3.

use bevy::prelude::*;

use super::faces::{FACE_TABLE, face_dots, read_top};
use super::tray::{Die, left_to_right};

/// Key that shows and hides the debug view.
pub const TOGGLE_KEY: KeyCode = KeyCode::F3;
/// Font size of the debug text.
const FONT_SIZE: f32 = 14.0;

/// The debug panel's text.
#[derive(Component, Debug)]
struct DebugPanel;

/// Adds the face-reading debug view. Needs UI and keyboard input.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel);
    app.add_systems(Update, (toggle_panel, update_panel).chain());
}

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Face debug view"),
        DebugPanel,
        Text::new(""),
        TextFont::from_font_size(FONT_SIZE),
        TextColor(Color::srgb(0.7, 1.0, 0.7)),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.75)),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(12.0),
            bottom: Val::Px(12.0),
            padding: UiRect::all(Val::Px(8.0)),
            ..default()
        },
        Visibility::Hidden,
    ));
}

fn toggle_panel(
    keys: Res<ButtonInput<KeyCode>>,
    mut panel: Query<&mut Visibility, With<DebugPanel>>,
) {
    if keys.just_pressed(TOGGLE_KEY) {
        for mut v in &mut panel {
            v.toggle_visible_hidden();
        }
    }
}

/// The panel's text for dice rotations, each with its 0-based place on screen.
pub fn describe(rotations: &[(usize, Quat)]) -> String {
    let mut text = String::from("die  ");
    for f in FACE_TABLE {
        text += &format!("  face{}", f.value);
    }
    text += "  read\n";
    for &(slot, rotation) in rotations {
        text += &format!("{:>3}  ", slot + 1);
        for d in face_dots(rotation) {
            text += &format!("{d:>+7.3}");
        }
        let top = read_top(rotation);
        let flag = if top.is_flat() { "" } else { " cocked" };
        text += &format!("  {:>4}{flag}\n", top.value);
    }
    text
}

fn update_panel(
    dice: Query<(&Die, &Transform)>,
    mut panel: Query<(&mut Text, &Visibility), With<DebugPanel>>,
) {
    for (mut text, visibility) in &mut panel {
        if *visibility == Visibility::Hidden {
            continue;
        }
        let order = left_to_right(dice.iter().map(|(_, tf)| (tf.rotation, tf.translation)));
        let rotations: Vec<(usize, Quat)> = order.into_iter().enumerate().collect();
        text.0 = describe(&rotations);
    }
}
