//! The solo game, headless: keys in; phases, holds, coins, the HUD and the history out.

use bevy::prelude::*;

use dice_poker::dice::Die;
use dice_poker::dice::faces::read_top;
use dice_poker::dice::throw::Aim;
use dice_poker::game::presentation::flick::{FLICK_FULL, FLICK_MIN, aim_from_drag};
use dice_poker::game::profile::Speed;
use dice_poker::game::profile::{self, STARTING_COINS};
use dice_poker::game::solo::hud::HudText;
use dice_poker::game::{GameConfig, Phase, ToggleHold};
use dice_poker::lang::{Key, Lang, tr, trf};
use dice_poker::rules::evaluate_roll;

/// The Japanese text of `key`.
fn ja(key: Key) -> &'static str {
    tr(Lang::Ja, key)
}

use crate::support::{
    PATIENCE, coins_now, dice, held, hud_text, phase, press, press_at_once, round, run_until,
    solo_app, temp_dir,
};

#[test]
fn space_throws_and_the_shown_hand_is_the_rules_verdict() {
    let dir = temp_dir("throw");
    let mut app = solo_app(11, &dir);
    assert_eq!(phase(&app), Phase::Ready);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::Throw));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    app.update();

    let r = round(&app);
    let faces = r.faces.expect("faces");
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
    assert_eq!(
        hud_text(&mut app, HudText::Status),
        trf(Lang::Ja, Key::RerollsLeft, &[&2])
    );
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::Reroll));
    assert_eq!(coins_now(&app), STARTING_COINS - 10);
}

#[test]
fn held_dice_stay_put_while_the_rest_are_rerolled_until_the_result_pays() {
    let dir = temp_dir("hold");
    let mut app = solo_app(5, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);

    // Keys 1 and 2 hold the two leftmost dice as the player sees them.
    let mut by_x: Vec<(Entity, f32)> = dice(&app)
        .iter()
        .map(|&d| (d, app.world().get::<Transform>(d).unwrap().translation.x))
        .collect();
    by_x.sort_by(|a, b| a.1.total_cmp(&b.1));
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::Digit2);
    let kept: Vec<Entity> = by_x[..2].iter().map(|(e, _)| *e).collect();
    let slots: Vec<usize> = kept
        .iter()
        .map(|&d| app.world().get::<Die>(d).unwrap().slot)
        .collect();
    assert!(slots.iter().all(|&s| held(&app)[s]), "both are held");
    let before: Vec<Transform> = kept
        .iter()
        .map(|&d| *app.world().get::<Transform>(d).unwrap())
        .collect();
    let faces_before = round(&app).faces.unwrap();

    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    assert_eq!(round(&app).rerolls_left, 1);
    let after: Vec<Transform> = kept
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
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Result);
    app.update();
    let r = round(&app);
    let hand = evaluate_roll(&r.faces.unwrap());
    assert_eq!(r.hand, Some(hand));
    let pay = GameConfig::default().payouts.pay(hand.kind());
    assert_eq!(r.payout, Some(pay));
    assert_eq!(coins_now(&app), coins_before + pay as i64);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::NewGame));
    // The payout, then what decided the game.
    let card = app
        .world()
        .resource::<dice_poker::game::solo::luck::LuckCard>()
        .0
        .expect("a whole game has its account");
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        format!(
            "{}\n{}",
            trf(Lang::Ja, Key::Payout, &[&pay]),
            dice_poker::game::solo::luck::card_line(&card, Lang::Ja)
        )
    );

    // The balance was saved; a new game frees every die.
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let saved = profile::load(&dir.join(profile::SAVE_FILE));
    assert_eq!(saved.coins, coins_now(&app));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Ready);
    assert_eq!(held(&app), [false; 5]);
}

#[test]
fn l_switches_every_shown_string_to_english_and_the_save_keeps_it() {
    let dir = temp_dir("lang");
    let mut app = solo_app(6, &dir);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::Throw));
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(
        hud_text(&mut app, HudText::MainLabel),
        tr(Lang::En, Key::Throw)
    );
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    app.update();
    let faces = round(&app).faces.unwrap();
    let english = dice_poker::lang::hand_name(dice_poker::lang::Lang::En, &evaluate_roll(&faces));
    assert_eq!(hud_text(&mut app, HudText::Hand), english);
    assert_eq!(
        hud_text(&mut app, HudText::Status),
        trf(Lang::En, Key::RerollsLeft, &[&2])
    );
    let help = hud_text(&mut app, HudText::Help);
    assert!(
        help.contains("Enter: keep hand\nH: hint\nF1: hands & rules") && help.contains("L: 日本語"),
        "{help}"
    );
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    assert_eq!(
        profile::load(&dir.join(profile::SAVE_FILE)).profile.lang,
        dice_poker::lang::Lang::En,
        "remembered with the save"
    );
    // A new run starts in English; L goes back.
    let mut again = solo_app(6, &dir);
    assert_eq!(
        hud_text(&mut again, HudText::MainLabel),
        tr(Lang::En, Key::Throw)
    );
    press(&mut again, KeyCode::KeyL);
    again.update();
    assert_eq!(hud_text(&mut again, HudText::MainLabel), ja(Key::Throw));
}

#[test]
fn enter_ends_the_game_early() {
    let dir = temp_dir("confirm");
    let mut app = solo_app(8, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(phase(&app), Phase::Result);
    assert_eq!(round(&app).rerolls_left, 2, "no reroll was used");
    // The game is in the history: one throw, one decision (stand) with its exact value.
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
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
fn keys_and_clicks_do_nothing_to_the_game_while_dice_roll() {
    let dir = temp_dir("rolling");
    let mut app = solo_app(9, &dir);
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    let before = (round(&app).rerolls_left, held(&app), coins_now(&app));
    // (Space now skips the throw: see the speed test.)
    press(&mut app, KeyCode::Digit1);
    press(&mut app, KeyCode::Enter);
    let die = dice(&app)[0];
    // A click on a die triggers exactly this.
    app.world_mut().trigger(ToggleHold::player(die));
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    assert_eq!(
        (round(&app).rerolls_left, held(&app), coins_now(&app)),
        before
    );
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::Busy));
}

#[test]
fn a_key_pressed_and_released_within_one_frame_still_acts() {
    let dir = temp_dir("quick");
    let mut app = solo_app(13, &dir);
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::KeyH);
    app.update();
    assert!(
        hud_text(&mut app, HudText::Message)
            .starts_with(tr(Lang::Ja, Key::Hint).split("{}").next().unwrap()),
        "H showed the hint"
    );
    press(&mut app, KeyCode::Digit1);
    assert!(held(&app).iter().any(|&h| h), "1 held a die");
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(phase(&app), Phase::Result, "Enter kept the hand");
}

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
    let mut app = solo_app(17, &dir);
    app.world_mut().trigger(dice_poker::game::Advance {
        by: dice_poker::game::table::FIRST_SEAT,
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
    // The aimed dice land and are read as they lie.
    let tray = app.world().resource::<dice_poker::game::GameTray>().0;
    assert_eq!(
        round(&app).faces,
        Some(crate::support::tray_faces(&app, tray))
    );
    // The same seed thrown the standard way flies differently.
    let dir = temp_dir("flick-plain");
    let mut plain = solo_app(17, &dir);
    press(&mut plain, KeyCode::Space);
    let first: Vec<Vec3> = dice(&plain)
        .iter()
        .map(|&d| {
            plain
                .world()
                .get::<bevy_rapier3d::prelude::Velocity>(d)
                .unwrap()
                .linear
        })
        .collect();
    assert_ne!(first, velocities, "the aim changed the throw");
}

#[test]
fn a_click_on_a_die_holds_it_and_a_second_click_lets_it_go() {
    use dice_poker::headless::click;
    let dir = temp_dir("click");
    let mut app = solo_app(19, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    let die = dice(&app)[3];
    click(&mut app, die);
    app.update();
    assert_eq!(held(&app), [false, false, false, true, false]);
    assert_eq!(hud_text(&mut app, HudText::MainLabel), ja(Key::Reroll));
    click(&mut app, die);
    app.update();
    assert_eq!(held(&app), [false; 5]);
    // While the dice fly, a click changes nothing.
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    click(&mut app, die);
    app.update();
    assert_eq!(held(&app), [false; 5]);
}

#[test]
fn auto_plays_whole_games_until_the_player_presses_a_key() {
    use dice_poker::game::table::seat::{Seat, Seats};
    use dice_poker::headless::{self, GameSetup};
    let dir = temp_dir("takeover");
    let mut app = headless::game_app(&GameSetup::solo(23).auto(true).saved_in(dir.clone()));
    // The computer plays one whole game and starts the next by itself.
    let mut games = 0;
    let mut last = phase(&app);
    for _ in 0..PATIENCE * 4 {
        app.update();
        let now = phase(&app);
        if now != last && now == Phase::Result {
            games += 1;
        }
        last = now;
        if games == 2 && now == Phase::Holding {
            break;
        }
    }
    assert_eq!(
        (games, phase(&app)),
        (2, Phase::Holding),
        "two games played"
    );
    // A key hands the seat back; nothing more happens by itself.
    press(&mut app, KeyCode::KeyH);
    assert_eq!(app.world().resource::<Seats>().0[0], Seat::Human);
    let held_before = held(&app);
    for _ in 0..PATIENCE / 4 {
        app.update();
    }
    assert_eq!((phase(&app), held(&app)), (Phase::Holding, held_before));
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling, "the player throws now");
}

/// Throws once from a fresh game with `seed`; the faces read and the frames
/// the throw took. `during` runs on the first frame the dice fly.
fn one_throw(seed: u64, speed: Speed, during: impl FnOnce(&mut App)) -> ([u8; 5], usize) {
    let dir = temp_dir(&format!("speed-{seed}-{speed:?}"));
    let mut app = solo_app(seed, &dir);
    *app.world_mut().resource_mut::<Speed>() = speed;
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    during(&mut app);
    let mut frames = 0;
    while phase(&app) == Phase::Rolling {
        app.update();
        frames += 1;
        assert!(frames < PATIENCE, "the throw ends");
    }
    (round(&app).faces.expect("read"), frames)
}

#[test]
fn faster_speeds_and_a_skip_end_the_same_throw_sooner_with_the_same_faces() {
    let (faces, frames) = one_throw(31, Speed::Normal, |_| {});
    let (double, double_frames) = one_throw(31, Speed::Double, |_| {});
    let (instant, instant_frames) = one_throw(31, Speed::Instant, |_| {});
    let (skipped, skipped_frames) = one_throw(31, Speed::Normal, |app| {
        press(app, KeyCode::Space);
    });
    // The same physics steps, so the same dice: the odds cannot change.
    assert_eq!((double, instant, skipped), (faces, faces, faces));
    assert!(
        double_frames * 2 <= frames + 2,
        "{double_frames} v {frames}"
    );
    assert!(instant_frames * 10 < frames, "{instant_frames} v {frames}");
    assert!(skipped_frames * 10 < frames, "{skipped_frames} v {frames}");
    // After a skipped throw time runs as before.
    let dir = temp_dir("speed-after");
    let mut app = solo_app(31, &dir);
    press(&mut app, KeyCode::Space);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    app.update();
    let relative = app
        .world()
        .resource::<Time<bevy::time::Virtual>>()
        .relative_speed();
    assert_eq!(relative, 1.0);
    // S cycles the speed, and the save keeps it.
    press(&mut app, KeyCode::KeyS);
    assert_eq!(*app.world().resource::<Speed>(), Speed::Double);
    app.update();
    // The game closes: what its writer had is on disk.
    drop(app);
    let again = solo_app(32, &dir);
    assert_eq!(*again.world().resource::<Speed>(), Speed::Double);
}

#[test]
fn after_a_game_a_card_tells_the_holds_cost_from_the_luck() {
    use dice_poker::game::solo::luck::LuckCard;
    let dir = crate::support::temp_dir("luck-card");
    let mut app = crate::support::solo_app(9, &dir);
    crate::support::press(&mut app, KeyCode::Space);
    crate::support::run_until(&mut app, Phase::Holding);
    // Standing on the first throw, whatever it is.
    crate::support::press(&mut app, KeyCode::Enter);
    crate::support::run_until(&mut app, Phase::Result);
    app.update();
    let account = app.world().resource::<LuckCard>().0.expect("an account");
    assert!(account.imbalance().abs() < 1e-9, "{account:?}");
    let paid = crate::support::round(&app).payout.unwrap() as f64;
    assert_eq!(account.result, paid);
    let message = crate::support::hud_text(&mut app, HudText::Message);
    assert!(
        message.contains("あなたの判断") && message.contains("運"),
        "{message}"
    );
    // The next game starts with no card.
    crate::support::press(&mut app, KeyCode::Space);
    crate::support::run_until(&mut app, Phase::Ready);
    assert!(app.world().resource::<LuckCard>().0.is_none());
}

#[test]
fn a_result_stays_on_screen_when_space_is_pressed_as_it_appears() {
    use dice_poker::game::table::keys::{RESULT_HOLD, ResultAppeared};
    let dir = temp_dir("result-holds");
    let mut app = solo_app(7, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    // Every die held: Space stands, and the result appears.
    for key in [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
    ] {
        press(&mut app, key);
    }
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Result);
    assert!(app.world().resource::<ResultAppeared>().0.is_some());
    // A second press meant for the throw before: the result stays.
    press_at_once(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Result);
    // Its moment over, a press deals the next game.
    let holds = |app: &App| {
        let now = app.world().resource::<Time<Real>>().elapsed();
        app.world().resource::<ResultAppeared>().holds(now)
    };
    let mut frames = 0;
    while holds(&app) && frames < PATIENCE {
        app.update();
        frames += 1;
    }
    assert!(
        frames > 1,
        "the result held {frames} frames, {RESULT_HOLD:?}"
    );
    assert_eq!(phase(&app), Phase::Result);
    press_at_once(&mut app, KeyCode::Space);
    app.update();
    assert_ne!(phase(&app), Phase::Result);
}

#[test]
fn a_solo_tray_of_chosen_dice_plays_them_weighs_holds_by_them_and_writes_them_down() {
    use dice_poker::dice::Die;
    use dice_poker::dice::kinds::Kind;
    use dice_poker::game::GameTray;
    use dice_poker::headless::{GameSetup, game_app};
    use dice_poker::rules::kinds::DieKind::{self, Fair, Loaded, Weighted};
    let kinds = [Loaded, Fair, Weighted, Fair, Fair];
    let dir = crate::support::temp_dir("crooked-solo");
    let setup = GameSetup::solo(11).dice(kinds).auto(true).pace(0.0);
    let mut app = game_app(&setup.clone().saved_in(&dir));
    let kinds_on_tray = |app: &mut App| {
        let tray = app.world().resource::<GameTray>().0;
        let mut on = [None; 5];
        let mut dice = app.world_mut().query::<(&Die, Option<&Kind>)>();
        for (die, kind) in dice.iter(app.world()) {
            if die.tray == tray {
                on[die.slot] = Some(kind.map_or(Fair, |k| k.0));
            }
        }
        on.map(|k: Option<DieKind>| k.expect("five dice"))
    };
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(kinds_on_tray(&mut app), kinds, "each die by its slot");
    let path = dice_poker::history::history_path(&dir);
    let games = || dice_poker::history::load(&path).map_or(0, |l| l.records.len());
    for _ in 0..20_000 {
        if games() >= 4 {
            break;
        }
        app.update();
    }
    let records = dice_poker::history::load(&path).unwrap().records;
    assert!(records.len() >= 4, "{} games", records.len());
    for record in &records {
        assert_eq!(record.dice.as_deref(), Some(&kinds[..]));
        // The computer held as each die's chances advise, and the history
        // weighs its holds by them too: nothing given up.
        for decision in &record.decisions {
            assert!(decision.given_up().abs() < 1e-9, "{decision:?}");
        }
    }
    // Luck and skill weigh these games by each die's chances too: every
    // game told, its terms adding up, the advised holds giving up nothing.
    let luck = dice_poker::history::stats::compute(&records).luck;
    assert_eq!(luck.games, records.len() as u64);
    for game in &luck.per_game {
        assert!(game.imbalance().abs() < 1e-9, "{game:?}");
        assert!(game.skill_given_up.abs() < 1e-9, "{game:?}");
    }
    // The daily challenge keeps fair dice whatever the launch chose.
    let day = dice_poker::rules::daily::Day::parse("2026-12-07").unwrap();
    let mut daily = game_app(&setup.daily(day));
    for _ in 0..10 {
        daily.update();
    }
    assert_eq!(kinds_on_tray(&mut daily), [Fair; 5]);
}
