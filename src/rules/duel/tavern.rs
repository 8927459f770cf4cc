//! Cheats at the table, simulated: a sitting of matches between an honest
//! player and an opponent whose tray may hold a crooked die, every die
//! thrown with its own chances and every move through the referee; the
//! player watches the other's dice over the whole sitting and accuses once
//! the odds reach a line. Over many sittings this measures what the line
//! costs (accusations that fall on an honest opponent) and what it catches
//! (how long a cheat goes on), kind by kind: the figures
//! [`SUGGEST_ODDS`](super::cheat::SUGGEST_ODDS) was chosen by.

use rand::Rng;

use super::cheat::Sighting;
use super::{BetAction, Brains, CrookedDuel, Duel, DuelRules, Opponent, Side, Step};
use crate::rules::evidence::face_from;
use crate::rules::hand::{DICE, Roll, slots_keeping};
use crate::rules::kinds::DieKind;
use crate::rules::per_die::FaceChances;

/// Moves after which a match is given up as stuck.
const MOVE_LIMIT: u32 = 10_000;
mod report;

pub use report::{CheatRow, LINES, LineRow, cheat_row, wrong_share};

/// Matches at one sitting (the game's "another match" at one table): what
/// a player sees of an opponent's dice builds up over them.
pub const SITTING: u32 = 5;

/// One simulated match with a crooked die possible on the far side.
pub struct CrookedMatch<'a> {
    /// The honest player (near side).
    pub player: &'a Opponent,
    /// The opponent (far side).
    pub rival: &'a Opponent,
    /// The opponent's dice by slot this match.
    pub tray: [DieKind; DICE],
    /// The odds at which the player accuses (`None`: it never does).
    pub accuse_at: Option<f64>,
}

/// How one such match went.
#[derive(Clone, Debug)]
pub struct Played {
    /// The finished table.
    pub duel: Duel,
    /// Whether the player accused, and whether a crooked die was found.
    pub accused: Option<bool>,
}

impl CrookedMatch<'_> {
    /// True when the opponent's tray holds a crooked die.
    pub fn crooked(&self) -> bool {
        self.tray.iter().any(|&k| k != DieKind::Fair)
    }

    /// Plays the match under `rules` from `rng`, adding what lands of the
    /// opponent's dice to `seen` (the sitting's so far) and showing it to
    /// `watch` whenever an accusation could be made on it; the opponent
    /// holds with `engine` (its tray against fair dice) while its tray is
    /// crooked.
    pub fn play(
        &self,
        rules: DuelRules,
        (brains, engine): (&Brains, Option<&CrookedDuel>),
        (seen, watch): (&mut Sighting, &mut impl FnMut(&Sighting)),
        rng: &mut impl Rng,
    ) -> Result<Played, String> {
        let first = if rng.random_bool(0.5) {
            Side::Near
        } else {
            Side::Far
        };
        let mut duel = Duel::new(rules, first);
        let dice = [[DieKind::Fair; DICE], self.tray].map(|tray| tray.map(DieKind::chances));
        let mut kept = [[false; DICE]; 2];
        let mut accused = None;
        for _ in 0..MOVE_LIMIT {
            let moved = match duel.step() {
                Step::MatchOver(_) => return Ok(Played { duel, accused }),
                Step::RoundOver => duel.next_round(),
                Step::Throw(side) => {
                    kept[side.index()] = [false; DICE];
                    duel.throw(side)
                }
                Step::Rolling(side) => {
                    let i = side.index();
                    let roll = throw_slots(duel.roll(side), kept[i], &dice[i], rng);
                    let landed = duel.rolled(side, roll);
                    let open = duel.step().mover().is_some();
                    if side == Side::Far && landed.is_ok() {
                        seen.saw(&roll, kept[i].map(|k| !k));
                        if open {
                            watch(seen);
                        }
                        let suspect = seen.suspect();
                        if let (Some(line), Some(suspect)) = (self.accuse_at, suspect)
                            && suspect.odds >= line
                            && open
                        {
                            let caught = self.crooked();
                            accused = Some(caught);
                            duel.accuse(Side::Near, caught).map_err(|e| e.to_string())?;
                        }
                    }
                    landed
                }
                Step::Bet(side) => {
                    let mind = self.mind(side);
                    let bet = mind
                        .bet(brains, &duel, side, rng)
                        .unwrap_or(BetAction::Fold);
                    duel.bet(side, bet)
                }
                Step::Reroll(side) => self.hold(side, &mut duel, &mut kept, brains, engine, rng),
            };
            moved.map_err(|e| e.to_string())?;
        }
        Err(format!("no end after {MOVE_LIMIT} moves"))
    }

    fn mind(&self, side: Side) -> &Opponent {
        match side {
            Side::Near => self.player,
            Side::Far => self.rival,
        }
    }

    /// `side` holds: the crooked engine for a crooked tray, its own mind
    /// otherwise; the slots it keeps are noted for the throw.
    fn hold(
        &self,
        side: Side,
        duel: &mut Duel,
        kept: &mut [[bool; DICE]; 2],
        brains: &Brains,
        engine: Option<&CrookedDuel>,
        rng: &mut impl Rng,
    ) -> Result<(), super::Illegal> {
        let roll = duel.roll(side).unwrap_or_default();
        let mind = self.mind(side);
        let (keep, change) = match engine.filter(|_| side == Side::Far && self.crooked()) {
            Some(engine) => {
                let choice = mind.hold_knowing(engine, duel, side, rng);
                let choice = choice.ok_or_else(|| duel_silent(duel, side))?;
                (choice.kept, choice.change)
            }
            None => {
                let choice = mind.hold(brains, duel, side, rng);
                let choice = choice.ok_or_else(|| duel_silent(duel, side))?;
                (slots_keeping(&roll, &choice.held), choice.change)
            }
        };
        if let Some((from, to)) = change {
            let slot = roll.iter().position(|&f| f == from).unwrap_or_default();
            duel.change(side, slot, to)
        } else if keep == [true; DICE] {
            duel.stand(side)
        } else {
            kept[side.index()] = keep;
            duel.reroll(side)
        }
    }
}

/// A hold was due and none came: a refusal to stand for it.
fn duel_silent(duel: &Duel, side: Side) -> super::Illegal {
    super::Illegal {
        step: duel.step(),
        seat: side,
        tried: "hold",
    }
}

/// A throw: the `kept` slots of `last` stay, the others land by their dice'
/// chances.
fn throw_slots(
    last: Option<Roll>,
    kept: [bool; DICE],
    dice: &[FaceChances; DICE],
    rng: &mut impl Rng,
) -> Roll {
    let last = last.unwrap_or_default();
    std::array::from_fn(|slot| {
        if kept[slot] {
            last[slot]
        } else {
            face_from(&dice[slot], rng.random())
        }
    })
}

#[cfg(test)]
mod tests;
