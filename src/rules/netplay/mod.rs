//! A match between two machines, without the wire: what each side sends and
//! how it takes what arrives. The host sits in the near seat
//! ([`Side::Near`]), the guest in the far one; both keep the same referee
//! ([`Duel`]) and put every move, their own and the peer's, to it alike.
//!
//! Dice are dealt: when a side's dice are to be thrown, both commit to a
//! fresh nonce, then both reveal, and the faces come from [`deal`]. A reveal
//! that does not match its commitment ends the match ("the peer cheated"),
//! as does any move the table does not allow now (the peer forfeits).
//! The session never blocks and never touches a socket: the transport feeds
//! it lines and sends what it queues, so it is tested without one.

use std::collections::VecDeque;

mod decision;
pub mod table;

pub use decision::{Decision, mind_decision, rules_for, table_decision};

use super::deal::{Commitment, Nonce, ThrowId, check_reveal, commit, deal};
use super::duel::{Duel, DuelRules, Side, Step};
use super::hand::{DICE, Roll};
use super::protocol::{Message, ProtocolError, WireBet, from_hex, judge_move, to_hex};
use super::transcript::{Event, Seat};

/// How the deal of the current throw stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dealing {
    /// No throw is being dealt.
    Idle,
    /// Their commitment came before we made ours.
    Awaiting { theirs: Commitment },
    /// Our commitment is out; theirs may have come.
    Committed {
        mine: Nonce,
        theirs: Option<Commitment>,
    },
    /// Our nonce is out; waiting for theirs.
    Revealed { mine: Nonce, theirs: Commitment },
}

/// Why a match between two machines ended before its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// The peer made a move the rules do not allow, or sent nonsense: it forfeits.
    Forfeit(String),
    /// The peer's reveal does not match its commitment.
    Cheated,
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ended::Forfeit(why) => write!(f, "the peer forfeits: {why}"),
            Ended::Cheated => {
                f.write_str("the peer cheated: its reveal does not match its commitment")
            }
        }
    }
}

/// One side of a match between two machines.
pub struct Session {
    me: Side,
    match_id: u64,
    rules: DuelRules,
    duel: Duel,
    /// Matches still to start after this one.
    rematches: u32,
    /// The slots each side keeps for its coming throw.
    held: [[bool; DICE]; 2],
    /// Throws so far this round, both sides counted.
    throws: u32,
    dealing: Dealing,
    outbox: VecDeque<Message>,
    /// What happened, event by event, the same on both machines.
    pub events: Vec<Event>,
    /// Matches won by each side.
    pub wins: [u32; 2],
    /// Throws dealt and not yet taken by [`Session::take_dealt`]: the side and
    /// the five faces, in order.
    dealt: VecDeque<(Side, Roll)>,
}

impl Session {
    /// A session in seat `me` (host: [`Side::Near`]) of match `match_id`
    /// under `rules`, for `matches` matches in a row.
    pub fn new(me: Side, match_id: u64, rules: DuelRules, matches: u32) -> Session {
        Session {
            me,
            match_id,
            rules,
            duel: Duel::new(rules, Side::Near),
            rematches: matches.saturating_sub(1),
            held: [[false; DICE]; 2],
            throws: 0,
            dealing: Dealing::Idle,
            outbox: VecDeque::new(),
            events: Vec::new(),
            wins: [0; 2],
            dealt: VecDeque::new(),
        }
    }

    /// What happened, one line per event, the same on both machines.
    pub fn transcript(&self) -> Vec<String> {
        self.events.iter().map(Event::line).collect()
    }

    /// The match's id, the stake and the matches agreed.
    pub fn terms(&self) -> (u64, DuelRules) {
        (self.match_id, self.rules)
    }

    /// The side this session plays ([`Side::Near`]: the host).
    pub fn me(&self) -> Side {
        self.me
    }

    /// The next throw dealt since the last call: its side and faces.
    pub fn take_dealt(&mut self) -> Option<(Side, Roll)> {
        self.dealt.pop_front()
    }

    /// The table as it stands.
    pub fn duel(&self) -> &Duel {
        &self.duel
    }

    /// True when every match is decided and nothing is left to send.
    pub fn finished(&self) -> bool {
        matches!(self.duel.step(), Step::MatchOver(_)) && self.rematches == 0
    }

    /// The next line to send, if any.
    pub fn outgoing(&mut self) -> Option<Message> {
        self.outbox.pop_front()
    }

    /// Moves the session on as far as it can without the peer: our moves
    /// (asked of `decide` when it is our turn; `None`: not decided yet, as a
    /// person at a window may not have) and our half of a deal (a fresh nonce
    /// from `nonce`).
    pub fn advance(
        &mut self,
        mut decide: impl FnMut(&Duel, Side) -> Option<Decision>,
        mut nonce: impl FnMut() -> Nonce,
    ) -> Result<(), Ended> {
        loop {
            let step = self.duel.step();
            match step {
                Step::Rolling(_) => {
                    match self.dealing {
                        Dealing::Idle => {
                            let mine = nonce();
                            self.outbox.push_back(Message::Commit {
                                commitment: to_hex(&commit(&mine)),
                            });
                            self.dealing = Dealing::Committed { mine, theirs: None };
                        }
                        // Both commitments are in once ours is out: reveal.
                        Dealing::Awaiting { theirs } => {
                            let mine = nonce();
                            self.outbox.push_back(Message::Commit {
                                commitment: to_hex(&commit(&mine)),
                            });
                            self.outbox.push_back(Message::Reveal {
                                nonce: to_hex(&mine),
                            });
                            self.dealing = Dealing::Revealed { mine, theirs };
                        }
                        Dealing::Committed { .. } | Dealing::Revealed { .. } => {}
                    }
                    return Ok(());
                }
                Step::Throw(s) | Step::Bet(s) | Step::Reroll(s) if s == self.me => {
                    let Some(decision) = decide(&self.duel, s) else {
                        return Ok(());
                    };
                    let message = match decision {
                        Decision::Throw => Message::Throw,
                        Decision::Reroll(held) => Message::Reroll { held },
                        Decision::Stand => Message::Stand,
                        Decision::Bet(action) => Message::Bet {
                            action: WireBet::from(action),
                        },
                    };
                    self.apply(s, &message)
                        .map_err(|e| Ended::Forfeit(format!("our own move: {e}")))?;
                    self.outbox.push_back(message);
                }
                // The host starts each round and each rematch.
                Step::RoundOver if self.me == Side::Near => {
                    self.apply(self.me, &Message::Next)
                        .map_err(|e| Ended::Forfeit(e.to_string()))?;
                    self.outbox.push_back(Message::Next);
                }
                Step::MatchOver(_) if self.me == Side::Near && self.rematches > 0 => {
                    self.apply(self.me, &Message::Next)
                        .map_err(|e| Ended::Forfeit(e.to_string()))?;
                    self.outbox.push_back(Message::Next);
                }
                _ => return Ok(()),
            }
        }
    }

    /// True while the peer owes its part of a deal (its commitment or its
    /// nonce): a machine answers that at once, so it has a deadline.
    pub fn peer_owes_deal(&self) -> bool {
        matches!(
            self.dealing,
            Dealing::Committed { theirs: None, .. } | Dealing::Revealed { .. }
        )
    }

    /// True while the duel waits for the peer's move (a throw, a bet, a
    /// reroll): it has a deadline too, which heartbeats do not extend.
    pub fn peer_to_move(&self) -> bool {
        let step = self.duel.step();
        step.mover() == Some(self.me.other()) && !matches!(step, Step::Rolling(_))
    }

    /// Takes a line from the peer: its half of a deal, or its move, judged by
    /// the referee exactly as ours.
    pub fn receive(&mut self, message: &Message) -> Result<(), Ended> {
        let them = self.me.other();
        match (self.dealing, message) {
            (Dealing::Committed { mine, theirs: None }, Message::Commit { commitment }) => {
                let theirs = from_hex(commitment).map_err(|e| Ended::Forfeit(e.to_string()))?;
                self.outbox.push_back(Message::Reveal {
                    nonce: to_hex(&mine),
                });
                self.dealing = Dealing::Revealed { mine, theirs };
                Ok(())
            }
            (Dealing::Revealed { mine, theirs }, Message::Reveal { nonce }) => {
                let nonce = from_hex(nonce).map_err(|e| Ended::Forfeit(e.to_string()))?;
                check_reveal(&theirs, &nonce).map_err(|_| Ended::Cheated)?;
                let (host, guest) = if self.me == Side::Near {
                    (mine, nonce)
                } else {
                    (nonce, mine)
                };
                self.dealing = Dealing::Idle;
                self.finish_throw(&host, &guest)
            }
            (_, Message::Heartbeat) => Ok(()),
            (Dealing::Idle, Message::Commit { commitment })
                if matches!(self.duel.step(), Step::Rolling(_)) =>
            {
                let theirs = from_hex(commitment).map_err(|e| Ended::Forfeit(e.to_string()))?;
                self.dealing = Dealing::Awaiting { theirs };
                Ok(())
            }
            (Dealing::Idle, _) if matches!(self.duel.step(), Step::Rolling(_)) => Err(
                Ended::Forfeit("a move while the dice are being dealt".to_owned()),
            ),
            (Dealing::Idle, move_) => self
                .apply(them, move_)
                .map_err(|e| Ended::Forfeit(e.to_string())),
            (_, other) => Err(Ended::Forfeit(format!(
                "a {} message while the dice are being dealt",
                other.name()
            ))),
        }
    }

    /// Puts a move to the referee and books what it means for the deal and
    /// the transcript.
    fn apply(&mut self, side: Side, message: &Message) -> Result<(), ProtocolError> {
        let before = self.duel.step();
        if let (Message::Next, Step::MatchOver(_)) = (message, before) {
            if side != Side::Near || self.rematches == 0 {
                return Err(ProtocolError::Illegal("no rematch was agreed".to_owned()));
            }
            self.rematches -= 1;
            self.duel = Duel::new(self.rules, Side::Near);
            self.throws = 0;
            self.events.push(Event::Rematch);
            return Ok(());
        }
        if matches!(message, Message::Next) && side != Side::Near {
            return Err(ProtocolError::Illegal(
                "only the host starts a round".to_owned(),
            ));
        }
        judge_move(&mut self.duel, side, message)?;
        let by = Seat::from(side);
        match message {
            Message::Throw => {
                self.held[side.index()] = [false; DICE];
                self.events.push(Event::Throw { by });
            }
            Message::Reroll { held } => {
                self.held[side.index()] = *held;
                self.events.push(Event::Keep { by, held: *held });
            }
            Message::Stand => self.events.push(Event::Stand { by }),
            Message::Bet { action } => self.events.push(Event::Bet {
                by,
                action: *action,
            }),
            Message::Next => {
                self.throws = 0;
                self.events.push(Event::NextRound);
            }
            _ => {}
        }
        self.note_end(before);
        Ok(())
    }

    /// Both nonces are out: the dealt faces land on the free dice.
    fn finish_throw(&mut self, host: &Nonce, guest: &Nonce) -> Result<(), Ended> {
        let Step::Rolling(side) = self.duel.step() else {
            return Err(Ended::Forfeit("a deal with no throw".to_owned()));
        };
        self.throws += 1;
        let held = self.held[side.index()];
        let free = held.iter().filter(|&&h| !h).count();
        let id = ThrowId {
            match_id: self.match_id,
            round: self.duel.rounds(),
            throw: self.throws,
        };
        let roll = land(held, self.duel.roll(side), deal(id, host, guest, free));
        let before = self.duel.step();
        self.duel
            .rolled(side, roll)
            .map_err(|e| Ended::Forfeit(e.to_string()))?;
        self.events.push(Event::Deal {
            side: side.into(),
            host_commit: to_hex(&commit(host)),
            host_nonce: to_hex(host),
            guest_commit: to_hex(&commit(guest)),
            guest_nonce: to_hex(guest),
            faces: roll,
        });
        self.dealt.push_back((side, roll));
        self.note_end(before);
        Ok(())
    }

    /// Writes a round's or a match's end to the transcript.
    fn note_end(&mut self, before: Step) {
        let now = self.duel.step();
        if now.is_decided() && !before.is_decided() {
            self.events.push(Event::RoundOver {
                end: self.duel.last_end().into(),
                score: [self.duel.score(Side::Near), self.duel.score(Side::Far)],
            });
            if let Step::MatchOver(winner) = now {
                self.wins[winner.index()] += 1;
                self.events.push(Event::MatchOver {
                    winner: winner.into(),
                });
            }
        }
    }
}

/// The roll after a dealt throw: the `held` slots keep their faces from
/// `old`, the free ones take the dealt `faces` in order.
pub(crate) fn land(held: [bool; DICE], old: Option<Roll>, faces: Vec<u8>) -> Roll {
    let old = old.unwrap_or([0; DICE]);
    let mut faces = faces.into_iter();
    std::array::from_fn(|slot| {
        if held[slot] {
            old[slot]
        } else {
            faces.next().unwrap_or(1)
        }
    })
}
