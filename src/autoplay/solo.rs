//! Solo games, played to the end and checked after every frame.

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::checks::{HeldWatch, check_shown, legal_phase_change, take_moving_reads};
use super::monkey::monkey;
use super::report::Tally;
use super::{Policy, max_frames};
use crate::dice::held_in;
use crate::game::profile::Wallet;
use crate::game::{GameConfig, GameTray, Phase, Round};
use crate::headless::tray_dice;

pub(super) fn play_solo(
    app: &mut App,
    policy: Policy,
    seed: u64,
    games: u64,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    let stake = app.world().resource::<GameConfig>().payouts.stake;
    // The bank the game started with: the first move may already be under way.
    let mut expected = super::BANK;
    let mut prev = *app.world().resource::<State<Phase>>().get();
    let mut held = HeldWatch::default();
    let mut frame = 0u64;
    let most_frames = max_frames(policy);
    while tally.games < games {
        let game = tally.games + 1;
        let tray = app.world().resource::<GameTray>().0;
        let dice = tray_dice(app.world(), tray);
        // The monkey's move for this frame; the best policy is the computer
        // in the player's seat, which needs no help.
        if policy == Policy::Random {
            monkey(app, rng, &dice);
        }
        app.update();
        frame += 1;
        let world = app.world_mut();
        take_moving_reads(world, tally, seed, game, frame);
        let now = *world.resource::<State<Phase>>().get();
        let round = world.resource::<Round>().clone();
        if now != prev {
            if !legal_phase_change(prev, now) {
                tally.violate(seed, game, frame, format!("phase {prev:?} -> {now:?}"));
            }
            match (prev, now) {
                (Phase::Ready, Phase::Rolling) => {
                    // The wallet's own charge (a player who cannot pay starts again).
                    let mut books = Wallet::with(expected);
                    books.charge(stake);
                    expected = books.coins;
                    tally.staked += stake;
                    tally.throws += 1;
                }
                (Phase::Holding, Phase::Rolling) => tally.throws += 1,
                _ => {}
            }
            if now == Phase::Result {
                let pay = round.payout.unwrap_or(0);
                expected += pay as i64;
                tally.paid += pay;
                tally.returns.push(pay as f64 / stake as f64);
                tally.games += 1;
                frame = 0;
            }
            prev = now;
        }
        // A move read from the keys in this frame changes the phase in the next;
        // between the two the books and the dice are half-way, so wait for it.
        if !matches!(*world.resource::<NextState<Phase>>(), NextState::Unchanged) {
            continue;
        }
        let coins = world.resource::<Wallet>().coins;
        if coins != expected {
            tally.violate(
                seed,
                game,
                frame,
                format!("coins {coins}, the rules say {expected}"),
            );
            expected = coins;
        }
        let holding = matches!(now, Phase::Holding | Phase::Rolling);
        let held_now = if holding {
            held_in(world, tray)
        } else {
            [false; 5]
        };
        for (slot, by) in held.check(world, &dice, held_now) {
            tally.violate(
                seed,
                game,
                frame,
                format!("held die {} moved {by:.5} in {now:?}", slot + 1),
            );
        }
        if matches!(now, Phase::Holding | Phase::Result) {
            check_shown(world, &dice, &round, seed, game, frame, tally);
        }
        if frame > most_frames {
            tally.unfinished += 1;
            tally.violate(seed, game, frame, format!("game stuck in {now:?}"));
            return;
        }
    }
}
