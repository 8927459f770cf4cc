//! The peer protocol: lines round-trip, anything odd is refused with a reason,
//! the handshake checks every field, and a peer's moves meet the referee.

use crate::rules::duel::{Duel, DuelRules, ROUNDS_TO_WIN, Side, Step};
use crate::rules::protocol::{
    MAX_LINE, MatchFormat, Message, PROTOCOL_VERSION, ProtocolError, TablePlay, WireBet,
    check_hello, from_hex, hello, is_older_hosts_refusal, join_code, judge, normalize_code,
    parse_code, parse_line, to_hex, to_line,
};

#[test]
fn every_message_makes_one_line_and_comes_back_whole() {
    for message in [
        hello(&[1, 2, 3]),
        Message::Pake {
            pake: "0a0b".to_owned(),
        },
        Message::Confirm,
        Message::Welcome {
            match_id: 9,
            ante: 10,
            raise: 10,
            matches: 1,
            stack: 200,
            seat: 1,
            seats: 2,
            format: MatchFormat::Duel,
        },
        Message::Commit {
            turn: 3,
            commitment: to_hex(&[7; 32]),
        },
        Message::Play {
            turn: 4,
            play: TablePlay::Reroll {
                held: [true, false, false, true, false],
            },
        },
        Message::Moved {
            turn: 4,
            seat: 1,
            play: TablePlay::Bet {
                action: WireBet::Raise,
            },
        },
        Message::Heartbeat,
    ] {
        let line = to_line(&message);
        assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
        assert_eq!(parse_line(line.trim_end()), Ok(message));
    }
}

#[test]
fn odd_lines_are_refused_with_a_reason() {
    let unknown = r#"{"type":"heartbeat","sneaky":1}"#;
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
    assert_eq!(
        parse_line(&long),
        Err(ProtocolError::TooLong {
            len: long.len(),
            cap: MAX_LINE
        })
    );
    assert!(from_hex("zz").is_err() && from_hex(&"g".repeat(64)).is_err());
    assert_eq!(from_hex(&to_hex(&[0xab; 32])), Ok([0xab; 32]));
}

#[test]
fn a_join_code_is_eight_characters_of_its_alphabet_and_nothing_else() {
    let code = join_code([0x12, 0x34, 0x56, 0x78, 0x9a]);
    assert_eq!(parse_code(&code), Ok(normalize_code(&code)));
    assert_eq!(parse_code("7kq2 m9xd"), Ok("7KQ2M9XD".to_owned()));
    for bad in ["", "a", "7KQ2-M9X", "7KQ2-M9XDD", "UUUU-UUUU", "7KQ2-M9X!"] {
        let why = parse_code(bad).unwrap_err();
        assert!(
            why.contains("is not a join code") && why.contains("7KQ2-M9XD"),
            "{why}"
        );
    }
}

#[test]
fn the_handshake_checks_magic_and_versions_and_never_carries_the_code() {
    let code = join_code([0x12, 0x34, 0x56, 0x78, 0x9a]);
    assert_eq!(code.len(), 9, "{code}");
    let line = |m: &Message| to_line(m).trim_end().to_owned();
    let ours = hello(&[9, 8, 7]);
    assert_eq!(check_hello(&line(&ours)), Ok(vec![9, 8, 7]));
    assert!(!line(&ours).contains(&code[..4]));
    // Typed in lower case, without the dash, with O for 0: still the code.
    let typed = normalize_code(&code.to_lowercase().replace('-', "").replace('0', "o"));
    assert_eq!(typed, normalize_code(&code));
    let refused = |l: &str| matches!(check_hello(l), Err(ProtocolError::Refused(_)));
    assert!(refused(&line(&Message::Heartbeat)));
    let Message::Hello { game, .. } = ours else {
        unreachable!()
    };
    for (magic, protocol, version) in [
        ("chess", PROTOCOL_VERSION, game.as_str()),
        ("dice-poker", PROTOCOL_VERSION + 1, game.as_str()),
        ("dice-poker", PROTOCOL_VERSION, "0.0.0"),
    ] {
        assert!(refused(&line(&Message::Hello {
            magic: magic.to_owned(),
            protocol,
            game: version.to_owned(),
            pake: "00".to_owned(),
        })));
    }
    // An older guest's hello (the code in the clear, no key exchange) is
    // told which protocol this game speaks, not that its fields are odd.
    let older = format!(
        r#"{{"type":"hello","magic":"dice-poker","protocol":1,"game":"{game}","code":"{code}"}}"#
    );
    match check_hello(&older) {
        Err(ProtocolError::Refused(why)) => {
            assert!(
                why.contains(&format!("protocol {PROTOCOL_VERSION}"))
                    && why.contains("same version"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    // A guest of the protocol before (a duel of its own, not a table of
    // two) is told the same.
    let before = Message::Hello {
        magic: "dice-poker".to_owned(),
        protocol: PROTOCOL_VERSION - 1,
        game: game.clone(),
        pake: "00".to_owned(),
    };
    match check_hello(&line(&before)) {
        Err(ProtocolError::Refused(why)) => {
            let theirs = format!("the guest {}", PROTOCOL_VERSION - 1);
            assert!(
                why.contains(&theirs) && why.contains("same version"),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    // What an older host (protocol 1) says to this hello is recognised as
    // such: serde names the field it does not know.
    let older_host_says = "a message that is not understood: unknown field `pake`, \
                           expected one of `magic`, `protocol`, `game`, `code`";
    assert!(is_older_hosts_refusal(older_host_says));
    assert!(!is_older_hosts_refusal("wrong join code"));
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
    // The peer (far seat, 1) may not throw out of turn: it is refused.
    assert!(judge(&mut duel, 1, TablePlay::Throw).is_err());
    assert!(judge(&mut duel, 0, TablePlay::Throw).is_ok());
    duel.rolled(Side::Near, [1, 1, 2, 3, 4]).unwrap();
    assert!(judge(&mut duel, 1, TablePlay::Throw).is_ok());
    duel.rolled(Side::Far, [6, 6, 6, 2, 3]).unwrap();
    assert_eq!(duel.step(), Step::Bet(Side::Near));
    let bet = |action| TablePlay::Bet { action };
    assert!(judge(&mut duel, 1, bet(WireBet::Raise)).is_err());
    assert!(judge(&mut duel, 0, bet(WireBet::Check)).is_ok());
    assert!(judge(&mut duel, 1, bet(WireBet::Check)).is_ok());
    // Keeping all five is standing; only the host lays the next round.
    let all = TablePlay::Reroll { held: [true; 5] };
    assert!(judge(&mut duel, 0, all).is_ok());
    assert!(judge(&mut duel, 1, TablePlay::Stand).is_ok());
    assert!(duel.step().is_decided());
}
