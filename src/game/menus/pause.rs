//! Esc over a game: the settings drawn over the table (speed, reduced
//! motion, text size, language), and two more rows: one leaves the table for
//! the menu, one quits the game. While it is open the table waits for the player; Esc closes it.

use bevy::prelude::*;

use crate::game::career::menu_from;
use crate::game::duel::TableLink;
use crate::game::party::Party;
use crate::game::screens::settings::{
    ChangeSetting, Setting, SettingsCursor, read_settings_keys, spawn_settings_rows,
};
use crate::game::theme::{GAP, ROUND_SHEET};
use crate::game::theme::{OnClick, SHEET};
use crate::game::{AppSystems, Chosen, Overlay, Played, Screen};
use crate::keymap::Controls;

use super::rules::{read_rules_keys, round_button};

/// The dimmed table behind the overlay.
const SHADE: Color = Color::srgba(0.0, 0.0, 0.0, 0.75);
/// Above every HUD, under nothing.
const ON_TOP: i32 = 60;

/// Esc, the rows' keys and leaving, and the overlay drawn over the game.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            toggle_menu.before(read_rules_keys),
            read_rows.run_if(in_state(Overlay::Settings)),
        )
            .in_set(AppSystems::Rules),
    );
    app.add_systems(OnEnter(Overlay::Settings), (reset_cursor, show_menu));
    app.add_observer(leave);
    for screen in [Screen::Solo, Screen::Duel, Screen::Party] {
        app.add_systems(OnEnter(screen), spawn_menu_button);
    }
}

/// The ≡ under the rules' ?: the menu a mouse alone can open (Esc with
/// keys, Start with a pad), to change a setting or leave the table.
#[derive(Component, Debug)]
pub struct MenuButton;

/// One bar of the menu button's face.
fn menu_bar() -> impl Bundle {
    (
        Node {
            width: Val::Px(MENU_BAR.x),
            height: Val::Px(MENU_BAR.y),
            margin: UiRect::vertical(Val::Px(MENU_BAR.y)),
            ..default()
        },
        BackgroundColor(Color::BLACK),
        Pickable::IGNORE,
    )
}

/// Each bar's width and height, in pixels (the gap between is a height).
const MENU_BAR: Vec2 = Vec2::new(16.0, 2.5);

fn spawn_menu_button(screen: Res<State<Screen>>, mut commands: Commands) {
    commands.spawn((
        Name::new("Menu button"),
        MenuButton,
        DespawnOnExit(*screen.get()),
        round_button(1),
        // Three bars drawn, not a glyph: the game's font has none for ≡.
        children![menu_bar(), menu_bar(), menu_bar()],
        OnClick::with(|world| {
            let next = match world.resource::<State<Overlay>>().get() {
                Overlay::Settings => Overlay::None,
                Overlay::None | Overlay::Rules => Overlay::Settings,
            };
            world.resource_mut::<NextState<Overlay>>().set(next);
        }),
    ));
}

/// Esc over a game opens the overlay, and closes it again; an open rules
/// panel takes the Esc first. Over a table that was cut off (a peer left),
/// where the screen says "Esc: メニューへ", Esc leaves for the menu at once.
fn toggle_menu(
    controls: Controls,
    screen: Res<State<Screen>>,
    overlay: Res<State<Overlay>>,
    link: Option<Res<TableLink>>,
    party: Option<Res<Party>>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    let pressed = controls.back();
    let Some(played) = screen.get().played().filter(|_| pressed) else {
        return;
    };
    let closed = match played {
        Played::Duel => link.is_some_and(|l| l.closed),
        Played::Party => party.is_some_and(|p| p.closed()),
        Played::Solo => false,
    };
    match overlay.get() {
        Overlay::None if closed => commands.trigger(ChangeSetting(Setting::Leave)),
        Overlay::None => next.set(Overlay::Settings),
        Overlay::Settings => next.set(Overlay::None),
        Overlay::Rules => {}
    }
}

fn reset_cursor(mut cursor: ResMut<SettingsCursor>) {
    cursor.0 = 0;
}

fn read_rows(controls: Controls, cursor: ResMut<SettingsCursor>, commands: Commands) {
    read_settings_keys(&controls, cursor, commands, Setting::rows(true));
}

/// Leaving gives up what is on the table, as leaving always did.
fn leave(
    change: On<ChangeSetting>,
    screen: Res<State<Screen>>,
    chosen: Res<Chosen>,
    mut overlay: ResMut<NextState<Overlay>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    if change.0 == Setting::Quit {
        // As closing the window: what is under way comes back next time.
        exit.write(AppExit::Success);
        return;
    }
    if change.0 == Setting::Resume {
        overlay.set(Overlay::None);
        return;
    }
    if change.0 != Setting::Leave {
        return;
    }
    overlay.set(Overlay::None);
    next.set(match screen.get().played() {
        Some(Played::Duel) => menu_from(chosen.0),
        Some(Played::Solo | Played::Party) | None => Screen::Start,
    });
}

fn show_menu(mut commands: Commands) {
    let root = commands
        .spawn((
            Name::new("Settings over the game"),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(SHADE),
            GlobalZIndex(ON_TOP),
            DespawnOnExit(Overlay::Settings),
        ))
        .id();
    // The rows on a sheet of their own, so the table does not show through.
    let sheet = commands
        .spawn((
            ChildOf(root),
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: GAP,
                padding: UiRect::all(Val::Px(20.0)),
                max_width: Val::Percent(96.0),
                border_radius: ROUND_SHEET,
                ..default()
            },
            BackgroundColor(SHEET),
        ))
        .id();
    spawn_settings_rows(&mut commands, sheet, true);
}
