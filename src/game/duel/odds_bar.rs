//! The live win-chance bar under the player's hand (W shows it): its row,
//! hidden until asked for, and its filling, the player's chance now.

use bevy::prelude::*;

use crate::game::{AppSystems, Screen};

use super::LiveOdds;

/// Colour of the win-chance bar.
const BAR: Color = Color::srgb(0.3, 0.8, 0.4);
/// Width of the win-chance bar.
const BAR_WIDTH: f32 = 260.0;

/// The win-chance bar's filling.
#[derive(Component, Debug)]
pub struct OddsFill;

/// The row holding the win-chance bar.
#[derive(Component, Debug)]
pub struct OddsRow;

/// Keeps the bar shown or hidden, and filled, as the odds say.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        refresh_odds
            .run_if(resource_changed::<LiveOdds>.or_else(any_match_filter::<Added<OddsRow>>))
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// The live win-chance bar (W shows it), `label` before it.
pub(super) fn odds_row(label: impl Bundle) -> impl Bundle {
    (
        OddsRow,
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: Val::Px(10.0),
            display: Display::None,
            ..default()
        },
        Pickable::IGNORE,
        children![
            label,
            (
                Node {
                    width: Val::Px(BAR_WIDTH),
                    height: Val::Px(14.0),
                    border_radius: BorderRadius::all(Val::Px(7.0)),
                    ..default()
                },
                BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.2)),
                Pickable::IGNORE,
                children![(
                    OddsFill,
                    Node {
                        width: Val::Percent(50.0),
                        height: Val::Percent(100.0),
                        border_radius: BorderRadius::all(Val::Px(7.0)),
                        ..default()
                    },
                    BackgroundColor(BAR),
                    Pickable::IGNORE,
                )],
            ),
        ],
    )
}

fn refresh_odds(
    odds: Res<LiveOdds>,
    mut row: Query<&mut Node, With<OddsRow>>,
    mut fill: Query<&mut Node, (With<OddsFill>, Without<OddsRow>)>,
) {
    for mut node in &mut row {
        node.display = if odds.shown {
            Display::Flex
        } else {
            Display::None
        };
    }
    for mut node in &mut fill {
        node.width = Val::Percent(odds.player.unwrap_or(0.0) as f32 * 100.0);
    }
}
