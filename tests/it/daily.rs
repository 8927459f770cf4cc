//! 今日の一局 in the game, headless: the day's dice on the physics dice, a
//! score instead of coins, five games into the history, a day counted once.

use bevy::prelude::*;

use dice_poker::game::Screen;
use dice_poker::game::profile::Wallet;
use dice_poker::game::solo::daily::{DailyRun, panel_text};
use dice_poker::game::solo::share::{Shared, square_color};
use dice_poker::headless::{self, GameSetup};
use dice_poker::history::daily::{day_scores, personal_best, unfinished_run};
use dice_poker::history::{self, DailyMark, Record};
use dice_poker::lang::{Lang, daily_share};
use dice_poker::rules::daily::{DAILY_GAMES, DAILY_REROLLS, HeldMark, dealt, play_daily};
use dice_poker::rules::{PayoutTable, Strategy};

use dice_poker::game::Phase;
use dice_poker::game::solo::hint::Hint;
use dice_poker::game::solo::hud::HudText;

use crate::support::{PATIENCE, hud_text, press, run_until, temp_dir};

const DAY: &str = "2026-12-01";

/// Plays the day's challenge with the advisor's holds until the game goes
/// back to the start screen; returns the app and the coins before.
fn play_day(seed: u64, dir: &std::path::Path) -> (App, i64) {
    let mut app = headless::game_app(
        &GameSetup::solo(seed)
            .saved_in(dir)
            .auto(true)
            .pace(0.0)
            .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap()),
    );
    let coins = app.world().resource::<Wallet>().coins;
    for _ in 0..PATIENCE * DAILY_GAMES as usize * 3 {
        app.update();
        if *app.world().resource::<State<Screen>>().get() == Screen::Start {
            // What the writer thread still has is on disk first.
            dice_poker::game::profile::flush(app.world());
            return (app, coins);
        }
    }
    panic!("the day's five games never ended");
}

fn daily_records(dir: &std::path::Path) -> Vec<Record> {
    history::load(&history::history_path(dir))
        .expect("history")
        .records
        .into_iter()
        .filter(|r| r.mode == dice_poker::history::Mode::Daily)
        .collect()
}

#[test]
fn the_day_is_dealt_on_the_physics_dice_scored_and_counted_once() {
    let dir = temp_dir("daily");
    let (app, coins) = play_day(3, &dir);
    assert_eq!(app.world().resource::<Wallet>().coins, coins, "no coins");
    assert!(!app.world().contains_resource::<DailyRun>());
    let games = daily_records(&dir);
    assert_eq!(games.len(), DAILY_GAMES as usize);
    // The same games as the rules play with the best holds, throw for throw.
    let payouts = PayoutTable::default();
    let strategy = Strategy::new(payouts, DAILY_REROLLS);
    let expected = play_daily(DAY, &strategy, &payouts, |r, left| {
        strategy.best(r, left).held
    });
    for (g, (record, want)) in games.iter().zip(&expected).enumerate() {
        let game = g as u32 + 1;
        let mark: &DailyMark = record.daily.as_ref().expect("a daily mark");
        assert_eq!((mark.date.as_str(), mark.game), (DAY, game));
        assert_eq!(mark.run, games[0].daily.as_ref().unwrap().run, "one run");
        assert!(mark.given_up.abs() < 1e-9, "the advisor's holds: {mark:?}");
        assert_eq!((record.coins_in, record.coins_out), (0, 0));
        assert_eq!(record.throws[0].faces, want.first_throw);
        let mut roll = record.throws[0].faces;
        for (t, throw) in record.throws.iter().enumerate().skip(1) {
            let dealt_now = dealt(DAY, game, t as u32 + 1, &roll, &throw.held);
            assert_eq!(throw.faces, dealt_now, "game {game} throw {}", t + 1);
            roll = throw.faces;
        }
        assert_eq!(roll, want.last, "game {game}");
    }
    let days = day_scores(
        &history::load(&history::history_path(&dir)).unwrap().records,
        DAILY_GAMES,
    );
    assert_eq!(days.len(), 1);
    assert_eq!(personal_best(&days), Some(0.0));

    // Played again, the day is a replay: its games are written, not counted.
    let (_, _) = play_day(4, &dir);
    assert_eq!(daily_records(&dir).len(), 2 * DAILY_GAMES as usize);
    let all = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(day_scores(&all, DAILY_GAMES).len(), 1);
}

#[test]
fn tab_on_the_days_end_card_opens_the_records_which_show_the_day() {
    let dir = temp_dir("daily-tab");
    let (_, _) = play_day(8, &dir);
    // Back at the day's end card: Tab opens the records.
    let mut app = headless::game_app(
        &GameSetup::solo(9)
            .saved_in(&dir)
            .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap()),
    );
    app.update();
    app.world_mut().resource_mut::<DailyRun>().given_up = vec![0.0; DAILY_GAMES as usize];
    press(&mut app, KeyCode::Tab);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Records
    );
    app.update();
    let shown = crate::support::texts(&mut app);
    assert!(
        shown
            .iter()
            .any(|t| t.contains("今日の一局: 1日 完了 ・ 自己ベスト 0.00 枚")),
        "{shown:?}"
    );
}

#[test]
fn the_panel_says_the_day_the_game_the_score_and_the_best() {
    let mut run = DailyRun::new(DAY.to_owned(), 1, &[]);
    let ja = panel_text(&run, Lang::Ja);
    assert!(
        ja.contains("今日の一局 2026-12-01") && ja.contains("第1局 / 5"),
        "{ja}"
    );
    assert!(
        !ja.contains("自己ベスト"),
        "no best before a day is finished"
    );
    run.given_up = vec![0.5, 0.25, 0.0, 0.0, 0.0];
    run.game = 5;
    run.best = Some(1.0);
    let en = panel_text(&run, Lang::En);
    assert!(en.contains("Given up over five games: 0.75 coins"), "{en}");
    assert!(
        en.contains("Personal best: 1.00") && en.contains("new personal best"),
        "{en}"
    );
    run.best = Some(0.5);
    assert!(!panel_text(&run, Lang::En).contains("new personal best"));
    // A first day is the first score, not a best beaten (however poor it was).
    run.best = None;
    run.given_up = vec![9.0, 8.0, 7.5, 4.0, 3.65];
    let first = panel_text(&run, Lang::Ja);
    assert!(
        !first.contains("自己ベスト更新") && first.contains("初めての記録"),
        "{first}"
    );
    run.replay = true;
    assert!(!panel_text(&run, Lang::Ja).contains("初めての記録"));
}

#[test]
fn a_day_counts_its_first_whole_run_and_the_best_is_the_lowest() {
    let mark = |date: &str, game, run, given_up| Record {
        round: None,
        daily: Some(DailyMark {
            date: date.to_owned(),
            game,
            run,
            given_up,
        }),
        ..crate::records::record("daily", [1, 2, 3, 4, 5], (0, 0), (0.0, 0.0))
    };
    let mut records = Vec::new();
    // An unfinished run of day A, then a whole one, then a second whole one.
    records.extend((1..=3).map(|g| mark("2026-11-30", g, 10, 9.0)));
    records.extend((1..=5).map(|g| mark("2026-11-30", g, 20, 0.5)));
    records.extend((1..=5).map(|g| mark("2026-11-30", g, 30, 0.0)));
    records.extend((1..=5).map(|g| mark("2026-12-01", g, 40, 0.1)));
    let days = day_scores(&records, DAILY_GAMES);
    assert_eq!(days.len(), 2);
    assert!((days[0].given_up - 2.5).abs() < 1e-9, "{days:?}");
    assert!((days[1].given_up - 0.5).abs() < 1e-9);
    assert_eq!(personal_best(&days), Some(days[1].given_up));
    assert_eq!(personal_best(&[]), None);
    // Each game's score is kept in game order, whatever order the lines came in.
    assert_eq!(days[0].games, vec![0.5; 5]);
    let shuffled: Vec<Record> = [(3, 0.3), (1, 0.1), (5, 0.5), (2, 0.2), (4, 0.4)]
        .map(|(g, v)| mark("2026-12-05", g, 70, v))
        .into();
    assert_eq!(
        day_scores(&shuffled, DAILY_GAMES)[0].games,
        vec![0.1, 0.2, 0.3, 0.4, 0.5]
    );
    // A day whose latest run is whole has nothing to go on with; one left
    // after two games goes on with them, and one with a gap starts afresh.
    let marks = |records: &[Record]| {
        records
            .iter()
            .filter_map(|r| r.daily.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        unfinished_run(&marks(&records), "2026-11-30", DAILY_GAMES),
        None
    );
    records.extend((1..=2).map(|g| mark("2026-12-02", g, 50, 0.25)));
    assert_eq!(
        unfinished_run(&marks(&records), "2026-12-02", DAILY_GAMES),
        Some((50, vec![0.25, 0.25]))
    );
    records.extend([1, 3].map(|g| mark("2026-12-03", g, 60, 0.0)));
    assert_eq!(
        unfinished_run(&marks(&records), "2026-12-03", DAILY_GAMES),
        None
    );
    assert_eq!(
        unfinished_run(&marks(&records), "2026-12-04", DAILY_GAMES),
        None
    );
}

#[test]
fn a_day_left_after_two_games_goes_on_at_the_third_in_the_same_run() {
    let dir = temp_dir("daily-left");
    let mut app = headless::game_app(
        &GameSetup::solo(6)
            .saved_in(&dir)
            .auto(true)
            .pace(0.0)
            .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap()),
    );
    for _ in 0..PATIENCE * 6 {
        app.update();
        if app.world().resource::<DailyRun>().given_up.len() >= 2 {
            break;
        }
    }
    app.update();
    dice_poker::game::profile::flush(app.world());
    drop(app);
    assert_eq!(daily_records(&dir).len(), 2, "two games played, then left");
    let (_, _) = play_day(7, &dir);
    let games = daily_records(&dir);
    let marks: Vec<&DailyMark> = games.iter().filter_map(|r| r.daily.as_ref()).collect();
    assert_eq!(
        marks.iter().map(|m| m.game).collect::<Vec<_>>(),
        (1..=DAILY_GAMES).collect::<Vec<_>>(),
        "games 3 to 5 follow the two played"
    );
    assert!(marks.iter().all(|m| m.run == marks[0].run), "one run");
    let all = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(day_scores(&all, DAILY_GAMES).len(), 1, "the day counts");
}

#[test]
fn between_the_days_games_one_press_deals_the_next_and_the_help_has_no_hint() {
    let dir = temp_dir("daily-keys");
    let mut app = headless::game_app(
        &GameSetup::solo(5)
            .saved_in(dir.clone())
            .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap()),
    );
    app.update();
    let help = hud_text(&mut app, HudText::Help);
    assert!(
        !help.contains("H: ヒント") && !help.contains("1ゲーム"),
        "{help}"
    );
    assert!(help.contains("判断の損"), "{help}");
    // The day moves no coins: the HUD shows none.
    assert_eq!(hud_text(&mut app, HudText::Coins), "");
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    // H gives no hint in the challenge.
    press(&mut app, KeyCode::KeyH);
    assert!(app.world().resource::<Hint>().0.is_none());
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, Phase::Result);
    app.update();
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "次の局へ");
    // One press: the next game's dice are already in the air.
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Rolling);
    assert_eq!(app.world().resource::<DailyRun>().game, 2);
    assert_eq!(app.world().resource::<DailyRun>().throw, 1);
}

/// Every game of the day is read and recorded at every speed, at people's
/// pace (the pauses between moves as a player sees them), and at instant
/// speed on a slow renderer's frames too (a third of a second each: one
/// frame's physics then carried the next game's dice to rest before the
/// game had gone over to rolling, and the game waited on them for ever).
#[test]
fn a_day_at_every_speed_is_played_to_its_end() {
    use bevy::time::TimeUpdateStrategy;
    use dice_poker::game::profile::Speed;
    let slow = std::time::Duration::from_millis(333);
    for (speed, frame) in [
        (Speed::Instant, None),
        (Speed::Double, None),
        (Speed::Normal, None),
        (Speed::Instant, Some(slow)),
    ] {
        for seed in 1..=4 {
            let dir = temp_dir(&format!("daily-speed-{speed:?}-{frame:?}-{seed}"));
            let mut setup = GameSetup::solo(seed)
                .saved_in(&dir)
                .auto(true)
                .pace(1.0)
                .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap());
            setup.launch.speed = Some(speed);
            let mut app = headless::game_app(&setup);
            if let Some(frame) = frame {
                app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
            }
            let ended = (0..PATIENCE * DAILY_GAMES as usize * 3).any(|_| {
                app.update();
                *app.world().resource::<State<Screen>>().get() == Screen::Start
            });
            assert!(
                ended,
                "{speed:?} {frame:?} seed {seed}: the day never ended"
            );
            dice_poker::game::profile::flush(app.world());
            assert_eq!(
                daily_records(&dir).len(),
                DAILY_GAMES as usize,
                "{speed:?} seed {seed}"
            );
        }
    }
}

#[test]
fn the_days_end_card_copies_a_line_without_its_dice_and_the_command_line_prints_it() {
    let dir = temp_dir("daily-share");
    let folder = dir.to_str().expect("a path");
    let share = |lang: &str| {
        crate::support::dice_poker(
            &[
                "--data-dir",
                folder,
                "--lang",
                lang,
                "daily",
                "--date",
                DAY,
                "--share",
            ],
            None,
        )
    };
    // Nothing to share before the day is played.
    let out = share("en");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not finished"), "{err}");
    let (_, _) = play_day(3, &dir);
    let out = share("en");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Dice poker daily 2026-12-01\n🟩🟩🟩🟩🟩 given up 0.00 coins\n",
        "the advisor's holds give up nothing"
    );

    // The window's end card: a square a game in the line's colours, and
    // Enter copies the same line the command line prints.
    let mut app = headless::game_app(
        &GameSetup::solo(9)
            .saved_in(temp_dir("daily-share-window"))
            .daily(dice_poker::rules::daily::Day::parse(DAY).unwrap()),
    );
    app.update();
    let given_up = vec![0.0, 0.2, 1.5, 0.0, 0.004];
    app.world_mut().resource_mut::<DailyRun>().given_up = given_up.clone();
    app.update();
    app.update();
    let mut spans = app.world_mut().query::<(&TextSpan, &TextColor, &ChildOf)>();
    let colors: Vec<Color> = spans
        .iter(app.world())
        .filter(|(span, ..)| span.0 == "■")
        .map(|(_, color, _)| color.0)
        .collect();
    let want: Vec<Color> = given_up
        .iter()
        .map(|&g| square_color(HeldMark::of(g)))
        .collect();
    assert_eq!(colors, want);
    assert_eq!(app.world().resource::<Shared>().text, None);
    press(&mut app, KeyCode::Enter);
    app.update();
    let shared = app.world().resource::<Shared>().clone();
    let line = shared.text.expect("copied");
    assert_eq!(line, daily_share(Lang::Ja, DAY, &given_up));
    assert!(
        line.contains("🟩🟨🟥🟩🟩") && line.contains("1.70"),
        "{line}"
    );
    // Whether this machine has a clipboard or not, the player is told.
    assert!(shared.outcome.is_some());
}
