//! The time the game's own surfaces take to draw at start-up, on one core:
//! every image the window makes (wood and felt, each with its relief and
//! finish and all their mips, and the dice's faces: albedo, normals and
//! roughness, and the flames' halo), which must stay within [`BUDGET_MS`].
//!
//! `cargo bench --bench texture` prints the time of each and of all together,
//! and the time to paint a room's still part ([`dice_poker::texture::backdrop`])
//! at two window sizes (done when the camera, the window or the room changes),
//! and an opponent's portrait (painted when they first sit down).

use std::hint::black_box;
use std::time::{Duration, Instant};

use bevy::prelude::{Transform, Vec3};

use dice_poker::dice::look::{FACE_TEXELS, face_cells};
use dice_poker::dice::surfaces::{FELT_TEXELS, WOOD_TEXELS};
use dice_poker::game::duel::portrait::PORTRAIT_TEXELS;
use dice_poker::game::presentation::halo::HALO_TEXELS;
use dice_poker::rules::duel::OPPONENTS;
use dice_poker::texture::backdrop::{Lantern, Occluder, Room, Surface, Walls, paint};
use dice_poker::texture::dice::die_faces;
use dice_poker::texture::halo::halo;
use dice_poker::texture::portrait::{features_of, portrait};
use dice_poker::texture::relief::relief_and_finish;
use dice_poker::texture::{Texels, felt, wood};

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
    let (boards, cloth) = (wood(WOOD_TEXELS, 1), felt(FELT_TEXELS, 1));
    let relief_time = mean(|| {
        for texels in [&boards, &cloth] {
            black_box(relief_and_finish(texels, 4.0, 0.5, 0.9));
        }
    });
    let cells = face_cells();
    let dice_time = mean(|| {
        black_box(die_faces(FACE_TEXELS, &cells));
    });
    let halo_time = mean(|| {
        black_box(halo(HALO_TEXELS));
    });
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("wood {WOOD_TEXELS}² with mips: {:.1} ms", ms(wood_time));
    println!("felt {FELT_TEXELS}² with mips: {:.1} ms", ms(felt_time));
    println!(
        "wood's and felt's relief and finish with mips: {:.1} ms",
        ms(relief_time)
    );
    println!(
        "dice faces {FACE_TEXELS}², three images with mips: {:.1} ms",
        ms(dice_time)
    );
    println!(
        "a flame's halo {HALO_TEXELS}² with mips: {:.2} ms",
        ms(halo_time)
    );
    let all = ms(wood_time) + ms(felt_time) + ms(relief_time) + ms(dice_time) + ms(halo_time);
    println!(
        "all surfaces: {all:.1} ms of a {BUDGET_MS:.0} ms budget: {}",
        if all <= BUDGET_MS { "within" } else { "OVER" }
    );
    let boards = wood(WOOD_TEXELS, 1);
    for (w, h) in [(1280, 800), (1920, 1080)] {
        let room = duel_room(&boards);
        let time = mean(|| {
            black_box(paint(&room, w, h));
        });
        println!("paint a duel's floor at {w}×{h}: {:.1} ms", ms(time));
    }
    let master = &OPPONENTS[OPPONENTS.len() - 1];
    let time = mean(|| {
        black_box(portrait(
            PORTRAIT_TEXELS,
            master.colour,
            &features_of(master.key),
        ));
    });
    println!(
        "an opponent's portrait {PORTRAIT_TEXELS}² with mips: {:.1} ms",
        ms(time)
    );
    if all > BUDGET_MS {
        std::process::exit(1);
    }
}

/// A duel's room as the window paints it: the floor under the table, the
/// walls round it, a lantern, the camera over the trays.
fn duel_room(boards: &Texels) -> Room<'_> {
    // The camera as the window places it: Bevy's look-at gives its axes.
    let camera = Transform::from_xyz(0.0, 25.0, 12.0).looking_at(Vec3::new(0.0, 0.0, 1.6), Vec3::Y);
    Room {
        eye: camera.translation.to_array(),
        right: camera.right().to_array(),
        up: camera.up().to_array(),
        forward: camera.forward().to_array(),
        tan_half_fov: (std::f32::consts::FRAC_PI_8).tan(),
        walls: Some(Walls {
            half: (17.0, 24.0),
            y: (-10.0, 40.0),
            texels: boards,
            tile: 7.0,
            tint: [0.3, 0.2, 0.1],
        }),
        surfaces: vec![Surface {
            y: -10.0,
            x: (-45.0, 45.0),
            z: (-45.0, 45.0),
            texels: boards,
            tile: 7.0,
            tint: [0.2, 0.1, 0.05],
            gloss: 0.0,
        }],
        key_towards: [0.0, 1.0, 0.0],
        key: [0.7; 3],
        ambient: [0.3; 3],
        lantern: Some(Lantern {
            at: [6.0, 0.0, -8.5],
            light: [6.0, 3.0, 1.0],
        }),
        occluders: vec![Occluder {
            y: -1.0,
            x: (-9.0, 9.0),
            z: (-12.0, 12.0),
            soft: 2.5,
            depth: 0.6,
        }],
        room: [0.05, 0.03, 0.02],
        fog: (34.0, 95.0),
    }
}
