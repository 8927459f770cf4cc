//! Where a link to another machine stands, as the lobby and the tables say
//! it: hosting (where, and the join code), joining, on, or ended and why.

use crate::lang::{Key, Lang, tr, trf};
use crate::net::{Cut, DEAL_DEADLINE, GONE_AFTER, MAX_WRONG_CODES, READ_TIMEOUT, TURN_DEADLINE};

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
