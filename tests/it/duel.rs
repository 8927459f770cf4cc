//! Duels, headless: a whole match against the hard opponent and the start screen.

use bevy::prelude::*;

use dice_poker::dice::{Tray, held_in};
use dice_poker::game::duel::Table;
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::duel::luck::RoundLog;
use dice_poker::game::profile::{self, LastChoice};
use dice_poker::game::screens::start::{Item, Lit, Page, StartPage};
use dice_poker::game::table::Refused;
use dice_poker::game::table::coins::discs_for;
use dice_poker::game::table::pot::Coin;
use dice_poker::game::{Choice, Chosen};
use dice_poker::game::{Phase, Screen, ToggleHold};
use dice_poker::rules::duel::RoundEnd;
use dice_poker::rules::duel::{Side, Step};
use dice_poker::rules::evaluate_roll;
use dice_poker::rules::luck::duel_account;

use crate::support::{
    PATIENCE, app_in, coins_now, duel_text, duel_with, press, temp_dir, tray_faces,
};

#[test]
fn a_whole_duel_against_the_hard_opponent_reaches_a_winner_with_coins_conserved() {
    let dir = temp_dir("duel");
    // Rich enough that no round needs a fresh start (which would add coins).
    let save = profile::SaveData {
        coins: 1_000,
        ..Default::default()
    };
    profile::store(&dir.join(profile::SAVE_FILE), &save).unwrap();
    let mut app = app_in(21, &dir, Some(duel_with("hard")));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Duel);
    let start = save.coins;
    let mut seen_steps = std::collections::HashSet::new();
    let mut bets = 0;
    let mut showdowns = 0;
    // A round ended with dice still held, and the next began without them.
    let mut stale_checked = false;
    // Rounds whose pot was seen going to its winner's side.
    let mut pots_won = 0;
    for _ in 0..PATIENCE * 8 {
        let (step, trays, rolls) = {
            let t = app.world().resource::<Table>();
            assert_eq!(
                app.world().resource::<Refused>().0[Side::Far.index()],
                0,
                "the opponent only makes legal moves"
            );
            (
                t.duel.step(),
                t.trays,
                [t.duel.roll(Side::Near), t.duel.roll(Side::Far)],
            )
        };
        seen_steps.insert(step);
        pots_won += u32::from(check_pot(&mut app));
        // Whatever rests on the table is what the referee and the HUD say.
        for side in [Side::Near, Side::Far] {
            if let Some(roll) = rolls[side.index()]
                && step != Step::Rolling(side)
            {
                assert_eq!(tray_faces(&app, trays[side.index()]), roll, "{side:?}");
            }
        }
        if let Some(roll) = rolls[0]
            && step != Step::Rolling(Side::Near)
        {
            app.update();
            assert_eq!(
                duel_text(&mut app, DuelText::PlayerHand),
                evaluate_roll(&roll).to_string()
            );
        }
        if step.is_decided() {
            showdowns += u32::from(check_round_card(&mut app));
        }
        match step {
            Step::Throw(Side::Near) => press(&mut app, KeyCode::Space),
            Step::RoundOver => {
                let held_before = [trays[0], trays[1]].map(|t| held_in(app.world(), t));
                press(&mut app, KeyCode::Space);
                app.update();
                // Holds end with the round: the next starts with every die free.
                assert_ne!(app.world().resource::<Table>().duel.step(), step);
                for tray in trays {
                    assert_eq!(held_in(app.world(), tray), [false; 5], "{held_before:?}");
                }
                stale_checked |= held_before.iter().flatten().any(|&h| h);
            }
            Step::Bet(Side::Near) => {
                // Raise when allowed, otherwise call: the re-raise path gets used.
                bets += 1;
                let key = if bets % 2 == 1 {
                    KeyCode::KeyR
                } else {
                    KeyCode::KeyC
                };
                press(&mut app, key);
                if app.world().resource::<Table>().duel.step() == step {
                    press(&mut app, KeyCode::KeyC);
                }
            }
            Step::Reroll(Side::Near) => {
                // Keep the leftmost die, throw the rest; the kept die must not move.
                press(&mut app, KeyCode::Digit1);
                let kept: Vec<usize> = (0..5)
                    .filter(|&s| held_in(app.world(), trays[0])[s])
                    .collect();
                assert_eq!(kept.len(), 1);
                let die = app.world().get::<Tray>(trays[0]).unwrap().dice[kept[0]];
                let before = *app.world().get::<Transform>(die).unwrap();
                press(&mut app, KeyCode::Space);
                while matches!(
                    app.world().resource::<Table>().duel.step(),
                    Step::Rolling(Side::Near)
                ) {
                    app.update();
                }
                assert_eq!(*app.world().get::<Transform>(die).unwrap(), before);
            }
            Step::MatchOver(_) => break,
            _ => {
                // The opponent's turn: the player's keys do nothing to its dice.
                if step == Step::Reroll(Side::Far) {
                    let theirs = app.world().get::<Tray>(trays[1]).unwrap().dice[0];
                    let before = held_in(app.world(), trays[1]);
                    app.world_mut().trigger(ToggleHold::player(theirs));
                    assert_eq!(held_in(app.world(), trays[1]), before);
                }
                app.update();
            }
        }
    }
    app.update();
    let table = app.world().resource::<Table>();
    let winner = table.duel.winner().expect("the match has a winner");
    assert_eq!(table.duel.score(winner), table.duel.rules().wins);
    assert_eq!(table.duel.rules().wins, 3, "the master plays best of five");
    assert_eq!(app.world().resource::<Refused>().0[Side::Far.index()], 0);
    // Every round of the match is in the history once, and the coins each
    // record says went in and came out add up to what the wallet did.
    let rounds = table.duel.score(Side::Near) + table.duel.score(Side::Far) + table.duel.draws();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let history = dice_poker::history::load(&dice_poker::history::history_path(&dir)).unwrap();
    assert_eq!(history.records.len(), rounds as usize, "{history:?}");
    let by_records: i64 = history
        .records
        .iter()
        .map(|r| r.coins_out as i64 - r.coins_in as i64)
        .sum();
    assert_eq!(
        coins_now(&app) - start,
        by_records,
        "wallet = start - antes - bets + pots"
    );
    let wins = history
        .records
        .iter()
        .filter(|r| {
            matches!(
                r.result.map(dice_poker::history::Outcome::key),
                Some("win" | "opponent_fold")
            )
        })
        .count();
    assert_eq!(wins as u32, table.duel.score(Side::Near));
    // Each round carries its trace; each showdown's account is the card's.
    let engine = dice_poker::rules::duel::DuelEngine::new();
    let told = history
        .records
        .iter()
        .filter_map(|r| duel_account(&engine, r.round.as_ref().expect("a traced round")))
        .count();
    assert_eq!(told as u32, showdowns);
    assert!(showdowns > 0);
    assert!(stale_checked, "no round ended with a die held");
    assert!(pots_won > 0, "no pot went to a winner");
    for step in [
        Step::Bet(Side::Far),
        Step::Reroll(Side::Far),
        Step::Reroll(Side::Near),
        Step::RoundOver,
    ] {
        assert!(
            seen_steps.contains(&step),
            "{step:?} never came: {seen_steps:?}"
        );
    }
    // The saved balance is the wallet's.
    app.update();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    assert_eq!(
        profile::load(&dir.join(profile::SAVE_FILE)).coins,
        coins_now(&app)
    );
}

/// The row of the first page that turns to the matches.
fn matches_row() -> usize {
    Page::Main
        .items(&Default::default())
        .iter()
        .position(|&item| item == Item::Open(Page::Matches))
        .expect("a way to the matches")
}

#[test]
fn the_start_screen_picks_by_keyboard_and_remembers_the_choice() {
    let dir = temp_dir("start");
    let mut app = app_in(3, &dir, None);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    // One entry to a row: ↓ from ひとりで is the ladder, ↑ comes back.
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(app.world().resource::<Chosen>().0, Choice::Ladder);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<Chosen>().0, Choice::Solo);
    // The duels are one step in: Enter on 対戦 turns to their page.
    while app.world().resource::<Lit>().0 != matches_row() {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(app.world().resource::<StartPage>().0, Page::Matches);
    while app.world().resource::<Chosen>().0 != duel_with("normal") {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Duel);
    assert_eq!(app.world().resource::<Chosen>().0, duel_with("normal"));
    assert_eq!(app.world().resource::<Table>().opponent.key, "normal");
    // Enter in a duel with nothing to stand on does nothing; leaving goes back.
    crate::support::leave_table(&mut app);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    assert!(
        !app.world().contains_resource::<Table>(),
        "the table is cleared"
    );
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    assert_eq!(
        profile::load(&dir.join(profile::SAVE_FILE))
            .profile
            .choice
            .0,
        Some(duel_with("normal"))
    );
    // Kept by its key, as saves always had it.
    let on_disk = std::fs::read_to_string(dir.join(profile::SAVE_FILE)).unwrap();
    assert!(on_disk.contains(r#""choice":"normal""#), "{on_disk}");
    // A new run highlights the last choice; 1 picks the solo game directly.
    let mut again = app_in(4, &dir, None);
    assert_eq!(
        again.world().resource::<LastChoice>().0,
        Some(duel_with("normal"))
    );
    assert_eq!(again.world().resource::<Chosen>().0, duel_with("normal"));
    // On its page, lit; Esc turns back to the first page, where 1 is solo.
    assert_eq!(again.world().resource::<StartPage>().0, Page::Matches);
    assert_eq!(
        Page::Matches.items(&Default::default())[again.world().resource::<Lit>().0],
        Item::Play(duel_with("normal"))
    );
    press(&mut again, KeyCode::Escape);
    again.update();
    assert_eq!(again.world().resource::<StartPage>().0, Page::Main);
    assert_eq!(
        *again.world().resource::<State<Screen>>().get(),
        Screen::Start
    );
    press(&mut again, KeyCode::Digit1);
    again.update();
    assert_eq!(
        *again.world().resource::<State<Screen>>().get(),
        Screen::Solo
    );
    assert_eq!(
        *again.world().resource::<State<Phase>>().get(),
        Phase::Ready
    );
}

#[test]
fn a_duel_round_cut_off_gives_back_what_the_player_put_in() {
    let dir = temp_dir("duel-cutoff");
    let mut app = app_in(41, &dir, Some(duel_with("normal")));
    // The coins before the table: the first ante is paid as it is laid.
    let start = coins_now(&app) + app.world().resource::<profile::Wallet>().at_stake as i64;
    // Throw, then wait for the betting turn: the ante is in the pot.
    press(&mut app, KeyCode::Space);
    for _ in 0..PATIENCE * 4 {
        if app.world().resource::<Table>().duel.step() == Step::Bet(Side::Near) {
            break;
        }
        app.update();
    }
    let put_in = app.world().resource::<Table>().duel.this_round(Side::Near);
    assert!(put_in > 0, "the ante is in");
    app.update();
    // What the writer thread still has is on disk first.
    dice_poker::game::profile::flush(app.world());
    let saved = profile::load(&dir.join(profile::SAVE_FILE));
    assert_eq!(
        (saved.coins, saved.at_stake),
        (start - put_in as i64, put_in)
    );
    drop(app);
    let again = app_in(41, &dir, None);
    assert_eq!(coins_now(&again), start, "the ante came back");
}

/// At a decided round: a showdown has its card (the identity holds, the
/// result is the table's), shown as the message; a fold has none. True for a showdown.
fn check_round_card(app: &mut App) -> bool {
    app.update();
    let duel = app.world().resource::<Table>().duel.clone();
    let log = app.world().resource::<RoundLog>();
    let result = match duel.last_end() {
        Some(RoundEnd::Showdown(Side::Near)) => 1.0,
        Some(RoundEnd::Showdown(Side::Far)) => 0.0,
        Some(RoundEnd::Draw) => 0.5,
        _ => {
            assert!(log.card.is_none(), "a folded round has no account");
            return false;
        }
    };
    let card = log.card.expect("a showdown has its account");
    assert!(card.imbalance().abs() < 1e-9, "{card:?}");
    assert_eq!(card.result, result);
    let over = matches!(duel.step(), Step::MatchOver(_));
    let message = duel_text(app, DuelText::Message);
    let lang = dice_poker::lang::Lang::Ja;
    let line = dice_poker::lang::tr(lang, dice_poker::lang::Key::DuelLuckLine);
    let head = line.split("{}").next().unwrap();
    assert!(message.starts_with(head), "{message}");
    assert_eq!(
        message.lines().count(),
        if over { 2 } else { 1 },
        "{message}"
    );
    true
}

/// The coins on the table are the referee's pot: as many discs as it holds,
/// and once a round is won, the winnings beside the winner's tray (none
/// while a round is played). True when a won pot was seen.
fn check_pot(app: &mut App) -> bool {
    let duel = app.world().resource::<Table>().duel.clone();
    let mut coins = app.world_mut().query::<&Coin>();
    let coins: Vec<Coin> = coins.iter(app.world()).copied().collect();
    let in_pot = coins.iter().filter(|c| c.owner.is_none()).count() as u32;
    assert_eq!(
        in_pot,
        discs_for(duel.pot(), duel.rules().ante),
        "{:?}",
        duel.step()
    );
    let won: Vec<&Coin> = coins.iter().filter(|c| c.owner.is_some()).collect();
    let winner = duel.last_end().and_then(|end| end.winner());
    if !duel.step().is_decided() || winner.is_none() {
        assert!(won.is_empty(), "{:?}: {won:?}", duel.step());
        return false;
    }
    let winner = winner.unwrap();
    assert!(!won.is_empty(), "a won pot has coins");
    let tray = app.world().resource::<Table>().trays[winner.index()];
    let tray_z = app
        .world()
        .get::<GlobalTransform>(tray)
        .unwrap()
        .translation()
        .z;
    for coin in won {
        assert_eq!(coin.owner, Some(winner.index()));
        // Beside the winner's tray, on its half of the table.
        assert_eq!(coin.rest.z.signum(), tray_z.signum(), "{coin:?}");
    }
    true
}
