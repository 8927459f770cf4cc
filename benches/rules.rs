//! Benchmarks of the rules engine: hand evaluation, the hold advisor (with
//! fair dice, and with a crooked die) and the duel engine.
//!
//! The timing loop is hand-written: `divan` and `criterion` change the
//! features of crates Bevy shares (rustix through `terminal_size`), which
//! rebuilds Bevy for every bench and test build.
//!
//! `cargo bench --bench rules` prints the time per evaluation of all 7,776
//! ordered rolls, per full two-reroll strategy solve, for the duel engine's
//! start-up solve and for single duel decisions at two rerolls a side (and
//! one with a crooked die on each side), and with badges at three, for a four-seat table's hold against three rivals
//! and its round's luck and skill for every seat, and for `stats` over 100,000 solo games read from a file;
//! and, first, the dice audit's error rates per kind of die (10,000 runs of up to 500 throws).

use std::hint::black_box;
use std::time::{Duration, Instant};

use std::io::Write;

use dice_poker::history::stats::Tally;
use dice_poker::history::{self, Decision, Mode, Record, Throw};
use dice_poker::rules::duel::{Badge, CrookedDuel, DuelEngine};
use dice_poker::rules::hand::{ROLLS, Roll, evaluate_roll, roll_at};
use dice_poker::rules::kinds::DieKind;
use dice_poker::rules::luck::{TableMove, TableTrace, table_accounts};
use dice_poker::rules::per_die::{DiceAdvisor, FAIR, Tray, Walks};
use dice_poker::rules::table::crooked::{DiceRival, dice_table_choices};
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

/// A round at four seats with two rerolls, every seat keeping a pair.
fn four_seat_round() -> TableTrace {
    let mut moves = Vec::new();
    let firsts: [Roll; 4] = [
        [1, 1, 2, 3, 5],
        [2, 2, 4, 5, 6],
        [3, 3, 1, 2, 6],
        [4, 4, 1, 3, 5],
    ];
    for (seat, faces) in firsts.into_iter().enumerate() {
        moves.push(TableMove::Rolled { seat, faces });
    }
    for stage in 0..2u8 {
        for (seat, first) in firsts.iter().enumerate() {
            let pair = first[0];
            moves.push(TableMove::Kept {
                seat,
                faces: vec![pair, pair],
            });
            let other = if pair == 6 { 5 } else { 6 };
            let faces = [pair, pair, other, (stage % 2) + 1, 3 + stage];
            moves.push(TableMove::Rolled { seat, faces });
        }
    }
    TableTrace {
        rerolls: vec![Some(2); 4],
        moves,
    }
}

/// Runs of the dice audit's sequential test per kind, and the throws each
/// may take (a long career's worth for one die).
const AUDIT_RUNS: u64 = 10_000;
const AUDIT_THROWS: u64 = 500;

/// How the sequential test fares with each kind of die: not a time, the
/// error rates the audit's lines are set for, measured.
fn audit_rates() {
    use dice_poker::rules::evidence::Trial;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for kind in DieKind::ALL {
        let t = Trial::run(kind, AUDIT_RUNS, AUDIT_THROWS, &mut rng);
        let share = |n: u64| 100.0 * n as f64 / t.runs as f64;
        println!(
            "audit: {:<8} called crooked {:>6.2} % (the right kind {:>6.2} %), fair {:>6.2} %, open {:>6.2} % after {AUDIT_THROWS} throws; {:.0} throws a verdict on average",
            kind.key(),
            share(t.called_crooked),
            share(t.right_kind),
            share(t.called_fair),
            share(t.runs - t.called_crooked - t.called_fair),
            t.mean_throws()
        );
    }
}

fn main() {
    audit_rates();
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
    // A tray with a crooked die: solved for its dice each time it is asked.
    let loaded = [DieKind::Loaded.chances(), FAIR, FAIR, FAIR, FAIR];
    let crooked = measure(|| {
        let advisor = DiceAdvisor::new(PayoutTable::default(), &loaded, 2);
        black_box(advisor.advise(black_box(&[6, 2, 3, 4, 6]), 2));
    });
    println!(
        "advisor: one loaded die among four fair, solved for two rerolls and every hold of one roll in {:.2} ms",
        crooked.as_secs_f64() * 1e3
    );
    let engine = measure(|| {
        black_box(DuelEngine::new());
    });
    println!(
        "duel: start-up solve (every final hand, 0-3 rerolls, three badge variants) in {:.1} ms",
        engine.as_secs_f64() * 1e3
    );
    // Crooked dice on both sides: both trays walked for each decision.
    let (mine, theirs) = (
        [FAIR, DieKind::Loaded.chances(), FAIR, FAIR, FAIR],
        [DieKind::Shaved.chances(), FAIR, FAIR, FAIR, FAIR],
    );
    let crooked_duel = measure(|| {
        let duel = CrookedDuel::new(&mine, &theirs);
        let (roll, against) = (black_box(&[2, 6, 3, 4, 6]), black_box(&[5, 5, 5, 1, 2]));
        black_box(duel.solve((roll, 2), (against, 2), [None, None]));
    });
    println!(
        "duel: one crooked die on each side, every hold at 2 rerolls a side, both trays solved: {:.1} ms",
        crooked_duel.as_secs_f64() * 1e3
    );
    // A round's account with those dice: the opening before any throw.
    let crooked_opening = measure(|| {
        let duel = CrookedDuel::new(&mine, &theirs);
        black_box(duel.opening(black_box(2), 2, [None, None]));
    });
    println!(
        "duel: one crooked die on each side, the opening (every first throw of both trays, 2 rerolls a side) for a round's luck: {:.1} ms",
        crooked_opening.as_secs_f64() * 1e3
    );
    // A table of four, a crooked die in every tray: each tray walked.
    let trays = [mine, theirs, mine, theirs].map(|dice| Walks::new(&Tray::new(&dice)));
    let crooked_table = measure(|| {
        let rivals: Vec<DiceRival> = [[5, 5, 5, 1, 2], [1, 2, 3, 4, 6], [6, 6, 2, 2, 3]]
            .into_iter()
            .zip(&trays[1..])
            .map(|(roll, walks)| DiceRival {
                rival: Rival {
                    roll: Some(roll),
                    rerolls: 2,
                    holds: &largest_group_policy,
                    throwing: None,
                },
                walks,
            })
            .collect();
        black_box(dice_table_choices(
            black_box(&[2, 6, 3, 4, 6]),
            2,
            &trays[0],
            &rivals,
        ));
    });
    println!(
        "table: four seats, a crooked die in every tray, every hold at 2 rerolls against three rivals with 2 each: {:.1} ms",
        crooked_table.as_secs_f64() * 1e3
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
        throwing: None,
    }; 3];
    let decision = measure(|| {
        black_box(table_choices(black_box(&[2, 2, 3, 4, 6]), 2, &rivals));
    });
    println!(
        "table: every hold at 2 rerolls against three rivals still to throw: {:.2} ms (budget 50 ms)",
        decision.as_secs_f64() * 1e3
    );
    // A four-seat round's luck and skill for every seat, as a table round's
    // history line is written: every seat throws and rerolls twice.
    let round = four_seat_round();
    let accounts = measure(|| {
        black_box(table_accounts(black_box(&round)));
    });
    println!(
        "table: every seat's luck and skill over a four-seat round at 2 rerolls: {:.2} ms",
        accounts.as_secs_f64() * 1e3
    );
    // `stats` over a long history: 100,000 solo games with the advisor's
    // holds, written to a file and read back a record at a time.
    let path = std::env::temp_dir().join(format!("dice-poker-bench-{}.jsonl", std::process::id()));
    let games = write_history(&path, 100_000);
    let tally = measure(|| {
        let mut tally = Tally::default();
        history::for_each(&path, |r| tally.add(&r)).expect("readable");
        black_box(tally.finish());
    });
    let _ = std::fs::remove_file(&path);
    println!(
        "stats: {games} solo games read and tallied in {:.2} s ({:.1} µs per game)",
        tally.as_secs_f64(),
        tally.as_secs_f64() * 1e6 / games as f64
    );
}

/// Writes `games` solo games with two rerolls, the advisor's holds and
/// seeded dice, as the game records them; returns how many.
fn write_history(path: &std::path::Path, games: u64) -> u64 {
    use rand::{Rng, SeedableRng};
    let strategy = Strategy::new(PayoutTable::default(), 2);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("a scratch file"));
    for time in 0..games {
        let mut faces: Roll = std::array::from_fn(|_| rng.random_range(1..=6));
        let mut throws = vec![Throw {
            faces,
            held: [false; 5],
        }];
        let mut decisions = Vec::new();
        for left in (1..=2).rev() {
            let choices = strategy.advise(&faces, left);
            let best = choices[0].held.clone();
            let options = choices
                .iter()
                .map(|c| (c.held.as_slice(), c.expected.to_f64()));
            decisions.push(Decision::weighed(faces, left as u32, best.clone(), options));
            if best.len() == 5 {
                break;
            }
            let mut kept = best.clone();
            let mut held = [false; 5];
            for (slot, face) in faces.iter().enumerate() {
                if let Some(at) = kept.iter().position(|k| k == face) {
                    kept.remove(at);
                    held[slot] = true;
                }
            }
            for (slot, face) in faces.iter_mut().enumerate() {
                if !held[slot] {
                    *face = rng.random_range(1..=6);
                }
            }
            throws.push(Throw { faces, held });
        }
        let record = Record {
            time,
            mode: Mode::Solo,
            opponent: None,
            rerolls: 2,
            seed: None,
            throws,
            decisions,
            hand: evaluate_roll(&faces).to_string(),
            coins_in: 10,
            coins_out: 0,
            result: None,
            badge: None,
            round: None,
            daily: None,
            table: None,
            dice: None,
        };
        let line = serde_json::to_string(&record).expect("a record");
        writeln!(out, "{line}").expect("written");
    }
    games
}
