//! The exact duel engine: win, tie and loss chances of every hold when two
//! players race for the stronger hand, each playing optimally for
//! P(win) + P(tie)/2.
//!
//! The second mover sees the first mover's final hand, so its problem is a
//! backward induction whose final hands are worth win / tie / loss against that hand. The
//! first mover knows the other's current roll and rerolls; each final hand it
//! could make is worth what the other's best answer leaves it. Those answers
//! (every final hand × every roll × 1..=2 rerolls) are solved once up front.

use std::cmp::Ordering;

use crate::rules::hand::{DICE, Roll, evaluate_counts};
use crate::rules::induction::{
    Induction, LEVEL_SCALE, MULTISETS, Payoff, ROLL_MULTISETS, TABLES, faces_of,
};
use crate::rules::ratio::Ratio;

/// Most rerolls a duel allows each player (the engine solves up to this).
pub const MAX_DUEL_REROLLS: usize = 2;

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
            "{} rerolls: a duel allows 0 to {MAX_DUEL_REROLLS}",
            self.0
        )
    }
}

impl std::error::Error for RerollsOutOfRange {}

/// The second mover's best answers, solved for every final hand it may face.
pub struct DuelEngine {
    /// Position of each five-dice roll (by dense number) in strength order, 0 weakest.
    strength: Vec<u16>,
    /// `answers[k - 1][f * 252 + o]`: the second mover's win/tie counts over
    /// 6^(5k) with roll `o` and `k` rerolls against the final hand `f`
    /// (both numbered in the order of [`TABLES`]`.rolls`).
    answers: Vec<Vec<WinTie>>,
    /// Number in `TABLES.rolls` of each dense number.
    roll_number: Vec<u16>,
}

impl Default for DuelEngine {
    fn default() -> Self {
        DuelEngine::new()
    }
}

impl DuelEngine {
    /// Solves the second mover's answers for every final hand and 1..=2 rerolls
    /// (about 252 small solves; tens of milliseconds).
    pub fn new() -> DuelEngine {
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
        let mut roll_number = vec![u16::MAX; MULTISETS];
        for (n, &r) in t.rolls.iter().enumerate() {
            roll_number[r] = n as u16;
        }
        let mut engine = DuelEngine {
            strength,
            answers: vec![
                vec![WinTie::default(); ROLL_MULTISETS * ROLL_MULTISETS];
                MAX_DUEL_REROLLS
            ],
            roll_number,
        };
        for (f_no, &f) in t.rolls.iter().enumerate() {
            let solved = Induction::solve(engine.against_final(f), MAX_DUEL_REROLLS);
            for k in 1..=MAX_DUEL_REROLLS {
                for (o_no, &o) in t.rolls.iter().enumerate() {
                    engine.answers[k - 1][f_no * ROLL_MULTISETS + o_no] = solved.levels[k][o];
                }
            }
        }
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
    /// `k` rerolls and answers optimally, over 6^(5k).
    fn against_answer(&self, o: usize, k: usize) -> Vec<WinTie> {
        if k == 0 {
            return self.against_final(o);
        }
        let all = LEVEL_SCALE.pow(k as u32);
        let o_no = usize::from(self.roll_number[o]);
        let mut base = vec![WinTie::default(); MULTISETS];
        for (f_no, &f) in TABLES.rolls.iter().enumerate() {
            let theirs = self.answers[k - 1][f_no * ROLL_MULTISETS + o_no];
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
        for r in [rerolls, their_rerolls] {
            if r > MAX_DUEL_REROLLS {
                return Err(RerollsOutOfRange(r));
            }
        }
        let base = self.against_answer(TABLES.of_roll(against), their_rerolls);
        let solved = Induction::solve(base, rerolls);
        let den = LEVEL_SCALE.pow((rerolls + their_rerolls) as u32);
        let mut choices: Vec<DuelChoice> = solved
            .choices(roll, rerolls)
            .iter()
            .map(|(held, p)| DuelChoice {
                held: faces_of(held),
                win: Ratio::new(p.win, den),
                tie: Ratio::new(p.tie, den),
                loss: Ratio::new(den - p.win - p.tie, den),
                value: Ratio::new(p.score(), 2 * den),
            })
            .collect();
        choices.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(b.held.len().cmp(&a.held.len()))
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
        self.best(first, first_rerolls, second, second_rerolls)
    }
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
    }
}
