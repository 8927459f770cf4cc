//! The peer protocol: lines round-trip, anything odd is refused with a reason,
//! the handshake checks every field, and a peer's moves meet the referee.

use crate::rules::duel::{Duel, DuelRules, ROUNDS_TO_WIN, Side, Step};
use crate::rules::protocol::{
    MAX_LINE, Message, ProtocolError, WireBet, check_hello, from_hex, hello, join_code, judge_move,
    normalize_code, parse_line, to_hex, to_line,
};

#[test]
fn every_message_makes_one_line_and_comes_back_whole() {
    for message in [
        hello("7KQ2-M9XD"),
        Message::Welcome {
            match_id: 9,
            ante: 10,
            raise: 10,
            matches: 1,
        },
        Message::Commit {
            commitment: to_hex(&[7; 32]),
        },
        Message::Reroll {
            held: [true, false, false, true, false],
        },
        Message::Bet {
            action: WireBet::Raise,
        },
        Message::Stand,
        Message::Heartbeat,
    ] {
        let line = to_line(&message);
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        assert_eq!(parse_line(line.trim_end()), Ok(message));
    }
}

#[test]
fn odd_lines_are_refused_with_a_reason() {
    let unknown = r#"{"type":"stand","sneaky":1}"#;
    assert!(matches!(
        parse_line(unknown),
        Err(ProtocolError::Malformed(_))
    ));
    assert!(matches!(
        parse_line("{\"type\":\"cheat\"}"),
        Err(ProtocolError::Malformed(_))
    ));
    assert!(matches!(
        parse_line("\u{0}\u{1}garbage"),
        Err(ProtocolError::Malformed(_))
    ));
    let long = format!(
        "{{\"type\":\"refused\",\"reason\":\"{}\"}}",
        "x".repeat(MAX_LINE)
    );
    assert_eq!(parse_line(&long), Err(ProtocolError::TooLong(long.len())));
    assert!(from_hex("zz").is_err() && from_hex(&"g".repeat(64)).is_err());
    assert_eq!(from_hex(&to_hex(&[0xab; 32])), Ok([0xab; 32]));
}

#[test]
fn the_handshake_checks_magic_versions_and_code() {
    let code = join_code([0x12, 0x34, 0x56, 0x78, 0x9a]);
    assert_eq!(code.len(), 9, "{code}");
    assert!(check_hello(&hello(&code), &code).is_ok());
    // Typed in lower case, without the dash, with O for 0: still the code.
    let typed = normalize_code(&code.to_lowercase().replace('-', "").replace('0', "o"));
    assert_eq!(typed, normalize_code(&code));
    assert!(check_hello(&hello(&code.to_lowercase()), &code).is_ok());
    let refused = |m: Message| matches!(check_hello(&m, &code), Err(ProtocolError::Refused(_)));
    assert!(refused(hello("AAAA-AAAA")));
    assert!(refused(Message::Heartbeat));
    let Message::Hello { game, .. } = hello(&code) else {
        unreachable!()
    };
    for (magic, protocol, version) in [
        ("chess", 1, game.as_str()),
        ("dice-poker", 2, game.as_str()),
        ("dice-poker", 1, "0.0.0"),
    ] {
        assert!(refused(Message::Hello {
            magic: magic.to_owned(),
            protocol,
            game: version.to_owned(),
            code: code.clone(),
        }));
    }
    // Different random bytes make different codes; 40 bits in 8 characters.
    assert_ne!(code, join_code([0x12, 0x34, 0x56, 0x78, 0x9b]));
    assert_eq!(join_code([0; 5]), "0000-0000");
    assert_eq!(join_code([0xff; 5]), "ZZZZ-ZZZZ");
}

#[test]
fn a_peers_moves_meet_the_same_referee() {
    let rules = DuelRules {
        ante: 10,
        step: 10,
        rerolls: 1,
        wins: ROUNDS_TO_WIN,
        badges: [None, None],
    };
    let mut duel = Duel::new(rules, Side::Near);
    // The peer (far seat) may not throw out of turn; that is a forfeit.
    assert!(matches!(
        judge_move(&mut duel, Side::Far, &Message::Throw),
        Err(ProtocolError::Illegal(_))
    ));
    assert!(judge_move(&mut duel, Side::Near, &Message::Throw).is_ok());
    duel.rolled(Side::Near, [1, 1, 2, 3, 4]).unwrap();
    assert!(judge_move(&mut duel, Side::Far, &Message::Throw).is_ok());
    duel.rolled(Side::Far, [6, 6, 6, 2, 3]).unwrap();
    assert_eq!(duel.step(), Step::Bet(Side::Near));
    let bet = |action| Message::Bet { action };
    assert!(judge_move(&mut duel, Side::Far, &bet(WireBet::Raise)).is_err());
    assert!(judge_move(&mut duel, Side::Near, &bet(WireBet::Check)).is_ok());
    assert!(judge_move(&mut duel, Side::Far, &bet(WireBet::Check)).is_ok());
    // Keeping all five is standing; a heartbeat is no move at all.
    assert!(judge_move(&mut duel, Side::Near, &Message::Reroll { held: [true; 5] }).is_ok());
    assert!(judge_move(&mut duel, Side::Far, &Message::Heartbeat).is_err());
    assert!(judge_move(&mut duel, Side::Far, &Message::Stand).is_ok());
    assert!(duel.step().is_decided());
}
