//! What a new player trips over, headless: a way out from the start screen
//! and from over a game, a leave row that says where it goes and what it
//! costs, a pointer that takes the cursor only when it moves, and a speed
//! change that shows at once.

use bevy::prelude::*;

use dice_poker::game::screens::settings::{Setting, SettingText, SettingsCursor};
use dice_poker::game::screens::start::{Item, QuitButton};
use dice_poker::game::solo::hud::HudText;
use dice_poker::game::{Choice, Chosen, Overlay, Phase, Screen};
use dice_poker::headless::{click, point_at, text_of};

use crate::support::{app_in, duel_with, hud_text, overlay, press, run_until, solo_app, temp_dir};

fn quits(app: &App) -> bool {
    app.should_exit() == Some(AppExit::Success)
}

#[test]
fn the_start_screen_and_the_panel_over_a_game_both_quit() {
    let dir = temp_dir("quit");
    let mut app = app_in(1, &dir, None);
    app.update();
    assert!(!quits(&app));
    press(&mut app, KeyCode::KeyQ);
    assert!(quits(&app), "Q on the start screen quits");

    let mut app = app_in(1, &dir, None);
    app.update();
    let button = app
        .world_mut()
        .query_filtered::<Entity, With<QuitButton>>()
        .single(app.world())
        .expect("a quit button on the start screen");
    click(&mut app, button);
    app.update();
    assert!(quits(&app), "its button quits");

    let mut app = solo_app(1, &dir);
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::Settings);
    // Down to the quit row from the top, and Enter.
    crate::support::to_setting(&mut app, Setting::Quit, true);
    assert!(!quits(&app));
    press(&mut app, KeyCode::Enter);
    assert!(quits(&app), "the quit row over a game quits");
}

#[test]
fn the_leave_row_says_where_it_goes_and_warns_only_when_a_stake_is_lost() {
    let dir = temp_dir("leave-row");
    let mut app = solo_app(2, &dir);
    let leave = |app: &mut App| text_of(app.world_mut(), SettingText(Setting::Leave)).unwrap();
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        leave(&mut app),
        "メニューに戻る",
        "nothing is on the table yet"
    );
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(leave(&mut app), "メニューに戻る（賭け金は戻りません）");
    press(&mut app, KeyCode::Escape);
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, Phase::Result);
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        leave(&mut app),
        "メニューに戻る",
        "the game is paid: nothing lost"
    );

    // A career match goes back to the ladder, and says so.
    let mut app = app_in(3, &dir, Some(dice_poker::game::Choice::Career(0)));
    press(&mut app, KeyCode::Escape);
    app.update();
    assert!(
        leave(&mut app).starts_with("出世街道に戻る"),
        "{}",
        leave(&mut app)
    );
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Ladder
    );
}

#[test]
fn a_resting_pointer_leaves_the_keyboard_cursor_alone_and_a_moving_one_takes_it() {
    let dir = temp_dir("pointer");
    let mut app = solo_app(4, &dir);
    press(&mut app, KeyCode::Escape);
    app.update();
    let motion = app
        .world_mut()
        .query::<(Entity, &Setting)>()
        .iter(app.world())
        .find(|(_, s)| **s == Setting::Motion)
        .map(|(e, _)| e)
        .expect("the motion row");
    // The panel opened under a pointer resting on the motion row.
    point_at(&mut app, motion, false);
    app.update();
    assert_eq!(app.world().resource::<SettingsCursor>().0, 0);
    // Esc ↑ Enter leaves, whatever the pointer rests on.
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    assert!(
        !app.world()
            .resource::<dice_poker::game::profile::ReducedMotion>()
            .0
    );

    // On the start screen too: only a moving pointer changes the highlight.
    let entry = app
        .world_mut()
        .query::<(Entity, &dice_poker::game::screens::start::Entry)>()
        .iter(app.world())
        .find(|(_, e)| e.0 == Item::Play(Choice::Ladder))
        .map(|(e, _)| e)
        .expect("the ladder's entry");
    let before = app.world().resource::<Chosen>().0;
    point_at(&mut app, entry, false);
    assert_eq!(app.world().resource::<Chosen>().0, before);
    point_at(&mut app, entry, true);
    assert_eq!(app.world().resource::<Chosen>().0, Choice::Ladder);
}

#[test]
fn a_speed_change_shows_at_once_even_beside_a_payout() {
    let dir = temp_dir("speed-shows");
    let mut app = solo_app(5, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, Phase::Result);
    app.update();
    let paid = hud_text(&mut app, HudText::Message);
    assert!(paid.starts_with("配当"), "{paid}");
    press(&mut app, KeyCode::KeyS);
    app.update();
    let now = hud_text(&mut app, HudText::Message);
    assert!(now.starts_with(&paid) && now.contains("速度: 2×"), "{now}");
}

#[test]
fn the_antes_in_the_pot_are_already_paid_from_the_wallet() {
    use dice_poker::game::duel::Table;
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::game::profile::{self, STARTING_COINS};
    use dice_poker::rules::duel::Side;

    let dir = temp_dir("antes");
    let mut app = app_in(6, &dir, Some(duel_with("easy")));
    app.update();
    let (ante, pot) = {
        let duel = &app.world().resource::<Table>().duel;
        (duel.rules().ante, duel.pot())
    };
    assert_eq!(pot, 2 * ante);
    let coins = crate::support::coins_now(&app);
    assert_eq!(
        coins,
        STARTING_COINS - ante as i64,
        "the pot shows what was paid"
    );
    assert_eq!(
        crate::support::duel_text(&mut app, DuelText::Coins),
        format!("コイン {coins}")
    );
    assert_eq!(app.world().resource::<profile::Wallet>().at_stake, ante);
    // The first throw changes nothing more.
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(crate::support::coins_now(&app), coins);
    assert_eq!(
        app.world().resource::<Table>().duel.this_round(Side::Near),
        ante
    );
}

#[test]
fn the_dice_keep_their_numbers_through_a_reroll_and_the_keys_follow_them() {
    use dice_poker::dice::Tray;
    use dice_poker::game::GameTray;
    use dice_poker::game::feedback::labels::NumberLabel;
    use dice_poker::game::table::numbers::Numbers;

    let dir = temp_dir("numbers");
    let mut app = solo_app(7, &dir);
    // Before the first throw has landed no die shows a number.
    let numbers_shown = |app: &mut App| -> Vec<String> {
        app.world_mut()
            .query::<(&NumberLabel, &Text)>()
            .iter(app.world())
            .map(|(_, t)| t.0.clone())
            .filter(|t| !t.is_empty())
            .collect()
    };
    app.update();
    assert_eq!(numbers_shown(&mut app), Vec::<String>::new());
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    app.update();
    let tray = app.world().resource::<GameTray>().0;
    let dice = app.world().get::<Tray>(tray).unwrap().dice;
    let numbers = *app
        .world()
        .get::<Numbers>(tray)
        .expect("numbered on landing");
    // Key 2 keeps the die numbered 2, and the faces line reads by number.
    press(&mut app, KeyCode::Digit2);
    assert!(crate::support::held(&app)[numbers.0[1]]);
    let faces = |app: &mut App| hud_text(app, HudText::Faces);
    let roll = crate::support::round(&app).faces.unwrap();
    let by_number: Vec<String> = numbers.0.iter().map(|&s| roll[s].to_string()).collect();
    assert_eq!(faces(&mut app), by_number.join("  "));
    // The others fly and land anywhere: the numbers stay.
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    app.update();
    assert_eq!(app.world().get::<Numbers>(tray), Some(&numbers));
    let roll = crate::support::round(&app).faces.unwrap();
    let by_number: Vec<String> = numbers.0.iter().map(|&s| roll[s].to_string()).collect();
    assert_eq!(faces(&mut app), by_number.join("  "));
    // Key 2 still means the same die: it lets it go.
    press(&mut app, KeyCode::Digit2);
    assert!(!crate::support::held(&app)[numbers.0[1]]);
    // Each die shows its number beside it.
    let mut shown: Vec<(Entity, String)> = app
        .world_mut()
        .query::<(&NumberLabel, &Text)>()
        .iter(app.world())
        .map(|(l, t)| (l.0, t.0.clone()))
        .collect();
    shown.sort_by_key(|(_, t)| t.clone());
    let expected: Vec<(Entity, String)> = numbers
        .0
        .iter()
        .enumerate()
        .map(|(n, &slot)| (dice[slot], (n + 1).to_string()))
        .collect();
    assert_eq!(shown, expected);
    // A new game numbers the dice afresh.
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, Phase::Result);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Ready);
    app.update();
    assert!(app.world().get::<Numbers>(tray).is_none());
    // The last game's dice lie there unnumbered until the next throw lands.
    app.update();
    assert_eq!(numbers_shown(&mut app), Vec::<String>::new());
}
