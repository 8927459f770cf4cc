//! The pots of a round at a table of several seats: a main pot every seat
//! still in can win, and a side pot above each all-in seat's stake that only
//! those who put in more can win; each paid to the best hand among those who
//! may win it, a tie split evenly with the odd coins given one by one from
//! the first seat after the round's starter.

use crate::rules::hand::Hand;

/// One pot of a round: its coins and the seats that may win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    /// The coins in it.
    pub coins: u64,
    /// The seats still in the round that put in at least this pot's level,
    /// in seat order.
    pub eligible: Vec<usize>,
}

/// The pots made by what each seat put in this round (`put`, by seat) when
/// the seats with `live[seat]` are still in: the main pot first. A folded
/// seat's coins stay in the pots it reached; coins above every live seat's
/// level (a folded seat's over-bet) go to the top pot.
pub fn side_pots(put: &[u64], live: &[bool]) -> Vec<Pot> {
    let mut levels: Vec<u64> = put
        .iter()
        .zip(live)
        .filter(|&(&p, &l)| l && p > 0)
        .map(|(&p, _)| p)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len());
    let mut below = 0;
    for &level in &levels {
        let coins = put
            .iter()
            .map(|&p| p.min(level) - p.min(below))
            .sum::<u64>();
        let eligible = (0..put.len())
            .filter(|&s| live[s] && put[s] >= level)
            .collect();
        pots.push(Pot { coins, eligible });
        below = level;
    }
    let beyond: u64 = put.iter().map(|&p| p.saturating_sub(below)).sum();
    match pots.last_mut() {
        Some(top) => top.coins += beyond,
        None if beyond > 0 => pots.push(Pot {
            coins: beyond,
            eligible: (0..put.len()).filter(|&s| live[s]).collect(),
        }),
        None => {}
    }
    pots
}

/// What each seat takes from `pots` with these hands (`None`: no hand, a
/// folded seat), the odd coins of a split given one at a time in turn order
/// from the seat after `starter`. Returns the coins by seat.
pub fn pay(pots: &[Pot], hands: &[Option<Hand>], starter: usize) -> Vec<u64> {
    let seats = hands.len();
    let mut paid = vec![0; seats];
    for pot in pots {
        let best = pot.eligible.iter().filter_map(|&s| hands[s]).max();
        let winners: Vec<usize> = (1..=seats)
            .map(|k| (starter + k) % seats)
            .filter(|s| pot.eligible.contains(s) && hands[*s].is_some() && hands[*s] == best)
            .collect();
        if winners.is_empty() {
            continue;
        }
        let each = pot.coins / winners.len() as u64;
        let odd = (pot.coins % winners.len() as u64) as usize;
        for (i, &w) in winners.iter().enumerate() {
            paid[w] += each + u64::from(i < odd);
        }
    }
    paid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hand::evaluate_roll;

    #[test]
    fn an_all_in_seat_can_win_only_what_it_matched() {
        // Seat 1 is all in for 10; seats 0 and 2 go on to 30; seat 3 folded at 5.
        let pots = side_pots(&[30, 10, 30, 5], &[true, true, true, false]);
        assert_eq!(
            pots,
            [
                Pot {
                    coins: 35,
                    eligible: vec![0, 1, 2]
                },
                Pot {
                    coins: 40,
                    eligible: vec![0, 2]
                },
            ]
        );
        // The all-in seat has the best hand: it takes the main pot only.
        let hands = [
            Some(evaluate_roll(&[2, 2, 3, 4, 6])),
            Some(evaluate_roll(&[5, 5, 5, 5, 1])),
            Some(evaluate_roll(&[3, 3, 4, 4, 6])),
            None,
        ];
        assert_eq!(pay(&pots, &hands, 0), [0, 35, 40, 0]);
    }

    #[test]
    fn an_uncalled_bet_comes_back_and_folded_coins_stay_in() {
        // Seat 0 bet 30, the only other live seat was all in for 10.
        let pots = side_pots(&[30, 10, 20], &[true, true, false]);
        assert_eq!(pots.iter().map(|p| p.coins).sum::<u64>(), 60);
        let hands = [
            Some(evaluate_roll(&[1, 1, 2, 3, 5])),
            Some(evaluate_roll(&[6, 6, 6, 2, 3])),
            None,
        ];
        // Seat 1 wins what it matched from everyone (10 + 10 + 10); seat 0
        // the rest, its own 20 above that and seat 2's 10 above 10.
        assert_eq!(pay(&pots, &hands, 2), [30, 30, 0]);
    }

    #[test]
    fn a_split_gives_the_odd_coins_from_the_seat_after_the_starter() {
        let pots = side_pots(&[10, 10, 10, 1], &[true, true, true, false]);
        assert_eq!(pots.iter().map(|p| p.coins).sum::<u64>(), 31);
        let same = Some(evaluate_roll(&[4, 4, 2, 2, 6]));
        let worse = Some(evaluate_roll(&[1, 2, 3, 4, 6]));
        // Seats 0 and 2 tie: 31 = 15 + 16, the odd coin to the first of them after seat 1.
        assert_eq!(pay(&pots, &[same, worse, same, None], 1), [15, 0, 16, 0]);
        // Starter 2: seat 0 comes first after it.
        assert_eq!(pay(&pots, &[same, worse, same, None], 2), [16, 0, 15, 0]);
        // A three-way tie of 31: 11, 10, 10 from the seat after the starter.
        assert_eq!(pay(&pots, &[same, same, same, None], 0), [10, 11, 10, 0]);
    }

    #[test]
    fn every_coin_put_in_is_paid_out_whatever_the_stakes() {
        // Every pattern of four stakes 0..=3 × 10, live or not, best hand anywhere.
        let hands = [
            evaluate_roll(&[1, 1, 3, 4, 6]),
            evaluate_roll(&[2, 2, 3, 4, 6]),
            evaluate_roll(&[2, 2, 3, 4, 6]),
            evaluate_roll(&[6, 6, 6, 1, 2]),
        ];
        for code in 0..(4u32.pow(4) * 16) {
            let put: Vec<u64> = (0..4)
                .map(|s| u64::from((code >> (2 * s)) & 3) * 10)
                .collect();
            let live: Vec<bool> = (0..4).map(|s| code >> (8 + s) & 1 == 1).collect();
            if !live.iter().any(|&l| l) {
                continue;
            }
            let pots = side_pots(&put, &live);
            let shown: Vec<Option<Hand>> = (0..4).map(|s| live[s].then_some(hands[s])).collect();
            let paid = pay(&pots, &shown, 0);
            assert_eq!(
                paid.iter().sum::<u64>(),
                put.iter().sum::<u64>(),
                "{put:?} {live:?}"
            );
            // Where no folded seat put in more than every live one (as in
            // any betting round), a seat wins at most each stake up to its own.
            let top_live = (0..4).filter(|&s| live[s]).map(|s| put[s]).max();
            let well_formed = (0..4).all(|s| live[s] || Some(put[s]) <= top_live);
            for s in 0..4 {
                let reach: u64 = put.iter().map(|&p| p.min(put[s])).sum();
                if well_formed {
                    assert!(paid[s] <= reach, "{put:?} {live:?} seat {s}");
                }
                if !live[s] {
                    assert_eq!(paid[s], 0);
                }
            }
        }
    }
}
