//! Minds behind one face. A computer seat of either format answers the
//! same two questions, its bet and its hold, through [`Mind`] (a duel's
//! opponent keeps the exact two-player engine, a table's seat its own
//! mind); what a mind plays as a move ([`decision`]) and a whole match of
//! minds ([`play_out`]) are written once over the [`Referee`].

use rand::Rng;

use crate::rules::hand::{DICE, Roll, slots_keeping};
use crate::rules::ratio::Ratio;
use crate::rules::referee::{Illegal, Referee};
use crate::rules::turn::{BetAction, SeatId, Turn};

/// A seat's move, as its mind chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Throw (the first throw of a round).
    Throw,
    /// Reroll the dice not kept (the slots kept).
    Reroll([bool; DICE]),
    /// Keep the hand.
    Stand,
    /// Bet.
    Bet(BetAction),
}

/// A mind's hold: the faces it keeps (any order; all five: it stands),
/// the die a badge changes as it stands (`(from, to)`), and its chance of
/// taking the round with it where the mind knows it exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hold {
    /// Faces kept.
    pub held: Vec<u8>,
    /// The die its badge changes.
    pub change: Option<(u8, u8)>,
    /// P(win) + P(tie)/2 with this hold (a duel's exact engine knows it).
    pub chance: Option<Ratio>,
    /// The dice kept, by slot, where it matters which of like faces (a mind
    /// that knows each die's chances says; `None`: any dice showing `held`).
    pub slots: Option<[bool; DICE]>,
}

impl Hold {
    /// True when every die is kept.
    pub fn stands(&self) -> bool {
        self.held.len() >= DICE
    }
}

/// A computer mind playing a seat at referee `R`'s match.
pub trait Mind<R: Referee> {
    /// `seat`'s bet now (`None`: no bet is due).
    fn bet(&self, referee: &R, seat: SeatId, rng: &mut impl Rng) -> Option<BetAction>;
    /// `seat`'s hold now (`None`: no hold is due).
    fn hold(&self, referee: &R, seat: SeatId, rng: &mut impl Rng) -> Option<Hold>;
}

/// What `mind` plays in `seat` now, as a move (no badge: a seat played
/// without a person, `host --auto`, `join --auto`, the tests): a bet it
/// cannot name folds, a hold of every die stands.
pub fn decision<R: Referee, M: Mind<R>>(
    mind: &M,
    referee: &R,
    seat: SeatId,
    rng: &mut impl Rng,
) -> Decision {
    match referee.turn() {
        Turn::Bet(_) => Decision::Bet(mind.bet(referee, seat, rng).unwrap_or(BetAction::Fold)),
        Turn::Reroll(_) => match (mind.hold(referee, seat, rng), referee.roll(seat)) {
            (Some(hold), Some(roll)) if !hold.stands() => {
                Decision::Reroll(slots_keeping(&roll, &hold.held))
            }
            _ => Decision::Stand,
        },
        _ => Decision::Throw,
    }
}

/// Why a match of minds stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The referee refused a mind's move.
    Refused(Illegal),
    /// A mind named no move when one was due.
    Silent(&'static str),
    /// A badge's change named a die the seat does not show.
    NoSuchDie,
    /// The match did not end within this many moves.
    Endless(u32),
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Refused(e) => e.fmt(f),
            Stopped::Silent(what) => write!(f, "no {what} when one was due"),
            Stopped::NoSuchDie => f.write_str("no such die"),
            Stopped::Endless(moves) => write!(f, "no end after {moves} moves"),
        }
    }
}

/// Plays `referee`'s match to its end with fair dice from `rng`, each seat
/// by its mind in `minds`: a throw lands on fresh faces, a reroll keeps
/// the faces held first; `after` is told after every move (a check of the
/// coins, a count). The minds and the dice draw from `rng` in the order
/// the moves come, so one seed plays one match.
pub fn play_out<R: Referee, M: Mind<R>>(
    referee: &mut R,
    minds: &[M],
    rng: &mut impl Rng,
    most: u32,
    mut after: impl FnMut(&R) -> Result<(), String>,
) -> Result<(), String> {
    let mut kept: Vec<Vec<u8>> = vec![Vec::new(); referee.seats()];
    for _ in 0..most {
        let moved = match referee.turn() {
            Turn::MatchOver(_) => return Ok(()),
            Turn::Throw(s) => {
                kept[s].clear();
                referee.throw(s)
            }
            Turn::Rolling(s) => referee.rolled(s, throw_rest(&kept[s], rng)),
            Turn::Bet(s) => {
                let bet = minds[s].bet(referee, s, rng);
                referee.bet(s, bet.ok_or(Stopped::Silent("bet"))?)
            }
            Turn::Reroll(s) => {
                let hold = minds[s].hold(referee, s, rng);
                let hold = hold.ok_or(Stopped::Silent("hold"))?;
                if let Some((from, to)) = hold.change {
                    let roll = referee.roll(s).unwrap_or_default();
                    let slot = roll.iter().position(|&f| f == from);
                    referee.change(s, slot.ok_or(Stopped::NoSuchDie)?, to)
                } else if hold.stands() {
                    referee.stand(s)
                } else {
                    kept[s] = hold.held;
                    referee.reroll(s)
                }
            }
            Turn::RoundOver => referee.next_round_by(0),
        };
        moved.map_err(Stopped::Refused)?;
        after(referee)?;
    }
    Err(Stopped::Endless(most).to_string())
}

impl From<Stopped> for String {
    fn from(stopped: Stopped) -> String {
        stopped.to_string()
    }
}

/// Throws the dice not in `held` (faces kept, any order), the held ones
/// first: a new roll.
pub fn throw_rest(held: &[u8], rng: &mut impl Rng) -> Roll {
    std::array::from_fn(|i| {
        held.get(i)
            .copied()
            .unwrap_or_else(|| rng.random_range(1..=6))
    })
}
