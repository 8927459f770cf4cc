//! The computer opponents: who they are, how they hold and how they bet.
//!
//! An opponent is a style of holding and a style of betting (the roster of
//! who is who lives in `roster`). Every decision looks only at what the table
//! shows (both rolls, rerolls, pot) and returns a move that [`Duel`] allows.
//! Every hold comes with its exact win chance, so the game can say why the
//! opponent did what it did.

use rand::Rng;

use crate::rules::hand::{DICE, HandType, Roll, counts_of, evaluate_roll};
use crate::rules::{PayoutTable, Strategy};

use super::badge::Badge;
use super::engine::{DuelChoice, DuelEngine, MAX_DUEL_REROLLS, mirrored};
use super::table::Duel;
use super::terms::{BetAction, DuelRules, Side, Step};

/// How an opponent chooses the dice it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoldStyle {
    /// Keeps its largest group (all five from a straight up); `careless` times
    /// in a hundred it keeps a random handful instead.
    Largest {
        /// Percent of holds chosen at random.
        careless: u8,
    },
    /// Chases straights: four dice of one are kept for the fifth (a single
    /// pair is given up for it); otherwise its largest group.
    Straights,
    /// The hold with the best expected payout (the solo game's advisor).
    Payout,
    /// The hold with the best exact chance of winning the round; `slips`
    /// times in a hundred a random handful instead.
    Exact {
        /// Percent of holds chosen at random.
        slips: u8,
    },
}

/// How an opponent bets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BetStyle {
    /// Raises only with three of a kind or better; asked to pay with nothing
    /// in hand, folds half the time.
    Timid,
    /// Raises and folds on the expected payout of its hand.
    Payout,
    /// Raises on any pair and bluffs `bluff` times in a hundred without one;
    /// never folds.
    Bluffer {
        /// Percent of pairless hands raised anyway.
        bluff: u8,
    },
    /// Raises and calls on the exact chance of winning the round; when far
    /// behind, bluffs `bluff` times in a hundred.
    Exact {
        /// Percent of bluffs when it may bluff.
        bluff: u8,
    },
}

/// A line in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// Japanese.
    pub ja: &'static str,
    /// English.
    pub en: &'static str,
}

/// What an opponent says, in character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lines {
    /// When it keeps dice and rerolls the rest.
    pub keep: Words,
    /// When it raises.
    pub raise: Words,
    /// When it folds.
    pub fold: Words,
}

/// A computer opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// Short name for the command line and the save file.
    pub key: &'static str,
    /// The name shown in the game (Japanese).
    pub name: &'static str,
    /// The name shown in English.
    pub name_en: &'static str,
    /// How it holds.
    pub hold: HoldStyle,
    /// How it bets.
    pub bet: BetStyle,
    /// Ante per round.
    pub ante: u64,
    /// Size of a raise.
    pub step: u64,
    /// Rounds it takes to win a match against it (2: best of three).
    pub wins: u32,
    /// Its colour at the table (sRGB).
    pub colour: [u8; 3],
    /// The badge it carries into every match, if any.
    pub badge: Option<Badge>,
    /// How it cheats, if it does (`versus` plays every opponent honest).
    pub cheat: Option<super::cheat::Cheat>,
    /// What it says.
    pub lines: Lines,
}

impl Opponent {
    /// The duel's rules with this opponent and `rerolls` per player: its
    /// stakes and match length, and its badge on its side (the far one).
    pub fn rules(&self, rerolls: u32) -> DuelRules {
        DuelRules {
            ante: self.ante,
            step: self.step,
            rerolls,
            wins: self.wins,
            badges: [None, self.badge],
        }
    }
}

/// The hard opponent may bluff-raise only below this win chance.
pub const HARD_BLUFF_BELOW: f64 = 0.35;
/// The hard opponent raises for value from this exact win chance up.
pub const HARD_RAISE_AT: f64 = 0.62;
/// The exact bettors fold only below this win chance: a fold gives up the
/// round as well as the coins, and a match needs rounds.
pub const HARD_FOLD_BELOW: f64 = 0.06;
/// Chance a timid opponent folds a hand with nothing in it when asked to pay.
pub const TIMID_FOLD_NOTHING: f64 = 0.5;
/// The payout bettor raises when its hand's expected payout reaches this many coins.
pub const PAYOUT_RAISE_EV: f64 = 6.0;
/// The payout bettor folds to a raise below this expected payout.
pub const PAYOUT_FOLD_EV: f64 = 2.0;

/// What the opponents think with, built once: the duel engine and the payout advisor.
pub struct Brains {
    /// Exact win chances.
    pub engine: DuelEngine,
    /// Expected payouts (for the normal opponent).
    pub advisor: Strategy,
}

/// The minds solved once for the whole process, on first use: every game
/// window, test app and tool in it that plays a duel shares one solve.
pub static SOLVED: std::sync::LazyLock<Brains> = std::sync::LazyLock::new(Brains::new);

impl Default for Brains {
    fn default() -> Self {
        Brains::new()
    }
}

impl Brains {
    /// Solves both (well under a second).
    pub fn new() -> Brains {
        Brains {
            engine: DuelEngine::new(),
            advisor: Strategy::new(PayoutTable::default(), MAX_DUEL_REROLLS),
        }
    }

    /// Every hold for `me` now, with exact chances against the other side as it
    /// stands (its rerolls to come included), best first. `None` when `me` has
    /// no roll or the other has not thrown yet.
    pub fn holds(&self, duel: &Duel, me: Side) -> Option<Vec<DuelChoice>> {
        let mine = duel.roll(me)?;
        let theirs = duel.roll(me.other())?;
        self.engine
            .solve_with(
                &mine,
                duel.rerolls_left(me) as usize,
                &theirs,
                duel.rerolls_to_come(me.other()) as usize,
                [duel.live_badge(me), duel.live_badge(me.other())],
            )
            .ok()
    }

    /// `me`'s exact chances before anyone rerolls, both playing optimally.
    pub fn position(&self, duel: &Duel, me: Side) -> Option<DuelChoice> {
        let first = duel.first();
        let second = first.other();
        let chances = self
            .engine
            .position_with(
                &duel.roll(first)?,
                duel.rerolls_to_come(first) as usize,
                &duel.roll(second)?,
                duel.rerolls_to_come(second) as usize,
                [duel.live_badge(first), duel.live_badge(second)],
            )
            .ok()?;
        Some(if me == first {
            chances
        } else {
            mirrored(&chances)
        })
    }
}

/// Faces of the largest group (ties to the higher face), or the highest die
/// when nothing pairs; all five for a straight or better.
pub fn largest_group(roll: &Roll) -> Vec<u8> {
    if evaluate_roll(roll).kind() >= HandType::Straight {
        let mut all = roll.to_vec();
        all.sort_unstable();
        return all;
    }
    let counts = counts_of(roll);
    let (face, count) = (1..=6u8)
        .map(|f| (f, counts[usize::from(f - 1)]))
        .max_by_key(|&(f, c)| (c, f))
        .unwrap_or((6, 1));
    vec![face; usize::from(count)]
}

/// The four or five dice of a straight in this roll, low to high, when a
/// straight (1–5 or 2–6) is at most one die away and no pair would be broken
/// for it; `None` otherwise.
pub fn straight_draw(roll: &Roll) -> Option<Vec<u8>> {
    let kind = evaluate_roll(roll).kind();
    if kind > HandType::OnePair && kind != HandType::Straight {
        return None;
    }
    [1..=5u8, 2..=6u8]
        .into_iter()
        .map(|run| run.filter(|f| roll.contains(f)).collect::<Vec<u8>>())
        .filter(|have| have.len() >= DICE - 1)
        .max_by_key(|have| have.len())
}

/// True `percent` times in a hundred; at 0 it draws nothing from `rng`, so a
/// style without whims plays the same game as before it had the option.
pub fn chance(rng: &mut impl Rng, percent: u8) -> bool {
    percent > 0 && rng.random_bool(f64::from(percent.min(100)) / 100.0)
}

/// A random sub-multiset of a roll, low to high.
pub fn random_hold(roll: &Roll, rng: &mut impl Rng) -> Vec<u8> {
    let mut held: Vec<u8> = roll
        .iter()
        .copied()
        .filter(|_| rng.random_bool(0.5))
        .collect();
    held.sort_unstable();
    held
}

impl Opponent {
    /// The hold `me` picks now, with its exact chances. `None` when it is not
    /// `me`'s turn to hold.
    pub fn hold(
        &self,
        brains: &Brains,
        duel: &Duel,
        me: Side,
        rng: &mut impl Rng,
    ) -> Option<DuelChoice> {
        if duel.step() != Step::Reroll(me) {
            return None;
        }
        let mine = duel.roll(me)?;
        let all = brains.holds(duel, me)?;
        // With its rerolls over, what is left is whether to change a die:
        // every opponent plays its badge exactly.
        if duel.rerolls_left(me) == 0 {
            return all.into_iter().next();
        }
        let want = match self.hold {
            HoldStyle::Exact { slips } if chance(rng, slips) => random_hold(&mine, rng),
            HoldStyle::Exact { .. } => return all.into_iter().next(),
            HoldStyle::Payout => {
                brains
                    .advisor
                    .best(&mine, duel.rerolls_left(me) as usize)
                    .held
            }
            HoldStyle::Largest { careless } if chance(rng, careless) => random_hold(&mine, rng),
            HoldStyle::Largest { .. } => largest_group(&mine),
            HoldStyle::Straights => straight_draw(&mine).unwrap_or_else(|| largest_group(&mine)),
        };
        all.into_iter()
            .find(|c| c.held == want && c.change.is_none())
    }

    /// The bet `me` makes now; always one of [`Duel::legal_bets`]. `None` when
    /// it is not `me`'s turn to bet.
    pub fn bet(
        &self,
        brains: &Brains,
        duel: &Duel,
        me: Side,
        rng: &mut impl Rng,
    ) -> Option<BetAction> {
        let legal = duel.legal_bets(me);
        if legal.is_empty() {
            return None;
        }
        let mine = duel.roll(me)?;
        let can = |a: BetAction| legal.contains(&a);
        let to_call = duel.to_call(me);
        // What "stay in" means here: a check when free, else a call.
        let stay = if to_call == 0 {
            BetAction::Check
        } else {
            BetAction::Call
        };
        let action = match self.bet {
            BetStyle::Timid => {
                let kind = evaluate_roll(&mine).kind();
                if kind >= HandType::ThreeOfAKind && can(BetAction::Raise) {
                    BetAction::Raise
                } else if kind == HandType::None
                    && to_call > 0
                    && rng.random_bool(TIMID_FOLD_NOTHING)
                {
                    BetAction::Fold
                } else {
                    stay
                }
            }
            BetStyle::Payout => {
                let ev = brains
                    .advisor
                    .best(&mine, duel.rerolls_left(me) as usize)
                    .expected
                    .to_f64();
                if ev >= PAYOUT_RAISE_EV && can(BetAction::Raise) {
                    BetAction::Raise
                } else if ev < PAYOUT_FOLD_EV && to_call > 0 {
                    BetAction::Fold
                } else {
                    stay
                }
            }
            BetStyle::Bluffer { bluff } => {
                let kind = evaluate_roll(&mine).kind();
                let raise = kind >= HandType::OnePair || chance(rng, bluff);
                if raise && can(BetAction::Raise) {
                    BetAction::Raise
                } else {
                    stay
                }
            }
            BetStyle::Exact { bluff } => {
                let p = brains.position(duel, me)?.value.to_f64();
                let bluff = p < HARD_BLUFF_BELOW && chance(rng, bluff);
                if (p >= HARD_RAISE_AT || bluff) && can(BetAction::Raise) {
                    BetAction::Raise
                } else if to_call == 0 {
                    BetAction::Check
                } else {
                    // Call when the chance beats the price, or when folding
                    // would give away a round that can still be won.
                    if p >= call_price(duel, me) || p >= HARD_FOLD_BELOW {
                        BetAction::Call
                    } else {
                        BetAction::Fold
                    }
                }
            }
        };
        Some(action)
    }
}

/// The win chance at which calling pays for itself, where p times what a
/// win brings, plus (1 − p) times what a loss gives back, covers the call.
/// A `double` doubles the win; a `shield` gives back half of what will have
/// gone in.
pub fn call_price(duel: &Duel, me: Side) -> f64 {
    let call = duel.to_call(me) as f64;
    let badge = duel.rules().badge(me);
    let mut win = (duel.pot() + duel.to_call(me)) as f64;
    if badge == Some(Badge::Double) {
        win *= 2.0;
    }
    let back = if badge == Some(Badge::Shield) {
        ((duel.this_round(me) + duel.to_call(me)) / 2) as f64
    } else {
        0.0
    };
    if win <= back {
        return 0.0;
    }
    ((call - back) / (win - back)).max(0.0)
}
