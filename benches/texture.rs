//! The time the game's own surfaces take to draw at start-up, on one core:
//! every image the window makes (wood and felt, each with its mips), which
//! must stay within [`BUDGET_MS`].
//!
//! `cargo bench --bench texture` prints the time of each and of all together.

use std::hint::black_box;
use std::time::{Duration, Instant};

use dice_poker::dice::surfaces::{FELT_TEXELS, WOOD_TEXELS};
use dice_poker::texture::{felt, wood};

/// What all the images together may take at start-up, in milliseconds.
const BUDGET_MS: f64 = 150.0;
/// How many times each is drawn for the mean.
const RUNS: u32 = 10;

/// The mean time of `f` over [`RUNS`] runs.
fn mean(mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    for _ in 0..RUNS {
        f();
    }
    start.elapsed() / RUNS
}

fn main() {
    let wood_time = mean(|| {
        black_box(wood(WOOD_TEXELS, 1));
    });
    let felt_time = mean(|| {
        black_box(felt(FELT_TEXELS, 1));
    });
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("wood {WOOD_TEXELS}² with mips: {:.1} ms", ms(wood_time));
    println!("felt {FELT_TEXELS}² with mips: {:.1} ms", ms(felt_time));
    let all = ms(wood_time) + ms(felt_time);
    println!(
        "all surfaces: {all:.1} ms of a {BUDGET_MS:.0} ms budget: {}",
        if all <= BUDGET_MS { "within" } else { "OVER" }
    );
    if all > BUDGET_MS {
        std::process::exit(1);
    }
}
