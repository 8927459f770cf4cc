//! Sound: dice that clatter from the physics, clicks for holds and buttons,
//! and a sting for a finished hand. Synthesis ([`synth`]) and mixing
//! ([`mixer`]) are plain Rust; the output ([`backend`]) is behind a trait, so
//! the game plays silently (and still records) where there is no device.
//!
//! [`plugin`] is the thin Bevy side: contact force events from Rapier become
//! hits (die–felt, die–wood, die–die) whose strength sets loudness and
//! brightness, thinned by a [`mixer::RateLimiter`].

pub mod backend;
pub mod mixer;
pub mod synth;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::keymap::{Action, Controls};
use bevy_rapier3d::prelude::*;
use serde::{Deserialize, Serialize};

use crate::dice::Die;
use crate::dice::tray::{DIE_MASS, TrayPart};
use crate::third_party::rapier::GRAVITY;

use backend::{Alsa, Output, Player, Silent, Wav};
use mixer::RateLimiter;
use synth::Surface;

/// One press of a volume key.
pub const VOLUME_STEP: f32 = 0.1;
/// A die resting on something pushes with its weight; a hit pushes harder.
const RESTING_FORCE: f32 = DIE_MASS * GRAVITY;
/// Contact force (in the physics' units) from which a contact is heard: a
/// die resting on another never is.
pub const HIT_FORCE: f32 = 1.1 * RESTING_FORCE;
/// Contact force of the hardest hit the sounds are shaped for.
pub const SLAM_FORCE: f32 = 12.0 * RESTING_FORCE;
/// How much harder than in the step before a going contact must push to be
/// heard again: a die rolling over its edges slaps the felt at each one
/// without ever leaving it.
pub const SLAP_RISE: f32 = 1.25;
/// Gain of the softest and the hardest hit in the mix.
const HIT_GAIN: (f32, f32) = (0.5, 1.0);
/// Strength levels synthesised per surface (a hit plays the nearest).
const LEVELS: usize = 4;
/// Variants per level, so repeated hits do not sound identical.
const VARIANTS: u64 = 3;

/// Volume and mute, kept with the save.
#[derive(Resource, Serialize, Deserialize, Debug, Clone, Copy, PartialEq)]
pub struct SoundSettings {
    /// Master volume, 0 to 1.
    pub volume: f32,
    /// Sound off.
    pub muted: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            volume: DEFAULT_VOLUME,
            muted: false,
        }
    }
}

/// Volume of a new player.
pub const DEFAULT_VOLUME: f32 = 0.8;

/// A sound the game asks for (the dice's own clatter comes from the physics).
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub enum Cue {
    /// A die picked up or put down.
    Click,
    /// A button or a key that acts.
    Button,
    /// A hand that ends a game or round: 0 (the shortest) to 7 (five of a kind).
    Sting(usize),
}

/// How the game's sound is set up (from the command line).
#[derive(Resource, Debug, Clone, Default)]
pub struct SoundOptions {
    /// Try the system's sound device.
    pub device: bool,
    /// Also write everything played to this WAV file.
    pub record: Option<PathBuf>,
}

/// A hit between a die and something, from the physics.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// What the die hit.
    pub surface: Surface,
    /// 0 (a touch) to 1 (a slam).
    pub strength: f32,
    /// The two bodies, for the per-pair limit.
    pub pair: (Entity, Entity),
    /// The physics' time of the step it happened in, in seconds: a frame
    /// that ran several steps plays its hits as far apart as they were.
    pub at: f32,
}

/// The synthesised sounds.
#[derive(Resource)]
pub struct SoundBank {
    impacts: Vec<Vec<Arc<[f32]>>>,
    click: Arc<[f32]>,
    button: Arc<[f32]>,
    stings: Vec<Arc<[f32]>>,
}

impl SoundBank {
    /// Makes every sound (some tens of milliseconds).
    pub fn new() -> SoundBank {
        let surfaces = [Surface::Felt, Surface::Wood, Surface::Die];
        let impacts = surfaces
            .iter()
            .flat_map(|&s| {
                (0..LEVELS).map(move |level| {
                    let strength = (level as f32 + 0.5) / LEVELS as f32;
                    (0..VARIANTS)
                        .map(|v| Arc::from(synth::impact(s, strength, v * 31 + level as u64)))
                        .collect()
                })
            })
            .collect();
        SoundBank {
            impacts,
            click: Arc::from(synth::click(true)),
            button: Arc::from(synth::click(false)),
            stings: (0..8).map(|l| Arc::from(synth::sting(l))).collect(),
        }
    }

    /// The impact for a hit and the gain to play it at.
    pub fn impact(&self, hit: &Hit, variant: usize) -> (Arc<[f32]>, f32) {
        let s = match hit.surface {
            Surface::Felt => 0,
            Surface::Wood => 1,
            Surface::Die => 2,
        };
        let level = ((hit.strength * LEVELS as f32) as usize).min(LEVELS - 1);
        let options = &self.impacts[s * LEVELS + level];
        (
            options[variant % options.len()].clone(),
            HIT_GAIN.0 + (HIT_GAIN.1 - HIT_GAIN.0) * hit.strength,
        )
    }
}

impl Default for SoundBank {
    fn default() -> Self {
        SoundBank::new()
    }
}

/// The output thread and its mixer.
#[derive(Resource)]
pub struct Audio(pub Player);

/// Hits heard so far (with the game time they were played at, in seconds),
/// and how many the rate limits thinned out.
#[derive(Resource, Debug, Default)]
pub struct HitLog {
    /// Hits played.
    pub played: Vec<(f32, Hit)>,
    /// Hits dropped by the rate limits.
    pub dropped: usize,
}

/// Adds sound. Works without a window; needs the physics plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<SoundOptions>()
        .init_resource::<SoundSettings>()
        .init_resource::<HitLog>()
        .insert_resource(SoundBank::new())
        .add_message::<Hit>();
    app.add_systems(Startup, start_audio);
    app.add_systems(
        FixedUpdate,
        find_hits
            .after(PhysicsSet::Writeback)
            .run_if(resource_exists::<Audio>),
    );
    app.add_systems(
        Update,
        (play_hits, read_sound_keys, apply_settings).run_if(resource_exists::<Audio>),
    );
    app.add_systems(Last, stop_on_exit);
    app.add_observer(hear_contacts).add_observer(play_cue);
}

/// Renders hits played at the given times offline, as the game's mixer plays
/// them: for tests and checks of a throw's sound without a device.
pub fn render(bank: &SoundBank, hits: &[(f32, Hit)], seconds: f32) -> Vec<f32> {
    let rate = synth::SAMPLE_RATE as f32;
    let mut mixer = mixer::Mixer::default();
    let mut out = vec![0.0f32; (seconds * rate) as usize];
    let mut next = 0;
    for (i, chunk) in out.chunks_mut(backend::BLOCK).enumerate() {
        let t = (i * backend::BLOCK) as f32 / rate;
        while next < hits.len() && hits[next].0 <= t {
            let (samples, gain) = bank.impact(&hits[next].1, next);
            mixer.play(samples, gain);
            next += 1;
        }
        mixer.mix(chunk);
    }
    out
}

fn start_audio(mut commands: Commands, options: Res<SoundOptions>) {
    let output: Box<dyn Output> = if options.device {
        match Alsa::open() {
            Ok(alsa) => Box::new(alsa),
            Err(why) => {
                info!("playing without sound: {why}");
                Box::new(Silent)
            }
        }
    } else {
        Box::new(Silent)
    };
    let record = options
        .record
        .as_ref()
        .and_then(|path| match Wav::create(path) {
            Ok(wav) => Some(wav),
            Err(e) => {
                error!("cannot record sound to {}: {e}", path.display());
                None
            }
        });
    commands.insert_resource(Audio(Player::start(output, record)));
}

/// Dice report strong contacts to the physics' event stream.
fn hear_contacts(add: On<Add, Die>, mut commands: Commands) {
    commands.entity(add.entity).insert((
        ActiveEvents::CONTACT_FORCE_EVENTS,
        ContactForceEventThreshold(HIT_FORCE),
    ));
}

/// Turns this step's strong contacts into hits. A contact that was already
/// strong in the step before is the same hit going on, unless it now pushes
/// [`SLAP_RISE`] times as hard: an edge of a rolling die coming down.
fn find_hits(
    mut contacts: MessageReader<ContactForceEvent>,
    mut hits: MessageWriter<Hit>,
    dice: Query<(), With<Die>>,
    parts: Query<&TrayPart>,
    time: Res<Time>,
    mut last_step: Local<Vec<((Entity, Entity), f32)>>,
) {
    let at = time.elapsed_secs();
    let mut this_step = Vec::new();
    for c in contacts.read() {
        let pair = (c.collider1, c.collider2);
        let force = c.total_force_magnitude;
        this_step.push((pair, force));
        let before = last_step.iter().find(|(p, _)| *p == pair).map(|(_, f)| *f);
        if before.is_some_and(|f| force < SLAP_RISE * f) {
            continue;
        }
        let surface_of = |e: Entity| {
            if dice.contains(e) {
                Some(Surface::Die)
            } else {
                match parts.get(e) {
                    Ok(TrayPart::Floor) => Some(Surface::Felt),
                    Ok(_) => Some(Surface::Wood),
                    Err(_) => None,
                }
            }
        };
        let surface = match (surface_of(c.collider1), surface_of(c.collider2)) {
            (Some(Surface::Die), Some(other)) | (Some(other), Some(Surface::Die)) => other,
            _ => continue,
        };
        hits.write(Hit {
            surface,
            strength: hit_strength(force),
            pair,
            at,
        });
    }
    *last_step = this_step;
}

/// How hard a contact force hits, 0 to 1, on a logarithmic scale as the ear
/// hears it: a die's small bounces and edge slaps are each heard as a tick,
/// not lost under the first slam (twice the force always adds the same step).
pub fn hit_strength(force: f32) -> f32 {
    ((force / HIT_FORCE).ln() / (SLAM_FORCE / HIT_FORCE).ln()).clamp(0.0, 1.0)
}

/// When each of a frame's hits is heard, in samples after the first: as far
/// apart as their physics steps were (a slow frame runs several), and the
/// hits of one step spread across it in turn, as its contacts happened at
/// moments within it rather than as one.
pub fn spacing(hits: &[Hit]) -> Vec<usize> {
    let rate = synth::SAMPLE_RATE as f32;
    let step = crate::third_party::rapier::STEP.as_secs_f32();
    let first = hits.iter().map(|h| h.at).fold(f32::INFINITY, f32::min);
    hits.iter()
        .enumerate()
        .map(|(i, hit)| {
            let same: Vec<usize> = (0..hits.len())
                .filter(|&j| (hits[j].at - hit.at).abs() < step / 2.0)
                .collect();
            let nth = same.iter().position(|&j| j == i).unwrap_or(0);
            let within = step * nth as f32 / same.len() as f32;
            ((hit.at - first + within) * rate) as usize
        })
        .collect()
}

fn play_hits(
    mut hits: MessageReader<Hit>,
    time: Res<Time>,
    bank: Res<SoundBank>,
    audio: Res<Audio>,
    mut log: ResMut<HitLog>,
    mut limiter: Local<RateLimiter>,
) {
    let now = time.elapsed_secs();
    let Ok(mut mixer) = audio.0.mixer.lock() else {
        return;
    };
    let mut heard = Vec::new();
    for hit in hits.read() {
        if limiter.allow((hit.pair.0.to_bits(), hit.pair.1.to_bits()), hit.at) {
            heard.push(*hit);
        } else {
            log.dropped += 1;
        }
    }
    let rate = synth::SAMPLE_RATE as f32;
    for (hit, wait) in heard.iter().zip(spacing(&heard)) {
        let (samples, gain) = bank.impact(hit, log.played.len());
        mixer.play_after(samples, gain, wait);
        log.played.push((now + wait as f32 / rate, *hit));
    }
}

fn play(audio: &Audio, samples: &Arc<[f32]>, gain: f32) {
    if let Ok(mut mixer) = audio.0.mixer.lock() {
        mixer.play(samples.clone(), gain);
    }
}

/// Plays what the game asked for.
fn play_cue(cue: On<Cue>, audio: Option<Res<Audio>>, bank: Res<SoundBank>) {
    let Some(audio) = audio else {
        return;
    };
    let (samples, gain) = match *cue {
        Cue::Click => (&bank.click, 0.8),
        Cue::Button => (&bank.button, 0.6),
        Cue::Sting(level) => (&bank.stings[level.min(bank.stings.len() - 1)], 0.9),
    };
    play(&audio, samples, gain);
}

fn read_sound_keys(controls: Controls, mut settings: ResMut<SoundSettings>) {
    if controls.just_pressed(Action::Mute) {
        settings.muted = !settings.muted;
    }
    if controls.just_pressed(Action::VolumeDown) {
        settings.volume = (settings.volume - VOLUME_STEP).max(0.0);
    }
    if controls.just_pressed(Action::VolumeUp) {
        settings.volume = (settings.volume + VOLUME_STEP).min(1.0);
    }
}

/// The mixer follows the saved settings.
fn apply_settings(settings: Res<SoundSettings>, audio: Res<Audio>) {
    if !settings.is_changed() {
        return;
    }
    if let Ok(mut mixer) = audio.0.mixer.lock() {
        mixer.volume = settings.volume;
        mixer.muted = settings.muted;
    }
}

/// The recording is finished before the app goes.
fn stop_on_exit(mut exits: MessageReader<AppExit>, audio: Option<ResMut<Audio>>) {
    if exits.read().next().is_some()
        && let Some(mut audio) = audio
    {
        audio.0.stop();
    }
}
