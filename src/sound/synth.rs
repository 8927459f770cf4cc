//! Sounds made from numbers at start-up: modal impact synthesis for dice
//! hitting felt, wood and each other, a click, and a sting for a hand.
//!
//! An impact is a short noise burst exciting a few damped sine modes; a harder
//! hit is louder and brighter (its upper modes and burst weigh more).

use std::f32::consts::TAU;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Samples per second of everything made and played.
pub const SAMPLE_RATE: u32 = 44_100;

/// What a die hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// The felt floor: dull and short.
    Felt,
    /// A wooden wall: a hollow knock.
    Wood,
    /// Another die: a bright click.
    Die,
}

/// One resonance of a struck body.
#[derive(Clone, Copy, Debug)]
struct Mode {
    /// Frequency in hertz.
    hz: f32,
    /// Time for the mode to fall to 1/e, in seconds.
    decay: f32,
    /// Loudness relative to the other modes.
    gain: f32,
}

const fn m(hz: f32, decay: f32, gain: f32) -> Mode {
    Mode { hz, decay, gain }
}

/// Felt: low, dull and short.
const FELT: [Mode; 3] = [
    m(180.0, 0.008, 1.0),
    m(410.0, 0.006, 0.5),
    m(950.0, 0.004, 0.25),
];
/// Wood: a hollow knock that rings a little.
const WOOD: [Mode; 4] = [
    m(240.0, 0.018, 1.0),
    m(620.0, 0.012, 0.6),
    m(1_350.0, 0.008, 0.35),
    m(2_900.0, 0.005, 0.2),
];
/// Resin on resin: a bright click.
const RESIN: [Mode; 3] = [
    m(2_300.0, 0.010, 1.0),
    m(3_700.0, 0.008, 0.7),
    m(5_900.0, 0.006, 0.45),
];

/// The resonances of a surface, lowest first.
fn modes(surface: Surface) -> &'static [Mode] {
    match surface {
        Surface::Felt => &FELT,
        Surface::Wood => &WOOD,
        Surface::Die => &RESIN,
    }
}

/// How loud the strike's noise burst is on a surface: felt muffles it.
fn burst_gain(surface: Surface) -> f32 {
    match surface {
        Surface::Felt => 0.15,
        Surface::Wood => 0.6,
        Surface::Die => 1.0,
    }
}

/// How long the noise burst that strikes the modes lasts, in seconds.
const BURST: f32 = 0.003;
/// How long an impact sounds before it is cut, in seconds.
const IMPACT_LENGTH: f32 = 0.25;
/// Loudness of the hardest impact before mixing.
const IMPACT_PEAK: f32 = 0.4;
/// Loudness of the softest impact against the hardest: a touch is a tick
/// still heard through the clatter, not a whisper under it.
const QUIETEST: f32 = 0.25;

/// An impact on `surface` with `strength` from 0 (a touch) to 1 (a slam).
/// `seed` varies the burst so no two hits sound quite alike.
pub fn impact(surface: Surface, strength: f32, seed: u64) -> Vec<f32> {
    let strength = strength.clamp(0.0, 1.0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rate = SAMPLE_RATE as f32;
    let n = (IMPACT_LENGTH * rate) as usize;
    let burst_n = (BURST * rate) as usize;
    let modes = modes(surface);
    // Harder hits bring out the upper modes: brightness.
    let tilt = 0.35 + 0.65 * strength;
    let detune: Vec<f32> = modes.iter().map(|_| rng.random_range(0.97..1.03)).collect();
    let mut out = vec![0.0f32; n];
    for (i, sample) in out.iter_mut().enumerate() {
        let t = i as f32 / rate;
        let mut s = 0.0;
        for (k, (mode, d)) in modes.iter().zip(&detune).enumerate() {
            let weight = mode.gain * tilt.powi(k as i32);
            s += weight * (TAU * mode.hz * d * t).sin() * (-t / mode.decay).exp();
        }
        if i < burst_n {
            let env = 1.0 - i as f32 / burst_n as f32;
            s += burst_gain(surface) * strength * env * rng.random_range(-1.0..1.0);
        }
        *sample = s;
    }
    normalize(
        &mut out,
        IMPACT_PEAK * (QUIETEST + (1.0 - QUIETEST) * strength),
    );
    out
}

/// A short wooden tick for holding a die or pressing a button.
pub fn click(high: bool) -> Vec<f32> {
    let rate = SAMPLE_RATE as f32;
    let hz = if high { 1_800.0 } else { 1_200.0 };
    let n = (0.05 * rate) as usize;
    let mut out: Vec<f32> = (0..n)
        .map(|i| {
            let t = i as f32 / rate;
            (TAU * hz * t).sin() * (-t / 0.008).exp()
        })
        .collect();
    normalize(&mut out, 0.3);
    out
}

/// A rising run of notes for a hand: `level` 0 (nothing) to 7 (five of a kind)
/// adds notes and length, so a better hand rings longer and brighter.
pub fn sting(level: usize) -> Vec<f32> {
    // A major pentatonic climb from A4.
    const STEPS: [f32; 8] = [0.0, 2.0, 4.0, 7.0, 9.0, 12.0, 14.0, 16.0];
    let rate = SAMPLE_RATE as f32;
    let notes = 2 + level.min(7);
    let spacing = 0.07;
    let ring = 0.25 + 0.05 * level as f32;
    let n = ((spacing * notes as f32 + ring) * rate) as usize;
    let mut out = vec![0.0f32; n];
    for (k, step) in STEPS.iter().take(notes).enumerate() {
        let hz = 440.0 * 2f32.powf(step / 12.0);
        let start = (k as f32 * spacing * rate) as usize;
        for (i, sample) in out[start..].iter_mut().enumerate() {
            let t = i as f32 / rate;
            let env = (t / 0.005).min(1.0) * (-t / (ring * 0.5)).exp();
            *sample += env * ((TAU * hz * t).sin() + 0.3 * (TAU * 2.0 * hz * t).sin());
        }
    }
    normalize(&mut out, 0.35);
    out
}

/// Scales `samples` so their peak is `peak`.
fn normalize(samples: &mut [f32], peak: f32) {
    let max = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        let k = peak / max;
        samples.iter_mut().for_each(|s| *s *= k);
    }
}

/// Root mean square of samples.
pub fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
}

/// Share of the signal's change that is fast: the mean absolute difference
/// of neighbouring samples over the mean absolute sample. Brighter sounds
/// score higher.
pub fn brightness(samples: &[f32]) -> f32 {
    let level: f32 = samples.iter().map(|s| s.abs()).sum();
    if level == 0.0 {
        return 0.0;
    }
    let change: f32 = samples.windows(2).map(|w| (w[1] - w[0]).abs()).sum();
    change / level
}
