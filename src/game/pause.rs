//! Esc over a game: the settings drawn over the table (speed, reduced
//! motion, text size, language), and one more row that leaves the table for
//! the menu. While it is open the table waits for the player; Esc closes it.

use bevy::prelude::*;

use super::career::menu_from;
use super::rules_panel::{RulesPanel, read_rules_keys};
use super::settings::{
    ChangeSetting, Setting, SettingsCursor, read_settings_keys, spawn_settings_rows,
};
use super::start::{Chosen, MENU_KEY};
use super::{AppSystems, Screen};

/// The dimmed table behind the overlay.
const SHADE: Color = Color::srgba(0.0, 0.0, 0.0, 0.75);
/// The sheet the rows sit on.
const SHEET: Color = Color::srgb(0.1, 0.11, 0.13);
/// Above every HUD, under nothing.
const ON_TOP: i32 = 60;

/// Whether the settings are open over the game (the table waits).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GameMenu {
    /// Shown, and the table waits.
    pub open: bool,
}

/// Esc, the rows' keys and leaving; runs without a window.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameMenu>();
    // No seat moves while the overlay is open.
    app.configure_sets(
        Update,
        AppSystems::Input.run_if(|menu: Res<GameMenu>| !menu.open),
    );
    app.add_systems(
        Update,
        (
            toggle_menu.before(read_rules_keys),
            read_rows.run_if(|menu: Res<GameMenu>| menu.open),
        )
            .chain()
            .in_set(AppSystems::Rules),
    );
    app.add_systems(OnExit(Screen::Solo), close);
    app.add_systems(OnExit(Screen::Duel), close);
    app.add_observer(leave);
}

/// Esc over a game opens the overlay, and closes it again; an open rules
/// panel takes the Esc first.
fn toggle_menu(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    screen: Res<State<Screen>>,
    rules: Res<RulesPanel>,
    mut menu: ResMut<GameMenu>,
    mut cursor: ResMut<SettingsCursor>,
) {
    let pressed = keys.is_some_and(|k| k.just_pressed(MENU_KEY));
    if !pressed || rules.open || !matches!(screen.get(), Screen::Solo | Screen::Duel) {
        return;
    }
    menu.open = !menu.open;
    if menu.open {
        cursor.0 = 0;
    }
}

fn read_rows(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<GameMenu>,
    cursor: ResMut<SettingsCursor>,
    commands: Commands,
) {
    // Not on the frame Esc opened it: that key was not meant for a row.
    if let Some(keys) = keys.filter(|_| !menu.is_changed()) {
        read_settings_keys(&keys, cursor, commands, Setting::rows(true));
    }
}

/// Leaving gives up what is on the table, as leaving always did.
fn leave(
    change: On<ChangeSetting>,
    screen: Res<State<Screen>>,
    chosen: Res<Chosen>,
    mut menu: ResMut<GameMenu>,
    mut next: ResMut<NextState<Screen>>,
) {
    if change.0 != Setting::Leave {
        return;
    }
    menu.open = false;
    next.set(match screen.get() {
        Screen::Duel => menu_from(chosen.0),
        _ => Screen::Start,
    });
}

fn close(mut menu: ResMut<GameMenu>) {
    if menu.open {
        menu.open = false;
    }
}

/// The overlay drawn over the game.
pub fn screen_plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_menu
            .run_if(resource_changed::<GameMenu>)
            .in_set(AppSystems::Present),
    );
}

/// The drawn overlay.
#[derive(Component, Debug)]
struct MenuOverlay;

fn show_menu(
    menu: Res<GameMenu>,
    overlays: Query<Entity, With<MenuOverlay>>,
    mut commands: Commands,
) {
    for overlay in &overlays {
        commands.entity(overlay).despawn();
    }
    if !menu.open {
        return;
    }
    let root = commands
        .spawn((
            Name::new("Settings over the game"),
            MenuOverlay,
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
        ))
        .id();
    // The rows on a sheet of their own, so the table does not show through.
    let sheet = commands
        .spawn((
            ChildOf(root),
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: Val::Px(8.0),
                padding: UiRect::all(Val::Px(20.0)),
                max_width: Val::Percent(96.0),
                border_radius: BorderRadius::all(Val::Px(12.0)),
                ..default()
            },
            BackgroundColor(SHEET),
        ))
        .id();
    spawn_settings_rows(&mut commands, sheet, true);
}
