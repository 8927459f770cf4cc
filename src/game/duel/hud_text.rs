//! The duel HUD's texts, kept up to date from the table, in either language
//! (the sentences themselves are in [`super::words`]).

use bevy::prelude::*;

use crate::dice::tray::left_to_right;
use crate::dice::{Die, TrayDice};
use crate::game::profile::Wallet;
use crate::game::table::Hands;
use crate::game::{AppSystems, Notice, Screen};
use crate::lang::{Key, Lang, hand_name, opponent_name, tr, trf};
use crate::rules::duel::{Side, Step};
use crate::rules::evaluate_roll;

use super::cpu::Said;
use super::friend::seat_name;
use super::hint::{DuelHint, LiveOdds};
use super::hud::DuelText;
use super::luck::{RoundLog, card_lines};
use super::words::{badge_words, main_label, said_words, status_line, venue_words};
use super::{DuelStep, Table, Terms};

/// Keeps the duel HUD's texts up to date.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        refresh_texts
            // While dice fly nothing shown changes unless the table does.
            .run_if(
                not(dice_in_flight)
                    .or_else(state_changed::<DuelStep>)
                    .or_else(resource_changed::<Table>)
                    .or_else(resource_changed::<Said>)
                    .or_else(resource_changed::<DuelHint>)
                    .or_else(resource_changed::<LiveOdds>)
                    .or_else(resource_changed::<Wallet>)
                    .or_else(resource_changed::<Notice>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(resource_changed::<Hands>)
                    .or_else(resource_changed::<RoundLog>)
                    .or_else(resource_changed::<crate::keymap::KeyMap>),
            )
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// One side's dice are in the air.
fn dice_in_flight(step: Option<Res<State<DuelStep>>>) -> bool {
    matches!(step.map(|s| *s.get()), Some(DuelStep::At(Step::Rolling(_))))
}

/// The hand's name and faces (left to right as seen), once the dice have been read.
fn hand_and_faces(
    table: &Table,
    side: Side,
    lang: Lang,
    dice: &Query<(&Die, &Transform)>,
) -> (String, String) {
    let rolling = table.duel.step() == Step::Rolling(side);
    match table.duel.roll(side) {
        Some(faces) if !rolling => {
            let tray = table.trays[side.index()];
            let order = left_to_right(
                dice.iter()
                    .filter(|(d, _)| d.tray == tray)
                    .map(|(d, tf)| (d.slot, tf.translation)),
            );
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

fn refresh_texts(
    table: Option<Res<Table>>,
    wallet: Res<Wallet>,
    notice: Res<Notice>,
    hint: Res<DuelHint>,
    odds: Res<LiveOdds>,
    said: Res<Said>,
    lang: Res<Lang>,
    hands: Res<Hands>,
    log: Res<RoundLog>,
    keys: Res<crate::keymap::KeyMap>,
    held: TrayDice,
    dice: Query<(&Die, &Transform)>,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let lang = *lang;
    let Some(table) = table else {
        return;
    };
    let duel = &table.duel;
    let rules = duel.rules();
    let (cpu_hand, cpu_faces) = hand_and_faces(&table, Side::Far, lang, &dice);
    let (my_hand, my_faces) = hand_and_faces(&table, Side::Near, lang, &dice);
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
            DuelText::Status => keys.relabel(&status_line(&table, hands.side, lang)),
            DuelText::Help => keys.relabel(tr(lang, Key::DuelHelp)),
            DuelText::FoldLabel => tr(lang, Key::Fold).to_owned(),
            // A decided round says what decided it; else the hint or the notice.
            DuelText::Message => match (duel.step().is_decided(), &hint.0) {
                (true, _) => {
                    let over = matches!(duel.step(), Step::MatchOver(_));
                    let names = (table.terms == Terms::Friend)
                        .then(|| [Side::Near, Side::Far].map(|s| seat_name(&table, s, lang)));
                    let said = notice.text(lang);
                    match card_lines(&log, over, names.as_ref(), lang) {
                        Some(card) if said.is_empty() => card,
                        Some(card) => format!("{card}\n{said}"),
                        None => said,
                    }
                }
                (false, Some(hint)) => hint.in_lang(lang),
                (false, None) => notice.text(lang),
            },
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
