//! The remote seat: a person at another machine. What the network seat
//! ([`crate::net::seat`]) reports is replayed on this table in the session's
//! own order, as the same events any seat sends (through the [`Pilot`]), and
//! every throw lands on its dealt faces ([`Dealt`]). The local player's
//! decisions, once this table's referee has accepted them ([`Played`]), go
//! to the peer. The flow never asks which kind of seat moved.

use std::collections::VecDeque;
use std::sync::Mutex;

use bevy::prelude::*;

use crate::dice::{Dealt, TrayDice};
use crate::lang::Line;
use crate::net::Cut;
use crate::net::seat::{FromNet, NetSeat, NetStart, ToNet, Wake, start};
use crate::rules::duel::{DuelRules, Side, Step};
use crate::rules::netplay::rules_for;
use crate::rules::protocol::{MatchFormat, TablePlay};
use crate::rules::transcript::TableEvent;

use crate::game::duel::{AgreedTable, Played, Table, TableLink};
use crate::game::party::{NetTable, Party};
use crate::game::profile::Wallet;
use crate::game::table::seat::{Pace, Pilot};

use super::replay::{answers, moves_of};
use crate::game::{AppSystems, Choice, Choose, Notice, Screen};

pub use super::link::{Ending, Link};

/// The network seat at this machine: its channels, what it said, and what
/// is still to be replayed on the table.
#[derive(Resource)]
pub struct Remote {
    seat: Mutex<NetSeat>,
    /// Where the match stands.
    pub link: Link,
    /// The agreed rules, once connected.
    rules: Option<DuelRules>,
    /// This machine joined (the host sits on its far side).
    guest: bool,
    /// What the peer did, in order, not yet on the table.
    pub(super) queue: VecDeque<FromNet>,
    /// Hosting a table: seats taken (the host's counted) and seats in all.
    pub seated: Option<(usize, usize)>,
}

impl Remote {
    /// Starts hosting or joining; the seat's thread calls `wake` after each
    /// thing it tells.
    pub fn start(how: NetStart, wake: Wake) -> Remote {
        let link = match &how {
            NetStart::Host { port, relay, .. } => Link::Waiting {
                port: *port,
                relay: relay.clone(),
                addresses: Vec::new(),
                code: String::new(),
            },
            NetStart::Join { address, .. } => Link::Joining(address.clone()),
        };
        Remote {
            seat: Mutex::new(start(how, wake)),
            link,
            rules: None,
            guest: false,
            queue: VecDeque::new(),
            seated: None,
        }
    }

    /// The match is on (this machine its `guest`): from the lobby, its
    /// table opens (`choice`).
    fn connected(&mut self, guest: bool, screen: &Screen, commands: &mut Commands, choice: Choice) {
        self.link = Link::Connected;
        self.guest = guest;
        if *screen == Screen::Lobby {
            commands.trigger(Choose(choice));
        }
    }

    /// Tells the network seat `what`; a closed seat has said why already.
    pub(super) fn send(&self, what: ToNet) {
        if let Ok(seat) = self.seat.lock() {
            let _ = seat.to_net.send(what);
        }
    }

    /// What the peer did that is not on the table yet (for a report).
    pub fn pending(&self) -> Vec<String> {
        self.queue.iter().map(|e| format!("{e:?}")).collect()
    }

    /// The table's rules and whether this machine is the guest, once connected.
    pub fn table(&self) -> Option<(DuelRules, bool)> {
        self.rules.map(|r| (r, self.guest))
    }

    /// This table's side for a seat of the match (host: 0): each machine
    /// shows its own player on the near side.
    fn local(&self, seat: usize) -> Side {
        let host = if self.guest { Side::Far } else { Side::Near };
        if seat == 0 { host } else { host.other() }
    }
}

pub(super) fn plugin(app: &mut App) {
    // After the seats' moves of this frame have reached the referee, so the
    // table's step is the one the peer's next move is checked against.
    app.add_systems(
        Update,
        (
            listen,
            replay.run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel))),
        )
            .chain()
            .run_if(resource_exists::<Remote>)
            .in_set(AppSystems::Rules),
    );
    app.add_observer(send_played);
    app.add_systems(OnEnter(Screen::Start), hang_up);
}

/// Takes what the network seat reports: the link's state at once, the
/// peer's moves and deals into the queue.
fn listen(
    mut remote: ResMut<Remote>,
    screen: Res<State<Screen>>,
    mut notice: ResMut<Notice>,
    mut wallet: ResMut<Wallet>,
    table: Option<Res<Table>>,
    party: Option<Res<Party>>,
    mut link: ResMut<TableLink>,
    mut commands: Commands,
) {
    let heard: Vec<FromNet> = match remote.seat.lock() {
        Ok(seat) => seat.from_net.try_iter().collect(),
        Err(_) => return,
    };
    for event in heard {
        match event {
            FromNet::Waiting {
                port,
                relay,
                addresses,
                code,
            } => {
                remote.link = Link::Waiting {
                    port,
                    relay,
                    addresses,
                    code,
                };
                // Also where the game was started from, as `host --auto`
                // says it: a terminal keeps it when the window is covered.
                if let Some(line) = remote.link.hosting_line() {
                    println!("{line}");
                }
            }
            FromNet::Ended(why) => {
                // A match cut off before its round was decided gives the
                // player back what they had in that round (a guest at a
                // table too, unless the host took its seat for gone: then
                // the others play that round out).
                let guest = party.as_ref().filter(|_| why != Cut::Removed);
                let guest_back = guest.map_or(0, |p| p.guest_stake());
                let back = wallet.refund() + guest_back;
                wallet.credit(guest_back);
                if table.is_some() {
                    link.closed = true;
                }
                let ending = Ending::Cut(why);
                let said = ending.clone();
                let ended = Line::new(move |lang| said.words(lang));
                notice.say(match Notice::refunded(back) {
                    Some(back) => ended.then(" — ", back),
                    None => ended,
                });
                remote.link = Link::Ended(ending);
            }
            FromNet::Seated { taken, seats } => remote.seated = Some((taken, seats)),
            // A duel's table is laid by the duel's rules at this stake.
            FromNet::TableConnected { me, terms, .. } if terms.format == MatchFormat::Duel => {
                let (rules, guest) = (rules_for(terms.ante, terms.raise), me != 0);
                remote.rules = Some(rules);
                commands.insert_resource(AgreedTable { rules, guest });
                remote.connected(guest, screen.get(), &mut commands, Choice::Net);
            }
            FromNet::TableConnected {
                me,
                terms,
                computers,
            } => {
                commands.insert_resource(NetTable {
                    me,
                    terms,
                    computers,
                });
                remote.connected(me != 0, screen.get(), &mut commands, Choice::Seated);
            }
            event @ (FromNet::Table(_) | FromNet::Finished) => remote.queue.push_back(event),
        }
    }
    // A link cut before its table was laid (a guest that refused the terms
    // at once): the table closes as it comes, and its first antes go back.
    if table.is_some() && !link.closed && matches!(remote.link, Link::Ended(Ending::Cut(_))) {
        link.closed = true;
        wallet.refund();
    }
}

/// Replays the queue on the table: each peer move once the table waits for
/// it (and the pilot has finished the last one), each deal at once.
fn replay(
    mut remote: ResMut<Remote>,
    table: Res<Table>,
    mut link: ResMut<TableLink>,
    mut pilot: ResMut<Pilot>,
    pace: Res<Pace>,
    dice: TrayDice,
    mut commands: Commands,
) {
    while let Some(front) = remote.queue.front().cloned() {
        match front {
            // The match is over on both machines: no rematch from this table.
            FromNet::Finished => {
                // Once this table has caught up with the last throw and move.
                if !matches!(table.duel.step(), Step::MatchOver(_)) || pilot.flying() {
                    return;
                }
                link.closed = true;
                remote.link = Link::Ended(Ending::Finished);
            }
            FromNet::Table(TableEvent::Deal { seat, faces, .. }) => {
                let tray = table.trays[remote.local(seat).index()];
                commands.entity(tray).insert(Dealt(faces));
            }
            // The peer's moves; the host lays the next round, or the next
            // match, once this machine's player has seen the result. The
            // player's own moves are on this table already; a round's and a
            // match's end this table's referee sees itself; a seat gone ends
            // the link, which says so.
            FromNet::Table(event) => {
                let peer = match event {
                    TableEvent::Rematch if remote.guest => Some(TablePlay::Next),
                    TableEvent::Moved { seat, play } if remote.local(seat) == Side::Far => {
                        Some(play)
                    }
                    _ => None,
                };
                if let Some(play) = peer
                    && !replay_peer(&table, &link, (Side::Far, play), &dice, &mut pilot, *pace)
                {
                    return;
                }
            }
            _ => {}
        }
        remote.queue.pop_front();
    }
}

/// Flies the peer's `play` on this table once it waits for it
/// ([`answers`]), the last move's flight over; false while it must wait.
fn replay_peer(
    table: &Table,
    link: &TableLink,
    (by, play): (Side, TablePlay),
    dice: &TrayDice,
    pilot: &mut Pilot,
    pace: Pace,
) -> bool {
    let turn = table.duel.step().seated();
    if !answers(turn, by.index(), play, link.seen) || pilot.flying() {
        return false;
    }
    let Some(moves) = moves_of(play, table.trays[by.index()], dice) else {
        return false;
    };
    pilot.fly(by.index(), moves, pace);
    true
}

/// The local player's accepted decisions go to the peer.
fn send_played(played: On<Played>, remote: Option<Res<Remote>>, table: Option<Res<Table>>) {
    let (Some(remote), Some(_)) = (remote, table) else {
        return;
    };
    if played.by != Side::Near {
        return;
    }
    remote.send(ToNet::Local(played.decision));
}

/// Back at the start screen the connection is let go.
fn hang_up(mut commands: Commands) {
    commands.remove_resource::<Remote>();
    commands.remove_resource::<AgreedTable>();
}
