//! The settings screen (設定 on the start screen): the game's speed, reduced
//! motion, the text size, the graphics and the language, by keyboard (↑↓ to choose, ←→, Enter or Space to
//! change, Esc back) or mouse (a click changes a row). Everything is kept
//! with the save.

use bevy::prelude::*;

use crate::keymap::Controls;

use crate::game::career::menu_from;
use crate::game::profile::{Graphics, ReducedMotion, Speed, TextSize, Wallet};
use crate::game::table::speed::speed_words;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GOLD, InView, SMALL_SIZE, TEXT, light_row, panel_fill, spawn_menu,
};
use crate::game::theme::{GAP, ROUND_PANEL};
use crate::game::{AppSystems, Chosen, Screen};
use crate::lang::{Key, Lang, tr, trf};

/// One row of the settings screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    /// 1×, 2×, instant.
    Speed,
    /// Reduced motion on or off.
    Motion,
    /// 100 %, 125 %, 150 %.
    TextSize,
    /// The machine decides, low or high.
    Graphics,
    /// 日本語 or English.
    Language,
    /// Which key does what (a screen of its own; not over a game).
    Keys,
    /// Leave the table for the menu (only over a game).
    Leave,
    /// Close the game (only over a game; the start screen has its own button).
    /// A game under way comes back on the next start, as after closing the window.
    Quit,
}

impl Setting {
    /// Every row, top to bottom.
    pub const ALL: [Setting; 6] = [
        Setting::Speed,
        Setting::Motion,
        Setting::TextSize,
        Setting::Graphics,
        Setting::Language,
        Setting::Keys,
    ];
    /// Every row over a game (Esc): the settings, quitting, then leaving
    /// the table last (Esc ↑ Enter leaves, as it always did).
    pub const IN_GAME: [Setting; 7] = [
        Setting::Speed,
        Setting::Motion,
        Setting::TextSize,
        Setting::Graphics,
        Setting::Language,
        Setting::Quit,
        Setting::Leave,
    ];

    /// The rows shown: over a game, or on the settings screen.
    pub fn rows(in_game: bool) -> &'static [Setting] {
        if in_game { &Self::IN_GAME } else { &Self::ALL }
    }
}

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
        refresh_settings
            .run_if(any_with_component::<SettingText>)
            // A value, the cursor, the language, or rows just drawn.
            .run_if(
                resource_changed::<Speed>
                    .or_else(resource_changed::<ReducedMotion>)
                    .or_else(resource_changed::<TextSize>)
                    .or_else(resource_changed::<Graphics>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(resource_changed::<SettingsCursor>)
                    .or_else(resource_changed::<Wallet>)
                    .or_else(resource_changed::<Chosen>)
                    .or_else(any_match_filter::<Added<SettingText>>),
            )
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
    mut speed: ResMut<Speed>,
    mut motion: ResMut<ReducedMotion>,
    mut text: ResMut<TextSize>,
    mut graphics: ResMut<Graphics>,
    mut lang: ResMut<Lang>,
    mut next: ResMut<NextState<Screen>>,
) {
    match change.0 {
        Setting::Speed => *speed = speed.next(),
        Setting::Motion => motion.0 = !motion.0,
        Setting::TextSize => *text = text.next(),
        Setting::Graphics => *graphics = graphics.next(),
        Setting::Language => *lang = lang.toggled(),
        Setting::Keys => next.set(Screen::Keys),
        // Told by the pause overlay, which knows where the menu is.
        Setting::Leave | Setting::Quit => {}
    }
}

/// Where the leave row over a game goes, and whether leaving gives up a stake.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeaveRow {
    /// A career match goes back to the ladder; every other table to the menu.
    pub to_ladder: bool,
    /// Coins are on the table that leaving gives up (a paid game already over has none).
    pub loses_stake: bool,
}

impl LeaveRow {
    /// What the row says.
    pub fn words(self, lang: Lang) -> String {
        let to = tr(
            lang,
            if self.to_ladder {
                Key::LeaveToLadder
            } else {
                Key::LeaveTable
            },
        );
        if self.loses_stake {
            format!("{to}{}", tr(lang, Key::StakeLost))
        } else {
            to.to_owned()
        }
    }
}

/// A row's text: its name and value.
pub fn setting_line(
    setting: Setting,
    (speed, motion, text, graphics): (Speed, ReducedMotion, TextSize, Graphics),
    leave: LeaveRow,
    lang: Lang,
) -> String {
    let (name, value) = match setting {
        Setting::Speed => (Key::SettingSpeed, speed_words(speed, lang)),
        Setting::Motion => (
            Key::SettingMotion,
            tr(lang, if motion.0 { Key::On } else { Key::Off }).to_owned(),
        ),
        Setting::TextSize => (Key::SettingTextSize, format!("{} %", text.0)),
        Setting::Graphics => (
            Key::SettingGraphics,
            tr(
                lang,
                match graphics {
                    Graphics::Auto => Key::GraphicsAuto,
                    Graphics::Low => Key::GraphicsLow,
                    Graphics::High => Key::GraphicsHigh,
                },
            )
            .to_owned(),
        ),
        Setting::Language => (
            Key::SettingLanguage,
            match lang {
                Lang::Ja => "日本語".to_owned(),
                Lang::En => "English".to_owned(),
            },
        ),
        Setting::Leave => return leave.words(lang),
        Setting::Quit => return tr(lang, Key::QuitGame).to_owned(),
        Setting::Keys => return format!("{}…", tr(lang, Key::SettingKeys)),
    };
    trf(lang, Key::SettingLine, &[&tr(lang, name), &value])
}

/// A row's text on screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SettingText(pub Setting);

/// The screen's title and footer (or the overlay's, over a game), refilled
/// when the language changes.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Caption {
    Title,
    Footer,
    PauseTitle,
    PauseFooter,
}

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
        (Caption::PauseTitle, Caption::PauseFooter)
    } else {
        (Caption::Title, Caption::Footer)
    };
    commands.spawn((ChildOf(root), title, text(BIG_SIZE * 1.4, GOLD)));
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
            ))
            .observe(move |_: On<Pointer<Click>>, mut commands: Commands| {
                commands.trigger(ChangeSetting(setting));
            })
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
        footer,
        text(SMALL_SIZE, TEXT.with_alpha(0.8)),
    ));
}

fn refresh_settings(
    wallet: Res<Wallet>,
    chosen: Res<Chosen>,
    speed: Res<Speed>,
    motion: Res<ReducedMotion>,
    text_size: Res<TextSize>,
    graphics: Res<Graphics>,
    lang: Res<Lang>,
    cursor: Res<SettingsCursor>,
    mut rows: Query<(Entity, &Setting, &mut BackgroundColor, Has<InView>)>,
    mut texts: Query<(AnyOf<(&SettingText, &Caption)>, &mut Text)>,
    mut commands: Commands,
) {
    let in_game = rows.iter().any(|(_, s, ..)| *s == Setting::Leave);
    let leave = LeaveRow {
        to_ladder: menu_from(chosen.0) == Screen::Ladder,
        loses_stake: wallet.at_stake > 0,
    };
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
    for ((row, caption), mut text) in &mut texts {
        let want = match (row, caption) {
            (Some(row), _) => setting_line(
                row.0,
                (*speed, *motion, *text_size, *graphics),
                leave,
                *lang,
            ),
            (_, Some(Caption::Title)) => tr(*lang, Key::SettingsTitle).to_owned(),
            (_, Some(Caption::Footer)) => tr(*lang, Key::SettingsFooter).to_owned(),
            (_, Some(Caption::PauseTitle)) => tr(*lang, Key::PauseTitle).to_owned(),
            (_, Some(Caption::PauseFooter)) => tr(*lang, Key::PauseFooter).to_owned(),
            (None, None) => continue,
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}
