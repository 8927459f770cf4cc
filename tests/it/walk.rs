//! Every screen is reached from the start screen and left again with the
//! mouse alone, the keys alone and a gamepad alone: the start screen's
//! entries (one step in for the matches), the way from the settings to the
//! keys and from the seating to a table, and, to leave, a menu screen's back
//! button, Esc or B, and over a game the settings' last row.

use bevy::prelude::*;

use dice_poker::game::core::navigation::BackButton;
use dice_poker::game::menus::pause::MenuButton;
use dice_poker::game::screens::records::RecordsButton;
use dice_poker::game::screens::seating::SeatingRow;
use dice_poker::game::screens::settings::{Setting, SettingsCursor};
use dice_poker::game::screens::start::{ENTRY_KEYS, Entry, Item, Lit, Page, StartPage};
use dice_poker::game::{Choice, Overlay, Screen};
use dice_poker::headless;

use crate::support::{app_in, duel_with, overlay, pad_press, press, temp_dir, to_setting};

/// One hand on one device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    Mouse,
    Keys,
    Pad(Entity),
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// A few frames, for a screen change and what it builds.
fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

/// The one entity with component `C` that `keep` accepts.
fn the<C: Component>(app: &mut App, keep: impl Fn(&C) -> bool) -> Entity {
    let on = screen(app);
    let world = app.world_mut();
    let found: Vec<Entity> = world
        .query::<(Entity, &C)>()
        .iter(world)
        .filter(|(_, c)| keep(c))
        .map(|(e, _)| e)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one {} on {on:?}",
        std::any::type_name::<C>()
    );
    found[0]
}

fn click(app: &mut App, entity: Entity) {
    headless::click(app, entity);
    app.update();
}

/// Moves the pad's highlight to row `want` of a menu whose lit row `at` reads.
fn pad_to(app: &mut App, pad: Entity, want: usize, at: impl Fn(&App) -> usize) {
    for _ in 0..20 {
        if at(app) == want {
            return;
        }
        pad_press(app, pad, GamepadButton::DPadDown);
    }
    panic!("the pad's highlight did not reach row {want}");
}

/// Does a row of the start screen, turning to its page first.
fn pick(app: &mut App, way: Way, item: Item) {
    let page = [Page::Main, Page::Matches]
        .into_iter()
        .find(|p| p.items(&Default::default()).contains(&item))
        .expect("a row of the start screen");
    if app.world().resource::<StartPage>().0 != page {
        pick(app, way, Item::Open(page));
        assert_eq!(app.world().resource::<StartPage>().0, page, "{way:?}");
    }
    let at = page
        .items(&Default::default())
        .iter()
        .position(|&i| i == item)
        .unwrap();
    match way {
        Way::Mouse => {
            let row = the::<Entry>(app, |e| e.0 == item);
            click(app, row);
        }
        Way::Keys => press(app, ENTRY_KEYS[at]),
        Way::Pad(pad) => {
            pad_to(app, pad, at, |app| app.world().resource::<Lit>().0);
            pad_press(app, pad, GamepadButton::South);
        }
    }
    // (The way out is seen in the frame it is asked for.)
    if item != Item::Quit {
        settle(app);
    }
}

/// Does a row of the settings (over a game when `in_game`).
fn setting(app: &mut App, way: Way, row: Setting, in_game: bool) {
    match way {
        Way::Mouse => {
            let entity = the::<Setting>(app, |s| *s == row);
            click(app, entity);
        }
        Way::Keys => {
            to_setting(app, row, in_game);
            press(app, KeyCode::Enter);
        }
        Way::Pad(pad) => {
            let want = Setting::rows(in_game).iter().position(|&s| s == row);
            let want = want.expect("a row there");
            pad_to(app, pad, want, |app| {
                app.world().resource::<SettingsCursor>().0
            });
            pad_press(app, pad, GamepadButton::South);
        }
    }
    settle(app);
}

/// Leaves a menu screen one step back.
fn back(app: &mut App, way: Way) {
    match way {
        Way::Mouse => {
            let button = match screen(app) {
                Screen::Records => the::<RecordsButton>(app, |_| true),
                Screen::Settings => the::<Setting>(app, |s| *s == Setting::Back),
                _ => the::<BackButton>(app, |_| true),
            };
            click(app, button);
        }
        Way::Keys => press(app, KeyCode::Escape),
        Way::Pad(pad) => pad_press(app, pad, GamepadButton::East),
    }
    settle(app);
}

/// Leaves a game for the start screen through the settings over it.
fn leave_game(app: &mut App, way: Way) {
    match way {
        Way::Mouse => {
            let button = the::<MenuButton>(app, |_| true);
            click(app, button);
        }
        Way::Keys => press(app, KeyCode::Escape),
        Way::Pad(pad) => pad_press(app, pad, GamepadButton::Start),
    }
    settle(app);
    assert_eq!(overlay(app), Overlay::Settings, "{way:?}: the menu opens");
    setting(app, way, Setting::Leave, true);
}

#[test]
fn every_screen_is_reached_and_left_by_mouse_keys_and_pad_alone() {
    let games = [
        Item::Play(Choice::Solo),
        Item::Play(Choice::Daily),
        Item::Play(Choice::Guide),
        Item::Play(Choice::Friend),
        Item::Play(duel_with("easy")),
    ];
    let menus = [
        (Item::Play(Choice::Ladder), Screen::Ladder),
        (Item::Play(Choice::Settings), Screen::Settings),
        (Item::Play(Choice::Lobby), Screen::Lobby),
        (Item::Play(Choice::Party), Screen::Seating),
        (Item::Records, Screen::Records),
    ];
    for (n, way) in ["mouse", "keys", "pad"].into_iter().enumerate() {
        let dir = temp_dir(&format!("walk-{way}"));
        let mut app = app_in(3, &dir, None);
        settle(&mut app);
        let way = match n {
            0 => Way::Mouse,
            1 => Way::Keys,
            _ => Way::Pad(headless::connect_pad(&mut app)),
        };
        assert_eq!(screen(&app), Screen::Start);
        for (item, to) in menus {
            pick(&mut app, way, item);
            assert_eq!(screen(&app), to, "{way:?} reaches {to:?}");
            back(&mut app, way);
            assert_eq!(screen(&app), Screen::Start, "{way:?} leaves {to:?}");
        }
        // The keys, one step past the settings, and back through them.
        pick(&mut app, way, Item::Play(Choice::Settings));
        setting(&mut app, way, Setting::Keys, false);
        assert_eq!(screen(&app), Screen::Keys, "{way:?} reaches the keys");
        back(&mut app, way);
        assert_eq!(screen(&app), Screen::Settings, "{way:?} leaves the keys");
        back(&mut app, way);
        assert_eq!(screen(&app), Screen::Start);
        // The games, and a table of several through its seating.
        for item in games {
            pick(&mut app, way, item);
            assert!(
                matches!(screen(&app), Screen::Solo | Screen::Duel),
                "{way:?} reaches {item:?}"
            );
            leave_game(&mut app, way);
            assert_eq!(screen(&app), Screen::Start, "{way:?} leaves {item:?}");
        }
        pick(&mut app, way, Item::Play(Choice::Party));
        match way {
            Way::Mouse => {
                let sit = the::<SeatingRow>(&mut app, |r| *r == SeatingRow::Sit);
                click(&mut app, sit);
            }
            Way::Keys => press(&mut app, KeyCode::Enter),
            Way::Pad(pad) => pad_press(&mut app, pad, GamepadButton::South),
        }
        settle(&mut app);
        assert_eq!(screen(&app), Screen::Party, "{way:?} sits at the table");
        leave_game(&mut app, way);
        assert_eq!(screen(&app), Screen::Start, "{way:?} leaves the table");
        // The way out is a row like the others.
        assert!(app.world().resource::<Messages<AppExit>>().is_empty());
        pick(&mut app, way, Item::Quit);
        assert!(
            !app.world().resource::<Messages<AppExit>>().is_empty(),
            "{way:?} quits"
        );
    }
}
