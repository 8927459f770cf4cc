//! Helpers shared by the test modules: scratch folders, the headless game
//! from the library's harness, and the command line as a user runs it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use bevy::prelude::*;

use dice_poker::dice::faces::read_top;
use dice_poker::dice::{Assembled, Tray};
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::screens::settings::{Setting, SettingsCursor};
use dice_poker::game::solo::hud::HudText;
use dice_poker::game::{Choice, GameTray, Phase, Round};
use dice_poker::headless::{self, GameSetup, text_of};

/// Longest a test waits for the dice, in frames (40 simulated seconds).
pub const PATIENCE: usize = 60 * 40;

/// The start screen's duel against the opponent with this key.
pub fn duel_with(key: &str) -> Choice {
    let opponent = dice_poker::rules::duel::Opponent::find(key).expect("a known opponent");
    Choice::Duel(opponent.index())
}

/// Picks a start-screen entry by its number key, turning to its page first
/// (by that page's own number key) when another page shows.
pub fn pick_entry(app: &mut App, choice: Choice) {
    use dice_poker::game::screens::start::{ENTRY_KEYS, Item, Page, StartPage};
    let (page, at) = Page::of(choice).expect("an entry of the start screen");
    let shown = app.world().resource::<StartPage>().0;
    if shown != page {
        let open = shown
            .items(&Default::default())
            .iter()
            .position(|&item| item == Item::Open(page))
            .expect("a way to the entry's page");
        press(app, ENTRY_KEYS[open]);
        app.update();
        assert_eq!(app.world().resource::<StartPage>().0, page);
    }
    press(app, ENTRY_KEYS[at]);
}

/// A fresh folder for one test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dice-poker-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The game headless with its save in `dir`, opening `opening` (`None`: the start screen).
///
/// A tray's bodies join its physics world one a step and a throw asked before
/// waits for them; the app is handed over once every tray has them all, so a
/// test's first throw flies in the frame it is asked.
pub fn app_in(seed: u64, dir: &Path, opening: Option<Choice>) -> App {
    let mut app = headless::game_app(
        &GameSetup::solo(seed)
            .opening(opening)
            .saved_in(dir.to_path_buf()),
    );
    until_assembled(&mut app);
    app
}

/// Runs `app` until no tray lacks a body in its physics world (they join
/// one a step), so the next throw flies in the frame it is asked.
pub fn until_assembled(app: &mut App) {
    for _ in 0..ASSEMBLY_FRAMES {
        let assembling = app
            .world_mut()
            .query_filtered::<(), (With<Tray>, Without<Assembled>)>()
            .iter(app.world())
            .count();
        if assembling == 0 {
            return;
        }
        app.update();
    }
    panic!("the trays were not assembled in {ASSEMBLY_FRAMES} frames");
}

/// Frames a table may take to bring its bodies into its world: one a step.
const ASSEMBLY_FRAMES: usize = 60;

/// The solo game headless, saving in `dir`.
pub fn solo_app(seed: u64, dir: &Path) -> App {
    app_in(seed, dir, Some(Choice::Solo))
}

/// A key tapped (pressed and released within one frame) and that frame
/// run, by a player who has looked at what is shown (a result that just
/// appeared has had its moment).
pub fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<dice_poker::game::table::keys::ResultAppeared>()
        .0 = None;
    press_at_once(app, key);
}

/// A key tapped and that frame run, however soon after a result appeared.
pub fn press_at_once(app: &mut App, key: KeyCode) {
    headless::tap(app, key);
    app.update();
}

/// Moves the settings' cursor to `setting` with the arrow keys, as a
/// player would (over a game when `in_game`, else on the settings screen).
pub fn to_setting(app: &mut App, setting: Setting, in_game: bool) {
    let rows = Setting::rows(in_game);
    let want = rows
        .iter()
        .position(|&s| s == setting)
        .unwrap_or_else(|| panic!("{setting:?} is not a row there"));
    for _ in 0..=rows.len() {
        let at = app.world().resource::<SettingsCursor>().0;
        if at == want {
            return;
        }
        press(
            app,
            if at < want {
                KeyCode::ArrowDown
            } else {
                KeyCode::ArrowUp
            },
        );
    }
    panic!("the cursor did not reach {setting:?}");
}

/// A gamepad button tapped and that frame run.
pub fn pad_press(app: &mut App, pad: Entity, button: GamepadButton) {
    headless::tap_pad(app, pad, button);
    app.update();
}

/// What is open over the screen.
pub fn overlay(app: &App) -> dice_poker::game::Overlay {
    *app.world()
        .resource::<State<dice_poker::game::Overlay>>()
        .get()
}

pub fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

pub fn run_until(app: &mut App, want: Phase) {
    for _ in 0..PATIENCE {
        if phase(app) == want {
            return;
        }
        app.update();
    }
    panic!("never reached {want:?}, stuck in {:?}", phase(app));
}

pub fn round(app: &App) -> Round {
    app.world().resource::<Round>().clone()
}

pub fn coins_now(app: &App) -> i64 {
    headless::coins(app.world())
}

/// The player's dice in slot order.
pub fn dice(app: &App) -> [Entity; 5] {
    let tray = app.world().resource::<GameTray>().0;
    app.world().get::<Tray>(tray).unwrap().dice
}

/// Which of the player's dice are held.
pub fn held(app: &App) -> [bool; 5] {
    let tray = app.world().resource::<GameTray>().0;
    dice_poker::dice::held_in(app.world(), tray)
}

pub fn hud_text(app: &mut App, role: HudText) -> String {
    text_of(app.world_mut(), role).expect("hud text")
}

pub fn duel_text(app: &mut App, role: DuelText) -> String {
    text_of(app.world_mut(), role).expect("duel text")
}

/// Every text on screen now.
pub fn texts(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let mut q = world.query::<&Text>();
    q.iter(world)
        .map(dice_poker::game::theme::phrases::said)
        .collect()
}

/// The top faces of a tray's dice, in slot order.
pub fn tray_faces(app: &App, tray: Entity) -> [u8; 5] {
    let dice = app.world().get::<Tray>(tray).unwrap().dice;
    dice.map(|d| read_top(app.world().get::<Transform>(d).unwrap().rotation).value)
}

/// Runs the `dice-poker` binary with `args` (no display), feeding `stdin` if given.
pub fn dice_poker(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dice-poker"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dice-poker");
    {
        let mut input = child.stdin.take().expect("stdin");
        // A command may stop reading early (a bad line); the rest is not wanted.
        if let Some(text) = stdin
            && let Err(e) = input.write_all(text.as_bytes())
        {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
        }
    }
    child.wait_with_output().expect("run dice-poker")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8 stdout")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8 stderr")
}

/// Leaves a game for the menu as a player does: Esc opens the settings over
/// the table, ↑ goes round to the last row (leave), Enter takes it.
pub fn leave_table(app: &mut App) {
    press(app, KeyCode::Escape);
    app.update();
    assert_eq!(
        overlay(app),
        dice_poker::game::Overlay::Settings,
        "Esc opens the settings over the game"
    );
    press(app, KeyCode::ArrowUp);
    press(app, KeyCode::Enter);
}

/// A perspective camera as the renderer would have computed it for a target
/// (a window, or the image a scene is drawn into) `size` pixels large.
pub fn camera_on(size: UVec2) -> Camera {
    use bevy::camera::{CameraProjection, RenderTargetInfo};
    let projection = PerspectiveProjection {
        aspect_ratio: size.x as f32 / size.y as f32,
        ..default()
    };
    let mut camera = Camera::default();
    camera.computed.target_info = Some(RenderTargetInfo {
        physical_size: size,
        scale_factor: 1.0,
    });
    camera.computed.clip_from_view = projection.get_clip_from_view();
    camera
}

/// What the screen reader's live region holds now.
pub fn announced(app: &mut App) -> String {
    use bevy::a11y::AccessibilityNode;
    use dice_poker::game::feedback::announce::Announcer;
    app.update();
    let world = app.world_mut();
    let mut q = world.query_filtered::<&AccessibilityNode, With<Announcer>>();
    let node = q.single(world).expect("one live region");
    assert_eq!(node.live(), Some(accesskit::Live::Polite));
    node.label().unwrap_or_default().to_owned()
}
