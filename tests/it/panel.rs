//! The rules panel: F1 over a waiting table, Esc closing only it, and what it says.

use bevy::prelude::*;

use dice_poker::game::Phase;
use dice_poker::lang::{Key, Lang, trf};
use dice_poker::rules::evaluate_roll;

use crate::support::{phase, press, solo_app, temp_dir};

#[test]
fn f1_shows_the_rules_over_a_waiting_table_and_esc_closes_only_them() {
    use crate::support::overlay;
    use dice_poker::game::Overlay;
    use dice_poker::game::Screen;
    let dir = temp_dir("rules");
    let mut app = solo_app(29, &dir);
    press(&mut app, KeyCode::F1);
    app.update();
    assert_eq!(overlay(&app), Overlay::Rules);
    // The table waits while the rules are up.
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Ready);
    // Esc closes the panel and nothing else.
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::None);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Solo);
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Rolling);
}

#[test]
fn the_rules_sheet_lists_every_hand_strongest_first_with_its_chance_and_pay() {
    use dice_poker::game::menus::rules::{SheetFor, rules_sheet};
    use dice_poker::rules::PayoutTable;
    use dice_poker::rules::duel::Opponent;
    use dice_poker::rules::hand::HandType;
    let payouts = PayoutTable::default();
    let solo = rules_sheet(Lang::En, &payouts, SheetFor::Solo(2));
    assert_eq!(solo.rows.len(), 8);
    let total: f64 = solo.rows.iter().map(|r| r.chance).sum();
    assert!((total - 1.0).abs() < 1e-12, "the chances cover every throw");
    for (row, hand) in solo.rows.iter().zip(HandType::ALL.iter().rev()) {
        assert_eq!(evaluate_roll(&row.example).kind(), *hand, "{row:?}");
        assert_eq!(row.pays, Some(payouts.pay(*hand)));
    }
    // 6 of the 7,776 throws are five of a kind; 3,600 are one pair.
    assert!((solo.rows[0].chance - 6.0 / 7776.0).abs() < 1e-12);
    assert!((solo.rows[6].chance - 3600.0 / 7776.0).abs() < 1e-12);
    assert_eq!(solo.mode, trf(Lang::En, Key::RulesSolo, &[&10, &2]));
    let hard = Opponent::find("hard").expect("the master").rules(1);
    let duel = rules_sheet(Lang::Ja, &payouts, SheetFor::Duel(hard));
    assert!(duel.rows.iter().all(|r| r.pays.is_none()));
    assert_eq!(
        duel.mode,
        trf(Lang::Ja, Key::RulesDuel, &[&hard.ante, &hard.step, &1])
    );
    assert_eq!(
        duel.rows[0].name,
        dice_poker::lang::hand_type_name(Lang::Ja, HandType::Flush)
    );
    // The daily challenge pays nothing for a hand: it is scored on the holds.
    let daily = rules_sheet(Lang::Ja, &payouts, SheetFor::Daily(2));
    assert!(daily.rows.iter().all(|r| r.pays.is_none()));
    assert_eq!(daily.mode, trf(Lang::Ja, Key::RulesDaily, &[&2]));
}

#[test]
fn f1_at_a_table_of_several_explains_the_tables_betting_not_the_solo_payouts() {
    use dice_poker::game::menus::rules::{SheetFor, rules_sheet};
    use dice_poker::game::party::Party;
    use dice_poker::headless::{self, GameSetup};
    use dice_poker::rules::PayoutTable;
    let mut app = headless::game_app(
        &GameSetup::solo(33)
            .table("you,hard,easy")
            .saved_in(temp_dir("rules-table"))
            .pace(0.0),
    );
    crate::support::until_assembled(&mut app);
    let rules = app.world().resource::<Party>().table.rules();
    press(&mut app, KeyCode::F1);
    app.update();
    app.update();
    let sheet = rules_sheet(Lang::Ja, &PayoutTable::default(), SheetFor::Table(rules));
    assert!(sheet.rows.iter().all(|r| r.pays.is_none()), "no payouts");
    assert_eq!(
        sheet.mode,
        trf(
            Lang::Ja,
            Key::RulesTable,
            &[
                &rules.ante,
                &rules.step,
                &rules.raises,
                &rules.rerolls,
                &rules.wins
            ]
        )
    );
    let shown = crate::support::texts(&mut app);
    assert!(shown.contains(&sheet.mode), "{shown:?}");
    let solo = trf(Lang::Ja, Key::RulesPays, &[&1]);
    let solo = solo.trim_end_matches('1');
    assert!(!shown.iter().any(|t| t.contains(solo)), "{shown:?}");
}
