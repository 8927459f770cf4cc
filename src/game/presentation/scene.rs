//! The camera over the tray, the room's light and air, the lanterns, and the
//! embedded font. The room is never a black void: a warm key light with
//! shadows, an environment light from a warm ceiling to a dark floor so no
//! shadow is black, and distance fog that fades what is far into the room's
//! own colour, which is also the clear colour. The graphics tier (the
//! player's choice, or the machine's renderer) sets multisampling, the
//! shadow cascades and their filtering, and the scale the scene is drawn at.

use bevy::light::{
    CascadeShadowConfig, DirectionalLightShadowMap, PointLightShadowMap, ShadowFilteringMethod,
};
use bevy::pbr::{DistanceFog, FogFalloff};
use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::dice::tray::TrayPart;

use crate::game::profile::{Graphics, Tier};
use crate::game::{Played, Screen};

use super::halo::Halo;
use super::light::{FLAME, LAMP, LAMP_AT, LANTERN_BASE, LANTERN_GLASS, LANTERN_LIGHT_AT, ROOM};
use super::light::{FOG_END, FOG_START};
use super::plan::{RoomPlan, StillRoom, bare_table, tray_caster};
use super::scaled::{LOW_SCALE, RenderScale};

/// Where the camera stands in the solo game, looking down at the tray from the player's side.
pub const CAMERA_AT: Vec3 = Vec3::new(0.0, 13.5, 6.5);
/// What the camera looks at in the solo game.
pub const CAMERA_TARGET: Vec3 = Vec3::new(0.0, 0.0, -0.7);
/// Where the camera stands in a duel: high over the near tray, looking
/// steeply down, so both trays fill the window's height (the far one barely
/// smaller than the near) from the opponent's portrait at the top to the
/// near tray's rim at the bottom.
pub const DUEL_CAMERA_AT: Vec3 = Vec3::new(0.0, 24.5, 5.0);
/// What the camera looks at in a duel: between the two trays.
pub const DUEL_CAMERA_TARGET: Vec3 = Vec3::new(0.0, 0.0, -0.2);
/// Where the camera stands at a table of several: high over the near row,
/// so the four places of the grid fill the middle three fifths of a 4:3
/// window, the seats' panels beside them and the strips above and below.
pub const PARTY_CAMERA_AT: Vec3 = Vec3::new(0.0, 33.0, 8.0);
/// What the camera looks at at a table of several: just short of its middle.
pub const PARTY_CAMERA_TARGET: Vec3 = Vec3::new(0.0, 0.0, 0.5);
/// The key light's strength in lux.
const SUN_LUX: f32 = 9_000.0;
/// How far from the camera shadows are drawn (the far tray of a duel is
/// about 35 units away).
const SHADOW_REACH: f32 = 45.0;
/// Ambient fill so shadows are not black.
const AMBIENT_BRIGHTNESS: f32 = 250.0;
/// The environment light: a warm ceiling, the room at eye level, a dark floor.
const SKY: Color = Color::srgb(1.0, 0.86, 0.68);
const HORIZON: Color = Color::srgb(0.55, 0.4, 0.3);
const FLOOR: Color = Color::srgb(0.2, 0.14, 0.1);
/// How strong the environment light is (the image's colours times this).
const ENVIRONMENT_INTENSITY: f32 = 320.0;
pub use crate::dice::tray::TABLE_TOP;
/// Where the solo table's lantern stands: past the tray's far left corner.
const SOLO_LANTERN: Vec3 = Vec3::new(-7.5, TABLE_TOP, -5.5);
/// A lantern's glass's glow.
const FLAME_GLOW: LinearRgba = LinearRgba::rgb(9.0, 4.6, 1.6);
/// How bright a lantern is, in lumens, and how far its light reaches.
const LANTERN_LUMENS: f32 = 2_500_000.0;
const LANTERN_RANGE: f32 = 14.0;
/// How wide the glow around a lantern's glass is.
const LANTERN_HALO: f32 = 4.0;
/// The brass of a lantern's base and a harbour's compass.
pub const BRASS: Color = Color::srgb(0.55, 0.4, 0.18);

/// M PLUS 1 Bold (SIL OFL 1.1, see assets/fonts/): Bevy's built-in font has no Japanese.
pub const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/Mplus1-Bold.otf");

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin);
    app.insert_resource(ClearColor(ROOM))
        .insert_resource(GlobalAmbientLight {
            brightness: AMBIENT_BRIGHTNESS,
            ..default()
        })
        // The low tier's shadow map until the tier is known, not one four
        // times its size for the first frames.
        .insert_resource(DirectionalLightShadowMap {
            size: LOW_SHADOW_MAP,
        })
        .insert_resource(PointLightShadowMap {
            size: POINT_SHADOW_MAP,
        });
    install_font(app);
    app.add_systems(Startup, (spawn_camera, spawn_lights));
    app.add_systems(
        OnEnter(Screen::Solo),
        (aim_camera(Screen::Solo), lay_solo_table),
    );
    app.add_systems(OnExit(Screen::Solo), clear_still_room);
    app.add_systems(OnEnter(Screen::Duel), aim_camera(Screen::Duel));
    app.add_systems(
        OnEnter(Screen::Party),
        (aim_camera(Screen::Party), lay_party_table),
    );
    app.add_systems(OnExit(Screen::Party), clear_still_room);
    app.add_observer(tray_ignores_pointer);
    app.add_systems(
        Update,
        apply_graphics.run_if(
            resource_exists::<RenderAdapterInfo>.and_then(
                resource_changed::<Graphics>.or_else(resource_added::<RenderAdapterInfo>),
            ),
        ),
    );
}

/// Shadow cascades and multisampling of each tier. Left out: screen-space
/// contact shadows and a clearcoat on the dice (the software renderer draws
/// the first as a grain of dots and loses the scene with the second), SSAO
/// (it needs multisampling off, and the high tier keeps it: no other edge
/// smoothing is built) and bloom (the flames' halos, [`super::halo`], glow on
/// both tiers). The low tier draws the scene at [`LOW_SCALE`] of the window,
/// finer in a small one at the same cost ([`super::scaled`]), and filters shadows with one hardware lookup (on the
/// software renderer at 1280×800, solo: 270 ms a frame, 200 ms with the
/// filtering, 105 ms with the scale too).
const LOW_CASCADES: usize = 1;
/// Texels along the low tier's shadow map: the software renderer fills all
/// of it every frame, whatever the window's size (2048: about 20 ms more).
const LOW_SHADOW_MAP: usize = 1024;
/// Texels along a point light's shadow cube. No lantern or candle casts a
/// shadow, but the renderer keeps one cube whatever: at Bevy's 1024 it is
/// 24 MiB of memory, all of it the process's own on a software renderer.
const POINT_SHADOW_MAP: usize = 16;
const HIGH_CASCADES: usize = 3;
const HIGH_MSAA: Msaa = Msaa::Sample4;

/// Sets the cameras and the key light to the tier the player's choice comes
/// to on this renderer, and says which and why. Every camera gets the same
/// multisampling: with two sample counts the 3D camera, drawing over the
/// still room's, carried on from a stale frame (a die left in mid-throw).
fn apply_graphics(
    graphics: Res<Graphics>,
    adapter: Res<RenderAdapterInfo>,
    mut cameras: Query<&mut Msaa, With<Camera>>,
    mut lights: Query<&mut CascadeShadowConfig, With<DirectionalLight>>,
    mut filtering: Query<&mut ShadowFilteringMethod, With<Camera3d>>,
    mut scale: ResMut<RenderScale>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    mut told: Local<Option<Tier>>,
) {
    let software = adapter.device_type == wgpu_types::DeviceType::Cpu;
    let (tier, why) = graphics.tier(software);
    if *told == Some(tier) {
        return;
    }
    *told = Some(tier);
    info!(
        "graphics: {} ({why}; renderer {}, {:?})",
        match tier {
            Tier::Low => "low",
            Tier::High => "high",
        },
        adapter.name,
        adapter.device_type
    );
    let (msaa, cascades, filter, render_scale, map) = match tier {
        Tier::Low => (
            Msaa::Off,
            LOW_CASCADES,
            ShadowFilteringMethod::Hardware2x2,
            LOW_SCALE,
            LOW_SHADOW_MAP,
        ),
        Tier::High => (
            HIGH_MSAA,
            HIGH_CASCADES,
            ShadowFilteringMethod::default(),
            1.0,
            DirectionalLightShadowMap::default().size,
        ),
    };
    if shadow_map.size != map {
        shadow_map.size = map;
    }
    for mut f in &mut filtering {
        *f = filter;
    }
    if scale.0 != render_scale {
        scale.0 = render_scale;
    }
    for mut m in &mut cameras {
        *m = msaa;
    }
    for mut config in &mut lights {
        *config = shadow_cascades(cascades);
    }
}

/// The key light's shadow cascades, reaching past a duel's far tray.
fn shadow_cascades(cascades: usize) -> CascadeShadowConfig {
    bevy::light::CascadeShadowConfigBuilder {
        num_cascades: cascades,
        maximum_distance: SHADOW_REACH,
        ..default()
    }
    .build()
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

fn spawn_camera(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        // The room's still part is painted under it (super::backdrop).
        Camera {
            clear_color: ClearColorConfig::None,
            ..default()
        },
        IsDefaultUiCamera,
        Transform::from_translation(CAMERA_AT).looking_at(CAMERA_TARGET, Vec3::Y),
        EnvironmentMapLight {
            intensity: ENVIRONMENT_INTENSITY,
            ..EnvironmentMapLight::hemispherical_gradient(&mut images, SKY, HORIZON, FLOOR)
        },
        fog(ROOM),
        // Set by the tier.
        ShadowFilteringMethod::default(),
        // A software renderer pays four times over for every covered pixel
        // with multisampling: the frame rate it buys back goes to the room.
        Msaa::Off,
    ));
}

/// Distance fog into the room's colour `room`.
pub fn fog(room: Color) -> DistanceFog {
    DistanceFog {
        color: room,
        falloff: FogFalloff::Linear {
            start: FOG_START,
            end: FOG_END,
        },
        ..default()
    }
}

/// The solo tray's table, painted with the tray's shadow, and its lantern (the lantern's body and
/// light are real, so its light falls on the tray too).
fn lay_solo_table(
    mut commands: Commands,
    mut still: ResMut<StillRoom>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    still.0 = Some(RoomPlan {
        lantern: Some(SOLO_LANTERN),
        casters: vec![tray_caster(crate::game::solo::flow::TRAY_ORIGIN)],
        ..bare_table()
    });
    spawn_lantern(
        &mut commands,
        &mut meshes,
        &mut materials,
        SOLO_LANTERN,
        (DespawnOnExit(Screen::Solo), Pickable::IGNORE),
    );
}

/// A table of several: the bare table with every seat's tray shading it.
fn lay_party_table(
    mut still: ResMut<StillRoom>,
    seats: Res<crate::game::profile::PartySeats>,
    net: Option<Res<crate::game::party::NetTable>>,
) {
    let places = crate::game::party::seat_places(&seats, net.as_deref());
    still.0 = Some(RoomPlan {
        casters: places.into_iter().map(tray_caster).collect(),
        ..bare_table()
    });
}

/// Off a game's table the menus stand over the bare table.
pub fn clear_still_room(mut still: ResMut<StillRoom>) {
    still.0 = Some(bare_table());
}

/// A lantern standing at `at` (its foot): a brass base, a glowing glass with
/// its halo and a warm light without shadows (cheap for a software renderer), whose pool
/// of light falls off across the table. `scope` says when it goes (and that
/// the pointer passes through it).
pub fn spawn_lantern(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    at: Vec3,
    scope: impl Bundle + Clone,
) {
    let (base_r, base_h) = LANTERN_BASE;
    let (glass_r, glass_h) = LANTERN_GLASS;
    let brass = materials.add(StandardMaterial {
        base_color: BRASS,
        metallic: 0.8,
        perceptual_roughness: 0.4,
        ..default()
    });
    let glass = materials.add(StandardMaterial {
        base_color: FLAME,
        emissive: FLAME_GLOW,
        ..default()
    });
    commands.spawn((
        Name::new("Lantern"),
        scope,
        Transform::from_translation(at),
        Visibility::default(),
        children![
            (
                Mesh3d(meshes.add(Cylinder::new(base_r, base_h))),
                MeshMaterial3d(brass.clone()),
                Transform::from_xyz(0.0, base_h / 2.0, 0.0),
            ),
            (
                Mesh3d(meshes.add(Cylinder::new(glass_r, glass_h))),
                MeshMaterial3d(glass),
                Transform::from_xyz(0.0, base_h + glass_h / 2.0, 0.0),
            ),
            (
                Mesh3d(meshes.add(Cone::new(base_r, base_h * 1.6))),
                MeshMaterial3d(brass),
                Transform::from_xyz(0.0, base_h + glass_h + base_h * 0.8, 0.0),
            ),
            (
                PointLight {
                    color: FLAME,
                    intensity: LANTERN_LUMENS,
                    range: LANTERN_RANGE,
                    ..default()
                },
                Halo { size: LANTERN_HALO },
                Transform::from_translation(LANTERN_LIGHT_AT),
            ),
        ],
    ));
}

/// Where the camera stands on `screen`, if that screen has a table to show:
/// the window and the headless check of the HUD against the dice share it.
pub fn camera_for(screen: Screen) -> Option<Transform> {
    let (at, target) = match screen.played()? {
        Played::Solo => (CAMERA_AT, CAMERA_TARGET),
        Played::Duel => (DUEL_CAMERA_AT, DUEL_CAMERA_TARGET),
        Played::Party => (PARTY_CAMERA_AT, PARTY_CAMERA_TARGET),
    };
    Some(Transform::from_translation(at).looking_at(target, Vec3::Y))
}

/// A system that puts the camera where it stands on `screen`.
fn aim_camera(screen: Screen) -> impl Fn(Query<&mut Transform, With<Camera3d>>) {
    move |mut cameras: Query<&mut Transform, With<Camera3d>>| {
        let Some(at) = camera_for(screen) else {
            return;
        };
        for mut tf in &mut cameras {
            *tf = at;
        }
    }
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        Name::new("Lamp"),
        // One cascade until the graphics tier is known: a software
        // renderer draws every cascade's shadow map each frame.
        shadow_cascades(LOW_CASCADES),
        DirectionalLight {
            color: LAMP,
            illuminance: SUN_LUX,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_translation(LAMP_AT).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Clicks go through the tray to nothing; only dice and buttons take them.
fn tray_ignores_pointer(add: On<Add, TrayPart>, mut commands: Commands) {
    commands.entity(add.entity).insert(Pickable::IGNORE);
}
