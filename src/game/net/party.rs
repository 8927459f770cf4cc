//! A table of machines on this table's screen: what the network seat
//! reports is replayed on the table's referee in the session's order, every
//! seat's moves as the same [`SeatPlays`] any seat sends (the player's own
//! once the host has taken them), every throw on its dealt faces, every
//! seat that left folding. The player's moves are asked of the host
//! ([`AskTable`]). So every machine's referee takes the same changes in the
//! same order, and the flow never asks where a seat sits.

use std::time::Duration;

use bevy::prelude::*;

use crate::dice::{Dealt, TrayDice};
use crate::game::party::cpu::{TablePilot, agreed};
use crate::game::party::hud_text::away_name;
use crate::game::party::setup::book;
use crate::game::party::{AskTable, NetPlay, Party, Play};
use crate::game::profile::Wallet;
use crate::game::table::Pace;
use crate::game::table::seat::MOVE_PACE;
use crate::game::{AppSystems, Notice, Screen};
use crate::lang::{Key, Line, trf};
use crate::net::seat::{FromNet, ToNet};
use crate::rules::protocol::TablePlay;
use crate::rules::table::TableStep;
use crate::rules::transcript::TableEvent;

use super::remote::{Ending, Link, Remote};
use super::replay::{answers, moves_of};

pub(super) fn plugin(app: &mut App) {
    // After the seats' moves of this frame have reached the referee, as a
    // duel's replay.
    app.add_systems(
        Update,
        replay_table
            .run_if(resource_exists::<Remote>.and_then(resource_exists::<Party>))
            .run_if(in_state(Screen::Party))
            .in_set(AppSystems::Rules),
    );
    app.add_observer(send_asked);
}

/// Replays the queue on the table: each move once the table waits for it
/// (and the last one's replay is over), a decided round's next one once
/// the player has seen it, each deal at once.
fn replay_table(
    mut remote: ResMut<Remote>,
    mut party: ResMut<Party>,
    mut pilot: ResMut<TablePilot>,
    pace: Res<Pace>,
    dice: TrayDice,
    dealt: Query<(), With<Dealt>>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
) {
    let Some(mut net) = party.net else {
        return;
    };
    let ended = matches!(remote.link, Link::Ended(_));
    let landed = |seat: usize| !party.trays.get(seat).is_some_and(|&t| dealt.contains(t));
    let landed = net.landing.is_some_and(|(seat, _)| landed(seat));
    catch_up(&mut party, &mut net, (ended, landed), &mut wallet);
    while let Some(front) = remote.queue.front().cloned() {
        match front {
            // Every match is decided on every machine: no other from this table.
            FromNet::Finished => {
                if !matches!(party.table.step(), TableStep::MatchOver(_)) || pilot.flying() {
                    return;
                }
                remote.link = Link::Ended(Ending::Finished);
            }
            FromNet::Table(TableEvent::Deal { seat, faces, .. }) => {
                if let Some(&tray) = party.trays.get(seat) {
                    commands.entity(tray).insert(Dealt(faces));
                }
                // Taken by the host as dealt: a round it decides is booked
                // now, so a window closed while its dice land keeps the
                // coins the host paid it or took from it.
                net.landing = Some((seat, faces));
                party.net = Some(net);
                book(&mut party, &mut wallet);
            }
            // A seat gone: it folds, or mid-deal the round is called off.
            FromNet::Table(event @ (TableEvent::Left { seat } | TableEvent::Void { seat })) => {
                let void = matches!(event, TableEvent::Void { .. });
                if !replay_leave(seat, void, &net, &mut pilot, &mut notice) {
                    return;
                }
            }
            // The host lays the next match once the player has seen this one's end.
            FromNet::Table(TableEvent::Rematch) => {
                let over = matches!(party.table.step(), TableStep::MatchOver(_));
                if !over || !net.seen || pilot.flying() {
                    return;
                }
                party.net = Some(NetPlay { seen: false, ..net });
                pilot.fly(0, agreed(0, vec![(MOVE_PACE, Play::Advance)]), *pace);
            }
            FromNet::Table(TableEvent::Moved { seat, play }) => {
                let turn = party.table.step();
                if !answers(turn, seat, play, net.seen) || pilot.flying() {
                    return;
                }
                party.net = Some(NetPlay {
                    seen: net.seen && play != TablePlay::Next,
                    ..net
                });
                let Some(moves) = plays_of(&party, seat, play, &dice) else {
                    return;
                };
                // The player's own move they watched as they made it.
                let pace = if seat == party.you() {
                    Pace(0.0)
                } else {
                    *pace
                };
                pilot.fly(seat, agreed(seat, moves), pace);
            }
            // A round's and a match's end: this table's referee sees them itself.
            _ => {}
        }
        remote.queue.pop_front();
    }
}

/// Plays `seat`'s leave (`void`: mid-deal, calling the round off), unless
/// it must wait (false): for the last move's replay, or for the throw that
/// is landing here, which the host took before the leave (the last of a
/// round, it decided it).
fn replay_leave(
    seat: usize,
    void: bool,
    net: &NetPlay,
    pilot: &mut TablePilot,
    notice: &mut Notice,
) -> bool {
    if pilot.flying() || net.landing.is_some() {
        return false;
    }
    let (play, key) = if void {
        (Play::LeaveMidDeal, Key::NetSeatVoid)
    } else {
        (Play::Leave, Key::NetSeatLeft)
    };
    pilot.fly(seat, agreed(seat, vec![(Duration::ZERO, play)]), Pace(0.0));
    notice.say(Line::new(move |lang| {
        trf(lang, key, &[&away_name(seat, lang)])
    }));
    true
}

/// What changed since the last frame: the link `ended` (nothing more
/// comes, and nothing is owed for a round that will not be played), the
/// throw that was landing `landed` (its faces are off its tray and on this
/// table's referee).
fn catch_up(
    party: &mut Party,
    net: &mut NetPlay,
    (ended, landed): (bool, bool),
    wallet: &mut ResMut<Wallet>,
) {
    if ended && !net.closed {
        net.closed = true;
        party.net = Some(*net);
        book(party, wallet);
    }
    if landed {
        net.landing = None;
        party.net = Some(*net);
    }
}

/// The moves that play `play` for `seat` on this table, as its seat's plays.
fn plays_of(
    party: &Party,
    seat: usize,
    play: TablePlay,
    dice: &TrayDice,
) -> Option<Vec<(Duration, Play)>> {
    let moves = moves_of(play, *party.trays.get(seat)?, dice)?;
    Some(
        moves
            .into_iter()
            .filter_map(|(wait, m)| Some((wait, Play::of_move(m)?)))
            .collect(),
    )
}

/// The player's move goes to the host.
fn send_asked(ask: On<AskTable>, remote: Option<Res<Remote>>) {
    if let Some(remote) = remote {
        remote.send(ToNet::Local(ask.0));
    }
}
