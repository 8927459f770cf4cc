//! The solo HUD's texts and buttons, each written by a small system that
//! runs when what it says changed (and once when the HUD appears): the
//! coins, the hand and faces, the status with the buttons, the help, the
//! message line. While the dice fly nothing here runs unless the table moves.

use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;

use crate::dice::{TrayDice, holds_changed};
use crate::game::core::watch::{or_spawned, write_role};
use crate::game::profile::Wallet;
use crate::game::table::buttons::{ConfirmButton, MainButton};
use crate::game::table::numbers::{DiceOrder, numbers_changed};
use crate::game::theme::{BUTTON, BUTTON_OFF};
use crate::game::{AppSystems, GameConfig, GameTray, Notice, Phase, Round, Screen};
use crate::keymap::{InputNames, inputs_changed};
use crate::lang::{Key, Lang, hand_name, tr, trf};

use super::daily::DailyRun;
use super::hint::Hint;
use super::hud::{CoinsPanel, HudText, help_text, main_label, status_line};
use super::luck::{LuckCard, card_line};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            write_coins.run_if(or_spawned::<HudText, _>(
                resource_changed::<Wallet>
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(daily_changed()),
            )),
            write_hand.run_if(or_spawned::<HudText, _>(
                state_changed::<Phase>
                    .or_eager(resource_changed::<Round>)
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(numbers_changed),
            )),
            write_controls.run_if(or_spawned::<HudText, _>(
                state_changed::<Phase>
                    .or_eager(resource_changed::<Round>)
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(holds_changed)
                    .or_eager(inputs_changed)
                    .or_eager(daily_changed()),
            )),
            write_help.run_if(or_spawned::<HudText, _>(
                resource_changed::<Lang>
                    .or_eager(resource_changed::<GameConfig>)
                    .or_eager(inputs_changed)
                    .or_eager(daily_changed()),
            )),
            write_message.run_if(or_spawned::<HudText, _>(
                state_changed::<Phase>
                    .or_eager(resource_changed::<Round>)
                    .or_eager(resource_changed::<Hint>)
                    .or_eager(resource_changed::<LuckCard>)
                    .or_eager(resource_changed::<Notice>)
                    .or_eager(resource_changed::<Lang>),
            )),
        )
            .run_if(in_state(Screen::Solo))
            .in_set(AppSystems::Present),
    );
}

/// A daily run began, moved on or ended.
fn daily_changed() -> impl SystemCondition<()> {
    IntoSystem::into_system(
        resource_exists_and_changed::<DailyRun>.or_eager(resource_removed::<DailyRun>),
    )
}

/// The wallet, except in the daily challenge, which moves no coins.
fn write_coins(
    wallet: Res<Wallet>,
    lang: Res<Lang>,
    daily: Option<Res<DailyRun>>,
    mut texts: Query<(&HudText, &mut Text)>,
    mut panel: Query<&mut Visibility, With<CoinsPanel>>,
) {
    let (coins, shown) = match daily {
        Some(_) => (String::new(), Visibility::Hidden),
        None => (
            trf(*lang, Key::Coins, &[&wallet.coins]),
            Visibility::Inherited,
        ),
    };
    write_role(&mut texts, HudText::Coins, &coins);
    for mut visibility in &mut panel {
        visibility.set_if_neq(shown);
    }
}

/// The hand's name and the faces, by the dice's numbers (the order keys 1–5 follow).
fn write_hand(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    lang: Res<Lang>,
    tray: Option<Res<GameTray>>,
    order: DiceOrder,
    mut texts: Query<(&HudText, &mut Text)>,
) {
    let (phase, lang) = (*phase.get(), *lang);
    let hand = match (phase, round.hand) {
        (Phase::Holding | Phase::Result, Some(hand)) => hand_name(lang, &hand),
        (Phase::Rolling, _) => tr(lang, Key::Busy).to_owned(),
        _ => tr(lang, Key::Title).to_owned(),
    };
    let faces = match (phase, round.faces, tray.as_deref()) {
        (Phase::Holding | Phase::Result, Some(f), Some(tray)) => order
            .slots(tray.0)
            .iter()
            .map(|&slot| f[slot].to_string())
            .collect::<Vec<_>>()
            .join("  "),
        _ => String::new(),
    };
    write_role(&mut texts, HudText::Hand, &hand);
    write_role(&mut texts, HudText::Faces, &faces);
}

/// The status line, the main button (its label and colour) and whether 確定 is offered.
fn write_controls(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    lang: Res<Lang>,
    inputs: InputNames,
    tray: Option<Res<GameTray>>,
    daily: Option<Res<DailyRun>>,
    held: TrayDice,
    mut texts: Query<(&HudText, &mut Text)>,
    mut main: Query<&mut BackgroundColor, With<MainButton>>,
    mut confirm: Query<&mut Node, With<ConfirmButton>>,
) {
    let (phase, lang) = (*phase.get(), *lang);
    let all_held = tray
        .as_ref()
        .is_some_and(|t| held.held(t.0).iter().all(|&h| h));
    // Both name keys: the player's, if they chose others.
    let status = inputs.name(&status_line(phase, &round, all_held, lang));
    write_role(&mut texts, HudText::Status, &status);
    let label = main_label(phase, &round, all_held, daily.as_deref(), lang);
    write_role(&mut texts, HudText::MainLabel, &label);
    let colour = if phase == Phase::Rolling {
        BUTTON_OFF
    } else {
        BUTTON
    };
    for mut color in &mut main {
        color.set_if_neq(BackgroundColor(colour));
    }
    // Out of the layout (not just invisible) when unused, so the main button stays centred.
    let offered = phase == Phase::Holding && !all_held && round.rerolls_left > 0;
    for mut node in &mut confirm {
        let want = if offered {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != want {
            node.display = want;
        }
    }
}

/// Keys (or the pad's buttons) and the payout table, in the corner.
fn write_help(
    lang: Res<Lang>,
    config: Res<GameConfig>,
    inputs: InputNames,
    daily: Option<Res<DailyRun>>,
    mut texts: Query<(&HudText, &mut Text)>,
) {
    let help = match inputs.pad() {
        None => inputs.name(&help_text(&config.payouts, daily.is_some(), None, *lang)),
        pad => help_text(&config.payouts, daily.is_some(), pad, *lang),
    };
    write_role(&mut texts, HudText::Help, &help);
}

fn write_message(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    hint: Res<Hint>,
    card: Res<LuckCard>,
    notice: Res<Notice>,
    lang: Res<Lang>,
    daily: Option<Res<DailyRun>>,
    mut texts: Query<(&HudText, &mut Text)>,
) {
    // The daily challenge moves no coins: its card is the holds' alone.
    let paid = round.payout.filter(|_| daily.is_none());
    let said = message(*phase.get(), paid, &hint, &card, &notice, *lang);
    write_role(&mut texts, HudText::Message, &said);
}

/// The message line: a game's result (what it `paid`, if it is played for
/// coins, and what decided it), else the hint; the notice under either.
fn message(
    phase: Phase,
    paid: Option<u64>,
    hint: &Hint,
    card: &LuckCard,
    notice: &Notice,
    lang: Lang,
) -> String {
    let first = match (phase, &hint.0) {
        (Phase::Result, _) => paid
            .map(|pay| trf(lang, Key::Payout, &[&pay]))
            .into_iter()
            .chain(card.0.map(|account| card_line(&account, lang)))
            .collect::<Vec<_>>()
            .join("\n"),
        (_, Some(hint)) => hint.in_lang(lang),
        _ => String::new(),
    };
    // The notice (a speed change, a refill, the save) comes under it.
    notice.under(first, lang)
}
