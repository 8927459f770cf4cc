//! Crooked dice at a match, whichever format: each seat's dice at this
//! sitting ([`Crooked`]: a cheat's tray holds its crooked die while it
//! carries it, every other die is fair), what the player saw of each
//! seat's dice ([`Seen`], the evidence), the last accusation and its
//! search ([`Accused`]), and every face a crooked die landed on
//! ([`CrookedThrows`]). Each die's body in a seat's tray is its kind's, so
//! it throws as the physics makes it. A format decides who cheats at its
//! sitting and settles an accusation by its own referee; the bodies, the
//! watching and the words of the evidence are written here once and
//! registered for each format ([`cheats_at`]).

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::kinds::{KindedDice, lay_kinds};
use crate::dice::{DiceSeed, DiceSettled, Die, ThrowDice};
use crate::game::{AppSystems, Screen};
use crate::keymap::{Action, Controls};
use crate::lang::{Key, Lang, die_kind_name, trf};
use crate::rules::duel::cheat::{Sighting, Suspect};
use crate::rules::evidence::Faces;
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::turn::SeatId;

use super::Accuse;
use super::refereed::Refereed;
use super::seat::{Hands, OutOfTurn};

/// Added to the dice seed for the cheats' own draws (whether a cheat carries
/// its die this sitting), apart from the minds' so an honest match's seeded
/// game is what it was.
const CHEAT_SEED_OFFSET: u64 = 0x00C4_EA7D_1CE0;

/// The evidence a die is crooked that is worth a line: below these odds its
/// faces say next to nothing.
pub const SHOW_ODDS: f64 = 4.0;

/// Each seat's dice at this sitting, by slot (a seat past the list: fair).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Crooked {
    /// The kinds by seat and slot.
    pub trays: Vec<[DieKind; DICE]>,
}

impl Crooked {
    /// `seat`'s dice by slot.
    pub fn tray(&self, seat: SeatId) -> [DieKind; DICE] {
        self.trays
            .get(seat)
            .copied()
            .unwrap_or([DieKind::Fair; DICE])
    }

    /// The crooked die in `seat`'s tray, if any: its slot and kind.
    pub fn found(&self, seat: SeatId) -> Option<(usize, DieKind)> {
        let tray = self.tray(seat);
        let slot = tray.iter().position(|&k| k != DieKind::Fair)?;
        Some((slot, tray[slot]))
    }

    /// True while `seat`'s tray holds a crooked die.
    pub fn carried(&self, seat: SeatId) -> bool {
        self.found(seat).is_some()
    }

    /// Lays `tray` in `seat`'s tray.
    pub fn lay(&mut self, seat: SeatId, tray: [DieKind; DICE]) {
        if self.trays.len() <= seat {
            self.trays.resize(seat + 1, [DieKind::Fair; DICE]);
        }
        self.trays[seat] = tray;
    }

    /// The die found by a search in `seat`'s tray is taken off the table.
    pub fn confiscate(&mut self, seat: SeatId) {
        if let Some(tray) = self.trays.get_mut(seat) {
            *tray = [DieKind::Fair; DICE];
        }
    }
}

/// What the player saw of each seat's dice at this sitting, and the slots
/// of each throw in the air.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Seen {
    sightings: Vec<Sighting>,
    thrown: Vec<[bool; DICE]>,
}

impl Seen {
    /// The faces seen of `seat`'s dice, by slot.
    pub fn sighting(&self, seat: SeatId) -> Sighting {
        self.sightings.get(seat).copied().unwrap_or_default()
    }

    /// The die of `seat` the faces seen speak most against.
    pub fn suspect(&self, seat: SeatId) -> Option<Suspect> {
        self.sightings.get(seat)?.suspect()
    }

    /// What was seen of `seat`'s dice is forgotten (its die was found).
    pub fn forget(&mut self, seat: SeatId) {
        if let Some(sighting) = self.sightings.get_mut(seat) {
            *sighting = Sighting::default();
        }
    }

    fn grow(&mut self, seat: SeatId) {
        if self.sightings.len() <= seat {
            self.sightings.resize(seat + 1, Sighting::default());
            self.thrown.resize(seat + 1, [false; DICE]);
        }
    }
}

/// The last accusation: who made it against whom, whether a crooked die
/// was found, and the evidence it was made on (kept for the words of the
/// round's end).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Accused {
    /// The accusing seat.
    pub by: SeatId,
    /// The seat whose tray was searched.
    pub against: SeatId,
    /// A crooked die was found.
    pub caught: bool,
    /// Which: its slot and kind.
    pub found: Option<(usize, DieKind)>,
    /// The die the faces spoke most against, when any was seen.
    pub suspect: Option<Suspect>,
    /// The die found went into the player's bag (false: the bag was full).
    pub bagged: bool,
}

/// Every face a crooked die landed on at this game's tables, by kind (in
/// the order of [`DieKind::ALL`]): what the physics made of each kind here,
/// to hold against its measured chances.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct CrookedThrows(pub [Faces; DieKind::ALL.len()]);

impl CrookedThrows {
    /// The faces a die of `kind` landed on.
    pub fn of(&self, kind: DieKind) -> Faces {
        let at = DieKind::ALL.iter().position(|&k| k == kind);
        at.map(|i| self.0[i]).unwrap_or_default()
    }
}

/// The cheats' own draws.
#[derive(Resource)]
pub struct CheatRng(pub ChaCha8Rng);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Crooked>()
        .init_resource::<Seen>()
        .init_resource::<CrookedThrows>();
    app.add_systems(Startup, seed_cheats);
    app.add_systems(
        Update,
        read_accuse_key
            .run_if(in_state(Screen::Duel).or_else(in_state(Screen::Party)))
            .in_set(OutOfTurn)
            .in_set(AppSystems::Input),
    );
}

/// Registers the crooked dice's bodies and the watching of every tray at
/// format `M`'s matches (its systems run only at its screen).
pub fn cheats_at<M: Refereed>(app: &mut App) {
    app.add_systems(OnExit(M::SCREEN), stand_up);
    app.add_systems(
        PreUpdate,
        lay_dice::<M>
            .in_set(CheatSet::Lay)
            .run_if(resource_changed::<Crooked>.or_else(any_match_filter::<Added<Die>>))
            .run_if(resource_exists::<M>.and_then(in_state(M::SCREEN))),
    );
    app.add_observer(watch_throw::<M>)
        .add_observer(watch_settled::<M>);
}

/// Where a format's own draw for a sitting runs: before the dice are laid.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum CheatSet {
    /// Each die's body is laid as its kind.
    Lay,
}

fn seed_cheats(mut commands: Commands, seed: Res<DiceSeed>) {
    let seed = seed.session().unwrap_or_else(rand::random);
    commands.insert_resource(CheatRng(ChaCha8Rng::seed_from_u64(
        seed.wrapping_add(CHEAT_SEED_OFFSET),
    )));
}

/// The player leaves the table: the sitting is over.
fn stand_up(mut crooked: ResMut<Crooked>, mut seen: ResMut<Seen>, mut commands: Commands) {
    *crooked = Crooked::default();
    *seen = Seen::default();
    commands.remove_resource::<Accused>();
}

/// Each die's body is its kind this sitting.
fn lay_dice<M: Refereed>(
    game: Res<M>,
    crooked: Res<Crooked>,
    dice: KindedDice,
    mut commands: Commands,
) {
    for (seat, &tray) in game.trays().iter().enumerate() {
        let kinds = crooked.tray(seat);
        lay_kinds(&mut commands, &dice, tray, |slot| kinds[slot]);
    }
}

/// A tray's dice go up: their slots are noted.
fn watch_throw<M: Refereed>(
    throw: On<ThrowDice>,
    game: Option<Res<M>>,
    dice: Query<&Die>,
    mut seen: ResMut<Seen>,
) {
    let Some(seat) = game.and_then(|g| g.seat_of(throw.tray)) else {
        return;
    };
    seen.grow(seat);
    let thrown = &mut seen.thrown[seat];
    *thrown = [false; DICE];
    for die in dice.iter_many(&throw.dice) {
        thrown[die.slot] = true;
    }
}

/// A tray's dice came to rest: the ones thrown are seen, and a crooked
/// one's face is counted for its kind.
fn watch_settled<M: Refereed>(
    settled: On<DiceSettled>,
    game: Option<Res<M>>,
    crooked: Res<Crooked>,
    mut seen: ResMut<Seen>,
    mut throws: ResMut<CrookedThrows>,
) {
    let Some(seat) = game.and_then(|g| g.seat_of(settled.tray)) else {
        return;
    };
    seen.grow(seat);
    let thrown = std::mem::take(&mut seen.thrown[seat]);
    seen.sightings[seat].saw(&settled.faces, thrown);
    if let Some((slot, kind)) = crooked.found(seat).filter(|&(slot, _)| thrown[slot])
        && let Some(at) = DieKind::ALL.iter().position(|&k| k == kind)
    {
        throws.0[at].add(settled.faces[slot]);
    }
}

/// The accusation key: the seat at the keys accuses the seat the evidence
/// speaks most against (a duel's: the one across).
fn read_accuse_key(controls: Controls, hands: Res<Hands>, mut commands: Commands) {
    if controls.just_pressed(Action::Accuse) {
        commands.trigger(Accuse {
            by: hands.seat,
            against: None,
        });
    }
}

/// The seat among `seats` the faces seen speak most against, and how
/// strongly: the one whose suspect has the highest odds.
pub fn prime_suspect(
    seen: &Seen,
    seats: impl IntoIterator<Item = SeatId>,
) -> Option<(SeatId, Suspect)> {
    seats
        .into_iter()
        .filter_map(|seat| Some((seat, seen.suspect(seat)?)))
        .max_by(|a, b| a.1.odds.total_cmp(&b.1.odds))
}

/// "Die 3: the 6 came up 14 times in 31 throws, 40 to 1 it is loaded."
pub fn evidence_words(suspect: &Suspect, lang: Lang) -> String {
    let odds = if suspect.odds >= 10.0 {
        format!("{:.0}", suspect.odds)
    } else {
        format!("{:.1}", suspect.odds)
    };
    trf(
        lang,
        Key::Evidence,
        &[
            &(suspect.slot + 1),
            &suspect.face,
            &suspect.count,
            &suspect.throws,
            &odds,
            &die_kind_name(lang, suspect.kind),
        ],
    )
}
