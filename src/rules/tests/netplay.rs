//! Two sessions talking through memory: the same match on both sides, dealt
//! dice neither chose, and a peer that cheats or moves out of turn caught.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::deal::Nonce;
use crate::rules::duel::{Brains, DuelRules, Opponent, Side};
use crate::rules::netplay::{Decision, Ended, Session, mind_decision};
use crate::rules::protocol::{Message, parse_line, to_line};

const RULES: DuelRules = DuelRules {
    ante: 10,
    step: 10,
    rerolls: 1,
    wins: 2,
    badges: [None, None],
};

/// Plays `matches` matches between two in-memory sessions, every line
/// through the wire format; returns both.
fn play(matches: u32, seed: u64) -> Result<[Session; 2], Ended> {
    let brains = Brains::new();
    let hard = Opponent::find("hard").unwrap();
    let mut sessions = [
        Session::new(Side::Near, 77, RULES, matches),
        Session::new(Side::Far, 77, RULES, matches),
    ];
    let mut minds = [
        ChaCha8Rng::seed_from_u64(seed),
        ChaCha8Rng::seed_from_u64(seed + 1),
    ];
    let mut nonces = [
        ChaCha8Rng::seed_from_u64(seed + 2),
        ChaCha8Rng::seed_from_u64(seed + 3),
    ];
    for _ in 0..100_000 {
        if sessions.iter().all(Session::finished) {
            return Ok(sessions);
        }
        for i in 0..2 {
            let (mind, nonce) = (&mut minds[i], &mut nonces[i]);
            sessions[i].advance(
                |duel, side| Some(mind_decision(hard, &brains, duel, side, mind)),
                || nonce.random::<Nonce>(),
            )?;
            while let Some(m) = sessions[i].outgoing() {
                let line = to_line(&m);
                let back = parse_line(line.trim_end()).expect("our own lines parse");
                sessions[1 - i].receive(&back)?;
            }
        }
    }
    panic!("the sessions never finished");
}

#[test]
fn both_machines_play_the_same_match_on_dealt_dice() {
    let [host, guest] = play(3, 9).expect("an honest match");
    assert_eq!(host.transcript(), guest.transcript());
    assert_eq!(host.events, guest.events);
    assert_eq!(host.wins, guest.wins);
    assert_eq!(host.wins.iter().sum::<u32>(), 3);
    assert!(
        host.transcript()
            .iter()
            .any(|l| l.starts_with("host rolls"))
    );
    assert_eq!(
        host.transcript().iter().filter(|l| *l == "rematch").count(),
        2
    );
    // Other nonces deal other dice.
    let [other, _] = play(3, 10).expect("an honest match");
    assert_ne!(other.transcript(), host.transcript());
}

#[test]
fn a_reveal_that_does_not_match_or_a_move_out_of_turn_ends_the_match() {
    // The guest's move before the host has thrown: a forfeit.
    let mut host = Session::new(Side::Near, 1, RULES, 1);
    assert!(matches!(
        host.receive(&Message::Stand),
        Err(Ended::Forfeit(_))
    ));
    // A deal where the guest reveals another nonce than it committed to.
    let mut host = Session::new(Side::Near, 1, RULES, 1);
    host.advance(|_, _| Some(Decision::Throw), || [1; 32])
        .unwrap();
    assert_eq!(host.outgoing(), Some(Message::Throw));
    assert!(matches!(host.outgoing(), Some(Message::Commit { .. })));
    let committed = crate::rules::protocol::to_hex(&crate::rules::deal::commit(&[2; 32]));
    host.receive(&Message::Commit {
        commitment: committed,
    })
    .unwrap();
    assert!(matches!(host.outgoing(), Some(Message::Reveal { .. })));
    let lie = Message::Reveal {
        nonce: crate::rules::protocol::to_hex(&[3; 32]),
    };
    assert_eq!(host.receive(&lie), Err(Ended::Cheated));
    assert_eq!(
        Ended::Cheated.to_string(),
        "the peer cheated: its reveal does not match its commitment"
    );
}
