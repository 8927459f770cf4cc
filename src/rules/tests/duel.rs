//! The duel: the exact engine against brute force, the referee's antes, bets,
//! folds and draws, and the computer opponents' moves.

use rand::SeedableRng;

use crate::rules::Ratio;
use crate::rules::duel::{
    BetAction, Brains, CLASSIC, Duel, DuelEngine, DuelRules, Opponent, ROUNDS_TO_WIN, RoundEnd,
    Side, Step, pairing,
};
use crate::rules::hand::evaluate_roll;

/// Win and tie counts over 6^(5 × rerolls), by brute force: every subset of
/// dice positions held, every ordered outcome of the rest, independently of
/// the engine's multiset ladders.
fn brute(
    roll: [u8; 5],
    rerolls: usize,
    worth: &mut dyn FnMut(&[u8; 5]) -> (u128, u128),
) -> (u128, u128) {
    if rerolls == 0 {
        return worth(&roll);
    }
    let mut best = worth(&roll);
    let scale = 7_776u128.pow(rerolls as u32);
    best = (best.0 * scale, best.1 * scale);
    for mask in 0u32..31 {
        let free: Vec<usize> = (0..5).filter(|i| mask & (1 << i) == 0).collect();
        let widen = 6u128.pow(5 - free.len() as u32);
        let mut sum = (0u128, 0u128);
        for outcome in 0..6usize.pow(free.len() as u32) {
            let mut next = roll;
            let mut rest = outcome;
            for &i in &free {
                next[i] = (rest % 6) as u8 + 1;
                rest /= 6;
            }
            let (w, t) = brute(next, rerolls - 1, worth);
            sum = (sum.0 + w * widen, sum.1 + t * widen);
        }
        if 2 * sum.0 + sum.1 > 2 * best.0 + best.1 {
            best = sum;
        }
    }
    best
}

fn versus(mine: &[u8; 5], theirs: &[u8; 5]) -> (u128, u128) {
    match evaluate_roll(mine).cmp(&evaluate_roll(theirs)) {
        std::cmp::Ordering::Greater => (1, 0),
        std::cmp::Ordering::Equal => (0, 1),
        std::cmp::Ordering::Less => (0, 0),
    }
}

#[test]
fn duel_engine_matches_brute_force_against_a_final_hand() {
    let engine = DuelEngine::new();
    for (mine, theirs) in [
        ([2, 2, 3, 4, 6], [5, 5, 5, 1, 2]),
        ([1, 2, 3, 4, 6], [2, 2, 4, 4, 6]),
        ([6, 6, 1, 1, 3], [6, 6, 1, 1, 3]),
    ] {
        let best = engine.best(&mine, 1, &theirs, 0).unwrap();
        let (w, t) = brute(mine, 1, &mut |f| versus(f, &theirs));
        assert_eq!(best.win, Ratio::new(w, 7_776), "{mine:?} vs {theirs:?}");
        assert_eq!(best.tie, Ratio::new(t, 7_776), "{mine:?} vs {theirs:?}");
        assert_eq!(
            best.value,
            Ratio::new(2 * w + t, 2 * 7_776),
            "{mine:?} vs {theirs:?}"
        );
    }
}

#[test]
fn duel_engine_matches_brute_force_when_the_opponent_answers() {
    let engine = DuelEngine::new();
    let (mine, theirs) = ([3, 3, 5, 1, 6], [4, 4, 2, 2, 6]);
    // Their best answer to each of my final hands, memoised by the sorted hand.
    let mut answers = std::collections::HashMap::new();
    let mut worth = |f: &[u8; 5]| {
        let mut key = *f;
        key.sort_unstable();
        let (w, t) = *answers
            .entry(key)
            .or_insert_with(|| brute(theirs, 1, &mut |g| versus(g, &key)));
        (7_776 - w - t, t)
    };
    let (w, t) = brute(mine, 1, &mut worth);
    let best = engine.best(&mine, 1, &theirs, 1).unwrap();
    let den = 7_776u128 * 7_776;
    assert_eq!(
        (best.win, best.tie, best.loss),
        (
            Ratio::new(w, den),
            Ratio::new(t, den),
            Ratio::new(den - w - t, den)
        )
    );
    // The betting value before anyone rerolls is the same solve.
    assert_eq!(engine.position(&mine, 1, &theirs, 1).unwrap(), best);
}

#[test]
fn duel_engine_checked_by_hand() {
    let engine = DuelEngine::new();
    // Four 5s against a final four 5s with a 6: a 5 wins, a 6 ties, else lose.
    let best = engine
        .best(&[5, 5, 5, 5, 2], 1, &[5, 5, 5, 5, 6], 0)
        .unwrap();
    assert_eq!(best.held, vec![5, 5, 5, 5]);
    assert_eq!(
        (best.win, best.tie, best.loss, best.value),
        (
            Ratio::new(1, 6),
            Ratio::new(1, 6),
            Ratio::new(2, 3),
            Ratio::new(1, 4)
        )
    );
    // Already ahead of a final hand: stand and win for sure.
    let best = engine
        .best(&[6, 6, 6, 6, 6], 2, &[1, 1, 1, 1, 1], 0)
        .unwrap();
    assert!(best.stands());
    assert_eq!(best.win, Ratio::new(1, 1));
    // No rerolls on either side: the comparison itself.
    let c = engine
        .position(&[2, 3, 4, 5, 6], 0, &[1, 2, 3, 4, 5], 0)
        .unwrap();
    assert_eq!(c.win, Ratio::new(1, 1));
    // More rerolls never hurt against a final hand; win + tie + loss = 1.
    for roll in [[1, 2, 3, 4, 6], [2, 2, 5, 5, 1], [4, 4, 4, 1, 2]] {
        let one = engine.best(&roll, 1, &[3, 3, 3, 6, 6], 0).unwrap();
        let two = engine.best(&roll, 2, &[3, 3, 3, 6, 6], 0).unwrap();
        assert!(two.value >= one.value, "{roll:?}");
        for choice in engine.solve(&roll, 2, &[3, 3, 3, 6, 6], 1).unwrap() {
            let sum = choice.win.to_f64() + choice.tie.to_f64() + choice.loss.to_f64();
            assert!((sum - 1.0).abs() < 1e-12);
        }
    }
    assert!(
        engine
            .solve(
                &[1, 2, 3, 4, 5],
                crate::rules::duel::ENGINE_REROLLS + 1,
                &[1, 1, 1, 1, 1],
                0
            )
            .is_err()
    );
}

/// One reroll a side, no badge: the rules these tests play by.
pub(crate) const RULES: DuelRules = DuelRules {
    ante: 10,
    step: 10,
    rerolls: 1,
    wins: ROUNDS_TO_WIN,
    badges: [None, None],
};

/// Player throws first; both rolls land; returns the table at the betting turn.
fn to_betting(player: [u8; 5], cpu: [u8; 5]) -> Duel {
    let mut duel = Duel::new(RULES, Side::Near);
    assert_eq!(duel.step(), Step::Throw(Side::Near));
    assert!(duel.throw(Side::Far).is_err(), "not the opponent's turn");
    duel.throw(Side::Near).unwrap();
    duel.rolled(Side::Near, player).unwrap();
    duel.throw(Side::Far).unwrap();
    duel.rolled(Side::Far, cpu).unwrap();
    assert_eq!(duel.step(), Step::Bet(Side::Near));
    duel
}

#[test]
fn duel_fold_gives_the_pot_to_the_other_side() {
    let mut duel = to_betting([1, 1, 2, 3, 4], [6, 6, 6, 2, 3]);
    assert_eq!(
        duel.legal_bets(Side::Near),
        vec![BetAction::Check, BetAction::Raise]
    );
    assert!(
        duel.bet(Side::Near, BetAction::Fold).is_err(),
        "nothing to fold to"
    );
    duel.bet(Side::Near, BetAction::Raise).unwrap();
    assert_eq!(
        duel.legal_bets(Side::Far),
        vec![BetAction::Call, BetAction::Fold, BetAction::Raise]
    );
    duel.bet(Side::Far, BetAction::Fold).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Fold(Side::Far)));
    assert_eq!(duel.score(Side::Near), 1);
    assert_eq!(duel.won(Side::Near), 30, "two antes and the raise");
    assert_eq!(duel.net(Side::Near), 10);
    assert_eq!(duel.net(Side::Near) + duel.net(Side::Far), 0);
    // The next round: the opponent moves first.
    duel.next_round().unwrap();
    assert_eq!(duel.step(), Step::Throw(Side::Far));
}

#[test]
fn duel_re_raise_then_rerolls_in_turn_then_showdown() {
    let mut duel = to_betting([2, 2, 3, 4, 6], [5, 5, 1, 2, 3]);
    duel.bet(Side::Near, BetAction::Raise).unwrap();
    duel.bet(Side::Far, BetAction::Raise).unwrap();
    assert_eq!(duel.to_call(Side::Near), 10);
    assert_eq!(
        duel.legal_bets(Side::Near),
        vec![BetAction::Call, BetAction::Fold],
        "no third raise"
    );
    duel.bet(Side::Near, BetAction::Call).unwrap();
    // Antes 2 × 10, the raise 10, the re-raise 10 + 10, the call 10.
    assert_eq!(duel.pot(), 60);
    assert_eq!(duel.step(), Step::Reroll(Side::Near));
    assert_eq!(duel.rerolls_to_come(Side::Far), 1);
    duel.reroll(Side::Near).unwrap();
    duel.rolled(Side::Near, [2, 2, 2, 4, 6]).unwrap();
    // The player is out of rerolls: the opponent faces a final hand.
    assert_eq!(duel.step(), Step::Reroll(Side::Far));
    assert_eq!(duel.rerolls_to_come(Side::Near), 0);
    duel.stand(Side::Far).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Showdown(Side::Near)));
    assert_eq!(duel.won(Side::Near), 60);
    assert_eq!(duel.put_in(Side::Near), 30);
}

#[test]
fn duel_draw_keeps_the_pot_and_replays_until_a_winner() {
    let mut duel = to_betting([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]);
    duel.bet(Side::Near, BetAction::Check).unwrap();
    duel.bet(Side::Far, BetAction::Check).unwrap();
    duel.stand(Side::Near).unwrap();
    duel.stand(Side::Far).unwrap();
    assert_eq!(duel.last_end(), Some(RoundEnd::Draw));
    assert_eq!((duel.score(Side::Near), duel.score(Side::Far)), (0, 0));
    assert_eq!(duel.pot(), 20, "the pot waits for the replay");
    duel.next_round().unwrap();
    assert_eq!(duel.pot(), 40);
    assert_eq!(duel.draws(), 1);
    // Two rounds to the opponent end the match; coins balance.
    for _ in 0..2 {
        let first = duel.first();
        duel.throw(first).unwrap();
        duel.rolled(first, [1, 1, 2, 3, 4]).unwrap();
        duel.throw(first.other()).unwrap();
        duel.rolled(first.other(), [6, 6, 6, 6, 1]).unwrap();
        duel.bet(first, BetAction::Check).unwrap();
        duel.bet(first.other(), BetAction::Check).unwrap();
        duel.stand(first).unwrap();
        duel.stand(first.other()).unwrap();
        if duel.step() == Step::RoundOver {
            duel.next_round().unwrap();
        }
    }
    // Rounds alternate first movers, so each side had the 6s once: 1–1 now.
    assert_eq!((duel.score(Side::Near), duel.score(Side::Far)), (1, 1));
    // Every coin put in is either won or in the new round's pot.
    assert_eq!(
        duel.net(Side::Near) + duel.net(Side::Far) + duel.pot() as i64,
        0
    );
}

#[test]
fn computer_opponents_only_make_legal_moves_and_the_hard_one_wins_clearly() {
    let brains = Brains::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let [easy, normal, hard] = CLASSIC.map(|key| Opponent::find(key).expect("a classic opponent"));
    // Every move goes through the referee; an illegal one fails the match.
    let mut run = |a, b| pairing(a, b, 400, 1, &brains, &mut rng).expect("legal matches");
    let hard_easy = run(hard, easy);
    let hard_normal = run(hard, normal);
    let normal_easy = run(normal, easy);
    println!("{hard_easy:?}\n{hard_normal:?}\n{normal_easy:?}");
    assert!(
        hard_easy.win_rate > 0.56,
        "hard beats easy clearly: {hard_easy:?}"
    );
    assert!(hard_easy.rounds[0] > hard_easy.rounds[1]);
    assert!(hard_easy.coins_per_match > 0.0 && hard_normal.coins_per_match > 0.0);
    assert!(normal_easy.win_rate > 0.5, "{normal_easy:?}");
}

#[test]
fn the_seats_keep_the_names_saves_and_peers_have_always_used() {
    assert_eq!(serde_json::to_string(&Side::Near).unwrap(), "\"Player\"");
    assert_eq!(serde_json::to_string(&Side::Far).unwrap(), "\"Cpu\"");
    let back: Side = serde_json::from_str("\"Cpu\"").unwrap();
    assert_eq!(back, Side::Far);
    assert_eq!(Side::Near.other(), Side::Far);
    assert_eq!([Side::Near.index(), Side::Far.index()], [0, 1]);
}

#[test]
fn a_duel_turn_numbers_its_sides_and_back() {
    use crate::rules::turn::Turn;
    let turns = [
        Step::Throw(Side::Near),
        Step::Rolling(Side::Far),
        Step::Bet(Side::Far),
        Step::Reroll(Side::Near),
        Step::RoundOver,
        Step::MatchOver(Side::Far),
    ];
    for turn in turns {
        assert_eq!(turn.seated().sided(), Some(turn));
        assert_eq!(turn.seated().mover(), turn.mover().map(Side::index));
        assert_eq!(turn.seated().is_decided(), turn.is_decided());
    }
    assert_eq!(Step::Bet(Side::Far).seated(), Turn::Bet(1));
    assert_eq!(Turn::Bet(2).sided(), None);
    assert_eq!(Turn::MatchOver(3).sided(), None);
    // A save's duel step, written when it was an enum of its own, still reads.
    let saved: Step = serde_json::from_str(r#"{"Reroll":"Cpu"}"#).unwrap();
    assert_eq!(saved, Step::Reroll(Side::Far));
}
