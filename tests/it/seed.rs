//! One seed, one game: a seeded game (solo, a duel, a table of four) played
//! by the computer throws the same
//! dice, reads the same hands and books the same coins however fast frames
//! come (60 a second, or a software renderer's 7), at any speed, and at any
//! window size. Each throw is compared by its faces and by the simulated time
//! it took to come to rest, to the last bit, so the physics itself must have
//! run the same.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use dice_poker::dice::{DiceSettled, ThrowDice};
use dice_poker::game::Choice;
use dice_poker::game::profile::{Speed, Wallet};
use dice_poker::headless::{GameSetup, game_app};

/// Throws compared per game (a duel against the easiest opponent can be
/// over after seven).
const THROWS: usize = 7;
/// Most frames a game may take to make them.
const FRAMES: usize = 60 * 300;

/// One throw as the game saw it come to rest: where its tray stands, the
/// player's coins when it was thrown (the bets of its round made), the faces
/// and the simulated seconds from the throw to rest (as bits).
type Throw = (Vec3, i64, [u8; 5], u32);

/// Every throw seen so far, and the coins at the last throw.
#[derive(Resource, Default)]
struct Seen(Vec<Throw>, i64);

fn thrown(_: On<ThrowDice>, mut seen: ResMut<Seen>, wallet: Res<Wallet>) {
    seen.1 = wallet.coins;
}

fn landed(settled: On<DiceSettled>, mut seen: ResMut<Seen>, trays: Query<&Transform>) {
    let at = trays.get(settled.tray).map_or(Vec3::NAN, |t| t.translation);
    let coins = seen.1;
    seen.0
        .push((at, coins, settled.faces, settled.seconds.to_bits()));
}

/// Plays `app` with a frame every `frame` until [`THROWS`] throws have landed.
fn throws_of(mut app: App, frame: Duration, speed: Speed) -> Vec<Throw> {
    app.init_resource::<Seen>();
    app.add_observer(thrown);
    app.add_observer(landed);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    *app.world_mut().resource_mut::<Speed>() = speed;
    for _ in 0..FRAMES {
        app.update();
        if app.world().resource::<Seen>().0.len() >= THROWS {
            break;
        }
    }
    let seen = &app.world().resource::<Seen>().0;
    assert!(
        seen.len() >= THROWS,
        "only {} throws in {FRAMES} frames",
        seen.len()
    );
    seen[..THROWS].to_vec()
}

/// `choice` with `seed`, the player's seat played by the computer at
/// people's pace (the table waits between moves as it does for a player).
fn setup(choice: Choice, seed: u64) -> GameSetup {
    GameSetup::solo(seed)
        .opening(Some(choice))
        .auto(true)
        .pace(1.0)
}

/// Frame lengths and speeds the same seed is played at: a window at 60
/// frames a second, a software renderer's 7, and instant speed at 30.
fn ways() -> [(Duration, Speed); 3] {
    [
        (Duration::from_secs_f64(1.0 / 60.0), Speed::Normal),
        (Duration::from_secs_f64(1.0 / 7.0), Speed::Normal),
        (Duration::from_secs_f64(1.0 / 30.0), Speed::Instant),
    ]
}

#[test]
fn a_seeded_solo_game_is_the_same_at_any_frame_rate_and_speed() {
    let [first, rest @ ..] = ways();
    let want = throws_of(game_app(&setup(Choice::Solo, 42)), first.0, first.1);
    for (frame, speed) in rest {
        let got = throws_of(game_app(&setup(Choice::Solo, 42)), frame, speed);
        assert_eq!(got, want, "a frame every {frame:?} at {speed:?}");
    }
    // The seed is what decides: another gives other throws.
    let other = throws_of(game_app(&setup(Choice::Solo, 43)), first.0, first.1);
    assert_ne!(other, want);
}

#[test]
fn a_seeded_duel_is_the_same_at_any_frame_rate_and_speed() {
    let duel = crate::support::duel_with("easy");
    let [first, rest @ ..] = ways();
    let want = throws_of(game_app(&setup(duel, 42)), first.0, first.1);
    // Both trays threw.
    assert!(want.iter().any(|t| t.0 != want[0].0), "{want:?}");
    for (frame, speed) in rest {
        let got = throws_of(game_app(&setup(duel, 42)), frame, speed);
        assert_eq!(got, want, "a frame every {frame:?} at {speed:?}");
    }
}

#[test]
fn a_seeded_table_is_the_same_at_any_frame_rate_and_speed() {
    let table = |seed| setup(Choice::Seated, seed).table("you,hard,normal,easy");
    let [first, rest @ ..] = ways();
    let want = throws_of(game_app(&table(42)), first.0, first.1);
    // Every tray threw, each the faces of its own dice.
    let trays: std::collections::HashSet<[u32; 3]> = want
        .iter()
        .map(|t| t.0.to_array().map(f32::to_bits))
        .collect();
    assert_eq!(trays.len(), 4, "{want:?}");
    for (frame, speed) in rest {
        let got = throws_of(game_app(&table(42)), frame, speed);
        assert_eq!(got, want, "a frame every {frame:?} at {speed:?}");
    }
    let other = throws_of(game_app(&table(43)), first.0, first.1);
    assert_ne!(other, want);
}

#[test]
fn a_seeded_game_is_the_same_at_any_window_size() {
    let step = Duration::from_secs_f64(1.0 / 60.0);
    for choice in [Choice::Solo, crate::support::duel_with("easy")] {
        let at = |size: UVec2| {
            let app = crate::layout::laid_out(choice, size, 100, 42);
            throws_of(app, step, Speed::Normal)
        };
        let small = at(UVec2::new(800, 600));
        assert_eq!(at(UVec2::new(1920, 1080)), small, "{choice:?}");
        // And the same as with no window at all.
        assert_eq!(
            throws_of(game_app(&setup(choice, 42)), step, Speed::Normal),
            small
        );
    }
    // A table of four too (its panels are placed by the camera's view).
    let table = || GameSetup::solo(42).table("you,hard,normal,easy");
    let at = |size: UVec2| {
        let app = crate::layout::laid_out_as(table(), size, 100);
        throws_of(app, step, Speed::Normal)
    };
    let small = at(UVec2::new(800, 600));
    assert_eq!(at(UVec2::new(1920, 1080)), small, "a table");
    let bare = setup(Choice::Seated, 42).table("you,hard,normal,easy");
    assert_eq!(throws_of(game_app(&bare), step, Speed::Normal), small);
}

#[test]
fn a_seeded_solo_game_with_a_crooked_die_is_the_same_at_any_window_size_and_frame_rate() {
    use dice_poker::rules::kinds::DieKind::{Fair, Loaded, Shaved};
    let step = Duration::from_secs_f64(1.0 / 60.0);
    let crooked = || setup(Choice::Solo, 42).dice([Loaded, Fair, Fair, Fair, Shaved]);
    let at = |size: UVec2| {
        let app = crate::layout::laid_out_as(crooked(), size, 100);
        throws_of(app, step, Speed::Normal)
    };
    let small = at(UVec2::new(800, 600));
    assert_eq!(at(UVec2::new(1920, 1080)), small);
    let [_, (frame, speed), ..] = ways();
    assert_eq!(throws_of(game_app(&crooked()), frame, speed), small);
    // The bodies are what differ: fair dice with the seed throw the very
    // first throw (before any hold is chosen) otherwise.
    let fair = throws_of(game_app(&setup(Choice::Solo, 42)), step, Speed::Normal);
    assert_ne!(fair[0], small[0]);
}
