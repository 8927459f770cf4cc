//! The low tier draws the 3D scene at [`LOW_SCALE`] of the window's width
//! and height and stretches it to fill the window: a software renderer pays
//! for every pixel the scene covers, and 0.4 of the width and of the height
//! is a sixth of the pixels. A smaller window spends the same pixels on a
//! finer scene ([`LOW_PIXELS`]), so four trays at 800×600 keep their pips.
//! The room's painted picture is drawn into the
//! same small image under the scene (so the two still meet exactly), and a
//! camera of its own shows that image across the window, with the HUD and
//! its text drawn over it at the window's full resolution.
//!
//! Picking does not follow a camera that draws into an image, so the
//! pointer's ray into the scene is given to picking here, from the pointer's
//! place in the window scaled to the image ([`SceneView`]): a click lands on
//! the die under it, and the HUD over a die still takes the click first (its
//! camera draws above the scene's).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{NormalizedRenderTarget, RenderTarget};
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::window::{PrimaryWindow, WindowRef};

use crate::game::core::view::SceneView;

use super::light::ROOM;

/// Share of the window's width and height the low tier draws the 3D scene
/// at: a software renderer's frame grows with the scene's pixels (about
/// 100 ms a frame at a quarter of the width, 168 at a half, 240 at 0.7 in
/// one measurement), and at 0.4 the pips still read.
pub const LOW_SCALE: f32 = 0.4;
/// The scene's pixels a scaled frame affords: [`LOW_SCALE`] of the window's
/// default size, 1280×800. A smaller window draws its scene finer for the
/// same cost (800×600 at 0.58), never finer than the window itself.
pub const LOW_PIXELS: f32 = 1280.0 * 800.0 * LOW_SCALE * LOW_SCALE;

/// Render layer of the picture that shows the scaled scene: only the camera
/// that shows it sees it (the room's picture, a sprite too, stays on the
/// default layer, seen by the camera under the scene).
const PICTURE_LAYER: usize = 7;

/// Share of the window's width and height the 3D scene is drawn at: 1 draws
/// into the window itself. Set by the graphics tier.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct RenderScale(pub f32);

impl Default for RenderScale {
    fn default() -> RenderScale {
        RenderScale(1.0)
    }
}

/// A camera other than the 3D one that draws into the scene's image while
/// the scene is scaled (the still room's, under the dice).
#[derive(Component, Debug, Default)]
pub struct WithScene;

/// The image the scene is drawn into while it is scaled, and its size in pixels.
#[derive(Resource, Debug, Clone)]
pub struct SceneImage {
    /// The image, the target of the 3D camera and the room's camera.
    pub image: Handle<Image>,
    /// Its size in pixels.
    pub size: UVec2,
}

/// The camera that shows the scaled scene in the window, and the HUD over it.
#[derive(Component, Debug)]
struct Presenter;

/// The picture of the scaled scene, stretched across the window.
#[derive(Component, Debug)]
struct ScenePicture;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RenderScale>();
    app.init_resource::<SceneView>();
    app.add_systems(PostUpdate, fit_scene);
    app.add_systems(
        PreUpdate,
        scaled_rays
            .after(RayMap::repopulate)
            .in_set(PickingSystems::ProcessInput)
            .run_if(resource_exists::<SceneImage>),
    );
}

/// The size of the image that draws the scene for a window `physical` pixels
/// large at `scale` (at least; more while [`LOW_PIXELS`] affords it), or
/// `None` when the scene is drawn into the window itself.
pub fn scene_size(physical: UVec2, scale: RenderScale) -> Option<UVec2> {
    if physical.x == 0 || physical.y == 0 {
        return None;
    }
    // A scale of 1 (the high tier), or one a small window affords, draws
    // into the window itself.
    let afforded = (LOW_PIXELS / (physical.x as f32 * physical.y as f32)).sqrt();
    let scale = afforded.max(scale.0);
    if scale >= 1.0 {
        return None;
    }
    Some(
        (physical.as_vec2() * scale)
            .round()
            .as_uvec2()
            .max(UVec2::ONE),
    )
}

/// Draws the scene into an image of the scale's size, or into the window,
/// as the scale and the window's size say: a new image when the window's
/// size changes, and everything back into the window at a scale of 1.
fn fit_scene(
    mut commands: Commands,
    scale: Res<RenderScale>,
    scaled: Option<Res<SceneImage>>,
    mut view: ResMut<SceneView>,
    mut images: ResMut<Assets<Image>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    scene_cameras: Query<Entity, Or<(With<Camera3d>, With<WithScene>)>>,
    ui_cameras: Query<Entity, With<Camera3d>>,
    presenters: Query<Entity, With<Presenter>>,
    mut pictures: Query<(&mut Sprite, Entity), With<ScenePicture>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let physical = UVec2::new(window.physical_width(), window.physical_height());
    let want = scene_size(physical, *scale);
    let logical = Vec2::new(window.width(), window.height());
    if let Some(size) = want {
        if let Ok((mut sprite, _)) = pictures.single_mut()
            && sprite.custom_size != Some(logical)
        {
            sprite.custom_size = Some(logical);
        }
        if scaled.as_ref().is_some_and(|s| s.size == size) {
            return;
        }
        let image = images.add(Image::new_target_texture(
            size.x,
            size.y,
            TextureFormat::Rgba8Unorm,
            Some(TextureFormat::Rgba8UnormSrgb),
        ));
        for camera in &scene_cameras {
            commands
                .entity(camera)
                .insert(RenderTarget::Image(image.clone().into()));
        }
        match pictures.single_mut() {
            Ok((mut sprite, _)) => sprite.image = image.clone(),
            Err(_) => {
                commands.spawn(picture(image.clone(), logical));
            }
        }
        if presenters.is_empty() {
            commands.spawn(presenter());
            for camera in &ui_cameras {
                commands.entity(camera).remove::<IsDefaultUiCamera>();
            }
        }
        view.per_point = size.x as f32 / logical.x.max(1.0);
        commands.insert_resource(SceneImage { image, size });
    } else if scaled.is_some() {
        for camera in &scene_cameras {
            commands
                .entity(camera)
                .insert(RenderTarget::Window(WindowRef::Primary));
        }
        for camera in &ui_cameras {
            commands.entity(camera).insert(IsDefaultUiCamera);
        }
        for entity in presenters.iter().chain(pictures.iter().map(|(_, e)| e)) {
            commands.entity(entity).despawn();
        }
        *view = SceneView::default();
        commands.remove_resource::<SceneImage>();
    }
}

/// The picture of the scaled scene, stretched over `logical` (the window).
fn picture(image: Handle<Image>, logical: Vec2) -> impl Bundle {
    (
        Name::new("Scene picture"),
        ScenePicture,
        Sprite {
            image,
            custom_size: Some(logical),
            ..default()
        },
        RenderLayers::layer(PICTURE_LAYER),
    )
}

/// The camera that shows the picture and draws the HUD over it.
fn presenter() -> impl Bundle {
    (
        Name::new("Scene presenter"),
        Presenter,
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::Custom(ROOM),
            ..default()
        },
        Msaa::Off,
        RenderLayers::layer(PICTURE_LAYER),
        IsDefaultUiCamera,
    )
}

/// The ray into the scaled scene of every pointer in the window, from the
/// 3D camera through the pointer's place scaled to the image.
fn scaled_rays(
    mut rays: ResMut<RayMap>,
    view: Res<SceneView>,
    cameras: Query<(Entity, &Camera, &GlobalTransform), With<Camera3d>>,
    pointers: Query<(&PointerId, &PointerLocation)>,
) {
    let Ok((entity, camera, camera_tf)) = cameras.single() else {
        return;
    };
    if !camera.is_active {
        return;
    }
    for (&pointer, location) in &pointers {
        let Some(location) = location.location() else {
            continue;
        };
        if !matches!(location.target, NormalizedRenderTarget::Window(_)) {
            continue;
        }
        if let Some(ray) = scene_ray(camera, camera_tf, *view, location.position) {
            rays.map.insert(RayId::new(entity, pointer), ray);
        }
    }
}

/// The ray from the 3D camera through the window position `at` (logical
/// pixels), wherever the scene is drawn ([`SceneView`]).
pub fn scene_ray(
    camera: &Camera,
    camera_tf: &GlobalTransform,
    view: SceneView,
    at: Vec2,
) -> Option<Ray3d> {
    camera.viewport_to_world(camera_tf, view.to_scene(at)).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scene_is_drawn_at_the_scale_of_the_window() {
        assert_eq!(
            scene_size(UVec2::new(1280, 800), RenderScale(LOW_SCALE)),
            Some(UVec2::new(512, 320))
        );
        let half = RenderScale(0.5);
        assert_eq!(
            scene_size(UVec2::new(1280, 800), half),
            Some(UVec2::new(640, 400))
        );
        assert_eq!(
            scene_size(UVec2::new(1281, 801), half),
            Some(UVec2::new(641, 401))
        );
        assert_eq!(scene_size(UVec2::new(1280, 800), RenderScale(1.0)), None);
        // A minimised window has no scene to draw.
        assert_eq!(scene_size(UVec2::ZERO, half), None);
        // A small window spends the default size's pixels on a finer scene
        // (a table's four trays at 800×600 keep their pips), never more.
        let low = RenderScale(LOW_SCALE);
        let small = scene_size(UVec2::new(800, 600), low).expect("scaled");
        assert_eq!(small, UVec2::new(467, 351));
        assert!((small.x * small.y) as f32 <= LOW_PIXELS * 1.01);
        for big in [UVec2::new(1920, 1080), UVec2::new(2560, 1440)] {
            assert_eq!(
                scene_size(big, low),
                Some((big.as_vec2() * LOW_SCALE).round().as_uvec2())
            );
        }
        // A window no larger than the pixels afforded is drawn into itself.
        assert_eq!(scene_size(UVec2::new(400, 300), low), None);
    }
}
