//! Hand-made saves (`tests/saves/`) whose game under way parses but does not
//! add up: seat lists of different lengths, a seat 7 at a table of three,
//! faces of 0 and 7, coins from nowhere, steps no seat can take, a hold of
//! nine dice. Each is set aside with its reason as the game starts, the
//! coins at stake come back, the coins and settings are kept, and the game
//! starts (and starts again) without a panic. The good positions beside
//! them come back as they were.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use dice_poker::game::Notice;
use dice_poker::game::duel::Table;
use dice_poker::game::party::Party;
use dice_poker::game::profile::{self, Position, Trouble, Wallet};
use dice_poker::headless::{self, GameSetup};
use dice_poker::lang::Lang;

use crate::support::temp_dir;

/// Each bad save, and a word of the reason it is set aside for (`None`: it
/// does not parse as a position at all).
const BAD: &[(&str, Option<&str>)] = &[
    (
        "party-short-rolls",
        Some("2 entries of rolls at a table of 3"),
    ),
    ("party-throw-seat-7", Some("Throw(7)")),
    ("party-face-7", Some("a face of 7")),
    ("party-face-0", Some("a face of 0")),
    ("party-rich-pot", Some("the seats hold")),
    ("party-rich-stack", Some("the seats hold")),
    ("party-held-9", None),
    ("party-rolling", Some("Rolling(0)")),
    ("party-bet-folded", Some("Bet(0)")),
    ("party-reroll-none-left", Some("Reroll(0)")),
    ("party-seat-away", Some("another machine")),
    ("party-numbers", Some("numbers")),
    ("party-forged-ante", Some("house")),
    ("party-wrong-stake", Some("500 coins at stake")),
    ("duel-face-7", Some("a face of 7")),
    ("duel-rich", Some("coins put in")),
    ("duel-reroll-before-betting", Some("Reroll")),
    ("duel-bet-unthrown", Some("Bet")),
    ("duel-no-opponent", Some("nobody")),
    ("duel-held-9", None),
    ("solo-face-0", Some("a face of 0")),
    ("solo-numbers", Some("numbers")),
    ("solo-rerolls", Some("rerolls left")),
    ("solo-page", Some("a face of 9")),
];

/// The good positions the bad ones were made from.
const GOOD: &[&str] = &["party-good", "duel-good", "solo-good"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves")
        .join(format!("{name}.json"))
}

/// A data folder of test `test` whose save is the fixture `name`; its
/// save's coins and stake.
fn dir_with(test: &str, name: &str) -> (PathBuf, i64, u64) {
    let dir = temp_dir(&format!("{test}-{name}"));
    std::fs::copy(fixture(name), dir.join(profile::SAVE_FILE)).unwrap();
    let raw: serde_json::Value =
        serde_json::from_slice(&std::fs::read(fixture(name)).unwrap()).unwrap();
    let coins = raw["coins"].as_i64().unwrap();
    let at_stake = raw["at_stake"].as_u64().unwrap();
    (dir, coins, at_stake)
}

/// The game on the save in `dir`, opened as a player opens it (the start
/// screen, or the game that was cut off), a few frames on.
fn start(dir: &Path, seed: u64) -> App {
    let setup = GameSetup::solo(seed)
        .opening(None)
        .saved_in(dir.to_path_buf())
        .resume();
    let mut app = headless::game_app(&setup);
    for _ in 0..10 {
        app.update();
    }
    app
}

#[test]
fn a_position_that_does_not_add_up_is_set_aside_and_the_rest_of_the_save_kept() {
    for &(name, why) in BAD {
        let (dir, coins, at_stake) = dir_with("load", name);
        let path = dir.join(profile::SAVE_FILE);
        let loaded = profile::load(&path);
        assert_eq!(loaded.under_way, None, "{name}: not put back");
        assert_eq!((loaded.coins, loaded.at_stake), (coins, at_stake), "{name}");
        assert_eq!(
            loaded.profile.lang,
            Lang::En,
            "{name}: the settings are kept"
        );
        let Some(Trouble::CutOff { why: said, .. }) = &loaded.warning else {
            panic!("{name}: {:?}", loaded.warning);
        };
        if let Some(why) = why {
            assert!(said.contains(why), "{name}: {said}");
        }
        let copies = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".bad-")
            })
            .count();
        assert_eq!(copies, 1, "{name}: a copy is kept");
        assert!(path.exists(), "{name}: the save stays");
    }
}

#[test]
fn a_bad_position_gives_its_stake_back_and_the_game_starts_and_starts_again() {
    for (seed, &(name, _)) in BAD.iter().enumerate() {
        let (dir, coins, at_stake) = dir_with("start", name);
        let app = start(&dir, seed as u64);
        let wallet = *app.world().resource::<Wallet>();
        assert_eq!(
            (wallet.coins, wallet.at_stake),
            (coins + at_stake as i64, 0),
            "{name}: the stake comes back, nothing more"
        );
        assert!(app.world().get_resource::<Party>().is_none(), "{name}");
        assert!(app.world().get_resource::<Table>().is_none(), "{name}");
        let said = app.world().resource::<Notice>().text(Lang::En);
        assert!(said.contains("cannot be put back"), "{name}: {said}");
        assert!(
            said.contains(&format!("its {at_stake} coins")),
            "{name}: {said}"
        );
        profile::flush(app.world());
        drop(app);
        // The next start finds a save without the position: no loop.
        let again = profile::load(&dir.join(profile::SAVE_FILE));
        assert_eq!((again.under_way, again.warning), (None, None), "{name}");
        let app = start(&dir, seed as u64);
        assert_eq!(
            app.world().resource::<Wallet>().coins,
            coins + at_stake as i64
        );
    }
}

#[test]
fn the_good_positions_beside_them_come_back() {
    for (seed, &name) in GOOD.iter().enumerate() {
        let (dir, coins, at_stake) = dir_with("good", name);
        let loaded = profile::load(&dir.join(profile::SAVE_FILE));
        assert_eq!(loaded.warning, None, "{name}");
        let position = loaded.under_way.expect("a position");
        let app = start(&dir, seed as u64);
        let wallet = *app.world().resource::<Wallet>();
        assert_eq!((wallet.coins, wallet.at_stake), (coins, at_stake), "{name}");
        match position {
            Position::Party(p) => {
                assert_eq!(app.world().resource::<Party>().table, p.table);
            }
            Position::Duel(p) => {
                assert_eq!(app.world().resource::<Table>().duel, p.duel);
            }
            Position::Solo(p) => {
                let round = crate::support::round(&app);
                assert_eq!(round.faces, Some(p.faces));
            }
        }
    }
}
