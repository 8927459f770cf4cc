//! The table's HUD texts: each seat's panel (name, coins and stake, hand,
//! faces in its dice's numbers' order, wins, its exact share of the pot),
//! the pot, whose turn it is and what to press, reckoned from the referee
//! and written only when something they show changed.

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::table::Moved;

use crate::dice::holds_changed;
use crate::game::core::watch::write_role;
use crate::game::profile::PartySeat;
use crate::game::table::Hands;
use crate::game::table::numbers::{DiceOrder, numbers_changed};
use crate::game::theme::{GOLD, PANEL, TEXT};
use crate::game::{AppSystems, Notice};
use crate::keymap::InputNames;
use crate::lang::accuse::{sent_off, table_accused};
use crate::lang::{Key, Lang, badge_name, bet_words, hand_name, opponent_name, tr, trf};
use crate::rules::duel::BetAction;
use crate::rules::hand::evaluate_roll;
use crate::rules::table::{TableStep, rivals_of, table_chance};

use super::Party;
use super::hint::PartyHint;
use super::hud::{PANEL_TURN, PartyText, SeatLine, SeatPanel, SeatText};
use super::pot::pot_words;

/// Each seat's exact share of the pot from here (`None`: not in the round).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct PartyChances(pub Vec<Option<f64>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PartyChances>();
    app.add_observer(reckon_chances);
    app.add_systems(
        Update,
        (write_seats, write_table)
            .run_if(
                resource_exists_and_changed::<Party>
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(resource_changed::<PartyChances>)
                    .or_eager(resource_changed::<Hands>)
                    .or_eager(resource_changed::<PartyHint>)
                    .or_eager(resource_changed::<Notice>)
                    .or_eager(holds_changed)
                    .or_eager(numbers_changed)
                    .or_eager(any_match_filter::<Added<SeatText>>),
            )
            .run_if(resource_exists::<Party>)
            .in_set(AppSystems::Present),
    );
}

/// Every accepted move: each live seat's share of the pot against the
/// others as they stand (each rival holding its largest group).
fn reckon_chances(_: On<Moved>, party: Option<Res<Party>>, mut chances: ResMut<PartyChances>) {
    let Some(party) = party else {
        return;
    };
    let table = &party.table;
    let decided = table.step().mover().is_none();
    let now: Vec<Option<f64>> = (0..table.seats())
        .map(|seat| {
            (table.is_live(seat) && !decided).then(|| {
                let rivals = rivals_of(table, seat);
                table_chance(table.roll(seat), table.rerolls_left(seat), &rivals).value
            })
        })
        .collect();
    chances.set_if_neq(PartyChances(now));
}

/// A seat's name as the table shows it.
pub fn seat_name(party: &Party, seat: usize, lang: Lang) -> String {
    match party.seats[seat] {
        PartySeat::You => tr(lang, Key::PartyYou).to_owned(),
        PartySeat::Computer(o) => opponent_name(lang, o).to_owned(),
        PartySeat::Friend => {
            let nth = party.seats[..seat]
                .iter()
                .filter(|s| **s == PartySeat::Friend)
                .count();
            trf(lang, Key::PartyFriend, &[&(nth + 1)])
        }
        PartySeat::Away => away_name(seat, lang),
    }
}

/// The name of `seat` at a table of machines, seen from another: the host
/// is seat 0, its guests follow in their seats.
pub fn away_name(seat: usize, lang: Lang) -> String {
    match seat {
        0 => tr(lang, Key::PartyHost).to_owned(),
        _ => trf(lang, Key::PartyGuest, &[&seat]),
    }
}

/// One line of a seat's panel, as it stands.
fn seat_line(
    party: &Party,
    seat: usize,
    line: SeatLine,
    chance: Option<f64>,
    order: &DiceOrder,
    lang: Lang,
) -> String {
    let table = &party.table;
    match line {
        // The panel names a seat's badge beside it.
        SeatLine::Name => match table.badge(seat) {
            Some(badge) => trf(
                lang,
                Key::PartyBadge,
                &[&seat_name(party, seat, lang), &badge_name(lang, badge)],
            ),
            None => seat_name(party, seat, lang),
        },
        SeatLine::Stack => trf(
            lang,
            Key::PartyStack,
            &[&table.stack(seat), &table.put(seat)],
        ),
        SeatLine::Hand => table
            .roll(seat)
            .filter(|_| !table.is_out(seat))
            .map_or_else(|| "—".to_owned(), |r| hand_name(lang, &evaluate_roll(&r))),
        SeatLine::Faces => table.roll(seat).map_or_else(String::new, |roll| {
            let faces: Vec<String> = order
                .slots(party.trays[seat])
                .into_iter()
                .map(|slot| roll[slot].to_string())
                .collect();
            // The faces alone, as a duel shows them: a word before them
            // broke the line in a narrow panel.
            faces.join(" ")
        }),
        SeatLine::State => {
            let mut state = trf(lang, Key::PartyWins, &[&table.score(seat)]);
            // A seat gone is not a seat without coins: it says it left.
            let also = if table.has_left(seat) {
                Some(Key::PartyLeft)
            } else if table.is_out(seat) && table.stack(seat) > 0 {
                // Out with coins left: an accusation sent it off.
                state = trf(lang, Key::PartyAnd, &[&state, &sent_off(lang)]);
                None
            } else if table.is_out(seat) {
                Some(Key::PartyOut)
            } else if !table.is_live(seat) && table.step().mover().is_some() {
                Some(Key::PartyFolded)
            } else if table.is_all_in(seat) {
                Some(Key::PartyAllIn)
            } else {
                None
            };
            if let Some(key) = also {
                state = trf(lang, Key::PartyAnd, &[&state, &tr(lang, key)]);
            }
            // What it said last in this betting, as a duel's panel says it.
            if let Some(bet) = party.last_bet(seat).filter(|_| table.is_live(seat)) {
                state = trf(lang, Key::PartyAnd, &[&state, &bet_words(bet, lang)]);
            }
            state
        }
        SeatLine::Chance => chance.map_or_else(String::new, |c| {
            trf(lang, Key::WinChance, &[&format!("{:.0}", c * 100.0)])
        }),
        // Written by the cheats' room, from what was seen.
        SeatLine::Suspicion => String::new(),
    }
}

fn write_seats(
    party: Res<Party>,
    chances: Res<PartyChances>,
    lang: Res<Lang>,
    order: DiceOrder,
    mut texts: Query<(&SeatText, &mut Text, &mut TextColor)>,
    mut panels: Query<(&SeatPanel, &mut BackgroundColor)>,
) {
    let mover = party.table.step().mover();
    for (role, mut text, mut color) in &mut texts {
        if role.seat >= party.seats.len() || role.line == SeatLine::Suspicion {
            continue;
        }
        let chance = chances.0.get(role.seat).copied().flatten();
        let value = seat_line(&party, role.seat, role.line, chance, &order, *lang);
        show(&mut text, &value);
        if role.line == SeatLine::Name {
            let want = if mover == Some(role.seat) { GOLD } else { TEXT };
            if color.0 != want {
                color.0 = want;
            }
        }
    }
    for (panel, mut fill) in &mut panels {
        let want = if mover == Some(panel.0) {
            PANEL_TURN
        } else {
            PANEL
        };
        if fill.0 != want {
            fill.0 = want;
        }
    }
}

/// Whose turn and what to do, or how the round or the match ended.
fn status_line(party: &Party, hands: &Hands, lang: Lang) -> String {
    let table = &party.table;
    let at_keys = hands.at_match();
    let name = |seat| seat_name(party, seat, lang);
    let person = |seat: usize| party.seats[seat].is_person() && at_keys == Some(seat);
    let friends = party.seats.iter().filter(|s| s.is_person()).count() > 1;
    let mine = |seat: usize, line: String| {
        if friends {
            format!("{}: {line}", name(seat))
        } else {
            line
        }
    };
    match table.step() {
        TableStep::Throw(s) if person(s) => mine(s, tr(lang, Key::YourTurnThrow).to_owned()),
        TableStep::Throw(s) => trf(lang, Key::TheyThrow, &[&name(s)]),
        TableStep::Rolling(_) => tr(lang, Key::RollingStatus).to_owned(),
        TableStep::Reroll(s) if person(s) => {
            mine(s, trf(lang, Key::YourReroll, &[&table.rerolls_left(s)]))
        }
        TableStep::Bet(s) if person(s) => {
            let legal = table.legal_bets(s);
            let line = match table.to_call(s) {
                0 => tr(lang, Key::BetOpen).to_owned(),
                owed if legal.contains(&BetAction::Raise) => trf(lang, Key::BetCall, &[&owed]),
                owed => trf(lang, Key::BetCallOnly, &[&owed]),
            };
            mine(s, line)
        }
        TableStep::Reroll(s) | TableStep::Bet(s) => trf(lang, Key::TheyThink, &[&name(s)]),
        TableStep::RoundOver => format!(
            "{}{}\n{}",
            round_said(party, lang),
            paid_badges(party, lang),
            go_on(party, Key::PartyNext, lang)
        ),
        // The last round's result first, then the match's.
        TableStep::MatchOver(w) => format!(
            "{}{}\n{}\n{}",
            round_said(party, lang),
            paid_badges(party, lang),
            trf(lang, Key::PartyMatch, &[&name(w)]),
            go_on(party, Key::PartyAgain, lang)
        ),
    }
}

/// Who took the pot of the round just decided, or that it was shared,
/// and what every other seat the pots paid took (a side pot, a share).
fn round_said(party: &Party, lang: Lang) -> String {
    let Some(end) = party.table.last_end() else {
        return String::new();
    };
    if end.void {
        return tr(lang, Key::PartyVoid).to_owned();
    }
    if let Some(a) = end.accused {
        let names = (
            seat_name(party, a.by, lang),
            seat_name(party, a.against, lang),
        );
        let (put, paid) = (&end.put, &end.paid);
        let lost = put
            .get(a.wrong())
            .zip(paid.get(a.wrong()))
            .map_or(0, |(p, q)| p - q);
        let you = a.by == party.you();
        return table_accused(lang, (&names.0, &names.1, you), a.caught, lost);
    }
    let mut said = match end.winner {
        Some(w) => trf(
            lang,
            Key::PartyTakes,
            &[&seat_name(party, w, lang), &end.paid[w]],
        ),
        None => tr(lang, Key::PartySplit).to_owned(),
    };
    let others: Vec<String> = (0..end.paid.len())
        .filter(|&s| end.paid[s] > 0 && Some(s) != end.winner)
        .map(|s| {
            trf(
                lang,
                Key::PartyAlsoTakes,
                &[&seat_name(party, s, lang), &end.paid[s]],
            )
        })
        .collect();
    if !others.is_empty() {
        said += tr(lang, Key::ListStart);
        said += &others.join(tr(lang, Key::ListJoin));
    }
    said
}

/// What the house paid for badges in the round just decided, a line each.
fn paid_badges(party: &Party, lang: Lang) -> String {
    let Some(end) = party.table.last_end() else {
        return String::new();
    };
    let mut lines = String::new();
    for (seat, &coins) in end.bonus.iter().enumerate() {
        if let (Some(badge), true) = (party.table.badge(seat), coins > 0) {
            let (name, badge) = (seat_name(party, seat, lang), badge_name(lang, badge));
            lines += "\n";
            lines += &trf(lang, Key::PartyBadgePaid, &[&name, &badge, &coins]);
        }
    }
    lines
}

/// What Space does after a decided round: `key` at a table here; at a
/// table of machines it says the player has seen it and waits for the
/// others, or that the table is over.
fn go_on(party: &Party, key: Key, lang: Lang) -> &'static str {
    match party.net {
        Some(net) if net.closed => tr(lang, Key::NetTableOver),
        Some(net) if net.seen => tr(lang, Key::NetTableWait),
        _ => tr(lang, key),
    }
}

fn write_table(
    party: Res<Party>,
    hands: Res<Hands>,
    (hint, notice): (Res<PartyHint>, Res<Notice>),
    lang: Res<Lang>,
    inputs: InputNames,
    mut texts: Query<(&PartyText, &mut Text)>,
) {
    let lang = *lang;
    let table = &party.table;
    let seat = hands.at_match();
    let stay = match seat.map(|s| table.to_call(s)) {
        Some(0) | None => tr(lang, Key::Check).to_owned(),
        Some(n) => trf(lang, Key::Call, &[&n]),
    };
    let pot = trf(
        lang,
        Key::PartyPot,
        &[
            &pot_words(table, lang),
            &table.rounds(),
            &table.rules().wins,
        ],
    );
    for (role, value) in [
        (PartyText::Pot, pot),
        (PartyText::Status, {
            // The hint under whose turn it is, and a notice (a seat gone,
            // coins given back) under both: none hides another.
            let mut status = status_line(&party, &hands, lang);
            if let Some(hint) = &hint.0 {
                status = format!(
                    "{status}
{}",
                    hint.in_lang(lang)
                );
            }
            notice.under(inputs.name(&status), lang)
        }),
        (PartyText::Help, inputs.name(tr(lang, Key::PartyHelp))),
        (PartyText::StayLabel, stay),
        (
            PartyText::RaiseLabel,
            trf(lang, Key::Raise, &[&table.rules().step]),
        ),
    ] {
        write_role(&mut texts, role, &value);
    }
}
