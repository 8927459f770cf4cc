//! The solo game's HUD: coins, the hand in the chosen language, the faces,
//! rerolls left, messages, the main button (throw / reroll / new game) and
//! the keep-hand button. Its texts update without a renderer, so tests read
//! them; what writes them is in `hud_text`.

use bevy::prelude::*;

use crate::game::table::NextStep;
use crate::game::table::buttons::{confirm_button, main_button_role};
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GOLD, HAND_SIZE, SMALL_SIZE, TEXT, button, panel_fill, text,
};
use crate::game::theme::{EDGE, GAP_TIGHT, ROUND, ROUND_PANEL, TAG_PADDING};
use crate::game::{GameConfig, Phase, Round, Screen};
use crate::keymap::{Action, PadMap, pad_help};
use crate::lang::{Key, Lang, hand_type_name, tr, trf};
use crate::rules::daily::DAILY_GAMES;
use crate::rules::{HandType, PayoutTable};

use super::daily::DailyRun;
use super::flow::next_step;

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
const SOLO_UNUSED: [Action; 6] = [
    Action::WinChance,
    Action::Call,
    Action::Raise,
    Action::Fold,
    Action::Badge,
    Action::Accuse,
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
                // still ends above the tray's far wall at 1280×800. No wider
                // than the room between the corners' panels: a long notice
                // wraps rather than reaching under the keys.
                Node {
                    max_width: Val::Percent(TITLE_SHARE),
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

/// The title panel's widest, in percent of the window: the coins' and the
/// keys' corners stay clear at every window size.
const TITLE_SHARE: f32 = 56.0;

/// The keys and the payout table's panel, top right (the guide takes its
/// place while a guided game is on).
#[derive(Component, Debug, Clone, Copy)]
pub struct KeysPanel;

/// The coins' panel, top left (hidden in the daily challenge, which moves none).
#[derive(Component, Debug, Clone, Copy)]
pub struct CoinsPanel;

/// The coins, top left, and the keys with the payout table, top right.
fn spawn_corners(commands: &mut Commands, scoped: DespawnOnExit<Screen>, payouts: PayoutTable) {
    commands.spawn((
        scoped.clone(),
        CoinsPanel,
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
        KeysPanel,
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
        main_button_role(),
        button(BUTTON),
        children![(text(HudText::MainLabel, BIG_SIZE, TEXT), Pickable::IGNORE)],
    )
}
