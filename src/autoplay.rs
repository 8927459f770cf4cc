//! `dice-poker autoplay`: plays whole games headless through the same game
//! plugins a player uses, checks the game's promises after every frame, and
//! reports the return, the violations and the speed.
//!
//! A worker thread runs one game app at a time; its "player" sends the same
//! events and key messages a person sends (`--policy best` holds what the
//! advisor says, or lets the duel autopilot play; `--policy random` is a
//! monkey that presses keys and clicks dice and buttons at random frames).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_rapier3d::prelude::{RigidBody, Sleeping};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::cli::CliError;
use crate::dice::faces::read_top;
use crate::dice::{DiceSeed, DiceSettled, Tray};
use crate::game::coins::{STARTING_COINS, SaveFile, Wallet};
use crate::game::duel::cpu::Pace;
use crate::game::duel::hud::DuelText;
use crate::game::duel::{Bet, Minds, PlayerAutopilot, Table};
use crate::game::hint::Advisor;
use crate::game::hud::HudText;
use crate::game::{Advance, Choice, Confirm, GameConfig, GameTray, Phase, Round, ToggleHold};
use crate::rules::duel::{BetAction, OPPONENTS, Side, Step};
use crate::rules::hand::slots_keeping;
use crate::rules::{Strategy, evaluate_roll};
use crate::simulate::{headless_app, single_threaded, tray_seed};

/// Worker threads, each with its own game app. Fixed, so a seed gives the same report.
pub const WORKERS: usize = 2;
/// Coins each worker's wallet starts with, so no game needs a fresh start.
pub const BANK: i64 = 1_000_000;
/// Frames (1/60 s each) a game or match may take before it counts as unfinished.
pub const MAX_FRAMES_PER_GAME: u64 = 60 * 600;
/// Chance per frame that the monkey does something.
pub const MONKEY_RATE: f64 = 0.2;
/// Violations kept in full for the report (all are counted).
const KEEP_VIOLATIONS: usize = 20;

/// Keys the monkey presses: every key the game reads except Esc (which leaves the game).
const MONKEY_KEYS: [KeyCode; 13] = [
    KeyCode::Space,
    KeyCode::Enter,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::KeyH,
    KeyCode::KeyW,
    KeyCode::KeyC,
    KeyCode::KeyR,
    KeyCode::KeyF,
    KeyCode::KeyQ,
];

/// Which game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The solo game against the payout table.
    Solo,
    /// Duels against a computer opponent.
    Duel,
}

/// How the player's seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// The advisor's holds (solo) or the exact duel engine (duel).
    Best,
    /// Random keys and clicks at random frames, dice in flight included.
    Random,
}

/// What to play.
#[derive(Clone, Debug)]
pub struct AutoplayOptions {
    /// Complete games (solo) or matches (duel).
    pub games: u64,
    /// Seed for the dice and the player's choices.
    pub seed: u64,
    /// Solo or duel.
    pub mode: Mode,
    /// How the player plays.
    pub policy: Policy,
    /// The duel opponent, an index into [`OPPONENTS`].
    pub opponent: usize,
    /// Rerolls (`None`: the game's default for the mode).
    pub rerolls: Option<u32>,
    /// Save files go here, one folder per worker (`None`: no save).
    pub data_dir: Option<PathBuf>,
    /// Print one JSON object instead of a report.
    pub json: bool,
}

/// One broken promise, with what reproduces it.
#[derive(Clone, Debug, Serialize)]
pub struct Violation {
    /// The worker's seed.
    pub seed: u64,
    /// Game (or match) number within the worker, from 1.
    pub game: u64,
    /// Frame within that game.
    pub frame: u64,
    /// What went wrong.
    pub what: String,
}

/// Duel results, seen from the player's seat.
#[derive(Clone, Debug, Default, Serialize)]
pub struct DuelTally {
    /// The opponent's key.
    pub opponent: String,
    /// Matches won by each seat (player, opponent).
    pub wins: [u64; 2],
    /// Rounds won by each seat.
    pub rounds: [u64; 2],
    /// Rounds folded by each seat.
    pub folds: [u64; 2],
    /// Drawn rounds.
    pub draws: u64,
}

/// What one worker saw.
#[derive(Clone, Debug, Default)]
struct Tally {
    games: u64,
    throws: u64,
    staked: u64,
    paid: u64,
    /// Payout over stake of each finished game or match.
    returns: Vec<f64>,
    violations: Vec<Violation>,
    violation_count: u64,
    unfinished: u64,
    duel: DuelTally,
}

impl Tally {
    fn violate(&mut self, seed: u64, game: u64, frame: u64, what: String) {
        self.violation_count += 1;
        if self.violations.len() < KEEP_VIOLATIONS {
            self.violations.push(Violation {
                seed,
                game,
                frame,
                what,
            });
        }
    }

    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.throws += other.throws;
        self.staked += other.staked;
        self.paid += other.paid;
        self.returns.extend(other.returns);
        self.violation_count += other.violation_count;
        for v in other.violations {
            if self.violations.len() < KEEP_VIOLATIONS {
                self.violations.push(v);
            }
        }
        self.unfinished += other.unfinished;
        for i in 0..2 {
            self.duel.wins[i] += other.duel.wins[i];
            self.duel.rounds[i] += other.duel.rounds[i];
            self.duel.folds[i] += other.duel.folds[i];
        }
        self.duel.draws += other.duel.draws;
    }
}

/// The report, as printed and as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct AutoplayReport {
    /// Complete games (matches in a duel).
    pub games: u64,
    /// Solo or duel.
    pub mode: Mode,
    /// How the player played.
    pub policy: Policy,
    /// The run's seed.
    pub seed: u64,
    /// Throws and rerolls of the player's dice (both seats' in a duel).
    pub throws: u64,
    /// Coins the player put in (stakes; antes and bets in a duel).
    pub staked: u64,
    /// Coins paid to the player (payouts; pots won in a duel).
    pub paid: u64,
    /// Paid over staked.
    pub r#return: f64,
    /// The exact return of optimal holds under these rules (solo only).
    pub return_exact: Option<f64>,
    /// 95 % interval of the return: (low, high).
    pub ci95: (f64, f64),
    /// Broken promises counted.
    pub violations: u64,
    /// The first few in full.
    pub violation_list: Vec<Violation>,
    /// Games that did not finish.
    pub unfinished: u64,
    /// Throws per wall-clock second.
    pub throws_per_second: f64,
    /// Duel results (duel only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duel: Option<DuelTally>,
}

/// Runs the games and writes the report. Violations or unfinished games make it fail.
pub fn run(options: &AutoplayOptions, out: &mut impl Write) -> Result<(), CliError> {
    if options.games == 0 {
        return Err(CliError::BadInput("--games must be at least 1".to_owned()));
    }
    let most = match options.mode {
        Mode::Solo => crate::rules::advisor::MAX_REROLLS,
        Mode::Duel => crate::rules::duel::MAX_DUEL_REROLLS,
    };
    if let Some(n) = options.rerolls
        && n as usize > most
    {
        return Err(CliError::BadInput(format!(
            "--rerolls {n}: this mode allows 0 to {most}"
        )));
    }
    let started = Instant::now();
    let tally = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..WORKERS as u64)
            .map(|w| {
                let games =
                    options.games / WORKERS as u64 + u64::from(w < options.games % WORKERS as u64);
                let options = options.clone();
                scope.spawn(move || play_worker(&options, w, games))
            })
            .collect();
        let mut total = Tally::default();
        for h in handles {
            match h.join() {
                Ok(t) => total.merge(t),
                Err(_) => total.violate(options.seed, 0, 0, "a worker panicked".to_owned()),
            }
        }
        total
    });
    let seconds = started.elapsed().as_secs_f64();
    let report = report(options, tally, seconds);
    if options.json {
        let text = serde_json::to_string(&report).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
    } else {
        write_report(&report, out)?;
    }
    if report.violations > 0 || report.unfinished > 0 {
        return Err(CliError::Failed(format!(
            "{} violations, {} unfinished games",
            report.violations, report.unfinished
        )));
    }
    Ok(())
}

fn report(options: &AutoplayOptions, tally: Tally, seconds: f64) -> AutoplayReport {
    let n = tally.returns.len().max(1) as f64;
    let mean = tally.returns.iter().sum::<f64>() / n;
    let var = tally
        .returns
        .iter()
        .map(|r| (r - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let ratio = if tally.staked == 0 {
        0.0
    } else {
        tally.paid as f64 / tally.staked as f64
    };
    let config = GameConfig::with_rerolls(options.rerolls);
    let return_exact = (options.mode == Mode::Solo).then(|| {
        let rerolls = config.rerolls as usize;
        Strategy::new(config.payouts, rerolls)
            .return_to_player(rerolls)
            .to_f64()
    });
    let mut duel = tally.duel.clone();
    duel.opponent = OPPONENTS[options.opponent].key.to_owned();
    AutoplayReport {
        games: tally.games,
        mode: options.mode,
        policy: options.policy,
        seed: options.seed,
        throws: tally.throws,
        staked: tally.staked,
        paid: tally.paid,
        r#return: ratio,
        return_exact,
        ci95: (ratio - half, ratio + half),
        violations: tally.violation_count,
        violation_list: tally.violations,
        unfinished: tally.unfinished,
        throws_per_second: tally.throws as f64 / seconds.max(1e-9),
        duel: (options.mode == Mode::Duel).then_some(duel),
    }
}

fn write_report(r: &AutoplayReport, out: &mut impl Write) -> Result<(), CliError> {
    let mode = match r.mode {
        Mode::Solo => "solo",
        Mode::Duel => "duel",
    };
    let policy = match r.policy {
        Policy::Best => "best",
        Policy::Random => "random",
    };
    writeln!(
        out,
        "{} {mode} {}, policy {policy}, seed {}",
        r.games,
        if r.mode == Mode::Solo {
            "games"
        } else {
            "matches"
        },
        r.seed
    )?;
    writeln!(out, "throws: {}", r.throws)?;
    writeln!(
        out,
        "coins staked {}, paid {}: return {:.2}% (95% interval {:.2}% to {:.2}%)",
        r.staked,
        r.paid,
        r.r#return * 100.0,
        r.ci95.0 * 100.0,
        r.ci95.1 * 100.0
    )?;
    if let Some(exact) = r.return_exact {
        writeln!(
            out,
            "exact return with optimal holds: {:.2}%",
            exact * 100.0
        )?;
    }
    if let Some(d) = &r.duel {
        writeln!(
            out,
            "against {}: matches {} - {}, rounds {} - {}, draws {}, folds {} - {}",
            d.opponent,
            d.wins[0],
            d.wins[1],
            d.rounds[0],
            d.rounds[1],
            d.draws,
            d.folds[0],
            d.folds[1]
        )?;
    }
    writeln!(
        out,
        "violations: {}, unfinished: {}",
        r.violations, r.unfinished
    )?;
    for v in &r.violation_list {
        writeln!(
            out,
            "  worker seed {}, game {}, frame {}: {}",
            v.seed, v.game, v.frame, v.what
        )?;
    }
    writeln!(
        out,
        "throughput: {:.0} throws per second",
        r.throws_per_second
    )?;
    Ok(())
}

/// The game app a worker plays in: the player's plugins, headless, on a fixed clock.
fn game_app(options: &AutoplayOptions, seed: u64, worker: u64) -> App {
    let mut app = headless_app();
    app.add_plugins((StatesPlugin, bevy::input::InputPlugin));
    app.insert_resource(DiceSeed(Some(seed)));
    let save = options.data_dir.as_ref().map(|d| {
        d.join(format!("worker-{worker}"))
            .join(crate::game::coins::SAVE_FILE)
    });
    app.insert_resource(SaveFile(save));
    let opening = match options.mode {
        Mode::Solo => Choice::Solo,
        Mode::Duel => Choice::Duel(options.opponent),
    };
    app.insert_resource(GameConfig {
        opening: Some(opening),
        ..GameConfig::with_rerolls(options.rerolls)
    });
    app.insert_resource(PlayerAutopilot(
        options.mode == Mode::Duel && options.policy == Policy::Best,
    ));
    app.insert_resource(Pace(0.0));
    app.init_resource::<MovingReads>();
    app.add_observer(check_read);
    app.add_plugins((
        crate::game::plugin,
        crate::game::hud::plugin,
        crate::game::duel::hud::plugin,
    ));
    app.finish();
    app.cleanup();
    single_threaded(&mut app);
    for _ in 0..10_000 {
        app.update();
        let ready = match options.mode {
            Mode::Solo => app.world().contains_resource::<State<Phase>>(),
            Mode::Duel => {
                app.world().contains_resource::<Minds>() && app.world().contains_resource::<Table>()
            }
        };
        if ready {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    app.world_mut().resource_mut::<Wallet>().coins = BANK;
    app
}

/// Presses and releases `key` within the next frame, through Bevy's keyboard input.
fn tap(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
}

/// One random key or click from the monkey.
fn monkey(app: &mut App, rng: &mut ChaCha8Rng, dice: &[Entity]) {
    if !rng.random_bool(MONKEY_RATE) {
        return;
    }
    let choice = rng.random_range(0..5);
    if choice < 2 {
        let key = MONKEY_KEYS[rng.random_range(0..MONKEY_KEYS.len())];
        tap(app, key);
        return;
    }
    let world = app.world_mut();
    match choice {
        2 if !dice.is_empty() => {
            let die = dice[rng.random_range(0..dice.len())];
            world.trigger(ToggleHold::player(die));
        }
        3 => {
            if rng.random_bool(0.5) {
                world.trigger(Advance::PLAYER);
            } else {
                world.trigger(Confirm::PLAYER);
            }
        }
        _ => {
            let action = [
                BetAction::Check,
                BetAction::Raise,
                BetAction::Call,
                BetAction::Fold,
            ][rng.random_range(0..4)];
            world.trigger(Bet {
                by: Side::Player,
                action,
            });
        }
    }
}

/// Reads made while a die of the tray was still moving, found by [`check_read`].
#[derive(Resource, Debug, Default)]
struct MovingReads(Vec<String>);

/// At the moment a tray is read, every one of its dice must be asleep or held.
fn check_read(
    settled: On<DiceSettled>,
    trays: Query<&Tray>,
    dice: Query<(&Sleeping, &RigidBody)>,
    mut reads: ResMut<MovingReads>,
) {
    let Ok(tray) = trays.get(settled.tray) else {
        return;
    };
    for (slot, &d) in tray.dice.iter().enumerate() {
        if let Ok((sleeping, body)) = dice.get(d)
            && !sleeping.sleeping
            && *body != RigidBody::Fixed
        {
            reads.0.push(format!("read while die {} moved", slot + 1));
        }
    }
}

/// Moves the reads found while a die moved into the tally.
fn take_moving_reads(world: &mut World, tally: &mut Tally, seed: u64, game: u64, frame: u64) {
    for what in std::mem::take(&mut world.resource_mut::<MovingReads>().0) {
        tally.violate(seed, game, frame, what);
    }
}

/// The text of a HUD role, if it is on screen.
fn text_of<R: Component + PartialEq>(world: &mut World, role: R) -> Option<String> {
    let mut q = world.query::<(&R, &Text)>();
    q.iter(world)
        .find(|(r, _)| **r == role)
        .map(|(_, t)| t.0.clone())
}

/// The dice of a tray in slot order.
fn tray_dice(world: &World, tray: Entity) -> Vec<Entity> {
    world
        .get::<Tray>(tray)
        .map(|t| t.dice.to_vec())
        .unwrap_or_default()
}

/// The top faces of dice, in order.
fn top_faces(world: &World, dice: &[Entity]) -> Vec<u8> {
    dice.iter()
        .filter_map(|&d| world.get::<Transform>(d))
        .map(|tf| read_top(tf.rotation).value)
        .collect()
}

/// How far a held die may drift, in world units (2.5 µm), before it counts as
/// moved: the physics engine re-writes a held body's pose in `f32`, which can
/// differ from the last in the last bits.
const HELD_TOLERANCE: f32 = 1e-4;

/// How far apart two poses are: the larger of the centre's shift and the shift
/// of any face normal's tip (quaternion angles lose precision near zero).
fn drift(a: &Transform, b: &Transform) -> f32 {
    [Vec3::X, Vec3::Y, Vec3::Z]
        .into_iter()
        .map(|axis| (a.rotation * axis).distance(b.rotation * axis))
        .fold(a.translation.distance(b.translation), f32::max)
}

/// Held dice of one tray keep their pose: slot → pose when first seen held.
#[derive(Default)]
struct HeldWatch {
    poses: [Option<Transform>; 5],
}

impl HeldWatch {
    /// Checks the held dice; returns the slots that moved and how far.
    fn check(&mut self, world: &World, dice: &[Entity], held: [bool; 5]) -> Vec<(usize, f32)> {
        let mut moved = Vec::new();
        for (slot, (&d, pose)) in dice.iter().zip(self.poses.iter_mut()).enumerate() {
            let now = world.get::<Transform>(d).copied();
            if held[slot] {
                if let (Some(before), Some(now)) = (*pose, now)
                    && drift(&before, &now) > HELD_TOLERANCE
                {
                    moved.push((slot, drift(&before, &now)));
                }
                *pose = now;
            } else {
                *pose = None;
            }
        }
        moved
    }
}

fn play_worker(options: &AutoplayOptions, worker: u64, games: u64) -> Tally {
    let seed = tray_seed(options.seed, worker);
    let mut tally = Tally::default();
    if games == 0 {
        return tally;
    }
    let mut app = game_app(options, seed, worker);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA5A5_5A5A);
    match options.mode {
        Mode::Solo => play_solo(&mut app, options.policy, seed, games, &mut rng, &mut tally),
        Mode::Duel => play_duels(&mut app, options.policy, seed, games, &mut rng, &mut tally),
    }
    tally
}

/// Phase changes the solo game may make.
fn legal_phase_change(from: Phase, to: Phase) -> bool {
    use Phase::*;
    matches!(
        (from, to),
        (Ready, Rolling)
            | (Rolling, Holding)
            | (Rolling, Result)
            | (Holding, Rolling)
            | (Holding, Result)
            | (Result, Ready)
    )
}

fn play_solo(
    app: &mut App,
    policy: Policy,
    seed: u64,
    games: u64,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    let stake = app.world().resource::<GameConfig>().payouts.stake;
    let mut expected = app.world().resource::<Wallet>().coins;
    let mut prev = *app.world().resource::<State<Phase>>().get();
    let mut held = HeldWatch::default();
    let mut frame = 0u64;
    let mut acted_on: Option<u64> = None;
    while tally.games < games {
        let game = tally.games + 1;
        let tray = app.world().resource::<GameTray>().0;
        let dice = tray_dice(app.world(), tray);
        // The player's move for this frame.
        match policy {
            Policy::Random => monkey(app, rng, &dice),
            Policy::Best => {
                let world = app.world_mut();
                match prev {
                    Phase::Ready | Phase::Result => world.trigger(Advance::PLAYER),
                    Phase::Holding if acted_on != Some(tally.throws) => {
                        acted_on = Some(tally.throws);
                        let round = world.resource::<Round>().clone();
                        if let Some(faces) = round.faces {
                            let best = world
                                .resource::<Advisor>()
                                .0
                                .best(&faces, round.rerolls_left as usize);
                            let keep = slots_keeping(&faces, &best.held);
                            for slot in 0..5 {
                                if keep[slot] != round.held[slot] {
                                    world.trigger(ToggleHold::player(dice[slot]));
                                }
                            }
                            if best.stands() {
                                world.trigger(Confirm::PLAYER);
                            } else {
                                world.trigger(Advance::PLAYER);
                            }
                        }
                    }
                    _ => {}
                }
            }
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
                    // The rules' own charge: a player who cannot pay starts again.
                    if expected < stake as i64 {
                        expected = STARTING_COINS;
                    }
                    expected -= stake as i64;
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
        let held_now = if holding { round.held } else { [false; 5] };
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
        if frame > MAX_FRAMES_PER_GAME {
            tally.unfinished += 1;
            tally.violate(seed, game, frame, format!("game stuck in {now:?}"));
            return;
        }
    }
}

/// The shown faces are the dice's top faces and the shown hand is the rules' verdict.
fn check_shown(
    world: &mut World,
    dice: &[Entity],
    round: &Round,
    seed: u64,
    game: u64,
    frame: u64,
    tally: &mut Tally,
) {
    let Some(faces) = round.faces else {
        tally.violate(seed, game, frame, "no faces after a throw".to_owned());
        return;
    };
    if top_faces(world, dice) != faces.to_vec() {
        let state: Vec<String> = dice
            .iter()
            .map(|&d| {
                format!(
                    "{:?}/{}/{:.3}",
                    world.get::<RigidBody>(d),
                    world.get::<Sleeping>(d).is_some_and(|s| s.sleeping),
                    world
                        .get::<Transform>(d)
                        .map_or(0.0, |t| read_top(t.rotation).dot)
                )
            })
            .collect();
        tally.violate(
            seed,
            game,
            frame,
            format!(
                "faces {faces:?} but the dice show {:?} ({round:?}) {state:?}",
                top_faces(world, dice)
            ),
        );
    }
    let verdict = evaluate_roll(&faces);
    if round.hand != Some(verdict) {
        tally.violate(
            seed,
            game,
            frame,
            format!("hand {:?} for {faces:?}", round.hand),
        );
    }
    if text_of(world, HudText::Hand) != Some(verdict.to_string()) {
        tally.violate(seed, game, frame, format!("HUD does not name {verdict}"));
    }
}

fn play_duels(
    app: &mut App,
    policy: Policy,
    seed: u64,
    games: u64,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
) {
    // The first ante may already be on the books when the bank was filled.
    let bank = app.world().resource::<Wallet>().coins - app.world().resource::<Table>().booked;
    let mut frame = 0u64;
    let mut watches = [HeldWatch::default(), HeldWatch::default()];
    let mut prev: Option<Step> = None;
    let mut last_match = (app.world().resource::<Table>().matches, None);
    let mut last_closed = 0i64;
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
                    app.world_mut().trigger(Advance::PLAYER);
                }
            }
        }
        app.update();
        frame += 1;
        let world = app.world_mut();
        take_moving_reads(world, tally, seed, game, frame);
        let (duel, booked, refused, held, matches, closed) = {
            let t = world.resource::<Table>();
            (
                t.duel.clone(),
                t.booked,
                t.refused,
                t.held,
                t.matches,
                t.closed,
            )
        };
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
            matches!(now, Step::MatchOver(_)).then(|| duel.net(Side::Player)),
        );
        if Some(now) != prev {
            if matches!(now, Step::Rolling(_)) {
                tally.throws += 1;
            }
            if let Step::MatchOver(winner) = now {
                tally.games += 1;
                tally.duel.wins[winner.index()] += 1;
                for side in [Side::Player, Side::Cpu] {
                    tally.duel.rounds[side.index()] += u64::from(duel.score(side));
                    tally.duel.folds[side.index()] += u64::from(duel.folds(side));
                }
                tally.duel.draws += u64::from(duel.draws());
                let (put, won) = (duel.put_in(Side::Player), duel.won(Side::Player));
                tally.staked += put;
                tally.paid += won;
                tally.returns.push(won as f64 / put.max(1) as f64);
                frame = 0;
                if duel.last_end().is_none() {
                    tally.violate(
                        seed,
                        game,
                        frame,
                        "a match ended without a round".to_owned(),
                    );
                }
            }
            prev = Some(now);
        }
        if refused > 0 {
            tally.violate(
                seed,
                game,
                frame,
                format!("{refused} computer moves refused"),
            );
            world.resource_mut::<Table>().refused = 0;
        }
        let coins = world.resource::<Wallet>().coins;
        if coins != bank + closed + booked {
            tally.violate(
                seed,
                game,
                frame,
                format!("coins {coins}, the books say {}", bank + closed + booked),
            );
        }
        for side in [Side::Player, Side::Cpu] {
            let i = side.index();
            let held_now = if duel.roll(side).is_some() {
                held[i]
            } else {
                [false; 5]
            };
            for (slot, by) in watches[i].check(world, &dice[i], held_now) {
                tally.violate(
                    seed,
                    game,
                    frame,
                    format!("{side:?}'s held die {} moved {by:.4}", slot + 1),
                );
            }
            if let Some(roll) = duel.roll(side)
                && now != Step::Rolling(side)
            {
                let shown = top_faces(world, &dice[i]);
                if shown != roll.to_vec() {
                    tally.violate(
                        seed,
                        game,
                        frame,
                        format!("{side:?} has {roll:?} but the dice show {shown:?}"),
                    );
                }
                let role = if side == Side::Player {
                    DuelText::PlayerHand
                } else {
                    DuelText::CpuHand
                };
                let verdict = evaluate_roll(&roll).to_string();
                if text_of(world, role) != Some(verdict.clone()) {
                    tally.violate(seed, game, frame, format!("HUD does not name {verdict}"));
                }
            }
        }
        if frame > MAX_FRAMES_PER_GAME {
            tally.unfinished += 1;
            tally.violate(seed, game, frame, format!("match stuck at {now:?}"));
            return;
        }
    }
}
