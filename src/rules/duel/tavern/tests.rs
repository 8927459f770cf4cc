//! The tavern's simulated sittings: an accusation settles a match, and the
//! line catches a loaded die far more often than it wrongs an honest opponent.

use super::*;
use crate::rules::duel::RoundEnd;
use crate::rules::duel::cheat::SUGGEST_ODDS;
use crate::rules::duel::opponent::SOLVED;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn opponent(key: &str) -> &'static Opponent {
    Opponent::find(key).expect("on the roster")
}

#[test]
fn an_accusation_settles_the_match_for_whoever_was_right() {
    for (caught, winner) in [(true, Side::Near), (false, Side::Far)] {
        let mut duel = Duel::new(opponent("easy").rules(2), Side::Near);
        duel.throw(Side::Near).unwrap();
        // The dice searched are the ones lying still.
        assert!(duel.accuse(Side::Near, caught).is_err());
        duel.rolled(Side::Near, [1, 2, 3, 4, 6]).unwrap();
        let pot = duel.pot();
        duel.accuse(Side::Near, caught).unwrap();
        assert_eq!(duel.winner(), Some(winner));
        assert_eq!(duel.won(winner), pot);
        assert_eq!(duel.pot(), 0);
        let end = RoundEnd::Accused {
            by: Side::Near,
            caught,
        };
        assert_eq!(duel.last_end(), Some(end));
        assert_eq!(end.winner(), Some(winner));
        // A settled match passes the save's checks and takes no more.
        duel.check().unwrap();
        assert!(duel.accuse(Side::Far, true).is_err());
        assert!(duel.next_round().is_err());
    }
}

#[test]
fn a_player_accusing_at_a_line_ends_the_match_when_the_odds_reach_it() {
    let (player, rival) = (opponent("hard"), opponent("minstrel"));
    let mut tray = [DieKind::Fair; DICE];
    tray[1] = DieKind::Loaded;
    let fair = [DieKind::Fair.chances(); DICE];
    let engine = CrookedDuel::new(&tray.map(DieKind::chances), &fair);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for (tray, engine, caught) in [
        (tray, Some(&engine), true),
        ([DieKind::Fair; DICE], None, false),
    ] {
        let game = CrookedMatch {
            player,
            rival,
            tray,
            accuse_at: Some(1.5),
        };
        let mut seen = Sighting::default();
        let mut watched = 0;
        let played = game
            .play(
                rival.rules(2),
                (&SOLVED, engine),
                (&mut seen, &mut |_: &Sighting| watched += 1),
                &mut rng,
            )
            .unwrap();
        assert_eq!(played.accused, Some(caught));
        let end = Some(RoundEnd::Accused {
            by: Side::Near,
            caught,
        });
        assert_eq!(played.duel.last_end(), end);
        assert!(seen.suspect().is_some_and(|s| s.odds >= 1.5), "{seen:?}");
        assert!(watched >= 1);
        played.duel.check().unwrap();
    }
}

#[test]
fn the_line_catches_a_loaded_die_far_more_often_than_it_wrongs_an_honest_opponent() {
    let (player, rival) = (opponent("hard"), opponent("shipwright"));
    let rules = rival.rules(2);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let lines = [SUGGEST_ODDS];
    let row = |kind, rng: &mut ChaCha8Rng| {
        cheat_row(player, rival, (kind, 4), &lines, 60, rules, &SOLVED, rng).unwrap()
    };
    let (honest, loaded) = (row(DieKind::Fair, &mut rng), row(DieKind::Loaded, &mut rng));
    let (fair_line, line) = (&honest.lines[0], &loaded.lines[0]);
    assert_eq!(fair_line.caught, 0, "{honest:?}");
    assert_eq!(line.caught, line.accusations, "{loaded:?}");
    assert!(
        line.caught > 3 * fair_line.accusations,
        "{honest:?} {loaded:?}"
    );
    // A die that shows a six more than a third of the time wins its
    // cheat more matches, until it is called out.
    assert!(
        loaded.rival_wins_unaccused > honest.rival_wins_unaccused,
        "{honest:?} {loaded:?}"
    );
    assert!(
        line.rival_wins_accused < loaded.rival_wins_unaccused,
        "{loaded:?}"
    );
    assert!(line.throws_to_catch >= 4.0, "{loaded:?}");
    let share = wrong_share(&honest, &loaded, 0.25, 0);
    assert!((0.0..0.5).contains(&share), "{share}");
}
