//! The glow around a flame: what bloom would add around a lamp, drawn as
//! a soft round halo ([`crate::texture::halo`]) that always faces the
//! camera and adds its flame's light to what is behind it. One image, one
//! mesh and one material serve every flame; a lantern or a candle only says
//! where its halo is and how big ([`Halo`]). It costs a software renderer
//! one small square of blending a flame, so both tiers have it.

use bevy::light::{NotShadowCaster, NotShadowReceiver};
use bevy::prelude::*;

use crate::dice::surfaces::atlas_image;
use crate::texture::halo::halo;

use super::light::FLAME;

/// Texels along the halo image's edge: it is a smooth blur, seen small.
pub const HALO_TEXELS: u32 = 64;
/// How much light a halo adds at its centre, times its flame's colour
/// (linear): enough to read as a glow through the glass, not a white disc.
const HALO_STRENGTH: f32 = 3.0;

/// A flame's halo, `size` world units across, centred on this entity
/// (which is not scaled).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
#[require(Transform, Visibility)]
pub struct Halo {
    /// The halo's width (and height).
    pub size: f32,
}

/// The square a [`Halo`] is drawn on, its child.
#[derive(Component, Debug)]
pub struct HaloQuad;

/// How far towards the camera a halo is drawn, as a share of the way from
/// its flame: nearer, and smaller by as much, it looks the same, but the
/// lamp's own glass and the table under it no longer cut it off (a lens's
/// glare lies over everything, as bloom does).
const TOWARDS_CAMERA: f32 = 0.5;

/// The one mesh and material every halo is drawn with.
#[derive(Resource, Debug, Clone)]
pub struct HaloLook {
    /// A unit square facing +z.
    pub mesh: Handle<Mesh>,
    /// The halo image in the flame's colour, unlit and added to what is behind.
    pub material: Handle<StandardMaterial>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HaloLook>();
    app.add_observer(draw_halo);
    app.add_systems(PostUpdate, face_camera.before(TransformSystems::Propagate));
}

impl FromWorld for HaloLook {
    /// Draws the halo image and makes the square and the material, once.
    fn from_world(world: &mut World) -> Self {
        let image = world
            .resource_mut::<Assets<Image>>()
            .add(atlas_image(&halo(HALO_TEXELS), true));
        let flame = LinearRgba::from(FLAME) * HALO_STRENGTH;
        let material = world
            .resource_mut::<Assets<StandardMaterial>>()
            .add(StandardMaterial {
                base_color: Color::LinearRgba(flame.with_alpha(1.0)),
                base_color_texture: Some(image),
                alpha_mode: AlphaMode::Add,
                unlit: true,
                // The fog would add the room's colour over the whole square.
                fog_enabled: false,
                ..default()
            });
        let mesh = world
            .resource_mut::<Assets<Mesh>>()
            .add(Rectangle::new(1.0, 1.0));
        HaloLook { mesh, material }
    }
}

/// A new halo gets its square: the shared mesh and material, no shadow,
/// and the pointer passes through.
fn draw_halo(add: On<Add, Halo>, look: Res<HaloLook>, mut commands: Commands) {
    commands.spawn((
        Name::new("Halo"),
        HaloQuad,
        ChildOf(add.entity),
        Mesh3d(look.mesh.clone()),
        MeshMaterial3d(look.material.clone()),
        NotShadowCaster,
        NotShadowReceiver,
        Pickable::IGNORE,
    ));
}

/// Puts every halo's square between its flame and the camera, facing the
/// camera, at the size that looks as wide as the halo at its flame.
fn face_camera(
    camera: Single<&GlobalTransform, With<Camera3d>>,
    mut quads: Query<(&mut Transform, &ChildOf), With<HaloQuad>>,
    flames: Query<(&GlobalTransform, &Halo)>,
) {
    let (eye, facing) = (camera.translation(), camera.rotation());
    for (mut transform, child_of) in &mut quads {
        let Ok((flame, halo)) = flames.get(child_of.parent()) else {
            continue;
        };
        let turn = flame.rotation().inverse();
        // Written only when it moves: a still square is not sent again.
        transform.set_if_neq(Transform {
            translation: turn * ((eye - flame.translation()) * TOWARDS_CAMERA),
            rotation: turn * facing,
            scale: Vec3::splat(halo.size * (1.0 - TOWARDS_CAMERA)),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halos_share_one_look_face_the_camera_and_cast_no_shadow() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, TransformPlugin))
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .init_resource::<Assets<Image>>()
            .add_plugins(plugin);
        let camera = Transform::from_xyz(3.0, 20.0, 9.0).looking_at(Vec3::ZERO, Vec3::Y);
        app.world_mut().spawn((Camera3d::default(), camera));
        // One halo on a turned lantern, one on its own.
        let lantern = app
            .world_mut()
            .spawn(Transform::from_xyz(6.0, 0.0, -8.0).with_rotation(Quat::from_rotation_y(0.7)))
            .id();
        let on_lantern = app
            .world_mut()
            .spawn((Halo { size: 3.0 }, Transform::default(), ChildOf(lantern)))
            .id();
        let alone = app
            .world_mut()
            .spawn((Halo { size: 1.2 }, Transform::from_xyz(-2.0, 1.0, 0.0)))
            .id();
        app.update();
        app.update();

        let world = app.world_mut();
        let look = world.resource::<HaloLook>().clone();
        assert_eq!(world.resource::<Assets<Image>>().len(), 1, "one image");
        let mut quads = world.query::<(&HaloQuad, &ChildOf, &GlobalTransform)>();
        let quads: Vec<_> = quads
            .iter(world)
            .map(|(_, c, t)| (c.parent(), *t))
            .collect();
        assert_eq!(quads.len(), 2, "a square for each halo");
        // A flame passes its visibility down to its square.
        assert!(world.entity(alone).contains::<InheritedVisibility>());
        for (flame, size) in [(on_lantern, 3.0), (alone, 1.2)] {
            let (_, tf) = quads.iter().copied().find(|(f, _)| *f == flame).unwrap();
            let square = world
                .query::<(&ChildOf, &Mesh3d, &MeshMaterial3d<StandardMaterial>)>()
                .iter(world)
                .find(|(c, _, _)| c.parent() == flame)
                .map(|(_, m, mat)| (m.0.clone(), mat.0.clone()))
                .unwrap();
            assert_eq!(square, (look.mesh.clone(), look.material.clone()));
            let tf = tf.compute_transform();
            // Its face looks back along the camera's view ...
            let normal = tf.rotation * Vec3::Z;
            assert!(
                normal.dot(*camera.back()) > 0.9999,
                "{normal} faces the camera"
            );
            // ... from the line between its flame and the camera, as wide
            // to the eye as the halo at the flame would be.
            let at = world
                .entity(flame)
                .get::<GlobalTransform>()
                .unwrap()
                .translation();
            let (to_flame, to_quad) =
                (at - camera.translation, tf.translation - camera.translation);
            assert!(to_flame.normalize().dot(to_quad.normalize()) > 0.9999);
            let apparent = |width: f32, d: Vec3| width / d.length();
            assert!((apparent(tf.scale.x, to_quad) - apparent(size, to_flame)).abs() < 1e-5);
            assert!(
                to_quad.length() < to_flame.length() - 1.0,
                "nearer than the flame"
            );
        }
        let mut shadowless = world.query_filtered::<(), (
            With<HaloQuad>,
            With<NotShadowCaster>,
            With<NotShadowReceiver>,
        )>();
        assert_eq!(shadowless.iter(world).count(), 2);
        // The halo is a glow, not a lit surface: it adds light, unshaded.
        let material = app
            .world()
            .resource::<Assets<StandardMaterial>>()
            .get(&look.material)
            .unwrap();
        assert_eq!(material.alpha_mode, AlphaMode::Add);
        assert!(material.unlit);
    }
}
