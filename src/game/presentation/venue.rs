//! The room around a duel: the table the two trays stand on (its cloth and
//! wooden rim), the room's colour and light, and the opponent's portrait
//! at its end. Each venue of the ladder has its own wood, cloth and
//! light (a village inn is not a master's room); every duel is played at its
//! opponent's venue. The trays and dice keep their own look, so they read the
//! same everywhere.
//!
//! The software renderer pays for every pixel a surface covers, so the room
//! is the least that reads as one, and what does not move is painted once
//! ([`super::backdrop`]): the floorboards fading into the room's colour (the
//! clear colour and the fog's), the table's cloth and wooden rim with the
//! trays' shadows on them, and the room's walls of upright planks; one
//! lantern on the table (a den's candles) whose light, without shadows, is
//! the only other lamp. Table, floor and walls are the game's own wood and
//! felt, tinted by the venue; the trays, dice, coins, the portrait and the
//! things on the table stay real 3D.

use bevy::pbr::DistanceFog;
use bevy::prelude::*;

use crate::game::table::{Moved, Seat, Seats};
use crate::rules::duel::Side;

use crate::dice::surfaces::{FELT_TILE, Stuff, Surfaces, WOOD_TILE, world_uvs};
use crate::rules::career::rung;

use super::plan::{PlanSurface, PlanWalls, RoomPlan, StillRoom, tray_caster};
use super::props::{LANTERN_AT, spawn_props};
use super::scene::TABLE_TOP;

use crate::dice::look::DiceStyle;

use crate::game::Screen;
use crate::game::duel::portrait::Portraits;
use crate::game::duel::{FAR_TRAY_AT, PLAYER_TRAY_AT, Table};

/// How one venue looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VenueLook {
    /// The table's wood.
    pub wood: Color,
    /// The cloth on the table, under the trays.
    pub cloth: Color,
    /// The room behind it all (the clear colour and the fog's).
    pub room: Color,
    /// The floorboards under the table.
    pub floor: Color,
    /// The planks of the walls.
    pub wall: Color,

    /// The colour of the light in the room.
    pub light: Color,
    /// What the dice at this venue are made of.
    pub dice: DiceStyle,
}

/// The looks by venue key; a venue not listed gets the first.
pub const LOOKS: [(&str, VenueLook); 4] = [
    (
        "inn",
        VenueLook {
            wood: Color::srgb(0.55, 0.38, 0.22),
            cloth: Color::srgb(0.36, 0.42, 0.24),
            room: Color::srgb(0.26, 0.18, 0.12),
            floor: Color::srgb(0.46, 0.33, 0.22),
            wall: Color::srgb(0.50, 0.36, 0.24),
            light: Color::srgb(1.0, 0.78, 0.5),
            dice: DiceStyle::Bone,
        },
    ),
    (
        "market",
        VenueLook {
            wood: Color::srgb(0.42, 0.26, 0.15),
            cloth: Color::srgb(0.34, 0.09, 0.09),
            room: Color::srgb(0.25, 0.14, 0.12),
            floor: Color::srgb(0.42, 0.3, 0.22),
            wall: Color::srgb(0.58, 0.44, 0.32),
            light: Color::srgb(1.0, 0.84, 0.6),
            dice: DiceStyle::Ivory,
        },
    ),
    (
        "harbour",
        VenueLook {
            wood: Color::srgb(0.40, 0.36, 0.31),
            cloth: Color::srgb(0.13, 0.22, 0.38),
            room: Color::srgb(0.13, 0.18, 0.23),
            floor: Color::srgb(0.4, 0.38, 0.34),
            wall: Color::srgb(0.36, 0.40, 0.42),
            light: Color::srgb(0.9, 0.88, 0.75),
            dice: DiceStyle::Jade,
        },
    ),
    (
        "den",
        VenueLook {
            wood: Color::srgb(0.38, 0.2, 0.14),
            cloth: Color::srgb(0.32, 0.06, 0.09),
            room: Color::srgb(0.21, 0.12, 0.1),
            floor: Color::srgb(0.46, 0.3, 0.22),
            wall: Color::srgb(0.40, 0.2, 0.16),
            light: Color::srgb(1.0, 0.7, 0.42),
            dice: DiceStyle::Brass,
        },
    ),
];

/// Width of the table's wooden rim around the cloth.
const RIM: f32 = 1.4;
/// The share of the light the table's cloth and oiled rim give back
/// untinted, and how much brighter their colour is painted than the plain
/// painter's light makes it: together, the table as the renderer showed it
/// lit by the room's light, the environment and the lantern.
const TABLE_GLOSS: f32 = 0.03;
const TABLE_LIGHT: f32 = 1.8;
/// How far the cloth lies over the table's wood.
const CLOTH_PROUD: f32 = 0.01;
/// The cloth's size: both trays and a hand's width around them.
const CLOTH_SIZE: Vec2 = Vec2::new(15.0, 21.0);
/// How far under the table top the floor is.
const FLOOR_DROP: f32 = 9.0;
/// Half the floor's size: it reaches into the fog on every side.
const FLOOR_HALF: f32 = 45.0;
/// World units one floorboard image covers (boards wider than the table's).
const FLOOR_TILE: f32 = 7.0;
/// Half the room's width and depth inside its walls: wide enough that the
/// floor shows round the table on every side, near enough that the walls
/// stand at the edges of the window.
const ROOM_HALF: Vec2 = Vec2::new(17.0, 24.0);
/// How high the walls reach above the table: over the camera, so no ray
/// looks over them.
const WALL_TOP: f32 = 40.0;
/// World units one image of wall planks covers (boards as wide as the floor's).
const WALL_TILE: f32 = 7.0;
/// The opponent's portrait in a wooden frame, propped up at their end of the
/// table, small enough that the camera sees it whole.
pub const PORTRAIT_SIZE: Vec3 = Vec3::new(2.2, 2.2, 0.12);
/// How far the portrait leans back from upright: as far as the duel's camera
/// looks down at it, so it faces the player.
const PORTRAIT_LEAN: f32 = 1.0;
/// How far in from the cloth's far edge it stands: between the far tray and
/// the rim, where the camera sees all of it at every window shape.
const PORTRAIT_IN: f32 = 0.9;
/// Its wooden frame's margin round the picture.
const PORTRAIT_FRAME: f32 = 0.14;
/// How much of the ambient light is kept indoors.
const ROOM_AMBIENT: f32 = 0.8;
/// How much of the daylight reaches a room.
const ROOM_DAYLIGHT: f32 = 0.7;

/// Where the opponent's portrait stands: on the cloth at their end of the
/// table, behind their tray, leaning back.
pub fn portrait_at() -> Transform {
    let lean = Quat::from_rotation_x(-PORTRAIT_LEAN);
    let foot = Vec3::new(
        0.0,
        TABLE_TOP + CLOTH_PROUD,
        -CLOTH_SIZE.y / 2.0 + PORTRAIT_IN,
    );
    Transform::from_translation(foot + lean * Vec3::Y * PORTRAIT_SIZE.y / 2.0).with_rotation(lean)
}

/// A table colour as painted: [`TABLE_LIGHT`] times brighter.
fn brighter(color: Color) -> Color {
    (color.to_linear() * TABLE_LIGHT).into()
}

/// The look of the venue with this key.
pub fn look_of(venue: &str) -> VenueLook {
    LOOKS
        .iter()
        .find(|(key, _)| *key == venue)
        .map_or(LOOKS[0].1, |(_, look)| *look)
}

/// Part of the room, gone when the duel ends.
#[derive(Component, Debug, Clone, Copy)]
pub struct RoomPart;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(build_room);
    app.add_systems(OnExit(Screen::Duel), restore_room);
}

/// The room before a duel changed it, put back after.
#[derive(Resource, Debug, Clone, Copy)]
struct Before {
    clear: Color,
    ambient: f32,
    sun: (Color, f32),
}

/// A new table: the room of its opponent's venue around it.
fn build_room(
    moved: On<Moved>,
    table: Option<Res<Table>>,
    old: Query<Entity, With<RoomPart>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut clear: ResMut<ClearColor>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut suns: Query<&mut DirectionalLight>,
    mut fogs: Query<&mut DistanceFog>,
    surfaces: Res<Surfaces>,
    mut portraits: ResMut<Portraits>,
    images: Res<Assets<Image>>,
    seats: Option<Res<Seats>>,
    mut still: ResMut<StillRoom>,
    before: Option<Res<Before>>,
) {
    let Some(table) = table else {
        return;
    };
    if moved.from.is_some() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let venue = rung(table.opponent.key).map_or("inn", |r| r.venue.key);
    let look = look_of(venue);
    let sun = suns
        .iter()
        .next()
        .map_or((Color::WHITE, 0.0), |s| (s.color, s.illuminance));
    let base = before.map_or(
        Before {
            clear: clear.0,
            ambient: ambient.brightness,
            sun,
        },
        |b| *b,
    );
    commands.insert_resource(base);
    commands.insert_resource(look.dice);
    clear.0 = look.room;
    // The floor and the table's top (its wooden rim round the cloth) are
    // painted once, with the trays' shadows on the cloth: seen from above,
    // the table's sides never show, and nothing on its top moves.
    still.0 = Some(room_plan(&look));
    for mut fog in &mut fogs {
        fog.color = look.room;
    }
    ambient.brightness = base.ambient * ROOM_AMBIENT;
    for mut light in &mut suns {
        light.color = look.light;
        light.illuminance = base.sun.1 * ROOM_DAYLIGHT;
    }
    let scope = (RoomPart, DespawnOnExit(Screen::Duel), Pickable::IGNORE);
    if hangs_portrait(seats.as_deref()) {
        // Its frame's wood, made only for a portrait that hangs.
        let wood = materials.add(surfaces.material(Stuff::Wood, look.wood));
        let picture = portraits.of(table.opponent, &images);
        commands.spawn(portrait(
            picture,
            wood,
            scope.clone(),
            &mut meshes,
            &mut materials,
        ));
    }
    spawn_props(venue, &mut commands, &mut meshes, &mut materials, scope);
}

/// Whether the far end of the table has a portrait: only a computer
/// opponent's. A person there (a friend at these keys, someone online) has
/// none, and the banner that says whose turn it is between two people
/// stands where it would hang.
pub fn hangs_portrait(seats: Option<&Seats>) -> bool {
    seats.is_some_and(|s| matches!(s.of(Side::Far), Seat::Computer(_)))
}

/// The still room of a venue's table: floor, the table's top and cloth,
/// its walls, the lantern and the trays' shadows.
fn room_plan(look: &VenueLook) -> RoomPlan {
    RoomPlan {
        surfaces: vec![
            PlanSurface {
                y: TABLE_TOP - FLOOR_DROP,
                half: Vec2::splat(FLOOR_HALF),
                wood: true,
                tile: FLOOR_TILE,
                tint: look.floor,
                gloss: 0.0,
            },
            PlanSurface {
                y: TABLE_TOP,
                half: CLOTH_SIZE / 2.0 + Vec2::splat(RIM),
                wood: true,
                tile: WOOD_TILE,
                tint: brighter(look.wood),
                gloss: TABLE_GLOSS,
            },
            PlanSurface {
                y: TABLE_TOP + CLOTH_PROUD,
                half: CLOTH_SIZE / 2.0,
                wood: false,
                tile: FELT_TILE,
                tint: brighter(look.cloth),
                gloss: TABLE_GLOSS,
            },
        ],
        lantern: Some(LANTERN_AT),
        table: Some((TABLE_TOP, CLOTH_SIZE / 2.0 + Vec2::splat(RIM))),
        casters: [PLAYER_TRAY_AT, FAR_TRAY_AT].map(tray_caster).to_vec(),
        light: look.light,
        walls: Some(PlanWalls {
            half: ROOM_HALF,
            y: (TABLE_TOP - FLOOR_DROP, WALL_TOP),
            tile: WALL_TILE,
            tint: brighter(look.wall),
        }),
    }
}

/// The opponent's portrait in its wooden frame, on the wall behind their tray.
fn portrait(
    picture: Handle<Image>,
    wood: Handle<StandardMaterial>,
    scope: impl Bundle,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> impl Bundle {
    let face = Vec2::new(
        PORTRAIT_SIZE.x - 2.0 * PORTRAIT_FRAME,
        PORTRAIT_SIZE.y - 2.0 * PORTRAIT_FRAME,
    );
    (
        Name::new("Portrait"),
        scope,
        Mesh3d(meshes.add(world_uvs(
            Cuboid::from_size(PORTRAIT_SIZE).mesh().build(),
            WOOD_TILE,
        ))),
        MeshMaterial3d(wood),
        portrait_at(),
        children![(
            Mesh3d(meshes.add(Rectangle::from_size(face))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color_texture: Some(picture),
                perceptual_roughness: 0.8,
                ..default()
            })),
            // Just proud of the frame, towards the players.
            Transform::from_xyz(0.0, 0.0, PORTRAIT_SIZE.z * 0.6),
        )],
    )
}

fn restore_room(
    mut commands: Commands,
    before: Option<Res<Before>>,
    mut clear: ResMut<ClearColor>,
    mut ambient: ResMut<GlobalAmbientLight>,
    mut suns: Query<&mut DirectionalLight>,
    mut fogs: Query<&mut DistanceFog>,
    mut still: ResMut<StillRoom>,
) {
    still.0 = Some(super::plan::bare_table());
    commands.insert_resource(DiceStyle::default());
    if let Some(before) = before {
        clear.0 = before.clear;
        // The fog is always the room's colour.
        for mut fog in &mut fogs {
            fog.color = before.clear;
        }
        ambient.brightness = before.ambient;
        for mut light in &mut suns {
            (light.color, light.illuminance) = before.sun;
        }
        commands.remove_resource::<Before>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::Opponent;

    #[test]
    fn only_a_computer_across_the_table_has_a_portrait() {
        let computer = Seat::Computer(Opponent::find("normal").expect("an opponent"));
        assert!(hangs_portrait(Some(&Seats([Seat::Human, computer]))));
        assert!(!hangs_portrait(Some(&Seats([Seat::Human, Seat::Human]))));
        assert!(!hangs_portrait(Some(&Seats([Seat::Human, Seat::Remote]))));
        // The near seat's mind does not hang anyone's portrait.
        assert!(!hangs_portrait(Some(&Seats([computer, Seat::Human]))));
        assert!(!hangs_portrait(None));
    }
}
