//! The start screen: the solo game (ひとりで), one of the classic opponents or
//! the ladder, picked with the keyboard (↑↓ and Enter, or 1–5) or the mouse;
//! the last choice is remembered with the save; Q or its button closes the
//! game. Esc comes back here from a game (from a career match, to the ladder).

use bevy::prelude::*;

use crate::game::theme::OnClick;

use crate::game::core::NoticeText;
use crate::game::party::{PARTY_ANTE, PARTY_STACK};
use crate::game::theme::CursorRow;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, BUTTON_OFF, GAP_WIDE, GOLD, InView, ROUND_PANEL, SMALL_SIZE,
    ScreenRoot, TEXT, TITLE_SIZE, column_grid, labelled_button, light_row, panel_fill,
    rebuild_screen, spawn_menu,
};
use crate::game::{AppSystems, Choice, Choose, Chosen, GameConfig, Screen};
use crate::keymap::Controls;
use crate::lang::{Key, Lang, opponent_name, opponent_style, sentence, tr, trf};
use crate::rules::career::VENUES;
use crate::rules::duel::{FRIEND, OPPONENTS};

use super::records::records_button;

/// Keys that pick an entry directly, top to bottom.
pub const ENTRY_KEYS: [KeyCode; 10] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
    KeyCode::Digit0,
];
/// Width of one entry of the start screen, in UI pixels.
const ENTRY_WIDTH: f32 = 540.0;
/// Space between entries.
const ENTRY_GAP: f32 = 10.0;
/// The entries' grid: [`COLUMNS`] entries side by side.
const GRID_WIDTH: f32 = COLUMNS as f32 * ENTRY_WIDTH + (COLUMNS - 1) as f32 * ENTRY_GAP;
/// Entries side by side in the grid: the arrows follow its rows and columns.
const COLUMNS: usize = 2;
/// An entry's share of the grid's width, in percent: two and a gap fit.
const ENTRY_SHARE: f32 = 48.0;

/// The key that picks the entry at `n` (from 0): 1–9, then 0.
/// The digit key of the `n`th entry (from 0), if it has one: 1–9 then 0;
/// entries past the tenth are reached with the arrows or a click.
fn entry_key_label(n: usize) -> Option<usize> {
    (n < ENTRY_KEYS.len()).then_some((n + 1) % 10)
}

/// Closes the game from the start screen (the window's close button does the same).
pub const QUIT_KEY: KeyCode = KeyCode::KeyQ;

/// The start screen's way out.
#[derive(Component, Debug, Clone, Copy)]
pub struct QuitButton;

/// One entry of the start screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct Entry(pub Choice);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        read_start_keys
            .run_if(in_state(Screen::Start))
            .in_set(AppSystems::Input),
    );
    // The start screen's look: a title and one button per entry.
    rebuild_screen(
        app,
        Screen::Start,
        spawn_start_screen,
        resource_changed::<Lang>,
    );
    app.add_systems(
        Update,
        (light_entries.run_if(
            in_state(Screen::Start)
                .and_then(resource_changed::<Chosen>.or_else(any_match_filter::<Added<Entry>>)),
        ),)
            .in_set(AppSystems::Present),
    );
}

fn read_start_keys(
    keys: Res<ButtonInput<KeyCode>>,
    controls: Controls,
    mut chosen: ResMut<Chosen>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) {
    if keys.just_pressed(QUIT_KEY) {
        exit.write(AppExit::Success);
        return;
    }
    let all = Choice::all();
    for (key, &choice) in ENTRY_KEYS.iter().zip(&all) {
        if keys.just_pressed(*key) {
            commands.trigger(Choose(choice));
            return;
        }
    }
    let at = all.iter().position(|&c| c == chosen.0).unwrap_or(0);
    let next = all[controls.step_grid(at, all.len(), COLUMNS)];
    if chosen.0 != next {
        chosen.0 = next;
    }
    if controls.pick() {
        commands.trigger(Choose(chosen.0));
    }
}

/// Name and one line about an entry.
fn describe(choice: Choice, solo_stake: u64, lang: Lang) -> (String, String) {
    match choice {
        Choice::Solo => (
            tr(lang, Key::SoloEntry).to_owned(),
            trf(lang, Key::SoloAbout, &[&solo_stake]),
        ),
        Choice::Lobby | Choice::Net => (
            tr(lang, Key::NetEntry).to_owned(),
            tr(lang, Key::NetAbout).to_owned(),
        ),
        Choice::Friend => (
            tr(lang, Key::FriendEntry).to_owned(),
            trf(lang, Key::FriendAbout, &[&FRIEND.ante, &FRIEND.step]),
        ),
        Choice::Party | Choice::Seated => (
            tr(lang, Key::PartyEntry).to_owned(),
            trf(lang, Key::PartyAbout, &[&PARTY_STACK, &PARTY_ANTE]),
        ),
        Choice::Daily => (
            tr(lang, Key::DailyEntry).to_owned(),
            trf(lang, Key::DailyAbout, &[&crate::rules::daily::today()]),
        ),
        Choice::Settings => (
            tr(lang, Key::SettingsEntry).to_owned(),
            tr(lang, Key::SettingsAbout).to_owned(),
        ),
        Choice::Guide => (
            tr(lang, Key::GuideEntry).to_owned(),
            tr(lang, Key::GuideAbout).to_owned(),
        ),
        Choice::Ladder | Choice::Career(_) => (
            tr(lang, Key::LadderEntry).to_owned(),
            trf(lang, Key::LadderAbout, &[&OPPONENTS.len(), &VENUES.len()]),
        ),
        Choice::Duel(i) | Choice::Practice(i) => {
            let o = &OPPONENTS[i];
            (
                trf(lang, Key::DuelEntry, &[&opponent_name(lang, o)]),
                trf(
                    lang,
                    Key::DuelAbout,
                    &[&sentence(&opponent_style(lang, o)), &o.ante, &o.step],
                ),
            )
        }
    }
}

fn spawn_start_screen(mut commands: Commands, config: Res<GameConfig>, lang: Res<Lang>) {
    let lang = *lang;
    let root = spawn_menu(
        &mut commands,
        (
            Name::new("Start screen"),
            ScreenRoot(Screen::Start),
            DespawnOnExit(Screen::Start),
        ),
        Val::Vh(1.6),
    );
    commands.spawn((
        ChildOf(root),
        Text::new(tr(lang, Key::Title)),
        TextFont::from_font_size(TITLE_SIZE),
        TextColor(GOLD),
        Pickable::IGNORE,
    ));
    // Two columns, so ten entries fit a small window: a grid, which knows
    // its rows' heights, so the buttons under it never land on its last row.
    let grid = commands
        .spawn((
            ChildOf(root),
            column_grid(COLUMNS as u16, GRID_WIDTH, ENTRY_GAP),
        ))
        .id();
    let all = Choice::all();
    for (n, &choice) in all.iter().enumerate() {
        let (name, about) = describe(choice, config.payouts.stake, lang);
        let alone = n + 1 == all.len() && n % COLUMNS == 0;
        spawn_entry(&mut commands, grid, (n, alone), choice, (name, about));
    }
    spawn_records_and_quit(&mut commands, root);
    // What was said as the game opened or a table closed (coins given back,
    // a save that could not be written), in the language of the moment.
    commands.spawn((
        ChildOf(root),
        NoticeText,
        TextFont::from_font_size(BODY_SIZE),
        TextColor(GOLD),
        TextLayout::justify(Justify::Center),
        Pickable::IGNORE,
    ));
    commands.spawn((
        ChildOf(root),
        Text::new(trf(
            lang,
            Key::StartFooter,
            &[&entry_key_label(Choice::all().len().min(ENTRY_KEYS.len()) - 1).unwrap_or(0)],
        )),
        TextFont::from_font_size(BODY_SIZE),
        TextColor(TEXT.with_alpha(0.8)),
        Pickable::IGNORE,
    ));
}

/// One entry: its key and name, a line about it; a click picks it, a
/// moving pointer highlights it.
fn spawn_entry(
    commands: &mut Commands,
    grid: Entity,
    (n, alone): (usize, bool),
    choice: Choice,
    (name, about): (String, String),
) {
    let entry = commands
        .spawn((
            ChildOf(grid),
            Name::new(format!("Entry {name}")),
            Entry(choice),
            Button,
            CursorRow,
            Node {
                // Two side by side at any text size: each fills its column
                // of the grid, and its words wrap inside; a last entry alone
                // in its row stands in the middle, as wide as the others.
                width: Val::Percent(if alone { ENTRY_SHARE } else { 100.0 }),
                grid_column: if alone {
                    GridPlacement::span(COLUMNS as u16)
                } else {
                    GridPlacement::default()
                },
                justify_self: JustifySelf::Center,
                max_width: Val::Px(ENTRY_WIDTH),
                flex_direction: FlexDirection::Column,
                padding: UiRect::axes(Val::Px(20.0), Val::Px(8.0)),
                border_radius: ROUND_PANEL,
                ..default()
            },
            panel_fill(),
            children![
                (
                    Text::new(match entry_key_label(n) {
                        Some(key) => format!("{key}  {name}"),
                        None => name.clone(),
                    }),
                    TextFont::from_font_size(BIG_SIZE),
                    TextColor(TEXT),
                    Pickable::IGNORE,
                ),
                (
                    Text::new(about),
                    TextFont::from_font_size(SMALL_SIZE),
                    TextColor(TEXT.with_alpha(0.8)),
                    Pickable::IGNORE,
                ),
            ],
        ))
        .id();
    commands
        .entity(entry)
        .insert(OnClick::trigger(Choose(choice)))
        // Only a moving pointer takes the highlight from the keys.
        .observe(move |_: On<Pointer<Move>>, mut chosen: ResMut<Chosen>| {
            if chosen.0 != choice {
                chosen.0 = choice;
            }
        });
}

/// The records and the way out, side by side under the entries.
fn spawn_records_and_quit(commands: &mut Commands, root: Entity) {
    let buttons = commands
        .spawn((
            ChildOf(root),
            Node {
                column_gap: GAP_WIDE,
                ..default()
            },
        ))
        .id();
    // Beside the entries, the records' button is not lit: the orange is the
    // keyboard's highlight there.
    commands.spawn((
        ChildOf(buttons),
        records_button(Key::RecordsButton, BUTTON_OFF),
    ));
    commands.spawn((
        ChildOf(buttons),
        QuitButton,
        OnClick::with(|world| {
            world.write_message(AppExit::Success);
        }),
        labelled_button(BUTTON_OFF, Key::QuitButton, BODY_SIZE),
    ));
}

/// The highlighted entry stands out.
fn light_entries(
    chosen: Res<Chosen>,
    mut entries: Query<(Entity, &Entry, &mut BackgroundColor, Has<InView>)>,
    mut commands: Commands,
) {
    for (entity, entry, mut color, marked) in &mut entries {
        let lit = (entry.0 == chosen.0).then_some(BUTTON);
        light_row(&mut commands, entity, lit, marked, &mut color);
    }
}
