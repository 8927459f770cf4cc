//! The duel HUD's texts, kept up to date from the table, in either language
//! (the sentences themselves are in [`super::words`]).

use bevy::prelude::*;

use crate::game::table::MatchStep;

use crate::dice::{TrayDice, holds_changed};
use crate::game::core::watch::{or_spawned, write_role};
use crate::game::profile::Wallet;
use crate::game::table::Hands;
use crate::game::table::numbers::{DiceOrder, numbers_changed};
use crate::game::{AppSystems, Notice, Screen};
use crate::keymap::{InputNames, inputs_changed, pad_help};
use crate::lang::{Key, Lang, hand_name, opponent_name, tr, trf};
use crate::rules::duel::{Side, Step};
use crate::rules::evaluate_roll;

use super::cpu::Said;
use super::friend::{seat_name, turn_text};
use super::hint::DuelHint;
use super::hud::DuelText;
use super::luck::{RoundLog, card_lines};
use super::words::{badge_words, main_label, said_words, status_line, venue_words};
use super::{LiveOdds, Table, TableLink, Terms};

/// A pad's help in the duel's corner: two buttons to a line, as the keys' are.
const DUEL_HELP_PER_LINE: usize = 2;

/// Keeps the duel HUD's texts up to date: each group of texts is written
/// when what it says changed (not every frame, nor while dice fly unless
/// the table moves), and once when the HUD appears.
pub(super) fn plugin(app: &mut App) {
    let table_moved = || {
        resource_exists_and_changed::<Table>
            .or_eager(state_changed::<MatchStep>)
            .or_eager(resource_changed::<Hands>)
            .or_eager(resource_changed::<Lang>)
    };
    app.add_systems(
        Update,
        (
            write_hands.run_if(or_spawned::<DuelText, _>(
                table_moved()
                    .or_eager(resource_changed::<TableLink>)
                    .or_eager(numbers_changed)
                    .or_eager(resource_exists_and_changed::<LiveOdds>),
            )),
            write_controls.run_if(or_spawned::<DuelText, _>(
                table_moved()
                    .or_eager(resource_changed::<TableLink>)
                    .or_eager(holds_changed)
                    .or_eager(inputs_changed),
            )),
            write_coins.run_if(or_spawned::<DuelText, _>(
                resource_changed::<Wallet>
                    .or_eager(resource_added::<Table>)
                    .or_eager(resource_changed::<Lang>),
            )),
            write_said.run_if(or_spawned::<DuelText, _>(
                resource_exists_and_changed::<Said>.or_eager(resource_changed::<Lang>),
            )),
            write_help.run_if(or_spawned::<DuelText, _>(
                resource_changed::<Lang>.or_eager(inputs_changed),
            )),
            write_message.run_if(or_spawned::<DuelText, _>(
                table_moved()
                    .or_eager(resource_exists_and_changed::<DuelHint>)
                    .or_eager(resource_changed::<Notice>)
                    .or_eager(resource_exists_and_changed::<RoundLog>),
            )),
            write_odds.run_if(or_spawned::<DuelText, _>(
                resource_exists_and_changed::<LiveOdds>.or_eager(resource_changed::<Lang>),
            )),
        )
            .run_if(resource_exists::<Table>)
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// The hand's name and faces (left to right as seen), once the dice have been read.
fn hand_and_faces(table: &Table, side: Side, lang: Lang, order: &DiceOrder) -> (String, String) {
    let rolling = table.duel.step() == Step::Rolling(side);
    match table.duel.roll(side) {
        Some(faces) if !rolling => {
            // By the dice's numbers, the order keys 1–5 follow.
            let order = order.slots(table.trays[side.index()]);
            // A die a badge changed is marked.
            let changed = table.duel.changed(side).map(|(slot, _, _)| slot);
            let shown: Vec<String> = order
                .iter()
                .map(|&s| {
                    if changed == Some(s) {
                        format!("[{}]", faces[s])
                    } else {
                        faces[s].to_string()
                    }
                })
                .collect();
            (hand_name(lang, &evaluate_roll(&faces)), shown.join("  "))
        }
        _ if rolling => ("…".to_owned(), String::new()),
        _ => ("—".to_owned(), String::new()),
    }
}

/// The message line: a decided round says what decided it (the luck card);
/// else the hint. The notice comes under either, never hidden by them.
fn message(table: &Table, hint: &DuelHint, notice: &Notice, log: &RoundLog, lang: Lang) -> String {
    let step = table.duel.step();
    let first = match (step.is_decided(), &hint.0) {
        (true, _) => {
            let over = matches!(step, Step::MatchOver(_));
            let names = (table.terms == Terms::Friend)
                .then(|| [Side::Near, Side::Far].map(|s| seat_name(table, s, lang)));
            card_lines(log, over, names.as_ref(), lang).unwrap_or_default()
        }
        (false, Some(hint)) => hint.in_lang(lang),
        (false, None) => String::new(),
    };
    notice.under(first, lang)
}

/// Who sits where, the score and pot, each side's hand and faces, the badge.
fn write_hands(
    table: Res<Table>,
    link: Res<TableLink>,
    odds: Res<LiveOdds>,
    lang: Res<Lang>,
    order: DiceOrder,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let (lang, duel) = (*lang, &table.duel);
    let (cpu_hand, cpu_faces) = hand_and_faces(&table, Side::Far, lang, &order);
    let (my_hand, my_faces) = hand_and_faces(&table, Side::Near, lang, &order);
    // Two people at this machine are named; against the computer, "you".
    let score = if table.terms == Terms::Friend {
        trf(
            lang,
            Key::FriendScore,
            &[
                &seat_name(&table, Side::Near, lang),
                &duel.score(Side::Near),
                &duel.score(Side::Far),
                &seat_name(&table, Side::Far, lang),
            ],
        )
    } else {
        trf(
            lang,
            Key::Score,
            &[&duel.score(Side::Near), &duel.score(Side::Far)],
        )
    };
    for (role, value) in [
        (
            DuelText::FarName,
            opponent_name(lang, table.opponent).to_owned(),
        ),
        (DuelText::Venue, venue_words(&table, lang)),
        (DuelText::Badge, badge_words(&table, &odds, lang)),
        (DuelText::FarHand, cpu_hand),
        (DuelText::FarFaces, cpu_faces),
        (DuelText::Score, score),
        // A table cut off gave every stake back: nothing is in play.
        (
            DuelText::Pot,
            trf(lang, Key::Pot, &[&if link.closed { 0 } else { duel.pot() }]),
        ),
        (DuelText::PlayerHand, my_hand),
        (DuelText::PlayerFaces, my_faces),
    ] {
        write_role(&mut texts, role, &value);
    }
}

/// The status line and the buttons' labels, for the seat whose hands the
/// keyboard and mouse are (both name keys: the player's, if they chose others).
fn write_controls(
    table: Res<Table>,
    link: Res<TableLink>,
    hands: Res<Hands>,
    lang: Res<Lang>,
    inputs: InputNames,
    held: TrayDice,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let lang = *lang;
    let all_held = held
        .held(table.trays[hands.side().index()])
        .iter()
        .all(|&h| h);
    let stay = match table.duel.to_call(hands.side()) {
        0 => tr(lang, Key::Check).to_owned(),
        n => trf(lang, Key::Call, &[&n]),
    };
    // At a table of two people, each reads what to do in their own panel;
    // the other's says only whose turn it is.
    let status = inputs.name(&status_line(&table, *link, hands.side(), lang));
    let (near, far) = match table.duel.step().mover() {
        Some(Side::Far) if table.terms == Terms::Friend && hands.side() == Side::Far => {
            (turn_text(&table, lang), status)
        }
        _ => (status, String::new()),
    };
    for (role, value) in [
        (DuelText::Status, near),
        (DuelText::FarStatus, far),
        (
            DuelText::MainLabel,
            main_label(&table, *link, hands.side(), all_held, lang).to_owned(),
        ),
        (DuelText::StayLabel, stay),
        (
            DuelText::RaiseLabel,
            trf(lang, Key::Raise, &[&table.duel.rules().step]),
        ),
    ] {
        write_role(&mut texts, role, &value);
    }
}

/// The player's coins; at a table of two people, named as the friend's are.
fn write_coins(
    table: Res<Table>,
    wallet: Res<Wallet>,
    lang: Res<Lang>,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let lang = *lang;
    let coins = if table.terms == Terms::Friend {
        let name = seat_name(&table, Side::Near, lang);
        trf(lang, Key::FriendCoins, &[&name, &wallet.coins])
    } else {
        trf(lang, Key::Coins, &[&wallet.coins])
    };
    write_role(&mut texts, DuelText::Coins, &coins);
}

/// What the opponent said last.
fn write_said(
    table: Res<Table>,
    said: Res<Said>,
    lang: Res<Lang>,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let words = said
        .0
        .as_ref()
        .map(|s| said_words(s, table.opponent, *lang))
        .unwrap_or_default();
    write_role(&mut texts, DuelText::FarSaid, &words);
}

/// The keys (or the pad's buttons) in the corner.
fn write_help(lang: Res<Lang>, inputs: InputNames, mut texts: Query<(&DuelText, &mut Text)>) {
    let help = match inputs.pad() {
        None => inputs.name(tr(*lang, Key::DuelHelp)),
        Some(pad) => pad_help(pad, &[], DUEL_HELP_PER_LINE, *lang),
    };
    write_role(&mut texts, DuelText::Help, &help);
}

fn write_message(
    table: Res<Table>,
    hint: Res<DuelHint>,
    notice: Res<Notice>,
    log: Res<RoundLog>,
    lang: Res<Lang>,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let said = message(&table, &hint, &notice, &log, *lang);
    write_role(&mut texts, DuelText::Message, &said);
}

/// The player's win chance, when it is known.
fn write_odds(odds: Res<LiveOdds>, lang: Res<Lang>, mut texts: Query<(&DuelText, &mut Text)>) {
    let chance = match odds.player {
        Some(p) => trf(*lang, Key::WinChance, &[&format!("{:.1}", p * 100.0)]),
        None => tr(*lang, Key::WinChanceNone).to_owned(),
    };
    write_role(&mut texts, DuelText::Odds, &chance);
}
