//! Tables of two to four, played match after match and checked after every
//! frame: every coin is in a stack or the pot, the wallet holds what the
//! player's books say, no mind's move is refused, each round's pots pay
//! out exactly what was put in and no seat takes more than it matched,
//! held dice stay still, and the dice and the HUD show what the referee has.

use bevy::prelude::*;
use rand_chacha::ChaCha8Rng;

use super::checks::{HeldWatch, take_moving_reads, top_faces};
use super::monkey::monkey;
use super::report::Tally;
use super::{Policy, max_frames};
use crate::dice::held_in;
use crate::game::party::hud::{SeatLine, SeatText};
use crate::game::party::{PARTY_STACK, Party, PartyRefused};
use crate::game::profile::Wallet;
use crate::game::table::Moved;
use crate::headless::{text_of, tray_dice};
use crate::lang::{Lang, hand_name};
use crate::rules::evaluate_roll;
use crate::rules::table::{TableEnd, TableMatch, TableStep};

/// The opponents that sit beside the player, in seat order after it: one
/// of each temper of the classic three.
pub const TABLE_MINDS: [&str; 3] = ["hard", "normal", "easy"];

/// Every step the table took since the driver last looked, in order: a step
/// can come and go within one frame (a computer seat at no pace answers a
/// decided match at once), and each decided round and match must be seen.
#[derive(Resource, Debug, Default)]
struct Steps(Vec<TableStep>);

/// Where a frame stands, for a violation's message.
type At = (u64, u64, u64);

pub(super) fn play_tables(
    app: &mut App,
    policy: Policy,
    seed: u64,
    games: u64,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Party>().booked;
    let seats = app.world().resource::<Party>().seats.len();
    tally.table.wins.resize(seats, 0);
    let mut frame = 0u64;
    let mut watches: Vec<HeldWatch> = (0..seats).map(|_| HeldWatch::default()).collect();
    let mut prev: Option<TableStep> = None;
    let mut match_coins = (0u64, 0u64);
    if !app.world().contains_resource::<Steps>() {
        app.init_resource::<Steps>();
        app.add_observer(|moved: On<Moved>, mut steps: ResMut<Steps>| steps.0.push(moved.to));
    }
    let most_frames = max_frames(policy);
    while tally.games < games {
        let game = tally.games + 1;
        let trays = app.world().resource::<Party>().trays.clone();
        let dice: Vec<Vec<Entity>> = trays.iter().map(|&t| tray_dice(app.world(), t)).collect();
        if policy == Policy::Random {
            monkey(app, rng, &dice.concat());
        }
        app.update();
        frame += 1;
        let world = app.world_mut();
        take_moving_reads(world, tally, seed, game, frame);
        let (table, you, booked) = {
            let p = world.resource::<Party>();
            (p.table.clone(), p.you(), p.booked)
        };
        let at = (seed, game, frame);
        check_coins(world, tally, &table, bank + booked, at);
        let steps = std::mem::take(&mut world.resource_mut::<Steps>().0);
        for now in steps {
            if Some(now) == prev {
                continue;
            }
            if matches!(now, TableStep::Rolling(_)) {
                tally.throws += 1;
            }
            let decided = now.mover().is_none() && prev.is_some_and(|p| p.mover().is_some());
            if decided && let Some(end) = table.last_end() {
                check_pots(tally, end, at);
                tally.table.rounds += 1;
                tally.table.by_folds += u64::from(end.by_folds);
                match_coins.0 += end.put[you];
                match_coins.1 += end.paid[you];
            }
            if let TableStep::MatchOver(winner) = now {
                tally.games += 1;
                tally.table.wins[winner] += 1;
                tally.staked += match_coins.0;
                tally.paid += match_coins.1;
                tally
                    .returns
                    .push(match_coins.1 as f64 / match_coins.0.max(1) as f64);
                match_coins = (0, 0);
                frame = 0;
            }
            prev = Some(now);
        }
        for (seat, watch) in watches.iter_mut().enumerate() {
            check_tray(world, tally, &table, seat, &dice[seat], watch, at);
        }
        if frame > most_frames {
            tally.unfinished += 1;
            let now = table.step();
            tally.violate(seed, game, frame, format!("table stuck at {now:?}"));
            return;
        }
    }
}

/// Every seat's coins and the pot add up to what sat down and what the
/// house paid for badges; the wallet holds what the books say; no move a
/// mind sent was refused.
fn check_coins(world: &mut World, tally: &mut Tally, table: &TableMatch, books: i64, at: At) {
    let (seed, game, frame) = at;
    let seats = table.seats() as u64;
    let held: u64 = (0..table.seats()).map(|s| table.stack(s)).sum();
    if held + table.pot() != PARTY_STACK * seats + table.house() {
        tally.violate(
            seed,
            game,
            frame,
            format!(
                "{} coins in stacks and pot where {} sat down and the house paid {}",
                held + table.pot(),
                PARTY_STACK * seats,
                table.house()
            ),
        );
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
    let refused = world.resource::<PartyRefused>().by_minds;
    if refused > 0 {
        tally.violate(seed, game, frame, format!("{refused} minds' moves refused"));
        world.resource_mut::<PartyRefused>().by_minds = 0;
    }
}

/// A round's pots: everything put in is paid out, and no seat takes more
/// than it matched (from each seat, at most what it put in itself).
fn check_pots(tally: &mut Tally, end: &TableEnd, (seed, game, frame): At) {
    let (put, paid) = (&end.put, &end.paid);
    if put.iter().sum::<u64>() != paid.iter().sum::<u64>() {
        tally.violate(seed, game, frame, format!("pots paid {paid:?} of {put:?}"));
    }
    for (seat, &took) in paid.iter().enumerate() {
        let matched: u64 = put.iter().map(|&p| p.min(put[seat])).sum();
        if took > matched {
            tally.violate(
                seed,
                game,
                frame,
                format!("seat {} took {took} having matched {matched}", seat + 1),
            );
        }
    }
}

/// One seat's tray this frame: held dice stay put, the dice show the roll
/// the referee has, and its panel names its hand.
fn check_tray(
    world: &mut World,
    tally: &mut Tally,
    table: &TableMatch,
    seat: usize,
    dice: &[Entity],
    watch: &mut HeldWatch,
    (seed, game, frame): At,
) {
    let tray = world.resource::<Party>().trays[seat];
    let roll = table.roll(seat).filter(|_| !table.is_out(seat));
    let held = if roll.is_some() {
        held_in(world, tray)
    } else {
        [false; 5]
    };
    for (slot, by) in watch.check(world, dice, held) {
        tally.violate(
            seed,
            game,
            frame,
            format!("seat {}'s held die {} moved {by:.4}", seat + 1, slot + 1),
        );
    }
    let Some(roll) = roll else {
        return;
    };
    if table.step() == TableStep::Rolling(seat) {
        return;
    }
    let shown = top_faces(world, dice);
    if shown != roll.to_vec() {
        tally.violate(
            seed,
            game,
            frame,
            format!("seat {} has {roll:?} but the dice show {shown:?}", seat + 1),
        );
    }
    let verdict = hand_name(Lang::Ja, &evaluate_roll(&roll));
    let line = SeatText {
        seat,
        line: SeatLine::Hand,
    };
    if text_of(world, line) != Some(verdict.clone()) {
        tally.violate(
            seed,
            game,
            frame,
            format!("seat {}'s panel does not name {verdict}", seat + 1),
        );
    }
}
