//! The settings screen by keyboard: speed, reduced motion, text size and
//! language change, show their values and are kept with the save.

use bevy::prelude::*;

use dice_poker::game::profile::Speed;
use dice_poker::game::profile::{ReducedMotion, TextSize};
use dice_poker::game::screens::settings::{Setting, SettingText};
use dice_poker::game::theme::hud_scale;
use dice_poker::game::{Choice, Screen};
use dice_poker::lang::Lang;

use crate::support::{app_in, press, temp_dir, to_setting};

#[test]
fn the_settings_screen_changes_speed_motion_and_language_and_the_save_keeps_them() {
    let dir = temp_dir("settings");
    let mut app = app_in(3, &dir, None);
    assert!(Choice::all().contains(&Choice::Settings));
    crate::support::pick_entry(&mut app, Choice::Settings);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Settings
    );
    to_setting(&mut app, Setting::Speed, false);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(*app.world().resource::<Speed>(), Speed::Double);
    to_setting(&mut app, Setting::Motion, false);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        *app.world().resource::<ReducedMotion>(),
        ReducedMotion(true)
    );
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Motion))
        .expect("the row is shown");
    assert_eq!(line, "動きを減らす: オン");
    // Text size: 125 %, then 150 %.
    to_setting(&mut app, Setting::TextSize, false);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(*app.world().resource::<TextSize>(), TextSize(150));
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::TextSize));
    assert_eq!(line.as_deref(), Some("文字の大きさ: 150 %"));
    // Graphics: the machine decides, then low.
    to_setting(&mut app, Setting::Graphics, false);
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Graphics));
    assert_eq!(line.as_deref(), Some("画質: 自動 (このパソコンに合わせて)"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        *app.world()
            .resource::<dice_poker::game::profile::Graphics>(),
        dice_poker::game::profile::Graphics::Low
    );
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Graphics));
    assert_eq!(line.as_deref(), Some("画質: 軽い"));
    to_setting(&mut app, Setting::Language, false);
    press(&mut app, KeyCode::Space);
    assert_eq!(*app.world().resource::<Lang>(), Lang::En);
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Speed)).unwrap();
    assert_eq!(line, "Speed: 2×");
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    drop(app);
    let again = app_in(4, &dir, None);
    assert_eq!(*again.world().resource::<Speed>(), Speed::Double);
    assert_eq!(
        *again.world().resource::<ReducedMotion>(),
        ReducedMotion(true)
    );
    assert_eq!(*again.world().resource::<Lang>(), Lang::En);
    assert_eq!(*again.world().resource::<TextSize>(), TextSize(150));
    assert_eq!(
        *again
            .world()
            .resource::<dice_poker::game::profile::Graphics>(),
        dice_poker::game::profile::Graphics::Low,
        "kept with the save"
    );
    // Applied: the HUD of a 1280×800 window is drawn half as large again.
    let scale = hud_scale(Vec2::new(1280.0, 800.0), TextSize(150));
    assert!((scale - 1.5).abs() < 1e-6, "{scale}");
    assert!((hud_scale(Vec2::new(800.0, 600.0), TextSize(100)) - 0.625).abs() < 1e-6);
}

#[test]
fn esc_over_a_game_opens_the_settings_and_the_table_waits_until_it_closes() {
    use crate::support::overlay;
    use dice_poker::game::Overlay;
    use dice_poker::game::Phase;
    let dir = temp_dir("pause");
    let mut app = crate::support::solo_app(12, &dir);
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::Settings);
    // The rows over the game, the last one leaves (nothing is at stake yet).
    let leave = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Leave));
    assert_eq!(leave.as_deref(), Some("メニューに戻る"));
    // Space changes the highlighted row (speed), not the dice.
    press(&mut app, KeyCode::Space);
    assert_eq!(*app.world().resource::<Speed>(), Speed::Double);
    assert_eq!(crate::support::phase(&app), Phase::Ready, "the table waits");
    // Text size from inside the game.
    to_setting(&mut app, Setting::TextSize, true);
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.world().resource::<TextSize>(), TextSize(125));
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Solo,
        "Esc closes the overlay and stays at the table"
    );
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(
        crate::support::phase(&app),
        Phase::Rolling,
        "the game goes on"
    );
    drop(app);
    let again = crate::support::solo_app(13, &dir);
    assert_eq!(*again.world().resource::<TextSize>(), TextSize(125));
    assert_eq!(*again.world().resource::<Speed>(), Speed::Double);
}

#[test]
fn the_guided_first_game_says_what_to_do_at_each_step_and_ends_once_paid() {
    use dice_poker::game::Phase;
    use dice_poker::game::profile::NewPlayer;
    use dice_poker::game::solo::guide::{Guide, GuideStep, GuideText, guide_step, guide_text};
    use dice_poker::lang::{Key, tr};
    // Who is guided at start is `core::opening::first_screen`'s (tested there).
    let dir = temp_dir("guide");
    let mut app = app_in(6, &dir, Some(Choice::Guide));
    assert!(app.world().contains_resource::<Guide>());
    assert!(
        app.world().resource::<NewPlayer>().0,
        "no save yet: a new player"
    );
    let shown = |app: &mut App| {
        app.update();
        dice_poker::headless::text_of(app.world_mut(), GuideText).expect("the guide shows")
    };
    let expect = |app: &mut App, step: GuideStep| {
        let round = app.world().resource::<dice_poker::game::Round>().clone();
        guide_text(step, &round, 10, Lang::Ja)
    };
    let text = shown(&mut app);
    assert_eq!(text, expect(&mut app, GuideStep::Throw));
    assert!(text.contains("Space") && text.contains(tr(Lang::Ja, Key::GuideSkip)));
    press(&mut app, KeyCode::Space);
    assert_eq!(shown(&mut app), expect(&mut app, GuideStep::Wait));
    crate::support::run_until(&mut app, Phase::Holding);
    let text = shown(&mut app);
    assert_eq!(text, expect(&mut app, GuideStep::Keep));
    let hand = crate::support::round(&app).hand.unwrap();
    assert!(
        text.contains(&dice_poker::lang::hand_name(Lang::Ja, &hand)),
        "{text}"
    );
    press(&mut app, KeyCode::Digit1);
    assert_eq!(guide_step(Phase::Holding, true), GuideStep::Reroll);
    assert_eq!(shown(&mut app), expect(&mut app, GuideStep::Reroll));
    press(&mut app, KeyCode::Enter);
    crate::support::run_until(&mut app, Phase::Result);
    let text = shown(&mut app);
    assert_eq!(text, expect(&mut app, GuideStep::Paid));
    // The luck card beside the payout is explained once, here.
    assert!(
        text.contains("「あなたの判断」") && text.contains("「運」"),
        "{text}"
    );
    // The next game is the player's own: no guide, and not again on the next start.
    press(&mut app, KeyCode::Space);
    app.update();
    assert!(!app.world().contains_resource::<Guide>());
    assert!(dice_poker::headless::text_of(app.world_mut(), GuideText).is_none());
    assert!(!app.world().resource::<NewPlayer>().0);
    drop(app);
    let again = app_in(7, &dir, None);
    assert!(
        !again.world().resource::<NewPlayer>().0,
        "kept with the save"
    );
    // Closed at any moment with Backspace, and played again from the start screen.
    let mut app = app_in(8, &dir, None);
    crate::support::pick_entry(&mut app, Choice::Guide);
    app.update();
    assert!(app.world().contains_resource::<Guide>());
    press(&mut app, KeyCode::Backspace);
    app.update();
    assert!(!app.world().contains_resource::<Guide>());
    assert_eq!(
        crate::support::phase(&app),
        Phase::Ready,
        "the game goes on"
    );
}

#[test]
fn a_key_map_swaps_never_doubles_and_saves_only_its_changes_by_name() {
    use dice_poker::keymap::{Action, KeyMap};
    let mut map = KeyMap::default();
    assert!(map.is_default());
    assert!(
        !map.assign(Action::Hint, KeyCode::Escape),
        "Esc stays with the menus"
    );
    assert!(!map.assign(Action::Hint, KeyCode::ArrowUp));
    assert!(map.assign(Action::Hint, KeyCode::KeyC));
    assert_eq!(map.key(Action::Hint), KeyCode::KeyC);
    assert_eq!(
        map.key(Action::Call),
        KeyCode::KeyH,
        "the call takes the hint's old key"
    );
    for a in Action::ALL {
        let same = Action::ALL
            .iter()
            .filter(|&&b| map.key(b) == map.key(a))
            .count();
        assert_eq!(same, 1, "{a:?}: one key, one action");
    }
    map.assign(Action::Hold(4), KeyCode::KeyT);
    let text = serde_json::to_string(&map).unwrap();
    assert_eq!(text, r#"{"call":"H","hint":"C","hold_5":"T"}"#);
    let back: KeyMap = serde_json::from_str(&text).unwrap();
    assert_eq!(back, map);
    map.assign(Action::Hold(4), KeyCode::Digit5);
    // Unknown names and keys are dropped, not an error.
    let odd: KeyMap = serde_json::from_str(r#"{"hint":"Hyper","fold":"Q","jump":"J"}"#).unwrap();
    assert_eq!(odd.key(Action::Hint), KeyCode::KeyH);
    assert_eq!(odd.key(Action::Fold), KeyCode::KeyQ);
    // Texts that name keys name the player's.
    assert_eq!(
        map.relabel("H: ヒント\nC チェック/コール"),
        "C: ヒント\nH チェック/コール"
    );
    assert_eq!(map.relabel("F1: 役と確率"), "F1: 役と確率");
    assert_eq!(map.relabel("M: 音 / -=: 音量"), "M: 音 / -=: 音量");
    map.assign(Action::VolumeUp, KeyCode::KeyU);
    assert_eq!(map.relabel("M: 音 / -=: 音量"), "M: 音 / -U: 音量");
    map.assign(Action::VolumeUp, KeyCode::Equal);
    map.assign(Action::Hold(0), KeyCode::KeyQ);
    assert_eq!(
        map.relabel("クリック / 1-5: キープ"),
        "クリック / Q2345: キープ"
    );
    // Back to the defaults, one by one.
    map.assign(Action::Hint, KeyCode::KeyH);
    map.assign(Action::Hold(0), KeyCode::Digit1);
    assert!(map.is_default(), "{map:?}");
}

#[test]
fn a_key_chosen_on_the_keys_screen_plays_at_once_and_is_kept() {
    use dice_poker::game::Phase;
    use dice_poker::game::screens::keys::{KeyRow, KeyRowText, KeysCursor};
    use dice_poker::game::solo::hint::Hint;
    use dice_poker::game::solo::hud::HudText;
    use dice_poker::keymap::{Action, KeyMap};
    let dir = temp_dir("keys");
    let mut app = app_in(3, &dir, None);
    crate::support::pick_entry(&mut app, Choice::Settings);
    to_setting(&mut app, Setting::Keys, false);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Keys);
    // The hint's row: Enter, then J.
    let hint_row = KeyRow::all()
        .iter()
        .position(|&r| r == KeyRow::Action(Action::Hint))
        .unwrap();
    for _ in 0..hint_row {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    assert!(app.world().resource::<KeysCursor>().waiting);
    app.update();
    let waiting =
        dice_poker::headless::text_of(app.world_mut(), KeyRowText(KeyRow::Action(Action::Hint)));
    assert_eq!(
        waiting.as_deref(),
        Some("ヒント: キーかボタンを押してください… (Esc / B: やめる)")
    );
    // L, chosen for the hint, is taken by it and changes no language.
    press(&mut app, KeyCode::KeyL);
    assert_eq!(
        app.world().resource::<KeyMap>().key(Action::Hint),
        KeyCode::KeyL
    );
    assert_eq!(
        app.world().resource::<KeyMap>().key(Action::Language),
        KeyCode::KeyH
    );
    assert_eq!(*app.world().resource::<Lang>(), Lang::Ja);
    // Esc while waiting gives up waiting and stays; Esc again goes back.
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<KeysCursor>().waiting);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Keys);
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Settings
    );
    drop(app);
    // Kept, and the game plays by it: L is the hint now, H the language.
    let mut app = crate::support::solo_app(9, &dir);
    assert_eq!(
        app.world().resource::<KeyMap>().key(Action::Hint),
        KeyCode::KeyL
    );
    let help = crate::support::hud_text(&mut app, HudText::Help);
    assert!(
        help.contains("L: ヒント") && help.contains("H: English"),
        "{help}"
    );
    press(&mut app, KeyCode::Space);
    crate::support::run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::KeyL);
    assert!(
        app.world().resource::<Hint>().0.is_some(),
        "L gives the hint"
    );
    assert_eq!(*app.world().resource::<Lang>(), Lang::Ja);
}

#[test]
fn a_screen_reader_hears_the_hand_the_turn_and_the_result() {
    use dice_poker::game::Phase;
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::game::solo::hud::HudText;
    use dice_poker::lang::Key;
    let dir = temp_dir("announce");
    let mut app = crate::support::solo_app(14, &dir);
    let ready = crate::support::announced(&mut app);
    assert_eq!(ready, crate::support::hud_text(&mut app, HudText::Status));
    press(&mut app, KeyCode::Space);
    crate::support::run_until(&mut app, Phase::Holding);
    let read = crate::support::announced(&mut app);
    let hand = crate::support::hud_text(&mut app, HudText::Hand);
    let faces = crate::support::hud_text(&mut app, HudText::Faces);
    assert!(read.starts_with(&format!("{hand}. {faces}")), "{read}");
    press(&mut app, KeyCode::Enter);
    crate::support::run_until(&mut app, Phase::Result);
    let result = crate::support::announced(&mut app);
    let paid = crate::support::round(&app).payout.unwrap();
    let pays = dice_poker::lang::trf(Lang::Ja, Key::Payout, &[&paid]);
    assert!(result.contains(&pays), "{result}");
    assert!(
        result.contains("あなたの判断"),
        "the luck card too: {result}"
    );
    // In a duel: whose turn, and the opponent's hand once thrown.
    let dir = temp_dir("announce-duel");
    let mut app = app_in(15, &dir, Some(crate::support::duel_with("easy")));
    press(&mut app, KeyCode::Space);
    for _ in 0..crate::support::PATIENCE {
        let words = crate::support::announced(&mut app);
        let status = crate::support::duel_text(&mut app, DuelText::Status);
        assert!(
            words.starts_with(&status.replace('\n', " ")),
            "{words} / {status}"
        );
        let theirs = crate::support::duel_text(&mut app, DuelText::FarHand);
        if theirs != "—" && theirs != "…" && !theirs.is_empty() {
            assert!(words.contains(&theirs), "{words}");
            return;
        }
    }
    panic!("the opponent never threw");
}
