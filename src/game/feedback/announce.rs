//! What a screen reader says: one live region that holds what a sighted
//! player reads as the game moves on — the hand just read and its faces, whose
//! turn it is and what to do, and the result with what decided it; at a
//! table, the pot and each seat's panel too — taken from the HUD's own
//! texts, so both always agree. Bevy hands it to the
//! platform's accessibility layer (AccessKit) where the build has one.

use accesskit::{Live, Node as AccessNode, Role};
use bevy::a11y::{AccessibilityNode, AccessibilitySystems};
use bevy::prelude::*;

use crate::game::theme::phrases::{KeepPhrases, said};
use bevy_input_focus::InputFocus;

use crate::game::duel::hud::DuelText;
use crate::game::party::hud::{PartyText, SeatLine, SeatText};
use crate::game::solo::hud::HudText;
use crate::game::{Phase, Played, Screen};

/// The live region: its label is what was last announced.
#[derive(Component, Debug)]
pub struct Announcer;

/// The announcer; windowed and headless HUD alike.
pub(super) fn plugin(app: &mut App) {
    // With no focus at all, Bevy's bridge sends the whole tree (the window
    // as focus); with none of this resource, it sends nothing but the window.
    app.init_resource::<InputFocus>();
    app.add_systems(Startup, spawn_announcer);
    app.add_systems(
        PostUpdate,
        announce
            .run_if(hud_texts_changed)
            .after(KeepPhrases)
            .before(AccessibilitySystems::Update),
    );
}

/// A HUD text changed (or was spawned) since the announcer last looked.
fn hud_texts_changed(
    texts: Query<
        (),
        (
            Changed<Text>,
            Or<(
                With<HudText>,
                With<DuelText>,
                With<PartyText>,
                With<SeatText>,
            )>,
        ),
    >,
) -> bool {
    !texts.is_empty()
}

fn spawn_announcer(mut commands: Commands) {
    let mut node = AccessNode::new(Role::Status);
    node.set_live(Live::Polite);
    commands.spawn((
        Name::new("Announcer"),
        Announcer,
        AccessibilityNode(node),
        // In the UI tree, taking no room and drawing nothing.
        Node {
            position_type: PositionType::Absolute,
            width: Val::Px(0.0),
            height: Val::Px(0.0),
            ..default()
        },
        Pickable::IGNORE,
    ));
}

/// The HUD's texts on screen, by role.
#[derive(Debug, Default)]
pub struct Shown {
    /// A solo game's.
    pub solo: Vec<(HudText, String)>,
    /// A duel's.
    pub duel: Vec<(DuelText, String)>,
    /// A table's own lines.
    pub party: Vec<(PartyText, String)>,
    /// A table's seat panels.
    pub seats: Vec<(SeatText, String)>,
}

/// What a seat's panel says, as one sentence: who, its hand and faces, and
/// its wins and last bet (or that it folded or left).
const SEAT_LINES: [SeatLine; 5] = [
    SeatLine::Name,
    SeatLine::Hand,
    SeatLine::Faces,
    SeatLine::Stack,
    SeatLine::State,
];

/// The words for the screen as it stands (`None` while dice fly: nothing new to say).
pub fn announcement(screen: Screen, phase: Option<Phase>, shown: &Shown) -> Option<String> {
    let pick = |roles: &[HudText]| texts_of(&shown.solo, roles);
    let pick_duel = |roles: &[DuelText]| texts_of(&shown.duel, roles);
    let parts = match (screen.played(), phase) {
        (Some(Played::Solo), Some(Phase::Rolling)) => return None,
        (Some(Played::Solo), Some(Phase::Ready)) => pick(&[HudText::Status]),
        (Some(Played::Solo), Some(Phase::Holding)) => {
            pick(&[HudText::Hand, HudText::Faces, HudText::Status])
        }
        (Some(Played::Solo), Some(Phase::Result)) => pick(&[
            HudText::Hand,
            HudText::Faces,
            HudText::Status,
            HudText::Message,
        ]),
        (Some(Played::Duel), _) => pick_duel(&[
            DuelText::Status,
            DuelText::PlayerHand,
            DuelText::PlayerFaces,
            DuelText::FarName,
            DuelText::FarHand,
            DuelText::FarFaces,
            DuelText::Message,
        ]),
        (Some(Played::Party), _) => {
            let mut parts = texts_of(&shown.party, &[PartyText::Status, PartyText::Pot]);
            let seats = shown
                .seats
                .iter()
                .map(|(t, _)| t.seat)
                .max()
                .map_or(0, |n| n + 1);
            for seat in 0..seats {
                let lines = SEAT_LINES.map(|line| SeatText { seat, line });
                let said: Vec<String> = texts_of(&shown.seats, &lines)
                    .into_iter()
                    .map(|t| t.replace('\n', " ").trim().to_owned())
                    .filter(|t| !t.is_empty() && t != "—")
                    .collect();
                parts.push(said.join(" "));
            }
            parts
        }
        // A solo game not laid yet, and the screens with no HUD: their
        // buttons and rows speak for themselves.
        (Some(Played::Solo), None) | (None, _) => return None,
    };
    let words: Vec<String> = parts
        .into_iter()
        .map(|p| p.replace('\n', " ").trim().to_owned())
        .filter(|p| !p.is_empty() && p != "—" && p != "…")
        .collect();
    (!words.is_empty()).then(|| words.join(". "))
}

/// The texts of these roles, in this order.
fn texts_of<R: PartialEq>(texts: &[(R, String)], roles: &[R]) -> Vec<String> {
    roles
        .iter()
        .filter_map(|r| texts.iter().find(|(role, _)| role == r))
        .map(|(_, t)| t.clone())
        .collect()
}

/// Each text of role `R` on screen, with its role.
fn texts<R: Component + Copy>(query: &Query<(&R, &Text)>) -> Vec<(R, String)> {
    query.iter().map(|(r, t)| (*r, said(t))).collect()
}

fn announce(
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    (solo, duel): (Query<(&HudText, &Text)>, Query<(&DuelText, &Text)>),
    (party, seats): (Query<(&PartyText, &Text)>, Query<(&SeatText, &Text)>),
    mut announcer: Query<&mut AccessibilityNode, With<Announcer>>,
) {
    let shown = Shown {
        solo: texts(&solo),
        duel: texts(&duel),
        party: texts(&party),
        seats: texts(&seats),
    };
    let Some(words) = announcement(*screen.get(), phase.map(|p| *p.get()), &shown) else {
        return;
    };
    for mut node in &mut announcer {
        if node.label() != Some(words.as_str()) {
            node.set_label(words.clone());
        }
    }
}
