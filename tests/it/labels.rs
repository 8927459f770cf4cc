//! The dice's labels, headless, as the game lays them out (Bevy's UI
//! layout measuring the real text in the bundled font, a camera placed as
//! the window's, the HUD's scale): each キープ and number stands beside its
//! own die's projected bounds, nearer it than any other die, on no die and
//! no other label, or, where every place beside it is as near another die,
//! on its own die where no other reaches. Checked at several window and
//! text sizes, in the solo game and for both trays of a duel, and with the
//! dice lying in a line away from the camera (the hardest case) in the solo
//! game and at a table of four.

use bevy::prelude::*;

use dice_poker::dice::{Die, Held, held_in};
use dice_poker::game::duel::Table;
use dice_poker::game::{Choice, Phase};
use dice_poker::headless::{GameSetup, tap};
use dice_poker::rules::duel::{Side, Step};

use crate::layout::{dice_on_screen, frame, labels_astray, laid_out_by_hand};
use crate::support::PATIENCE;

/// Window and text sizes the labels are looked at.
const SIZES: [(UVec2, u16); 5] = [
    (UVec2::new(800, 600), 100),
    (UVec2::new(800, 600), 150),
    (UVec2::new(1280, 800), 125),
    (UVec2::new(1920, 1080), 100),
    (UVec2::new(1920, 1080), 150),
];

/// Every label shown now checked as laid out; the labels looked at and what
/// is astray, each said with `at`. One キープ per held die at most.
fn check_labels(app: &mut App, at: &str, problems: &mut Vec<String>) -> usize {
    use dice_poker::game::feedback::labels::HoldLabel;
    let world = app.world_mut();
    let dice = dice_on_screen(world);
    let (seen, astray) = labels_astray(world, &dice);
    problems.extend(astray.into_iter().map(|p| format!("{at}: {p}")));
    let held = world
        .query_filtered::<(), (With<Die>, With<Held>)>()
        .iter(world)
        .count();
    let keeps = world.query::<&HoldLabel>().iter(world).count();
    if keeps > held {
        problems.push(format!("{at}: {keeps} キープ for {held} held dice"));
    }
    seen
}

/// Once a solo game's first throw has landed, holds dice 1 and 3, so
/// their キープ stand among the numbers.
fn hold_two(app: &mut App) {
    for _ in 0..PATIENCE {
        frame(app);
        if crate::support::phase(app) == Phase::Holding {
            break;
        }
    }
    for key in [KeyCode::Digit1, KeyCode::Digit3] {
        tap(app, key);
        frame(app);
    }
}

/// Fails with the first few problems, if any.
fn none(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} astray, first: {:#?}",
        problems.len(),
        &problems[..problems.len().min(8)]
    );
}

#[test]
fn labels_stand_beside_their_own_dice_at_every_window_and_text_size() {
    let mut problems = Vec::new();
    for (size, text) in SIZES {
        let at = format!("{}x{} at {text} %", size.x, size.y);
        let setup = GameSetup::solo(5).opening(Some(Choice::Solo)).pace(0.0);
        let mut app = laid_out_by_hand(setup, size, text);
        frame(&mut app);
        tap(&mut app, KeyCode::Space);
        hold_two(&mut app);
        frame(&mut app);
        let seen = check_labels(&mut app, &at, &mut problems);
        assert_eq!(seen, 2 + 5, "{at}: two キープ and five numbers");
    }
    none(&problems);
}

#[test]
fn a_duel_labels_the_holds_of_both_trays_alike() {
    let setup = GameSetup::solo(8)
        .opening(Some(crate::support::duel_with("easy")))
        .pace(0.0);
    let mut app = laid_out_by_hand(setup, UVec2::new(1280, 800), 125);
    let (mut problems, mut sides_seen) = (Vec::new(), std::collections::HashSet::new());
    for _ in 0..PATIENCE * 4 {
        let step = app.world().resource::<Table>().duel.step();
        if step.is_decided() {
            break;
        }
        let key = match step {
            Step::Throw(Side::Near) => Some(KeyCode::Space),
            Step::Bet(Side::Near) => Some(KeyCode::KeyC),
            Step::Reroll(Side::Near) if held_in(app.world(), near_tray(&app)) == [false; 5] => {
                Some(KeyCode::Digit2)
            }
            Step::Reroll(Side::Near) => Some(KeyCode::Space),
            _ => None,
        };
        if let Some(key) = key {
            tap(&mut app, key);
        }
        frame(&mut app);
        // Whatever either side holds now is labelled, each label on its die.
        let trays = app.world().resource::<Table>().trays;
        for (side, tray) in [Side::Near, Side::Far].into_iter().zip(trays) {
            if held_in(app.world(), tray).contains(&true) {
                sides_seen.insert(side);
            }
        }
        check_labels(&mut app, "a duel", &mut problems);
    }
    assert!(sides_seen.contains(&Side::Near), "{sides_seen:?}");
    none(&problems);
}

/// The player's tray in a duel.
fn near_tray(app: &App) -> Entity {
    app.world().resource::<Table>().trays[0]
}

/// Lines the dice of `tray` up through its middle, `step` apart (world x,
/// z: along z is away from the camera), each keeping its turn and so its
/// top face, as a throw can leave them.
fn line_up_dice(app: &mut App, tray: Entity, step: Vec2) {
    let world = app.world_mut();
    let centre = world.get::<Transform>(tray).unwrap().translation;
    let dice = world.get::<dice_poker::dice::Tray>(tray).unwrap().dice;
    for (k, die) in dice.into_iter().enumerate() {
        let off = (k as f32 - 2.0) * step;
        let mut tf = world.get_mut::<Transform>(die).unwrap();
        tf.translation = Vec3::new(centre.x + off.x, tf.translation.y, centre.z + off.y);
    }
}

#[test]
fn dice_lying_in_a_line_have_labels_nobody_can_read_as_another_dies() {
    use dice_poker::game::GameTray;
    use dice_poker::game::party::Party;
    use dice_poker::rules::table::TableStep;
    // Straight away from the camera, slanted either way, and across.
    let lines = [
        Vec2::new(0.0, 1.1),
        Vec2::new(0.35, 1.05),
        Vec2::new(-0.35, 1.05),
        Vec2::new(1.1, 0.0),
    ];
    let (mut checked, mut problems) = (0, Vec::new());
    for (size, text) in SIZES {
        for (at, line) in lines.iter().enumerate() {
            let table = at % 2 == 1;
            let setup = match table {
                false => GameSetup::solo(5 + at as u64).opening(Some(Choice::Solo)),
                true => GameSetup::solo(5 + at as u64).table("you,hard,normal,easy"),
            };
            let mut app = laid_out_by_hand(setup.pace(0.0), size, text);
            frame(&mut app);
            tap(&mut app, KeyCode::Space);
            let tray = if table {
                for _ in 0..PATIENCE {
                    frame(&mut app);
                    let step = app.world().resource::<Party>().table.step();
                    if !matches!(step, TableStep::Throw(0) | TableStep::Rolling(0)) {
                        break;
                    }
                }
                app.world().resource::<Party>().trays[0]
            } else {
                hold_two(&mut app);
                app.world().resource::<GameTray>().0
            };
            line_up_dice(&mut app, tray, *line);
            for _ in 0..3 {
                frame(&mut app);
            }
            let at = format!("{}x{} at {text} %, a line {line}", size.x, size.y);
            checked += check_labels(&mut app, &at, &mut problems);
        }
    }
    assert!(checked >= 5 * 4 * 5, "{checked} labels looked at");
    none(&problems);
}
