//! The duel's words: every text of the duel HUD kept up to date, and the
//! sentences it is made of (whose turn, the result, the opponent's bets and
//! holds), in either language, from the table as it is.

use bevy::prelude::*;

use crate::dice::tray::left_to_right;
use crate::dice::{Die, TrayDice};
use crate::game::coins::{Notice, Wallet};
use crate::game::{AppSystems, Screen};
use crate::lang::{Key, Lang, hand_name, tr, trf};
use crate::rules::duel::{BetAction, RoundEnd, Side, Step};
use crate::rules::evaluate_roll;

use super::Table;
use super::cpu::{Said, Saying};
use super::hint::{DuelHint, LiveOdds};
use super::hud::DuelText;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        refresh_texts
            .run_if(in_state(Screen::Duel))
            .in_set(AppSystems::Present),
    );
}

/// "6を残す" / "keeps 6", "全部振り直す", "このまま勝負".
pub fn hold_words(held: &[u8], lang: Lang) -> String {
    match held.len() {
        5 => tr(lang, Key::StandPat).to_owned(),
        0 => tr(lang, Key::RerollAll).to_owned(),
        _ => {
            let faces: Vec<String> = held.iter().map(u8::to_string).collect();
            trf(lang, Key::KeepFaces, &[&faces.join(" ")])
        }
    }
}

/// The word for a bet.
pub fn bet_words(action: BetAction, lang: Lang) -> &'static str {
    tr(
        lang,
        match action {
            BetAction::Check => Key::Check,
            BetAction::Raise => Key::Raised,
            BetAction::Call => Key::Called,
            BetAction::Fold => Key::Fold,
        },
    )
}

/// What the opponent says, in any language.
pub fn said_words(said: &Saying, lang: Lang) -> String {
    match said {
        Saying::Bet(action) => bet_words(*action, lang).to_owned(),
        Saying::Hold { held, chance } => trf(
            lang,
            Key::Said,
            &[&hold_words(held, lang), &format!("{:.0}", chance * 100.0)],
        ),
    }
}

/// True when the main button does something for the player now.
pub(super) fn main_button_acts(table: &Table) -> bool {
    matches!(
        table.duel.step(),
        Step::Throw(Side::Player)
            | Step::Reroll(Side::Player)
            | Step::RoundOver
            | Step::MatchOver(_)
    )
}

/// The main button's label for the player at each step.
pub fn main_label(table: &Table, all_held: bool, lang: Lang) -> &'static str {
    tr(
        lang,
        match table.duel.step() {
            Step::Throw(Side::Player) => Key::Throw,
            Step::Reroll(Side::Player) if all_held => Key::Confirm,
            Step::Reroll(Side::Player) => Key::Reroll,
            Step::RoundOver => Key::NextRound,
            Step::MatchOver(_) => Key::Again,
            _ => Key::Busy,
        },
    )
}

/// What the player should know about the table now.
pub fn status_line(table: &Table, lang: Lang) -> String {
    let name = table.opponent.name;
    let duel = &table.duel;
    let t = |key| tr(lang, key).to_owned();
    match duel.step() {
        Step::Throw(Side::Player) => t(Key::YourTurnThrow),
        Step::Throw(Side::Cpu) | Step::Rolling(Side::Cpu) => trf(lang, Key::TheyThrow, &[&name]),
        Step::Rolling(Side::Player) => t(Key::RollingStatus),
        Step::Bet(Side::Player) if duel.to_call(Side::Player) > 0 => {
            trf(lang, Key::BetCall, &[&duel.to_call(Side::Player)])
        }
        Step::Bet(Side::Player) => t(Key::BetOpen),
        Step::Bet(Side::Cpu) => trf(lang, Key::TheyThink, &[&name]),
        Step::Reroll(Side::Player) => {
            trf(lang, Key::YourReroll, &[&duel.rerolls_left(Side::Player)])
        }
        Step::Reroll(Side::Cpu) => trf(lang, Key::TheirTurn, &[&name]),
        Step::RoundOver | Step::MatchOver(_) => {
            let end = match duel.last_end() {
                Some(RoundEnd::Draw) => t(Key::Draw),
                Some(RoundEnd::Fold(Side::Player)) => trf(lang, Key::YouFolded, &[&name]),
                Some(RoundEnd::Fold(Side::Cpu)) => trf(lang, Key::TheyFolded, &[&name]),
                Some(RoundEnd::Showdown(Side::Player)) => t(Key::YouWin),
                Some(RoundEnd::Showdown(Side::Cpu)) => trf(lang, Key::TheyWin, &[&name]),
                None => String::new(),
            };
            match duel.step() {
                Step::MatchOver(Side::Player) => trf(lang, Key::MatchYours, &[&end]),
                Step::MatchOver(Side::Cpu) => trf(lang, Key::MatchTheirs, &[&end, &name]),
                _ => end,
            }
        }
    }
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
            let shown: Vec<String> = order.iter().map(|&s| faces[s].to_string()).collect();
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
    let (cpu_hand, cpu_faces) = hand_and_faces(&table, Side::Cpu, lang, &dice);
    let (my_hand, my_faces) = hand_and_faces(&table, Side::Player, lang, &dice);
    let all_held = held.held(table.trays[0]).iter().all(|&h| h);
    for (role, mut text) in &mut texts {
        let value = match role {
            DuelText::CpuName => table.opponent.name.to_owned(),
            DuelText::CpuHand => cpu_hand.clone(),
            DuelText::CpuFaces => cpu_faces.clone(),
            DuelText::CpuSaid => said
                .0
                .as_ref()
                .map(|s| said_words(s, lang))
                .unwrap_or_default(),
            DuelText::Score => trf(
                lang,
                Key::Score,
                &[&duel.score(Side::Player), &duel.score(Side::Cpu)],
            ),
            DuelText::Pot => trf(lang, Key::Pot, &[&duel.pot()]),
            DuelText::Coins => trf(lang, Key::Coins, &[&wallet.coins]),
            DuelText::PlayerHand => my_hand.clone(),
            DuelText::PlayerFaces => my_faces.clone(),
            DuelText::Status => status_line(&table, lang),
            DuelText::Help => tr(lang, Key::DuelHelp).to_owned(),
            DuelText::FoldLabel => tr(lang, Key::Fold).to_owned(),
            DuelText::Message => hint.0.clone().unwrap_or_else(|| notice.0.clone()),
            DuelText::Odds => match odds.player {
                Some(p) => trf(lang, Key::WinChance, &[&format!("{:.1}", p * 100.0)]),
                None => tr(lang, Key::WinChanceNone).to_owned(),
            },
            DuelText::MainLabel => main_label(&table, all_held, lang).to_owned(),
            DuelText::StayLabel => match duel.to_call(Side::Player) {
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
