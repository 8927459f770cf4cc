//! Tavern cheats, headless: a cheat's crooked die in its tray as a body of
//! its kind, the evidence the player sees, an accusation settling the
//! match for whoever was in the right, and the die taken laid in the
//! player's own tray from the bag.

use bevy::prelude::*;

use dice_poker::dice::kinds::Kind;
use dice_poker::dice::{Die, Tray};
use dice_poker::game::duel::Table;
use dice_poker::game::duel::cheat::DuelCheat;
use dice_poker::game::duel::hud::DuelText;
use dice_poker::game::profile::{self, Bag};
use dice_poker::game::screens::start::{ENTRY_KEYS, Item, Page, StartPage};
use dice_poker::game::solo::dice::DiceAdvice;
use dice_poker::game::table::cheat::{Accused, Crooked, Seen};
use dice_poker::game::{Choice, GameTray};
use dice_poker::history::{self, Outcome};
use dice_poker::rules::duel::{RoundEnd, Side, Step};
use dice_poker::rules::kinds::DieKind;

use crate::support::{
    PATIENCE, app_in, coins_now, duel_text, duel_with, pick_entry, press, temp_dir,
};

/// The far side's seat.
const FAR: usize = 1;

/// Coins in the save each test starts from: enough for any round.
const COINS: i64 = 1_000;

/// A duel against `key` in a fresh folder with [`COINS`] in the wallet.
fn duel_app(seed: u64, name: &str, key: &str) -> (App, std::path::PathBuf) {
    let dir = temp_dir(name);
    let save = profile::SaveData {
        coins: COINS,
        ..Default::default()
    };
    profile::store(&dir.join(profile::SAVE_FILE), &save).unwrap();
    (app_in(seed, &dir, Some(duel_with(key))), dir)
}

fn step(app: &App) -> Step {
    app.world().resource::<Table>().duel.step()
}

/// Plays the player's side plainly (throw, call, stand) until both hands
/// are on the table and the player is to bet or the far side to move.
fn play_until_both_thrown(app: &mut App) {
    for _ in 0..PATIENCE {
        let table = app.world().resource::<Table>();
        let both = table.duel.roll(Side::Near).is_some() && table.duel.roll(Side::Far).is_some();
        match step(app) {
            Step::Bet(Side::Near) | Step::Reroll(Side::Near) if both => return,
            Step::Throw(Side::Near) => press(app, KeyCode::Space),
            _ => app.update(),
        }
    }
    panic!("both hands were never on the table: {:?}", step(app));
}

/// The far tray's dice by slot, as their bodies are made.
fn far_kinds(app: &mut App) -> [DieKind; 5] {
    let far = app.world().resource::<Table>().trays[Side::Far.index()];
    let dice = app.world().get::<Tray>(far).unwrap().dice;
    dice.map(|die| {
        assert_eq!(app.world().get::<Die>(die).unwrap().tray, far);
        app.world().get::<Kind>(die).map_or(DieKind::Fair, |k| k.0)
    })
}

#[test]
fn a_false_accusation_gives_an_honest_opponent_the_pot_and_the_match() {
    let (mut app, dir) = duel_app(5, "false-accusation", "hard");
    play_until_both_thrown(&mut app);
    // An honest opponent's dice are fair bodies, seen as they land.
    assert_eq!(far_kinds(&mut app), [DieKind::Fair; 5]);
    assert!(!app.world().resource::<Crooked>().carried(FAR));
    assert_eq!(app.world().resource::<Seen>().sighting(FAR).throws(), 5);
    assert!(duel_text(&mut app, DuelText::Suspicion).contains("A: "));
    let put_in = app.world().resource::<Table>().duel.put_in(Side::Near);
    press(&mut app, KeyCode::KeyA);
    app.update();
    let duel = app.world().resource::<Table>().duel.clone();
    assert_eq!(
        duel.last_end(),
        Some(RoundEnd::Accused {
            by: Side::Near,
            caught: false
        })
    );
    assert_eq!(duel.winner(), Some(Side::Far));
    // Everything the player put in went with the pot.
    assert_eq!(coins_now(&app), COINS - put_in as i64);
    assert!(!app.world().resource::<Accused>().caught);
    assert_eq!(app.world().resource::<Accused>().found, None);
    let said = duel_text(&mut app, DuelText::Status);
    assert!(said.contains("濡れ衣"), "{said}");
    // The match is over: another accusation changes nothing.
    press(&mut app, KeyCode::KeyA);
    assert_eq!(app.world().resource::<Table>().duel, duel);
    // The history's writer finishes its lines as the game closes.
    drop(app);
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(
        lines.last().and_then(|r| r.result),
        Some(Outcome::FalseAccusation)
    );
}

#[test]
fn a_cheat_carrying_its_die_throws_it_as_its_kind_and_is_caught() {
    // At this seed the minstrel carries its tipped die in the first match.
    let (mut app, dir) = duel_app(3, "caught", "minstrel");
    play_until_both_thrown(&mut app);
    let crooked = app.world().resource::<Crooked>();
    assert!(
        crooked.carried(FAR),
        "the minstrel carries its die at this seed"
    );
    let tray = crooked.tray(FAR);
    assert_eq!(far_kinds(&mut app), tray);
    assert_eq!(tray.iter().filter(|&&k| k == DieKind::Loaded).count(), 1);
    assert!(app.world().resource::<DuelCheat>().engine.is_some());
    let pot = app.world().resource::<Table>().duel.pot();
    let put_in = app.world().resource::<Table>().duel.put_in(Side::Near);
    press(&mut app, KeyCode::KeyA);
    app.update();
    let duel = &app.world().resource::<Table>().duel;
    assert_eq!(duel.winner(), Some(Side::Near));
    assert_eq!(duel.won(Side::Near), pot);
    // The pot's coins the player did not put in are its winnings.
    assert_eq!(coins_now(&app), COINS + pot as i64 - put_in as i64);
    let accused = *app.world().resource::<Accused>();
    assert!(accused.caught);
    let slot = tray.iter().position(|&k| k == DieKind::Loaded).unwrap();
    assert_eq!(accused.found, Some((slot, DieKind::Loaded)));
    // The far panel names the die found.
    let words = duel_text(&mut app, DuelText::Suspicion);
    assert!(words.contains(&format!("{}番目", slot + 1)), "{words}");
    // The die found is taken off the table: the cheat plays on with fair dice.
    assert!(!app.world().resource::<Crooked>().carried(FAR));
    app.update();
    assert_eq!(far_kinds(&mut app), [DieKind::Fair; 5]);
    let said = duel_text(&mut app, DuelText::Status);
    assert!(said.contains("見破った"), "{said}");
    // The history's writer finishes its lines as the game closes.
    drop(app);
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(
        lines.last().and_then(|r| r.result),
        Some(Outcome::Caught),
        "{lines:?}"
    );
    lay_the_die_taken(&dir, slot);
}

/// The die taken from the minstrel is in the player's bag in the save; on
/// the next start the bag is a row of the start screen, its first slot lays
/// the die in the tray, and the solo game throws it as its kind.
fn lay_the_die_taken(dir: &std::path::Path, taken_from: usize) {
    let saved = profile::load(&dir.join(profile::SAVE_FILE));
    let bag = &saved.profile.bag;
    assert_eq!(bag.dice().len(), 1, "{bag:?}");
    assert_eq!(bag.dice()[0].kind, DieKind::Loaded);
    assert_eq!(bag.dice()[0].from, "minstrel");
    assert_eq!(bag.tray(), [DieKind::Fair; 5], "not laid until chosen");
    let mut app = app_in(3, dir, None);
    let rows = Page::Main.items(app.world().resource::<Bag>());
    let at = rows.iter().position(|&i| i == Item::Open(Page::Bag));
    let at = at.expect("the bag is a row once it holds a die");
    assert_eq!(rows.last(), Some(&Item::Quit));
    press(&mut app, ENTRY_KEYS[at]);
    assert_eq!(app.world().resource::<StartPage>().0, Page::Bag);
    // Slot 1 (from the cheat's slot {taken_from}) takes the bag's die.
    press(&mut app, ENTRY_KEYS[0]);
    app.update();
    let laid = app.world().resource::<Bag>().tray();
    assert_eq!(laid[0], DieKind::Loaded, "from slot {taken_from}");
    assert_eq!(laid[1..], [DieKind::Fair; 4]);
    press(&mut app, KeyCode::Escape);
    assert_eq!(app.world().resource::<StartPage>().0, Page::Main);
    pick_entry(&mut app, Choice::Solo);
    let mut kinds = [DieKind::Fair; 5];
    for _ in 0..PATIENCE {
        app.update();
        let tray = app.world().resource::<GameTray>().0;
        let dice = app.world().get::<Tray>(tray).unwrap().dice;
        kinds = dice.map(|die| app.world().get::<Kind>(die).map_or(DieKind::Fair, |k| k.0));
        if kinds == laid {
            break;
        }
    }
    assert_eq!(kinds, laid, "the solo tray is laid as chosen");
    assert!(
        app.world().contains_resource::<DiceAdvice>(),
        "hints by each die"
    );
}

#[test]
fn the_bags_dice_go_up_the_ladder_weighed_by_their_own_chances_and_named_in_the_history() {
    use dice_poker::game::duel::hint::DuelHint;
    use dice_poker::game::duel::luck::RoundLog;
    use dice_poker::game::duel::own::OwnDice;
    use dice_poker::lang::Lang;
    use dice_poker::rules::duel::RoundEnd;
    use dice_poker::rules::luck::CrookedBook;
    let dir = temp_dir("bag-ladder");
    let mut bag = Bag::default();
    bag.add(DieKind::Loaded, "minstrel");
    bag.cycle(1);
    let mut save = profile::SaveData {
        coins: COINS,
        ..Default::default()
    };
    save.profile.bag = bag;
    profile::store(&dir.join(profile::SAVE_FILE), &save).unwrap();
    let mut app = app_in(7, &dir, Some(Choice::Career(0)));
    let laid = [
        DieKind::Fair,
        DieKind::Loaded,
        DieKind::Fair,
        DieKind::Fair,
        DieKind::Fair,
    ];
    let hint = |app: &App| {
        let hint = app.world().resource::<DuelHint>().0.clone();
        hint.expect("a hint").in_lang(Lang::En)
    };
    let (mut bet_hints, mut hold_hints) = (0, 0);
    for _ in 0..PATIENCE * 4 {
        let table = app.world().resource::<Table>();
        let (step, duel) = (table.duel.step(), table.duel.clone());
        let brains = app.world().resource::<OwnDice>().brains.clone();
        match step {
            Step::Throw(Side::Near) => press(&mut app, KeyCode::Space),
            Step::Bet(Side::Near) => {
                press(&mut app, KeyCode::KeyH);
                let chance = brains.expect("crooked").position(&duel, Side::Near);
                let chance = format!("{:.1}", chance.unwrap() * 100.0);
                assert!(hint(&app).contains(&chance), "{} {chance}", hint(&app));
                bet_hints += 1;
                press(&mut app, KeyCode::KeyC);
            }
            Step::Reroll(Side::Near) => {
                press(&mut app, KeyCode::KeyH);
                let best = brains.expect("crooked").holds(&duel, Side::Near).unwrap();
                let chance = format!("{:.1}", best[0].value * 100.0);
                assert!(hint(&app).contains(&chance), "{} {chance}", hint(&app));
                hold_hints += 1;
                press(&mut app, KeyCode::Enter);
            }
            step if step.is_decided() => break,
            _ => app.update(),
        }
    }
    assert!(app.world().resource::<Table>().duel.step().is_decided());
    assert!(bet_hints + hold_hints > 0, "the hint was asked");
    // A showdown's card is valued by each die's chances, off the main
    // thread: once done it is the trays' engines' account of the trace.
    let showdown = matches!(
        app.world().resource::<Table>().duel.last_end(),
        Some(RoundEnd::Showdown(_) | RoundEnd::Draw)
    );
    if showdown {
        for _ in 0..PATIENCE {
            if app.world().resource::<RoundLog>().card.is_some() {
                break;
            }
            app.update();
        }
        let log = app.world().resource::<RoundLog>();
        let card = log.card.expect("a showdown with crooked dice has its card");
        let brains = app.world().resource::<OwnDice>().brains.clone().unwrap();
        let trace = log.trace.clone().expect("the round's trace");
        let again = CrookedBook::new(brains).account(Side::Near, &trace);
        assert_eq!(Some(card), again);
        assert!(card.imbalance().abs() < 1e-9, "{card:?}");
    }
    let near = app.world().resource::<Table>().trays[Side::Near.index()];
    let dice = app.world().get::<Tray>(near).unwrap().dice;
    let kinds = dice.map(|die| app.world().get::<Kind>(die).map_or(DieKind::Fair, |k| k.0));
    assert_eq!(kinds, laid, "the near tray is laid from the bag");
    drop(app);
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    let last = lines.last().expect("the round's line");
    assert_eq!(last.dice.as_deref(), Some(&laid[..]), "{last:?}");
    // The records count the round's luck and skill by the same chances.
    let counted: usize = history::stats::compute(&lines)
        .duel_luck
        .values()
        .flat_map(|by| by.values())
        .map(|report| report.games as usize)
        .sum();
    assert_eq!(counted, usize::from(showdown), "{last:?}");
    // A duel outside the ladder keeps fair dice.
    let mut app = app_in(7, &dir, Some(duel_with("easy")));
    app.update();
    assert!(app.world().resource::<OwnDice>().brains.is_none());
}

/// A table of `seats` in a fresh folder with [`COINS`] in the wallet.
fn table_app(seats: &str, seed: u64, name: &str) -> (App, std::path::PathBuf) {
    use dice_poker::headless::{self, GameSetup};
    let dir = temp_dir(name);
    let mut app = headless::game_app(
        &GameSetup::solo(seed)
            .table(seats)
            .saved_in(dir.clone())
            .pace(0.0)
            .coins(COINS),
    );
    crate::support::until_assembled(&mut app);
    (app, dir)
}

/// Plays the player's seat plainly until every seat has thrown and the
/// table waits for the player's first bet.
fn play_to_first_bet(app: &mut App) {
    use dice_poker::game::party::Party;
    use dice_poker::rules::table::TableStep;
    for _ in 0..PATIENCE {
        match app.world().resource::<Party>().table.step() {
            TableStep::Bet(0) => return,
            TableStep::Throw(0) => press(app, KeyCode::Space),
            _ => app.update(),
        }
    }
    panic!("the player's bet never came");
}

/// Each seat's dice by slot, as their bodies are made.
fn seat_kinds(app: &mut App, seat: usize) -> [DieKind; 5] {
    use dice_poker::game::party::Party;
    let tray = app.world().resource::<Party>().trays[seat];
    let dice = app.world().get::<Tray>(tray).unwrap().dice;
    dice.map(|die| app.world().get::<Kind>(die).map_or(DieKind::Fair, |k| k.0))
}

#[test]
fn a_cheat_at_a_table_is_caught_by_a_click_on_its_panel_and_sent_off() {
    use dice_poker::game::party::Party;
    use dice_poker::game::party::hud::PartyText;
    use dice_poker::game::table::Accuse;
    use dice_poker::headless::text_of;
    use dice_poker::rules::table::TableStep;
    // At this seed the fisher (seat 2) brings its die to the sitting.
    let (mut app, dir) = table_app("you,minstrel,fisher,shipwright", 2, "table-caught");
    play_to_first_bet(&mut app);
    let crooked = app.world().resource::<Crooked>().clone();
    let cheats: Vec<usize> = (1..4).filter(|&s| crooked.carried(s)).collect();
    assert!(!cheats.is_empty(), "a cheat carries its die at this seed");
    for seat in 0..4 {
        assert_eq!(
            seat_kinds(&mut app, seat),
            crooked.tray(seat),
            "seat {seat}"
        );
    }
    assert!(!crooked.carried(0), "the player's dice are fair");
    let cheat = cheats[0];
    let table = app.world().resource::<Party>().table.clone();
    let (stake, mine) = (table.put(cheat), table.put(0));
    let coins = coins_now(&app);
    // A click on the cheat's evidence accuses it.
    app.world_mut().trigger(Accuse {
        by: 0,
        against: Some(cheat),
    });
    app.update();
    let table = app.world().resource::<Party>().table.clone();
    let end = table.last_end().unwrap();
    let accused = end.accused.expect("the round ended by the accusation");
    assert_eq!(
        (accused.by, accused.against, accused.caught),
        (0, cheat, true)
    );
    assert_eq!(
        end.paid[0],
        mine + stake,
        "the cheat's stake is the player's"
    );
    // What is in the pot was spent as it went in: the round pays it back.
    assert_eq!(coins_now(&app), coins + (mine + stake) as i64);
    assert!(matches!(table.step(), TableStep::RoundOver));
    // The die is taken off the table and into the bag.
    assert!(!app.world().resource::<Crooked>().carried(cheat));
    assert_eq!(app.world().resource::<Bag>().dice().len(), 1);
    let said = text_of(app.world_mut(), PartyText::Status).unwrap_or_default();
    assert!(said.contains("イカサマのサイコロを見つけた"), "{said}");
    // The cheat's panel names the die found.
    use dice_poker::game::party::hud::{SeatLine, SeatText};
    let line = SeatLine::Suspicion;
    let panel = text_of(app.world_mut(), SeatText { seat: cheat, line }).unwrap_or_default();
    let slot = crooked.found(cheat).map(|(slot, _)| slot + 1).unwrap();
    assert!(panel.contains(&format!("{slot}番目")), "{panel}");
    app.update();
    assert_eq!(seat_kinds(&mut app, cheat), [DieKind::Fair; 5]);
    // The next round deals the cheat out.
    press(&mut app, KeyCode::Space);
    app.update();
    assert!(!app.world().resource::<Party>().table.is_live(cheat));
    drop(app);
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(lines.last().and_then(|r| r.result), Some(Outcome::Caught));
}

#[test]
fn the_key_at_an_honest_table_accuses_wrongly_and_sends_the_player_off() {
    use dice_poker::game::party::Party;
    let (mut app, dir) = table_app("you,hard,easy", 4, "table-wrong");
    play_to_first_bet(&mut app);
    assert_eq!(app.world().resource::<Crooked>().found(1), None);
    let coins = coins_now(&app);
    let mine = app.world().resource::<Party>().table.put(0);
    press(&mut app, KeyCode::KeyA);
    app.update();
    let table = app.world().resource::<Party>().table.clone();
    let accused = table.last_end().and_then(|e| e.accused).expect("accused");
    assert_eq!((accused.by, accused.caught), (0, false));
    // What the player put in was spent as it went in, and stays lost.
    let end = table.last_end().unwrap();
    assert_eq!(end.paid[0], 0);
    assert_eq!(end.put[0], mine);
    assert_eq!(end.paid.iter().sum::<u64>(), end.put.iter().sum::<u64>());
    assert_eq!(coins_now(&app), coins);
    assert_eq!(app.world().resource::<Bag>().dice().len(), 0);
    drop(app);
    let lines = history::load(&history::history_path(&dir)).unwrap().records;
    assert_eq!(
        lines.last().and_then(|r| r.result),
        Some(Outcome::FalseAccusation)
    );
}
