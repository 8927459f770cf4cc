//! The room's still part behind the moving scene: the tavern's table (under
//! the solo tray and the menus) and a venue's floor, walls and table top (its
//! cloth and rim) with the trays' shadows on them, lit by the key light and
//! the lantern and faded into the room, painted once
//! ([`crate::texture::backdrop`]) whenever the camera, the window's size or
//! the room changes, and shown (as a sprite) by a camera that draws before
//! the 3D one. A software renderer would otherwise shade every one of those
//! pixels again each frame; the trays, dice and the venue's table stay real
//! 3D in front of it. The painting is done on Bevy's async compute pool (68 ms
//! at 1280×800, 126 ms at 1920×1080), so a resize or a new room never holds a
//! frame up: the old picture stays, stretched to the window, until the new
//! one is ready.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use bevy::window::PrimaryWindow;

use crate::dice::surfaces::Surfaces;
use crate::texture::Texels;
use crate::texture::backdrop::{Lantern, Occluder, Room, Surface, Walls, paint};

use super::light::{AMBIENT_PAINT, FOG_END, FOG_START, KEY_PAINT, LAMP_AT, LANTERN_PAINT};
use super::light::{FLAME, LANTERN_LIGHT_AT};
use super::plan::{Caster, RoomPlan, StillRoom, bare_table};
use super::scaled::{SceneImage, WithScene};

/// The camera that shows the painting, under the 3D one.
#[derive(Component, Debug)]
pub(super) struct BackdropView;

/// The node the painting is shown in.
#[derive(Component, Debug)]
struct BackdropPicture;

/// A painting under way on the async compute pool: its pixels, and the size
/// they are for.
#[derive(Resource)]
pub struct Painting {
    task: Task<Vec<u8>>,
    size: UVec2,
}

/// How far a table's shadow reaches past its edge on the floor, and how much
/// of the direct light it takes away.
const TABLE_SHADOW_SOFT: f32 = 2.5;
const TABLE_SHADOW_DEPTH: f32 = 0.6;
/// A caster's shadow: its soft edge and how much of the direct light it takes.
const CASTER_SOFT: f32 = 0.9;
const CASTER_DEPTH: f32 = 0.55;

/// Paints and shows the still room (public for the tests).
pub fn plugin(app: &mut App) {
    // The menus stand over the bare table until a game lays its own.
    app.insert_resource(StillRoom(Some(bare_table())));
    app.add_systems(Startup, spawn_view);
    app.add_systems(PostUpdate, (paint_when_changed, show_when_painted).chain());
}

/// The camera under the 3D one (it clears to the room's colour) and its
/// picture, hidden until there is one. The picture is a sprite, drawn in the
/// camera's own pass: with multisampling on (the high tier gives every
/// camera the same), the 3D camera carries on from exactly what this one drew.
fn spawn_view(mut commands: Commands) {
    commands.spawn((
        Name::new("Backdrop camera"),
        BackdropView,
        WithScene,
        Camera2d,
        Camera {
            order: -1,
            ..default()
        },
        Msaa::Off,
    ));
    commands.spawn((
        Name::new("Backdrop"),
        BackdropPicture,
        Sprite::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
}

/// What a painting was made for besides the room: the camera, the window's
/// size and the room's colour.
type Painted = (Transform, UVec2, Color);

/// Starts painting the still room again when what it shows has changed:
/// compared each frame by the camera, the size and the colour alone (the plan
/// says itself when it changed), so nothing is copied while nothing changes.
/// A painting still under way for what was shown before is dropped.
fn paint_when_changed(
    mut commands: Commands,
    still: Res<StillRoom>,
    surfaces: Res<Surfaces>,
    clear: Res<ClearColor>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Transform, &Projection), With<Camera3d>>,
    mut pictures: Query<(&mut Sprite, &mut Visibility), With<BackdropPicture>>,
    scaled: Option<Res<SceneImage>>,
    mut last: Local<Option<Painted>>,
) {
    let (Ok(window), Ok((camera, projection)), Ok((mut picture, mut shown))) =
        (windows.single(), cameras.single(), pictures.single_mut())
    else {
        return;
    };
    // Painted at the size the scene is drawn at: the window's, or the low
    // tier's smaller image (whose pixels are its camera's units).
    let (size, shown_size) = match &scaled {
        Some(scene) => (scene.size, scene.size.as_vec2()),
        None => (
            UVec2::new(window.physical_width(), window.physical_height()),
            Vec2::new(window.width(), window.height()),
        ),
    };
    let now = (*camera, size, clear.0);
    if (!still.is_changed() && *last == Some(now)) || size.x == 0 || size.y == 0 {
        return;
    }
    *last = Some(now);
    // The picture there is covers the window until the new one comes.
    picture.custom_size = Some(shown_size);
    let Some(plan) = &still.0 else {
        *shown = Visibility::Hidden;
        commands.remove_resource::<Painting>();
        return;
    };
    let Projection::Perspective(perspective) = projection else {
        return;
    };
    let (plan, camera, fov, colour) = (plan.clone(), *camera, perspective.fov, clear.0);
    let stuff = (surfaces.wood_texels.clone(), surfaces.felt_texels.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let room = room_of(&plan, &stuff, &camera, fov, colour);
        paint(&room, size.x, size.y)
    });
    commands.insert_resource(Painting { task, size });
}

/// Shows a finished painting.
fn show_when_painted(
    mut commands: Commands,
    painting: Option<ResMut<Painting>>,
    mut pictures: Query<(&mut Sprite, &mut Visibility), With<BackdropPicture>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(mut painting) = painting else {
        return;
    };
    let Some(data) = check_ready(&mut painting.task) else {
        return;
    };
    commands.remove_resource::<Painting>();
    let Ok((mut picture, mut shown)) = pictures.single_mut() else {
        return;
    };
    let size = painting.size;
    let image = Image::new(
        Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    );
    picture.image = images.add(image);
    *shown = Visibility::Inherited;
}

/// A caster's shadow on the surface it stands on: its outline moved away
/// from the lamp by what its middle height throws, softened at the edge.
fn caster_shadow(caster: &Caster) -> Occluder {
    let towards = LAMP_AT.normalize();
    let shift = -towards.xz() / towards.y * caster.height / 2.0;
    let middle = caster.foot.xz() + shift;
    Occluder {
        y: caster.foot.y + caster.height,
        x: (middle.x - caster.half.x, middle.x + caster.half.x),
        z: (middle.y - caster.half.y, middle.y + caster.half.y),
        soft: CASTER_SOFT,
        depth: CASTER_DEPTH,
    }
}

/// The painter's room: the plan's surfaces, of wood and felt (`stuff`),
/// seen from `camera`.
fn room_of<'a>(
    plan: &RoomPlan,
    stuff: &'a (Arc<Texels>, Arc<Texels>),
    camera: &Transform,
    fov: f32,
    room: Color,
) -> Room<'a> {
    let linear = |c: Color| {
        let l = c.to_linear();
        [l.red, l.green, l.blue]
    };
    let times = |c: [f32; 3], k: f32| c.map(|v| v * k);
    Room {
        eye: camera.translation.to_array(),
        right: camera.right().to_array(),
        up: camera.up().to_array(),
        forward: camera.forward().to_array(),
        tan_half_fov: (fov / 2.0).tan(),
        surfaces: plan
            .surfaces
            .iter()
            .map(|s| Surface {
                y: s.y,
                x: (-s.half.x, s.half.x),
                z: (-s.half.y, s.half.y),
                texels: if s.wood { &stuff.0 } else { &stuff.1 },
                tile: s.tile,
                tint: linear(s.tint),
                gloss: s.gloss,
            })
            .collect(),
        walls: plan.walls.map(|w| Walls {
            half: (w.half.x, w.half.y),
            y: w.y,
            texels: &stuff.0,
            tile: w.tile,
            tint: linear(w.tint),
        }),
        key_towards: LAMP_AT.normalize().to_array(),
        key: times(linear(plan.light), KEY_PAINT),
        ambient: times(linear(plan.light), AMBIENT_PAINT),
        lantern: plan.lantern.map(|at| Lantern {
            at: (at + LANTERN_LIGHT_AT).to_array(),
            light: times(linear(FLAME), LANTERN_PAINT),
        }),
        occluders: plan
            .table
            .map(|(y, half)| Occluder {
                y,
                x: (-half.x, half.x),
                z: (-half.y, half.y),
                soft: TABLE_SHADOW_SOFT,
                depth: TABLE_SHADOW_DEPTH,
            })
            .into_iter()
            .chain(plan.casters.iter().map(caster_shadow))
            .collect(),
        room: linear(room),
        fog: (FOG_START, FOG_END),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::presentation::plan::tray_caster;

    #[test]
    fn a_trays_shadow_falls_away_from_the_lamp_and_darkens_the_cloth_there() {
        let tray = tray_caster(Vec3::new(0.0, 0.0, 4.6));
        let shadow = caster_shadow(&tray);
        let middle = Vec2::new(
            (shadow.x.0 + shadow.x.1) / 2.0,
            (shadow.z.0 + shadow.z.1) / 2.0,
        );
        // The lamp stands left of and towards the player: the shadow falls
        // right and away.
        let away = -LAMP_AT.xz();
        assert!(middle.x * away.x > 0.0, "{middle}");
        assert!((middle.y - 4.6) * away.y > 0.0, "{middle}");
        // As large as the tray, standing over the table it lies on.
        assert!((shadow.x.1 - shadow.x.0 - 2.0 * tray.half.x).abs() < 1e-5);
        assert!(shadow.y > tray.foot.y);
        // Painted: the cloth beside the tray, on the shadow's side, gets
        // less of the key light than on the lamp's side.
        let felt = crate::texture::Texels::draw(4, |_, _| crate::texture::rgba([0.5; 3]));
        let surface = crate::texture::backdrop::Surface {
            y: tray.foot.y,
            x: (-10.0, 10.0),
            z: (-12.0, 12.0),
            texels: &felt,
            tile: 2.0,
            tint: [1.0; 3],
            gloss: 0.0,
        };
        let mut room = Room {
            eye: [0.0, 30.0, 4.6],
            right: [1.0, 0.0, 0.0],
            up: [0.0, 0.0, -1.0],
            forward: [0.0, -1.0, 0.0],
            tan_half_fov: 0.5,
            surfaces: vec![surface],
            walls: None,
            key_towards: LAMP_AT.normalize().to_array(),
            key: [1.0; 3],
            ambient: [0.1; 3],
            lantern: None,
            occluders: vec![shadow],
            room: [0.0; 3],
            fog: (100.0, 200.0),
        };
        let beside = |room: &Room, x: f32| {
            let to = Vec3::new(x, tray.foot.y, 4.6) - Vec3::from_array(room.eye);
            crate::texture::backdrop::shade(room, to.normalize().to_array(), 0.001)[0]
        };
        let edge = tray.half.x + 0.3;
        let (shaded, lit) = (
            beside(&room, edge * away.x.signum()),
            beside(&room, -edge * away.x.signum()),
        );
        assert!(shaded < lit * 0.8, "shaded {shaded}, lit {lit}");
        room.occluders.clear();
        assert!((beside(&room, edge) - beside(&room, -edge)).abs() < 1e-4);
    }
}
