//! Meeting on a transit relay and what the path can do to a match: a relay
//! that speaks Magic Wormhole's protocol (the one CI starts is the real
//! program; this one logs every byte it passes and can drop the link), and a
//! man in the middle that changes, replays or reorders a guest's lines.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use dice_poker::net::{NetError, Role, host_relayed, join_relayed, relay};
use dice_poker::rules::protocol::Message;

use crate::net::{CODE, Route, guest_plays, guest_session, host_against_on, welcome};
use dice_poker::game::net::remote::Ending;
use dice_poker::net::Cut;
use dice_poker::rules::netplay::table::DuelSession;
use dice_poker::rules::protocol::TablePlay;
use dice_poker::rules::transcript::TableEvent;

/// What a tampering proxy does with each of the guest's lines: its number
/// (the hello is 0) and bytes (newline included) in, the lines to pass on out.
pub type Edit = Box<dyn FnMut(usize, Vec<u8>) -> Vec<Vec<u8>> + Send>;

/// A transit relay on localhost, as Magic Wormhole's: pairs two connections
/// that ask for the same token from different sides, says `ok` to both and
/// lets go of every other connection waiting on that token, then passes
/// bytes both ways, keeping a copy of all of them.
pub struct TestRelay {
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Every byte passed between the players (not the requests).
    pub seen: Arc<Mutex<Vec<u8>>>,
}

/// The connections waiting on each token, with their sides, in arrival order.
type Waiting = Arc<Mutex<HashMap<String, Vec<(String, TcpStream)>>>>;

/// Starts a relay; with `cut_after`, it closes both ends once that many
/// lines have passed (either way), as a relay that goes down mid-match.
pub fn start_relay(cut_after: Option<usize>) -> TestRelay {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let waiting: Waiting = Arc::default();
    let log = seen.clone();
    thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (waiting, log) = (waiting.clone(), log.clone());
            thread::spawn(move || {
                let mut request = Vec::new();
                let mut byte = [0u8; 1];
                while (&stream).read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
                    request.push(byte[0]);
                }
                let request = String::from_utf8_lossy(&request).into_owned();
                let words: Vec<&str> = request.split(' ').collect();
                let ["please", "relay", token, "for", "side", side] = words[..] else {
                    let _ = (&stream).write_all(b"bad handshake\n");
                    return;
                };
                let mut waiting = waiting.lock().unwrap();
                let pending = waiting.entry(token.to_owned()).or_default();
                match pending.iter().position(|(other, _)| other != side) {
                    Some(at) => {
                        let (_, other) = pending.remove(at);
                        // The rest on this token are redundant: let go.
                        for (_, leftover) in waiting.remove(token).unwrap_or_default() {
                            let _ = leftover.shutdown(std::net::Shutdown::Both);
                        }
                        drop(waiting);
                        glue(stream, other, log, cut_after);
                    }
                    // Nobody on the other side yet: this one waits too.
                    None => pending.push((side.to_owned(), stream)),
                }
            });
        }
    });
    TestRelay { addr, seen }
}

/// Says `ok` to both and passes bytes until either closes (or the cut).
fn glue(a: TcpStream, b: TcpStream, log: Arc<Mutex<Vec<u8>>>, cut_after: Option<usize>) {
    for end in [&a, &b] {
        let _ = (&*end).write_all(b"ok\n");
    }
    let lines = Arc::new(Mutex::new(0usize));
    let pump = |from: TcpStream, to: TcpStream| {
        let (log, lines) = (log.clone(), lines.clone());
        thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            loop {
                let n = match (&from).read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                log.lock().unwrap().extend_from_slice(&chunk[..n]);
                let mut passed = lines.lock().unwrap();
                *passed += chunk[..n].iter().filter(|&&c| c == b'\n').count();
                if cut_after.is_some_and(|cut| *passed >= cut)
                    || (&to).write_all(&chunk[..n]).is_err()
                {
                    break;
                }
            }
            let _ = from.shutdown(std::net::Shutdown::Both);
            let _ = to.shutdown(std::net::Shutdown::Both);
        });
    };
    pump(a.try_clone().unwrap(), b.try_clone().unwrap());
    pump(b, a);
}

/// A proxy to the host at `upstream` (localhost) that passes the host's bytes
/// as they are and each of the guest's lines through `edit`; its address.
pub fn tampering_proxy(upstream: u16, mut edit: Edit) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    thread::spawn(move || {
        let (guest, _) = listener.accept().unwrap();
        let host = TcpStream::connect(("127.0.0.1", upstream)).unwrap();
        let (mut down_from, mut down_to) = (host.try_clone().unwrap(), guest.try_clone().unwrap());
        thread::spawn(move || {
            let _ = std::io::copy(&mut down_from, &mut down_to);
            let _ = down_to.shutdown(std::net::Shutdown::Both);
        });
        let mut lines = BufReader::new(guest.try_clone().unwrap());
        for n in 0.. {
            let mut line = Vec::new();
            if lines.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
                break;
            }
            for out in edit(n, line) {
                if (&host).write_all(&out).is_err() {
                    return;
                }
            }
        }
        let _ = host.shutdown(std::net::Shutdown::Both);
    });
    addr
}

/// The guest's honest part of the first deal (a heartbeat sent right after
/// its commitment), then whatever comes; the link may be cut at any point,
/// so nothing here may fail the script.
fn deal_honestly(link: &mut dice_poker::net::Link, welcome: &Message) {
    let mut session = guest_session(welcome);
    let beat_after_commit = |message| match message {
        commit @ Message::Commit { .. } => vec![commit, Message::Heartbeat],
        other => vec![other],
    };
    let dealt = |s: &DuelSession| {
        s.events
            .iter()
            .any(|e| matches!(e, TableEvent::Deal { .. }))
    };
    guest_plays(link, &mut session, beat_after_commit, dealt);
    let _ = link.receive_move();
}

#[test]
fn a_guest_meets_its_host_on_a_relay_by_the_code_and_nothing_readable_passes() {
    let relay = start_relay(None);
    let at = relay.addr.clone();
    let hosting = thread::spawn(move || host_relayed(&at, CODE, &welcome()));
    // The first group finds the host; a wrong second half is refused by the
    // key exchange, and the host goes back to wait on the relay.
    let wrong = join_relayed(&relay.addr, "7KQ2-AAAA")
        .err()
        .expect("refused");
    assert_eq!(wrong.to_string(), "the host refused: wrong join code");
    let (mut guest, got) = join_relayed(&relay.addr, "7kq2 m9xd").expect("welcomed");
    assert_eq!(got, welcome());
    let mut host = hosting.join().unwrap().expect("a guest");
    assert!(host.is_sealed() && guest.is_sealed());
    let (stand, next) = (TablePlay::Stand, TablePlay::Next);
    let play = Message::Play {
        turn: 0,
        play: stand,
    };
    guest.send(&play).unwrap();
    assert_eq!(host.receive().unwrap(), play);
    let moved = Message::Moved {
        turn: 0,
        seat: 0,
        play: next,
    };
    host.send(&moved).unwrap();
    assert_eq!(guest.receive().unwrap(), moved);
    // Another first group meets nobody, and says so when its wait is up.
    let lonely = relay::meet(
        &relay.addr,
        "AAAA-M9XD",
        Role::Guest,
        Some(Duration::from_millis(300)),
    );
    assert!(
        matches!(&lonely, Err(NetError::Relay(why)) if why.contains("no host with this code")),
        "{lonely:?}"
    );
    // What the relay passed: the handshake's two key exchanges and a
    // refusal in the clear, then hex; no move, no welcome, no code.
    let seen = String::from_utf8_lossy(&relay.seen.lock().unwrap()).into_owned();
    assert!(seen.contains("\"pake\""), "{seen}");
    for secret in [
        "welcome", "stand", "next", "play", "match_id", "M9XD", "m9xd",
    ] {
        assert!(!seen.contains(secret), "{secret} in {seen}");
    }
}

#[test]
fn a_line_changed_replayed_or_reordered_on_the_way_ends_the_match_as_cheated() {
    // The guest's lines: hello 0, confirm 1, then its commitment 2 for the
    // first throw and the heartbeat sent right after it, 3.
    let flip: Edit = Box::new(|n, mut line| {
        if n == 2 {
            line[5] = if line[5] == b'0' { b'1' } else { b'0' };
        }
        vec![line]
    });
    let replay: Edit = Box::new(|n, line| {
        if n == 2 {
            vec![line.clone(), line]
        } else {
            vec![line]
        }
    });
    let mut held = None;
    let reorder: Edit = Box::new(move |n, line| match n {
        2 => {
            held = Some(line);
            Vec::new()
        }
        3 => vec![line, held.take().unwrap()],
        _ => vec![line],
    });
    for edit in [flip, replay, reorder] {
        let (why, before, after) = host_against_on(Route::Tampered(edit), |mut link, welcome| {
            deal_honestly(&mut link, &welcome);
        });
        assert_eq!(why, Ending::Cut(Cut::Cheated));
        assert_eq!(after, before, "the honest host's ante comes back");
    }
}

#[test]
fn a_relay_that_drops_the_link_mid_round_ends_the_match_and_the_host_loses_nothing() {
    // The handshake is four lines, the host's throw one more, the guest's
    // commitment the sixth: the cut comes with the heartbeat after it,
    // inside the first deal.
    let relay = start_relay(Some(7));
    let (why, before, after) =
        host_against_on(Route::Relayed(relay.addr.clone()), |mut link, welcome| {
            deal_honestly(&mut link, &welcome);
        });
    assert_eq!(why, Ending::Cut(Cut::Closed));
    assert_eq!(after, before);
}

#[test]
fn a_guest_crowded_out_by_another_on_the_same_code_is_told_so_and_the_other_meets_the_host() {
    let relay = start_relay(None);
    // Both wait before the host comes; the relay gives it one of them and
    // lets the other go, which asks again until its wait is up.
    let guests: Vec<_> = (0..2)
        .map(|_| {
            let addr = relay.addr.clone();
            thread::spawn(move || {
                let stream = relay::wait_as_guest(&addr, CODE, Duration::from_secs(2))?;
                dice_poker::net::join_over(stream, CODE).map(|(_, w)| w)
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    let addr = relay.addr.clone();
    let hosting = thread::spawn(move || dice_poker::net::host_relayed(&addr, CODE, &welcome()));
    let mut ends: Vec<_> = guests.into_iter().map(|g| g.join().unwrap()).collect();
    ends.sort_by_key(Result::is_err);
    assert_eq!(ends[0].as_ref().expect("met the host"), &welcome());
    let crowded = ends[1].as_ref().unwrap_err().to_string();
    assert!(
        crowded.contains("met another guest waiting on the same code"),
        "{crowded}"
    );
    assert!(hosting.join().unwrap().is_ok());
}

#[test]
fn guests_waiting_on_one_code_before_a_table_host_comes_all_take_their_seats() {
    let relay = start_relay(None);
    let guests: Vec<_> = (0..3)
        .map(|_| {
            let addr = relay.addr.clone();
            thread::spawn(move || join_relayed(&addr, CODE).map(|(_, w)| w))
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    // The host of a table of four meets one guest at a time on the relay.
    for _ in 0..3 {
        host_relayed(&relay.addr, CODE, &welcome()).expect("a guest");
    }
    for guest in guests {
        assert_eq!(guest.join().unwrap().expect("seated"), welcome());
    }
}
