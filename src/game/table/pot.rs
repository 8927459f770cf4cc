//! The pot as coins on the table, in either format: piles that grow with
//! every ante and bet and, when a round is decided, slide to the seats it
//! paid (with reduced motion they are simply there). The referee's pot and
//! shares are the only source: on every accepted move the coins are made to
//! match them, so a table that comes back, or one played over the network,
//! shows the same piles as one played through here. Where the piles stand
//! is the format's own ([`Refereed::pot_place`], [`Refereed::won_place`]);
//! the discs' look and travel are [`super::coins`]'.

use bevy::prelude::*;

use crate::game::profile::ReducedMotion;
use crate::rules::referee::Referee;
use crate::rules::turn::SeatId;

use super::coins::{CoinLook, Laying, discs_for, match_pot, send_disc, slide_way};
use super::{Moved, Refereed};

/// One disc: its number in its pile, whose it is (`None`: still in the
/// pot, else the seat the pot paid it to) and where it comes to rest.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Coin {
    pub index: u32,
    pub owner: Option<SeatId>,
    pub rest: Vec3,
}

/// How many of `discs` each seat takes for its share (`shares`): in
/// proportion, the discs a share leaves over going to the largest
/// remainders, so every disc goes to a seat that was paid.
pub fn shares_of(discs: u32, shares: &[u64]) -> Vec<u32> {
    let total: u64 = shares.iter().sum();
    if total == 0 {
        return vec![0; shares.len()];
    }
    let exact: Vec<u64> = shares.iter().map(|&p| p * u64::from(discs)).collect();
    let mut taken: Vec<u32> = exact.iter().map(|&e| (e / total) as u32).collect();
    let mut left = discs - taken.iter().sum::<u32>();
    let mut order: Vec<usize> = (0..shares.len()).filter(|&s| shares[s] > 0).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(exact[s] % total));
    for s in order.into_iter().cycle() {
        if left == 0 {
            break;
        }
        taken[s] += 1;
        left -= 1;
    }
    taken
}

/// Keeps the discs in step with the referee of the format `M`: a decided
/// round's pot goes to the seats it paid (a draw leaves it for the next
/// round), a new round clears the last one's winnings away, and the pot
/// gains or loses discs to match the coins in it.
pub fn follow_pot<M: Refereed>(
    moved: On<Moved>,
    game: Option<Res<M>>,
    coins: Query<(Entity, &Coin, &Transform)>,
    motion: Option<Res<ReducedMotion>>,
    look: Option<Res<CoinLook>>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let Some(game) = game else {
        return;
    };
    let referee = game.referee();
    let still = motion.is_some_and(|m| m.0);
    let now = time.elapsed_secs();
    let decided = moved.to.is_decided();
    let was_decided = moved.from.is_some_and(|f| f.is_decided());
    let mut pot: Vec<(Entity, Coin, Vec3)> = Vec::new();
    for (entity, coin, at) in &coins {
        let gone = moved.from.is_none() || (coin.owner.is_some() && was_decided && !decided);
        if gone {
            commands.entity(entity).despawn();
        } else if coin.owner.is_none() {
            pot.push((entity, *coin, at.translation));
        }
    }
    pot.sort_by_key(|(_, coin, _)| coin.index);
    if decided && !was_decided {
        let shares = shares_of(pot.len() as u32, &referee.last_shares());
        let mut discs = pot.drain(..);
        for (seat, &share) in shares.iter().enumerate() {
            for (index, (entity, coin, at)) in (0..share).zip(discs.by_ref()) {
                let rest = game.won_place(seat, index);
                let way = slide_way(at, coin.index, now);
                let mut disc = commands.entity(entity);
                let owner = Some(seat);
                disc.insert(Coin { index, owner, rest });
                send_disc(&mut disc, rest, way, still);
            }
        }
    }
    let want = discs_for(referee.pot(), referee.ante());
    let have: Vec<(Entity, u32)> = pot.iter().map(|(e, c, _)| (*e, c.index)).collect();
    let laying = Laying {
        still,
        now,
        look: look.as_deref(),
    };
    let place = |index| game.pot_place(index);
    let disc = |index, rest| {
        let owner = None;
        (Coin { index, owner, rest }, DespawnOnExit(M::SCREEN))
    };
    match_pot(&mut commands, &have, want, place, disc, &laying);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::table::coins::MAX_DISCS;

    #[test]
    fn every_disc_goes_to_a_seat_that_was_paid_in_proportion() {
        assert_eq!(shares_of(20, &[0, 40, 0]), [0, 20, 0]);
        assert_eq!(shares_of(21, &[0, 20, 20, 0]), [0, 11, 10, 0]);
        assert_eq!(shares_of(10, &[5, 10, 15]), [2, 3, 5]);
        assert_eq!(shares_of(7, &[0, 0]), [0, 0]);
        // A duel's winner takes every disc.
        assert_eq!(shares_of(13, &[0, 1]), [0, 13]);
        for discs in 0..=MAX_DISCS {
            let shares = shares_of(discs, &[3, 0, 17, 9]);
            assert_eq!(shares.iter().sum::<u32>(), discs);
            assert_eq!(shares[1], 0);
        }
    }
}
