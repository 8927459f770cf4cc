//! The career's ladder: rungs in order, locks, buy-ins, badges, saved progress.

use rand::SeedableRng;

use crate::rules::career::{Badge, CHAMPION_BADGE, Career, Locked, Unlock, VENUES, ladder, rung};
use crate::rules::duel::{Brains, OPPONENTS, play_match};

#[test]
fn the_ladder_is_every_opponent_once_in_roster_order_across_four_venues() {
    let rungs = ladder();
    assert_eq!(rungs.len(), OPPONENTS.len());
    assert!(rungs.len() >= 8 && VENUES.len() >= 4);
    for (r, o) in rungs.iter().zip(&OPPONENTS) {
        assert_eq!(
            r.opponent.key, o.key,
            "the ladder climbs the roster in order"
        );
    }
    // Buy-ins and stakes rise with the venues; the top plays longer matches.
    for pair in VENUES.windows(2) {
        assert!(pair[0].buy_in < pair[1].buy_in);
    }
    for pair in rungs.windows(2) {
        assert!(pair[0].opponent.ante <= pair[1].opponent.ante);
        assert!(pair[0].opponent.wins <= pair[1].opponent.wins);
    }
    assert!(rungs.last().unwrap().opponent.wins > rungs[0].opponent.wins);
    // Every badge is won somewhere, once.
    let mut won: Vec<Badge> = VENUES.iter().map(|v| v.badge).collect();
    won.push(CHAMPION_BADGE);
    won.sort_by_key(|b| b.key());
    won.dedup();
    assert_eq!(won.len(), Badge::ALL.len());
}

#[test]
fn a_rung_opens_when_the_one_below_is_beaten_and_the_buy_in_is_in_hand() {
    let rungs = ladder();
    let mut career = Career::default();
    assert_eq!(
        career.check(&rungs[0], 0),
        Ok(()),
        "the first table is free"
    );
    assert_eq!(
        career.check(&rungs[1], 1_000),
        Err(Locked::Beat(rungs[0].opponent))
    );
    // A loss books the match and opens nothing.
    assert!(career.record(&rungs[0], false).is_empty());
    assert_eq!(career.matches, [1, 0]);
    assert_eq!(
        career.record(&rungs[0], true),
        vec![Unlock::Opponent(rungs[1].opponent)]
    );
    assert_eq!(career.check(&rungs[1], 0), Ok(()));
    // The venue's last opponent gives its badge and opens the next venue,
    // whose buy-in is asked for.
    let opened = career.record(&rungs[1], true);
    assert_eq!(
        opened,
        vec![
            Unlock::Badge(VENUES[0].badge),
            Unlock::Venue(&VENUES[1]),
            Unlock::Opponent(rungs[2].opponent),
        ]
    );
    assert_eq!(
        career.check(&rungs[2], VENUES[1].buy_in - 1),
        Err(Locked::BuyIn(VENUES[1].buy_in))
    );
    assert_eq!(career.check(&rungs[2], VENUES[1].buy_in), Ok(()));
    // A rematch of a beaten opponent is booked but opens nothing again.
    assert!(career.record(&rungs[0], true).is_empty());
    assert_eq!(career.badges, vec![VENUES[0].badge]);
    assert_eq!(career.top_open(), 2);
}

#[test]
fn the_hard_mind_climbs_the_whole_ladder_in_order_and_the_progress_survives_a_save() {
    let brains = Brains::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut career = Career::default();
    let hard = rung("hard").expect("the master").opponent;
    let mut opened_in_order = Vec::new();
    let mut matches = 0;
    while !career.champion() {
        let r = ladder()[career.top_open()];
        assert_eq!(career.check(&r, i64::MAX), Ok(()));
        let result = play_match(hard, r.opponent, r.opponent.rules(1), &brains, &mut rng)
            .expect("legal moves");
        let won = result.winner == crate::rules::duel::Side::Near;
        for u in career.record(&r, won) {
            if let Unlock::Opponent(o) = u {
                opened_in_order.push(o.key);
            }
        }
        matches += 1;
        assert!(matches < 200, "the ladder is climbable");
    }
    let keys: Vec<&str> = OPPONENTS[1..].iter().map(|o| o.key).collect();
    assert_eq!(opened_in_order, keys);
    assert_eq!(career.badges.len(), Badge::ALL.len());
    // Through JSON and back, as the save keeps it.
    let text = serde_json::to_string(&career).unwrap();
    let back: Career = serde_json::from_str(&text).unwrap();
    assert_eq!(back, career);
    // An older save without a career reads as a new one.
    assert_eq!(
        serde_json::from_str::<Career>("{}").unwrap(),
        Career::default()
    );
}

#[test]
fn unknown_names_list_the_valid_ones() {
    let e = rung("nobody").unwrap_err();
    assert!(
        e.contains("nobody") && e.contains("drunk") && e.contains("hard"),
        "{e}"
    );
    let e = Badge::from_key("luck").unwrap_err();
    assert!(
        e.contains("luck") && e.contains("reroll") && e.contains("shield"),
        "{e}"
    );
    assert_eq!(Badge::from_key("flip"), Ok(Badge::Flip));
}
