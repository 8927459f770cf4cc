//! The daily challenge's line to share: once the day's five games are
//! played, the end card shows one square a game for how well it was held
//! (green: the best holds, yellow: close, red: further off; never the dice)
//! and 結果をコピー (Enter, or the pad's Y) puts the line on the clipboard, the
//! same line `dice-poker daily --share` prints from the records.

use std::sync::Mutex;

use bevy::prelude::*;

use crate::game::table::Confirm;
use crate::game::theme::OnClick;
use crate::game::theme::phrases::show;
use crate::game::theme::{CONFIRM, SMALL_SIZE, TEXT, labelled_button};
use crate::game::{AppSystems, SoloMode};
use crate::lang::{Key, Lang, daily_share, tr, trf};
use crate::rules::daily::HeldMark;

use super::daily::{DailyRun, PanelFrame};

/// A game held the best way.
const BEST_COLOR: Color = Color::srgb(0.35, 0.78, 0.4);
/// A game held close to the best.
const CLOSE_COLOR: Color = Color::srgb(0.96, 0.8, 0.25);
/// A game held further off.
const OFF_COLOR: Color = Color::srgb(0.88, 0.3, 0.25);
/// The squares' size on the end card (the font has ■, not the coloured
/// squares the copied line carries).
const SQUARE_SIZE: f32 = 30.0;
/// Room between the end card's pieces.
const ROW_GAP: Val = Val::Px(10.0);

/// Copy the day's line to share.
#[derive(Event, Debug, Clone, Copy)]
pub struct ShareDay;

/// The last line copied and what became of it.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Shared {
    /// The line, as copied.
    pub text: Option<String>,
    /// `Ok` once it is on the clipboard; why not, otherwise.
    pub outcome: Option<Result<(), String>>,
}

/// The system clipboard, kept while the game runs: on X11 the copied line
/// is served by this process for as long as it owns the selection.
#[derive(Resource, Default)]
struct Board(Mutex<Option<arboard::Clipboard>>);

/// The row under the end card: the squares, the button and what a copy did.
#[derive(Component, Debug)]
struct ShareRow;

/// The squares, one span a game.
#[derive(Component, Debug)]
struct Squares;

/// What the last copy did.
#[derive(Component, Debug)]
struct CopyNote;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shared>();
    app.init_resource::<Board>();
    app.add_observer(share_on_confirm);
    app.add_observer(copy_line);
    app.add_systems(OnExit(SoloMode::Daily), |mut shared: ResMut<Shared>| {
        *shared = Shared::default();
    });
    app.add_systems(
        Update,
        (
            spawn_row.run_if(resource_exists::<DailyRun>.and_then(resource_changed::<DailyRun>)),
            show_note.run_if(resource_changed::<Shared>.or_else(resource_changed::<Lang>)),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// Enter (or the pad's Y) on the day's end card copies the line: nothing
/// else stands then, the games are over.
fn share_on_confirm(_: On<Confirm>, run: Option<Res<DailyRun>>, mut commands: Commands) {
    if run.is_some_and(|r| r.finished()) {
        commands.trigger(ShareDay);
    }
}

/// The day's line, in the player's language, to the clipboard.
fn copy_line(
    _: On<ShareDay>,
    run: Option<Res<DailyRun>>,
    lang: Res<Lang>,
    board: Res<Board>,
    mut shared: ResMut<Shared>,
) {
    let Some(run) = run.filter(|r| r.finished()) else {
        return;
    };
    let text = daily_share(*lang, &run.date, &run.given_up);
    let outcome = match board.0.lock() {
        Ok(mut held) => put_on_clipboard(&mut held, &text),
        Err(_) => Err("the clipboard was lost".to_owned()),
    };
    if let Err(why) = &outcome {
        warn!("the daily line was not copied: {why}");
    }
    *shared = Shared {
        text: Some(text),
        outcome: Some(outcome),
    };
}

/// Opens the clipboard the first time it is needed and sets its text.
fn put_on_clipboard(held: &mut Option<arboard::Clipboard>, text: &str) -> Result<(), String> {
    let board = match held {
        Some(board) => board,
        None => held.insert(arboard::Clipboard::new().map_err(|e| e.to_string())?),
    };
    board.set_text(text).map_err(|e| e.to_string())
}

/// Once the last game is scored, the squares and the button under the card.
fn spawn_row(
    run: Res<DailyRun>,
    frames: Query<Entity, With<PanelFrame>>,
    rows: Query<(), With<ShareRow>>,
    mut commands: Commands,
) {
    if !run.finished() || !rows.is_empty() {
        return;
    }
    let Ok(frame) = frames.single() else {
        return;
    };
    commands.entity(frame).with_children(|card| {
        card.spawn((
            ShareRow,
            Name::new("Daily share"),
            Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                column_gap: ROW_GAP,
                row_gap: ROW_GAP,
                margin: UiRect::top(ROW_GAP),
                ..default()
            },
        ))
        .with_children(|row| {
            row.spawn((
                Squares,
                Text::default(),
                TextFont::from_font_size(SQUARE_SIZE),
            ))
            .with_children(|squares| {
                for &given_up in &run.given_up {
                    squares.spawn((
                        TextSpan::new("■"),
                        TextFont::from_font_size(SQUARE_SIZE),
                        TextColor(square_color(HeldMark::of(given_up))),
                    ));
                }
            });
            row.spawn((
                Name::new("Copy the day's line"),
                OnClick::with(|world| world.trigger(ShareDay)),
                labelled_button(CONFIRM, Key::DailyCopy, SMALL_SIZE),
            ));
            row.spawn((
                CopyNote,
                Text::default(),
                TextFont::from_font_size(SMALL_SIZE),
                TextColor(TEXT),
            ));
        });
    });
}

/// A game's square on the end card, in the copied line's colours.
pub fn square_color(mark: HeldMark) -> Color {
    match mark {
        HeldMark::Best => BEST_COLOR,
        HeldMark::Close => CLOSE_COLOR,
        HeldMark::Off => OFF_COLOR,
    }
}

/// Says what the last copy did.
fn show_note(shared: Res<Shared>, lang: Res<Lang>, mut notes: Query<&mut Text, With<CopyNote>>) {
    let note = match &shared.outcome {
        None => String::new(),
        Some(Ok(())) => tr(*lang, Key::DailyCopied).to_owned(),
        Some(Err(why)) => trf(*lang, Key::DailyNoClipboard, &[why]),
    };
    for mut text in &mut notes {
        show(&mut text, &note);
    }
}
