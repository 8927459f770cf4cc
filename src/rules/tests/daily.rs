//! The daily challenge: dates read and made, the same dice for everyone on a
//! day, and a score that counts only the holds.

use crate::rules::daily::{
    DAILY_GAMES, HeldMark, SHARE_BEST, SHARE_CLOSE, date_of_day, parse_date, play_daily, share_grid,
};
use crate::rules::{PayoutTable, Strategy};

#[test]
fn dates_are_real_days() {
    assert_eq!(date_of_day(0), "1970-01-01");
    assert_eq!(date_of_day(20_423), "2025-12-01");
    assert_eq!(date_of_day(19_417), "2023-03-01");
    assert!(parse_date("2024-02-29").is_ok());
    for bad in [
        "2023-02-29",
        "2026-13-01",
        "2026-1-01",
        "yesterday",
        "2026-12-00",
    ] {
        assert!(parse_date(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_day_deals_the_same_dice_to_everyone_and_scores_only_the_holds() {
    let payouts = PayoutTable::default();
    let strategy = Strategy::new(payouts, 2);
    let best = |roll: &_, left| strategy.best(roll, left).held;
    let a = play_daily("2026-12-01", &strategy, &payouts, best);
    let b = play_daily("2026-12-01", &strategy, &payouts, best);
    assert_eq!(a, b, "the same day, the same games");
    assert_eq!(a.len(), DAILY_GAMES as usize);
    assert!(
        a.iter().all(|g| g.given_up == 0.0),
        "the best holds give up nothing"
    );
    let other = play_daily("2026-12-02", &strategy, &payouts, best);
    assert_ne!(
        a.iter().map(|g| g.first_throw).collect::<Vec<_>>(),
        other.iter().map(|g| g.first_throw).collect::<Vec<_>>()
    );
    // Standing on every first throw gives up what the best holds expected
    // more, and the first throws are the day's, whatever the holds.
    let stand = play_daily("2026-12-01", &strategy, &payouts, |roll: &_, _| {
        let mut all = roll.to_vec();
        all.sort_unstable();
        all
    });
    for (s, g) in stand.iter().zip(&a) {
        assert_eq!(s.first_throw, g.first_throw);
        let expected_best = strategy.best(&g.first_throw, 2).expected.to_f64();
        let expected_stand = strategy
            .advise(&g.first_throw, 2)
            .iter()
            .find(|c| c.held.len() == 5)
            .unwrap()
            .expected
            .to_f64();
        assert!((s.given_up - (expected_best - expected_stand)).abs() < 1e-12);
    }
    assert!(stand.iter().map(|g| g.given_up).sum::<f64>() > 0.0);
}

#[test]
fn the_shared_line_marks_each_game_by_how_far_its_holds_fell_from_the_best() {
    assert_eq!(HeldMark::of(0.0), HeldMark::Best);
    // What the panel shows as 0.00 is the best.
    assert_eq!(HeldMark::of(SHARE_BEST - 1e-6), HeldMark::Best);
    assert_eq!(HeldMark::of(SHARE_BEST), HeldMark::Close);
    assert_eq!(HeldMark::of(SHARE_CLOSE - 1e-6), HeldMark::Close);
    assert_eq!(HeldMark::of(SHARE_CLOSE), HeldMark::Off);
    assert_eq!(share_grid(&[0.0, 0.3, 2.0, 0.0, 0.6]), "🟩🟨🟥🟩🟥");
    assert_eq!(share_grid(&[]), "");
}
