//! A tray's positions walked level by level of rerolls, whatever they are
//! worth ([`Worth`]: an expected payout, a duel's chances). For every
//! position the holds it allows are listed as kept states, and for every
//! kept state where throwing the rest leads, with what chance; a level is
//! then two sweeps over flat lists, each kept state's expectation worked
//! out once rather than once for every position that keeps it. The duel's
//! engine for crooked dice runs hundreds of such inductions for one answer.

use super::{PLACE, Tray, pack, tables_of};
use crate::rules::hand::{Counts, DICE, FACES, Roll};

/// What a position is worth, added up over chances.
pub trait Worth: Copy + Default {
    /// Adds `other`, weighted by its chance `p`.
    fn add(&mut self, other: &Self, p: f64);
    /// What the player at the position maximises.
    fn score(&self) -> f64;
}

/// Every position of a tray, its holds and where they lead.
#[derive(Clone, Debug)]
pub struct Walks {
    tray: Tray,
    /// Each position's five dice as one face table.
    totals: Vec<Counts>,
    /// The kept states of position `p`'s holds (every one that throws a
    /// die): `holds[hold_at[p]..hold_at[p + 1]]`.
    holds: Vec<u32>,
    hold_at: Vec<u32>,
    /// Where kept state `k`'s throw leads, with its chance:
    /// `throws[throw_at[k]..throw_at[k + 1]]`.
    throws: Vec<(u32, f64)>,
    throw_at: Vec<u32>,
    /// Each kind's kept tables (of every size up to its dice), in the order
    /// of their number, and the kept states per step of that number.
    kept: Vec<(Vec<Counts>, usize)>,
}

impl Walks {
    /// The kept state that keeps no die: a fresh throw of all five.
    pub const NOTHING_KEPT: usize = 0;

    /// Lists the positions, holds and throws of `tray`.
    pub fn new(tray: &Tray) -> Walks {
        let mut stride = 1;
        let kept: Vec<(Vec<Counts>, usize)> = tray
            .kinds
            .iter()
            .map(|kind| {
                let tables: Vec<Counts> = (0..=kind.dice).flat_map(tables_of).collect();
                let here = stride;
                stride *= tables.len();
                (tables, here)
            })
            .collect();
        let mut walks = Walks {
            tray: tray.clone(),
            totals: Vec::with_capacity(tray.positions),
            holds: Vec::new(),
            hold_at: vec![0],
            throws: Vec::new(),
            throw_at: vec![0],
            kept,
        };
        for position in 0..tray.positions {
            let tables = tray.faces_at(position);
            let total = tables
                .iter()
                .fold([0u8; FACES], |a, t| std::array::from_fn(|f| a[f] + t[f]));
            walks.totals.push(total);
            each_hold(&tables, &mut |held| {
                let state = walks.kept_state(held);
                walks.holds.push(state as u32);
            });
            walks.hold_at.push(walks.holds.len() as u32);
        }
        for state in 0..stride {
            let tables = walks.kept_tables(state);
            let throws = &mut walks.throws;
            tray.each_throw(&tables, &mut |to, p| throws.push((to as u32, p)));
            walks.throw_at.push(walks.throws.len() as u32);
        }
        walks
    }

    /// Positions of the tray.
    pub fn positions(&self) -> usize {
        self.tray.positions
    }

    /// Position `p`'s five dice as one face table (what its hand is).
    pub fn total(&self, position: usize) -> &Counts {
        &self.totals[position]
    }

    /// The position of `roll` (its dice in slot order).
    pub fn position_of(&self, roll: &Roll) -> usize {
        let tables = self.tray.tables(roll, [true; DICE]);
        let packed: Vec<usize> = tables.iter().map(pack).collect();
        self.tray.position(&packed)
    }

    /// The number of a kept state: each kind's kept face table.
    fn kept_state(&self, tables: &[Counts]) -> usize {
        tables
            .iter()
            .zip(&self.kept)
            .map(|(t, (all, stride))| {
                let size: usize = t.iter().map(|&c| usize::from(c)).sum();
                let before: usize = (0..size).map(tables_count).sum();
                debug_assert!(before + usize::from(PLACE[pack(t)]) < all.len());
                (before + usize::from(PLACE[pack(t)])) * stride
            })
            .sum()
    }

    /// Each kind's kept face table of kept state `state`.
    pub fn kept_tables(&self, state: usize) -> Vec<Counts> {
        self.kept
            .iter()
            .map(|(all, stride)| all[(state / stride) % all.len()])
            .collect()
    }

    /// The kept states of position `p`'s holds (each throws a die).
    pub fn holds_at(&self, position: usize) -> impl Iterator<Item = usize> + '_ {
        let (from, to) = (self.hold_at[position], self.hold_at[position + 1]);
        self.holds[from as usize..to as usize]
            .iter()
            .map(|&s| s as usize)
    }

    /// What keeping kept state `state` and throwing the rest is worth when
    /// the positions it leads to are worth `below`.
    pub fn expected<W: Worth>(&self, state: usize, below: &[W]) -> W {
        let (from, to) = (self.throw_at[state], self.throw_at[state + 1]);
        let mut sum = W::default();
        for &(position, p) in &self.throws[from as usize..to as usize] {
            sum.add(&below[position as usize], p);
        }
        sum
    }

    /// One more reroll: each position is worth the best of standing
    /// (`stand`) and every hold thrown into positions worth `below`
    /// (standing keeps a tie).
    pub fn level<W: Worth>(&self, stand: &[W], below: &[W]) -> Vec<W> {
        let states = self.throw_at.len() - 1;
        let kept: Vec<W> = (0..states).map(|s| self.expected(s, below)).collect();
        (0..self.positions())
            .map(|position| {
                let mut best = stand[position];
                for state in self.holds_at(position) {
                    if kept[state].score() > best.score() {
                        best = kept[state];
                    }
                }
                best
            })
            .collect()
    }

    /// Every position's worth with `rerolls` rerolls still to come, when
    /// standing is worth `stand`: `rerolls` levels of [`Walks::level`].
    pub fn solve<W: Worth>(&self, stand: &[W], rerolls: usize) -> Vec<W> {
        let mut worth = stand.to_vec();
        for _ in 0..rerolls {
            worth = self.level(stand, &worth);
        }
        worth
    }

    /// A roll in slot order at `position`: each kind's faces on its slots,
    /// low to high.
    pub fn roll_at(&self, position: usize) -> Roll {
        let mut left = self.tray.faces_at(position);
        std::array::from_fn(|slot| {
            let table = &mut left[self.tray.slot_kind[slot]];
            let face = table.iter().position(|&c| c > 0).unwrap_or(0);
            table[face] = table[face].saturating_sub(1);
            face as u8 + 1
        })
    }

    /// The kept state that keeps the dice of `roll` marked `kept` (by slot).
    pub fn state_keeping(&self, roll: &Roll, kept: [bool; DICE]) -> usize {
        self.kept_state(&self.tray.tables(roll, kept))
    }

    /// Where kept state `state`'s throw leads: each position and its chance.
    pub fn throws_from(&self, state: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (from, to) = (self.throw_at[state], self.throw_at[state + 1]);
        self.throws[from as usize..to as usize]
            .iter()
            .map(|&(position, p)| (position as usize, p))
    }

    /// The slots of `roll` that keep kept state `state`: of dice alike
    /// showing a face, the lowest slots.
    pub fn slots(&self, roll: &Roll, state: usize) -> [bool; DICE] {
        let mut left = self.kept_tables(state);
        std::array::from_fn(|slot| {
            let want = &mut left[self.tray.slot_kind[slot]][usize::from(roll[slot] - 1)];
            let keep = *want > 0;
            *want = want.saturating_sub(1);
            keep
        })
    }
}

/// How many face tables `n` dice can show.
fn tables_count(n: usize) -> usize {
    // C(n + 5, 5), the ways to share n dice among six faces.
    (1..FACES).fold(1, |c, k| c * (n + k) / k)
}

/// Calls `visit` with every hold that throws at least one die: for each
/// kind, a part of its face table.
fn each_hold(tables: &[Counts], visit: &mut impl FnMut(&[Counts])) {
    fn go(
        tables: &[Counts],
        k: usize,
        face: usize,
        kept: &mut Vec<Counts>,
        visit: &mut impl FnMut(&[Counts]),
    ) {
        if k == tables.len() {
            if kept != tables {
                visit(kept);
            }
            return;
        }
        if face == FACES {
            go(tables, k + 1, 0, kept, visit);
            return;
        }
        for c in 0..=tables[k][face] {
            kept[k][face] = c;
            go(tables, k, face + 1, kept, visit);
        }
        kept[k][face] = 0;
    }
    let mut kept = vec![[0u8; FACES]; tables.len()];
    go(tables, 0, 0, &mut kept, visit);
}
