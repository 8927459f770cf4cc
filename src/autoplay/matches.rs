//! Matches of either format, played one after another and checked after
//! every frame by one driver ([`play_matches`]): the wallet holds what the
//! books say, no mind's move is refused, held dice stay still, and each
//! seat's dice and hand line show what the referee has. What only one
//! format has (a duel's closed books, a table's stacks and side pots) and
//! what its report counts are its [`Format`]'s.

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::checks::{HeldWatch, take_moving_reads, top_faces};
use super::monkey::monkey;
use super::report::Tally;
use super::{Policy, max_frames};
use crate::dice::held_in;
use crate::game::profile::Wallet;
use crate::game::table::{Moved, Refereed};
use crate::headless::tray_dice;
use crate::rules::hand::Roll;
use crate::rules::referee::Referee;
use crate::rules::turn::{SeatId, Turn};

/// Where a frame stands, for a violation's message: the worker's seed, the
/// match and the frame within it.
pub(super) type At = (u64, u64, u64);

/// What the driver needs of a format beyond its referee, and what it
/// counts and checks of its own.
pub(super) trait Format {
    /// The resource that holds the format's referee.
    type Game: Refereed;
    /// Each seat's tray, by seat.
    fn trays(game: &Self::Game) -> Vec<Entity>;
    /// What the format's books say the wallet has gained or lost since the
    /// run began (closed matches and the one under way).
    fn booked(world: &World) -> i64;
    /// Moves a mind sent that the referee refused since last asked (the
    /// count starts again at 0).
    fn take_refused(world: &mut World) -> u32;
    /// True when `seat`'s dice are in the round (a table's seat out of the
    /// match shows none).
    fn in_round(game: &Self::Game, seat: SeatId) -> bool;
    /// Whether the HUD names `roll` as `seat`'s hand (`Err`: what it says).
    fn names_hand(world: &mut World, seat: SeatId, roll: &Roll) -> Result<(), String>;
    /// The driver lays each next match under the best policy (a duel's
    /// autopilot waits to be asked).
    const DRIVER_LAYS_MATCHES: bool;
    /// A round was decided.
    fn round_decided(&mut self, tally: &mut Tally, game: &Self::Game, at: At);
    /// The match was decided, won by `winner`.
    fn match_over(&mut self, tally: &mut Tally, game: &Self::Game, winner: SeatId, at: At);
    /// What the format checks after every frame besides.
    fn check(&mut self, world: &mut World, tally: &mut Tally, at: At);
}

/// Every turn the match took since the driver last looked, in order: a
/// turn can come and go within one frame (a computer seat at no pace
/// answers a decided match at once), and each decided round and match and
/// each throw must be seen.
#[derive(Resource, Debug, Default)]
struct Turns(Vec<Turn>);

/// Plays `games` matches of format `F` under `policy`, checking after
/// every frame, into `tally`.
pub(super) fn play_matches<F: Format>(
    app: &mut App,
    mut format: F,
    policy: Policy,
    (seed, games): (u64, u64),
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    let bank = app.world().resource::<Wallet>().coins - F::booked(app.world());
    let seats = F::trays(app.world().resource::<F::Game>()).len();
    let mut watches: Vec<HeldWatch> = (0..seats).map(|_| HeldWatch::default()).collect();
    let mut frame = 0u64;
    let mut prev: Option<Turn> = None;
    if !app.world().contains_resource::<Turns>() {
        app.init_resource::<Turns>();
        app.add_observer(|moved: On<Moved>, mut turns: ResMut<Turns>| turns.0.push(moved.to));
    }
    let most_frames = max_frames(policy);
    while tally.games < games {
        let game = tally.games + 1;
        let trays = F::trays(app.world().resource::<F::Game>());
        let dice: Vec<Vec<Entity>> = trays.iter().map(|&t| tray_dice(app.world(), t)).collect();
        let turn = app.world().resource::<F::Game>().referee().turn();
        match policy {
            Policy::Random => monkey(app, rng, &dice.concat()),
            Policy::Best if F::DRIVER_LAYS_MATCHES && matches!(turn, Turn::MatchOver(_)) => {
                crate::headless::send(app.world_mut(), crate::game::Advance::PLAYER);
            }
            Policy::Best => {}
        }
        app.update();
        frame += 1;
        let world = app.world_mut();
        take_moving_reads(world, tally, seed, game, frame);
        let at = (seed, game, frame);
        let turns = std::mem::take(&mut world.resource_mut::<Turns>().0);
        for now in turns {
            if Some(now) == prev {
                continue;
            }
            let game_now = world.resource::<F::Game>();
            if matches!(now, Turn::Rolling(_)) {
                tally.throws += 1;
            }
            if now.is_decided() && prev.is_some_and(|p| !p.is_decided()) {
                format.round_decided(tally, game_now, at);
            }
            if let Turn::MatchOver(winner) = now {
                tally.games += 1;
                format.match_over(tally, game_now, winner, at);
                frame = 0;
            }
            prev = Some(now);
        }
        check_books::<F>(world, tally, bank, at);
        format.check(world, tally, at);
        for (seat, watch) in watches.iter_mut().enumerate() {
            check_tray::<F>(world, tally, seat, (&dice[seat], trays[seat]), watch, at);
        }
        if frame > most_frames {
            tally.unfinished += 1;
            let now = world.resource::<F::Game>().referee().turn();
            tally.violate(seed, game, frame, format!("match stuck at {now:?}"));
            return;
        }
    }
}

/// No move a mind sent was refused, and the wallet holds what the books say.
fn check_books<F: Format>(world: &mut World, tally: &mut Tally, bank: i64, at: At) {
    let (seed, game, frame) = at;
    let refused = F::take_refused(world);
    if refused > 0 {
        tally.violate(seed, game, frame, format!("{refused} minds' moves refused"));
    }
    let (coins, books) = (world.resource::<Wallet>().coins, bank + F::booked(world));
    if coins != books {
        let what = format!("coins {coins}, the books say {books}");
        tally.violate(seed, game, frame, what);
    }
}

/// One seat's tray this frame: held dice stay put, the dice show the roll
/// the referee has, and the HUD names its hand.
fn check_tray<F: Format>(
    world: &mut World,
    tally: &mut Tally,
    seat: SeatId,
    (dice, tray): (&[Entity], Entity),
    watch: &mut HeldWatch,
    (seed, game, frame): At,
) {
    let (roll, turn) = {
        let game = world.resource::<F::Game>();
        let referee = game.referee();
        let roll = referee.roll(seat).filter(|_| F::in_round(game, seat));
        (roll, referee.turn())
    };
    let held = if roll.is_some() {
        held_in(world, tray)
    } else {
        [false; 5]
    };
    let name = seat + 1;
    for (slot, by) in watch.check(world, dice, held) {
        let what = format!("seat {name}'s held die {} moved {by:.4}", slot + 1);
        tally.violate(seed, game, frame, what);
    }
    let Some(roll) = roll.filter(|_| turn != Turn::Rolling(seat)) else {
        return;
    };
    let shown = top_faces(world, dice);
    if shown != roll.to_vec() {
        let what = format!("seat {name} has {roll:?} but the dice show {shown:?}");
        tally.violate(seed, game, frame, what);
    }
    if let Err(said) = F::names_hand(world, seat, &roll) {
        let what = format!("seat {name}'s hand line says {said:?} for {roll:?}");
        tally.violate(seed, game, frame, what);
    }
}
