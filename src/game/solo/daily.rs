//! 今日の一局, the daily challenge in the window: the solo game played five
//! times on dice dealt from the date (each throw's faces from
//! [`crate::rules::daily::dealt`], shown on the real physics dice through
//! [`Dealt`]), for a score instead of coins: the expected coins given up
//! against the advisor's best holds. Each game goes to the history with its
//! day and run; a day counts once, and the best day is the personal best.

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::dice::{Dealt, ThrowDice, TrayDice};
use crate::history::{self, Decision, daily::DayScore};
use crate::lang::{Key, Lang, tr, trf};
use crate::rules::daily::{DAILY_GAMES, DAILY_REROLLS, dealt};

use crate::game::journal::{HistoryAt, Journal, history_file};
use crate::game::profile::{SaveFile, SaveWriter};
use crate::game::table::Advance;
use crate::game::theme::{EDGE, ROUND, TAG_PADDING};
use crate::game::theme::{GOLD, PANEL, SHEET, SMALL_SIZE, TEXT, panel_fill};
use crate::game::{AppSystems, GameConfig, GameTray, Launch, Phase, Round, Screen, SoloMode};

/// Scores are shown to this many decimals (coins).
const SCORE_DECIMALS: usize = 2;
/// Where the challenge's panel stands during the games: below the coins, on the left.
const CORNER: UiRect = UiRect {
    left: EDGE,
    right: Val::ZERO,
    top: Val::Px(64.0),
    bottom: Val::ZERO,
};
/// Where the end of the run stands: at the foot of the window, just above
/// the main button, so the last game's dice stay in view in the tray.
const FOOT: UiRect = UiRect {
    left: Val::ZERO,
    right: Val::ZERO,
    top: Val::ZERO,
    bottom: Val::Px(76.0),
};
/// The end of the run is drawn over the HUD's panels (under the overlays).
const END_CARD_Z: i32 = 50;

/// The day's challenge being played.
#[derive(Resource, Debug, Clone)]
pub struct DailyRun {
    /// The day whose dice are dealt, `YYYY-MM-DD`.
    pub date: String,
    /// When this run began (seconds since 1970): tells runs apart in the history.
    pub run: u64,
    /// The game being played, from 1.
    pub game: u32,
    /// Throws so far in this game: the next one deals throw `throw + 1`.
    pub throw: u32,
    /// Coins given up in each finished game.
    pub given_up: Vec<f64>,
    /// The personal best before this run (`None`: no day finished yet).
    pub best: Option<f64>,
    /// The day was already finished once: this run is for fun and not counted.
    pub replay: bool,
}

impl DailyRun {
    /// A fresh run of `date`'s challenge, knowing the days finished before.
    pub fn new(date: String, run: u64, days: &[DayScore]) -> DailyRun {
        DailyRun {
            replay: days.iter().any(|d| d.date == date),
            best: history::daily::personal_best(days),
            date,
            run,
            game: 1,
            throw: 0,
            given_up: Vec::new(),
        }
    }

    /// Goes on with the day's run `run`, left after the games that gave up
    /// `given_up`: the next game is the one after them.
    pub fn go_on(&mut self, run: u64, given_up: Vec<f64>) {
        self.run = run;
        self.game = given_up.len() as u32 + 1;
        self.throw = 0;
        self.given_up = given_up;
    }

    /// Coins given up so far (never shown as "-0.00").
    pub fn total(&self) -> f64 {
        self.given_up.iter().fold(0.0, |a, b| a + b)
    }

    /// Every game of the day is played.
    pub fn finished(&self) -> bool {
        self.given_up.len() >= DAILY_GAMES as usize
    }

    /// This run, finished and counted, beats the best before it (a first
    /// day beats nothing: it is the first score, not a best).
    pub fn new_best(&self) -> bool {
        self.counted() && self.best.is_some_and(|b| self.total() < b - 1e-9)
    }

    /// This run, finished and counted, is the first day on record.
    pub fn first_score(&self) -> bool {
        self.counted() && self.best.is_none()
    }

    fn counted(&self) -> bool {
        self.finished() && !self.replay
    }
}

/// Rerolls in a solo game: the challenge's own count, or the configured one.
pub fn solo_rerolls(config: &GameConfig, daily: Option<&DailyRun>) -> u32 {
    match daily {
        Some(_) => DAILY_REROLLS as u32,
        None => config.rerolls,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SoloMode::Daily), start_run);
    app.add_systems(OnExit(SoloMode::Daily), end_run);
    app.add_systems(
        OnEnter(Phase::Result),
        // Before the game's page is written (`super::record` orders it).
        score_game.run_if(resource_exists::<DailyRun>),
    );
    app.add_systems(
        OnEnter(Phase::Ready),
        next_game.run_if(resource_exists::<DailyRun>),
    );
    app.add_observer(deal_throw);
    // The panel's look, with the window.
    app.add_systems(
        Update,
        (
            spawn_panel.run_if(resource_added::<DailyRun>),
            // Only when there is something new to say, not every frame.
            show_panel.run_if(
                resource_exists::<DailyRun>
                    .and_then(resource_changed::<DailyRun>.or_else(resource_changed::<Lang>)),
            ),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// The daily challenge opens the solo screen with a run of the day.
fn start_run(
    mut commands: Commands,
    launch: Res<Launch>,
    save: Res<SaveFile>,
    at: Option<Res<HistoryAt>>,
    writer: Option<Res<SaveWriter>>,
) {
    let date = launch
        .daily_date
        .as_ref()
        .map_or_else(crate::rules::daily::today, |d| d.as_str().to_owned());
    // The last game's line may still be on its way to the disk.
    crate::game::journal::flush(writer.as_deref());
    let records = history_file(&save, at.as_deref())
        .filter(|p| p.exists())
        .and_then(|p| history::load(&p).ok())
        .map(|l| l.records)
        .unwrap_or_default();
    let days = history::daily::day_scores(&records, DAILY_GAMES);
    let mut run = DailyRun::new(date, history::now(), &days);
    // A day left before its last game goes on where it was left: its games
    // played stay its games, and the next one is dealt.
    let marks = records.iter().filter_map(|r| r.daily.as_ref());
    if let Some((left, given_up)) = history::daily::unfinished_run(marks, &run.date, DAILY_GAMES) {
        run.go_on(left, given_up);
    }
    commands.insert_resource(run);
}

fn end_run(mut commands: Commands) {
    commands.remove_resource::<DailyRun>();
}

/// A throw of the player's dice deals its faces: the first throw all five,
/// a reroll the dice not kept. (A die thrown again because it fell out or
/// stood cocked belongs to the throw under way and keeps its deal.)
fn deal_throw(
    throw: On<ThrowDice>,
    mut commands: Commands,
    run: Option<ResMut<DailyRun>>,
    tray: Option<Res<GameTray>>,
    phase: Option<Res<State<Phase>>>,
    round: Res<Round>,
    dice: TrayDice,
) {
    let (Some(mut run), Some(tray), Some(phase)) = (run, tray, phase) else {
        return;
    };
    if throw.tray != tray.0 || !matches!(phase.get(), Phase::Ready | Phase::Holding) {
        return;
    }
    run.throw += 1;
    let (roll, kept) = match round.faces {
        Some(faces) => (faces, dice.held(tray.0)),
        None => ([0; 5], [false; 5]),
    };
    let faces = dealt(&run.date, run.game, run.throw, &roll, &kept);
    commands.entity(tray.0).insert(Dealt(faces));
}

/// A finished game's score: what its holds gave up against the best ones.
pub(super) fn score_game(journal: Res<Journal>, mut run: ResMut<DailyRun>) {
    let given_up: f64 = journal.decisions.iter().map(Decision::given_up).sum();
    run.given_up.push(given_up);
}

/// After a game, the next one, thrown at once (one press a game: there is
/// no stake to pay first); after the last, back to the start screen.
fn next_game(
    mut run: ResMut<DailyRun>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    if run.given_up.len() < run.game as usize {
        return; // the first game: nothing played yet
    }
    if run.finished() {
        next.set(Screen::Start);
        return;
    }
    run.game += 1;
    run.throw = 0;
    commands.trigger(Advance::PLAYER);
}

/// The challenge's panel, in the player's language.
#[derive(Component, Debug)]
pub struct DailyPanel;

/// What the challenge's panel shows.
pub fn panel_text(run: &DailyRun, lang: Lang) -> String {
    let score = |v: f64| format!("{v:.SCORE_DECIMALS$}");
    // The end card is short, to leave the tray in view: the score once.
    let mut lines = if run.finished() {
        vec![trf(lang, Key::DailyDone, &[&score(run.total())])]
    } else {
        vec![
            trf(
                lang,
                Key::DailyLine,
                &[&run.date, &run.game.min(DAILY_GAMES), &DAILY_GAMES],
            ),
            trf(lang, Key::DailyScore, &[&score(run.total())]),
        ]
    };
    if let Some(best) = run.best {
        lines.push(trf(lang, Key::DailyBest, &[&score(best)]));
    }
    if run.replay {
        lines.push(tr(lang, Key::DailyReplay).to_owned());
    }
    if run.finished() {
        if run.new_best() {
            lines.push(tr(lang, Key::DailyNewBest).to_owned());
        }
        if run.first_score() {
            lines.push(tr(lang, Key::DailyFirst).to_owned());
        }
    }
    lines.join("\n")
}

/// What places the challenge's panel: in the corner while the games go
/// on, across the foot of the window once the run is done.
#[derive(Component, Debug)]
pub(super) struct PanelFrame;

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Daily challenge"),
        PanelFrame,
        DespawnOnExit(SoloMode::Daily),
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            // The card, and under it once the day is done, its line to share.
            flex_direction: FlexDirection::Column,
            padding: CORNER,
            ..default()
        },
        // Over the HUD's panels: the end of the run is the thing to read.
        GlobalZIndex(END_CARD_Z),
        Pickable::IGNORE,
        children![(
            DailyPanel,
            Node {
                padding: TAG_PADDING,
                border_radius: ROUND,
                max_width: Val::Percent(90.0),
                ..default()
            },
            panel_fill(),
            Text::default(),
            TextFont::from_font_size(SMALL_SIZE),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
    ));
}

fn show_panel(
    run: Res<DailyRun>,
    lang: Res<Lang>,
    mut panels: Query<(&mut Text, &mut TextColor, &mut BackgroundColor), With<DailyPanel>>,
    mut frames: Query<&mut Node, With<PanelFrame>>,
) {
    let text = panel_text(&run, *lang);
    let done = run.finished();
    for (mut shown, mut color, mut sheet) in &mut panels {
        show(&mut shown, &text);
        let want = if done { GOLD } else { TEXT };
        if color.0 != want {
            color.0 = want;
        }
        let back = if done { SHEET } else { PANEL };
        if sheet.0 != back {
            sheet.0 = back;
        }
    }
    // The end of the run is the run's result: across the foot, not a
    // corner line, and not over the tray's last dice.
    let (justify, align, padding) = if done {
        (JustifyContent::FlexEnd, AlignItems::Center, FOOT)
    } else {
        (JustifyContent::FlexStart, AlignItems::FlexStart, CORNER)
    };
    for mut node in &mut frames {
        if node.justify_content != justify || node.align_items != align {
            node.justify_content = justify;
            node.align_items = align;
            node.padding = padding;
        }
    }
}
