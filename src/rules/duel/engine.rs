//! The exact duel engine: win, tie and loss chances of every hold when two
//! players race for the stronger hand, each playing optimally for
//! P(win) + P(tie)/2.
//!
//! The second mover sees the first mover's final hand, so its problem is a
//! backward induction whose final hands are worth win / tie / loss against that hand. The
//! first mover knows the other's current roll and rerolls; each final hand it
//! could make is worth what the other's best answer leaves it. Those answers
//! (every final hand × every roll × 0..=3 rerolls, for a second mover with
//! no badge, `flip` or `nudge`) are solved once up front.
//!
//! A badge that changes a die (`flip`, `nudge`) is a last choice on a final
//! hand: a final roll is worth the best of itself and every hand one change
//! away. So it enters the solve as the worth of final rolls, for either side,
//! and standing with a change is one more choice beside the holds. A `reroll`
//! badge is simply one more reroll for its side.

use std::cmp::Ordering;

use crate::rules::hand::{DICE, Roll, evaluate_counts};

use super::badge::{Badge, changed};
use crate::rules::induction::{
    Induction, LEVEL_SCALE, MULTISETS, Payoff, ROLL_MULTISETS, TABLES, faces_of, scaled,
};
use crate::rules::ratio::Ratio;

/// Most rerolls a duel's rules allow each player.
pub const MAX_DUEL_REROLLS: usize = 2;
/// Most rerolls the engine solves for: the rules' most and a `reroll` badge.
pub const ENGINE_REROLLS: usize = MAX_DUEL_REROLLS + 1;

/// Win and tie counts over a level's common denominator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinTie {
    /// Ways to finish stronger.
    pub win: u128,
    /// Ways to finish with the identical hand.
    pub tie: u128,
}

impl Payoff for WinTie {
    fn add_weighted(&mut self, other: &Self, weight: u128) {
        self.win += weight * other.win;
        self.tie += weight * other.tie;
    }

    /// Twice P(win) + P(tie)/2, on the level's scale: ties count half.
    fn score(&self) -> u128 {
        2 * self.win + self.tie
    }
}

/// One hold in a duel with its exact outcome under optimal play of both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelChoice {
    /// Faces kept, low to high (all five: stand).
    pub held: Vec<u8>,
    /// Chance to finish stronger.
    pub win: Ratio,
    /// Chance to finish with the identical hand (a draw).
    pub tie: Ratio,
    /// Chance to finish weaker.
    pub loss: Ratio,
    /// P(win) + P(tie)/2: what both sides maximise.
    pub value: Ratio,
    /// The die a badge changes when standing with it: (from, to).
    pub change: Option<(u8, u8)>,
}

impl DuelChoice {
    /// True when every die is kept.
    pub fn stands(&self) -> bool {
        self.held.len() == DICE
    }
}

/// Why a duel question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RerollsOutOfRange(pub usize);

impl std::fmt::Display for RerollsOutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} rerolls: a duel allows 0 to {MAX_DUEL_REROLLS} (and a reroll badge one more)",
            self.0
        )
    }
}

impl std::error::Error for RerollsOutOfRange {}

/// The second mover's best answers, solved for every final hand it may face.
pub struct DuelEngine {
    /// Position of each five-dice roll (by dense number) in strength order, 0 weakest.
    strength: Vec<u16>,
    /// `answers[v][k][f * 252 + o]`: the second mover's win/tie counts over
    /// 6^(5k) with roll `o`, `k` rerolls and die-changing badge `v` (see
    /// [`variant`]) against the final hand `f` (both numbered in the order of
    /// [`TABLES`]`.rolls`).
    answers: Vec<Vec<Vec<WinTie>>>,
    /// Number in `TABLES.rolls` of each dense number.
    roll_number: Vec<u16>,
}

impl Default for DuelEngine {
    fn default() -> Self {
        DuelEngine::new()
    }
}

impl DuelEngine {
    /// Solves the second mover's answers for every final hand, 0..=3 rerolls
    /// and each die-changing badge (a few hundred small solves; well under a
    /// second).
    pub fn new() -> DuelEngine {
        let t = &*TABLES;
        let strength = strength_ranks();
        let mut roll_number = vec![u16::MAX; MULTISETS];
        for (n, &r) in t.rolls.iter().enumerate() {
            roll_number[r] = n as u16;
        }
        let mut engine = DuelEngine {
            strength,
            answers: Vec::new(),
            roll_number,
        };
        engine.answers = VARIANTS
            .iter()
            .map(|&badge| {
                let mut levels = vec![
                    vec![WinTie::default(); ROLL_MULTISETS * ROLL_MULTISETS];
                    ENGINE_REROLLS + 1
                ];
                for (f_no, &f) in t.rolls.iter().enumerate() {
                    let base = with_change(engine.against_final(f), badge);
                    let solved = Induction::solve(base, ENGINE_REROLLS);
                    for (k, level) in levels.iter_mut().enumerate() {
                        for (o_no, &o) in t.rolls.iter().enumerate() {
                            level[f_no * ROLL_MULTISETS + o_no] = solved.levels[k][o];
                        }
                    }
                }
                levels
            })
            .collect();
        engine
    }

    /// Compares two five-dice rolls (dense numbers) by strength.
    fn compare(&self, a: usize, b: usize) -> Ordering {
        self.strength[a].cmp(&self.strength[b])
    }

    /// Worth of every final roll against a known final hand `f`: 1 win, 1 tie or nothing.
    fn against_final(&self, f: usize) -> Vec<WinTie> {
        let mut base = vec![WinTie::default(); MULTISETS];
        for &g in &TABLES.rolls {
            base[g] = match self.compare(g, f) {
                Ordering::Greater => WinTie { win: 1, tie: 0 },
                Ordering::Equal => WinTie { win: 0, tie: 1 },
                Ordering::Less => WinTie::default(),
            };
        }
        base
    }

    /// Worth of every final roll of the mover when the other holds `o` with
    /// `k` rerolls (and `their` die-changing badge still to use) and answers
    /// optimally, over 6^(5k).
    pub(super) fn against_answer(&self, o: usize, k: usize, their: Option<Badge>) -> Vec<WinTie> {
        let all = LEVEL_SCALE.pow(k as u32);
        let o_no = usize::from(self.roll_number[o]);
        let answers = &self.answers[variant(their)][k];
        let mut base = vec![WinTie::default(); MULTISETS];
        for (f_no, &f) in TABLES.rolls.iter().enumerate() {
            let theirs = answers[f_no * ROLL_MULTISETS + o_no];
            base[f] = WinTie {
                win: all - theirs.win - theirs.tie,
                tie: theirs.tie,
            };
        }
        base
    }

    /// Every distinct hold of `roll` with `rerolls` left, best first, against an
    /// opponent whose roll is `against` with `their_rerolls` still to come
    /// (0: their hand is final). The opponent answers the final hand optimally.
    /// Ties go to the hold that keeps more dice.
    pub fn solve(
        &self,
        roll: &Roll,
        rerolls: usize,
        against: &Roll,
        their_rerolls: usize,
    ) -> Result<Vec<DuelChoice>, RerollsOutOfRange> {
        self.solve_with(roll, rerolls, against, their_rerolls, [None, None])
    }

    /// [`DuelEngine::solve`] with badges: `badges[0]` is the mover's, `[1]` the
    /// other's, each `Some` only while it can still be used this round (a
    /// `reroll` badge is already in the reroll counts; `double` and `shield`
    /// do not change who wins). Standing with each change the mover's badge
    /// allows is a choice of its own.
    pub fn solve_with(
        &self,
        roll: &Roll,
        rerolls: usize,
        against: &Roll,
        their_rerolls: usize,
        badges: [Option<Badge>; 2],
    ) -> Result<Vec<DuelChoice>, RerollsOutOfRange> {
        for r in [rerolls, their_rerolls] {
            if r > ENGINE_REROLLS {
                return Err(RerollsOutOfRange(r));
            }
        }
        let [mine, theirs] = badges.map(|b| b.filter(|b| b.changes_a_die()));
        let raw = self.against_answer(TABLES.of_roll(against), their_rerolls, theirs);
        let solved = Induction::solve(with_change(raw.clone(), mine), rerolls);
        let den = LEVEL_SCALE.pow((rerolls + their_rerolls) as u32);
        let choice = |held: Vec<u8>, p: WinTie, change| DuelChoice {
            held,
            win: Ratio::new(p.win, den),
            tie: Ratio::new(p.tie, den),
            loss: Ratio::new(den - p.win - p.tie, den),
            value: Ratio::new(p.score(), 2 * den),
            change,
        };
        let stand_scale = LEVEL_SCALE.pow(rerolls as u32);
        let t = &*TABLES;
        let here = t.counts[t.of_roll(roll)];
        let mut choices: Vec<DuelChoice> = solved
            .choices(roll, rerolls)
            .into_iter()
            .enumerate()
            .map(|(i, (held, p))| {
                // The first choice is standing: as it is, without a change.
                let p = if i == 0 {
                    scaled(&raw[t.of(&held)], stand_scale)
                } else {
                    p
                };
                choice(faces_of(&held), p, None)
            })
            .collect();
        if let Some(badge) = mine {
            for (from, to) in badge.changes(&here) {
                let after = t.of(&changed(&here, from, to));
                choices.push(choice(
                    faces_of(&here),
                    scaled(&raw[after], stand_scale),
                    Some((from, to)),
                ));
            }
        }
        choices.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(b.held.len().cmp(&a.held.len()))
                .then(a.change.is_some().cmp(&b.change.is_some()))
                .then(b.held.cmp(&a.held))
        });
        Ok(choices)
    }

    /// The best hold, as [`DuelEngine::solve`] ranks them.
    pub fn best(
        &self,
        roll: &Roll,
        rerolls: usize,
        against: &Roll,
        their_rerolls: usize,
    ) -> Result<DuelChoice, RerollsOutOfRange> {
        self.solve(roll, rerolls, against, their_rerolls)
            .map(|mut all| all.swap_remove(0))
    }

    /// The first mover's exact chances before anyone rerolls, both playing
    /// optimally: what a bet is made on. The second mover's chances are the
    /// mirror image (its win is this loss).
    pub fn position(
        &self,
        first: &Roll,
        first_rerolls: usize,
        second: &Roll,
        second_rerolls: usize,
    ) -> Result<DuelChoice, RerollsOutOfRange> {
        self.position_with(first, first_rerolls, second, second_rerolls, [None, None])
    }

    /// [`DuelEngine::position`] with badges (`[first's, second's]`, as in
    /// [`DuelEngine::solve_with`]).
    pub fn position_with(
        &self,
        first: &Roll,
        first_rerolls: usize,
        second: &Roll,
        second_rerolls: usize,
        badges: [Option<Badge>; 2],
    ) -> Result<DuelChoice, RerollsOutOfRange> {
        self.solve_with(first, first_rerolls, second, second_rerolls, badges)
            .map(|mut all| all.swap_remove(0))
    }
}

/// Each five-dice roll's place in strength order (by dense number), 0
/// weakest: what both duel engines compare final hands by.
pub(super) fn strength_ranks() -> Vec<u16> {
    let t = &*TABLES;
    let mut keyed: Vec<(usize, _)> = t
        .rolls
        .iter()
        .map(|&r| (r, evaluate_counts(&t.counts[r]).key()))
        .collect();
    keyed.sort_by_key(|&(_, key)| key);
    let mut strength = vec![u16::MAX; MULTISETS];
    for (rank, &(roll, _)) in keyed.iter().enumerate() {
        strength[roll] = rank as u16;
    }
    strength
}

/// The same chances seen from the other side: win and loss swap.
pub fn mirrored(choice: &DuelChoice) -> DuelChoice {
    DuelChoice {
        held: Vec::new(),
        win: choice.loss,
        tie: choice.tie,
        loss: choice.win,
        value: Ratio::new(
            choice.value.denom() - choice.value.numer(),
            choice.value.denom(),
        ),
        change: None,
    }
}

/// The die-changing badges the answers are solved for, by [`variant`].
const VARIANTS: [Option<Badge>; 3] = [None, Some(Badge::Flip), Some(Badge::Nudge)];

/// Which of [`VARIANTS`] a side's badge is.
fn variant(badge: Option<Badge>) -> usize {
    match badge {
        Some(Badge::Flip) => 1,
        Some(Badge::Nudge) => 2,
        _ => 0,
    }
}

/// The worth of final rolls when their owner may still change one die with
/// `badge`: each is worth the best of itself and every change it allows.
pub(super) fn with_change(base: Vec<WinTie>, badge: Option<Badge>) -> Vec<WinTie> {
    best_change(base, badge, WinTie::score)
}

/// The worth of final rolls (by dense number, of any kind of worth) when
/// their owner may still change one die with `badge`: each is worth the
/// best, by `score`, of itself and every change it allows.
pub(super) fn best_change<P: Copy, S: PartialOrd>(
    mut base: Vec<P>,
    badge: Option<Badge>,
    score: impl Fn(&P) -> S,
) -> Vec<P> {
    let Some(badge) = badge.filter(|b| b.changes_a_die()) else {
        return base;
    };
    let t = &*TABLES;
    let before = base.clone();
    for &g in &t.rolls {
        for (from, to) in badge.changes(&t.counts[g]) {
            let other = before[t.of(&changed(&t.counts[g], from, to))];
            if score(&other) > score(&base[g]) {
                base[g] = other;
            }
        }
    }
    base
}
