//! The solo game's HUD: coins, the hand in the chosen language, the faces,
//! rerolls left, messages, the main button (throw / reroll / new game) and
//! the keep-hand button. Its texts update without a renderer, so tests read them.

use bevy::prelude::*;

use crate::dice::TrayDice;
use crate::game::profile::Wallet;
use crate::game::table::NextStep;
use crate::game::table::buttons::{ConfirmButton, MainButton, confirm_button};
use crate::game::table::numbers::DiceOrder;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, BUTTON_OFF, GOLD, HAND_SIZE, SMALL_SIZE, TEXT, button, panel_fill,
    text,
};
use crate::game::theme::{EDGE, GAP_TIGHT, ROUND, ROUND_PANEL, TAG_PADDING};
use crate::game::{AppSystems, GameConfig, GameTray, Notice, Phase, Round, Screen};
use crate::keymap::{Action, InputNames, LastUsed, PadMap, pad_help};
use crate::lang::{Key, Lang, hand_name, hand_type_name, tr, trf};
use crate::rules::daily::DAILY_GAMES;
use crate::rules::{HandType, PayoutTable};

use super::daily::DailyRun;
use super::flow::next_step;
use super::hint::Hint;
use super::luck::{LuckCard, card_line};

/// The text of a HUD line, by role.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum HudText {
    /// Coin balance.
    Coins,
    /// The hand's name.
    Hand,
    /// The five faces.
    Faces,
    /// Rerolls left or what to do next.
    Status,
    /// Payout, hint or a save warning.
    Message,
    /// The main button's label.
    MainLabel,
    /// Keys and the payout table.
    Help,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Solo), spawn_hud);
    app.add_systems(
        Update,
        (
            // While the dice fly nothing on the HUD changes by itself.
            refresh_hud.run_if(
                not(in_state(Phase::Rolling))
                    .or_else(state_changed::<Phase>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(resource_changed::<Notice>)
                    .or_else(resource_changed::<Wallet>)
                    .or_else(resource_changed::<LastUsed>),
            ),
        )
            .run_if(in_state(Screen::Solo))
            .in_set(AppSystems::Present),
    );
}

/// The main button's label in this phase. Between the daily challenge's
/// games it names the next game (or the end of the run), not a new one.
pub fn main_label(
    phase: Phase,
    round: &Round,
    all_held: bool,
    daily: Option<&DailyRun>,
    lang: Lang,
) -> String {
    let label = match (next_step(phase, round, all_held), daily) {
        (NextStep::NewGame, Some(run)) if run.game >= DAILY_GAMES => Key::DailyFinish,
        (NextStep::NewGame, Some(_)) => Key::DailyNext,
        (step, _) => step.label(),
    };
    tr(lang, label).to_owned()
}

/// The status line: rerolls left or what the player can do.
pub fn status_line(phase: Phase, round: &Round, all_held: bool, lang: Lang) -> String {
    match phase {
        Phase::Ready => tr(lang, Key::ReadyStatus).to_owned(),
        Phase::Rolling => tr(lang, Key::RollingStatus).to_owned(),
        Phase::Holding if all_held => tr(lang, Key::AllHeldStatus).to_owned(),
        Phase::Holding => trf(lang, Key::RerollsLeft, &[&round.rerolls_left]),
        Phase::Result => tr(lang, Key::ResultStatus).to_owned(),
    }
}

/// Where the hint's key stands in the help: after the keys that play.
const HINT_HELP_AT: usize = 4;

/// What a solo table has no use for, in a pad's help.
const SOLO_UNUSED: [Action; 5] = [
    Action::WinChance,
    Action::Call,
    Action::Raise,
    Action::Fold,
    Action::Badge,
];

/// Keys (or, given the player's pad buttons, those) and the payout table,
/// for the corner of the screen. The daily challenge has no hint and moves
/// no coins: its help says how it is scored.
pub fn help_text(payouts: &PayoutTable, daily: bool, pad: Option<&PadMap>, lang: Lang) -> String {
    let controls = match pad {
        Some(pad) => {
            let mut unused = SOLO_UNUSED.to_vec();
            if daily {
                unused.push(Action::Hint);
            }
            pad_help(pad, &unused, 1, lang)
        }
        None => {
            let mut keys: Vec<&str> = tr(lang, Key::SoloHelp).lines().collect();
            if !daily {
                keys.insert(HINT_HELP_AT.min(keys.len()), tr(lang, Key::HintHelp));
            }
            keys.join("\n")
        }
    };
    let mut text = format!("{controls}\n\n");
    if daily {
        text += tr(lang, Key::DailyHelp);
        return text;
    }
    text += &trf(lang, Key::GameCost, &[&payouts.stake]);
    text.push('\n');
    for &hand in HandType::ALL.iter().rev() {
        let pay = payouts.pay(hand);
        if pay > 0 {
            text += &format!("{} {pay}\n", hand_type_name(lang, hand));
        }
    }
    text.trim_end().to_owned()
}

fn spawn_hud(mut commands: Commands, config: Res<GameConfig>) {
    let payouts = config.payouts;
    // Top-left: coins. Top-centre: the hand, faces and status.
    let scoped = DespawnOnExit(Screen::Solo);
    commands.spawn((
        scoped.clone(),
        Name::new("HUD"),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            padding: UiRect::all(Val::Px(14.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                // Hugs its lines: at 150 % text a result's two-line message
                // still ends above the tray's far wall at 1280×800.
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    padding: UiRect::axes(Val::Px(24.0), Val::Px(4.0)),
                    row_gap: GAP_TIGHT,
                    border_radius: ROUND_PANEL,
                    ..default()
                },
                panel_fill(),
                Pickable::IGNORE,
                children![
                    text(HudText::Hand, HAND_SIZE, GOLD),
                    text(HudText::Faces, BIG_SIZE, TEXT),
                    text(HudText::Status, BODY_SIZE, TEXT),
                    (
                        text(HudText::Message, BODY_SIZE, GOLD),
                        TextLayout::justify(Justify::Center),
                    ),
                ],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: Val::Px(16.0),
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
                children![main_button(), confirm_button()],
            ),
        ],
    ));
    spawn_corners(&mut commands, scoped, payouts);
}

/// The coins, top left, and the keys with the payout table, top right.
fn spawn_corners(commands: &mut Commands, scoped: DespawnOnExit<Screen>, payouts: PayoutTable) {
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            left: EDGE,
            top: EDGE,
            padding: TAG_PADDING,
            border_radius: ROUND,
            ..default()
        },
        panel_fill(),
        Pickable::IGNORE,
        children![text(HudText::Coins, BIG_SIZE, GOLD)],
    ));
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            right: EDGE,
            top: EDGE,
            padding: UiRect::axes(Val::Px(12.0), Val::Px(8.0)),
            border_radius: ROUND,
            ..default()
        },
        panel_fill(),
        Pickable::IGNORE,
        children![(
            HudText::Help,
            Text::new(help_text(&payouts, false, None, Lang::default())),
            TextFont::from_font_size(SMALL_SIZE),
            TextColor(TEXT.with_alpha(0.8)),
            Pickable::IGNORE,
        )],
    ));
}

/// The main button, labelled by a [`HudText::MainLabel`] text.
fn main_button() -> impl Bundle {
    (
        Name::new("Main button"),
        MainButton,
        button(BUTTON),
        children![(text(HudText::MainLabel, BIG_SIZE, TEXT), Pickable::IGNORE)],
    )
}

/// The message line: the payout and what decided the game, else the hint,
/// else the notice.
fn message(
    phase: Phase,
    round: &Round,
    hint: &Hint,
    card: &LuckCard,
    notice: &Notice,
    lang: Lang,
) -> String {
    let first = match (phase, round.payout, &hint.0) {
        (Phase::Result, Some(pay), _) => match card.0 {
            Some(account) => format!(
                "{}\n{}",
                trf(lang, Key::Payout, &[&pay]),
                card_line(&account, lang)
            ),
            None => trf(lang, Key::Payout, &[&pay]),
        },
        (_, _, Some(hint)) => hint.in_lang(lang),
        _ => String::new(),
    };
    // The notice (a speed change, a refill, the save) comes under it.
    notice.under(first, lang)
}

fn refresh_hud(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    wallet: Res<Wallet>,
    notice: Res<Notice>,
    hint: Res<Hint>,
    card: Res<LuckCard>,
    inputs: InputNames,
    lang: Res<Lang>,
    config: Res<GameConfig>,
    tray: Option<Res<GameTray>>,
    daily: Option<Res<DailyRun>>,
    held: TrayDice,
    order: DiceOrder,
    mut texts: Query<(&HudText, &mut Text)>,
    mut main: Query<&mut BackgroundColor, With<MainButton>>,
    mut confirm: Query<&mut Node, With<ConfirmButton>>,
) {
    let phase = *phase.get();
    let all_held = tray
        .as_ref()
        .is_some_and(|t| held.held(t.0).iter().all(|&h| h));
    for (role, mut text) in &mut texts {
        let value = match role {
            HudText::Coins => trf(*lang, Key::Coins, &[&wallet.coins]),
            HudText::Hand => match (phase, round.hand) {
                (Phase::Holding | Phase::Result, Some(hand)) => hand_name(*lang, &hand),
                (Phase::Rolling, _) => tr(*lang, Key::Busy).to_owned(),
                _ => tr(*lang, Key::Title).to_owned(),
            },
            HudText::Faces => match (phase, round.faces, tray.as_deref()) {
                (Phase::Holding | Phase::Result, Some(f), Some(tray)) => {
                    // By the dice's numbers, the order keys 1–5 follow.
                    order
                        .slots(tray.0)
                        .iter()
                        .map(|&slot| f[slot].to_string())
                        .collect::<Vec<_>>()
                        .join("  ")
                }
                _ => String::new(),
            },
            // Both name keys: the player's, if they chose others.
            HudText::Status => inputs.name(&status_line(phase, &round, all_held, *lang)),
            HudText::Help => match inputs.pad() {
                None => inputs.name(&help_text(&config.payouts, daily.is_some(), None, *lang)),
                pad => help_text(&config.payouts, daily.is_some(), pad, *lang),
            },
            HudText::Message => message(phase, &round, &hint, &card, &notice, *lang),
            HudText::MainLabel => main_label(phase, &round, all_held, daily.as_deref(), *lang),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
    for mut color in &mut main {
        let want = if phase == Phase::Rolling {
            BUTTON_OFF
        } else {
            BUTTON
        };
        if color.0 != want {
            color.0 = want;
        }
    }
    // Out of the layout (not just invisible) when unused, so the main button stays centred.
    for mut node in &mut confirm {
        let want = if phase == Phase::Holding && !all_held && round.rerolls_left > 0 {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != want {
            node.display = want;
        }
    }
}
