//! The duel HUD's texts, kept up to date from the table, in either language
//! (the sentences themselves are in [`super::words`]).

use bevy::prelude::*;

use crate::dice::TrayDice;
use crate::game::core::watch::watched;
use crate::game::profile::Wallet;
use crate::game::table::Hands;
use crate::game::table::numbers::DiceOrder;
use crate::game::{AppSystems, Notice, Screen};
use crate::keymap::{LastUsed, name_inputs, pad_help};
use crate::lang::{Key, Lang, hand_name, opponent_name, tr, trf};
use crate::rules::duel::{Side, Step};
use crate::rules::evaluate_roll;

use super::cpu::Said;
use super::friend::seat_name;
use super::hint::DuelHint;
use super::hud::DuelText;
use super::luck::{RoundLog, card_lines};
use super::words::{badge_words, main_label, said_words, status_line, venue_words};
use super::{DuelStep, LiveOdds, Table, Terms};

watched! {
    /// What the duel's texts are made from: a change to any of it redraws them.
    struct Sources {
        table: Table,
        step: State<DuelStep>,
        wallet: Wallet,
        notice: Notice,
        hint: DuelHint,
        odds: LiveOdds,
        said: Said,
        lang: Lang,
        hands: Hands,
        log: RoundLog,
        keys: crate::keymap::KeyMap,
        pad: crate::keymap::PadMap,
        last: crate::keymap::LastUsed,
    }
}

/// A pad's help in the duel's corner: two buttons to a line, as the keys' are.
const DUEL_HELP_PER_LINE: usize = 2;

/// Keeps the duel HUD's texts up to date.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        refresh_texts
            // Only when something they say changed: not every frame, nor
            // while dice fly unless the table moves.
            .run_if(
                sources_changed
                    .or_else(crate::dice::holds_changed)
                    .or_else(any_match_filter::<Added<DuelText>>),
            )
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// Nothing to draw from outside a duel (no table, no step).
fn sources_changed(sources: Option<Sources>) -> bool {
    sources.is_some_and(|s| s.changed())
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

fn refresh_texts(
    sources: Option<Sources>,
    held: TrayDice,
    order: DiceOrder,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let Some(Sources {
        table,
        wallet,
        notice,
        hint,
        odds,
        said,
        lang,
        hands,
        log,
        keys,
        pad,
        last,
        step: _,
    }) = sources
    else {
        return;
    };
    let lang = *lang;
    let last = *last;
    let duel = &table.duel;
    let rules = duel.rules();
    let (cpu_hand, cpu_faces) = hand_and_faces(&table, Side::Far, lang, &order);
    let (my_hand, my_faces) = hand_and_faces(&table, Side::Near, lang, &order);
    let all_held = held
        .held(table.trays[hands.side.index()])
        .iter()
        .all(|&h| h);
    for (role, mut text) in &mut texts {
        let value = match role {
            DuelText::CpuName => opponent_name(lang, table.opponent).to_owned(),
            DuelText::Venue => venue_words(&table, lang),
            DuelText::Badge => badge_words(&table, &odds, lang),
            DuelText::CpuHand => cpu_hand.clone(),
            DuelText::CpuFaces => cpu_faces.clone(),
            DuelText::CpuSaid => said
                .0
                .as_ref()
                .map(|s| said_words(s, table.opponent, lang))
                .unwrap_or_default(),
            // Two people at this machine are named; against the computer, "you".
            DuelText::Score if table.terms == Terms::Friend => trf(
                lang,
                Key::FriendScore,
                &[
                    &seat_name(&table, Side::Near, lang),
                    &duel.score(Side::Near),
                    &duel.score(Side::Far),
                    &seat_name(&table, Side::Far, lang),
                ],
            ),
            DuelText::Score => trf(
                lang,
                Key::Score,
                &[&duel.score(Side::Near), &duel.score(Side::Far)],
            ),
            DuelText::Pot => trf(lang, Key::Pot, &[&duel.pot()]),
            DuelText::Coins => trf(lang, Key::Coins, &[&wallet.coins]),
            DuelText::PlayerHand => my_hand.clone(),
            DuelText::PlayerFaces => my_faces.clone(),
            // Both name keys: the player's, if they chose others.
            DuelText::Status => {
                name_inputs(&status_line(&table, hands.side, lang), &keys, &pad, last)
            }
            DuelText::Help => match last {
                LastUsed::Keys => keys.relabel(tr(lang, Key::DuelHelp)),
                LastUsed::Pad => pad_help(&pad, &[], DUEL_HELP_PER_LINE, lang),
            },
            DuelText::FoldLabel => tr(lang, Key::Fold).to_owned(),
            DuelText::Message => message(&table, &hint, &notice, &log, lang),
            DuelText::Odds => match odds.player {
                Some(p) => trf(lang, Key::WinChance, &[&format!("{:.1}", p * 100.0)]),
                None => tr(lang, Key::WinChanceNone).to_owned(),
            },
            DuelText::MainLabel => main_label(&table, hands.side, all_held, lang).to_owned(),
            DuelText::StayLabel => match duel.to_call(hands.side) {
                0 => tr(lang, Key::Check).to_owned(),
                n => trf(lang, Key::Call, &[&n]),
            },
            DuelText::RaiseLabel => trf(lang, Key::Raise, &[&rules.step]),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
}
