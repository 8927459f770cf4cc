//! A gamepad plays as the keys do, headless: Bevy's gamepad input fed as a
//! device backend would (a connection, then button changes). A throws, the
//! d-pad walks a cursor along the dice and X holds the die under it, Y
//! stands; the d-pad and A work the menus, B and Start go back; a button the
//! player moved does its new job and its old one no more, and is saved.

use bevy::prelude::*;

use dice_poker::game::profile::Profile;
use dice_poker::game::screens::start::{Item, Lit, Page, StartPage};
use dice_poker::game::table::holds::PadCursor;
use dice_poker::game::table::numbers::DiceOrder;
use dice_poker::game::{Choice, Chosen, GameTray, Overlay, Phase, Screen};
use dice_poker::headless;
use dice_poker::keymap::{Action, PadAction, PadMap};

use crate::support::{app_in, held, overlay, pad_press, phase, run_until, solo_app, temp_dir};

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The slot of the die with this number (0–4, left to right) in the solo tray.
fn slot_of_number(app: &mut App, number: usize) -> usize {
    let tray = app.world().resource::<GameTray>().0;
    let mut state = bevy::ecs::system::SystemState::<DiceOrder>::new(app.world_mut());
    let order = state.get(app.world()).expect("the dice's order");
    order.slots(tray)[number]
}

#[test]
fn a_pad_throws_walks_the_dice_holds_one_and_stands() {
    let dir = temp_dir("pad-solo");
    let mut app = solo_app(5, &dir);
    let pad = headless::connect_pad(&mut app);
    assert_eq!(phase(&app), Phase::Ready);
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling, "A throws");
    run_until(&mut app, Phase::Holding);
    assert_eq!(
        app.world().resource::<PadCursor>().tray,
        None,
        "no cursor before the pad asks"
    );

    // Right twice, then left round the end: the cursor wraps to the last die.
    pad_press(&mut app, pad, GamepadButton::DPadRight);
    pad_press(&mut app, pad, GamepadButton::DPadRight);
    let cursor = *app.world().resource::<PadCursor>();
    assert!(cursor.tray.is_some());
    assert_eq!(
        cursor.at, 1,
        "the first touch shows it on the first die, the next moves it"
    );
    pad_press(&mut app, pad, GamepadButton::DPadLeft);
    pad_press(&mut app, pad, GamepadButton::DPadLeft);
    assert_eq!(app.world().resource::<PadCursor>().at, 4);

    pad_press(&mut app, pad, GamepadButton::West);
    app.update();
    let last = slot_of_number(&mut app, 4);
    let holds = held(&app);
    assert!(holds[last], "X holds the die under the cursor");
    assert_eq!(holds.iter().filter(|h| **h).count(), 1);
    // Its number label stands in brackets: the cursor is seen, not by colour alone.
    let world = app.world_mut();
    let labels: Vec<String> = world
        .query::<(&dice_poker::game::feedback::labels::NumberLabel, &Text)>()
        .iter(world)
        .map(|(_, t)| t.0.clone())
        .collect();
    assert!(labels.contains(&"[5]".to_owned()), "{labels:?}");
    pad_press(&mut app, pad, GamepadButton::West);
    app.update();
    assert!(!held(&app)[last], "X again lets it go");

    pad_press(&mut app, pad, GamepadButton::North);
    app.update();
    assert_eq!(phase(&app), Phase::Result, "Y stands");
    // Start opens the menu over the game; B closes it.
    pad_press(&mut app, pad, GamepadButton::Start);
    app.update();
    assert_eq!(overlay(&app), Overlay::Settings);
    pad_press(&mut app, pad, GamepadButton::East);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
}

#[test]
fn the_d_pad_and_a_work_the_start_screen_and_b_comes_back() {
    let dir = temp_dir("pad-menus");
    let mut app = app_in(41, &dir, None);
    app.update();
    let pad = headless::connect_pad(&mut app);
    assert_eq!(screen(&app), Screen::Start);
    let first = app.world().resource::<Lit>().0;
    let rows = Page::Main.items(&Default::default()).len();
    pad_press(&mut app, pad, GamepadButton::DPadDown);
    assert_eq!(
        app.world().resource::<Lit>().0,
        (first + 1) % rows,
        "↓ moves the choice"
    );
    pad_press(&mut app, pad, GamepadButton::DPadUp);
    assert_eq!(app.world().resource::<Lit>().0, first, "↑ moves it back");
    // A on 対戦 turns to the matches; B turns back and stays on the screen.
    while Page::Main.items(&Default::default())[app.world().resource::<Lit>().0]
        != Item::Open(Page::Matches)
    {
        pad_press(&mut app, pad, GamepadButton::DPadDown);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(app.world().resource::<StartPage>().0, Page::Matches);
    pad_press(&mut app, pad, GamepadButton::East);
    app.update();
    assert_eq!(app.world().resource::<StartPage>().0, Page::Main);
    assert_eq!(screen(&app), Screen::Start);
    // Down to the settings, then A opens them and B comes back.
    while app.world().resource::<Chosen>().0 != Choice::Settings {
        pad_press(&mut app, pad, GamepadButton::DPadDown);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(screen(&app), Screen::Settings, "A picks");
    pad_press(&mut app, pad, GamepadButton::East);
    app.update();
    assert_eq!(screen(&app), Screen::Start, "B goes back");
}

#[test]
fn a_moved_button_does_its_new_job_and_the_save_keeps_it() {
    let dir = temp_dir("pad-remap");
    let mut app = solo_app(7, &dir);
    let pad = headless::connect_pad(&mut app);
    app.world_mut()
        .resource_mut::<PadMap>()
        .assign(PadAction::Do(Action::Throw), GamepadButton::RightTrigger);
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(phase(&app), Phase::Ready, "A no longer throws");
    pad_press(&mut app, pad, GamepadButton::RightTrigger);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling, "RB throws");
    run_until(&mut app, Phase::Holding);
    app.update();
    // The save is written on its own thread: wait until it is on disk.
    app.world()
        .resource::<dice_poker::game::profile::SaveWriter>()
        .flush();
    let saved = std::fs::read_to_string(dir.join("save.json")).unwrap();
    let profile: Profile = serde_json::from_str(&saved).unwrap();
    let json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["pad"]["throw"], "RB", "{saved}");
    assert_eq!(json["pad"]["call"], "A", "the button's old holder took A");
    assert_eq!(
        profile.pad.button(PadAction::Do(Action::Throw)),
        Some(GamepadButton::RightTrigger)
    );
}

#[test]
fn the_help_names_the_pads_buttons_while_a_pad_is_in_hand() {
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::game::solo::hud::HudText;
    use dice_poker::keymap::LastUsed;

    use crate::support::{duel_text, hud_text, press};
    let dir = temp_dir("pad-help");
    let mut app = solo_app(11, &dir);
    let pad = headless::connect_pad(&mut app);
    let keys_help = hud_text(&mut app, HudText::Help);
    assert!(keys_help.starts_with("Space: "), "{keys_help}");
    assert!(hud_text(&mut app, HudText::Status).starts_with("Space "));
    // A throws, and from then on the help and the status name the pad.
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(*app.world().resource::<LastUsed>(), LastUsed::Pad);
    run_until(&mut app, Phase::Holding);
    app.update();
    let help = hud_text(&mut app, HudText::Help);
    for line in [
        "A: 投げる・振り直す・飛ばす",
        "Y: 今の役に決める",
        "X: カーソルのサイコロをキープ",
        "Back: ヒント",
        "十字 ←→: サイコロを選ぶ",
        "Start: メニュー",
    ] {
        assert!(help.lines().any(|l| l == line), "{line} in {help}");
    }
    assert!(!help.contains("コール"), "no bets at a solo table: {help}");
    assert!(help.contains("1ゲーム"), "the payouts stay: {help}");
    let status = hud_text(&mut app, HudText::Status);
    assert!(!status.contains("Enter"), "{status}");
    // A moved button is named where it now is.
    app.world_mut()
        .resource_mut::<PadMap>()
        .assign(PadAction::Do(Action::Hint), GamepadButton::RightTrigger);
    app.update();
    let help = hud_text(&mut app, HudText::Help);
    assert!(help.lines().any(|l| l == "RB: ヒント"), "{help}");
    // A key pressed brings the keys' help back.
    press(&mut app, KeyCode::KeyQ);
    app.update();
    assert_eq!(hud_text(&mut app, HudText::Help), keys_help);
    drop(app);

    // The duel's corner names its bets, two buttons to a line.
    let dir = temp_dir("pad-help-duel");
    let mut app = app_in(12, &dir, Some(crate::support::duel_with("normal")));
    let pad = headless::connect_pad(&mut app);
    app.update();
    pad_press(&mut app, pad, GamepadButton::DPadRight);
    app.update();
    let help = duel_text(&mut app, DuelText::Help);
    assert!(help.contains("RB: チェック / コール"), "{help}");
    assert!(help.contains("LT: 降りる"), "{help}");
    assert!(help.contains("LB: 勲章を使う"), "{help}");
    assert!(help.lines().count() <= 7, "{help}");
}

#[test]
fn a_button_is_chosen_on_the_keys_screen_with_the_pad_alone() {
    use dice_poker::game::screens::keys::{KeyRow, KeyRowText, KeysCursor};
    use dice_poker::game::screens::settings::Setting;
    use dice_poker::keymap::KeyMap;

    let dir = temp_dir("pad-keys");
    let mut app = app_in(13, &dir, None);
    app.update();
    let pad = headless::connect_pad(&mut app);
    while app.world().resource::<Chosen>().0 != Choice::Settings {
        pad_press(&mut app, pad, GamepadButton::DPadDown);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    let keys_row = Setting::rows(false)
        .iter()
        .position(|&s| s == Setting::Keys)
        .unwrap();
    for _ in 0..keys_row {
        pad_press(&mut app, pad, GamepadButton::DPadDown);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    app.update();
    assert_eq!(screen(&app), Screen::Keys);
    let row_at = |row: KeyRow| KeyRow::all().iter().position(|&r| r == row).unwrap();
    let text = |app: &mut App, row: KeyRow| {
        app.update();
        headless::text_of(app.world_mut(), KeyRowText(row)).unwrap()
    };
    let hint = KeyRow::Action(Action::Hint);
    assert_eq!(text(&mut app, hint), "ヒント: H ∙ パッド Back");
    assert_eq!(
        text(&mut app, KeyRow::Action(Action::Hold(0))),
        "サイコロ 1 をキープ: 1",
        "the holds by number are the keyboard's"
    );
    assert_eq!(
        text(&mut app, KeyRow::PadHold),
        "カーソルのサイコロをキープ: パッド X"
    );
    assert_eq!(
        text(&mut app, KeyRow::Action(Action::Mute)),
        "音を消す: M ∙ パッド —"
    );

    // The hint's row: A waits, RB is taken, and A does not wait again.
    for _ in 0..row_at(hint) {
        pad_press(&mut app, pad, GamepadButton::DPadDown);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    assert!(app.world().resource::<KeysCursor>().waiting);
    assert_eq!(
        text(&mut app, hint),
        "ヒント: キーかボタンを押してください… (Esc / B: やめる)"
    );
    pad_press(&mut app, pad, GamepadButton::RightTrigger);
    let map = app.world().resource::<PadMap>().clone();
    assert_eq!(
        map.button(PadAction::Do(Action::Hint)),
        Some(GamepadButton::RightTrigger)
    );
    assert_eq!(
        map.button(PadAction::Do(Action::Call)),
        Some(GamepadButton::Select),
        "the call takes the hint's old button"
    );
    assert!(!app.world().resource::<KeysCursor>().waiting);
    assert!(
        app.world().resource::<KeyMap>().is_default(),
        "no key moved"
    );
    assert_eq!(text(&mut app, hint), "ヒント: H ∙ パッド RB");

    // A chosen as a button is taken, and picks nothing more.
    pad_press(&mut app, pad, GamepadButton::South);
    pad_press(&mut app, pad, GamepadButton::South);
    assert_eq!(
        app.world()
            .resource::<PadMap>()
            .button(PadAction::Do(Action::Hint)),
        Some(GamepadButton::South)
    );
    assert!(!app.world().resource::<KeysCursor>().waiting);

    // The pad's hold: a key does nothing there, B gives up waiting and stays.
    while KeyRow::all()[app.world().resource::<KeysCursor>().at] != KeyRow::PadHold {
        pad_press(&mut app, pad, GamepadButton::DPadUp);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    assert_eq!(
        text(&mut app, KeyRow::PadHold),
        "カーソルのサイコロをキープ: パッドのボタンを押してください… (Esc / B: やめる)"
    );
    crate::support::press(&mut app, KeyCode::KeyJ);
    assert!(app.world().resource::<KeysCursor>().waiting);
    pad_press(&mut app, pad, GamepadButton::East);
    assert!(!app.world().resource::<KeysCursor>().waiting);
    assert_eq!(screen(&app), Screen::Keys, "B while waiting stays");
    pad_press(&mut app, pad, GamepadButton::South);
    pad_press(&mut app, pad, GamepadButton::LeftTrigger);
    let map = app.world().resource::<PadMap>().clone();
    assert_eq!(
        map.button(PadAction::HoldAtCursor),
        Some(GamepadButton::LeftTrigger)
    );
    assert_eq!(
        map.button(PadAction::Do(Action::Badge)),
        Some(GamepadButton::West)
    );

    // The last row brings back every key and button.
    app.world_mut()
        .resource_mut::<KeyMap>()
        .assign(Action::Speed, KeyCode::KeyZ);
    while KeyRow::all()[app.world().resource::<KeysCursor>().at] != KeyRow::Reset {
        pad_press(&mut app, pad, GamepadButton::DPadUp);
    }
    pad_press(&mut app, pad, GamepadButton::South);
    assert!(app.world().resource::<PadMap>().is_default());
    assert!(app.world().resource::<KeyMap>().is_default());
    pad_press(&mut app, pad, GamepadButton::East);
    app.update();
    assert_eq!(screen(&app), Screen::Settings);
}
