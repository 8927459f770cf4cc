//! The game's flow, headless: keys in, states, holds, coins and the save file out.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use dice_poker::dice::faces::read_top;
use dice_poker::dice::{DiceSeed, Die, Tray};
use dice_poker::game::coins::{self, Notice, STARTING_COINS, SaveFile, Wallet};
use dice_poker::game::hud::HudText;
use dice_poker::game::{Choice, GameConfig, GameTray, Phase, Round, ToggleHold};
use dice_poker::rules::evaluate_roll;
use dice_poker::simulate::headless_app;

/// Longest a test waits for the dice, in frames (40 simulated seconds).
const PATIENCE: usize = 60 * 40;

/// A fresh folder for one test's save file.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dice-poker-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn game_app(seed: u64, save_dir: &std::path::Path) -> App {
    let mut app = headless_app();
    app.add_plugins(StatesPlugin);
    app.init_resource::<ButtonInput<KeyCode>>();
    app.insert_resource(DiceSeed(Some(seed)));
    app.insert_resource(SaveFile(coins::save_path(Some(save_dir))));
    app.insert_resource(GameConfig {
        opening: Some(Choice::Solo),
        ..default()
    });
    app.add_plugins((dice_poker::game::plugin, dice_poker::game::hud::plugin));
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    app
}

fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    input.clear();
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn run_until(app: &mut App, want: Phase) {
    for _ in 0..PATIENCE {
        if phase(app) == want {
            return;
        }
        app.update();
    }
    panic!("never reached {want:?}, stuck in {:?}", phase(app));
}

fn round(app: &App) -> Round {
    app.world().resource::<Round>().clone()
}

fn coins_now(app: &App) -> i64 {
    app.world().resource::<Wallet>().coins
}

fn dice(app: &App) -> [Entity; 5] {
    let tray = app.world().resource::<GameTray>().0;
    app.world().get::<Tray>(tray).unwrap().dice
}

fn hud_text(app: &mut App, role: HudText) -> String {
    let world = app.world_mut();
    let mut q = world.query::<(&HudText, &Text)>();
    q.iter(world)
        .find(|(r, _)| **r == role)
        .map(|(_, t)| t.0.clone())
        .expect("hud text")
}

#[test]
fn space_throws_and_the_shown_hand_is_the_rules_verdict() {
    let dir = temp_dir("throw");
    let mut app = game_app(11, &dir);
    assert_eq!(phase(&app), Phase::Ready);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "投げる");
    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    app.update();

    let r = round(&app);
    let faces = r.faces.expect("faces");
    assert!(faces.iter().all(|f| (1..=6).contains(f)));
    let read: Vec<u8> = dice(&app)
        .iter()
        .map(|&d| read_top(app.world().get::<Transform>(d).unwrap().rotation).value)
        .collect();
    assert_eq!(read, faces.to_vec(), "the faces are the dice's top faces");
    assert_eq!(r.hand, Some(evaluate_roll(&faces)));
    assert_eq!(
        hud_text(&mut app, HudText::Hand),
        evaluate_roll(&faces).to_string()
    );
    assert_eq!(hud_text(&mut app, HudText::Status), "あと2回振り直せます");
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "振り直す");
    assert_eq!(coins_now(&app), STARTING_COINS - 10);
}

#[test]
fn held_dice_stay_put_while_the_rest_are_rerolled_until_the_result_pays() {
    let dir = temp_dir("hold");
    let mut app = game_app(5, &dir);
    tap(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);

    // Keys 1 and 2 hold the two leftmost dice as the player sees them.
    let mut by_x: Vec<(Entity, f32)> = dice(&app)
        .iter()
        .map(|&d| (d, app.world().get::<Transform>(d).unwrap().translation.x))
        .collect();
    by_x.sort_by(|a, b| a.1.total_cmp(&b.1));
    tap(&mut app, KeyCode::Digit1);
    tap(&mut app, KeyCode::Digit2);
    let held: Vec<Entity> = by_x[..2].iter().map(|(e, _)| *e).collect();
    let slots: Vec<usize> = held
        .iter()
        .map(|&d| app.world().get::<Die>(d).unwrap().slot)
        .collect();
    assert!(slots.iter().all(|&s| round(&app).held[s]), "both are held");
    let before: Vec<Transform> = held
        .iter()
        .map(|&d| *app.world().get::<Transform>(d).unwrap())
        .collect();
    let faces_before = round(&app).faces.unwrap();

    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    assert_eq!(round(&app).rerolls_left, 1);
    let after: Vec<Transform> = held
        .iter()
        .map(|&d| *app.world().get::<Transform>(d).unwrap())
        .collect();
    assert_eq!(before, after, "held dice did not move");
    let faces_after = round(&app).faces.unwrap();
    for &s in &slots {
        assert_eq!(faces_before[s], faces_after[s], "held die keeps its face");
    }

    // Last reroll: the game ends and pays.
    let coins_before = coins_now(&app);
    tap(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Result);
    app.update();
    let r = round(&app);
    let hand = evaluate_roll(&r.faces.unwrap());
    assert_eq!(r.hand, Some(hand));
    let pay = GameConfig::default().payouts.pay(hand.kind());
    assert_eq!(r.payout, Some(pay));
    assert_eq!(coins_now(&app), coins_before + pay as i64);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "新しいゲーム");
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        format!("配当 {pay} コイン")
    );

    // The balance was saved; a new game frees every die.
    let saved = coins::load(&dir.join(coins::SAVE_FILE));
    assert_eq!(saved.coins, coins_now(&app));
    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Ready);
    assert_eq!(round(&app).held, [false; 5]);
}

#[test]
fn enter_ends_the_game_early() {
    let dir = temp_dir("confirm");
    let mut app = game_app(8, &dir);
    tap(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(phase(&app), Phase::Result);
    assert_eq!(round(&app).rerolls_left, 2, "no reroll was used");
}

#[test]
fn space_keys_and_clicks_do_nothing_while_dice_roll() {
    let dir = temp_dir("rolling");
    let mut app = game_app(9, &dir);
    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    let before = (round(&app).rerolls_left, round(&app).held, coins_now(&app));
    tap(&mut app, KeyCode::Space);
    tap(&mut app, KeyCode::Digit1);
    tap(&mut app, KeyCode::Enter);
    let die = dice(&app)[0];
    // A click on a die triggers exactly this.
    app.world_mut().trigger(ToggleHold::player(die));
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    assert_eq!(
        (round(&app).rerolls_left, round(&app).held, coins_now(&app)),
        before
    );
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "…");
}

#[test]
fn save_file_round_trips_and_is_written_atomically() {
    let dir = temp_dir("save");
    let path = dir.join(coins::SAVE_FILE);
    assert_eq!(
        coins::load(&path).coins,
        STARTING_COINS,
        "no file: a new player"
    );
    let data = |coins, choice: Option<&str>| coins::SaveData {
        coins,
        choice: choice.map(str::to_owned),
    };
    coins::store(&path, &data(1234, Some("hard"))).expect("store");
    assert_eq!(
        coins::load(&path),
        coins::Loaded {
            coins: 1234,
            choice: Some("hard".to_owned()),
            warning: None
        }
    );
    // A save from before the start screen has no choice and still loads.
    std::fs::write(&path, b"{\"coins\": 77}").unwrap();
    assert_eq!(coins::load(&path).coins, 77);
    coins::store(&path, &data(-5, None)).expect("store");
    assert_eq!(coins::load(&path).coins, -5);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        vec![std::ffi::OsString::from(coins::SAVE_FILE)],
        "no temporary file left"
    );
}

#[test]
fn a_corrupt_save_is_moved_aside_and_the_game_starts_fresh() {
    let dir = temp_dir("corrupt");
    let path = dir.join(coins::SAVE_FILE);
    std::fs::write(&path, b"{\"coins\": twelve").unwrap();
    let mut app = game_app(1, &dir);
    assert_eq!(coins_now(&app), STARTING_COINS);
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(notice.contains("damaged"), "{notice}");
    let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".bad-"))
        .collect();
    assert_eq!(aside.len(), 1, "the bad file is kept");
    assert_eq!(std::fs::read(&aside[0]).unwrap(), b"{\"coins\": twelve");
    app.update();
    assert_eq!(
        coins::load(&path).coins,
        STARTING_COINS,
        "a fresh save replaced it"
    );
}

#[test]
fn an_unwritable_save_warns_and_play_goes_on() {
    let dir = temp_dir("unwritable");
    // The data "directory" is a plain file: nothing can be read or written under it.
    let not_a_dir = dir.join("plain-file");
    std::fs::write(&not_a_dir, b"keep me").unwrap();
    let mut app = game_app(2, &not_a_dir);
    tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    assert!(!app.world().resource::<Notice>().0.is_empty());
    assert_eq!(
        std::fs::read(&not_a_dir).unwrap(),
        b"keep me",
        "nothing was lost"
    );
}
