//! What the dice look like as the game goes: held dice are gold; once a hand
//! is read, the dice that make it glow and stand in a gold ring on the felt,
//! and the others dim (so the hand reads by shape as well as by colour); a
//! four or five of a kind pulses. One system paints every die from the
//! game's state, so the look never disagrees with the rules.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::dice::kinds::Kind;
use crate::dice::look::{DiceLook, DieSkin, GLOW};
use crate::dice::tray::DIE_SIZE;
use crate::dice::{Die, TrayDice, holds_changed};
use crate::rules::HandType;
use crate::rules::duel::{Side, Step};
use crate::rules::hand::{Roll, evaluate_roll, scoring_dice};
use crate::rules::kinds::DieKind;

use crate::game::duel::Table;
use crate::game::party::Party;
use crate::game::profile::ReducedMotion;
use crate::game::{AppSystems, AtTable, GameTray, Phase, Round, Screen};
use crate::rules::turn::Turn;

/// Pulses per second of the glow for a four or five of a kind.
const PULSE_HZ: f32 = 1.5;
/// The ring under a die of the hand: its inner and outer radius over the
/// die's edge, and how far over the felt it lies.
const RING_RADII: (f32, f32) = (0.62, 0.78);
const RING_LIFT: f32 = 0.02;
/// The ring's colour: the glow's gold, lit from within (drawn unlit, so the
/// table's shadows never darken it).
const RING_COLOR: Color = Color::srgb(1.0, 0.8, 0.25);

/// The ring on the felt under a die of the shown hand.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandRing(pub Entity);

/// The ring's mesh and material, made once.
#[derive(Resource, Debug, Clone)]
struct RingLook {
    mesh: Handle<Mesh>,
    material: Handle<StandardMaterial>,
}

/// How a die is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// No hand shown: plain.
    Plain,
    /// Part of the shown hand.
    Glow,
    /// Outside the shown hand.
    Dim,
}

/// A big hand is shown (and motion is not reduced): its glow breathes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub(super) struct Pulsing(pub(super) bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pulsing>();
    let mesh = app.world_mut().resource_mut::<Assets<Mesh>>().add(
        Annulus::new(RING_RADII.0 * DIE_SIZE, RING_RADII.1 * DIE_SIZE)
            .mesh()
            .build(),
    );
    let material = app
        .world_mut()
        .resource_mut::<Assets<StandardMaterial>>()
        .add(StandardMaterial {
            base_color: RING_COLOR,
            unlit: true,
            ..default()
        });
    app.insert_resource(RingLook { mesh, material });
    app.add_systems(OnExit(AtTable), (stop_pulse, clear_rings));
    app.add_systems(
        Update,
        (
            // Only when a mark can change: the hand, the holds, the step, a die.
            paint_dice.run_if(
                (in_state(Screen::Solo)
                    .or_else(in_state(Screen::Duel))
                    .or_else(in_state(Screen::Party)))
                .and_then(
                    resource_changed::<Round>
                        .or_else(resource_exists_and_changed::<Table>)
                        .or_else(resource_exists_and_changed::<Party>)
                        .or_else(state_changed::<Phase>)
                        .or_else(resource_changed::<ReducedMotion>)
                        .or_else(holds_changed)
                        .or_else(any_match_filter::<Added<Die>>)
                        .or_else(any_match_filter::<Changed<Kind>>),
                ),
            ),
            breathe.run_if(|p: Res<Pulsing>| p.0 || p.is_changed()),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// Per die of a tray: held, and how it is marked, from a shown roll.
fn marks(held: [bool; 5], shown: Option<Roll>) -> [(bool, Mark); 5] {
    let scoring = shown.map(|r| scoring_dice(&r));
    std::array::from_fn(|slot| {
        let mark = match scoring {
            Some(s) if s[slot] => Mark::Glow,
            Some(_) => Mark::Dim,
            None => Mark::Plain,
        };
        (held[slot], mark)
    })
}

/// The rings on the felt, and what draws them.
#[derive(SystemParam)]
struct Rings<'w, 's> {
    look: Res<'w, RingLook>,
    shown: Query<'w, 's, (Entity, &'static HandRing)>,
    commands: Commands<'w, 's>,
}

impl Rings<'_, '_> {
    /// A ring under each of `dice` (resting at these places) and under no
    /// other die.
    fn show(&mut self, dice: &[(Entity, Vec3)]) {
        for (entity, HandRing(die)) in &self.shown {
            if !dice.iter().any(|(d, _)| d == die) {
                self.commands.entity(entity).despawn();
            }
        }
        for &(die, at) in dice {
            if self.shown.iter().any(|(_, r)| r.0 == die) {
                continue;
            }
            self.commands.spawn((
                Name::new("Hand ring"),
                HandRing(die),
                Mesh3d(self.look.mesh.clone()),
                MeshMaterial3d(self.look.material.clone()),
                Transform::from_translation(at - Vec3::Y * (DIE_SIZE / 2.0 - RING_LIFT))
                    .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
                Pickable::IGNORE,
            ));
        }
    }
}

fn paint_dice(
    look: Option<Res<DiceLook>>,
    mut rings: Rings,
    phase: Option<Res<State<Phase>>>,
    round: Res<Round>,
    table: Option<Res<Table>>,
    party: Option<Res<Party>>,
    tray: Option<Res<GameTray>>,
    held: TrayDice,
    dice: Query<(&Die, &Transform, Option<&Kind>)>,
    mut skins: Query<(&ChildOf, &mut MeshMaterial3d<StandardMaterial>), With<DieSkin>>,
    motion: Res<ReducedMotion>,
    mut pulsing: ResMut<Pulsing>,
) {
    let Some(look) = look else {
        return;
    };
    // Each tray's state: (held, the roll to mark, if shown).
    let mut trays: Vec<(Entity, [bool; 5], Option<Roll>)> = Vec::new();
    if let Some(table) = &table {
        for side in [Side::Near, Side::Far] {
            let rolling = table.duel.step() == Step::Rolling(side);
            let shown = table.duel.roll(side).filter(|_| !rolling);
            let tray = table.trays[side.index()];
            trays.push((tray, held.held(tray), shown));
        }
    } else if let Some(party) = &party {
        for (seat, &tray) in party.trays.iter().enumerate() {
            let t = &party.table;
            let rolling = t.step() == Turn::Rolling(seat);
            let shown = t.roll(seat).filter(|_| !rolling && !t.is_out(seat));
            trays.push((tray, held.held(tray), shown));
        }
    } else if let (Some(phase), Some(tray)) = (&phase, &tray) {
        let shown = round
            .faces
            .filter(|_| matches!(phase.get(), Phase::Holding | Phase::Result));
        trays.push((tray.0, held.held(tray.0), shown));
    }
    let mut big = false;
    let mut ringed = Vec::new();
    for (tray, held, shown) in trays {
        let marks = marks(held, shown);
        big |= shown.is_some_and(|r| evaluate_roll(&r).kind() >= HandType::FourOfAKind);
        for (skin, mut material) in &mut skins {
            let entity = skin.parent();
            let Ok((die, tf, kind)) = dice.get(entity) else {
                continue;
            };
            if die.tray != tray {
                continue;
            }
            if marks[die.slot].1 == Mark::Glow {
                ringed.push((entity, tf.translation));
            }
            // A crooked die wears its faint tell in every state.
            let skins = look.skins(kind.is_some_and(|k| k.0 != DieKind::Fair));
            let want = skins[match marks[die.slot] {
                (false, Mark::Plain) => 0,
                (true, Mark::Plain) => 1,
                (false, Mark::Glow) => 2,
                (true, Mark::Glow) => 3,
                (false, Mark::Dim) => 4,
                (true, Mark::Dim) => 5,
            }];
            if material.0 != *want {
                material.0 = want.clone();
            }
        }
    }
    // A ring on the felt under each die of the hand, gone with the hand.
    rings.show(&ringed);
    // Reduced motion: the mark stays still.
    let want = Pulsing(big && !motion.0);
    pulsing.set_if_neq(want);
}

fn clear_rings(rings: Query<Entity, With<HandRing>>, mut commands: Commands) {
    for ring in &rings {
        commands.entity(ring).despawn();
    }
}

fn stop_pulse(mut pulsing: ResMut<Pulsing>) {
    pulsing.0 = false;
}

/// A big hand's glow breathes; otherwise it stays still.
fn breathe(
    time: Res<Time>,
    look: Option<Res<DiceLook>>,
    pulsing: Res<Pulsing>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(look) = look else {
        return;
    };
    let pulse = pulsing
        .0
        .then(|| 0.5 + 0.5 * (time.elapsed_secs() * PULSE_HZ * std::f32::consts::TAU).sin());
    let glow = pulse.map_or(GLOW, |p| GLOW * (0.6 + 2.4 * p));
    let [_, _, crooked_free, crooked_held, ..] = look.skins(true);
    for handle in [&look.free_glow, &look.held_glow, crooked_free, crooked_held] {
        if materials.get(handle).is_some_and(|m| m.emissive != glow)
            && let Some(mut m) = materials.get_mut(handle)
        {
            m.emissive = glow;
        }
    }
}
