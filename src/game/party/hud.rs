//! The table's HUD: a panel beside each seat's tray (its name, coins and
//! stake, hand, faces, wins and exact share of the pot), the pot and whose
//! turn it is at the top, the buttons and the keys at the bottom. The trays
//! fill the middle of the window (the camera frames them, `presentation`);
//! every panel keeps to the window's edges and strips.

use bevy::prelude::*;

use crate::dice::{TrayDice, holds_changed};
use crate::game::core::view::SceneView;
use crate::game::core::watch::write_role;
use crate::game::table::buttons::{MainButton, Offered, TableButtons, match_buttons};
use crate::game::table::{Accuse, Hands};
use crate::game::theme::{
    BODY_SIZE, GAP, GOLD, OnClick, ROUND_PANEL, SMALL_SIZE, SUSPICION, TEXT, panel_fill, text,
};
use crate::game::{AppSystems, Screen};
use crate::lang::{Lang, tr};
use crate::rules::table::TableStep;

use super::Party;

/// The widest a seat's panel grows, as a share of the window's width: the
/// trays take the middle three fifths of a 4:3 window.
pub const SEAT_SHARE: f32 = 18.5;
/// Where a far seat's panel starts from the window's top, and a near
/// seat's, as shares of its height: level with their trays.
pub const FAR_PANEL_TOP: f32 = 24.0;
/// See [`FAR_PANEL_TOP`].
pub const NEAR_PANEL_TOP: f32 = 52.0;
/// Size of a seat's hand name, where its panel has the room.
const SEAT_HAND_SIZE: f32 = 24.0;
/// The longest hand name, in full-width characters (`3のフラッシュ`): a
/// panel with less room than that many at [`SEAT_HAND_SIZE`] writes its hand
/// smaller, so a hand's name is never broken over two lines.
const LONGEST_HAND: f32 = 7.0;
/// A seat panel's padding on each side, in UI pixels.
const SEAT_PADDING: f32 = 8.0;
/// The fill of the panel of the seat whose move the table waits for.
pub const PANEL_TURN: Color = Color::srgba(0.35, 0.22, 0.02, 0.8);

/// One line of a seat's panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatLine {
    /// Who sits there.
    Name,
    /// Its coins and what it has put in this round.
    Stack,
    /// Its hand.
    Hand,
    /// Its faces, in its dice's numbers' order.
    Faces,
    /// Its wins, and whether it folded, is all in or out.
    State,
    /// Its exact share of the pot from here.
    Chance,
    /// The evidence against its dice, and what a search found (written by
    /// the cheats' room); a click accuses it.
    Suspicion,
}

/// A text of a seat's panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatText {
    /// The seat.
    pub seat: usize,
    /// Which line.
    pub line: SeatLine,
}

/// A seat's panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatPanel(pub usize);

/// A text of the table's own (pot, status, keys, button labels).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartyText {
    /// The pot, round and match length.
    Pot,
    /// Whose turn and what to do, or how the round ended.
    Status,
    /// The keys.
    Help,
    /// The main button's label.
    MainLabel,
    /// The check / call button's label.
    StayLabel,
    /// The raise button's label.
    RaiseLabel,
}

pub(super) fn plugin(app: &mut App) {
    // Each seat's panel stands by its tray as the table was laid (a table
    // that comes back has its own seats, whatever the lineup chosen now).
    app.add_systems(
        OnEnter(Screen::Party),
        spawn_hud.after(super::setup::set_table),
    );
    app.add_systems(
        Update,
        place_seat_panels
            .run_if(
                resource_exists_and_changed::<UiScale>
                    .or_eager(any_match_filter::<Added<SeatPanel>>)
                    .or_eager(
                        any_match_filter::<(
                            With<Camera3d>,
                            Or<(Changed<Camera>, Changed<GlobalTransform>)>,
                        )>,
                    ),
            )
            .run_if(in_state(Screen::Party))
            .in_set(AppSystems::Present),
    );
    app.add_systems(
        Update,
        refresh_buttons
            .run_if(
                resource_exists_and_changed::<Party>
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(resource_changed::<Hands>)
                    .or_eager(holds_changed)
                    .or_eager(any_match_filter::<Added<MainButton>>),
            )
            .run_if(resource_exists::<Party>)
            .in_set(AppSystems::Present),
    );
}

fn seat_panel(seat: usize, right: bool, far: bool) -> impl Bundle {
    let line = move |line, size, color| text(SeatText { seat, line }, size, color);
    (
        SeatPanel(seat),
        Node {
            position_type: PositionType::Absolute,
            left: if right { Val::Auto } else { Val::Px(10.0) },
            right: if right { Val::Px(10.0) } else { Val::Auto },
            top: Val::Percent(if far { FAR_PANEL_TOP } else { NEAR_PANEL_TOP }),
            max_width: Val::Percent(SEAT_SHARE),
            flex_direction: FlexDirection::Column,
            align_items: if right {
                AlignItems::FlexEnd
            } else {
                AlignItems::FlexStart
            },
            padding: UiRect::axes(Val::Px(SEAT_PADDING), Val::Px(6.0)),
            row_gap: Val::Px(2.0),
            border_radius: ROUND_PANEL,
            ..default()
        },
        panel_fill(),
        Pickable::IGNORE,
        children![
            line(SeatLine::Name, BODY_SIZE, TEXT),
            line(SeatLine::Stack, SMALL_SIZE, GOLD),
            line(SeatLine::Hand, SEAT_HAND_SIZE, GOLD),
            line(SeatLine::Faces, SMALL_SIZE, TEXT),
            line(SeatLine::State, SMALL_SIZE, TEXT),
            line(SeatLine::Chance, SMALL_SIZE, TEXT),
            (
                line(SeatLine::Suspicion, SMALL_SIZE, SUSPICION),
                OnClick::with(move |world| {
                    let by = world.resource::<Hands>().seat;
                    world.trigger(Accuse {
                        by,
                        against: Some(seat),
                    });
                }),
            ),
        ],
    )
}

/// The gap between a seat's panel and its tray's wall, and the least
/// margin from the window's edge, in UI pixels.
const PANEL_GAP: f32 = 10.0;

/// A tray's outer bounds on screen, in UI pixels: its walls' eight top and
/// bottom corners, projected.
fn tray_on_screen(
    camera: &Camera,
    eye: &GlobalTransform,
    view: SceneView,
    ui_scale: f32,
    at: Vec3,
) -> Option<Rect> {
    use crate::dice::tray::{TRAY_DEPTH, TRAY_WIDTH, WALL_HEIGHT, WALL_THICKNESS};
    let half = Vec2::new(TRAY_WIDTH, TRAY_DEPTH) / 2.0 + Vec2::splat(WALL_THICKNESS);
    let mut bounds: Option<Rect> = None;
    for corner in 0..8 {
        let side = |bit: usize| if corner & bit == 0 { -1.0 } else { 1.0 };
        let y = if corner & 4 == 0 { 0.0 } else { WALL_HEIGHT };
        let point = at + Vec3::new(side(1) * half.x, y, side(2) * half.y);
        let seen = camera.world_to_viewport(eye, point).ok()?;
        let p = view.to_window(seen) / ui_scale.max(f32::EPSILON);
        bounds = Some(bounds.map_or(Rect::from_center_size(p, Vec2::ZERO), |b| b.union_point(p)));
    }
    bounds
}

/// Each seat's panel beside its tray, level with its top: a left tray's to
/// its left, a right tray's to its right, never wider than the room there.
/// (Without a camera, as headless, they keep to the window's edges.)
fn place_seat_panels(
    party: Option<Res<Party>>,
    ui_scale: Option<Res<UiScale>>,
    view: Option<Res<SceneView>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut panels: Query<(&SeatPanel, &mut Node)>,
    mut texts: Query<(&SeatText, &mut TextFont)>,
) {
    let Ok((camera, eye)) = camera.single() else {
        return;
    };
    let view = view.as_deref().copied().unwrap_or_default();
    let scale = ui_scale.map_or(1.0, |s| s.0);
    let Some(size) = camera.logical_viewport_size() else {
        return;
    };
    let width = view.to_window(size).x / scale.max(f32::EPSILON);
    let Some(party) = party else {
        return;
    };
    for (panel, mut node) in &mut panels {
        let Some(&at) = party.places.get(panel.0) else {
            continue;
        };
        let Some(tray) = tray_on_screen(camera, eye, view, scale, at) else {
            continue;
        };
        let (left, right, room) = if at.x > 0.0 {
            let left = tray.max.x + PANEL_GAP;
            (Val::Px(left), Val::Auto, width - left - PANEL_GAP)
        } else {
            let right = width - tray.min.x + PANEL_GAP;
            (Val::Auto, Val::Px(right), tray.min.x - 2.0 * PANEL_GAP)
        };
        let want = Node {
            left,
            right,
            top: Val::Px(tray.min.y.max(0.0)),
            max_width: Val::Px(room.max(0.0)),
            ..node.clone()
        };
        if *node != want {
            *node = want;
        }
        // The hand's name on one line, smaller where the room is narrow.
        let hand = ((room - 2.0 * SEAT_PADDING) / LONGEST_HAND).clamp(SMALL_SIZE, SEAT_HAND_SIZE);
        for (line, mut font) in &mut texts {
            if line.seat == panel.0
                && line.line == SeatLine::Hand
                && !matches!(font.font_size, FontSize::Px(px) if px == hand)
            {
                font.font_size = FontSize::Px(hand);
            }
        }
    }
}

/// The strip across the top (the pot, whose turn) or the bottom (the
/// buttons, the keys): the window's whole width, so the betting buttons
/// stand in one row at any text size, above or below the trays.
fn strip(top: bool, children: impl Bundle) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(8.0),
            right: Val::Px(8.0),
            top: if top { Val::Px(8.0) } else { Val::Auto },
            bottom: if top { Val::Auto } else { Val::Px(8.0) },
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: GAP,
            ..default()
        },
        Pickable::IGNORE,
        children,
    )
}

fn spawn_hud(mut commands: Commands, party: Option<Res<Party>>) {
    let Some(party) = party else {
        return;
    };
    let root = commands
        .spawn((
            Name::new("Table HUD"),
            DespawnOnExit(Screen::Party),
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    for (seat, at) in party.places.iter().enumerate() {
        commands.spawn((ChildOf(root), seat_panel(seat, at.x > 0.0, at.z < 0.0)));
    }
    commands.spawn((
        ChildOf(root),
        strip(
            true,
            children![(
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    padding: UiRect::axes(Val::Px(16.0), Val::Px(6.0)),
                    border_radius: ROUND_PANEL,
                    ..default()
                },
                panel_fill(),
                Pickable::IGNORE,
                children![
                    text(PartyText::Pot, BODY_SIZE, GOLD),
                    text(PartyText::Status, BODY_SIZE, TEXT),
                ],
            )],
        ),
    ));
    commands.spawn((
        ChildOf(root),
        strip(
            false,
            children![
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        column_gap: Val::Px(10.0),
                        row_gap: GAP,
                        ..default()
                    },
                    Pickable::IGNORE,
                    match_buttons::<Party, _>([
                        PartyText::MainLabel,
                        PartyText::StayLabel,
                        PartyText::RaiseLabel,
                    ]),
                ),
                (
                    PartyText::Help,
                    Text::new(""),
                    TextFont::from_font_size(SMALL_SIZE),
                    TextColor(TEXT.with_alpha(0.75)),
                    TextLayout::justify(Justify::Center),
                    Pickable::IGNORE,
                ),
            ],
        ),
    ));
}

/// Only the buttons the seat at the keyboard can use now are shown, and
/// the main one says what Space does.
fn refresh_buttons(
    party: Res<Party>,
    hands: Res<Hands>,
    held: TrayDice,
    lang: Res<Lang>,
    mut labels: Query<(&PartyText, &mut Text)>,
    mut buttons: TableButtons,
) {
    let Some(seat) = hands.at_match() else {
        return;
    };
    let step = party.table.step();
    let all_held = held.held(party.trays[seat]).iter().all(|&h| h);
    let next = party.next_step(seat, all_held);
    write_role(&mut labels, PartyText::MainLabel, tr(*lang, next.label()));
    buttons.offer(&Offered {
        betting: step == TableStep::Bet(seat),
        acts: next.acts(),
        stand: step == TableStep::Reroll(seat) && !all_held,
        bets: party.table.legal_bets(seat),
    });
}
