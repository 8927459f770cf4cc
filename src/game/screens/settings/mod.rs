//! The settings screen (設定 on the start screen) and the same rows over a
//! game (Esc): the game's speed, reduced motion, the text size, the graphics
//! and the language, by keyboard (↑↓ to choose, ←→, Enter or Space to
//! change, Esc back) or mouse (a click changes a row). Every value is a
//! section of the profile, kept with the save; the rows are described once
//! in `rows`, and the lines are written again whenever the profile changes.

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::theme::OnClick;

mod rows;

pub use rows::{Action, LeaveRow, Row, Setting, SettingValue, setting_line};

use crate::keymap::Controls;

use crate::game::career::menu_from;
use crate::game::profile::Wallet;
use crate::game::profile::sections::SectionsRef;
use crate::game::theme::CursorRow;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GOLD, InView, SMALL_SIZE, TEXT, light_row, panel_fill, spawn_menu,
};
use crate::game::theme::{GAP, ROUND_PANEL, words};
use crate::game::{AppSystems, Chosen, Screen};
use crate::lang::{Key, Lang};

/// The highlighted row.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SettingsCursor(pub usize);

/// Change this setting to its next value (a key or a click).
#[derive(Event, Debug, Clone, Copy)]
pub struct ChangeSetting(pub Setting);

/// The keys and the changes; runs without a window.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SettingsCursor>();
    app.add_systems(
        Update,
        (|controls: Controls, cursor: ResMut<SettingsCursor>, commands: Commands| {
            read_settings_keys(&controls, cursor, commands, Setting::rows(false));
        })
        .run_if(in_state(Screen::Settings))
        .in_set(AppSystems::Input),
    );
    app.add_observer(change_setting);
    // The screen's look; windowed and headless HUD alike.
    app.add_systems(OnEnter(Screen::Settings), spawn_settings);
    // On the settings screen, or over a game (Esc).
    app.add_systems(
        Update,
        (
            light_settings_rows.run_if(
                resource_changed::<SettingsCursor>.or_else(any_match_filter::<Added<Setting>>),
            ),
            // A value (every setting is a section of the profile, the
            // language too), the table's stake, or rows just drawn.
            write_settings_texts.run_if(
                profile_changed
                    .or_else(resource_changed::<Wallet>)
                    .or_else(resource_changed::<Chosen>)
                    .or_else(any_match_filter::<Added<SettingText>>),
            ),
        )
            .run_if(any_with_component::<SettingText>)
            .in_set(AppSystems::Present),
    );
}

/// ↑↓ choose one of `rows`; ←→, Enter or Space change it.
pub fn read_settings_keys(
    controls: &Controls,
    mut cursor: ResMut<SettingsCursor>,
    mut commands: Commands,
    rows: &[Setting],
) {
    let at = controls.step_cursor(cursor.0, rows.len());
    if cursor.0 != at {
        cursor.0 = at;
    }
    if controls.pick() || controls.left() || controls.right() {
        commands.trigger(ChangeSetting(rows[at]));
    }
}

fn change_setting(
    change: On<ChangeSetting>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    match change.0.row() {
        Row::Value { change, .. } => commands.queue(change),
        Row::Does(Action::Keys) => next.set(Screen::Keys),
        Row::Does(Action::Back) => next.set(Screen::Start),
        // Told by the pause overlay, which knows where the menu is.
        Row::Does(Action::Resume | Action::Leave | Action::Quit) => {}
    }
}

/// A row's text on screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingText(pub Setting);

fn spawn_settings(mut commands: Commands) {
    let root = spawn_menu(
        &mut commands,
        (
            Name::new("Settings screen"),
            DespawnOnExit(Screen::Settings),
        ),
        GAP,
    );
    spawn_settings_rows(&mut commands, root, false);
}

/// The title, one row per setting (and, over a game, the row that leaves the
/// table) and the footer, under `root`: keyboard and mouse alike.
pub fn spawn_settings_rows(commands: &mut Commands, root: Entity, in_game: bool) {
    let text = |size: f32, color: Color| {
        (
            Text::new(""),
            TextFont::from_font_size(size),
            TextColor(color),
            Pickable::IGNORE,
        )
    };
    let (title, footer) = if in_game {
        (Key::PauseTitle, Key::PauseFooter)
    } else {
        (Key::SettingsTitle, Key::SettingsFooter)
    };
    commands.spawn((ChildOf(root), words(title, BIG_SIZE * 1.4, GOLD)));
    let rows = Setting::rows(in_game);
    for (i, &setting) in rows.iter().enumerate() {
        commands
            .spawn((
                ChildOf(root),
                setting,
                Button,
                Node {
                    width: Val::Px(460.0),
                    max_width: Val::Percent(92.0),
                    padding: UiRect::axes(Val::Px(18.0), Val::Px(8.0)),
                    border_radius: ROUND_PANEL,
                    ..default()
                },
                panel_fill(),
                children![(SettingText(setting), text(BODY_SIZE, TEXT))],
                CursorRow,
                OnClick::trigger(ChangeSetting(setting)),
            ))
            // The pointer takes the cursor only when it moves: a row that
            // opens under a resting pointer leaves the keyboard's cursor alone.
            .observe(
                move |_: On<Pointer<Move>>, mut cursor: ResMut<SettingsCursor>| {
                    if cursor.0 != i {
                        cursor.0 = i;
                    }
                },
            );
    }
    commands.spawn((
        ChildOf(root),
        words(footer, SMALL_SIZE, TEXT.with_alpha(0.8)),
    ));
}

/// True when a section of the profile changed (any setting among them).
fn profile_changed(sections: SectionsRef) -> bool {
    sections.changed()
}

/// The cursor's row is lit.
fn light_settings_rows(
    cursor: Res<SettingsCursor>,
    mut rows: Query<(Entity, &Setting, &mut BackgroundColor, Has<InView>)>,
    mut commands: Commands,
) {
    let in_game = rows.iter().any(|(_, s, ..)| *s == Setting::Leave);
    for (entity, setting, mut color, marked) in &mut rows {
        let lit = Setting::rows(in_game).get(cursor.0) == Some(setting);
        light_row(
            &mut commands,
            entity,
            lit.then_some(BUTTON),
            marked,
            &mut color,
        );
    }
}

/// Every row's line and the captions, as the profile and the table stand.
fn write_settings_texts(world: &mut World) {
    let lang = *world.resource::<Lang>();
    let leave = LeaveRow {
        to_ladder: menu_from(world.resource::<Chosen>().0) == Screen::Ladder,
        loses_stake: world.resource::<Wallet>().at_stake > 0,
    };
    let mut texts = world.query::<(Entity, &SettingText)>();
    let wants: Vec<(Entity, String)> = texts
        .iter(world)
        .map(|(entity, row)| (entity, setting_line(world, row.0, leave, lang)))
        .collect();
    for (entity, want) in wants {
        if let Some(mut text) = world.get_mut::<Text>(entity) {
            show(&mut text, &want);
        }
    }
}
