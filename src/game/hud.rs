//! The solo game's HUD: coins, the hand in the chosen language, the faces,
//! rerolls left, messages, the main button (throw / reroll / new game), the
//! keep-hand button, and a label over each held die.

use crate::game::AppSystems;
use bevy::prelude::*;

use crate::dice::tray::left_to_right;
use crate::dice::{Die, TrayDice};

use super::coins::{Notice, Wallet};
use super::flow::{Advance, Confirm};
use super::hint::Hint;
pub use super::menu::{menu_root, wrap_grid};
use super::seat::Hands;
use super::{GameConfig, GameTray, Phase, Round, Screen};
use crate::lang::{Key, Lang, hand_name, hand_type_name, tr, trf};
use crate::rules::{HandType, PayoutTable};

/// Colour of ordinary HUD text.
pub const TEXT: Color = Color::srgb(0.95, 0.95, 0.92);
/// Colour of hand names and money.
pub const GOLD: Color = Color::srgb(1.0, 0.82, 0.3);
/// Background of HUD panels.
pub const PANEL: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
/// The main button.
pub const BUTTON: Color = Color::srgb(0.85, 0.35, 0.15);
/// A button that does nothing now.
pub const BUTTON_OFF: Color = Color::srgb(0.35, 0.35, 0.38);
/// The 確定 button.
pub const CONFIRM: Color = Color::srgb(0.2, 0.45, 0.75);
/// Size of a hand's name.
pub const HAND_SIZE: f32 = 44.0;
/// Size of button labels and faces.
pub const BIG_SIZE: f32 = 26.0;
/// Size of status lines.
pub const BODY_SIZE: f32 = 20.0;
/// Size of help text and labels.
pub const SMALL_SIZE: f32 = 15.0;

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

/// The 確定 button's text (shared by the solo and duel HUDs).
#[derive(Component, Debug)]
pub struct ConfirmLabel;

/// The main button.
#[derive(Component, Debug)]
pub struct MainButton;

/// The 確定 button.
#[derive(Component, Debug)]
pub struct ConfirmButton;

/// Adds the solo HUD. Its texts update without a renderer, so tests can read them.
pub fn plugin(app: &mut App) {
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
                    .or_else(resource_changed::<Wallet>),
            ),
        )
            .run_if(in_state(Screen::Solo))
            .in_set(AppSystems::Present),
    );
    app.add_systems(Update, translate_labels.in_set(AppSystems::Present));
    app.add_observer(wire_main_button)
        .add_observer(wire_confirm_button);
}

/// Labels that do not change with the game follow the language.
fn translate_labels(lang: Res<Lang>, mut confirm: Query<&mut Text, With<ConfirmLabel>>) {
    let want = tr(*lang, Key::Confirm);
    for mut text in &mut confirm {
        if text.0 != want {
            text.0 = want.to_owned();
        }
    }
}

/// A click on the main button is the same as Space.
fn wire_main_button(add: On<Add, MainButton>, mut commands: Commands) {
    commands.entity(add.entity).observe(
        |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(Advance {
                by: hands.side,
                aim: None,
            })
        },
    );
}

/// A click on 確定 is the same as Enter.
fn wire_confirm_button(add: On<Add, ConfirmButton>, mut commands: Commands) {
    commands.entity(add.entity).observe(
        |_: On<Pointer<Click>>, hands: Res<Hands>, mut commands: Commands| {
            commands.trigger(Confirm { by: hands.side })
        },
    );
}

/// The main button's label in each phase.
pub fn main_label(phase: Phase, round: &Round, all_held: bool, lang: Lang) -> &'static str {
    tr(
        lang,
        match phase {
            Phase::Ready => Key::Throw,
            Phase::Rolling => Key::Busy,
            Phase::Holding if all_held || round.rerolls_left == 0 => Key::Confirm,
            Phase::Holding => Key::Reroll,
            Phase::Result => Key::NewGame,
        },
    )
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

/// A HUD text with a role, filled in by a refresh system.
pub fn text<R: Component>(role: R, size: f32, color: Color) -> impl Bundle {
    (
        role,
        Text::new(""),
        TextFont::from_font_size(size),
        TextColor(color),
    )
}

/// Keys and the payout table, for the corner of the screen.
pub fn help_text(payouts: &PayoutTable, lang: Lang) -> String {
    let mut text = format!("{}\n\n", tr(lang, Key::SoloHelp));
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
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    padding: UiRect::axes(Val::Px(24.0), Val::Px(8.0)),
                    row_gap: Val::Px(4.0),
                    border_radius: BorderRadius::all(Val::Px(10.0)),
                    ..default()
                },
                BackgroundColor(PANEL),
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
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(14.0),
            top: Val::Px(14.0),
            padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(PANEL),
        Pickable::IGNORE,
        children![text(HudText::Coins, BIG_SIZE, GOLD)],
    ));
    commands.spawn((
        scoped.clone(),
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(14.0),
            top: Val::Px(14.0),
            padding: UiRect::axes(Val::Px(12.0), Val::Px(8.0)),
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(PANEL),
        Pickable::IGNORE,
        children![(
            HudText::Help,
            Text::new(help_text(&payouts, Lang::default())),
            TextFont::from_font_size(SMALL_SIZE),
            TextColor(TEXT.with_alpha(0.8)),
            Pickable::IGNORE,
        )],
    ));
}

/// A rounded button of `color`; its label is a child.
pub fn button(color: Color) -> impl Bundle {
    (
        Button,
        Node {
            padding: UiRect::axes(Val::Px(28.0), Val::Px(10.0)),
            min_width: Val::Px(180.0),
            justify_content: JustifyContent::Center,
            border_radius: BorderRadius::all(Val::Px(10.0)),
            ..default()
        },
        BackgroundColor(color),
    )
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

/// The 確定 button.
pub fn confirm_button() -> impl Bundle {
    (
        Name::new("Confirm button"),
        ConfirmButton,
        button(CONFIRM),
        children![(
            ConfirmLabel,
            Text::new(tr(Lang::default(), Key::Confirm)),
            TextFont::from_font_size(BIG_SIZE),
            TextColor(TEXT),
            Pickable::IGNORE,
        )],
    )
}

fn refresh_hud(
    phase: Res<State<Phase>>,
    round: Res<Round>,
    wallet: Res<Wallet>,
    notice: Res<Notice>,
    hint: Res<Hint>,
    card: Res<super::luck::LuckCard>,
    keys: Res<crate::keymap::KeyMap>,
    lang: Res<Lang>,
    config: Res<GameConfig>,
    tray: Option<Res<GameTray>>,
    held: TrayDice,
    dice: Query<(&Die, &Transform)>,
    mut texts: Query<(&HudText, &mut Text)>,
    mut main: Query<&mut BackgroundColor, With<MainButton>>,
    mut confirm: Query<&mut Node, With<ConfirmButton>>,
) {
    let phase = *phase.get();
    let all_held = tray.is_some_and(|t| held.held(t.0).iter().all(|&h| h));
    for (role, mut text) in &mut texts {
        let value = match role {
            HudText::Coins => trf(*lang, Key::Coins, &[&wallet.coins]),
            HudText::Hand => match (phase, round.hand) {
                (Phase::Holding | Phase::Result, Some(hand)) => hand_name(*lang, &hand),
                (Phase::Rolling, _) => tr(*lang, Key::Busy).to_owned(),
                _ => tr(*lang, Key::Title).to_owned(),
            },
            HudText::Faces => match (phase, round.faces) {
                (Phase::Holding | Phase::Result, Some(f)) => {
                    // Left to right as on screen, the order keys 1–5 follow.
                    let order = left_to_right(dice.iter().map(|(d, tf)| (d.slot, tf.translation)));
                    order
                        .iter()
                        .map(|&slot| f[slot].to_string())
                        .collect::<Vec<_>>()
                        .join("  ")
                }
                _ => String::new(),
            },
            // Both name keys: the player's, if they chose others.
            HudText::Status => keys.relabel(&status_line(phase, &round, all_held, *lang)),
            HudText::Help => keys.relabel(&help_text(&config.payouts, *lang)),
            HudText::Message => match (phase, round.payout, &hint.0) {
                (Phase::Result, Some(pay), _) => match card.0 {
                    Some(account) => format!(
                        "{}\n{}",
                        trf(*lang, Key::Payout, &[&pay]),
                        super::luck::card_line(&account, *lang)
                    ),
                    None => trf(*lang, Key::Payout, &[&pay]),
                },
                (_, _, Some(hint)) => hint.clone(),
                _ => notice.0.clone(),
            },
            HudText::MainLabel => main_label(phase, &round, all_held, *lang).to_owned(),
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
