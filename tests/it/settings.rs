//! The settings screen by keyboard: speed, reduced motion, text size and
//! language change, show their values and are kept with the save.

use bevy::prelude::*;

use dice_poker::game::settings::{ReducedMotion, Setting, SettingText, TextSize, hud_scale};
use dice_poker::game::speed::Speed;
use dice_poker::game::{Choice, Screen};
use dice_poker::lang::Lang;

use crate::support::{app_in, press, temp_dir};

#[test]
fn the_settings_screen_changes_speed_motion_and_language_and_the_save_keeps_them() {
    let dir = temp_dir("settings");
    let mut app = app_in(3, &dir, None);
    assert_eq!(Choice::all().last(), Some(&Choice::Settings));
    press(&mut app, crate::support::entry_key(Choice::Settings));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Settings
    );
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(*app.world().resource::<Speed>(), Speed::Double);
    press(&mut app, KeyCode::ArrowDown);
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
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(*app.world().resource::<TextSize>(), TextSize(150));
    app.update();
    let line = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::TextSize));
    assert_eq!(line.as_deref(), Some("文字の大きさ: 150 %"));
    press(&mut app, KeyCode::ArrowDown);
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
    // Applied: the HUD of a 1280×800 window is drawn half as large again.
    let scale = hud_scale(Vec2::new(1280.0, 800.0), TextSize(150));
    assert!((scale - 1.5).abs() < 1e-6, "{scale}");
    assert!((hud_scale(Vec2::new(800.0, 600.0), TextSize(100)) - 0.625).abs() < 1e-6);
}

#[test]
fn esc_over_a_game_opens_the_settings_and_the_table_waits_until_it_closes() {
    use dice_poker::game::Phase;
    use dice_poker::game::pause::GameMenu;
    let dir = temp_dir("pause");
    let mut app = crate::support::solo_app(12, &dir);
    press(&mut app, KeyCode::Escape);
    assert!(app.world().resource::<GameMenu>().open);
    app.update();
    // The rows over the game, the last one leaves.
    let leave = dice_poker::headless::text_of(app.world_mut(), SettingText(Setting::Leave));
    assert_eq!(
        leave.as_deref(),
        Some("メニューに戻る（賭け金は戻りません）")
    );
    // Space changes the highlighted row (speed), not the dice.
    press(&mut app, KeyCode::Space);
    assert_eq!(*app.world().resource::<Speed>(), Speed::Double);
    assert_eq!(crate::support::phase(&app), Phase::Ready, "the table waits");
    // Text size from inside the game.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.world().resource::<TextSize>(), TextSize(125));
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<GameMenu>().open);
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
