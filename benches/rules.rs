//! Benchmarks of the rules engine: hand evaluation, the hold advisor and the
//! duel engine.
//!
//! The timing loop is hand-written: `divan` and `criterion` change the
//! features of crates Bevy shares (rustix through `terminal_size`), which
//! rebuilds Bevy for every bench and test build.
//!
//! `cargo bench --bench rules` prints the time per evaluation of all 7,776
//! ordered rolls, per full two-reroll strategy solve, for the duel engine's
//! start-up solve and for single duel decisions at two rerolls a side, and
//! with badges at three, and for a four-seat table's hold against three rivals.

use std::hint::black_box;
use std::time::{Duration, Instant};

use dice_poker::rules::duel::{Badge, DuelEngine};
use dice_poker::rules::hand::{ROLLS, Roll, evaluate_roll, roll_at};
use dice_poker::rules::table::{Rival, largest_group_policy, table_choices};
use dice_poker::rules::{PayoutTable, Strategy};

/// How long each measurement runs.
const BUDGET: Duration = Duration::from_secs(2);

fn all_rolls() -> Vec<Roll> {
    (0..ROLLS).map(roll_at).collect()
}

/// Runs `f` repeatedly for the budget and returns the mean time per call.
fn measure(mut f: impl FnMut()) -> Duration {
    f(); // warm up
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed() < BUDGET {
        f();
        calls += 1;
    }
    start.elapsed() / calls
}

fn main() {
    let rolls = all_rolls();
    let per_sweep = measure(|| {
        for roll in &rolls {
            black_box(evaluate_roll(black_box(roll)));
        }
    });
    println!(
        "evaluate: all 7,776 rolls in {:.1} µs, {:.2} ns per roll",
        per_sweep.as_secs_f64() * 1e6,
        per_sweep.as_secs_f64() * 1e9 / rolls.len() as f64
    );
    let solve = measure(|| {
        black_box(Strategy::new(PayoutTable::default(), 2));
    });
    println!(
        "advisor: two-reroll strategy table in {:.2} ms",
        solve.as_secs_f64() * 1e3
    );
    let strategy = Strategy::new(PayoutTable::default(), 2);
    let advise = measure(|| {
        black_box(strategy.advise(black_box(&[1, 2, 3, 4, 6]), 2));
    });
    println!(
        "advisor: all 32 holds of one roll in {:.1} µs",
        advise.as_secs_f64() * 1e6
    );
    let engine = measure(|| {
        black_box(DuelEngine::new());
    });
    println!(
        "duel: start-up solve (every final hand, 0-3 rerolls, three badge variants) in {:.1} ms",
        engine.as_secs_f64() * 1e3
    );
    let engine = DuelEngine::new();
    for (what, theirs) in [
        ("second mover, their hand final", 0),
        ("first mover, they answer with 2 rerolls", 2),
    ] {
        let decision = measure(|| {
            black_box(
                engine
                    .solve(
                        black_box(&[2, 2, 3, 4, 6]),
                        2,
                        black_box(&[5, 5, 5, 1, 2]),
                        theirs,
                    )
                    .expect("in range"),
            );
        });
        println!(
            "duel: every hold at 2 rerolls, {what}: {:.1} µs",
            decision.as_secs_f64() * 1e6
        );
    }
    // The heaviest decision with badges: both sides change a die, and the
    // other answers with three rerolls (two and a reroll badge).
    let decision = measure(|| {
        black_box(
            engine
                .solve_with(
                    black_box(&[2, 2, 3, 4, 6]),
                    3,
                    black_box(&[5, 5, 5, 1, 2]),
                    3,
                    [Some(Badge::Nudge), Some(Badge::Flip)],
                )
                .expect("in range"),
        );
    });
    println!(
        "duel: every hold at 3 rerolls a side, both with die-changing badges: {:.1} µs",
        decision.as_secs_f64() * 1e6
    );
    // A four-seat table's heaviest decision: every hold of the first seat
    // to reroll against three rivals, each still to throw with two rerolls
    // (the most a table's rules allow), holding their own way.
    let rivals = [Rival {
        roll: None,
        rerolls: 2,
        holds: &largest_group_policy,
    }; 3];
    let decision = measure(|| {
        black_box(table_choices(black_box(&[2, 2, 3, 4, 6]), 2, &rivals));
    });
    println!(
        "table: every hold at 2 rerolls against three rivals still to throw: {:.2} ms (budget 50 ms)",
        decision.as_secs_f64() * 1e3
    );
}
