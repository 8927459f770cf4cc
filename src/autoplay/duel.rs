//! Duels, played match after match and checked after every frame.

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::checks::{HeldWatch, take_moving_reads, top_faces};
use super::monkey::monkey;
use super::report::Tally;
use super::{Policy, max_frames};
use crate::dice::held_in;
use crate::game::Advance;
use crate::game::duel::hud::DuelText;
use crate::game::duel::{Books, Refused, Table};
use crate::game::profile::Wallet;
use crate::game::table::{Seat, Seats};
use crate::headless::{send, text_of, tray_dice};
use crate::rules::duel::{Duel, Side, Step};
use crate::rules::evaluate_roll;

pub(super) fn play_duels(
    app: &mut App,
    policy: Policy,
    seed: u64,
    games: u64,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    // The first ante may already be on the books when the bank was filled.
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Books>().booked;
    let mut frame = 0u64;
    let mut watches = [HeldWatch::default(), HeldWatch::default()];
    let mut prev: Option<Step> = None;
    let mut last_match = (app.world().resource::<Table>().matches, None);
    let mut last_closed = 0i64;
    let most_frames = max_frames(policy);
    while tally.games < games {
        let game = tally.games + 1;
        let trays = app.world().resource::<Table>().trays;
        let dice = [
            tray_dice(app.world(), trays[0]),
            tray_dice(app.world(), trays[1]),
        ];
        let step = app.world().resource::<Table>().duel.step();
        match policy {
            Policy::Random => {
                let all: Vec<Entity> = dice.concat();
                monkey(app, rng, &all);
            }
            // The autopilot plays the player's seat; only a new match needs asking.
            Policy::Best => {
                if matches!(step, Step::MatchOver(_)) {
                    send(app.world_mut(), Advance::PLAYER);
                }
            }
        }
        app.update();
        frame += 1;
        let world = app.world_mut();
        take_moving_reads(world, tally, seed, game, frame);
        let (duel, matches) = {
            let t = world.resource::<Table>();
            (t.duel.clone(), t.matches)
        };
        let Books { booked, closed } = *world.resource::<Books>();
        let held = [held_in(world, trays[0]), held_in(world, trays[1])];
        let now = duel.step();
        if matches != last_match.0 {
            // A new match began: the last one's books are closed at its final net
            // (seen here unless it ended and was replaced within one frame).
            if let Some(final_net) = last_match.1
                && closed - last_closed != final_net
            {
                tally.violate(
                    seed,
                    game,
                    frame,
                    format!(
                        "closed a match at {} coins, it ended at {final_net}",
                        closed - last_closed
                    ),
                );
            }
            last_closed = closed;
        }
        last_match = (
            matches,
            matches!(now, Step::MatchOver(_)).then(|| duel.net(Side::Near)),
        );
        if Some(now) != prev {
            count_step(tally, &duel, now, (seed, game), &mut frame);
            prev = Some(now);
        }
        check_books(world, tally, bank + closed + booked, (seed, game, frame));
        for side in [Side::Near, Side::Far] {
            let i = side.index();
            let held_now = if duel.roll(side).is_some() {
                held[i]
            } else {
                [false; 5]
            };
            let at = (seed, game, frame);
            check_tray(
                world,
                tally,
                &duel,
                side,
                &dice[i],
                held_now,
                &mut watches[i],
                at,
            );
        }
        if frame > most_frames {
            tally.unfinished += 1;
            tally.violate(seed, game, frame, format!("match stuck at {now:?}"));
            return;
        }
    }
}

/// A new step of the table: a throw counted, or a whole match booked.
fn count_step(
    tally: &mut Tally,
    duel: &Duel,
    now: Step,
    (seed, game): (u64, u64),
    frame: &mut u64,
) {
    if matches!(now, Step::Rolling(_)) {
        tally.throws += 1;
    }
    if let Step::MatchOver(winner) = now {
        tally.games += 1;
        tally.duel.wins[winner.index()] += 1;
        for side in [Side::Near, Side::Far] {
            tally.duel.rounds[side.index()] += u64::from(duel.score(side));
            tally.duel.folds[side.index()] += u64::from(duel.folds(side));
        }
        tally.duel.draws += u64::from(duel.draws());
        let (put, won) = (duel.put_in(Side::Near), duel.won(Side::Near));
        tally.staked += put;
        tally.paid += won;
        tally.returns.push(won as f64 / put.max(1) as f64);
        *frame = 0;
        if duel.last_end().is_none() {
            tally.violate(
                seed,
                game,
                *frame,
                "a match ended without a round".to_owned(),
            );
        }
    }
}

/// One side's tray this frame: held dice stay put, the dice show the roll the
/// referee has, and the HUD names its hand.
fn check_tray(
    world: &mut World,
    tally: &mut Tally,
    duel: &Duel,
    side: Side,
    dice: &[Entity],
    held: [bool; 5],
    watch: &mut HeldWatch,
    (seed, game, frame): (u64, u64, u64),
) {
    for (slot, by) in watch.check(world, dice, held) {
        tally.violate(
            seed,
            game,
            frame,
            format!("{side:?}'s held die {} moved {by:.4}", slot + 1),
        );
    }
    let Some(roll) = duel.roll(side) else {
        return;
    };
    if duel.step() == Step::Rolling(side) {
        return;
    }
    let shown = top_faces(world, dice);
    if shown != roll.to_vec() {
        tally.violate(
            seed,
            game,
            frame,
            format!("{side:?} has {roll:?} but the dice show {shown:?}"),
        );
    }
    let role = if side == Side::Near {
        DuelText::PlayerHand
    } else {
        DuelText::FarHand
    };
    let verdict = evaluate_roll(&roll).to_string();
    if text_of(world, role) != Some(verdict.clone()) {
        tally.violate(seed, game, frame, format!("HUD does not name {verdict}"));
    }
}

/// No move a computer seat sent was refused, and the wallet holds what the
/// books say.
fn check_books(
    world: &mut World,
    tally: &mut Tally,
    books: i64,
    (seed, game, frame): (u64, u64, u64),
) {
    let seats = *world.resource::<Seats>();
    let refused: u32 = [Side::Near, Side::Far]
        .into_iter()
        .filter(|&s| matches!(seats.of(s), Seat::Computer(_)))
        .map(|s| world.resource::<Refused>().0[s.index()])
        .sum();
    if refused > 0 {
        tally.violate(
            seed,
            game,
            frame,
            format!("{refused} computer moves refused"),
        );
        *world.resource_mut::<Refused>() = Refused::default();
    }
    let coins = world.resource::<Wallet>().coins;
    if coins != books {
        tally.violate(
            seed,
            game,
            frame,
            format!("coins {coins}, the books say {books}"),
        );
    }
}
