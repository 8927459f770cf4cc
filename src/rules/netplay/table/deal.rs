//! The deal of one throw at a table of machines. Every seat still at the
//! table commits to a fresh nonce (a guest sends its commitment to the
//! host); once the host has them all it sends the whole list, and only then
//! does each seat reveal; once the host has every nonce it sends them all.
//! Every machine checks each nonce against its commitment, its own among
//! them, and deals the faces from all the nonces in seat order
//! ([`deal_among`]). A seat that leaves before the list of commitments
//! goes out is left out of the deal; one that leaves after it calls the
//! round off (`leave`), so a deal never completes without a committed
//! seat's nonce, and a host that has every other nonce cannot choose which
//! of two deals is dealt by taking a seat for gone.

use super::{Ended, MatchSession, NetReferee, TableEnded};
use crate::rules::deal::{Commitment, Nonce, ThrowId, check_reveal, commit, deal_among};
use crate::rules::protocol::{Message, from_hex, to_hex};
use crate::rules::table::TableStep;
use crate::rules::transcript::TableEvent;

/// Where the deal of the rolling throw stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dealing {
    /// No throw is rolling.
    Idle,
    /// A throw rolls from change `turn`; this machine has not chosen its
    /// nonce yet (the host may already hold guests' commitments).
    Due {
        /// The deal's change.
        turn: u32,
        /// Commitments by seat, so far.
        commits: Vec<Option<Commitment>>,
    },
    /// Our nonce is chosen; commitments by seat, so far.
    Committing {
        /// The deal's change.
        turn: u32,
        /// Our nonce.
        mine: Nonce,
        /// Commitments by seat.
        commits: Vec<Option<Commitment>>,
    },
    /// Every commitment is known; nonces by seat, so far.
    Revealing {
        /// The deal's change.
        turn: u32,
        /// Commitments by seat.
        commits: Vec<Option<Commitment>>,
        /// Nonces by seat.
        nonces: Vec<Option<Nonce>>,
    },
}

impl<R: NetReferee> MatchSession<R> {
    /// Our nonce for the due deal (from `nonce`): a guest sends its
    /// commitment, the host adds its own to those it holds, and one for
    /// each seat it plays besides, each from a nonce of its own.
    pub(super) fn begin_deal(&mut self, nonce: &mut impl FnMut() -> Nonce) {
        let Dealing::Due { turn, mut commits } =
            std::mem::replace(&mut self.dealing, Dealing::Idle)
        else {
            return;
        };
        let mine = nonce();
        commits[self.me] = Some(commit(&mine));
        self.hosted_nonces = self.hosted.iter().map(|&h| h.then(&mut *nonce)).collect();
        for (seat, theirs) in self.hosted_nonces.iter().enumerate() {
            if let Some(theirs) = theirs {
                commits[seat] = Some(commit(theirs));
            }
        }
        if self.me != 0 {
            let commitment = to_hex(&commit(&mine));
            self.outbox
                .push_back((0, Message::Commit { turn, commitment }));
        }
        self.dealing = Dealing::Committing {
            turn,
            mine,
            commits,
        };
        self.host_deal_progress();
    }

    /// The host takes `seat`'s commitment for the deal of change `turn`
    /// (one for a deal given up since is dropped).
    pub(super) fn take_commitment(
        &mut self,
        seat: usize,
        turn: u32,
        hex: &str,
    ) -> Result<(), String> {
        let theirs = from_hex(hex).map_err(|e| e.to_string())?;
        let commits = match &mut self.dealing {
            Dealing::Due { turn: t, commits }
            | Dealing::Committing {
                turn: t, commits, ..
            } if *t == turn => commits,
            Dealing::Revealing { turn: t, .. } if *t == turn => {
                return Err("a commitment after the list was sent".to_owned());
            }
            _ if turn < self.turn => return Ok(()),
            _ => return Err(format!("a commitment for change {turn}, not begun")),
        };
        if commits[seat].replace(theirs).is_some() {
            return Err("a second commitment for one throw".to_owned());
        }
        self.host_deal_progress();
        Ok(())
    }

    /// The host takes `seat`'s nonce for the deal of change `turn`.
    pub(super) fn take_reveal(&mut self, seat: usize, turn: u32, hex: &str) -> Result<(), Ended> {
        let broke = |why: &str| Ended::Forfeit(why.to_owned());
        let nonce = from_hex(hex).map_err(|e| Ended::Forfeit(e.to_string()))?;
        let (commits, nonces) = match &mut self.dealing {
            Dealing::Revealing {
                turn: t,
                commits,
                nonces,
            } if *t == turn => (commits, nonces),
            Dealing::Due { turn: t, .. } | Dealing::Committing { turn: t, .. } if *t == turn => {
                return Err(broke("a nonce before every commitment was known"));
            }
            _ if turn < self.turn => return Ok(()),
            _ => {
                return Err(Ended::Forfeit(format!(
                    "a nonce for change {turn}, not begun"
                )));
            }
        };
        let Some(committed) = commits[seat] else {
            return Err(broke("a nonce with no commitment"));
        };
        if check_reveal(&committed, &nonce).is_err() {
            return Err(Ended::Cheated);
        }
        if nonces[seat].replace(nonce).is_some() {
            return Err(broke("a second nonce for one throw"));
        }
        self.host_deal_progress();
        Ok(())
    }

    /// The host sends the list of commitments once every seat at the table
    /// has committed, and the nonces once every one of them has revealed.
    pub(super) fn host_deal_progress(&mut self) {
        if self.me != 0 {
            return;
        }
        let here: Vec<bool> = (0..self.terms.seats).map(|s| !self.left[s]).collect();
        if let Dealing::Committing {
            turn,
            mine,
            commits,
        } = &self.dealing
            && (0..self.terms.seats).all(|s| !here[s] || commits[s].is_some())
        {
            let (turn, commits) = (*turn, commits.clone());
            let mut nonces = self.hosted_nonces.clone();
            nonces[0] = Some(*mine);
            let commitments = hex_list(&commits);
            self.tell_guests(&Message::Commits { turn, commitments });
            self.dealing = Dealing::Revealing {
                turn,
                commits,
                nonces,
            };
        }
        if let Dealing::Revealing {
            turn,
            commits,
            nonces,
        } = &self.dealing
            && (0..self.terms.seats).all(|s| commits[s].is_none() || nonces[s].is_some())
        {
            let (turn, commits, nonces) = (*turn, commits.clone(), nonces.clone());
            let list = nonces.iter().map(|n| n.as_ref().map(to_hex)).collect();
            self.tell_guests(&Message::Reveals { turn, nonces: list });
            // The host's own table: every move on it was checked.
            let _ = self.finish_throw(&commits, &nonces);
        }
    }

    /// The seats whose part of the deal under way the host still waits for
    /// (a machine answers at once: the transport gives them a deadline).
    pub fn owing(&self) -> Vec<usize> {
        let here = |s: &usize| *s != 0 && !self.left[*s];
        let seats = 0..self.terms.seats;
        match &self.dealing {
            Dealing::Due { commits, .. } | Dealing::Committing { commits, .. } => seats
                .filter(here)
                .filter(|&s| commits[s].is_none())
                .collect(),
            Dealing::Revealing {
                commits, nonces, ..
            } => seats
                .filter(here)
                .filter(|&s| commits[s].is_some() && nonces[s].is_none())
                .collect(),
            Dealing::Idle => Vec::new(),
        }
    }

    /// A seat gone before the commitments were sent is dealt without (one
    /// gone after calls the round off: `leave`).
    pub(super) fn forget_deal_of(&mut self, seat: usize) {
        if let Dealing::Due { commits, .. } | Dealing::Committing { commits, .. } =
            &mut self.dealing
        {
            commits[seat] = None;
        }
    }

    /// A guest takes the host's list of commitments: its own must be there,
    /// one for every seat at the table and none for a seat gone; then it
    /// reveals.
    pub(super) fn take_commitments(
        &mut self,
        turn: u32,
        list: &[Option<String>],
    ) -> Result<(), TableEnded> {
        let broke = |why: &str| TableEnded::HostBroke(why.to_owned());
        let Dealing::Committing { turn: t, mine, .. } = self.dealing else {
            return Err(broke("commitments with no throw rolling"));
        };
        if t != turn || list.len() != self.terms.seats {
            return Err(broke("commitments for another throw or table"));
        }
        let mut commits = Vec::with_capacity(list.len());
        for (seat, hex) in list.iter().enumerate() {
            let commitment = hex.as_deref().map(from_hex).transpose();
            let commitment = commitment.map_err(|e| TableEnded::HostBroke(e.to_string()))?;
            if commitment.is_some() == self.left[seat] {
                return Err(broke("the commitments leave out a seat, or count one gone"));
            }
            commits.push(commitment);
        }
        if commits[self.me] != Some(commit(&mine)) {
            return Err(broke("our commitment is not in the list"));
        }
        let mut nonces = vec![None; self.terms.seats];
        nonces[self.me] = Some(mine);
        self.outbox.push_back((
            0,
            Message::Reveal {
                turn,
                nonce: to_hex(&mine),
            },
        ));
        self.dealing = Dealing::Revealing {
            turn,
            commits,
            nonces,
        };
        Ok(())
    }

    /// A guest takes the host's list of nonces: each must match its
    /// commitment, ours must be ours, and every committed seat has one (a
    /// committed seat gone calls the round off before any deal).
    pub(super) fn take_nonces(
        &mut self,
        turn: u32,
        list: &[Option<String>],
    ) -> Result<(), TableEnded> {
        let broke = |why: &str| TableEnded::HostBroke(why.to_owned());
        let Dealing::Revealing {
            turn: t,
            commits,
            nonces: ours,
        } = &self.dealing
        else {
            return Err(broke("nonces before the commitments"));
        };
        if *t != turn || list.len() != self.terms.seats {
            return Err(broke("nonces for another throw or table"));
        }
        let commits = commits.clone();
        let mut nonces = Vec::with_capacity(list.len());
        for (seat, hex) in list.iter().enumerate() {
            let nonce = hex.as_deref().map(from_hex).transpose();
            let nonce = nonce.map_err(|e| TableEnded::HostBroke(e.to_string()))?;
            match (commits[seat], nonce) {
                (Some(c), Some(n)) if check_reveal(&c, &n).is_err() => {
                    return Err(TableEnded::Cheated(seat));
                }
                (None, Some(_)) => return Err(broke("a nonce with no commitment")),
                (Some(_), None) => {
                    return Err(broke("a deal without a committed seat's nonce"));
                }
                _ => {}
            }
            nonces.push(nonce);
        }
        if nonces[self.me] != ours[self.me] {
            return Err(broke("our nonce is not in the list"));
        }
        self.finish_throw(&commits, &nonces)
    }

    /// Every nonce is out: the dealt faces land on the rolling seat's free dice.
    fn finish_throw(
        &mut self,
        commits: &[Option<Commitment>],
        nonces: &[Option<Nonce>],
    ) -> Result<(), TableEnded> {
        let TableStep::Rolling(seat) = self.table.turn() else {
            return Err(TableEnded::HostBroke("a deal with no throw".to_owned()));
        };
        self.throws += 1;
        let held = self.held[seat];
        let free = held.iter().filter(|&&h| !h).count();
        let id = ThrowId {
            match_id: self.terms.match_id,
            round: self.table.rounds(),
            throw: self.throws,
        };
        let dealt: Vec<Nonce> = nonces.iter().flatten().copied().collect();
        let roll =
            crate::rules::netplay::land(held, self.table.roll(seat), deal_among(id, &dealt, free));
        let before = self.table.clone();
        self.table
            .rolled(seat, roll)
            .map_err(|e| TableEnded::HostBroke(e.to_string()))?;
        self.events.push(TableEvent::Deal {
            seat,
            commitments: hex_list(commits),
            nonces: nonces.iter().map(|n| n.as_ref().map(to_hex)).collect(),
            faces: roll,
        });
        self.note_end(&before);
        self.dealing = Dealing::Idle;
        self.changed();
        Ok(())
    }
}

/// Commitments by seat, as hex.
pub(super) fn hex_list(list: &[Option<Commitment>]) -> Vec<Option<String>> {
    list.iter()
        .map(|c| c.as_ref().map(crate::rules::protocol::to_hex))
        .collect()
}
