//! The save file: round trips, atomic writes, a damaged or unwritable save,
//! and a game killed at any moment.

use std::path::PathBuf;

use bevy::prelude::*;

use dice_poker::game::Notice;
use dice_poker::game::profile::{self, STARTING_COINS};
use dice_poker::game::{GameConfig, Phase};
use dice_poker::lang::Lang;

use crate::support::{coins_now, phase, press, solo_app, temp_dir};

#[test]
fn save_file_round_trips_and_is_written_atomically() {
    let dir = temp_dir("save");
    let path = dir.join(profile::SAVE_FILE);
    assert_eq!(
        profile::load(&path).coins,
        STARTING_COINS,
        "no file: a new player"
    );
    let data = |coins, choice: Option<&str>| profile::SaveData {
        coins,
        at_stake: 0,
        under_way: None,
        profile: profile::Profile {
            choice: profile::LastChoice(choice.and_then(profile::Choice::from_key)),
            ..Default::default()
        },
    };
    profile::store(&path, &data(1234, Some("hard"))).expect("store");
    let hard = profile::Profile {
        choice: profile::LastChoice(Some(
            profile::Choice::from_key("hard").expect("an opponent called hard"),
        )),
        sound: dice_poker::sound::SoundSettings::default(),
        lang: dice_poker::lang::Lang::Ja,
        career: Default::default(),
        speed: Default::default(),
        reduced_motion: profile::ReducedMotion(false),
        text_size: Default::default(),
        graphics: Default::default(),
        new_player: profile::NewPlayer(false),
        keys: Default::default(),
        pad: Default::default(),
        table: Default::default(),
        bag: Default::default(),
    };
    assert_eq!(
        profile::load(&path),
        profile::Loaded {
            coins: 1234,
            at_stake: 0,
            profile: hard.clone(),
            under_way: None,
            warning: None,
            leave_alone: false,
        }
    );
    // The profile sits beside the coins in one object, as saves always had it.
    let on_disk: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let keys: Vec<&str> = on_disk
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["coins", "choice", "sound", "lang"]);
    std::fs::write(
        &path,
        br#"{"coins": 5, "choice": "hard", "sound": {"volume": 0.8, "muted": false}, "lang": "ja"}"#,
    )
    .unwrap();
    assert_eq!(
        profile::load(&path).profile,
        hard,
        "a save written before loads"
    );
    // A career is saved with the profile and comes back whole.
    let mut climbed = data(300, Some("hard"));
    let rungs = dice_poker::rules::career::ladder();
    climbed.profile.career.0.record(&rungs[0], true);
    climbed.profile.career.0.record(&rungs[1], true);
    profile::store(&path, &climbed).expect("store");
    let back = profile::load(&path).profile.career;
    assert_eq!(back, climbed.profile.career);
    assert_eq!(back.0.top_open(), 2);
    // A save from before the start screen has no choice and still loads.
    std::fs::write(&path, b"{\"coins\": 77}").unwrap();
    assert_eq!(profile::load(&path).coins, 77);
    profile::store(&path, &data(-5, None)).expect("store");
    assert_eq!(profile::load(&path).coins, -5);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        vec![std::ffi::OsString::from(profile::SAVE_FILE)],
        "no temporary file left"
    );
}

#[test]
fn a_corrupt_save_is_moved_aside_and_the_game_starts_fresh() {
    let dir = temp_dir("corrupt");
    let path = dir.join(profile::SAVE_FILE);
    std::fs::write(&path, b"{\"coins\": twelve").unwrap();
    let mut app = solo_app(1, &dir);
    assert_eq!(coins_now(&app), STARTING_COINS);
    // The save's trouble reaches the notice in the first frame.
    app.update();
    // Said in the player's language, logged in English.
    let notice = app.world().resource::<Notice>();
    let (ja, en) = (notice.text(Lang::Ja), notice.text(Lang::En));
    assert!(ja.contains("壊れています"), "{ja}");
    assert!(en.contains("damaged"), "{en}");
    let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".bad-"))
        .collect();
    assert_eq!(aside.len(), 1, "the bad file is kept");
    assert_eq!(std::fs::read(&aside[0]).unwrap(), b"{\"coins\": twelve");
    app.update();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    assert_eq!(
        profile::load(&path).coins,
        STARTING_COINS,
        "a fresh save replaced it"
    );
}

#[test]
fn an_unwritable_save_warns_and_play_goes_on() {
    let dir = temp_dir("unwritable");
    // The data "directory" is a plain file: nothing can be read or written under it.
    let not_a_dir = dir.join("plain-file");
    std::fs::write(&not_a_dir, b"keep me").unwrap();
    let mut app = solo_app(2, &not_a_dir);
    app.update();
    // Told at the table it opens on, before the first game.
    let said = app.world().resource::<Notice>().text(Lang::En);
    assert!(said.contains("nothing is saved this time"), "{said}");
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    assert_eq!(
        std::fs::read(&not_a_dir).unwrap(),
        b"keep me",
        "nothing was lost"
    );
}

#[test]
fn the_save_survives_a_kill_at_any_moment() {
    use dice_poker::autoplay::BANK;
    use dice_poker::history;
    use rand::{Rng, SeedableRng};
    let dir = temp_dir("kill");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    let stake = GameConfig::default().payouts.stake as i64;
    let worker_dir = |w: usize| dir.join(format!("worker-{w}"));
    let mut games_seen = 0;
    for round in 0..16u64 {
        // What each worker's wallet held before this run.
        let before: Vec<Option<i64>> = (0..2)
            .map(|w| {
                let save = worker_dir(w).join(profile::SAVE_FILE);
                let total = |l: profile::Loaded| l.coins + l.at_stake as i64;
                save.exists().then(|| total(profile::load(&save)))
            })
            .collect();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dice-poker"))
            .args(["autoplay", "--games", "1000000", "--seed"])
            .arg(round.to_string())
            .arg("--data-dir")
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start autoplay");
        // Once this run has written a game (whatever the machine's speed),
        // at a random moment after.
        let lines =
            |p: &std::path::Path| std::fs::read_to_string(p).map_or(0, |t| t.lines().count());
        let history_file = history::history_path(&dir);
        let before_lines = lines(&history_file);
        let waited = std::time::Instant::now();
        while lines(&history_file) <= before_lines
            && waited.elapsed() < std::time::Duration::from_secs(120)
        {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::thread::sleep(std::time::Duration::from_millis(rng.random_range(0..300)));
        child.kill().expect("kill");
        child.wait().expect("reap");
        // One history for both workers; each worker's games carry its seed.
        let all = history::load(&history::history_path(&dir)).expect("the history loads");
        for (w, &saved_before) in before.iter().enumerate() {
            let path = worker_dir(w).join(profile::SAVE_FILE);
            if !path.exists() {
                assert_eq!(saved_before, None, "round {round}: a save was lost");
                continue;
            }
            let loaded = profile::load(&path);
            assert_eq!(loaded.warning, None, "round {round}: {path:?}");
            // Every save this run wrote whole, and nothing lost: the coins
            // and what a game under way has at stake add up to the bank plus
            // the games in the history so far.
            let seed = dice_poker::dice::derived_seed(round, w as u64);
            let records: Vec<_> = all
                .records
                .iter()
                .filter(|r| r.seed == Some(seed))
                .collect();
            let mut whole = vec![BANK];
            let mut sum = BANK;
            for r in &records {
                sum += r.coins_out as i64 - r.coins_in as i64;
                whole.push(sum);
            }
            games_seen += records.len();
            let kept = loaded.coins + loaded.at_stake as i64;
            assert!(
                loaded.at_stake == 0 || loaded.at_stake == stake as u64,
                "round {round}: {loaded:?}"
            );
            assert!(
                whole.contains(&kept) || saved_before == Some(kept),
                "round {round}, worker {w}: {kept} is no total that was written ({whole:?})",
            );
        }
    }
    assert!(
        games_seen >= 16,
        "every kill came after games were played: {games_seen}"
    );
}

#[test]
fn a_game_cut_off_mid_throw_gives_its_stake_back_and_one_left_on_purpose_does_not() {
    let dir = temp_dir("cutoff");
    let mut app = solo_app(31, &dir);
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
    assert_eq!(coins_now(&app), STARTING_COINS - 10);
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let saved = profile::load(&dir.join(profile::SAVE_FILE));
    assert_eq!((saved.coins, saved.at_stake), (STARTING_COINS - 10, 10));
    // The window dies with the dice in the air.
    drop(app);
    let mut again = solo_app(31, &dir);
    assert_eq!(coins_now(&again), STARTING_COINS, "the stake is back");
    let notice = again.world().resource::<Notice>().text(Lang::Ja);
    assert_eq!(
        notice,
        dice_poker::lang::trf(
            dice_poker::lang::Lang::Ja,
            dice_poker::lang::Key::Refunded,
            &[&10]
        )
    );
    again.update();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(again.world());
    assert_eq!(profile::load(&dir.join(profile::SAVE_FILE)).at_stake, 0);
    // Leaving a game for the menu gives its stake up, as it always did.
    press(&mut again, KeyCode::Space);
    crate::support::leave_table(&mut again);
    again.update();
    drop(again);
    let third = solo_app(31, &dir);
    assert_eq!(coins_now(&third), STARTING_COINS - 10);
}

#[test]
fn coins_given_back_at_start_are_told_on_the_start_screen_and_not_under_the_next_game() {
    use dice_poker::game::core::NoticeText;
    use dice_poker::game::{Choice, Screen};

    let dir = temp_dir("refund-notice");
    // A game cut off with 10 coins at stake and nothing to come back to.
    let data = profile::SaveData {
        coins: 90,
        at_stake: 10,
        ..Default::default()
    };
    profile::store(&dir.join(profile::SAVE_FILE), &data).unwrap();
    let mut app = crate::support::app_in(3, &dir, None);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    let shown = dice_poker::headless::text_of(app.world_mut(), NoticeText).expect("a notice line");
    assert!(
        shown.contains("10"),
        "the refund on the start screen: {shown}"
    );
    // The solo game opened from there hears nothing of it.
    crate::support::pick_entry(&mut app, Choice::Solo);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Solo);
    assert_eq!(app.world().resource::<Notice>().text(Lang::En), "");
}
