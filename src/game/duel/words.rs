//! The duel's sentences in either language, from the table as it is: whose
//! turn, the result, the main button's label, the opponent's bets and holds.

use crate::lang::{Key, Lang, badge_name, opponent_name, tr, trf, words};
pub use crate::lang::{bet_words, hold_words};
use crate::rules::duel::{BetAction, Duel, Opponent, RoundEnd, Side, Step};

use super::cpu::Saying;
use super::{LiveOdds, Table, TableLink, Terms};
use crate::rules::career::rung;

/// What the opponent does and says, in any language: the move in plain
/// words, then its own line when it raises, folds or keeps some dice.
pub fn said_words(said: &Saying, opponent: &Opponent, lang: Lang) -> String {
    let (plain, line) = match said {
        Saying::Bet(action) => (
            bet_words(*action, lang).to_owned(),
            match action {
                BetAction::Raise => Some(&opponent.lines.raise),
                BetAction::Fold => Some(&opponent.lines.fold),
                BetAction::Check | BetAction::Call => None,
            },
        ),
        Saying::Changed {
            badge,
            from,
            to,
            chance,
        } => (
            trf(
                lang,
                Key::SaidBadge,
                &[
                    &badge_name(lang, *badge),
                    from,
                    to,
                    &format!("{:.0}", chance * 100.0),
                ],
            ),
            None,
        ),
        Saying::Hold { held, chance } => (
            trf(
                lang,
                Key::Said,
                &[&hold_words(held, lang), &format!("{:.0}", chance * 100.0)],
            ),
            (!held.is_empty() && held.len() < 5).then_some(&opponent.lines.keep),
        ),
    };
    match line {
        Some(line) => trf(lang, Key::SaidLine, &[&plain, &words(lang, line)]),
        None => plain,
    }
}

/// The main button's label for the player at each step.
pub fn main_label(
    table: &Table,
    link: TableLink,
    hands: Side,
    all_held: bool,
    lang: Lang,
) -> &'static str {
    tr(lang, table.next_step(link, hands, all_held).label())
}

/// The bets `me` may make now, named as its buttons offer them: a raise
/// only when the rules allow one.
fn bet_prompt(duel: &Duel, me: Side, lang: Lang) -> String {
    let to_call = duel.to_call(me);
    match (to_call, duel.legal_bets(me).contains(&BetAction::Raise)) {
        (0, _) => tr(lang, Key::BetOpen).to_owned(),
        (_, true) => trf(lang, Key::BetCall, &[&to_call]),
        (_, false) => trf(lang, Key::BetCallOnly, &[&to_call]),
    }
}

/// What the side at the keyboard is asked to do on its own turn.
fn own_turn(table: &Table, me: Side, lang: Lang) -> String {
    let duel = &table.duel;
    match duel.step() {
        // Two people at one machine: the turn is named, not "yours".
        Step::Throw(_) if table.terms == Terms::Friend => tr(lang, Key::ReadyStatus).to_owned(),
        Step::Throw(_) => tr(lang, Key::YourTurnThrow).to_owned(),
        Step::Bet(_) => bet_prompt(duel, me, lang),
        Step::Reroll(_) => trf(lang, Key::YourReroll, &[&duel.rerolls_left(me)]),
        Step::Rolling(_) | Step::RoundOver | Step::MatchOver(_) => {
            tr(lang, Key::RollingStatus).to_owned()
        }
    }
}

/// What the player should know about the table now; at a table of two
/// people, the far player's own turn is told to them by name.
pub fn status_line(table: &Table, link: TableLink, hands: Side, lang: Lang) -> String {
    let name = opponent_name(lang, table.opponent);
    let duel = &table.duel;
    let t = |key| tr(lang, key).to_owned();
    // A table cut off mid-round takes no more moves (a decided one still
    // says how it ended).
    if link.closed && !duel.step().is_decided() {
        return t(Key::NetTableOver);
    }
    // At a table of two people, whoever is at the keys is named: "ひとり目の番: …".
    if table.terms == Terms::Friend && duel.step().mover() == Some(hands) {
        let whose = trf(
            lang,
            Key::FriendBanner,
            &[&super::friend::seat_name(table, hands, lang)],
        );
        return trf(
            lang,
            Key::FriendTurn,
            &[&whose, &own_turn(table, hands, lang)],
        );
    }
    if table.terms == Terms::Friend && duel.step().is_decided() {
        return friend_result(table, lang);
    }
    match duel.step() {
        Step::Throw(Side::Near) => t(Key::YourTurnThrow),
        Step::Throw(Side::Far) | Step::Rolling(Side::Far) => trf(lang, Key::TheyThrow, &[&name]),
        Step::Rolling(Side::Near) => t(Key::RollingStatus),
        Step::Bet(Side::Near) => bet_prompt(duel, Side::Near, lang),
        Step::Bet(Side::Far) => trf(lang, Key::TheyThink, &[&name]),
        Step::Reroll(Side::Near) => trf(lang, Key::YourReroll, &[&duel.rerolls_left(Side::Near)]),
        Step::Reroll(Side::Far) => trf(lang, Key::TheirTurn, &[&name]),
        Step::RoundOver | Step::MatchOver(_) => {
            let end = match duel.last_end() {
                Some(RoundEnd::Draw) => t(Key::Draw),
                Some(RoundEnd::Fold(Side::Near)) => trf(lang, Key::YouFolded, &[&name]),
                Some(RoundEnd::Fold(Side::Far)) => trf(lang, Key::TheyFolded, &[&name]),
                Some(RoundEnd::Showdown(Side::Near)) => t(Key::YouWin),
                Some(RoundEnd::Showdown(Side::Far)) => trf(lang, Key::TheyWin, &[&name]),
                Some(RoundEnd::Accused { by, caught }) => accused_words(table, by, caught, lang),
                None => String::new(),
            };
            let end = match duel.step() {
                Step::MatchOver(Side::Near) => trf(lang, Key::MatchYours, &[&end]),
                Step::MatchOver(Side::Far) => trf(lang, Key::MatchTheirs, &[&end, &name]),
                _ => end,
            };
            // A guest who has seen it waits for the host to go on.
            if table.is_guest(hands) && link.seen && !link.closed {
                trf(lang, Key::WaitingForHost, &[&end, &name])
            } else {
                end
            }
        }
    }
}

/// What an accusation by `by` came to, the accused named.
fn accused_words(table: &Table, by: Side, caught: bool, lang: Lang) -> String {
    let accused = match by {
        Side::Near => opponent_name(lang, table.opponent).to_owned(),
        Side::Far => super::friend::seat_name(table, Side::Near, lang),
    };
    let key = if caught {
        Key::CheatCaught
    } else {
        Key::FalseAccusation
    };
    trf(lang, key, &[&accused])
}

/// A round's or match's end at a table of two people, both named.
fn friend_result(table: &Table, lang: Lang) -> String {
    let duel = &table.duel;
    let name = |side| super::friend::seat_name(table, side, lang);
    let end = match duel.last_end() {
        Some(RoundEnd::Draw) => tr(lang, Key::Draw).to_owned(),
        Some(RoundEnd::Fold(s)) => trf(lang, Key::FriendFolded, &[&name(s), &name(s.other())]),
        Some(RoundEnd::Showdown(s)) => trf(lang, Key::TheyWin, &[&name(s)]),
        Some(RoundEnd::Accused { by, caught }) => accused_words(table, by, caught, lang),
        None => String::new(),
    };
    match duel.step() {
        Step::MatchOver(s) => trf(lang, Key::MatchTheirs, &[&end, &name(s)]),
        _ => end,
    }
}

/// Where the match is played and for what: the opponent's venue, marked as a
/// ladder match or as practice.
pub fn venue_words(table: &Table, lang: Lang) -> String {
    let venue = rung(table.opponent.key)
        .map(|r| words(lang, &r.venue.name).to_owned())
        .unwrap_or_default();
    let place = match table.terms {
        Terms::Career => trf(lang, Key::CareerMark, &[&venue]),
        Terms::Practice => tr(lang, Key::PracticeMark).to_owned(),
        Terms::Coins | Terms::Friend | Terms::Net => venue,
    };
    match table.duel.rules().badge(Side::Far) {
        Some(b) => format!(
            "{place}\n{}",
            trf(lang, Key::BadgeCarried, &[&badge_name(lang, b)])
        ),
        None => place,
    }
}

/// The player's badge: while it can change a die now, its exact effect
/// (`B 裏返し: 勝率 41% ▶ 53%`: the best without it now, then with it, as
/// [`LiveOdds::offer`] has them); otherwise its name.
pub fn badge_words(table: &Table, odds: &LiveOdds, lang: Lang) -> String {
    let Some(badge) = table.duel.rules().badge(Side::Near) else {
        return String::new();
    };
    let name = badge_name(lang, badge);
    match odds.offer {
        Some((without, with)) if table.duel.step() == Step::Reroll(Side::Near) => {
            let pct = |p: f64| format!("{:.0}", p * 100.0);
            trf(lang, Key::BadgeOffer, &[&name, &pct(without), &pct(with)])
        }
        _ => trf(lang, Key::BadgeCarried, &[&name]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::DuelRules;

    #[test]
    fn a_raise_is_offered_in_words_only_when_the_rules_allow_one() {
        let rules = DuelRules {
            ante: 5,
            step: 5,
            rerolls: 1,
            wins: 2,
            badges: [None; 2],
        };
        // The near side moves first: it checks, the far side raises.
        let mut duel = Duel::new(rules, Side::Near);
        for side in [Side::Near, Side::Far] {
            duel.throw(side).unwrap();
            duel.rolled(side, [1, 2, 3, 4, 6]).unwrap();
        }
        duel.bet(Side::Near, BetAction::Check).unwrap();
        duel.bet(Side::Far, BetAction::Raise).unwrap();
        // Facing that raise the first mover may only call or fold: so say the words.
        assert!(!duel.legal_bets(Side::Near).contains(&BetAction::Raise));
        for lang in [Lang::Ja, Lang::En] {
            let said = bet_prompt(&duel, Side::Near, lang);
            assert_eq!(said, trf(lang, Key::BetCallOnly, &[&5]));
        }
        // A second mover facing the first mover's raise may raise back.
        let mut duel = Duel::new(rules, Side::Near);
        for side in [Side::Near, Side::Far] {
            duel.throw(side).unwrap();
            duel.rolled(side, [1, 2, 3, 4, 6]).unwrap();
        }
        duel.bet(Side::Near, BetAction::Raise).unwrap();
        assert!(duel.legal_bets(Side::Far).contains(&BetAction::Raise));
        assert_eq!(
            bet_prompt(&duel, Side::Far, Lang::Ja),
            trf(Lang::Ja, Key::BetCall, &[&5])
        );
    }
}
