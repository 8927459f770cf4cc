//! Mixing: the voices playing now summed into one stream with a master volume
//! and a soft limit, and the limits that keep five dice from making a wall of
//! noise (one sound per pair per moment, a few per moment in all).

use std::collections::HashMap;
use std::sync::Arc;

use super::synth::SAMPLE_RATE;

/// Most voices sounding at once; the oldest gives way.
pub const MAX_VOICES: usize = 24;
/// Level above which the output is bent softly towards [`CEILING`] instead of clipping.
const SOFT_KNEE: f32 = 0.8;
/// The loudest the output gets: a little under full scale, so it never clips.
pub const CEILING: f32 = 0.98;

/// One sound being played.
#[derive(Clone, Debug)]
struct Voice {
    samples: Arc<[f32]>,
    at: usize,
    gain: f32,
    /// Samples of silence still to go before it starts.
    wait: usize,
}

/// Everything playing, mixed on demand.
#[derive(Debug)]
pub struct Mixer {
    voices: Vec<Voice>,
    /// Master volume, 0 to 1.
    pub volume: f32,
    /// Silence without forgetting the volume.
    pub muted: bool,
}

impl Default for Mixer {
    fn default() -> Self {
        Mixer {
            voices: Vec::new(),
            volume: 0.8,
            muted: false,
        }
    }
}

impl Mixer {
    /// Starts a sound at `gain` (0 to 1).
    pub fn play(&mut self, samples: Arc<[f32]>, gain: f32) {
        self.play_after(samples, gain, 0);
    }

    /// Starts a sound at `gain` (0 to 1) `wait` samples from now.
    pub fn play_after(&mut self, samples: Arc<[f32]>, gain: f32, wait: usize) {
        if self.voices.len() >= MAX_VOICES {
            self.voices.remove(0);
        }
        self.voices.push(Voice {
            samples,
            at: 0,
            gain: gain.clamp(0.0, 1.0),
            wait,
        });
    }

    /// Voices still sounding.
    pub fn voices(&self) -> usize {
        self.voices.len()
    }

    /// Mixes the next `out.len()` samples (mono) into `out`, overwriting it.
    pub fn mix(&mut self, out: &mut [f32]) {
        out.iter_mut().for_each(|s| *s = 0.0);
        for voice in &mut self.voices {
            let skip = voice.wait.min(out.len());
            voice.wait -= skip;
            let left = &voice.samples[voice.at.min(voice.samples.len())..];
            for (o, s) in out[skip..].iter_mut().zip(left) {
                *o += s * voice.gain;
            }
            voice.at += out.len() - skip;
        }
        self.voices.retain(|v| v.at < v.samples.len());
        let master = if self.muted { 0.0 } else { self.volume };
        for s in out.iter_mut() {
            *s = limit(*s * master);
        }
    }
}

/// Passes quiet samples unchanged and bends loud ones smoothly under [`CEILING`].
pub fn limit(s: f32) -> f32 {
    let a = s.abs();
    if a <= SOFT_KNEE {
        return s;
    }
    let room = CEILING - SOFT_KNEE;
    let bent = SOFT_KNEE + room * ((a - SOFT_KNEE) / room).tanh();
    bent.copysign(s)
}

/// Samples to 16-bit PCM.
pub fn to_pcm(samples: &[f32], out: &mut Vec<i16>) {
    out.clear();
    out.extend(
        samples
            .iter()
            .map(|s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16),
    );
}

/// Shortest time between two sounds of one pair of bodies, in seconds: a die
/// sliding on felt touches it every step, but is heard once.
pub const PAIR_GAP: f32 = 0.03;
/// Longest window over which [`MAX_PER_WINDOW`] sounds may start, in seconds.
pub const WINDOW: f32 = 0.1;
/// Most sounds starting within [`WINDOW`] across the whole table.
pub const MAX_PER_WINDOW: usize = 8;

/// Decides which hits are heard: at most one per pair per [`PAIR_GAP`] and
/// [`MAX_PER_WINDOW`] per [`WINDOW`] in all.
#[derive(Debug, Default)]
pub struct RateLimiter {
    last_by_pair: HashMap<(u64, u64), f32>,
    recent: Vec<f32>,
}

impl RateLimiter {
    /// Whether a hit between `pair` at time `now` (seconds) is heard.
    pub fn allow(&mut self, pair: (u64, u64), now: f32) -> bool {
        let pair = if pair.0 <= pair.1 {
            pair
        } else {
            (pair.1, pair.0)
        };
        if self
            .last_by_pair
            .get(&pair)
            .is_some_and(|&t| now - t < PAIR_GAP)
        {
            return false;
        }
        self.recent.retain(|&t| now - t < WINDOW);
        if self.recent.len() >= MAX_PER_WINDOW {
            return false;
        }
        self.recent.push(now);
        self.last_by_pair.insert(pair, now);
        // Forget pairs long quiet, so the map stays small.
        if self.last_by_pair.len() > 256 {
            self.last_by_pair.retain(|_, &mut t| now - t < PAIR_GAP);
        }
        true
    }
}

/// Seconds of audio in `samples` at [`SAMPLE_RATE`].
pub fn seconds(samples: usize) -> f32 {
    samples as f32 / SAMPLE_RATE as f32
}
