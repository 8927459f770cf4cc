//! The ladder screen's look: the venues top to bottom, each opponent as a row
//! with its colour, stakes, match length and whether it is beaten, open or
//! locked (and what opens it); the highlighted row follows the keys and the
//! mouse, and a click sits down. The keys and the rules are in `career`.

use bevy::prelude::*;

use crate::game::core::navigation::back_button;
use crate::game::theme::OnClick;

use crate::lang::{Key, Lang, badge_name, opponent_name, tr, trf, words};
use crate::rules::career::{Career, Rung, VENUES, ladder};

use crate::game::core::NoticeText;
use crate::game::profile::{Progress, Wallet};
use crate::game::theme::CursorRow;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GOLD, InView, SMALL_SIZE, ScreenRoot, TEXT, light_row, panel_fill,
    rebuild_screen, spawn_menu,
};
use crate::game::theme::{GAP, GAP_TIGHT, ROUND, ROW_PADDING};
use crate::game::{AppSystems, Screen};
use crate::lang::career::{best_of, status_words};

use super::{LadderCursor, Sit};

/// Width of a rung's row.
const ROW_WIDTH: f32 = 680.0;
/// Side of an opponent's colour swatch.
const SWATCH: f32 = 18.0;
/// How faint a locked rung's text is.
const LOCKED_ALPHA: f32 = 0.5;

/// One rung's row.
#[derive(Component, Debug, Clone, Copy)]
pub struct RungRow(pub usize);

/// A text of the ladder screen that tests and the screen reader can find.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LadderText {
    /// Beaten rungs, badges and coins.
    Summary,
    /// The badge the player takes into career matches.
    Taking,
    /// A rung's line: its number, name, stakes, length and status.
    Rung(usize),
}

pub(super) fn plugin(app: &mut App) {
    // Rebuilt when the language or the career changes.
    rebuild_screen(
        app,
        Screen::Ladder,
        spawn_ladder_screen,
        resource_changed::<Lang>.or_else(resource_changed::<Progress>),
    );
    app.add_systems(
        Update,
        light_rows
            .run_if(resource_changed::<LadderCursor>.or_else(any_match_filter::<Added<RungRow>>))
            .run_if(in_state(Screen::Ladder))
            .in_set(AppSystems::Present),
    );
}

/// A rung's line in words: number, name, stakes, match length, status.
pub fn rung_line(rung: &Rung, career: &Career, coins: i64, lang: Lang) -> String {
    let o = rung.opponent;
    let status = status_words(rung, career, coins, lang);
    format!(
        "{}  —  {}",
        trf(
            lang,
            Key::RungLine,
            &[
                &(rung.index + 1),
                &opponent_name(lang, o),
                &o.ante,
                &o.step,
                &best_of(o, lang),
            ],
        ),
        status
    )
}

/// A line of the ladder screen's text.
fn line(t: String, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(t),
        TextFont::from_font_size(size),
        TextColor(color),
        Pickable::IGNORE,
    )
}

fn spawn_ladder_screen(
    mut commands: Commands,
    progress: Res<Progress>,
    wallet: Res<Wallet>,
    lang: Res<Lang>,
) {
    let lang = *lang;
    let career = &progress.0;
    let root = spawn_menu(
        &mut commands,
        (
            Name::new("Ladder screen"),
            ScreenRoot(Screen::Ladder),
            DespawnOnExit(Screen::Ladder),
        ),
        GAP_TIGHT,
    );
    spawn_header(&mut commands, root, career, wallet.coins, lang);
    for venue in &VENUES {
        commands.spawn((
            ChildOf(root),
            Node {
                margin: UiRect::top(GAP),
                ..default()
            },
            line(
                trf(
                    lang,
                    Key::VenueLine,
                    &[
                        &words(lang, &venue.name),
                        &venue.buy_in,
                        &badge_name(lang, venue.badge),
                    ],
                ),
                SMALL_SIZE,
                GOLD,
            ),
        ));
        for rung in ladder().iter().filter(|r| r.venue.key == venue.key) {
            spawn_rung(&mut commands, root, rung, career, wallet.coins, lang);
        }
    }
    commands.spawn((
        ChildOf(root),
        // The last notice (a locked rung, a new career).
        NoticeText,
        Node {
            margin: UiRect::top(GAP),
            ..default()
        },
        line(String::new(), BODY_SIZE, GOLD),
    ));
    commands.spawn((ChildOf(root), back_button()));
    commands.spawn((
        ChildOf(root),
        line(
            tr(lang, Key::LadderFooter).to_owned(),
            SMALL_SIZE,
            TEXT.with_alpha(0.8),
        ),
    ));
}

/// The title, the career in one line, and the badge taken into matches.
fn spawn_header(commands: &mut Commands, root: Entity, career: &Career, coins: i64, lang: Lang) {
    commands.spawn((
        ChildOf(root),
        line(tr(lang, Key::LadderTitle).to_owned(), BIG_SIZE * 1.4, GOLD),
    ));
    let badges: Vec<&str> = career.badges.iter().map(|&b| badge_name(lang, b)).collect();
    let badges = if badges.is_empty() {
        "—".to_owned()
    } else {
        badges.join("・")
    };
    commands.spawn((
        ChildOf(root),
        LadderText::Summary,
        line(
            trf(
                lang,
                Key::LadderSummary,
                &[&career.beaten.len(), &ladder().len(), &badges, &coins],
            ),
            BODY_SIZE,
            TEXT,
        ),
    ));
    let taking = career
        .taking
        .map_or_else(|| "—".to_owned(), |b| badge_name(lang, b).to_owned());
    commands.spawn((
        ChildOf(root),
        LadderText::Taking,
        line(trf(lang, Key::TakingBadge, &[&taking]), SMALL_SIZE, TEXT),
    ));
}

/// One rung's row: the opponent's colour and its line; a click sits down,
/// the pointer moves the cursor.
fn spawn_rung(
    commands: &mut Commands,
    root: Entity,
    rung: &Rung,
    career: &Career,
    coins: i64,
    lang: Lang,
) {
    let open = career.has_beaten(rung.opponent.key) || career.check(rung, coins).is_ok();
    let alpha = if open { 1.0 } else { LOCKED_ALPHA };
    let [r, g, b] = rung.opponent.colour;
    let index = rung.index;
    commands
        .spawn((
            ChildOf(root),
            Name::new(format!("Rung {}", index + 1)),
            RungRow(index),
            Button,
            Node {
                width: Val::Px(ROW_WIDTH),
                max_width: Val::Percent(96.0),
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                column_gap: Val::Px(10.0),
                padding: ROW_PADDING,
                border_radius: ROUND,
                ..default()
            },
            panel_fill(),
            children![
                (
                    Node {
                        width: Val::Px(SWATCH),
                        height: Val::Px(SWATCH),
                        border_radius: BorderRadius::all(Val::Px(SWATCH / 2.0)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb_u8(r, g, b).with_alpha(alpha)),
                    Pickable::IGNORE,
                ),
                (
                    LadderText::Rung(index),
                    line(
                        rung_line(rung, career, coins, lang),
                        BODY_SIZE,
                        TEXT.with_alpha(alpha),
                    ),
                ),
            ],
            CursorRow,
            OnClick::trigger(Sit(index)),
        ))
        // Only a moving pointer takes the cursor from the keys.
        .observe(
            move |_: On<Pointer<Move>>, mut cursor: ResMut<LadderCursor>| {
                if cursor.0 != index {
                    cursor.0 = index;
                }
            },
        );
}

/// The highlighted rung stands out.
fn light_rows(
    cursor: Res<LadderCursor>,
    mut rows: Query<(Entity, &RungRow, &mut BackgroundColor, Has<InView>)>,
    mut commands: Commands,
) {
    for (entity, row, mut color, marked) in &mut rows {
        let lit = (row.0 == cursor.0).then_some(BUTTON);
        light_row(&mut commands, entity, lit, marked, &mut color);
    }
}
