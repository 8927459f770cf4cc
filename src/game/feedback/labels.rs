//! The dice's labels: a キープ label beside each held die of any tray (the
//! solo game's, a duel's, a table's) and each die's number beside it (the key
//! that keeps it), following it on screen at any window size, HUD scale and
//! text size, in the player's language. Each stands beside its own die's
//! bounds on screen, on no other die and no other label ([`super::placing`]),
//! so the kept face stays in view. The number under a gamepad's cursor
//! stands in brackets, in gold. A hold is never told by colour alone.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::dice::{Die, Held, Rolling, Tray};
use crate::lang::{Key, Lang, tr};

use crate::game::table::holds::PadCursor;
use crate::game::table::numbers::DiceOrder;
use crate::game::theme::{GOLD, SMALL_SIZE, TEXT, panel_fill};

use super::placing::{KEEP_SIDES, NUMBER_SIDES, place};
use super::seen::{LabelView, dice_bounds, rails};
use crate::game::AppSystems;

/// Labels sit under the HUD's panels: a die's label never covers the notice.
const LABEL_Z: i32 = -1;

/// The label over a held die.
#[derive(Component, Debug)]
pub struct HoldLabel(pub Entity);

/// The number beside a die: the key that keeps it.
#[derive(Component, Debug)]
pub struct NumberLabel(pub Entity);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (sync_labels, sync_number_labels),
            place_labels,
            translate_hold_labels.run_if(resource_changed::<Lang>),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// One label per held die, no more: a die held gets one, a label whose die
/// is let go of (or gone) goes. (Compared each frame rather than told by
/// observers, so a hold toggled twice before commands apply leaves no twin.)
fn sync_labels(
    lang: Res<Lang>,
    held: Query<Entity, (With<Die>, With<Held>)>,
    labels: Query<(Entity, &HoldLabel)>,
    mut commands: Commands,
) {
    let of = || labels.iter().map(|(label, of)| (label, of.0));
    one_label_each(
        held.iter(),
        |d| held.contains(d),
        of,
        &mut commands,
        |die| {
            (
                HoldLabel(die),
                Text::new(tr(*lang, Key::Keep)),
                TextFont::from_font_size(SMALL_SIZE),
                TextColor(Color::BLACK),
                BackgroundColor(GOLD),
                Node {
                    position_type: PositionType::Absolute,
                    padding: UiRect::axes(Val::Px(6.0), Val::Px(2.0)),
                    ..default()
                },
                GlobalZIndex(LABEL_Z),
                Visibility::Hidden,
                Pickable::IGNORE,
            )
        },
    );
}

/// Despawns each label (with the die it is for) whose die is not `wanted`,
/// and spawns `label(die)` for each wanted die of `dice` without one.
fn one_label_each<B: Bundle, L: Iterator<Item = (Entity, Entity)>>(
    dice: impl Iterator<Item = Entity>,
    wanted: impl Fn(Entity) -> bool,
    labels: impl Fn() -> L,
    commands: &mut Commands,
    label: impl Fn(Entity) -> B,
) {
    for (entity, die) in labels() {
        if !wanted(die) {
            commands.entity(entity).despawn();
        }
    }
    for die in dice {
        if !labels().any(|(_, of)| of == die) {
            commands.spawn(label(die));
        }
    }
}

fn translate_hold_labels(lang: Res<Lang>, mut labels: Query<&mut Text, With<HoldLabel>>) {
    for mut text in &mut labels {
        text.0 = tr(*lang, Key::Keep).to_owned();
    }
}

/// Where a label of `size` (in UI units) goes so that its centre sits on `at`,
/// a point in the window's logical pixels: UI units are logical pixels
/// divided by the HUD's scale.
pub fn label_corner(at: Vec2, ui_scale: f32, size: Vec2) -> Vec2 {
    at / ui_scale.max(f32::EPSILON) - size / 2.0
}

/// Moves a label so its centre sits on `spot` (window pixels), or hides it
/// (`None`: off screen, or not shown now).
fn put_label(
    spot: Option<Vec2>,
    ui_scale: f32,
    (node, visibility, computed): (&mut Node, &mut Visibility, &ComputedNode),
) {
    let want = match spot {
        Some(at) => {
            let size = computed.size() * computed.inverse_scale_factor();
            let corner = label_corner(at, ui_scale, size);
            if node.left != Val::Px(corner.x) {
                node.left = Val::Px(corner.x);
            }
            if node.top != Val::Px(corner.y) {
                node.top = Val::Px(corner.y);
            }
            Visibility::Inherited
        }
        None => Visibility::Hidden,
    };
    if *visibility != want {
        *visibility = want;
    }
}

/// A label's size in window pixels, as it was last laid out.
fn window_size(computed: &ComputedNode, ui_scale: f32) -> Vec2 {
    computed.size() * computed.inverse_scale_factor() * ui_scale
}

/// Puts each キープ over its held die and each number under its die (or,
/// where another die or label is in the way, on the side that is free),
/// beside the die's bounds on screen, while holds are shown; and keeps each
/// number's text the die's number.
fn place_labels(
    view: LabelView,
    numbers: NumberTexts,
    dice: Query<(Entity, &Die, &GlobalTransform)>,
    trays: Query<&GlobalTransform, With<Tray>>,
    held: Query<(), With<Held>>,
    rolling: Query<(), With<Rolling>>,
    mut keeps: Query<(&HoldLabel, &mut Node, &mut Visibility, &ComputedNode), Without<NumberLabel>>,
    mut labels: Query<
        (&NumberLabel, &mut Node, &mut Visibility, &ComputedNode),
        Without<HoldLabel>,
    >,
) {
    let wanted = numbers.write(&dice);
    let showing = view.showing();
    let bounds = if showing {
        dice_bounds(&view, &dice, |die, tray| {
            held.contains(die) || !rolling.contains(tray)
        })
    } else {
        Vec::new()
    };
    let rects: Vec<Rect> = bounds.iter().map(|(_, r)| *r).collect();
    let index = |die: Entity| bounds.iter().position(|(e, _)| *e == die);
    let scale = view.scale();
    // Off the trays' rims from the start, as off the labels placed before.
    let mut taken: Vec<Rect> = rails(&view, &bounds, &dice, &trays);
    // Each label beside its die (`own`, if it is shown), clear of the
    // labels placed before it; one not measured yet (new this frame) shows
    // once its size is known.
    let mut beside = |own: Option<usize>, sides, computed: &ComputedNode| {
        own.filter(|_| computed.size().min_element() > 0.0)
            .map(|own| {
                let spot = place(own, &rects, window_size(computed, scale), sides, &taken).rect();
                taken.push(spot);
                spot.center()
            })
    };
    for (label, mut node, mut visibility, computed) in &mut keeps {
        let own = index(label.0).filter(|_| held.contains(label.0));
        let spot = beside(own, &KEEP_SIDES, computed);
        put_label(spot, scale, (&mut node, &mut visibility, computed));
    }
    for (label, mut node, mut visibility, computed) in &mut labels {
        // Not on dice in the air: they are numbered where they land.
        let landed = dice
            .get(label.0)
            .is_ok_and(|(_, d, _)| !rolling.contains(d.tray));
        let own = index(label.0).filter(|_| landed && wanted.contains(&label.0));
        let spot = beside(own, &NUMBER_SIDES, computed);
        put_label(spot, scale, (&mut node, &mut visibility, computed));
    }
}

/// What each die's number label says: the die's number in its tray's order
/// (in brackets and gold under a gamepad's cursor), once the game's or
/// round's first throw has landed. Before that a die has no number to show:
/// the last round's dice, still lying there, would read numbers they are
/// about to lose.
#[derive(SystemParam)]
pub struct NumberTexts<'w, 's> {
    order: DiceOrder<'w, 's>,
    cursor: Option<Res<'w, PadCursor>>,
    texts: Query<
        'w,
        's,
        (
            &'static NumberLabel,
            &'static mut Text,
            &'static mut TextColor,
        ),
    >,
}

impl NumberTexts<'_, '_> {
    /// Writes every number; the dice that have one.
    fn write(mut self, dice: &Query<(Entity, &Die, &GlobalTransform)>) -> Vec<Entity> {
        // Each tray's order once a frame, not once for each of its dice.
        let mut orders: Vec<(Entity, Vec<usize>)> = Vec::new();
        let cursor = self.cursor.as_deref().copied().unwrap_or_default();
        let mut numbered = Vec::new();
        for (label, mut text, mut colour) in &mut self.texts {
            let Ok((_, die, _)) = dice.get(label.0) else {
                continue;
            };
            if !orders.iter().any(|(t, _)| *t == die.tray) {
                let slots = self.order.numbered(die.tray).unwrap_or_default();
                orders.push((die.tray, slots));
            }
            let number = orders
                .iter()
                .find(|(t, _)| *t == die.tray)
                .and_then(|(_, slots)| slots.iter().position(|&s| s == die.slot));
            let under_cursor = cursor.tray == Some(die.tray) && number == Some(cursor.at);
            let want = match number {
                Some(n) if under_cursor => format!("[{}]", n + 1),
                Some(n) => (n + 1).to_string(),
                None => String::new(),
            };
            show(&mut text, &want);
            let tint = if under_cursor { GOLD } else { TEXT };
            if colour.0 != tint {
                colour.0 = tint;
            }
            if number.is_some() {
                numbered.push(label.0);
            }
        }
        numbered
    }
}

/// One number label per die, spawned with the dice and gone with them.
fn sync_number_labels(
    dice: Query<Entity, With<Die>>,
    labels: Query<(Entity, &NumberLabel)>,
    mut commands: Commands,
) {
    let of = || labels.iter().map(|(label, of)| (label, of.0));
    one_label_each(
        dice.iter(),
        |d| dice.contains(d),
        of,
        &mut commands,
        |die| {
            (
                NumberLabel(die),
                Text::new(""),
                TextFont::from_font_size(SMALL_SIZE),
                TextColor(TEXT),
                panel_fill(),
                Node {
                    position_type: PositionType::Absolute,
                    padding: UiRect::axes(Val::Px(5.0), Val::Px(0.0)),
                    ..default()
                },
                GlobalZIndex(LABEL_Z),
                Visibility::Hidden,
                Pickable::IGNORE,
            )
        },
    );
}
