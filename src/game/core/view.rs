//! Where the 3D scene's pixels are in the window. The window's low tier may
//! draw the scene smaller than the window and stretch it to fill it
//! (`presentation::scaled`); whatever turns a window position into a ray
//! into the scene (a click, a flick) or a point of the scene into a place
//! in the window (a die's label) goes through here, so both agree on the
//! scale. Without a window, and on the high tier, the two are one; only the
//! window keeps the resource (a resource more in the headless app moves
//! every seeded figure, see docs/fair.md's Pace).

use bevy::prelude::*;

/// The 3D camera's viewport pixels per logical pixel of the window: 1 when
/// the scene is drawn into the window itself.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SceneView {
    /// Scene pixels per window point.
    pub per_point: f32,
}

impl Default for SceneView {
    fn default() -> SceneView {
        SceneView { per_point: 1.0 }
    }
}

impl SceneView {
    /// The 3D camera's viewport position under the window position `at`.
    pub fn to_scene(self, at: Vec2) -> Vec2 {
        at * self.per_point
    }

    /// The window position of the 3D camera's viewport position `at`.
    pub fn to_window(self, at: Vec2) -> Vec2 {
        at / self.per_point
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_point_goes_to_the_scene_and_back() {
        let half = SceneView { per_point: 0.5 };
        let at = Vec2::new(640.0, 400.0);
        assert_eq!(half.to_scene(at), Vec2::new(320.0, 200.0));
        assert_eq!(half.to_window(half.to_scene(at)), at);
        assert_eq!(SceneView::default().to_scene(at), at);
    }
}
