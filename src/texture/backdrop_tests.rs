//! The still-room painter's tests: what a ray sees, how it is lit, and the walls.

use super::*;
use crate::texture::rgba;

fn room(texels: &Texels) -> Room<'_> {
    Room {
        eye: [0.0, 10.0, 10.0],
        right: [1.0, 0.0, 0.0],
        up: normalize([0.0, 1.0, -1.0]),
        forward: normalize([0.0, -1.0, -1.0]),
        tan_half_fov: (std::f32::consts::FRAC_PI_8).tan(),
        walls: None,
        surfaces: vec![Surface {
            y: 0.0,
            x: (-5.0, 5.0),
            z: (-5.0, 5.0),
            texels,
            tile: 2.0,
            tint: [1.0, 0.5, 0.25],
            gloss: 0.0,
        }],
        key_towards: [0.0, 1.0, 0.0],
        key: [0.5; 3],
        ambient: [0.2; 3],
        lantern: None,
        occluders: Vec::new(),
        room: [0.1, 0.2, 0.3],
        fog: (100.0, 200.0),
    }
}

#[test]
fn the_eye_sees_the_table_where_it_is_the_room_beyond_and_a_lantern_lights_its_pool() {
    let grey = Texels::draw(4, |_, _| rgba([0.5; 3]));
    let mut r = room(&grey);
    // Straight ahead: the table's centre, lit and tinted.
    let centre = shade(&r, r.forward, 0.001);
    let albedo = linear(128);
    for (i, tint) in [1.0, 0.5, 0.25].into_iter().enumerate() {
        assert!((centre[i] - albedo * tint * 0.7).abs() < 1e-3, "{centre:?}");
    }
    // Up and away: no surface, the room's colour.
    assert_eq!(shade(&r, normalize([0.0, 0.2, -1.0]), 0.001), r.room);
    // A lantern over the centre lights it more than the table's edge.
    r.lantern = Some(Lantern {
        at: [0.0, 2.0, 0.0],
        light: [4.0; 3],
    });
    let lit = shade(&r, r.forward, 0.001);
    assert!(lit[0] > centre[0] + 0.1, "{lit:?}");
    // Under a table the direct light is taken away.
    r.lantern = None;
    r.occluders = vec![Occluder {
        y: 1.0,
        x: (-1.0, 1.0),
        z: (-1.0, 1.0),
        soft: 0.5,
        depth: 1.0,
    }];
    let under = shade(&r, r.forward, 0.001);
    assert!((under[0] - albedo * 0.2).abs() < 1e-3, "{under:?}");
    // Fog near the eye hides the table in the room's colour.
    r.fog = (0.0, 1.0);
    let hidden = shade(&r, r.forward, 0.001);
    assert!(
        (0..3).all(|i| (hidden[i] - r.room[i]).abs() < 1e-6),
        "{hidden:?}"
    );
    // A painting has every pixel, top row the far side.
    let picture = paint(&room(&grey), 8, 6);
    assert_eq!(picture.len(), 8 * 6 * 4);
    assert_eq!(srgb(linear(200)), 200);
}

#[test]
fn walls_stand_round_the_room_hide_what_is_beyond_and_are_darker_at_their_foot() {
    let grey = Texels::draw(4, |_, _| rgba([0.5; 3]));
    let mut r = room(&grey);
    // A floor far wider than the room: beyond the walls it must not show.
    r.surfaces[0].x = (-50.0, 50.0);
    r.surfaces[0].z = (-50.0, 50.0);
    r.eye = [0.0, 10.0, 0.0];
    let floor_far = shade(&r, normalize([1.0, -0.2, 0.0]), 0.001);
    r.walls = Some(Walls {
        half: (8.0, 8.0),
        y: (0.0, 30.0),
        texels: &grey,
        tile: 2.0,
        tint: [0.3, 0.6, 0.9],
    });
    // Looking out level: the wall, in its own tint, not the room's colour.
    let level = shade(&r, [1.0, 0.0, 0.0], 0.001);
    assert_ne!(level, r.room);
    assert!(level[2] > level[0], "tinted like the wall: {level:?}");
    // Looking down past the wall's foot: still the wall, not the floor beyond.
    let down = shade(&r, normalize([1.0, -0.2, 0.0]), 0.001);
    assert_ne!(down, floor_far);
    assert!(down[2] > down[0], "{down:?}");
    // Lower on the wall is darker than level with the eye.
    assert!(down[2] < level[2], "foot {down:?}, eye height {level:?}");
    // Looking down steeply inside the room: the floor as before.
    let near = shade(&r, normalize([0.3, -1.0, 0.0]), 0.001);
    assert!(
        (near[1] / near[0] - 0.5).abs() < 1e-3,
        "the floor's tint: {near:?}"
    );
    // Every side has a wall.
    for dir in [[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, -1.0]] {
        assert_ne!(shade(&r, dir, 0.001), r.room, "{dir:?}");
    }
}
