//! The rules panel (F1, or the ? button on every screen): the hands strongest
//! first with their dice drawn as dice and their chance on a first throw, the
//! tie-break rule, and the payouts, the duel's or the table's betting rules
//! for the mode at hand. F1 or Esc closes it; while it is open the table waits for the player
//! ([`Overlay::Rules`]).

use bevy::prelude::*;

use crate::game::theme::OnClick;

use crate::keymap::{Action, Controls};

use crate::dice::faces::pip_pattern;
use crate::lang::{Key, Lang, hand_type_name, tr, trf};
use crate::rules::PayoutTable;
use crate::rules::duel::DuelRules;
use crate::rules::hand::{HandType, Roll};
use crate::rules::odds::full_throw_by_enumeration;
use crate::rules::table::TableRules;

use crate::game::duel::Table;
use crate::game::party::Party;
use crate::game::theme::{BODY_SIZE, GOLD, SHEET, SMALL_SIZE, TEXT};
use crate::game::theme::{GAP_TIGHT, GAP_WIDE, ROUND_SHEET};
use crate::game::{AppSystems, GameConfig, Overlay, Screen, SoloMode};
use crate::rules::daily::DAILY_REROLLS;

/// Also closes it.
pub const CLOSE_KEY: KeyCode = KeyCode::Escape;
/// Edge of a die drawn on the panel, in UI pixels.
const DIE_PX: f32 = 24.0;
/// Diameter of a pip on it.
const PIP_PX: f32 = 5.0;
/// How far pips sit from the middle, as a share of half the edge.
const PIP_SPREAD: f32 = 0.55;
/// The colour of a drawn die and of its pips (a one is red, as on the dice).
const IVORY: Color = Color::srgb(0.96, 0.94, 0.88);
const PIP: Color = Color::srgb(0.1, 0.1, 0.1);
const RED_PIP: Color = Color::srgb(0.8, 0.1, 0.1);
/// The dimmed table behind the panel.
const SHADE: Color = Color::srgba(0.0, 0.0, 0.0, 0.7);
/// Width of the hands' names on the panel, in UI pixels.
const HAND_COLUMN: f32 = 150.0;
/// Width of the panel, in UI pixels (its paragraphs wrap inside it).
const SHEET_WIDTH: f32 = 600.0;
/// Above every HUD.
const ON_TOP: i32 = 50;

/// One hand on the panel.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesRow {
    /// The hand's name.
    pub name: String,
    /// Dice that make it.
    pub example: Roll,
    /// Its chance on a first throw of five fair dice.
    pub chance: f64,
    /// What it pays in the solo game (`None` where no coins are paid for
    /// a hand: a duel, the daily challenge).
    pub pays: Option<u64>,
}

/// Everything the panel says, in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesSheet {
    /// The heading.
    pub title: String,
    /// What the columns are.
    pub columns: String,
    /// The hands, strongest first.
    pub rows: Vec<RulesRow>,
    /// How equal hands are told apart.
    pub tie_break: String,
    /// The solo game's stake or the duel's betting rules.
    pub mode: String,
}

/// Which game the panel explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetFor {
    /// The solo game for coins, with its rerolls.
    Solo(u32),
    /// The daily challenge, scored on the holds, with its rerolls.
    Daily(u32),
    /// A duel under these rules.
    Duel(DuelRules),
    /// A table of several under these rules.
    Table(TableRules),
}

/// The panel's text for the game it explains.
pub fn rules_sheet(lang: Lang, payouts: &PayoutTable, game: SheetFor) -> RulesSheet {
    let table = full_throw_by_enumeration();
    let rows = HandType::ALL
        .iter()
        .rev()
        .map(|&hand| RulesRow {
            name: hand_type_name(lang, hand).to_owned(),
            example: hand.example(),
            chance: table.ways[hand.index()] as f64 / table.outcomes as f64,
            pays: matches!(game, SheetFor::Solo(_)).then(|| payouts.pay(hand)),
        })
        .collect();
    let mode = match game {
        SheetFor::Duel(rules) => trf(
            lang,
            Key::RulesDuel,
            &[&rules.ante, &rules.step, &rules.rerolls],
        ),
        SheetFor::Solo(rerolls) => trf(lang, Key::RulesSolo, &[&payouts.stake, &rerolls]),
        SheetFor::Daily(rerolls) => trf(lang, Key::RulesDaily, &[&rerolls]),
        SheetFor::Table(rules) => trf(
            lang,
            Key::RulesTable,
            &[
                &rules.ante,
                &rules.step,
                &rules.raises,
                &rules.rerolls,
                &rules.wins,
            ],
        ),
    };
    RulesSheet {
        title: tr(lang, Key::RulesTitle).to_owned(),
        columns: tr(lang, Key::RulesColumns).to_owned(),
        rows,
        tie_break: tr(lang, Key::RulesTieBreak).to_owned(),
        mode,
    }
}

/// The panel's keys, the ? button that opens it, and the panel drawn over
/// the screen while it is open (redrawn in a new language).
pub(super) fn plugin(app: &mut App) {
    // Read after the play keys, so the Esc that closes the panel does not
    // also leave the table.
    app.add_systems(Update, read_rules_keys.in_set(AppSystems::Rules));
    // At a table only: on a menu its rows may reach the window's edge.
    for screen in [Screen::Solo, Screen::Duel, Screen::Party] {
        app.add_systems(OnEnter(screen), spawn_rules_button);
    }
    app.add_systems(OnEnter(Overlay::Rules), show_rules);
    app.add_systems(
        Update,
        redraw_rules
            .run_if(in_state(Overlay::Rules).and_then(resource_changed::<Lang>))
            .in_set(AppSystems::Present),
    );
}

/// F1 opens the panel (over the settings too) and closes it; Esc closes it.
pub fn read_rules_keys(
    controls: Controls,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let open = *overlay.get() == Overlay::Rules;
    if controls.just_pressed(Action::Rules) {
        next.set(if open { Overlay::None } else { Overlay::Rules });
    } else if open && controls.back() {
        next.set(Overlay::None);
    }
}

/// The drawn panel.
#[derive(Component, Debug)]
struct RulesOverlay;

/// The ? button and a click on the panel open and close it.
fn toggle_on_click() -> OnClick {
    OnClick::with(|world| {
        let next = match world.resource::<State<Overlay>>().get() {
            Overlay::Rules => Overlay::None,
            Overlay::None | Overlay::Settings => Overlay::Rules,
        };
        world.resource_mut::<NextState<Overlay>>().set(next);
    })
}

fn redraw_rules(mut commands: Commands, shown: Query<Entity, With<RulesOverlay>>) {
    for overlay in &shown {
        commands.entity(overlay).despawn();
    }
    commands.run_system_cached(show_rules);
}

fn spawn_rules_button(screen: Res<State<Screen>>, mut commands: Commands) {
    commands.spawn((
        Name::new("Rules button"),
        DespawnOnExit(*screen.get()),
        round_button(0),
        children![(
            Text::new("?"),
            TextFont::from_font_size(BODY_SIZE),
            TextColor(Color::BLACK),
            Pickable::IGNORE,
        )],
        toggle_on_click(),
    ));
}

/// The width of a round button on the window's left edge.
const ROUND_BUTTON: f32 = 34.0;

/// A small round button at the window's left edge, in `place` of the pair
/// that ends just above its middle (0: the rules' ?, 1: the menu's ≡ under
/// it): at a table of several that is between the left-hand seats' panels,
/// at any window size. Its face is to be added.
pub(super) fn round_button(place: u8) -> impl Bundle {
    (
        Button,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(10.0),
            top: Val::Percent(50.0),
            margin: UiRect::top(Val::Px((f32::from(place) - 2.0) * (ROUND_BUTTON + 10.0))),
            width: Val::Px(ROUND_BUTTON),
            height: Val::Px(ROUND_BUTTON),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(Val::Px(ROUND_BUTTON / 2.0)),
            ..default()
        },
        BackgroundColor(GOLD.with_alpha(0.85)),
        GlobalZIndex(ON_TOP - 1),
    )
}

/// A small text on the panel.
fn small(text: String, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(SMALL_SIZE),
        TextColor(color),
        Pickable::IGNORE,
    )
}

/// One hand's line: its name, its dice drawn, its chance and what it pays.
fn spawn_hand_row(commands: &mut Commands, sheet: Entity, row: RulesRow, lang: Lang) {
    let line = commands
        .spawn((
            Node {
                column_gap: GAP_WIDE,
                align_items: AlignItems::Center,
                ..default()
            },
            Pickable::IGNORE,
            ChildOf(sheet),
        ))
        .id();
    commands.spawn((
        Node {
            width: Val::Px(HAND_COLUMN),
            ..default()
        },
        Pickable::IGNORE,
        ChildOf(line),
        children![small(row.name, TEXT)],
    ));
    let dice = commands
        .spawn((
            Node {
                column_gap: GAP_TIGHT,
                ..default()
            },
            Pickable::IGNORE,
            ChildOf(line),
        ))
        .id();
    for face in row.example {
        spawn_drawn_die(commands, dice, face);
    }
    let mut figures = format!("{:>6.2}%", row.chance * 100.0);
    if let Some(pays) = row.pays {
        figures += &format!("   {}", trf(lang, Key::RulesPays, &[&pays]));
    }
    commands.spawn((small(figures, GOLD), ChildOf(line)));
}

/// Draws the panel for the mode at hand.
fn show_rules(
    mut commands: Commands,
    lang: Res<Lang>,
    config: Res<GameConfig>,
    screen: Res<State<Screen>>,
    (table, party): (Option<Res<Table>>, Option<Res<Party>>),
    mode: Option<Res<State<SoloMode>>>,
) {
    let game = match (screen.get(), &table, mode.as_deref().map(State::get)) {
        (Screen::Duel, Some(table), _) => SheetFor::Duel(table.duel.rules()),
        (Screen::Party, _, _) if let Some(party) = &party => SheetFor::Table(party.table.rules()),
        (_, _, Some(SoloMode::Daily)) => SheetFor::Daily(DAILY_REROLLS as u32),
        _ => SheetFor::Solo(config.rerolls),
    };
    let sheet = rules_sheet(*lang, &config.payouts, game);
    let overlay = commands
        .spawn((
            RulesOverlay,
            Name::new("Rules panel"),
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(SHADE),
            GlobalZIndex(ON_TOP),
            DespawnOnExit(Overlay::Rules),
            toggle_on_click(),
        ))
        .id();
    let sheet_node = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(6.0),
                padding: UiRect::all(Val::Px(18.0)),
                width: Val::Px(SHEET_WIDTH),
                border_radius: ROUND_SHEET,
                ..default()
            },
            BackgroundColor(SHEET),
            ChildOf(overlay),
        ))
        .id();
    commands.spawn((
        Text::new(sheet.title),
        TextFont::from_font_size(BODY_SIZE),
        TextColor(GOLD),
        Pickable::IGNORE,
        ChildOf(sheet_node),
    ));
    commands.spawn((
        small(sheet.columns, TEXT.with_alpha(0.7)),
        ChildOf(sheet_node),
    ));
    for row in sheet.rows {
        spawn_hand_row(&mut commands, sheet_node, row, *lang);
    }
    for text in [sheet.tie_break, sheet.mode] {
        // A paragraph as wide as the panel, so its wrapped height is known.
        commands.spawn((
            small(text, TEXT),
            Node {
                width: Val::Percent(100.0),
                ..default()
            },
            ChildOf(sheet_node),
        ));
    }
}

/// A die drawn as a die: an ivory square with its pips placed from the same
/// pattern the dice on the table use.
fn spawn_drawn_die(commands: &mut Commands, parent: Entity, face: u8) {
    let die = commands
        .spawn((
            Node {
                width: Val::Px(DIE_PX),
                height: Val::Px(DIE_PX),
                border_radius: BorderRadius::all(Val::Px(4.0)),
                ..default()
            },
            BackgroundColor(IVORY),
            Pickable::IGNORE,
            ChildOf(parent),
        ))
        .id();
    let half = DIE_PX / 2.0;
    for &(x, y) in pip_pattern(face) {
        commands.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: Val::Px(half + x * half * PIP_SPREAD - PIP_PX / 2.0),
                top: Val::Px(half - y * half * PIP_SPREAD - PIP_PX / 2.0),
                width: Val::Px(PIP_PX),
                height: Val::Px(PIP_PX),
                border_radius: BorderRadius::all(Val::Px(PIP_PX / 2.0)),
                ..default()
            },
            BackgroundColor(if face == 1 { RED_PIP } else { PIP }),
            Pickable::IGNORE,
            ChildOf(die),
        ));
    }
}
