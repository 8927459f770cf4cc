//! The career in the game: the ladder screen by keyboard, locked rungs
//! refused, a career match booked to the saved progress, practice for
//! nothing, and a new career.

use bevy::prelude::*;

use dice_poker::game::career::ladder::LadderText;
use dice_poker::game::career::{LadderCursor, Sit};
use dice_poker::game::core::NoticeText;
use dice_poker::game::duel::{Table, Terms};
use dice_poker::game::profile::{Progress, Wallet};
use dice_poker::game::table::seat::PlayerAutopilot;
use dice_poker::game::{Choice, Screen};
use dice_poker::headless::{self, GameSetup, text_of};
use dice_poker::lang::{Key, Lang, opponent_name, tr};
use dice_poker::rules::career::ladder;
use dice_poker::rules::duel::Step;

use crate::support::{PATIENCE, pick_entry, press, temp_dir};

/// The game headless at the start screen, both seats played by the computer
/// without pauses, saving in `dir`.
fn career_app(seed: u64, dir: &std::path::Path) -> App {
    headless::game_app(
        &GameSetup::solo(seed)
            .opening(None)
            .saved_in(dir.to_path_buf())
            .auto(true)
            .pace(0.0),
    )
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_ladder_screen_sits_at_open_rungs_refuses_locked_ones_and_books_a_career_match() {
    let dir = temp_dir("career");
    let mut app = career_app(5, &dir);
    let lang = *app.world().resource::<Lang>();
    // The ladder is an entry of the start screen, with its number key.
    pick_entry(&mut app, Choice::Ladder);
    app.update();
    assert_eq!(screen(&app), Screen::Ladder);
    assert_eq!(
        app.world().resource::<LadderCursor>().0,
        0,
        "a new career starts at the bottom"
    );
    let first = ladder()[0].opponent;
    let line = text_of(app.world_mut(), LadderText::Rung(0)).expect("rung 1 shown");
    assert!(line.contains(opponent_name(lang, first)), "{line}");
    assert!(line.contains(tr(lang, Key::StatusOpen)), "{line}");
    let second = text_of(app.world_mut(), LadderText::Rung(1)).unwrap();
    assert!(
        second.contains(opponent_name(lang, first)),
        "says who opens it: {second}"
    );
    // The second rung is locked: Enter on it says why and stays.
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(screen(&app), Screen::Ladder);
    let notice = text_of(app.world_mut(), NoticeText).unwrap();
    assert!(
        notice.contains(opponent_name(lang, ladder()[1].opponent)),
        "{notice}"
    );
    // The first is open: a career match against it. (A key hands the seat
    // to the person at the keyboard; the computer takes it again to play.)
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<LadderCursor>().0, 0);
    app.world_mut().resource_mut::<PlayerAutopilot>().0 = true;
    headless::send(app.world_mut(), Sit(0));
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Duel);
    {
        let table = app.world().resource::<Table>();
        assert_eq!(table.terms, Terms::Career);
        assert_eq!(table.opponent.key, first.key);
    }
    // The computer in the player's seat plays the match out.
    let coins_before = app.world().resource::<Wallet>().coins;
    let mut won = None;
    for _ in 0..PATIENCE * 10 {
        app.update();
        if let Step::MatchOver(w) = app.world().resource::<Table>().duel.step() {
            won = Some(w == dice_poker::rules::duel::Side::Near);
            break;
        }
    }
    let won = won.unwrap_or_else(|| {
        panic!(
            "the match ends: {:?} {:?}",
            app.world().resource::<Table>().duel.step(),
            screen(&app)
        )
    });
    let progress = app.world().resource::<Progress>().0.clone();
    assert_eq!(progress.matches, [1, u32::from(won)]);
    assert_eq!(progress.has_beaten(first.key), won);
    assert_ne!(
        app.world().resource::<Wallet>().coins,
        coins_before,
        "a career match is played for coins"
    );
    if won {
        let notice = app
            .world()
            .resource::<dice_poker::game::Notice>()
            .text(lang);
        assert!(
            notice.contains(opponent_name(lang, ladder()[1].opponent)),
            "the next opponent is announced: {notice}"
        );
    }
    // Leaving (Esc, then the last row) goes back to the ladder; the progress is on disk and comes back.
    crate::support::leave_table(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::Ladder);
    drop(app);
    let again = career_app(6, &dir);
    assert_eq!(again.world().resource::<Progress>().0, progress);
}

#[test]
fn practice_moves_no_coins_and_a_new_career_needs_two_presses() {
    let dir = temp_dir("practice");
    // A save two rungs up.
    std::fs::write(
        dir.join("save.json"),
        r#"{"coins": 300, "career": {"beaten": ["drunk", "woodcutter"], "badges": ["shield"], "matches": [2, 2]}}"#,
    )
    .unwrap();
    let hard = dice_poker::rules::duel::Opponent::find("hard").unwrap();
    let mut app = headless::game_app(
        &GameSetup::solo(8)
            .opening(Some(Choice::Practice(hard.index())))
            .saved_in(dir.clone())
            .auto(true)
            .pace(0.0),
    );
    assert_eq!(app.world().resource::<Table>().terms, Terms::Practice);
    let mut ended = false;
    for _ in 0..PATIENCE * 10 {
        app.update();
        assert_eq!(
            app.world().resource::<Wallet>().coins,
            300,
            "practice is free"
        );
        if matches!(
            app.world().resource::<Table>().duel.step(),
            Step::MatchOver(_)
        ) {
            ended = true;
            break;
        }
    }
    assert!(ended);
    assert_eq!(
        app.world().resource::<Progress>().0.matches,
        [2, 2],
        "no progress"
    );
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let history = dice_poker::history::load(&dice_poker::history::history_path(&dir)).unwrap();
    assert!(!history.records.is_empty());
    assert!(
        history
            .records
            .iter()
            .all(|r| r.mode == dice_poker::history::Mode::Practice && r.coins_in == 0)
    );
    // On the ladder: N once asks, twice starts over; the coins stay.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Ladder);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<LadderCursor>().0, 2);
    press(&mut app, KeyCode::KeyN);
    assert_eq!(app.world().resource::<Progress>().0.beaten.len(), 2);
    press(&mut app, KeyCode::KeyN);
    assert_eq!(app.world().resource::<Progress>().0, Default::default());
    assert_eq!(app.world().resource::<Wallet>().coins, 300);
}

#[test]
fn a_badge_taken_into_a_career_match_shows_its_effect_and_turns_the_die_it_changes() {
    use dice_poker::game::duel::hud::DuelText;
    use dice_poker::rules::duel::{Badge, Side};
    let dir = temp_dir("badge");
    std::fs::write(
        dir.join("save.json"),
        r#"{"coins": 500, "career": {"beaten": ["drunk", "woodcutter"], "badges": ["shield", "flip"], "taking": "shield"}}"#,
    )
    .unwrap();
    let mut app = headless::game_app(
        &GameSetup::solo(12)
            .opening(None)
            .saved_in(dir.clone())
            .pace(0.0),
    );
    // B on the ladder: shield → flip.
    pick_entry(&mut app, Choice::Ladder);
    app.update();
    press(&mut app, KeyCode::KeyB);
    assert_eq!(
        app.world().resource::<Progress>().0.taking,
        Some(Badge::Flip)
    );
    headless::send(app.world_mut(), Sit(2));
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        app.world()
            .resource::<Table>()
            .duel
            .rules()
            .badge(Side::Near),
        Some(Badge::Flip)
    );
    // Play the player's side by keys until its turn to hold.
    for _ in 0..PATIENCE * 4 {
        let step = app.world().resource::<Table>().duel.step();
        match step {
            Step::Reroll(Side::Near) => break,
            Step::Throw(Side::Near) => press(&mut app, KeyCode::Space),
            Step::Bet(Side::Near) => press(&mut app, KeyCode::KeyC),
            _ => app.update(),
        }
    }
    app.update();
    let offer = text_of(app.world_mut(), DuelText::Badge).unwrap();
    assert!(
        offer.starts_with("B ") && offer.contains('▶'),
        "the effect shown first: {offer}"
    );
    let before = app
        .world()
        .resource::<Table>()
        .duel
        .roll(Side::Near)
        .unwrap();
    // A click on the offer uses it, as B does.
    let offer_text = {
        let world = app.world_mut();
        let mut q = world.query::<(Entity, &DuelText)>();
        q.iter(world)
            .find(|(_, t)| **t == DuelText::Badge)
            .map(|(e, _)| e)
            .expect("the offer's text")
    };
    headless::click(&mut app, offer_text);
    for _ in 0..3 {
        app.update();
    }
    let table = app.world().resource::<Table>();
    let (slot, from, to) = table.duel.changed(Side::Near).expect("a die changed");
    assert_eq!(from, before[slot]);
    assert_eq!(to, 7 - from);
    let tray = table.trays[0];
    assert_eq!(
        crate::support::tray_faces(&app, tray)[slot],
        to,
        "the die itself shows the new face"
    );
    let faces = text_of(app.world_mut(), DuelText::PlayerFaces).unwrap();
    assert!(faces.contains(&format!("[{to}]")), "marked: {faces}");
    // The round's record in the history says so.
    for _ in 0..PATIENCE {
        if app.world().resource::<Table>().duel.step().is_decided() {
            break;
        }
        app.update();
    }
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let history = dice_poker::history::load(&dice_poker::history::history_path(&dir)).unwrap();
    let used = history
        .records
        .last()
        .and_then(|r| r.badge.clone())
        .expect("recorded");
    assert_eq!(
        (used.badge, used.slot, used.from, used.to),
        (dice_poker::rules::duel::Badge::Flip, slot, from, to)
    );
}
