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
use crate::lang::{Key, Lang, Line, tr, trf};
use crate::net::seat::{FromNet, NetSeat, NetStart, ToNet, Wake, start};
use crate::net::{Cut, DEAL_DEADLINE, GONE_AFTER, MAX_WRONG_CODES, READ_TIMEOUT, TURN_DEADLINE};
use crate::rules::duel::{BetAction, DuelRules, Side, Step};
use crate::rules::protocol::Message;

use crate::game::duel::{AgreedTable, Played, Table, TableLink};
use crate::game::party::{NetTable, Party};
use crate::game::profile::Wallet;
use crate::game::table::seat::{MOVE_PACE, Move, Pace, Pilot, SHOW_HOLDS, hold_turn};
use crate::game::{AppSystems, Choice, Choose, Notice, Screen};

/// Where the network match stands, as the lobby and the table show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// Hosting: waiting for a guest on this port (or a relay) with this code.
    Waiting {
        /// The port (0 through a relay).
        port: u16,
        /// The transit relay waited on, if any.
        relay: Option<String>,
        /// Where a friend can reach it (`ADDRESS:PORT`; empty: not known).
        addresses: Vec<String>,
        /// The join code as read out.
        code: String,
    },
    /// Joining: connecting to this address.
    Joining(String),
    /// The match is on.
    Connected,
    /// It ended.
    Ended(Ending),
}

impl Link {
    /// Where a host waits and its join code, in the words `host --auto`
    /// prints them (`None`: not hosting, or the code not drawn yet).
    pub fn hosting_line(&self) -> Option<String> {
        let Link::Waiting {
            port,
            relay,
            addresses,
            code,
        } = self
        else {
            return None;
        };
        if code.is_empty() {
            return None;
        }
        let place = match relay {
            Some(relay) => format!("on the relay {relay}"),
            None if addresses.is_empty() => format!("on 0.0.0.0:{port}"),
            None => format!("on 0.0.0.0:{port} ({})", addresses.join(" / ")),
        };
        Some(format!("hosting {place}, join code {code}"))
    }
}

/// How a link ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Every match was decided: the connection closed as agreed.
    Finished,
    /// It was cut off, for the reason the network seat gives (the peer
    /// left, broke the rules, a deadline passed).
    Cut(Cut),
}

impl Ending {
    /// What the lobby and the notice say, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Ending::Finished => tr(lang, Key::NetFinished).to_owned(),
            Ending::Cut(cut) => trf(lang, Key::NetEnded, &[&cut_words(cut, lang)]),
        }
    }
}

/// Why a link was cut, in `lang`.
fn cut_words(cut: &Cut, lang: Lang) -> String {
    let secs = |d: std::time::Duration| d.as_secs();
    match cut {
        Cut::Closed => tr(lang, Key::NetCutClosed).to_owned(),
        Cut::Silent => trf(lang, Key::NetCutSilent, &[&secs(GONE_AFTER)]),
        Cut::Stalled => trf(lang, Key::NetCutStalled, &[&secs(READ_TIMEOUT)]),
        Cut::DealTooSlow => trf(lang, Key::NetCutDealTooSlow, &[&secs(DEAL_DEADLINE)]),
        Cut::TurnTooSlow => trf(lang, Key::NetCutTurnTooSlow, &[&secs(TURN_DEADLINE)]),
        Cut::Removed => tr(lang, Key::NetCutRemoved).to_owned(),
        Cut::Forfeit(what) => trf(lang, Key::NetCutForfeit, &[what]),
        Cut::Cheated => tr(lang, Key::NetCutCheated).to_owned(),
        Cut::WrongCode => tr(lang, Key::NetCutWrongCode).to_owned(),
        Cut::TooManyWrongCodes => trf(lang, Key::NetCutTooManyWrongCodes, &[&MAX_WRONG_CODES]),
        Cut::Refused(why) => trf(lang, Key::NetCutRefused, &[why]),
        Cut::Terms(why) => trf(lang, Key::NetCutTerms, &[why]),
        Cut::Relay(why) => trf(lang, Key::NetCutRelay, &[why]),
        Cut::CannotListen { port, why } => trf(lang, Key::NetCutCannotListen, &[port, why]),
        Cut::Network(why) => trf(lang, Key::NetCutNetwork, &[why]),
        Cut::GameClosed => tr(lang, Key::NetCutGameClosed).to_owned(),
    }
}

/// In English, for the log and the tests' messages.
impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

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

    /// This table's side for a seat of the protocol (host: [`Side::Near`]):
    /// each machine shows its own player on the near side.
    fn local(&self, side: Side) -> Side {
        if self.guest { side.other() } else { side }
    }
}

pub(super) fn plugin(app: &mut App) {
    // After the seats' moves of this frame have reached the referee, so the
    // table's step is the one the peer's next move is checked against.
    app.add_systems(
        Update,
        (listen, replay.run_if(in_state(Screen::Duel)))
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
            FromNet::Connected { guest, rules } => {
                remote.rules = Some(rules);
                commands.insert_resource(AgreedTable { rules, guest });
                remote.connected(guest, screen.get(), &mut commands, Choice::Net);
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
            event @ (FromNet::Peer { .. }
            | FromNet::Dealt { .. }
            | FromNet::Table(_)
            | FromNet::Finished) => remote.queue.push_back(event),
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
    table: Option<Res<Table>>,
    mut link: ResMut<TableLink>,
    mut pilot: ResMut<Pilot>,
    pace: Res<Pace>,
    dice: TrayDice,
    mut commands: Commands,
) {
    let Some(table) = table else {
        return;
    };
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
            FromNet::Dealt { side, roll } => {
                let tray = table.trays[remote.local(side).index()];
                commands.entity(tray).insert(Dealt(roll));
            }
            FromNet::Peer { by, message } => {
                let by = remote.local(by);
                let step = table.duel.step();
                // Only at the very step the move answers (a bet at the peer's
                // bet, a hold at its reroll), never a step early.
                let ready = match message {
                    // The host goes on once this machine's player has seen the result.
                    Message::Next => step.is_decided() && link.seen,
                    Message::Throw => step == Step::Throw(by),
                    Message::Reroll { .. } | Message::Stand => step == Step::Reroll(by),
                    Message::Bet { .. } => step == Step::Bet(by),
                    _ => true,
                };
                if !ready || pilot.flying() {
                    return;
                }
                let moves = match message {
                    Message::Throw | Message::Next => vec![(MOVE_PACE, Move::Advance)],
                    Message::Stand => vec![(MOVE_PACE, Move::Confirm)],
                    Message::Bet { action } => {
                        vec![(MOVE_PACE, Move::Bet(BetAction::from(action)))]
                    }
                    Message::Reroll { held } => {
                        let tray = table.trays[by.index()];
                        let Some(slots) = dice.dice(tray) else {
                            return;
                        };
                        hold_turn(slots, dice.held(tray), held, false, SHOW_HOLDS, MOVE_PACE)
                    }
                    _ => Vec::new(),
                };
                pilot.fly(by.index(), moves, *pace);
            }
            _ => {}
        }
        remote.queue.pop_front();
    }
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

#[cfg(test)]
mod ending_tests {
    use super::*;

    #[test]
    fn a_window_that_hosts_says_where_and_its_code_as_the_command_line_does() {
        let waiting = |relay: Option<&str>, addresses: &[&str], code: &str| Link::Waiting {
            port: 7878,
            relay: relay.map(str::to_owned),
            addresses: addresses.iter().map(|a| (*a).to_owned()).collect(),
            code: code.to_owned(),
        };
        assert_eq!(
            waiting(None, &[], "7KQ2-M9XD").hosting_line().as_deref(),
            Some("hosting on 0.0.0.0:7878, join code 7KQ2-M9XD")
        );
        assert_eq!(
            waiting(None, &["192.168.1.20:7878"], "7KQ2-M9XD")
                .hosting_line()
                .as_deref(),
            Some("hosting on 0.0.0.0:7878 (192.168.1.20:7878), join code 7KQ2-M9XD")
        );
        assert_eq!(
            waiting(Some("relay.example:4000"), &[], "7KQ2-M9XD")
                .hosting_line()
                .as_deref(),
            Some("hosting on the relay relay.example:4000, join code 7KQ2-M9XD")
        );
        // No code drawn yet, or not hosting: nothing to say.
        assert_eq!(waiting(None, &[], "").hosting_line(), None);
        assert_eq!(Link::Connected.hosting_line(), None);
    }

    #[test]
    fn a_link_s_end_is_said_in_each_language_with_only_the_other_side_s_words_kept() {
        let every = [
            Cut::Closed,
            Cut::Silent,
            Cut::Stalled,
            Cut::DealTooSlow,
            Cut::TurnTooSlow,
            Cut::Removed,
            Cut::Cheated,
            Cut::WrongCode,
            Cut::TooManyWrongCodes,
            Cut::GameClosed,
        ];
        for ending in every.into_iter().map(Ending::Cut).chain([Ending::Finished]) {
            let ja = ending.words(Lang::Ja);
            assert!(!ja.chars().any(|c| c.is_ascii_alphabetic()), "{ja}");
            assert_ne!(ja, ending.words(Lang::En));
        }
        // What the host wrote stays as written, inside our own words.
        let refused = Ending::Cut(Cut::Refused("one guest at a time".into()));
        let ja = refused.words(Lang::Ja);
        assert!(
            ja.contains("相手") && ja.contains("one guest at a time"),
            "{ja}"
        );
        let silent = Ending::Cut(Cut::Silent).words(Lang::En);
        assert!(
            silent.contains(&GONE_AFTER.as_secs().to_string()),
            "{silent}"
        );
    }
}
