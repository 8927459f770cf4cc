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
    game_app_with(seed, save_dir, false)
}

/// The solo game, headless; `keyboard` adds Bevy's own keyboard input system
/// (keys then arrive as messages), else the tests press keys directly.
fn game_app_with(seed: u64, save_dir: &std::path::Path, keyboard: bool) -> App {
    let mut app = headless_app();
    app.add_plugins(StatesPlugin);
    if keyboard {
        app.add_plugins(bevy::input::InputPlugin);
    } else {
        app.init_resource::<ButtonInput<KeyCode>>();
    }
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
fn l_switches_every_shown_string_to_english_and_the_save_keeps_it() {
    let dir = temp_dir("lang");
    let mut app = game_app(6, &dir);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "投げる");
    tap(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(hud_text(&mut app, HudText::MainLabel), "Throw");
    tap(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    app.update();
    let faces = round(&app).faces.unwrap();
    let english = dice_poker::lang::hand_name(dice_poker::lang::Lang::En, &evaluate_roll(&faces));
    assert_eq!(hud_text(&mut app, HudText::Hand), english);
    assert!(hud_text(&mut app, HudText::Status).contains("rerolls left"));
    assert!(hud_text(&mut app, HudText::Help).contains("Space: next"));
    assert_eq!(
        coins::load(&dir.join(coins::SAVE_FILE)).lang,
        dice_poker::lang::Lang::En,
        "remembered with the save"
    );
    // A new run starts in English; L goes back.
    let mut again = game_app(6, &dir);
    assert_eq!(hud_text(&mut again, HudText::MainLabel), "Throw");
    tap(&mut again, KeyCode::KeyL);
    again.update();
    assert_eq!(hud_text(&mut again, HudText::MainLabel), "投げる");
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
    // The game is in the history: one throw, one decision (stand) with its exact value.
    let history = dice_poker::history::load(&dice_poker::history::history_path(&dir)).unwrap();
    let [game] = &history.records[..] else {
        panic!("one record: {history:?}");
    };
    let faces = round(&app).faces.unwrap();
    assert_eq!(game.throws.len(), 1);
    assert_eq!(game.throws[0].faces, faces);
    assert_eq!(game.hand, evaluate_roll(&faces).to_string());
    assert_eq!(game.decisions.len(), 1);
    let d = &game.decisions[0];
    assert_eq!(
        (d.rerolls_left, d.chosen.len()),
        (2, 5),
        "stood with two rerolls"
    );
    assert!(d.best_value >= d.chosen_value);
    let stake = GameConfig::default().payouts.stake;
    assert_eq!(game.coins_in, stake);
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
        ..Default::default()
    };
    coins::store(&path, &data(1234, Some("hard"))).expect("store");
    assert_eq!(
        coins::load(&path),
        coins::Loaded {
            coins: 1234,
            choice: Some("hard".to_owned()),
            sound: coins::SoundSettings::default(),
            lang: dice_poker::lang::Lang::Ja,
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

// ---- duels ----

use dice_poker::game::Screen;
use dice_poker::game::coins::LastChoice;
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::duel::{Minds, Table};
use dice_poker::game::start::Chosen;
use dice_poker::rules::duel::{Side, Step};

fn duel_app(seed: u64, save_dir: &std::path::Path, opening: Option<Choice>) -> App {
    let mut app = headless_app();
    app.add_plugins(StatesPlugin);
    app.init_resource::<ButtonInput<KeyCode>>();
    app.insert_resource(DiceSeed(Some(seed)));
    app.insert_resource(SaveFile(coins::save_path(Some(save_dir))));
    app.insert_resource(GameConfig {
        opening,
        ..default()
    });
    app.add_plugins((
        dice_poker::game::plugin,
        dice_poker::game::duel::hud::plugin,
    ));
    app.finish();
    app.cleanup();
    // The opponents' minds are solved on a worker thread at start-up.
    for _ in 0..2_000 {
        app.update();
        if app.world().contains_resource::<Minds>() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(app.world().contains_resource::<Minds>(), "minds solved");
    app
}

fn duel_text(app: &mut App, role: DuelText) -> String {
    let world = app.world_mut();
    let mut q = world.query::<(&DuelText, &Text)>();
    q.iter(world)
        .find(|(r, _)| **r == role)
        .map(|(_, t)| t.0.clone())
        .expect("duel text")
}

/// The top faces of a tray's dice, in slot order.
fn tray_faces(app: &App, tray: Entity) -> [u8; 5] {
    let dice = app.world().get::<Tray>(tray).unwrap().dice;
    dice.map(|d| read_top(app.world().get::<Transform>(d).unwrap().rotation).value)
}

#[test]
fn a_whole_duel_against_the_hard_opponent_reaches_a_winner_with_coins_conserved() {
    let dir = temp_dir("duel");
    // Rich enough that no round needs a fresh start (which would add coins).
    let save = coins::SaveData {
        coins: 1_000,
        ..Default::default()
    };
    coins::store(&dir.join(coins::SAVE_FILE), &save).unwrap();
    let mut app = duel_app(21, &dir, Some(Choice::Duel(2)));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Duel);
    let start = save.coins;
    let mut seen_steps = std::collections::HashSet::new();
    let mut bets = 0;
    for _ in 0..PATIENCE * 8 {
        let (step, trays, rolls) = {
            let t = app.world().resource::<Table>();
            assert_eq!(t.refused, 0, "the opponent only makes legal moves");
            (
                t.duel.step(),
                t.trays,
                [t.duel.roll(Side::Player), t.duel.roll(Side::Cpu)],
            )
        };
        seen_steps.insert(format!("{step:?}"));
        // Whatever rests on the table is what the referee and the HUD say.
        for side in [Side::Player, Side::Cpu] {
            if let Some(roll) = rolls[side.index()]
                && step != Step::Rolling(side)
            {
                assert_eq!(tray_faces(&app, trays[side.index()]), roll, "{side:?}");
            }
        }
        if let Some(roll) = rolls[0]
            && step != Step::Rolling(Side::Player)
        {
            app.update();
            assert_eq!(
                duel_text(&mut app, DuelText::PlayerHand),
                evaluate_roll(&roll).to_string()
            );
        }
        match step {
            Step::Throw(Side::Player) | Step::RoundOver => tap(&mut app, KeyCode::Space),
            Step::Bet(Side::Player) => {
                // Raise when allowed, otherwise call: the re-raise path gets used.
                bets += 1;
                let key = if bets % 2 == 1 {
                    KeyCode::KeyR
                } else {
                    KeyCode::KeyC
                };
                tap(&mut app, key);
                if app.world().resource::<Table>().duel.step() == step {
                    tap(&mut app, KeyCode::KeyC);
                }
            }
            Step::Reroll(Side::Player) => {
                // Keep the leftmost die, throw the rest; the kept die must not move.
                tap(&mut app, KeyCode::Digit1);
                let kept: Vec<usize> = (0..5)
                    .filter(|&s| app.world().resource::<Table>().held[0][s])
                    .collect();
                assert_eq!(kept.len(), 1);
                let die = app.world().get::<Tray>(trays[0]).unwrap().dice[kept[0]];
                let before = *app.world().get::<Transform>(die).unwrap();
                tap(&mut app, KeyCode::Space);
                while matches!(
                    app.world().resource::<Table>().duel.step(),
                    Step::Rolling(Side::Player)
                ) {
                    app.update();
                }
                assert_eq!(*app.world().get::<Transform>(die).unwrap(), before);
            }
            Step::MatchOver(_) => break,
            _ => {
                // The opponent's turn: the player's keys do nothing to its dice.
                if step == Step::Reroll(Side::Cpu) {
                    let theirs = app.world().get::<Tray>(trays[1]).unwrap().dice[0];
                    let before = app.world().resource::<Table>().held[1];
                    app.world_mut().trigger(ToggleHold::player(theirs));
                    assert_eq!(app.world().resource::<Table>().held[1], before);
                }
                app.update();
            }
        }
    }
    app.update();
    let table = app.world().resource::<Table>();
    let winner = table.duel.winner().expect("the match has a winner");
    assert_eq!(table.duel.score(winner), 2);
    assert_eq!(table.refused, 0);
    let net = table.duel.net(Side::Player);
    assert_eq!(
        net,
        table.duel.won(Side::Player) as i64 - table.duel.put_in(Side::Player) as i64
    );
    assert_eq!(
        coins_now(&app) - start,
        net,
        "wallet = start - antes - bets + pots"
    );
    for step in ["Bet(Cpu)", "Reroll(Cpu)", "Reroll(Player)", "RoundOver"] {
        assert!(
            seen_steps.contains(step),
            "{step} never came: {seen_steps:?}"
        );
    }
    // The saved balance is the wallet's.
    app.update();
    assert_eq!(
        coins::load(&dir.join(coins::SAVE_FILE)).coins,
        coins_now(&app)
    );
}

#[test]
fn the_start_screen_picks_by_keyboard_and_remembers_the_choice() {
    let dir = temp_dir("start");
    let mut app = duel_app(3, &dir, None);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    // Down twice from ひとりで: the second opponent.
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Duel);
    assert_eq!(app.world().resource::<Chosen>().0, Choice::Duel(1));
    assert_eq!(app.world().resource::<Table>().opponent.key, "normal");
    // Enter in a duel with nothing to stand on does nothing; Esc goes back.
    tap(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    assert!(
        !app.world().contains_resource::<Table>(),
        "the table is cleared"
    );
    assert_eq!(
        coins::load(&dir.join(coins::SAVE_FILE)).choice.as_deref(),
        Some("normal")
    );
    // A new run highlights the last choice; 1 picks the solo game directly.
    let mut again = duel_app(4, &dir, None);
    assert_eq!(
        again.world().resource::<LastChoice>().0.as_deref(),
        Some("normal")
    );
    assert_eq!(again.world().resource::<Chosen>().0, Choice::Duel(1));
    tap(&mut again, KeyCode::Digit1);
    again.update();
    assert_eq!(
        *again.world().resource::<State<Screen>>().get(),
        Screen::Solo
    );
    assert_eq!(
        *again.world().resource::<State<Phase>>().get(),
        Phase::Ready
    );
}

/// A press and its release delivered in one frame, as a quick tap on a slow
/// machine arrives: both go through Bevy's own keyboard input system.
fn quick_tap(app: &mut App, key: KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
}

#[test]
fn a_key_pressed_and_released_within_one_frame_still_acts() {
    let dir = temp_dir("quick");
    let mut app = game_app_with(13, &dir, true);
    quick_tap(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    quick_tap(&mut app, KeyCode::KeyH);
    app.update();
    assert!(
        hud_text(&mut app, HudText::Message).starts_with("ヒント"),
        "H showed the hint"
    );
    quick_tap(&mut app, KeyCode::Digit1);
    assert!(round(&app).held.iter().any(|&h| h), "1 held a die");
    quick_tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(phase(&app), Phase::Result, "Enter kept the hand");
}

// ---- autoplay and the save under a crash ----

#[test]
fn the_save_survives_a_kill_at_any_moment() {
    use rand::{Rng, SeedableRng};
    let dir = temp_dir("kill");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    // One finished run first, so both workers' saves exist however slow start-up is.
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_dice-poker"))
        .args(["autoplay", "--games", "4", "--seed", "1", "--data-dir"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("run autoplay");
    assert!(status.success());
    let mut saves_seen = 0;
    for round in 0..16u64 {
        // Autoplay writes each worker's save after every stake and payout.
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dice-poker"))
            .args(["autoplay", "--games", "1000000", "--seed"])
            .arg(round.to_string())
            .arg("--data-dir")
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start autoplay");
        std::thread::sleep(std::time::Duration::from_millis(rng.random_range(20..400)));
        child.kill().expect("kill");
        child.wait().expect("reap");
        for worker in 0..2 {
            let path = dir.join(format!("worker-{worker}")).join(coins::SAVE_FILE);
            if path.exists() {
                saves_seen += 1;
                let loaded = coins::load(&path);
                assert_eq!(loaded.warning, None, "round {round}: {path:?}");
                assert!(loaded.coins > 0, "round {round}: {loaded:?}");
            }
        }
    }
    assert!(
        saves_seen >= 16,
        "the kills came after saves were written: {saves_seen}"
    );
}

#[test]
fn autoplay_reports_every_field_and_finds_no_violation() {
    for args in [
        &["--mode", "solo", "--policy", "best"][..],
        &["--mode", "solo", "--policy", "random"],
        &["--mode", "duel", "--policy", "random", "--opponent", "easy"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dice-poker"))
            .args(["autoplay", "--games", "20", "--seed", "5", "--json"])
            .args(args)
            .output()
            .expect("run autoplay");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{args:?}: {text} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
        for key in [
            "games",
            "mode",
            "policy",
            "seed",
            "throws",
            "staked",
            "paid",
            "return",
            "return_exact",
            "ci95",
            "violations",
            "unfinished",
            "throws_per_second",
        ] {
            assert!(doc.get(key).is_some(), "{args:?}: no {key} in {doc}");
        }
        assert_eq!(doc["games"], 20);
        assert_eq!(doc["violations"], 0);
        assert_eq!(doc["unfinished"], 0);
        let (staked, paid) = (
            doc["staked"].as_f64().unwrap(),
            doc["paid"].as_f64().unwrap(),
        );
        assert!((doc["return"].as_f64().unwrap() - paid / staked).abs() < 1e-12);
        if args.contains(&"duel") {
            let duel = &doc["duel"];
            let wins: u64 = duel["wins"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w.as_u64().unwrap())
                .sum();
            assert_eq!(wins, 20, "every match has a winner: {duel}");
            assert!(doc["return_exact"].is_null());
        } else {
            // Solo: 10 coins a game.
            assert_eq!(staked, 200.0);
            assert!((doc["return_exact"].as_f64().unwrap() - 0.973219).abs() < 1e-6);
        }
    }
    // Bad input: a clear message and status 2.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dice-poker"))
        .args(["autoplay", "--games", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games must be at least 1"));
}

// ---- flick to throw ----

use dice_poker::dice::throw::Aim;
use dice_poker::game::flick::{FLICK_FULL, FLICK_MIN, aim_from_drag};

#[test]
fn a_flick_sets_direction_and_strength_and_a_short_press_is_a_click() {
    assert_eq!(aim_from_drag(Vec2::ZERO, Vec2::new(0.3, 0.2)), None);
    let soft = aim_from_drag(Vec2::ZERO, Vec2::new(-FLICK_MIN - 0.5, 0.0)).unwrap();
    assert_eq!(soft.direction, Vec2::NEG_X);
    let hard = aim_from_drag(Vec2::new(1.0, 1.0), Vec2::new(1.0, 1.0 - 3.0 * FLICK_FULL)).unwrap();
    assert_eq!(
        (hard.direction, hard.strength),
        (Vec2::NEG_Y, 1.0),
        "clamped"
    );
    assert!(soft.strength > 0.0 && soft.strength < 0.2);

    // In the game: a flick to the left throws from the right, leftwards.
    let dir = temp_dir("flick");
    let mut app = game_app(17, &dir);
    app.world_mut().trigger(dice_poker::game::Advance {
        by: dice_poker::rules::duel::Side::Player,
        aim: Some(Aim {
            direction: Vec2::NEG_X,
            strength: 1.0,
        }),
    });
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    let velocities: Vec<Vec3> = dice(&app)
        .iter()
        .map(|&d| {
            let tf = app.world().get::<Transform>(d).unwrap();
            assert!(tf.translation.x > 1.0, "starts on the right: {tf:?}");
            app.world()
                .get::<bevy_rapier3d::prelude::Velocity>(d)
                .unwrap()
                .linear
        })
        .collect();
    assert!(velocities.iter().all(|v| v.x < -10.0), "{velocities:?}");
    run_until(&mut app, Phase::Holding);
    let faces = round(&app).faces.unwrap();
    assert!(faces.iter().all(|f| (1..=6).contains(f)));
}
