//! みんなで: a table of two to four seats, the rules of
//! [`crate::rules::table`] as the only referee. Every seat, whoever sits
//! there, sends the same [`SeatPlays`] event: the keys and clicks of the
//! person whose turn it is (through the game's usual `Advance`, `Confirm`,
//! `ToggleHold` and `Bet`), and the computer seats' minds through the
//! table's pilot ([`cpu`]). The referee's step is mirrored as the
//! [`MatchStep`](crate::game::table::MatchStep) state and each accepted
//! move triggers [`Moved`](crate::game::table::Moved).
//!
//! The trays stand on a two-by-two grid around the table's middle
//! ([`tray_places`]); the player sits at the near left, the others follow
//! round the table as the turns go.

mod books;
pub mod cheat;
pub mod cpu;
pub mod flow;
pub mod hint;
pub mod hud;
pub mod hud_text;
pub mod pot;
pub mod record;
pub mod resume;
pub mod setup;

use bevy::prelude::*;

use crate::dice::throw::Aim;
use crate::game::profile::{PartySeat, PartySeats};
use crate::game::table::seat::Move;
use crate::game::table::{Asker, NextStep};
use crate::rules::duel::{BetAction, Opponent};
use crate::rules::hand::Roll;
use crate::rules::netplay::Decision;
use crate::rules::netplay::table::TableTerms;
use crate::rules::table::{TableMatch, TableRules};

pub use crate::rules::table::house::{PARTY_ANTE, PARTY_STACK, PARTY_STEP, PARTY_WINS};
/// Half the distance between the middles of two trays side by side: their
/// walls two units apart, room for the pot in the table's middle.
pub const PARTY_TRAY_X: f32 = 6.5;
/// Half the distance between the near and the far row of trays, likewise.
pub const PARTY_TRAY_Z: f32 = 5.0;

/// Where each seat's tray stands, in turn order round the table from the
/// player's near-left place: near left, far left, far right, near right
/// (two seats sit across a diagonal, three leave the near right free).
pub fn tray_places(seats: usize) -> Vec<Vec3> {
    let (x, z) = (PARTY_TRAY_X, PARTY_TRAY_Z);
    let near_left = Vec3::new(-x, 0.0, z);
    let far_left = Vec3::new(-x, 0.0, -z);
    let far_right = Vec3::new(x, 0.0, -z);
    let near_right = Vec3::new(x, 0.0, z);
    match seats {
        2 => vec![near_left, far_right],
        3 => vec![near_left, far_left, far_right],
        _ => vec![near_left, far_left, far_right, near_right],
    }
}

/// Where each seat's tray stands at a table whose player sits in seat `me`:
/// the player at the near left, the others round the table in turn order.
pub fn places_from(seats: usize, me: usize) -> Vec<Vec3> {
    let places = tray_places(seats);
    (0..seats)
        .map(|seat| places[(seat + seats - me) % seats])
        .collect()
}

/// Where each seat's tray stands at the table about to be laid: the
/// lineup's, or at a table of machines its seats from this machine's.
pub fn seat_places(lineup: &PartySeats, net: Option<&NetTable>) -> Vec<Vec3> {
    match net {
        Some(net) => places_from(net.terms.seats, net.me),
        None => tray_places(lineup.seats().len()),
    }
}

/// A table of machines about to be laid: this machine's seat (0: the host)
/// and the terms every seat agreed to. Put in by the network seat's room
/// before the table's screen opens.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct NetTable {
    /// This machine's seat.
    pub me: usize,
    /// The agreed terms.
    pub terms: TableTerms,
    /// The seats the host's computer opponents play (known on the host only).
    pub computers: Vec<(usize, &'static Opponent)>,
}

impl NetTable {
    /// Who sits where, as this machine sees it: the player, the host's
    /// computer opponents (on the host), and people at other machines.
    pub fn seats(&self) -> Vec<PartySeat> {
        (0..self.terms.seats)
            .map(
                |seat| match self.computers.iter().find(|&&(s, _)| s == seat) {
                    _ if seat == self.me => PartySeat::You,
                    Some(&(_, mind)) => PartySeat::Computer(mind),
                    None => PartySeat::Away,
                },
            )
            .collect()
    }
}

/// How a table of machines stands at this one: only what the host has
/// taken moves its referee, the player's own moves included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetPlay {
    /// The agreed terms.
    pub terms: TableTerms,
    /// The player's move is out, not yet taken by the host.
    pub asked: bool,
    /// What that move puts in the pot (a call, a raise): spent from the
    /// moment it is asked, since the host may take it after this window
    /// has closed.
    pub owes: u64,
    /// The player has seen the decided round or match: the host's next
    /// round may be laid on this table.
    pub seen: bool,
    /// The link has ended: nothing more will come.
    pub closed: bool,
    /// A throw dealt whose dice are still landing: its seat and faces. The
    /// host has taken it already, so the books and a seat's leave count it
    /// as taken (a round it decides is booked before its dice land).
    pub landing: Option<(usize, Roll)>,
}

/// The player's move at a table of machines, for the network seat to send.
#[derive(Event, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AskTable(pub Decision);

/// The table being played: the referee, who sits where, and the books.
#[derive(Resource, Debug)]
pub struct Party {
    /// The referee: turns, bets, pots, score.
    pub table: TableMatch,
    /// Who sits in each seat.
    pub seats: Vec<PartySeat>,
    /// Each seat's tray.
    pub trays: Vec<Entity>,
    /// Where each seat's tray stands.
    pub places: Vec<Vec3>,
    /// Matches started at this table.
    pub matches: u32,
    /// The player's coins won minus brought over the finished matches.
    pub closed: i64,
    /// The player's coins won minus brought at this table, as the wallet
    /// has been told of them.
    pub booked: i64,
    /// Coins each seat sits down with.
    pub stack: u64,
    /// A table of machines: how it stands (`None`: every seat is here).
    pub net: Option<NetPlay>,
    /// What each seat said in the betting round under way (or the last
    /// one of this round), for its panel: who checked, raised, called.
    pub bets: Vec<Option<BetAction>>,
}

impl Party {
    /// The table's rules with this many rerolls.
    pub fn rules(rerolls: u32) -> TableRules {
        crate::rules::table::house::party_rules(rerolls)
    }

    /// The player's seat.
    pub fn you(&self) -> usize {
        self.seats
            .iter()
            .position(|s| *s == PartySeat::You)
            .unwrap_or_default()
    }

    /// `seat` made this bet.
    pub fn said(&mut self, seat: usize, action: BetAction) {
        self.bets.resize(self.seats.len(), None);
        self.bets[seat] = Some(action);
    }

    /// What `seat` last said in this round's betting, if anything.
    pub fn last_bet(&self, seat: usize) -> Option<BetAction> {
        self.bets.get(seat).copied().flatten()
    }

    /// The seat whose tray is `tray`.
    pub fn seat_of_tray(&self, tray: Entity) -> Option<usize> {
        self.trays.iter().position(|&t| t == tray)
    }

    /// The seat that lays each next round and match: the player's, or at a
    /// table of machines the host's.
    pub fn leader(&self) -> usize {
        if self.net.is_some() { 0 } else { self.you() }
    }

    /// A fresh match's referee: every seat with a full stack and its badge,
    /// the leader first; at a table of machines a seat gone stays gone.
    pub fn fresh_match(&self) -> Option<TableMatch> {
        let rules = self.table.rules();
        let gone: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.table.has_left(s))
            .collect();
        let stacks = vec![self.stack; self.seats.len()];
        let table = TableMatch::new_without(rules, stacks, self.leader(), &gone).ok()?;
        Some(table.with_badges(&self.table.badges()))
    }

    /// A table of machines that has ended (every match decided, or cut
    /// off): it takes no more moves.
    pub fn closed(&self) -> bool {
        self.net.is_some_and(|n| n.closed)
    }

    /// What the main button does now for `seat` (`all_held`: every die of
    /// its tray is held). The player's seat begins the next round and match;
    /// at a table of machines, once the player has seen the end, the host
    /// does, and a table that has ended takes nothing more.
    pub fn next_step(&self, seat: usize, all_held: bool) -> NextStep {
        let seen = self.net.is_some_and(|n| n.seen);
        let asker = Asker {
            seat,
            rerolls_left: self.table.rerolls_left(seat),
            all_held,
            leads: seat == self.leader() && !seen,
            sees: false,
            closed: self.closed(),
        };
        NextStep::at(self.table.step(), asker)
    }
}

/// What a seat does: every seat's one way to play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Play {
    /// Throw, reroll, or go on to the next round or match.
    Advance,
    /// Throw or reroll as a flick of the mouse asked ([`Play::Advance`]
    /// with the throw's direction and strength).
    Flick(Aim),
    /// Stand with the dice as they are.
    Stand,
    /// Pick up or put down one of its dice.
    Toggle(Entity),
    /// Bet.
    Bet(BetAction),
    /// Leave the table: fold and sit out (a seat at another machine gone).
    Leave,
    /// Leave while a throw it committed to is being dealt: the round is
    /// called off ([`TableMatch::void_and_leave`]), and the seat sits out.
    LeaveMidDeal,
}

impl Play {
    /// True for a throw, reroll or going on, flicked or not.
    pub fn advances(self) -> bool {
        matches!(self, Play::Advance | Play::Flick(_))
    }

    /// The flick's aim, if this play is one.
    pub fn aim(self) -> Option<Aim> {
        match self {
            Play::Flick(aim) => Some(aim),
            _ => None,
        }
    }

    /// A turn's move as a seat's play (a table has no badge to use).
    pub fn of_move(m: Move) -> Option<Play> {
        match m {
            Move::Toggle(die) => Some(Play::Toggle(die)),
            Move::Confirm => Some(Play::Stand),
            Move::Advance => Some(Play::Advance),
            Move::Bet(action) => Some(Play::Bet(action)),
            Move::UseBadge => None,
        }
    }
}

/// A seat plays: the one event the table's referee judges.
#[derive(Event, Debug, Clone, Copy, PartialEq)]
pub struct SeatPlays {
    /// The seat, in turn order.
    pub seat: usize,
    /// What it does.
    pub play: Play,
    /// At a table of machines, the host has taken this move (else the
    /// player's own moves are only asked of it).
    pub agreed: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        setup::plugin,
        cheat::plugin,
        flow::plugin,
        hint::plugin,
        cpu::plugin,
        hud::plugin,
        hud_text::plugin,
        record::plugin,
        resume::plugin,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trays_stand_apart_in_turn_order_round_the_table() {
        use crate::dice::tray::{TRAY_DEPTH, TRAY_WIDTH, WALL_THICKNESS};
        for seats in 2..=4 {
            let places = tray_places(seats);
            assert_eq!(places.len(), seats);
            assert_eq!(places[0], Vec3::new(-PARTY_TRAY_X, 0.0, PARTY_TRAY_Z));
            for (i, a) in places.iter().enumerate() {
                for b in &places[i + 1..] {
                    let apart = (*a - *b).abs();
                    // Side by side or one behind the other, walls never touch.
                    assert!(
                        apart.x > TRAY_WIDTH + 2.0 * WALL_THICKNESS
                            || apart.z > TRAY_DEPTH + 2.0 * WALL_THICKNESS,
                        "{a} {b}"
                    );
                }
            }
        }
    }
}
