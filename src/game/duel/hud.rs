//! The duel's HUD: the opponent's hand and words at the top, the score, pot
//! and coins in the corner, the player's hand, whose turn it is, the live win
//! chance and the buttons at the bottom. Texts update without a renderer.

use bevy::prelude::*;

use crate::dice::{TrayDice, holds_changed};
use crate::game::table::buttons::{MainButton, Offered, TableButtons, match_buttons};
use crate::game::table::{Accuse, Hands, UseBadge};
use crate::game::theme::{BIG_SIZE, BODY_SIZE, GOLD, SMALL_SIZE, TEXT, panel_fill, text};
use crate::game::theme::{GAP, OnClick, ROUND_PANEL, SUSPICION};
use crate::game::{AppSystems, Screen};
use crate::rules::duel::Step;

use super::odds_bar::odds_row;
use super::{Table, TableLink};

/// Size of a hand's name in a duel (two hands share the screen).
const DUEL_HAND_SIZE: f32 = 34.0;
/// Colour of the opponent's words.
const SAID: Color = Color::srgb(0.7, 0.85, 1.0);

/// A duel HUD text, by role.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuelText {
    /// The far seat's name (the opponent, a friend or the peer).
    FarName,
    /// Where the match is played and for what: the venue, the ladder, or
    /// practice; and the opponent's badge.
    Venue,
    /// The player's badge: its exact effect when it can be used now.
    Badge,
    /// The far seat's hand.
    FarHand,
    /// The far seat's faces.
    FarFaces,
    /// What the far seat last said (its bet, or its hold and why).
    FarSaid,
    /// What its dice showed that looks crooked, and how to accuse it (a
    /// click accuses, as the key does).
    Suspicion,
    /// At a table of two people, what the far seat's player does now, in
    /// their own panel (empty otherwise).
    FarStatus,
    /// Round score.
    Score,
    /// Pot.
    Pot,
    /// The player's coins.
    Coins,
    /// The player's hand.
    PlayerHand,
    /// The player's faces.
    PlayerFaces,
    /// Whose turn and what to do.
    Status,
    /// Hint or notice.
    Message,
    /// The live win chance's figure.
    Odds,
    /// The main button's label.
    MainLabel,
    /// The check / call button's label.
    StayLabel,
    /// The raise button's label.
    RaiseLabel,
    /// The keys.
    Help,
}

/// Adds the duel HUD.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Duel), spawn_duel_hud);
    app.add_systems(
        Update,
        // What the buttons show follows the table, the hands and the holds.
        refresh_buttons
            .run_if(
                resource_exists_and_changed::<Table>
                    .or_eager(resource_changed::<TableLink>)
                    .or_eager(resource_changed::<Hands>)
                    .or_eager(holds_changed)
                    .or_eager(any_match_filter::<Added<MainButton>>),
            )
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel)))
            .in_set(AppSystems::Present),
    );
}

/// The widest a corner panel grows, as a share of the window's width: its
/// lines wrap rather than reach over the trays in the middle.
const CORNER_SHARE: f32 = 30.0;
/// The widest the row of buttons grows, as a share of the window's width:
/// beside the near tray's rim, which reaches to 30 % of the width from
/// either side in a 4:3 window, not on it; buttons that do not fit side by
/// side stand one above the other.
const BUTTONS_SHARE: f32 = 28.0;

/// A panel of the HUD's corners, no wider than [`CORNER_SHARE`] of a
/// parent as wide as the window.
fn panel(children: impl Bundle) -> impl Bundle {
    panel_within(Val::Percent(CORNER_SHARE), children)
}

/// A panel no wider than `max_width` of its parent.
fn panel_within(max_width: Val, children: impl Bundle) -> impl Bundle {
    (
        Node {
            max_width,
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::axes(Val::Px(18.0), Val::Px(6.0)),
            row_gap: Val::Px(2.0),
            border_radius: ROUND_PANEL,
            ..default()
        },
        panel_fill(),
        Pickable::IGNORE,
        children,
    )
}

/// The opponent's panel and the table's (score, pot, coins, keys) across the top.
fn top_row() -> impl Bundle {
    (
        Node {
            width: Val::Percent(100.0),
            flex_direction: FlexDirection::Row,
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::FlexStart,
            ..default()
        },
        Pickable::IGNORE,
        children![
            panel(children![
                text(DuelText::FarName, BODY_SIZE, TEXT),
                text(DuelText::Venue, SMALL_SIZE, TEXT),
                text(DuelText::FarHand, DUEL_HAND_SIZE, GOLD),
                text(DuelText::FarFaces, BODY_SIZE, TEXT),
                text(DuelText::FarSaid, BODY_SIZE, SAID),
                (
                    text(DuelText::Suspicion, SMALL_SIZE, SUSPICION),
                    OnClick::with(|world| {
                        let by = world.resource::<Hands>().seat;
                        world.trigger(Accuse { by, against: None });
                    }),
                ),
                text(DuelText::FarStatus, BODY_SIZE, TEXT),
            ]),
            panel(children![
                text(DuelText::Score, BODY_SIZE, TEXT),
                text(DuelText::Pot, BIG_SIZE, GOLD),
                text(DuelText::Coins, BODY_SIZE, GOLD),
                (
                    DuelText::Help,
                    Text::new(""),
                    TextFont::from_font_size(SMALL_SIZE),
                    TextColor(TEXT.with_alpha(0.75)),
                    Pickable::IGNORE,
                ),
            ]),
        ],
    )
}

/// The main, 確定 and betting buttons, bottom right.
fn button_row() -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::WrapReverse,
            justify_content: JustifyContent::FlexEnd,
            align_items: AlignItems::FlexEnd,
            column_gap: Val::Px(10.0),
            row_gap: GAP,
            flex_shrink: 1.0,
            max_width: Val::Percent(BUTTONS_SHARE),
            ..default()
        },
        Pickable::IGNORE,
        match_buttons::<Table, _>([
            DuelText::MainLabel,
            DuelText::StayLabel,
            DuelText::RaiseLabel,
        ]),
    )
}

fn spawn_duel_hud(mut commands: Commands) {
    let (top, odds, buttons) = (
        top_row(),
        odds_row(text(DuelText::Odds, BODY_SIZE, TEXT)),
        button_row(),
    );
    let row = |align: AlignItems| Node {
        width: Val::Percent(100.0),
        flex_direction: FlexDirection::Row,
        justify_content: JustifyContent::SpaceBetween,
        align_items: align,
        column_gap: Val::Px(10.0),
        ..default()
    };
    // The trays fill the middle; everything else sits in the four corners.
    commands.spawn((
        Name::new("Duel HUD"),
        DespawnOnExit(Screen::Duel),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            padding: UiRect::all(Val::Px(10.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            top,
            (
                row(AlignItems::FlexEnd),
                Pickable::IGNORE,
                children![
                    (
                        Node {
                            flex_direction: FlexDirection::Column,
                            align_items: AlignItems::FlexStart,
                            row_gap: Val::Px(6.0),
                            flex_shrink: 0.0,
                            // The corner's share of the row (as wide as the window).
                            max_width: Val::Percent(CORNER_SHARE),
                            ..default()
                        },
                        Pickable::IGNORE,
                        children![
                            odds,
                            panel_within(
                                Val::Percent(100.0),
                                children![
                                    text(DuelText::PlayerHand, DUEL_HAND_SIZE, GOLD),
                                    text(DuelText::PlayerFaces, BODY_SIZE, TEXT),
                                    text(DuelText::Status, BODY_SIZE, TEXT),
                                    (
                                        text(DuelText::Badge, BODY_SIZE, GOLD),
                                        // A click on the badge's offer uses it, as B does.
                                        OnClick::with(|world| {
                                            let by = world.resource::<Hands>().seat;
                                            world.trigger(UseBadge { by });
                                        }),
                                    ),
                                    text(DuelText::Message, BODY_SIZE, GOLD),
                                ]
                            ),
                        ],
                    ),
                    buttons,
                ],
            ),
        ],
    ));
}

/// Only the buttons the side at the keyboard can use now are shown.
fn refresh_buttons(
    table: Res<Table>,
    link: Res<TableLink>,
    hands: Res<Hands>,
    held: TrayDice,
    mut buttons: TableButtons,
) {
    let step = table.duel.step();
    let me = hands.side();
    let all_held = held.held(table.trays[me.index()]).iter().all(|&h| h);
    buttons.offer(&Offered {
        betting: step == Step::Bet(me),
        acts: table.next_step(*link, me, all_held).acts(),
        stand: step == Step::Reroll(me) && !all_held,
        bets: table.duel.legal_bets(me),
    });
}
