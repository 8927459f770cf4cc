//! With the mouse alone: the settings screen goes back to the start screen
//! by a row of its own, and every game (solo, duel, a table of several)
//! opens its menu by the ≡ button, plays on, and leaves for the start screen
//! by the menu's rows. A click runs what its widget carries, as the pointer
//! would.

use bevy::prelude::*;

use dice_poker::game::menus::pause::MenuButton;
use dice_poker::game::screens::settings::Setting;
use dice_poker::game::theme::OnClick;
use dice_poker::game::{Choice, Overlay, Screen};
use dice_poker::headless::{self, GameSetup};

use crate::support::{app_in, overlay, temp_dir};

/// Clicks the widget `find` picks, and lets a frame pass.
fn click(app: &mut App, find: impl Fn(&World) -> Option<Entity>) {
    app.update();
    let target = find(app.world()).expect("the widget is on screen");
    let action = app
        .world()
        .get::<OnClick>(target)
        .cloned()
        .expect("it is clickable");
    action.run(app.world_mut());
    app.update();
}

fn row(setting: Setting) -> impl Fn(&World) -> Option<Entity> {
    move |world| {
        let mut rows = world.try_query::<(Entity, &Setting)>()?;
        rows.iter(world)
            .find(|(_, s)| **s == setting)
            .map(|(e, _)| e)
    }
}

fn menu_button(world: &World) -> Option<Entity> {
    let mut buttons = world.try_query_filtered::<Entity, With<MenuButton>>()?;
    buttons.iter(world).next()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_settings_screen_goes_back_by_a_click() {
    let mut app = app_in(4, &temp_dir("mouse-settings"), Some(Choice::Settings));
    app.update();
    assert_eq!(screen(&app), Screen::Settings);
    click(&mut app, row(Setting::Back));
    assert_eq!(screen(&app), Screen::Start);
}

#[test]
fn every_game_opens_its_menu_plays_on_and_leaves_by_clicks() {
    let games = [
        (Screen::Solo, GameSetup::solo(5)),
        (Screen::Duel, GameSetup::duel(6, 0)),
        (Screen::Party, GameSetup::solo(7).table("you,hard,easy")),
    ];
    for (at, setup) in games {
        let dir = temp_dir(&format!("mouse-{at:?}"));
        let mut app = headless::game_app(&setup.saved_in(dir));
        app.update();
        assert_eq!(screen(&app), at);
        click(&mut app, menu_button);
        assert_eq!(overlay(&app), Overlay::Settings, "{at:?}: the menu opens");
        click(&mut app, row(Setting::Resume));
        assert_eq!(overlay(&app), Overlay::None, "{at:?}: and closes");
        click(&mut app, menu_button);
        click(&mut app, row(Setting::Leave));
        assert_eq!(screen(&app), Screen::Start, "{at:?}: left for the menu");
    }
}
