//! The start screen, a game's main menu: the coins, a few entries on one
//! line each and, under them, a line about the highlighted one; the matches
//! against people and the duels outside the ladder are one step in, and so,
//! once the bag holds a die, are the tray's five slots it lays dice in (see
//! [`pages`]). Picked with the arrows and Enter, 1–9, a click or a pad; Esc
//! or B turns back from the second page; the last choice is remembered with
//! the save and highlighted on its page. Esc comes back here from a game.

pub mod pages;

use bevy::prelude::*;

use crate::game::core::NoticeText;
use crate::game::profile::{Bag, Wallet};
use crate::game::theme::phrases::show;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, CursorRow, GOLD, InView, OnClick, ROUND_PANEL, SMALL_SIZE,
    ScreenRoot, TEXT, TITLE_SIZE, light_row, panel_fill, rebuild_now, rebuild_screen, spawn_menu,
};
use crate::game::{AppSystems, Choice, Choose, Chosen, GameConfig, Screen};
use crate::keymap::Controls;
use crate::lang::{Key, Lang, tr, trf};

pub use pages::{Item, Page};

/// Keys that pick a row of the page directly, top to bottom.
pub const ENTRY_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];
/// The widest a row of the start screen grows, in UI pixels.
const ENTRY_WIDTH: f32 = 460.0;
/// A row's share of the window's width, in percent, below that width.
const ENTRY_SHARE: f32 = 80.0;
/// Space between rows.
const ENTRY_GAP: f32 = 6.0;
/// Lines the highlighted row's description keeps room for, so the page
/// does not jump as the highlight moves.
const ABOUT_LINES: f32 = 2.0;

/// Closes the game from the start screen (the window's close button does the same).
pub const QUIT_KEY: KeyCode = KeyCode::KeyQ;

/// The page the start screen shows.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartPage(pub Page);

/// The highlighted row of the page.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lit(pub usize);

/// One row of the start screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct Entry(pub Item);

/// The line about the highlighted row.
#[derive(Component, Debug, Clone, Copy)]
pub struct AboutText;

/// The start screen's way out.
#[derive(Component, Debug, Clone, Copy)]
pub struct QuitButton;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StartPage>().init_resource::<Lit>();
    app.add_systems(
        OnEnter(Screen::Start),
        open_at_last_choice.before(spawn_start_screen),
    );
    app.add_systems(
        Update,
        (
            follow_chosen.run_if(resource_changed::<Chosen>),
            read_start_keys,
        )
            .chain()
            .run_if(in_state(Screen::Start))
            .in_set(AppSystems::Input),
    );
    // Built on entering, on the page of the last choice; built again in
    // another language, or on another page when a row turns to it.
    rebuild_screen(
        app,
        Screen::Start,
        spawn_start_screen,
        resource_changed::<Lang>,
    );
    app.add_systems(
        Update,
        light_entries
            .run_if(
                in_state(Screen::Start).and_then(
                    resource_changed::<Lit>
                        .or_else(resource_changed::<Lang>)
                        .or_else(any_match_filter::<Added<Entry>>),
                ),
            )
            .in_set(AppSystems::Present),
    );
}

/// The start screen opens where it was left (the row that led away lit),
/// unless a choice was made elsewhere meanwhile (the command line, the
/// ladder, a game brought back): then on that choice's page, lit. Runs
/// before the screen is built, so it is built on that page.
fn open_at_last_choice(
    chosen: Res<Chosen>,
    bag: Res<Bag>,
    mut page: ResMut<StartPage>,
    mut lit: ResMut<Lit>,
) {
    let entry = |choice: Choice| Choice::from_key(choice.key());
    let stays = match page.0.items(&bag).get(lit.0) {
        Some(&Item::Play(choice)) => entry(choice) == entry(chosen.0),
        Some(Item::Open(_) | Item::Records | Item::Slot(_) | Item::Quit) => true,
        None => false,
    };
    if !stays {
        let (on, at) = Page::of(chosen.0).unwrap_or_default();
        page.set_if_neq(StartPage(on));
        lit.set_if_neq(Lit(at));
    }
}

/// Does what a row says.
fn pick(world: &mut World, item: Item) {
    // The row that leads away is the one lit when the screen comes back.
    let here = world.resource::<StartPage>().0;
    let bag = world.resource::<Bag>().clone();
    if let Some(at) = here.items(&bag).iter().position(|&i| i == item) {
        world.resource_mut::<Lit>().set_if_neq(Lit(at));
    }
    match item {
        Item::Play(choice) => world.trigger(Choose(choice)),
        Item::Open(to) => {
            // Back on the first page the row that led away is lit; one step
            // in, the last choice if it is there, else the first row.
            let from = world.resource::<StartPage>().0;
            let chosen = Page::of(world.resource::<Chosen>().0);
            let at = match to {
                Page::Main => to.items(&bag).iter().position(|&i| i == Item::Open(from)),
                Page::Matches => chosen.filter(|&(on, _)| on == to).map(|(_, at)| at),
                Page::Bag => None,
            };
            show_page(world, to, at.unwrap_or(0));
        }
        Item::Slot(slot) => {
            world.resource_mut::<Bag>().cycle(slot);
            rebuild_now(world, Screen::Start, spawn_start_screen);
        }
        Item::Records => {
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Records);
        }
        Item::Quit => {
            world.write_message(AppExit::Success);
        }
    }
}

/// Shows `page` with its row `at` lit, building the screen again when the
/// page is another than the one built.
fn show_page(world: &mut World, page: Page, at: usize) {
    world.resource_mut::<Lit>().set_if_neq(Lit(at));
    if world.resource::<StartPage>().0 == page {
        return;
    }
    world.resource_mut::<StartPage>().0 = page;
    rebuild_now(world, Screen::Start, spawn_start_screen);
}

/// A choice made elsewhere (the last one, read as the game opens) is lit
/// on its page.
fn follow_chosen(chosen: Res<Chosen>, page: Res<StartPage>, lit: Res<Lit>, mut commands: Commands) {
    let Some((on, at)) = Page::of(chosen.0) else {
        return;
    };
    if (on, at) != (page.0, lit.0) {
        commands.queue(move |world: &mut World| show_page(world, on, at));
    }
}

/// Lights row `at` of `page`; a row that plays something makes it the
/// choice (the keys and a moving pointer alike).
fn light(page: Page, at: usize, bag: &Bag, lit: &mut ResMut<Lit>, chosen: &mut ResMut<Chosen>) {
    lit.set_if_neq(Lit(at));
    if let Some(&Item::Play(choice)) = page.items(bag).get(at)
        && chosen.0 != choice
    {
        chosen.0 = choice;
    }
}

fn read_start_keys(
    keys: Res<ButtonInput<KeyCode>>,
    controls: Controls,
    (page, bag): (Res<StartPage>, Res<Bag>),
    mut lit: ResMut<Lit>,
    mut chosen: ResMut<Chosen>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
) {
    if keys.just_pressed(QUIT_KEY) {
        exit.write(AppExit::Success);
        return;
    }
    let items = page.0.items(&bag);
    if page.0 != Page::Main && controls.back() {
        commands.queue(|world: &mut World| pick(world, Item::Open(Page::Main)));
        return;
    }
    for (key, &item) in ENTRY_KEYS.iter().zip(&items) {
        if keys.just_pressed(*key) {
            commands.queue(move |world: &mut World| pick(world, item));
            return;
        }
    }
    let at = controls.step_cursor(lit.0, items.len());
    if at != lit.0 {
        light(page.0, at, &bag, &mut lit, &mut chosen);
    }
    if controls.pick()
        && let Some(&item) = items.get(at)
    {
        commands.queue(move |world: &mut World| pick(world, item));
    }
}

fn spawn_start_screen(
    mut commands: Commands,
    config: Res<GameConfig>,
    lang: Res<Lang>,
    page: Res<StartPage>,
    (wallet, bag): (Res<Wallet>, Res<Bag>),
) {
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
    commands.spawn((
        ChildOf(root),
        Text::new(match page.0 {
            Page::Main => trf(lang, Key::StartCoins, &[&wallet.coins]),
            Page::Matches => tr(lang, Key::MatchesTitle).to_owned(),
            Page::Bag => pages::bag_title(lang, &bag),
        }),
        TextFont::from_font_size(BODY_SIZE),
        TextColor(GOLD),
        Pickable::IGNORE,
    ));
    let column = commands
        .spawn((
            ChildOf(root),
            Node {
                width: Val::Percent(ENTRY_SHARE),
                max_width: Val::Px(ENTRY_WIDTH),
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(ENTRY_GAP),
                ..default()
            },
        ))
        .id();
    let items = page.0.items(&bag);
    for (n, &item) in items.iter().enumerate() {
        let (name, _) = pages::describe(item, config.payouts.stake, lang, &bag);
        spawn_entry(&mut commands, column, n, item, name);
    }
    spawn_under_rows(&mut commands, root, items.len(), lang);
}

/// Under the rows: the line about the lit one, the notice and the keys.
fn spawn_under_rows(commands: &mut Commands, root: Entity, rows: usize, lang: Lang) {
    commands.spawn((
        ChildOf(root),
        AboutText,
        Text::default(),
        TextFont::from_font_size(SMALL_SIZE),
        TextColor(TEXT.with_alpha(0.85)),
        TextLayout::justify(Justify::Center),
        Node {
            width: Val::Percent(ENTRY_SHARE),
            max_width: Val::Px(ENTRY_WIDTH),
            min_height: Val::Px(SMALL_SIZE * 1.4 * ABOUT_LINES),
            ..default()
        },
        Pickable::IGNORE,
    ));
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
        Text::new(trf(lang, Key::StartFooter, &[&rows.min(ENTRY_KEYS.len())])),
        TextFont::from_font_size(SMALL_SIZE),
        TextColor(TEXT.with_alpha(0.8)),
        Pickable::IGNORE,
    ));
}

/// One row: its key and name; a click does it, a moving pointer lights it.
fn spawn_entry(commands: &mut Commands, column: Entity, n: usize, item: Item, name: String) {
    let mut entry = commands.spawn((
        ChildOf(column),
        Name::new(format!("Entry {name}")),
        Entry(item),
        Button,
        CursorRow,
        Node {
            width: Val::Percent(100.0),
            padding: UiRect::axes(Val::Px(20.0), Val::Px(6.0)),
            border_radius: ROUND_PANEL,
            ..default()
        },
        panel_fill(),
        children![(
            Text::new(if n < ENTRY_KEYS.len() {
                format!("{}  {name}", n + 1)
            } else {
                name
            }),
            TextFont::from_font_size(BIG_SIZE),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
        OnClick::with(move |world| pick(world, item)),
    ));
    if item == Item::Quit {
        entry.insert(QuitButton);
    }
    // Only a moving pointer takes the highlight from the keys.
    entry.observe(
        move |_: On<Pointer<Move>>,
              page: Res<StartPage>,
              bag: Res<Bag>,
              mut lit: ResMut<Lit>,
              mut chosen: ResMut<Chosen>| {
            light(page.0, n, &bag, &mut lit, &mut chosen);
        },
    );
}

/// The highlighted row stands out, and the line under the rows is about it.
fn light_entries(
    lit: Res<Lit>,
    (page, bag): (Res<StartPage>, Res<Bag>),
    config: Res<GameConfig>,
    lang: Res<Lang>,
    mut entries: Query<(Entity, &Entry, &mut BackgroundColor, Has<InView>)>,
    mut about: Query<&mut Text, With<AboutText>>,
    mut commands: Commands,
) {
    let items = page.0.items(&bag);
    let lit_item = items.get(lit.0).copied();
    for (entity, entry, mut color, marked) in &mut entries {
        let on = (Some(entry.0) == lit_item).then_some(BUTTON);
        light_row(&mut commands, entity, on, marked, &mut color);
    }
    if let Some(item) = lit_item {
        let (_, line) = pages::describe(item, config.payouts.stake, *lang, &bag);
        for mut text in &mut about {
            show(&mut text, &line);
        }
    }
}
