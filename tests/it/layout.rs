//! The HUD beside the dice: the game's HUD laid out headless (Bevy's UI
//! layout and text measuring, the bundled font, a window's size and a camera
//! placed as the window's is) and, frame after frame of whole rounds played
//! by the computer, every die's projected bounds checked against every
//! panel, text and button, at window sizes from 800×600 to 1920×1080 and
//! text sizes from 100 to 150 %.

use bevy::camera::{CameraProjection, ComputedCameraValues, RenderTargetInfo, Viewport};
use bevy::prelude::*;
use bevy::ui::{ComputedNode, UiGlobalTransform};
use bevy_rapier3d::prelude::{RigidBody, Sleeping};

use dice_poker::dice::Die;
use dice_poker::dice::tray::DIE_SIZE;
use dice_poker::game::feedback::labels::{HoldLabel, NumberLabel};
use dice_poker::game::presentation::scene::{FONT_BYTES, camera_for};
use dice_poker::game::profile::TextSize;
use dice_poker::game::theme::hud_scale;
use dice_poker::game::{Choice, Screen};
use dice_poker::headless::{GameSetup, game_app_with};

/// Frames each table is watched for, and how often it is looked at.
const FRAMES: usize = 900;
const EVERY: usize = 15;

/// A game's app whose HUD is laid out for a window of `size` with the
/// player's text at `text` %, opening `choice`, played by the computer.
pub(crate) fn laid_out(choice: Choice, size: UVec2, text: u16, seed: u64) -> App {
    let setup = GameSetup::solo(seed).opening(Some(choice));
    laid_out_as(setup, size, text)
}

/// [`laid_out`] for any setup (a table's seats), played by the computer at
/// people's pace.
pub(crate) fn laid_out_as(setup: GameSetup, size: UVec2, text: u16) -> App {
    laid_out_by_hand(setup.auto(true).pace(1.0), size, text)
}

/// [`laid_out_as`] with the player's seat left to the keys, and the camera
/// where the window's stands on the screen it opens.
pub(crate) fn laid_out_by_hand(setup: GameSetup, size: UVec2, text: u16) -> App {
    let mut app = game_app_with(&setup, |app| {
        app.add_plugins((
            AssetPlugin::default(),
            bevy::image::ImagePlugin::default(),
            bevy::text::TextPlugin,
            bevy::ui::UiPlugin,
        ));
        // What the UI's systems read that a window's plugins would add.
        app.init_resource::<bevy::input::touch::Touches>();
        app.init_asset::<TextureAtlasLayout>();
        app.add_message::<bevy::picking::backend::PointerHits>();
        app.add_message::<bevy::picking::pointer::PointerInput>();
        app.init_resource::<bevy::picking::hover::HoverMap>();
        app.init_resource::<bevy::picking::events::PointerState>();
    });
    let world = app.world_mut();
    world
        .resource_mut::<Assets<Font>>()
        .insert(
            &Handle::<Font>::default(),
            Font::from_bytes(FONT_BYTES.to_vec()),
        )
        .expect("the bundled font");
    // The HUD's scale as the window's size and the text size make it.
    *world.resource_mut::<TextSize>() = TextSize(text);
    world.resource_mut::<UiScale>().0 = hud_scale(size.as_vec2(), TextSize(text));
    let (camera, projection) = camera_of(size);
    world.spawn((
        Camera3d::default(),
        camera,
        Projection::Perspective(projection),
        IsDefaultUiCamera,
    ));
    app
}

/// Runs a frame with the camera where the window's stands on this screen.
pub(crate) fn frame(app: &mut App) {
    let screen = *app.world().resource::<State<Screen>>().get();
    if let Some(at) = camera_for(screen) {
        let world = app.world_mut();
        let mut cameras = world.query_filtered::<&mut Transform, With<Camera3d>>();
        for mut tf in cameras.iter_mut(world) {
            *tf = at;
        }
    }
    app.update();
}

/// A camera as the window's, for a window of `size`, with what the renderer
/// would have computed for it.
fn camera_of(size: UVec2) -> (Camera, PerspectiveProjection) {
    let mut projection = PerspectiveProjection::default();
    projection.update(size.x as f32, size.y as f32);
    let camera = Camera {
        computed: ComputedCameraValues {
            target_info: Some(RenderTargetInfo {
                physical_size: size,
                scale_factor: 1.0,
            }),
            clip_from_view: projection.get_clip_from_view(),
            ..default()
        },
        viewport: Some(Viewport {
            physical_size: size,
            ..default()
        }),
        ..default()
    };
    (camera, projection)
}

/// A rectangle on screen, in logical pixels.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rect2 {
    min: Vec2,
    max: Vec2,
}

impl Rect2 {
    fn overlaps(&self, other: &Rect2) -> bool {
        self.min.x < other.max.x
            && other.min.x < self.max.x
            && self.min.y < other.max.y
            && other.min.y < self.max.y
    }
}

/// The eight corners of a box of `size` about its centre.
fn corners(size: Vec3) -> impl Iterator<Item = Vec3> {
    (0..8).map(move |i| {
        let side = |bit: usize| if i & bit == 0 { -0.5 } else { 0.5 };
        Vec3::new(side(1), side(2), side(4)) * size
    })
}

/// Every resting die's bounds on screen: its cube's eight corners,
/// projected (a die in the air may pass anywhere for a moment).
pub(crate) fn dice_on_screen(world: &mut World) -> Vec<(Entity, Rect2)> {
    let (camera, eye) = world
        .query::<(&Camera, &GlobalTransform)>()
        .single(world)
        .map(|(c, t)| (c.clone(), *t))
        .expect("one camera");
    let mut dice =
        world.query_filtered::<(Entity, &GlobalTransform, &Sleeping, &RigidBody), With<Die>>();
    dice.iter(world)
        // Asleep, or pinned where it was read or held.
        .filter(|(_, _, sleeping, body)| sleeping.sleeping || **body == RigidBody::Fixed)
        .filter_map(|(die, tf, _, _)| {
            let mut rect = Rect2 {
                min: Vec2::MAX,
                max: Vec2::MIN,
            };
            for corner in corners(Vec3::splat(DIE_SIZE)) {
                let at = camera
                    .world_to_viewport(&eye, tf.transform_point(corner))
                    .ok()?;
                rect.min = rect.min.min(at);
                rect.max = rect.max.max(at);
            }
            Some((die, rect))
        })
        .collect()
}

/// Boxes at each tray (`boxes` of its origin: each box's centre and size),
/// as projected on screen by the one camera.
fn tray_boxes_on_screen(
    world: &mut World,
    boxes: impl Fn(Vec3) -> Vec<(Vec3, Vec3)>,
) -> Vec<(Entity, Rect2)> {
    use dice_poker::dice::Tray;
    let (camera, eye) = world
        .query::<(&Camera, &GlobalTransform)>()
        .single(world)
        .map(|(c, t)| (c.clone(), *t))
        .expect("one camera");
    let mut trays = world.query_filtered::<(Entity, &GlobalTransform), With<Tray>>();
    let mut out = Vec::new();
    for (tray, origin) in trays.iter(world) {
        for (centre, size) in boxes(origin.translation()) {
            let mut rect = Rect2 {
                min: Vec2::MAX,
                max: Vec2::MIN,
            };
            for corner in corners(size) {
                if let Ok(at) = camera.world_to_viewport(&eye, centre + corner) {
                    rect.min = rect.min.min(at);
                    rect.max = rect.max.max(at);
                }
            }
            out.push((tray, rect));
        }
    }
    out
}

/// The near and far rails of every tray, as projected on screen.
fn rails_on_screen(world: &mut World) -> Vec<(Entity, Rect2)> {
    use dice_poker::dice::look::rails_across;
    tray_boxes_on_screen(world, |origin| rails_across(origin).into_iter().collect())
}

/// Every tray's outline, walls included, as projected on screen.
fn trays_on_screen(world: &mut World) -> Vec<(Entity, Rect2)> {
    use dice_poker::dice::tray::{TRAY_DEPTH, TRAY_WIDTH, WALL_HEIGHT, WALL_THICKNESS};
    let size = Vec3::new(
        TRAY_WIDTH + 2.0 * WALL_THICKNESS,
        WALL_HEIGHT,
        TRAY_DEPTH + 2.0 * WALL_THICKNESS,
    );
    tray_boxes_on_screen(world, |origin| {
        vec![(origin + Vec3::Y * WALL_HEIGHT / 2.0, size)]
    })
}

/// Every part of the HUD that can hide a die: a panel or button (a
/// background), or a text; not the labels that go with the dice themselves.
fn hud_on_screen(world: &mut World) -> Vec<(Entity, Rect2, String)> {
    let mut nodes = world.query_filtered::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        Option<&BackgroundColor>,
        Option<&Text>,
    ), (Without<NumberLabel>, Without<HoldLabel>)>();
    let mut up = world.query::<(Option<&ChildOf>, Option<&Visibility>)>();
    // Hidden by itself or by a parent (no renderer propagates it here).
    let world: &World = world;
    let mut hidden = |mut at: Entity| loop {
        let Ok((parent, visibility)) = up.get(world, at) else {
            return false;
        };
        if visibility == Some(&Visibility::Hidden) {
            return true;
        }
        match parent {
            Some(p) => at = p.parent(),
            None => return false,
        }
    };
    nodes
        .iter(world)
        .filter(|(e, node, _, bg, text)| {
            !hidden(*e)
                && node.size().min_element() > 0.0
                && (bg.is_some_and(|b| b.0.alpha() > 0.05) || text.is_some_and(|t| !t.0.is_empty()))
        })
        .map(|(e, node, tf, _, text)| {
            // (The window's scale factor is 1: physical pixels are logical.)
            let (centre, half) = (tf.translation, node.size() / 2.0);
            (
                e,
                Rect2 {
                    min: centre - half,
                    max: centre + half,
                },
                text.map(|t| t.0.clone()).unwrap_or_default(),
            )
        })
        .collect()
}

/// The dice held, or in a tray not rolling.
fn settled_dice(world: &mut World) -> Vec<Entity> {
    use dice_poker::dice::{Held, Rolling};
    let mut rolling = world.query_filtered::<Entity, With<Rolling>>();
    let rolling: Vec<Entity> = rolling.iter(world).collect();
    let mut dice = world.query::<(Entity, &Die, Has<Held>)>();
    dice.iter(world)
        .filter(|(_, die, held)| *held || !rolling.contains(&die.tray))
        .map(|(entity, _, _)| entity)
        .collect()
}

/// What is wrong with the dice's labels shown now (as laid out, against
/// the resting dice's bounds): a label over its own die (unless it stands
/// on it, its middle on no other die), on another die's middle, nearer
/// another die than its own, on its tray's rim (its middle on the rail), or
/// off its tray (beyond its walls: on the portrait, on the table).
pub(crate) fn labels_astray(world: &mut World, dice: &[(Entity, Rect2)]) -> (usize, Vec<String>) {
    let rails = rails_on_screen(world);
    let outlines = trays_on_screen(world);
    let mut trays = world.query::<&Die>();
    let tray_of: Vec<(Entity, Option<Entity>)> = dice
        .iter()
        .map(|(d, _)| (*d, trays.get(world, *d).ok().map(|d| d.tray)))
        .collect();
    let mut labels = world.query::<(
        Option<&HoldLabel>,
        Option<&NumberLabel>,
        &ComputedNode,
        &UiGlobalTransform,
        &Visibility,
    )>();
    let apart = |a: &Rect2, b: &Rect2| {
        let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
        let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
        Vec2::new(dx, dy).length()
    };
    let (mut checked, mut problems) = (0, Vec::new());
    for (hold, number, node, tf, visibility) in labels.iter(world) {
        let Some(of) = hold.map(|h| h.0).or(number.map(|n| n.0)) else {
            continue;
        };
        let Some((_, own)) = dice.iter().find(|(d, _)| *d == of) else {
            continue;
        };
        if *visibility == Visibility::Hidden || node.size().min_element() <= 0.0 {
            continue;
        }
        checked += 1;
        let half = node.size() / 2.0;
        let rect = Rect2 {
            min: tf.translation - half,
            max: tf.translation + half,
        };
        // On its own die (where every place beside it was as near another):
        // its middle on that die's bounds and on no other's, nearer its
        // die's middle than any other's.
        let inside = |r: &Rect2, p: Vec2| r.min.cmple(p).all() && r.max.cmpge(p).all();
        let centre = |r: &Rect2| (r.min + r.max) / 2.0;
        let middle = centre(&rect);
        if rect.overlaps(own) {
            let on_own = inside(own, middle)
                && dice.iter().all(|(d, other)| {
                    *d == of
                        || (!inside(other, middle)
                            && middle.distance(centre(other)) > middle.distance(centre(own)))
                });
            if !on_own {
                problems.push(format!("a label {rect:?} over its own die {own:?}"));
            }
            continue;
        }
        let tray = tray_of.iter().find(|(d, _)| *d == of).and_then(|(_, t)| *t);
        // Off the rim: where a die lies against the wall in a crowd, its
        // label may touch the rail, but it never stands on it.
        for (_, rail) in rails.iter().filter(|(t, _)| Some(*t) == tray) {
            if rail.min.cmple(middle).all() && rail.max.cmpge(middle).all() {
                problems.push(format!("a label {rect:?} on its tray's rim {rail:?}"));
            }
        }
        for (_, outline) in outlines.iter().filter(|(t, _)| Some(*t) == tray) {
            if !inside(outline, middle) {
                problems.push(format!("a label {rect:?} off its tray {outline:?}"));
            }
        }
        for (_, other) in dice.iter().filter(|(d, _)| *d != of) {
            // Read as the die whose middle it is nearest.
            if middle.distance(centre(other)) <= middle.distance(centre(own)) {
                problems.push(format!(
                    "a label {rect:?} nearer another die's middle {other:?} than its own's {own:?}"
                ));
            }
            let middle = (other.min + other.max) / 2.0;
            if rect.min.cmple(middle).all() && rect.max.cmpge(middle).all() {
                problems.push(format!(
                    "a label {rect:?} on another die's middle {other:?}"
                ));
            }
            if apart(&rect, other) <= apart(&rect, own) {
                problems.push(format!(
                    "a label {rect:?} nearer another die {other:?} than its own {own:?}"
                ));
            }
        }
    }
    (checked, problems)
}

/// Where a shown text's line breaks inside a phrase (where
/// [`dice_poker::lang::phrases`] lets no line begin): with the count of
/// breaks that wrapping made in Japanese text.
fn phrases_split(world: &mut World) -> (usize, Vec<String>) {
    use bevy::text::TextLayoutInfo;
    use dice_poker::lang::phrases::{JOINER, break_offsets, plain};
    let mut texts = world.query::<(&Text, &TextLayoutInfo)>();
    let (mut breaks, mut problems) = (0, Vec::new());
    for (text, info) in texts.iter(world) {
        let written = plain(&text.0);
        let free = break_offsets(&written);
        let japanese = written.chars().any(|c| !c.is_ascii() && c.is_alphabetic());
        // A glyph for every character but a new line's (a joiner's is
        // empty): each with its place in the text as written.
        let mut at = 0;
        let mut glyph_chars = Vec::new();
        for c in text.0.chars() {
            if c != '\n' {
                glyph_chars.push((at, c));
            }
            if c != JOINER {
                at += 1;
            }
        }
        if glyph_chars.len() != info.glyphs.len() {
            problems.push(format!(
                "{written:?}: {} glyphs for {} characters",
                info.glyphs.len(),
                glyph_chars.len()
            ));
            continue;
        }
        for (i, pair) in info.glyphs.windows(2).enumerate() {
            if pair[1].line_index == pair[0].line_index || !japanese {
                continue;
            }
            // The first character as written on the new line.
            let (begins, c) = glyph_chars[i + 1];
            let (before, _) = glyph_chars[i];
            let wrapped = c == JOINER || begins == before + 1;
            if !wrapped || c.is_whitespace() {
                continue;
            }
            breaks += 1;
            if !free.contains(&begins) {
                problems.push(format!(
                    "{written:?} wraps inside a phrase before character {begins}"
                ));
            }
        }
    }
    (breaks, problems)
}

/// Plays `choice` at each window and text size and fails on any frame where
/// a die and a part of the HUD overlap, a die's label is astray, or a text
/// wraps inside a phrase.
fn no_die_under_the_hud(choice: Choice) {
    no_die_under_the_hud_of(GameSetup::solo(5).opening(Some(choice)));
}

/// [`no_die_under_the_hud`] for any setup; how many times Japanese text
/// wrapped (never inside a phrase).
fn no_die_under_the_hud_of(setup: GameSetup) -> usize {
    let mut overlaps = Vec::new();
    let (mut looked, mut whole, mut labelled, mut wrapped) = (0, 0, 0, 0);
    for (size, text) in [
        (UVec2::new(800, 600), 100),
        (UVec2::new(800, 600), 150),
        (UVec2::new(1024, 768), 125),
        (UVec2::new(1280, 800), 100),
        (UVec2::new(1280, 800), 150),
        (UVec2::new(1920, 1080), 100),
        (UVec2::new(1920, 1080), 150),
    ] {
        let mut app = laid_out_as(setup.clone(), size, text);
        let mut before = Vec::new();
        for frame_at in 0..FRAMES {
            frame(&mut app);
            if frame_at % EVERY == EVERY - 1 {
                before = dice_on_screen(app.world_mut());
            }
            if frame_at % EVERY != 0 {
                continue;
            }
            let world = app.world_mut();
            let dice = dice_on_screen(world);
            let hud = hud_on_screen(world);
            if !dice.is_empty() && hud.len() >= 3 {
                looked += 1;
                // Every die of a tray at rest (five, or ten at a duel).
                whole += usize::from(dice.len().is_multiple_of(5));
            }
            // Labels follow their dice a frame behind: only dice at rest
            // since the last, held or in a tray not rolling (as the labels
            // see them: a die about to fly is no place to avoid).
            let settled = settled_dice(world);
            let still: Vec<(Entity, Rect2)> = dice
                .iter()
                .filter(|(d, _)| settled.contains(d))
                .filter(|(d, r)| {
                    before
                        .iter()
                        .any(|(b, was)| b == d && was.min == r.min && was.max == r.max)
                })
                .copied()
                .collect();
            let (checked, mut problems) = labels_astray(world, &still);
            labelled += checked;
            let (breaks, split) = phrases_split(world);
            wrapped += breaks;
            problems.extend(split);
            for problem in problems {
                overlaps.push(format!(
                    "{}x{} at {text}%, frame {frame_at}: {problem}",
                    size.x, size.y
                ));
            }
            // A button stands off the trays' rims too: a click there meant
            // for the button must not be a die's, and the rim is the tray's.
            let rails = rails_on_screen(world);
            for (button, node, _) in hud
                .iter()
                .filter(|(e, ..)| world.get::<Button>(*e).is_some())
            {
                for (_, rail) in rails.iter().filter(|(_, rail)| rail.overlaps(node)) {
                    overlaps.push(format!(
                        "{}x{} at {text}%, frame {frame_at}: button {button} {node:?} on a rim {rail:?}",
                        size.x, size.y
                    ));
                }
            }
            for (_, die) in &dice {
                for (_, node, what) in &hud {
                    if die.overlaps(node) {
                        overlaps.push(format!(
                            "{}x{} at {text}%, frame {frame_at}: a die {die:?} under {node:?} {what:?}",
                            size.x, size.y
                        ));
                    }
                }
            }
        }
    }
    // Labels were there to look at: numbers and キープ beside resting dice.
    assert!(labelled > looked, "{labelled} labels in {looked} frames");
    // Most frames had dice and a HUD to look at.
    assert!(looked > 7 * FRAMES / EVERY / 2, "looked at {looked} frames");
    // Often whole trays at rest, not only a die or two between throws.
    assert!(
        4 * whole >= looked,
        "{whole} of {looked} frames had whole trays at rest"
    );
    assert!(
        overlaps.is_empty(),
        "{} overlaps, first: {:#?}",
        overlaps.len(),
        &overlaps[..overlaps.len().min(12)]
    );
    wrapped
}

#[test]
fn no_die_of_a_duel_is_under_the_hud_at_any_window_or_text_size() {
    no_die_under_the_hud(crate::support::duel_with("normal"));
}

#[test]
fn no_die_at_a_table_of_four_is_under_the_hud_at_any_window_or_text_size() {
    // Two seeds, so the three betting buttons and a round's end are seen at every size.
    let mut wrapped = 0;
    for seed in [5, 11] {
        wrapped += no_die_under_the_hud_of(GameSetup::solo(seed).table("you,hard,normal,easy"));
    }
    // The seats' panels wrap their Japanese (at 800×600 and 150 %): at
    // phrases, as every text of every game here.
    assert!(wrapped > 0, "no Japanese text wrapped");
}

#[test]
fn no_die_of_the_solo_game_is_under_the_hud_at_any_window_or_text_size() {
    no_die_under_the_hud(Choice::Solo);
}

#[test]
fn no_die_at_a_table_of_two_people_is_under_the_turn_banner_at_any_window_or_text_size() {
    no_die_under_the_hud(Choice::Friend);
}

#[test]
fn no_die_of_the_guided_game_is_under_its_guide_at_any_window_or_text_size() {
    no_die_under_the_hud(Choice::Guide);
}

#[test]
fn no_die_of_the_daily_challenge_is_under_its_panel_at_any_window_or_text_size() {
    no_die_under_the_hud(Choice::Daily);
}

#[test]
fn the_opponents_portrait_is_seen_whole_at_every_window_shape() {
    use dice_poker::game::presentation::venue::{PORTRAIT_SIZE, portrait_at};
    let eye = GlobalTransform::from(camera_for(Screen::Duel).expect("a duel's camera"));
    let card = portrait_at();
    for size in [
        UVec2::new(800, 600),
        UVec2::new(1024, 768),
        UVec2::new(1280, 800),
        UVec2::new(1920, 1080),
    ] {
        let (camera, _) = camera_of(size);
        for corner in corners(PORTRAIT_SIZE) {
            let at = camera
                .world_to_viewport(&eye, card.transform_point(corner))
                .expect("in front of the camera");
            assert!(
                at.cmpge(Vec2::ZERO).all() && at.cmple(size.as_vec2()).all(),
                "{}x{}: a corner of the portrait at {at}",
                size.x,
                size.y
            );
        }
    }
}
