//! The camera over the tray, the lights, and the embedded font.

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;

use crate::dice::tray::TrayPart;

use crate::game::Screen;

/// Where the camera stands in the solo game, looking down at the tray from the player's side.
pub const CAMERA_AT: Vec3 = Vec3::new(0.0, 13.5, 6.5);
/// What the camera looks at in the solo game.
pub const CAMERA_TARGET: Vec3 = Vec3::new(0.0, 0.0, -0.7);
/// Where the camera stands in a duel: higher and further back, so both trays show.
pub const DUEL_CAMERA_AT: Vec3 = Vec3::new(0.0, 25.0, 12.0);
/// What the camera looks at in a duel: between the two trays.
pub const DUEL_CAMERA_TARGET: Vec3 = Vec3::new(0.0, 0.0, 1.6);
/// Sunlight strength in lux.
const SUN_LUX: f32 = 9_000.0;
/// Ambient fill so shadows are not black.
const AMBIENT_BRIGHTNESS: f32 = 350.0;
/// The colour around the tray.
const BACKGROUND: Color = Color::srgb(0.06, 0.07, 0.09);

/// M PLUS 1 Bold (SIL OFL 1.1, see assets/fonts/): Bevy's built-in font has no Japanese.
pub const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/Mplus1-Bold.otf");

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin);
    app.insert_resource(ClearColor(BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            brightness: AMBIENT_BRIGHTNESS,
            ..default()
        });
    install_font(app);
    app.add_systems(Startup, (spawn_camera, spawn_lights));
    app.add_systems(OnEnter(Screen::Solo), aim_camera(CAMERA_AT, CAMERA_TARGET));
    app.add_systems(
        OnEnter(Screen::Duel),
        aim_camera(DUEL_CAMERA_AT, DUEL_CAMERA_TARGET),
    );
    app.add_observer(tray_ignores_pointer);
}

/// Makes the bundled font the default for every text, so no file is looked up at run time.
fn install_font(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    if let Err(e) = fonts.insert(
        &Handle::<Font>::default(),
        Font::from_bytes(FONT_BYTES.to_vec()),
    ) {
        error!("cannot install the bundled font: {e}");
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        Transform::from_translation(CAMERA_AT).looking_at(CAMERA_TARGET, Vec3::Y),
    ));
}

/// A system that points the camera from `at` towards `target`.
fn aim_camera(at: Vec3, target: Vec3) -> impl Fn(Query<&mut Transform, With<Camera3d>>) {
    move |mut cameras: Query<&mut Transform, With<Camera3d>>| {
        for mut tf in &mut cameras {
            *tf = Transform::from_translation(at).looking_at(target, Vec3::Y);
        }
    }
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: SUN_LUX,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Clicks go through the tray to nothing; only dice and buttons take them.
fn tray_ignores_pointer(add: On<Add, TrayPart>, mut commands: Commands) {
    commands.entity(add.entity).insert(Pickable::IGNORE);
}
