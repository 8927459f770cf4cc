//! The guided first game: a solo game with a panel that says, at each
//! moment, what to do and what just happened (throw, the hand read, keeping
//! dice, the reroll, the payout), in the player's language. It opens by
//! itself on a new player's first start (in the window), can be closed at
//! any time (Backspace or its button) and played again from the start
//! screen (はじめての一局).

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::theme::OnClick;

use crate::dice::TrayDice;
use crate::lang::{Key, Lang, hand_name, tr, trf};

use crate::game::profile::NewPlayer;
use crate::game::theme::{EDGE, GAP, ROUND, ROUND_PANEL};
use crate::game::theme::{GOLD, SHEET, SMALL_SIZE, TEXT};

use super::hud::KeysPanel;
use crate::game::{AppSystems, GameConfig, GameTray, Phase, Round, Screen, SoloMode};

/// Closes the guide; the game goes on without it.
pub const SKIP_GUIDE_KEY: KeyCode = KeyCode::Backspace;
/// Width of the guide's panel, in UI pixels: about the keys panel's, whose
/// corner it takes, so it stays clear of the tray at every window size.
const PANEL_WIDTH: f32 = 200.0;
/// The panel lets the table show through a little.
const GUIDE_ALPHA: f32 = 0.92;

/// A guided game is on. Its end (the first game paid, or closed) clears
/// [`NewPlayer`].
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Guide {
    /// The guided game was paid: the next throw starts a game of one's own.
    pub paid: bool,
}

/// What the guide says now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuideStep {
    /// Before the first throw.
    Throw,
    /// The dice are in the air.
    Wait,
    /// A hand is read and nothing is kept yet.
    Keep,
    /// Some dice are kept: throw the rest, or stand.
    Reroll,
    /// The last hand is paid.
    Paid,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SoloMode::Guide), start_guide);
    app.add_systems(OnExit(SoloMode::Guide), end_guide);
    app.add_systems(OnEnter(Phase::Result), note_paid);
    app.add_systems(OnExit(Phase::Result), finish_after_paid);
    app.add_systems(
        Update,
        read_skip_key
            .run_if(resource_exists::<Guide>)
            .in_set(AppSystems::Input),
    );
    app.add_observer(skip);
    // The panel; windowed and headless HUD alike.
    app.add_systems(
        Update,
        show_guide
            .run_if(in_state(Screen::Solo))
            // What the panel says follows the game, the language and the keys or buttons.
            .run_if(
                resource_changed::<Round>
                    .or_else(state_changed::<Phase>)
                    .or_else(resource_exists_and_changed::<Guide>)
                    .or_else(resource_removed::<Guide>)
                    .or_else(resource_changed::<Lang>)
                    .or_else(resource_changed::<crate::keymap::KeyMap>)
                    .or_else(resource_changed::<crate::keymap::PadMap>)
                    .or_else(resource_changed::<crate::keymap::LastUsed>)
                    .or_else(crate::dice::holds_changed),
            )
            .in_set(AppSystems::Present),
    );
}

fn start_guide(mut commands: Commands) {
    commands.insert_resource(Guide::default());
}

fn note_paid(guide: Option<ResMut<Guide>>) {
    if let Some(mut guide) = guide {
        guide.paid = true;
    }
}

/// The guided game is over once its result is left: the player knows the way.
fn finish_after_paid(guide: Option<Res<Guide>>, mut commands: Commands) {
    if guide.is_some_and(|g| g.paid) {
        commands.trigger(SkipGuide);
    }
}

fn end_guide(guide: Option<Res<Guide>>, mut commands: Commands) {
    if guide.is_some() {
        commands.trigger(SkipGuide);
    }
}

/// Close the guide (a key, its button, or its end).
#[derive(Event, Debug, Clone, Copy)]
pub struct SkipGuide;

fn read_skip_key(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(SKIP_GUIDE_KEY) {
        commands.trigger(SkipGuide);
    }
}

fn skip(_: On<SkipGuide>, mut new_player: ResMut<NewPlayer>, mut commands: Commands) {
    commands.remove_resource::<Guide>();
    if new_player.0 {
        new_player.0 = false;
    }
}

/// The step the guide is at, from the game as it stands.
pub fn guide_step(phase: Phase, any_held: bool) -> GuideStep {
    match phase {
        Phase::Ready => GuideStep::Throw,
        Phase::Rolling => GuideStep::Wait,
        Phase::Holding if any_held => GuideStep::Reroll,
        Phase::Holding => GuideStep::Keep,
        Phase::Result => GuideStep::Paid,
    }
}

/// What the guide says at `step`, about `round`.
pub fn guide_text(step: GuideStep, round: &Round, stake: u64, lang: Lang) -> String {
    let hand = round.hand.map(|h| hand_name(lang, &h)).unwrap_or_default();
    let body = match step {
        GuideStep::Throw => trf(lang, Key::GuideThrow, &[&stake]),
        GuideStep::Wait => tr(lang, Key::GuideWait).to_owned(),
        GuideStep::Keep => trf(lang, Key::GuideKeep, &[&hand, &round.rerolls_left]),
        GuideStep::Reroll => trf(lang, Key::GuideReroll, &[&round.rerolls_left]),
        GuideStep::Paid => trf(
            lang,
            Key::GuidePaid,
            &[&hand, &round.payout.unwrap_or(0), &stake],
        ),
    };
    format!("{}\n\n{}", body, tr(lang, Key::GuideSkip))
}

/// The guide's panel, and its text.
#[derive(Component, Debug)]
pub struct GuidePanel;

/// The text on the guide's panel.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuideText;

fn show_guide(
    guide: Option<Res<Guide>>,
    phase: Res<State<Phase>>,
    round: Res<Round>,
    config: Res<GameConfig>,
    lang: Res<Lang>,
    inputs: crate::keymap::InputNames,
    tray: Option<Res<GameTray>>,
    held: TrayDice,
    panels: Query<Entity, With<GuidePanel>>,
    mut texts: Query<&mut Text, With<GuideText>>,
    mut keys: Query<&mut Node, With<KeysPanel>>,
    mut commands: Commands,
) {
    // The guide says which keys to press: it stands in the keys' corner.
    let keys_shown = if guide.is_some() {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut keys {
        if node.display != keys_shown {
            node.display = keys_shown;
        }
    }
    let Some(_) = guide else {
        for panel in &panels {
            commands.entity(panel).despawn();
        }
        return;
    };
    let any_held = tray.is_some_and(|t| held.held(t.0).iter().any(|&h| h));
    let step = guide_step(*phase.get(), any_held);
    let want = inputs.name(&guide_text(step, &round, config.payouts.stake, *lang));
    if panels.is_empty() {
        spawn_panel(&mut commands, want);
        return;
    }
    for mut text in &mut texts {
        show(&mut text, &want);
    }
}

fn spawn_panel(commands: &mut Commands, text: String) {
    commands
        .spawn((
            Name::new("Guide"),
            GuidePanel,
            DespawnOnExit(Screen::Solo),
            Node {
                position_type: PositionType::Absolute,
                right: EDGE,
                top: EDGE,
                width: Val::Px(PANEL_WIDTH),
                max_width: Val::Percent(30.0),
                flex_direction: FlexDirection::Column,
                row_gap: GAP,
                padding: UiRect::all(Val::Px(10.0)),
                border: UiRect::all(Val::Px(2.0)),
                border_radius: ROUND_PANEL,
                ..default()
            },
            BorderColor::all(GOLD),
            BackgroundColor(SHEET.with_alpha(GUIDE_ALPHA)),
        ))
        .with_children(|panel| {
            panel.spawn((
                GuideText,
                Text::new(text),
                TextFont::from_font_size(SMALL_SIZE),
                TextColor(TEXT),
                Pickable::IGNORE,
            ));
            panel.spawn((
                Button,
                Node {
                    align_self: AlignSelf::End,
                    padding: UiRect::axes(Val::Px(12.0), Val::Px(4.0)),
                    border_radius: ROUND,
                    ..default()
                },
                BackgroundColor(GOLD.with_alpha(0.85)),
                children![(
                    Text::new("×"),
                    TextFont::from_font_size(SMALL_SIZE),
                    TextColor(Color::BLACK),
                    Pickable::IGNORE,
                )],
                OnClick::trigger(SkipGuide),
            ));
        });
}
