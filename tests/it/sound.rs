//! Sound from the physics: synthesis, the mixer's limits, a seeded throw's clatter.

use bevy::prelude::*;

use dice_poker::sound::backend::{Wav, read_wav};
use dice_poker::sound::mixer::{MAX_PER_WINDOW, Mixer, PAIR_GAP, RateLimiter};
use dice_poker::sound::synth::{self, Surface, brightness, rms};
use dice_poker::sound::{HitLog, SoundBank};

use crate::dice::{app_with_tray_and, settle, throw_all};

#[test]
fn harder_hits_sound_louder_and_brighter_and_surfaces_differ() {
    for surface in [Surface::Felt, Surface::Wood, Surface::Die] {
        let soft = synth::impact(surface, 0.1, 1);
        let hard = synth::impact(surface, 0.9, 1);
        assert!(rms(&hard) > 2.0 * rms(&soft), "{surface:?} louder");
        assert!(
            brightness(&hard) > brightness(&soft),
            "{surface:?} brighter"
        );
        assert!(hard.iter().all(|s| s.abs() <= 1.0));
    }
    let felt = brightness(&synth::impact(Surface::Felt, 0.5, 2));
    let wood = brightness(&synth::impact(Surface::Wood, 0.5, 2));
    let die = brightness(&synth::impact(Surface::Die, 0.5, 2));
    assert!(
        felt < wood && wood < die,
        "felt {felt} < wood {wood} < die {die}"
    );
    // A better hand's sting is longer.
    assert!(synth::sting(7).len() > synth::sting(1).len());
}

#[test]
fn rate_limits_allow_one_sound_per_pair_and_a_few_at_once() {
    let mut limiter = RateLimiter::default();
    assert!(limiter.allow((1, 2), 0.0));
    assert!(
        !limiter.allow((2, 1), 0.01),
        "the same pair, either way round"
    );
    assert!(limiter.allow((1, 2), PAIR_GAP + 0.01));
    let mut limiter = RateLimiter::default();
    let heard = (0..20u64)
        .filter(|&i| limiter.allow((i, 100 + i), 1.0))
        .count();
    assert_eq!(heard, MAX_PER_WINDOW, "a burst is thinned");
    assert!(
        limiter.allow((50, 51), 1.2),
        "the next moment has room again"
    );
}

#[test]
fn the_mixer_never_clips_and_mutes() {
    let mut mixer = Mixer::default();
    let loud: std::sync::Arc<[f32]> = std::sync::Arc::from(vec![0.9f32; 4_000]);
    for _ in 0..20 {
        mixer.play(loud.clone(), 1.0);
    }
    let mut out = vec![0.0; 1_024];
    mixer.mix(&mut out);
    assert!(
        out.iter().all(|s| s.abs() < 1.0 && *s > 0.5),
        "bent under full scale"
    );
    mixer.muted = true;
    mixer.mix(&mut out);
    assert!(out.iter().all(|&s| s == 0.0));
    // Recordings are 16-bit PCM that read back exactly.
    let path = std::env::temp_dir().join(format!("dice-poker-{}.wav", std::process::id()));
    let mut wav = Wav::create(&path).unwrap();
    let pcm: Vec<i16> = (0..1_000)
        .map(|i| (i * 37 % 2_000 - 1_000) as i16)
        .collect();
    wav.append(&pcm).unwrap();
    wav.finish().unwrap();
    assert_eq!(read_wav(&path).unwrap(), pcm);
}

fn clatter(seed: u64) -> (Vec<(f32, dice_poker::sound::Hit)>, usize) {
    let (mut app, tray) = app_with_tray_and(seed, |app| {
        app.add_plugins(dice_poker::sound::plugin);
    });
    throw_all(&mut app, tray);
    settle(&mut app, 1);
    let log = app.world().resource::<HitLog>();
    (log.played.clone(), log.dropped)
}

#[test]
fn a_seeded_throw_clatters_on_felt_and_wood_without_clipping() {
    let (hits, dropped) = clatter(42);
    println!("{} hits played, {dropped} thinned out", hits.len());
    // Five dice land, bounce, knock each other and slap the felt with their
    // edges as they roll.
    assert!(hits.len() >= 12, "{hits:?}");
    assert!(hits.iter().any(|(_, h)| h.surface == Surface::Felt));
    assert!(hits.iter().all(|(_, h)| (0.0..=1.0).contains(&h.strength)));
    let (again, _) = clatter(42);
    assert_eq!(hits.len(), again.len(), "the same seed, the same clatter");
    // What the mixer makes of it: sound, distinct onsets, never full scale.
    let start = hits[0].0;
    let shifted: Vec<_> = hits.iter().map(|(t, h)| (t - start + 0.05, *h)).collect();
    let out = dice_poker::sound::render(&SoundBank::new(), &shifted, 3.0);
    let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    assert!(peak > 0.05 && peak < 1.0, "peak {peak}");
    let onsets = onsets(&out);
    assert!(onsets >= 3, "onsets {onsets}");
}

#[test]
fn a_frames_hits_are_heard_as_far_apart_as_their_steps_and_spread_within_one() {
    use dice_poker::sound::synth::SAMPLE_RATE;
    use dice_poker::sound::{Hit, spacing};
    use dice_poker::third_party::rapier::STEP;
    let hit = |at: f32| Hit {
        surface: Surface::Felt,
        strength: 0.5,
        pair: (Entity::PLACEHOLDER, Entity::PLACEHOLDER),
        at,
    };
    let step = STEP.as_secs_f32();
    // Three steps of one slow frame: one hit, two in the next, one two steps on.
    let hits = [
        hit(1.0),
        hit(1.0 + step),
        hit(1.0 + step),
        hit(1.0 + 3.0 * step),
    ];
    let waits = spacing(&hits);
    let samples = |s: f32| (s * SAMPLE_RATE as f32) as usize;
    assert_eq!(waits[0], 0);
    assert!(waits[1].abs_diff(samples(step)) <= 1, "{waits:?}");
    // The second hit of a step comes half a step after the first.
    assert!(waits[2].abs_diff(samples(1.5 * step)) <= 1, "{waits:?}");
    assert!(waits[3].abs_diff(samples(3.0 * step)) <= 1, "{waits:?}");
    // A mixer starts a sound that waits only once its wait is over.
    let mut mixer = dice_poker::sound::mixer::Mixer::default();
    mixer.play_after(vec![0.5f32; 100].into(), 1.0, 300);
    let mut out = vec![0.0; 256];
    mixer.mix(&mut out);
    assert!(out.iter().all(|&s| s == 0.0), "still waiting");
    mixer.mix(&mut out);
    assert!(out[..44].iter().all(|&s| s == 0.0) && out[44] > 0.0 && out[143] > 0.0);
    assert_eq!(out[144], 0.0, "a hundred samples long");
}

/// Onsets in a rendered throw as CI's wave check finds them: a 10 ms window
/// louder than 400 (of 32767) and 2.5 times the window before it.
fn onsets(samples: &[f32]) -> usize {
    let levels: Vec<f32> = samples.chunks(441).map(|w| rms(w) * 32_767.0).collect();
    levels
        .windows(2)
        .filter(|w| w[1] > 400.0 && w[1] > 2.5 * w[0] + 50.0)
        .count()
}

#[test]
fn a_throw_is_heard_as_many_hits_each_audible_on_its_own() {
    const SEEDS: [u64; 6] = [1, 2, 3, 7, 9, 42];
    let bank = SoundBank::new();
    let (mut heard, mut silent, mut played) = (0, 0, 0);
    for seed in SEEDS {
        let (hits, _) = clatter(seed);
        played += hits.len();
        let start = hits[0].0;
        let shifted: Vec<_> = hits.iter().map(|(t, h)| (t - start + 0.05, *h)).collect();
        heard += onsets(&dice_poker::sound::render(&bank, &shifted, 2.0));
        // The softest bounce is a tick the wave check hears by itself.
        for &(_, hit) in &hits {
            let alone = dice_poker::sound::render(&bank, &[(0.05, hit)], 0.3);
            silent += usize::from(onsets(&alone) != 1);
        }
    }

    // Loudness on the ear's scale and short strikes: over six distinct
    // onsets a throw (a linear scale with longer rings gave about four).
    let mean = heard as f32 / SEEDS.len() as f32;
    let hits = played as f32 / SEEDS.len() as f32;
    println!("{hits:.1} hits and {mean:.2} onsets a throw, {silent} hits not heard alone");
    assert_eq!(silent, 0, "hits not heard on their own");
    assert!(mean >= 5.5, "{mean} onsets a throw");
    // As real dice do, a throw clatters 10 to 20 times: each a hit of its
    // own, if not each a burst of its own to a 10 ms window.
    assert!((10.0..=20.0).contains(&hits), "{hits} hits a throw");
}
