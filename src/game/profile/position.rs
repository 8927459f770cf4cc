//! Where a game under way stands, as the save keeps it: a solo game's dice,
//! holds and rerolls, a duel round's whole table or a table of several's,
//! each with the page of the history so far. Written each time the game
//! waits for a decision; read once at start, to put a cut-off game back
//! (`solo::resume`, `duel::resume`, `party::resume`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::Terms;
use crate::history::{Decision, Throw};
use crate::rules::duel::Duel;
use crate::rules::hand::Roll;
use crate::rules::luck::{RoundTrace, TableTrace};
use crate::rules::table::TableMatch;

/// Where a solo game stood the last time the player held the dice.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SoloPosition {
    /// The faces, in slot order.
    pub faces: Roll,
    /// Which slots were kept.
    pub held: [bool; 5],
    /// The dice's numbers: the slot of the die numbered 1, 2, … 5 (none
    /// before the first throw landed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbers: Option<[usize; 5]>,
    /// Rerolls still allowed.
    pub rerolls_left: u32,
    /// The history's page so far: the throws.
    #[serde(default)]
    pub throws: Vec<Throw>,
    /// And the decisions.
    #[serde(default)]
    pub decisions: Vec<Decision>,
}

/// Where a duel round against a computer opponent stood the last time the
/// table waited for a decision.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct DuelPosition {
    /// What kind of table it is (one that comes back: see [`Terms::comes_back`]).
    pub terms: Terms,
    /// The opponent's key.
    pub opponent: String,
    /// The referee: score, pot, bets, rolls, whose turn.
    pub duel: Duel,
    /// The match's number at this table.
    pub matches: u32,
    /// The wallet's share of this match and of the finished ones (see `duel::Books`).
    pub booked: i64,
    /// Likewise, over the finished matches.
    pub closed: i64,
    /// Which dice of each tray were kept (`[near, far]`).
    pub held: [[bool; 5]; 2],
    /// Each tray's numbers, as [`SoloPosition::numbers`].
    #[serde(default)]
    pub numbers: [Option<[usize; 5]>; 2],
    /// The history's page so far: the player's throws.
    #[serde(default)]
    pub throws: Vec<Throw>,
    /// And decisions.
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// The round's trace (luck and skill).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<RoundTrace>,
}

/// Where a round at a table of several stood the last time it waited for a
/// decision (only seats at this machine: the player, friends, computers).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct PartyPosition {
    /// Every seat's key in turn order (`you,hard,easy`).
    pub seats: String,
    /// The referee: stacks, pots, bets, rolls, whose turn, the score.
    pub table: TableMatch,
    /// The match's number at this table.
    pub matches: u32,
    /// The wallet's share of this table so far (see `party::Party`).
    pub booked: i64,
    /// Likewise, over the finished matches.
    pub closed: i64,
    /// Which dice of each seat's tray were kept.
    pub held: Vec<[bool; 5]>,
    /// Each seat's tray's numbers, as [`SoloPosition::numbers`].
    #[serde(default)]
    pub numbers: Vec<Option<[usize; 5]>>,
    /// The history's page so far: the player's throws.
    #[serde(default)]
    pub throws: Vec<Throw>,
    /// Every seat's throws, holds and folds this round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<TableTrace>,
}

/// A game under way, as the save keeps it.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Position {
    /// A solo game.
    Solo(SoloPosition),
    /// A duel round (the whole table: boxed, being the larger).
    Duel(Box<DuelPosition>),
    /// A round at a table of several (boxed likewise).
    Party(Box<PartyPosition>),
}

/// What the save keeps of the game under way (`None`: nothing to come back to).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Resumable(pub Option<Position>);

/// A cut-off solo game to put back on the table once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeSolo(pub SoloPosition);

/// A cut-off duel round to put back on its table once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeDuel(pub DuelPosition);

/// A cut-off round at a table of several to put back once it is laid.
#[derive(Resource, Debug, Clone)]
pub struct ResumeParty(pub PartyPosition);
