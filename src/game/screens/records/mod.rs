//! The records screen (Tab, or the button on the start screen): hands of
//! first throws against the 7,776 table, coins over the last games, how
//! often the holds were the best, and the audit of the player's dice
//! ([`audit`]), drawn from the history file.

pub mod audit;

use bevy::prelude::*;

use crate::keymap::{Action, Controls};

use crate::history;
use crate::history::stats::{Stats, coin_curve, compute as compute_stats};
use crate::lang::{Key, Lang, hand_type_name, tr, trf};
use crate::rules::HandType;

use crate::game::profile::{SaveFile, SaveWriter};
use crate::game::solo::daily::DailyRun;
use crate::game::theme::scroll::{MenuScroll, WHEEL_LINE, scroll_menus};
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GOLD, SMALL_SIZE, ScreenRoot, TEXT, panel_fill, rebuild_screen,
    spawn_menu, wrap_grid,
};
use crate::game::theme::{GAP_WIDE, OnClick, PANEL_PADDING, ROUND_PANEL, labelled_button};
use crate::game::{AppSystems, Screen};

/// Height of the charts' plotting area in pixels (before the HUD's scale).
const CHART_HEIGHT: f32 = 220.0;
/// Width of one chart panel.
const CHART_WIDTH: f32 = 340.0;
/// Space between the chart panels.
const CHART_GAP: f32 = 12.0;
/// Colour of observed bars.
const BAR: Color = Color::srgb(0.25, 0.6, 0.38);
/// Colour of the expected marks.
const EXPECTED: Color = Color::srgb(1.0, 0.7, 0.2);
/// Colour of the coin line.
const LINE: Color = Color::srgb(0.45, 0.7, 1.0);

/// A click that opens the records.
#[derive(Component, Debug)]
pub struct RecordsButton;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, toggle_records.in_set(AppSystems::Input));
    app.add_systems(
        Update,
        scroll_by_arrows
            .run_if(in_state(Screen::Records))
            .in_set(AppSystems::Input),
    );
    // The look of the records screen.
    rebuild_screen(
        app,
        Screen::Records,
        spawn_records,
        resource_changed::<Lang>,
    );
}

/// Tab opens the records from the start screen, or from the end of a day's
/// challenge (whose card says so), and closes them again.
fn toggle_records(
    controls: Controls,
    screen: Res<State<Screen>>,
    daily: Option<Res<DailyRun>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if controls.just_pressed(Action::Records) {
        match screen.get() {
            Screen::Start => next.set(Screen::Records),
            Screen::Solo if daily.is_some_and(|run| run.finished()) => {
                next.set(Screen::Records);
            }
            Screen::Records => next.set(Screen::Start),
            _ => {}
        }
    }
}

/// ↑ and ↓ scroll the records when they are taller than the window (the
/// mouse wheel does too); the layout clamps the scroll to what there is.
fn scroll_by_arrows(controls: Controls, mut menus: Query<&mut ScrollPosition, With<MenuScroll>>) {
    let lines = f32::from(u8::from(controls.down())) - f32::from(u8::from(controls.up()));
    scroll_menus(&mut menus, lines * WHEEL_LINE);
}

/// A button that opens (or, on the records screen, closes) the records,
/// saying `key` on `colour`.
pub fn records_button(key: Key, colour: Color) -> impl Bundle {
    (
        RecordsButton,
        OnClick::with(|world| {
            let here = *world.resource::<State<Screen>>().get();
            world
                .resource_mut::<NextState<Screen>>()
                .set(if here == Screen::Records {
                    Screen::Start
                } else {
                    Screen::Records
                });
        }),
        labelled_button(colour, key, BODY_SIZE),
    )
}

fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(color),
        Pickable::IGNORE,
    )
}

fn panel(commands: &mut Commands, parent: Entity, title: &str) -> Entity {
    panel_of_width(commands, parent, title, CHART_WIDTH)
}

/// A chart's panel `width` wide (a chart of many bars is wider).
fn panel_of_width(commands: &mut Commands, parent: Entity, title: &str, width: f32) -> Entity {
    let panel = commands
        .spawn((
            ChildOf(parent),
            Node {
                width: Val::Px(width),
                flex_direction: FlexDirection::Column,
                padding: PANEL_PADDING,
                row_gap: Val::Px(6.0),
                border_radius: ROUND_PANEL,
                ..default()
            },
            panel_fill(),
            Pickable::IGNORE,
        ))
        .id();
    commands.spawn((ChildOf(panel), label(title, BODY_SIZE, GOLD)));
    panel
}

/// A plotting area: a box whose children are placed absolutely inside it.
fn plot_area(commands: &mut Commands, parent: Entity) -> Entity {
    commands
        .spawn((
            ChildOf(parent),
            Node {
                width: Val::Percent(100.0),
                height: Val::Px(CHART_HEIGHT),
                ..default()
            },
            BackgroundColor(Color::srgba(1.0, 1.0, 1.0, 0.05)),
            Pickable::IGNORE,
        ))
        .id()
}

/// A rectangle inside a plotting area, in percent of its width and height
/// from the bottom left.
fn rect(commands: &mut Commands, area: Entity, x: f32, y: f32, w: f32, h: f32, color: Color) {
    commands.spawn((
        ChildOf(area),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Percent(x),
            bottom: Val::Percent(y),
            width: Val::Percent(w),
            height: Val::Percent(h.max(0.4)),
            ..default()
        },
        BackgroundColor(color),
        Pickable::IGNORE,
    ));
}

fn spawn_records(
    mut commands: Commands,
    save: Res<SaveFile>,
    writer: Option<Res<SaveWriter>>,
    lang: Res<Lang>,
) {
    let lang = *lang;
    // The last game's line may still be on its way to the disk.
    crate::game::journal::flush(writer.as_deref());
    let records = save
        .0
        .as_ref()
        .and_then(|p| p.parent())
        .map(|dir| history::load(&history::history_path(dir)).unwrap_or_default())
        .unwrap_or_default();
    // A menu's column: centred while it fits, scrolled (from its top) when
    // the charts are taller than the window.
    let root = spawn_menu(
        &mut commands,
        (
            Name::new("Records"),
            ScreenRoot(Screen::Records),
            DespawnOnExit(Screen::Records),
        ),
        GAP_WIDE,
    );
    commands.spawn((
        ChildOf(root),
        label(tr(lang, Key::Records), BIG_SIZE * 1.4, GOLD),
    ));
    if records.records.is_empty() {
        commands.spawn((
            ChildOf(root),
            label(tr(lang, Key::NoRecords), BODY_SIZE, TEXT),
        ));
    } else {
        let stats = compute_stats(&records.records);
        let row = commands
            .spawn((ChildOf(root), wrap_grid(None, CHART_GAP)))
            .id();
        hands_chart(&mut commands, row, &stats, lang);
        coins_chart(&mut commands, row, &coin_curve(&records.records), lang);
        holds_chart(&mut commands, row, &stats, lang);
        audit::audit_chart(&mut commands, row, &stats.dice, lang);
    }
    commands.spawn((ChildOf(root), records_button(Key::Back, BUTTON)));
}

/// First throws' hands as bars, each with the table's expectation as a mark.
fn hands_chart(commands: &mut Commands, parent: Entity, stats: &Stats, lang: Lang) {
    let f = &stats.first_throws;
    let panel = panel(commands, parent, tr(lang, Key::HandsChart));
    let area = plot_area(commands, panel);
    let n = f.throws.max(1) as f32;
    let top = f
        .observed
        .iter()
        .map(|&o| o as f32 / n)
        .chain(f.expected.iter().map(|&e| e as f32 / n))
        .fold(0.01f32, f32::max);
    let slot = 100.0 / f.observed.len() as f32;
    for (i, (&o, &e)) in f.observed.iter().zip(&f.expected).enumerate() {
        let x = i as f32 * slot;
        let (seen, expected) = (o as f32 / n / top * 95.0, e as f32 / n / top * 95.0);
        rect(commands, area, x + slot * 0.2, 0.0, slot * 0.6, seen, BAR);
        rect(
            commands,
            area,
            x + slot * 0.05,
            expected,
            slot * 0.9,
            1.2,
            EXPECTED,
        );
    }
    let names: Vec<&str> = HandType::ALL
        .iter()
        .rev()
        .map(|&h| hand_type_name(lang, h))
        .collect();
    let note = trf(
        lang,
        Key::HandsNote,
        &[&names.join(" / "), &f.throws, &format!("{:.3}", f.p_value)],
    );
    commands.spawn((ChildOf(panel), label(note, SMALL_SIZE, TEXT)));
}

/// Coins won minus put in over the last games, as a line.
fn coins_chart(commands: &mut Commands, parent: Entity, curve: &[i64], lang: Lang) {
    let panel = panel(commands, parent, tr(lang, Key::CoinsChart));
    let area = plot_area(commands, panel);
    let (low, high) = curve
        .iter()
        .fold((0i64, 0i64), |(l, h), &v| (l.min(v), h.max(v)));
    let span = (high - low).max(1) as f32;
    let y = |v: i64| (v - low) as f32 / span * 90.0 + 5.0;
    let step = 100.0 / (curve.len().max(2) - 1) as f32;
    // Zero line, then each step of the line as a thin segment joining two games.
    rect(
        commands,
        area,
        0.0,
        y(0),
        100.0,
        0.6,
        Color::srgba(1.0, 1.0, 1.0, 0.3),
    );
    for (i, pair) in curve.windows(2).enumerate() {
        let (a, b) = (y(pair[0]), y(pair[1]));
        let x = i as f32 * step;
        rect(commands, area, x, a, step, 1.0, LINE);
        rect(
            commands,
            area,
            x + step - 0.5,
            a.min(b),
            0.8,
            (a - b).abs(),
            LINE,
        );
    }
    let last = curve.last().copied().unwrap_or(0);
    let note = trf(
        lang,
        Key::CoinsNote,
        &[&(curve.len() - 1), &format!("{last:+}"), &low, &high],
    );
    commands.spawn((ChildOf(panel), label(note, SMALL_SIZE, TEXT)));
}

/// How often the holds were the best, and the summary figures.
fn holds_chart(commands: &mut Commands, parent: Entity, stats: &Stats, lang: Lang) {
    let panel = panel(commands, parent, tr(lang, Key::HoldsChart));
    let area = plot_area(commands, panel);
    let share = stats.best_decisions as f32 / stats.decisions.max(1) as f32;
    rect(commands, area, 30.0, 0.0, 40.0, share * 95.0, BAR);
    rect(commands, area, 25.0, 95.0, 50.0, 1.2, EXPECTED);
    let pct = |x: f64| format!("{:.1}", x * 100.0);
    let mut lines = vec![
        trf(
            lang,
            Key::BestShare,
            &[
                &stats.best_decisions,
                &stats.decisions,
                &format!("{:.0}", share * 100.0),
            ],
        ),
        trf(
            lang,
            Key::GivenUp,
            &[&format!("{:.2}", stats.coins_given_up_per_game)],
        ),
    ];
    if stats.games > 0 {
        lines.push(trf(
            lang,
            Key::SoloReturn,
            &[
                &stats.games,
                &pct(stats.return_per_game),
                &pct(stats.return_optimal),
            ],
        ));
    }
    if let Some(best) = stats.daily_best {
        lines.push(trf(
            lang,
            Key::DailyRecord,
            &[&stats.daily_days, &format!("{best:.2}")],
        ));
    }
    for (opponent, d) in &stats.duels {
        lines.push(trf(
            lang,
            Key::DuelRecord,
            &[
                opponent,
                &d.wins,
                &d.losses,
                &d.draws,
                &d.folds,
                &d.opponent_folds,
            ],
        ));
    }
    for (seats, d) in &stats.tables.records {
        lines.push(trf(
            lang,
            Key::TableRecord,
            &[
                seats,
                &d.wins,
                &d.losses,
                &d.draws,
                &d.folds,
                &d.opponent_folds,
            ],
        ));
    }
    commands.spawn((ChildOf(panel), label(lines.join("\n"), SMALL_SIZE, TEXT)));
}
