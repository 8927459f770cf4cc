//! Every state a match passes through in play is one the save's checks
//! accept ([`Duel::check`], [`TableMatch::check`]): random legal moves,
//! badges, draws, folds, seats leaving and all-ins included, checked at
//! every step; and a few states that break the rules are refused.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::duel::{Badge, Duel, DuelRules, Side, Step};
use crate::rules::hand::Roll;
use crate::rules::table::{TableMatch, TableStep, house};

fn roll(rng: &mut ChaCha8Rng) -> Roll {
    std::array::from_fn(|_| rng.random_range(1..=6))
}

#[test]
fn every_state_of_a_table_in_play_passes_its_check() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut steps = 0;
    for game in 0..300 {
        let seats = 2 + game % 3;
        let stack = house::PARTY_STACK / if game % 4 == 0 { 5 } else { 1 };
        let rules = house::party_rules(game as u32 % 3);
        let badges = [None, Some(Badge::Double), Some(Badge::Shield), None];
        let mut table = TableMatch::new(rules, vec![stack; seats], game % seats)
            .unwrap()
            .with_badges(&badges);
        while !matches!(table.step(), TableStep::MatchOver(_)) {
            table
                .check(stack)
                .unwrap_or_else(|e| panic!("game {game}: {e}\n{table:?}"));
            steps += 1;
            if rng.random_ratio(1, 200) {
                let _ = table.leave(rng.random_range(0..seats));
                continue;
            }
            match table.step() {
                TableStep::Throw(s) => table.throw(s).unwrap(),
                TableStep::Rolling(s) => table.rolled(s, roll(&mut rng)).unwrap(),
                TableStep::Reroll(s) if rng.random_bool(0.6) => table.reroll(s).unwrap(),
                TableStep::Reroll(s) => table.stand(s).unwrap(),
                TableStep::Bet(s) => {
                    let bet = *table.legal_bets(s).choose(&mut rng).unwrap();
                    table.bet(s, bet).unwrap();
                }
                TableStep::RoundOver => table.next_round().unwrap(),
                TableStep::MatchOver(_) => unreachable!(),
            }
        }
        table.check(stack).unwrap();
    }
    assert!(steps > 10_000, "{steps} states checked");
}

#[test]
fn every_state_of_a_duel_in_play_passes_its_check() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let badges: Vec<Option<Badge>> = [None].into_iter().chain(Badge::ALL.map(Some)).collect();
    let mut steps = 0;
    for game in 0..300u32 {
        let rules = DuelRules {
            ante: 5,
            step: 5,
            rerolls: game % 3,
            wins: 2,
            badges: [
                *badges.choose(&mut rng).unwrap(),
                *badges.choose(&mut rng).unwrap(),
            ],
        };
        let first = if game % 2 == 0 { Side::Near } else { Side::Far };
        let mut duel = Duel::new(rules, first);
        while !matches!(duel.step(), Step::MatchOver(_)) {
            duel.check()
                .unwrap_or_else(|e| panic!("game {game}: {e}\n{duel:?}"));
            steps += 1;
            match duel.step() {
                Step::Throw(s) => duel.throw(s).unwrap(),
                Step::Rolling(s) => duel.rolled(s, roll(&mut rng)).unwrap(),
                Step::Reroll(s) => {
                    let slot = rng.random_range(0..5);
                    let changed = duel.can_change(s)
                        && rng.random_bool(0.5)
                        && (1..=6).any(|to| duel.change(s, slot, to).is_ok());
                    let rerolled = !changed && rng.random_bool(0.6) && duel.reroll(s).is_ok();
                    if !changed && !rerolled {
                        duel.stand(s).unwrap();
                    }
                }
                Step::Bet(s) => {
                    let bet = *duel.legal_bets(s).choose(&mut rng).unwrap();
                    duel.bet(s, bet).unwrap();
                }
                Step::RoundOver => duel.next_round().unwrap(),
                Step::MatchOver(_) => unreachable!(),
            }
        }
        duel.check().unwrap();
    }
    assert!(steps > 5_000, "{steps} states checked");
}

#[test]
fn a_state_that_breaks_the_rules_is_refused() {
    let duel = Duel::new(
        DuelRules {
            ante: 5,
            step: 5,
            rerolls: 1,
            wins: 2,
            badges: [None, None],
        },
        Side::Near,
    );
    let mut json = serde_json::to_value(&duel).unwrap();
    assert!(duel.check().is_ok());
    json["pot"] = 1_000.into();
    let forged: Duel = serde_json::from_value(json.clone()).unwrap();
    assert!(forged.check().unwrap_err().0.contains("went in"));
    json["pot"] = 10.into();
    json["step"] = serde_json::json!({"Bet": "Player"});
    let early: Duel = serde_json::from_value(json).unwrap();
    assert!(early.check().unwrap_err().0.contains("cannot be taken"));

    let table = TableMatch::new(house::party_rules(1), vec![100; 3], 0).unwrap();
    assert!(table.check(100).is_ok());
    assert!(table.check(90).unwrap_err().0.contains("sat down with 270"));
    let mut json = serde_json::to_value(&table).unwrap();
    json["rolls"] = serde_json::json!([null, null]);
    let short: TableMatch = serde_json::from_value(json).unwrap();
    assert!(
        short
            .check(100)
            .unwrap_err()
            .0
            .contains("2 entries of rolls")
    );
}
