//! Every screen and overlay runs headless, as in the window: the start screen
//! and the records rebuilt in a new language, the rules overlay drawn and
//! gone, the daily panel, a friend's turn banner, typing in the lobby, the
//! duel's hint and odds, a broke player's fresh start, and a notice or a hint
//! that follows the language key.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key as Typed, KeyboardInput};
use bevy::prelude::*;

use dice_poker::game::duel::LiveOdds;
use dice_poker::game::duel::Table;
use dice_poker::game::duel::friend::{Banner, FriendWallet, seat_name, turn_text};
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::net::lobby::{JoinForm, LobbyText};
use dice_poker::game::profile::STARTING_COINS;
use dice_poker::game::screens::start::Entry;
use dice_poker::game::solo::daily::{DailyPanel, DailyRun, panel_text};
use dice_poker::game::solo::hint::{Advisor, describe};
use dice_poker::game::solo::hud::HudText;
use dice_poker::game::theme::ScreenRoot;
use dice_poker::game::{Choice, Overlay, Phase, Round, Screen};
use dice_poker::headless::{self, GameSetup, text_of};
use dice_poker::lang::{Key, Lang, tr, trf};
use dice_poker::rules::duel::{Side, Step};

use crate::support::{
    PATIENCE, app_in, duel_text, hud_text, overlay, press, run_until, solo_app, temp_dir, texts,
};

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// How many roots of `screen` are up (a rebuild leaves exactly one).
fn roots(app: &mut App, of: Screen) -> usize {
    let world = app.world_mut();
    let mut q = world.query::<&ScreenRoot>();
    q.iter(world).filter(|r| r.0 == of).count()
}

#[test]
fn the_start_screen_and_the_records_are_built_and_rebuilt_in_a_new_language() {
    let dir = temp_dir("screens-start");
    let mut app = app_in(41, &dir, None);
    app.update();
    assert_eq!(screen(&app), Screen::Start);
    let world = app.world_mut();
    let entries = world.query::<&Entry>().iter(world).count();
    assert_eq!(
        entries,
        dice_poker::game::screens::start::Page::Main
            .items(&Default::default())
            .len(),
        "one button per row of the first page"
    );
    let solo = |lang| format!("1  {}", tr(lang, Key::SoloEntry));
    assert!(texts(&mut app).contains(&solo(Lang::Ja)));
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert!(
        texts(&mut app).contains(&solo(Lang::En)),
        "rebuilt in English"
    );
    assert!(!texts(&mut app).contains(&solo(Lang::Ja)));
    assert_eq!(roots(&mut app, Screen::Start), 1);
    // Tab opens the records; they too follow the language.
    press(&mut app, KeyCode::Tab);
    app.update();
    assert_eq!(screen(&app), Screen::Records);
    assert_eq!(roots(&mut app, Screen::Records), 1);
    assert_eq!(
        roots(&mut app, Screen::Start),
        0,
        "the start screen is gone"
    );
    // A new player's records: the title and the note that there are none.
    let said = |app: &mut App, lang| {
        let shown = texts(app);
        [Key::Records, Key::NoRecords].map(|key| shown.contains(&tr(lang, key).to_owned()))
    };
    assert_eq!(
        said(&mut app, Lang::En),
        [true, true],
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(roots(&mut app, Screen::Records), 1);
    assert_eq!(
        said(&mut app, Lang::Ja),
        [true, true],
        "rebuilt in Japanese"
    );
    assert_eq!(said(&mut app, Lang::En), [false, false], "no English left");
}

#[test]
fn the_rules_overlay_is_drawn_redrawn_in_a_new_language_and_gone_when_closed() {
    let dir = temp_dir("screens-rules");
    let mut app = solo_app(42, &dir);
    let title = |lang| tr(lang, Key::RulesTitle).to_owned();
    assert!(!texts(&mut app).contains(&title(Lang::Ja)));
    press(&mut app, KeyCode::F1);
    app.update();
    assert_eq!(overlay(&app), Overlay::Rules);
    assert!(texts(&mut app).contains(&title(Lang::Ja)));
    press(&mut app, KeyCode::KeyL);
    app.update();
    let shown = texts(&mut app);
    assert_eq!(shown.iter().filter(|t| **t == title(Lang::En)).count(), 1);
    assert!(!shown.contains(&title(Lang::Ja)));
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    let shown = texts(&mut app);
    assert!(!shown.contains(&title(Lang::En)) && !shown.contains(&title(Lang::Ja)));
}

#[test]
fn the_daily_panel_says_the_day_and_follows_the_game() {
    let dir = temp_dir("screens-daily");
    let mut app = headless::game_app(
        &GameSetup::solo(43)
            .saved_in(dir.clone())
            .daily(dice_poker::rules::daily::Day::parse("2026-11-30").unwrap()),
    );
    app.update();
    let panel = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&Text, With<DailyPanel>>();
        q.single(world)
            .map(dice_poker::game::theme::phrases::said)
            .expect("the daily panel")
    };
    let run = app.world().resource::<DailyRun>().clone();
    assert_eq!(run.date, "2026-11-30");
    assert_eq!(panel(&mut app), panel_text(&run, Lang::Ja));
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, Phase::Result);
    app.update();
    let run = app.world().resource::<DailyRun>().clone();
    assert_eq!(panel(&mut app), panel_text(&run, Lang::Ja));
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(panel(&mut app), panel_text(&run, Lang::En));
}

#[test]
fn a_table_of_two_people_names_whose_turn_it_is() {
    let dir = temp_dir("screens-friend");
    let mut app = app_in(44, &dir, Some(Choice::Friend));
    app.update();
    let banner = |app: &mut App| text_of(app.world_mut(), Banner::Turn).expect("the banner");
    let expected = |app: &App, lang| turn_text(app.world().resource::<Table>(), lang);
    assert_eq!(banner(&mut app), expected(&app, Lang::Ja));
    assert!(!banner(&mut app).is_empty(), "someone's turn");
    // The near seat throws; then it is the far seat's turn, by name.
    press(&mut app, KeyCode::Space);
    for _ in 0..PATIENCE {
        if app.world().resource::<Table>().duel.step() == Step::Throw(Side::Far) {
            break;
        }
        app.update();
    }
    assert_eq!(
        app.world().resource::<Table>().duel.step(),
        Step::Throw(Side::Far),
        "the far seat's turn came"
    );
    app.update();
    assert_eq!(banner(&mut app), expected(&app, Lang::Ja));
    assert!(
        banner(&mut app).starts_with("ふたり目"),
        "{}",
        banner(&mut app)
    );
    let coins = text_of(app.world_mut(), Banner::Coins).expect("the friend's coins");
    let table = app.world().resource::<Table>();
    let friend = app.world().resource::<FriendWallet>().wallet.coins;
    assert_eq!(
        coins,
        trf(
            Lang::Ja,
            Key::FriendCoins,
            &[&seat_name(table, Side::Far, Lang::Ja), &friend]
        )
    );
}

/// Types `text` as a keyboard sends it: each character a key with that text.
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        type_key(
            app,
            Typed::Character(c.to_string().into()),
            Some(&c.to_string()),
        );
    }
}

/// Presses and lets go of `key` as a keyboard sends it, with the text it
/// types (none for Tab, Enter, Esc), then runs a frame.
fn type_key(app: &mut App, key: Typed, text: Option<&str>) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
            logical_key: key.clone(),
            state,
            text: text
                .filter(|_| state == ButtonState::Pressed)
                .map(|t| t.to_owned().into()),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
}

#[test]
fn the_lobby_takes_typing_into_its_fields_and_nothing_else_hears_it() {
    let dir = temp_dir("screens-lobby");
    let mut app = app_in(45, &dir, Some(Choice::Lobby));
    app.update();
    assert_eq!(screen(&app), Screen::Lobby);
    press(&mut app, KeyCode::KeyJ);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, Some(0));
    // "l" is typed, not a language switch.
    type_text(&mut app, "localhost:1");
    let form = app.world().resource::<JoinForm>().clone();
    assert_eq!(form.address, "localhost:1");
    assert_eq!(*app.world().resource::<Lang>(), Lang::Ja);
    let shown = text_of(app.world_mut(), LobbyText::Address).expect("the address field");
    assert_eq!(shown, trf(Lang::Ja, Key::NetAddress, &[&"localhost:1_"]));
}

#[test]
fn with_a_relay_filled_in_the_lobby_joins_and_hosts_through_it() {
    use dice_poker::game::net::remote::{Link, Remote};
    let dir = temp_dir("screens-lobby-relay");
    let mut app = app_in(47, &dir, Some(Choice::Lobby));
    app.update();
    // A relay that takes connections and never answers: both wait on it.
    let relay = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let at = relay.local_addr().unwrap().to_string();
    // R goes to the relay's field; Tab goes round all three.
    press(&mut app, KeyCode::KeyR);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, Some(2));
    type_text(&mut app, &at);
    type_key(&mut app, Typed::Tab, None);
    assert_eq!(app.world().resource::<JoinForm>().field, Some(0));
    type_key(&mut app, Typed::Tab, None);
    type_text(&mut app, "7kq2-m9xd");
    let shown = text_of(app.world_mut(), LobbyText::Relay).expect("the relay's field");
    assert_eq!(shown, trf(Lang::Ja, Key::NetRelay, &[&at]));
    // Enter joins with no address: through the relay.
    type_key(&mut app, Typed::Enter, None);
    let form = app.world().resource::<JoinForm>().clone();
    assert_eq!(form.field, None);
    assert_eq!(
        app.world().resource::<Remote>().link,
        Link::Joining(at.clone())
    );
    // H hosts on the relay: the lobby shows the relay and the code alone,
    // the fields for joining put away.
    press(&mut app, KeyCode::KeyH);
    app.update();
    let waiting = app.world().resource::<Remote>().link.clone();
    assert!(
        matches!(&waiting, Link::Waiting { relay: Some(r), .. } if *r == at),
        "{waiting:?}"
    );
    app.update();
    let world = app.world_mut();
    let shown: Vec<(LobbyText, Display)> = world
        .query::<(&LobbyText, &Node)>()
        .iter(world)
        .map(|(t, n)| (*t, n.display))
        .collect();
    for (text, display) in shown {
        let want = if text == LobbyText::Status {
            Display::Flex
        } else {
            Display::None
        };
        assert_eq!(display, want, "{text:?} while hosting");
    }
    let status = dice_poker::game::net::lobby::status_text(
        Some(&Link::Waiting {
            port: 0,
            relay: Some("127.0.0.1:9".to_owned()),
            addresses: Vec::new(),
            code: "7KQ2-M9XD".to_owned(),
        }),
        Lang::Ja,
    );
    assert_eq!(
        status,
        trf(
            Lang::Ja,
            Key::NetHostingRelay,
            &[&"127.0.0.1:9", &"7KQ2-M9XD"]
        )
    );
    // 4 hosts a table of four there instead, and the lobby counts its seats.
    press(&mut app, KeyCode::Digit4);
    let started = std::time::Instant::now();
    while app.world().resource::<Remote>().seated != Some((1, 4)) {
        assert!(started.elapsed().as_secs() < 10, "no table hosted");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    app.update();
    let status = text_of(app.world_mut(), LobbyText::Status).expect("the status");
    assert!(
        status.contains(&trf(Lang::Ja, Key::NetSeated, &[&4, &1])),
        "{status}"
    );
}

#[test]
fn the_duel_hint_and_the_odds_bar_say_the_exact_chance() {
    let dir = temp_dir("screens-duel-hint");
    let mut app = app_in(46, &dir, Some(crate::support::duel_with("easy")));
    press(&mut app, KeyCode::KeyW);
    app.update();
    assert!(app.world().resource::<LiveOdds>().shown);
    for _ in 0..PATIENCE * 2 {
        match app.world().resource::<Table>().duel.step() {
            Step::Reroll(Side::Near) => break,
            Step::Throw(Side::Near) => press(&mut app, KeyCode::Space),
            Step::Bet(Side::Near) => press(&mut app, KeyCode::KeyC),
            _ => app.update(),
        }
    }
    assert_eq!(
        app.world().resource::<Table>().duel.step(),
        Step::Reroll(Side::Near)
    );
    app.update();
    let odds = app
        .world()
        .resource::<LiveOdds>()
        .player
        .expect("known at a reroll");
    assert_eq!(
        duel_text(&mut app, DuelText::Odds),
        trf(Lang::Ja, Key::WinChance, &[&format!("{:.1}", odds * 100.0)])
    );
    press(&mut app, KeyCode::KeyH);
    app.update();
    let hint = duel_text(&mut app, DuelText::Message);
    let chance = format!("{:.1}", odds * 100.0);
    assert!(
        hint.contains(&chance),
        "the best hold's chance is the bar's: {hint}"
    );
    // The hint follows the language key.
    press(&mut app, KeyCode::KeyL);
    app.update();
    let english = duel_text(&mut app, DuelText::Message);
    assert_ne!(english, hint);
    assert!(
        english.starts_with("Hint:") && english.contains(&chance),
        "{english}"
    );
}

#[test]
fn a_broke_player_is_given_a_fresh_start_and_told_so() {
    let mut app = headless::game_app(&GameSetup::solo(47).coins(4));
    press(&mut app, KeyCode::Space);
    app.update();
    let stake = app
        .world()
        .resource::<dice_poker::game::GameConfig>()
        .payouts
        .stake as i64;
    assert_eq!(headless::coins(app.world()), STARTING_COINS - stake);
    run_until(&mut app, Phase::Holding);
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        trf(Lang::Ja, Key::Refill, &[&STARTING_COINS])
    );
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        trf(Lang::En, Key::Refill, &[&STARTING_COINS]),
        "the notice follows the language"
    );
}

#[test]
fn l_over_a_hint_writes_the_hint_again_in_the_new_language() {
    let dir = temp_dir("screens-hint-lang");
    let mut app = solo_app(48, &dir);
    press(&mut app, KeyCode::Space);
    run_until(&mut app, Phase::Holding);
    press(&mut app, KeyCode::KeyH);
    app.update();
    let round: Round = app.world().resource::<Round>().clone();
    let best = app
        .world()
        .resource::<Advisor>()
        .0
        .best(&round.faces.unwrap(), round.rerolls_left as usize);
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        describe(&best, Lang::Ja)
    );
    press(&mut app, KeyCode::KeyL);
    app.update();
    assert_eq!(
        hud_text(&mut app, HudText::Message),
        describe(&best, Lang::En)
    );
}

#[test]
fn every_button_shows_the_pointer_over_it_and_a_press_with_a_ring() {
    use dice_poker::game::theme::press::{HOVER_COLOR, PRESS_COLOR, ring};
    let dir = temp_dir("screens-press");
    let mut app = app_in(48, &dir, None);
    app.update();
    // The start screen's own buttons have their ring, hidden.
    let start_buttons: Vec<Outline> = app
        .world_mut()
        .query_filtered::<&Outline, With<Button>>()
        .iter(app.world())
        .copied()
        .collect();
    assert!(!start_buttons.is_empty());
    assert!(start_buttons.iter().all(|o| o.color == Color::NONE));
    // Any button, however it was made: over it, held down, let go.
    let button = app.world_mut().spawn((Button, Node::default())).id();
    app.update();
    let outline = |app: &App| *app.world().get::<Outline>(button).expect("a ring");
    assert_eq!(outline(&app).color, Color::NONE);
    for (state, color) in [
        (Interaction::Hovered, HOVER_COLOR),
        (Interaction::Pressed, PRESS_COLOR),
        (Interaction::None, Color::NONE),
    ] {
        app.world_mut().entity_mut(button).insert(state);
        app.update();
        assert_eq!(outline(&app), ring(state));
        assert_eq!(outline(&app).color, color);
    }
    // A start screen entry: its light is the keys' cursor, which a moving
    // pointer takes, so the pointer over it draws no second ring; a press does.
    let entry = app
        .world_mut()
        .query_filtered::<Entity, With<Entry>>()
        .iter(app.world())
        .next()
        .expect("an entry");
    let ring_of = |app: &App| app.world().get::<Outline>(entry).expect("a ring").color;
    for (state, color) in [
        (Interaction::Hovered, Color::NONE),
        (Interaction::Pressed, PRESS_COLOR),
    ] {
        app.world_mut().entity_mut(entry).insert(state);
        app.update();
        assert_eq!(ring_of(&app), color, "{state:?}");
    }
}

#[test]
fn the_lobby_opens_its_fields_joins_and_hosts_by_mouse_as_by_keys() {
    use dice_poker::game::net::lobby_moves::LobbyMove;
    use dice_poker::game::net::remote::{Link, Remote};
    let dir = temp_dir("screens-lobby-mouse");
    let mut app = app_in(48, &dir, Some(Choice::Lobby));
    app.update();
    let relay = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let at = relay.local_addr().unwrap().to_string();
    let named = |app: &mut App, want: &str| {
        let world = app.world_mut();
        let mut names = world.query::<(Entity, &Name)>();
        names
            .iter(world)
            .find(|(_, n)| n.as_str() == want)
            .map(|(e, _)| e)
            .unwrap_or_else(|| panic!("no {want} in the lobby"))
    };
    let field = |app: &mut App, want: LobbyText| {
        let world = app.world_mut();
        let mut fields = world.query::<(Entity, &LobbyText)>();
        fields
            .iter(world)
            .find(|(_, t)| **t == want)
            .map(|(e, _)| e)
            .expect("the field")
    };
    // A click on the relay's field types into it.
    let relay_field = field(&mut app, LobbyText::Relay);
    headless::click(&mut app, relay_field);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, Some(2));
    type_text(&mut app, &at);
    let code_field = field(&mut app, LobbyText::Code);
    headless::click(&mut app, code_field);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, Some(1));
    type_text(&mut app, "7kq2-m9xd");
    // 参加する joins through the relay, as Enter does.
    let join = named(&mut app, &format!("Lobby: {:?}", LobbyMove::Join));
    headless::click(&mut app, join);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, None);
    assert_eq!(
        app.world().resource::<Remote>().link,
        Link::Joining(at.clone())
    );
    // A table of three is hosted on the relay, as 3 does.
    let three = named(&mut app, &format!("Lobby: {:?}", LobbyMove::Host(3)));
    headless::click(&mut app, three);
    app.update();
    let waiting = app.world().resource::<Remote>().link.clone();
    assert!(
        matches!(&waiting, Link::Waiting { relay: Some(r), .. } if *r == at),
        "{waiting:?}"
    );
    // With no field open, 参加する opens the first, as J does.
    let join = named(&mut app, &format!("Lobby: {:?}", LobbyMove::Join));
    headless::click(&mut app, join);
    app.update();
    assert_eq!(app.world().resource::<JoinForm>().field, Some(0));
    assert!(!app.world().contains_resource::<Remote>());
}
