//! The tavern's cheats at a duel. An opponent that cheats
//! ([`Opponent::cheat`](crate::rules::duel::Opponent::cheat)) decides as
//! the player sits down whether it brings its crooked die to this sitting
//! (every match at the table until the player leaves it); while it has it,
//! that die's body in its tray is the crooked kind's, so it throws as the
//! physics makes it, and its holds go by the engine for its own dice. What
//! the player saw of each of its dice over the sitting ([`Seen`]) is the
//! evidence, shown as the odds that a die is crooked; the player may accuse
//! (the key, or a click on the evidence): the tray is searched and whoever
//! was in the right takes the pot and the match. A die found is taken off
//! the table: the cheat plays the rest of the sitting with fair dice.

use std::sync::Arc;

use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::dice::kinds::{KindedDice, lay_kinds};
use crate::dice::{DiceSeed, DiceSettled, Die, ThrowDice};
use crate::game::table::seat::{Seat, Seats};
use crate::game::{AppSystems, Screen};
use crate::keymap::{Action, Controls};
use crate::rules::duel::cheat::{Sighting, Suspect};
use crate::rules::duel::{CrookedDuel, Side, Step};
use crate::rules::evidence::Faces;
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

use super::Table;
use super::hud::DuelText;
use crate::game::core::watch::{or_spawned, write_role};
use crate::game::table::Accuse;
use crate::keymap::{InputNames, inputs_changed};
use crate::lang::{Key, Lang, die_kind_name, tr, trf};

/// Added to the dice seed for the cheats' own draws (whether a cheat carries
/// its die this match), apart from the minds' so an honest duel's seeded
/// game is what it was.
const CHEAT_SEED_OFFSET: u64 = 0x00C4_EA7D_1CE0;

/// The far tray's dice at this sitting: which opponent they were drawn
/// for, the kinds by slot and, while one is crooked, the engine its owner
/// holds by.
#[derive(Resource, Default)]
pub struct Crooked {
    /// The opponent the draw was for.
    drawn_for: Option<&'static str>,
    /// The far tray's dice by slot.
    pub tray: [DieKind; DICE],
    /// The duel of that tray against fair dice, while it is crooked.
    pub engine: Option<Arc<CrookedDuel>>,
}

impl Crooked {
    /// True while the far tray holds a crooked die.
    pub fn carried(&self) -> bool {
        self.found().is_some()
    }

    /// The crooked die in the far tray, if any: its slot and kind.
    pub fn found(&self) -> Option<(usize, DieKind)> {
        self.tray
            .iter()
            .position(|&k| k != DieKind::Fair)
            .map(|slot| (slot, self.tray[slot]))
    }
}

/// What the player saw of the far tray's dice at this sitting, and the
/// slots of its throw in the air.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Seen {
    /// Faces by slot.
    pub sighting: Sighting,
    thrown: [bool; DICE],
}

impl Crooked {
    /// The die found by a search is taken off the table.
    pub fn confiscate(&mut self) {
        self.tray = [DieKind::Fair; DICE];
        self.engine = None;
    }
}

impl Seen {
    /// The die the faces seen speak most against.
    pub fn suspect(&self) -> Option<Suspect> {
        self.sighting.suspect()
    }
}

/// The last accusation: whether a crooked die was found, and the evidence
/// it was made on (kept for the words of the match's end).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Accused {
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
struct CheatRng(ChaCha8Rng);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Crooked>()
        .init_resource::<Seen>()
        .init_resource::<CrookedThrows>();
    app.add_systems(Startup, seed_cheats);
    app.add_systems(OnExit(Screen::Duel), stand_up);
    app.add_systems(
        PreUpdate,
        (
            draw_for_sitting,
            match_far_dice
                .run_if(resource_changed::<Crooked>.or_else(any_match_filter::<Added<Die>>)),
        )
            .chain()
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel))),
    );
    app.add_systems(
        Update,
        (read_accuse_key, autopilot_accuses)
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel)))
            .in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        write_suspicion
            .run_if(or_spawned::<DuelText, _>(
                resource_changed::<Seen>
                    .or_eager(resource_exists_and_changed::<Table>)
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(inputs_changed),
            ))
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel)))
            .in_set(AppSystems::Present),
    );
    app.add_observer(watch_throw).add_observer(watch_settled);
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

/// A new sitting (a table laid, or a new opponent at it): a cheat decides
/// whether it brings its die.
fn draw_for_sitting(
    table: Res<Table>,
    seats: Option<Res<Seats>>,
    mut crooked: ResMut<Crooked>,
    mut seen: ResMut<Seen>,
    mut rng: ResMut<CheatRng>,
) {
    let this = Some(table.opponent.key);
    if crooked.drawn_for == this {
        return;
    }
    *seen = Seen::default();
    // Only a computer across the table cheats: a person's dice are fair.
    let computer = seats.is_some_and(|s| matches!(s.of(Side::Far), Seat::Computer(_)));
    let cheat = table.opponent.cheat.filter(|_| computer);
    let tray = match cheat {
        Some(cheat) if cheat.carries(&mut rng.0) => cheat.tray(),
        _ => [DieKind::Fair; DICE],
    };
    let fair = [DieKind::Fair.chances(); DICE];
    *crooked = Crooked {
        drawn_for: this,
        tray,
        engine: (tray != [DieKind::Fair; DICE])
            .then(|| Arc::new(CrookedDuel::new(&tray.map(DieKind::chances), &fair))),
    };
}

/// Each far die's body is its kind this match.
fn match_far_dice(
    table: Res<Table>,
    crooked: Res<Crooked>,
    dice: KindedDice,
    mut commands: Commands,
) {
    let far = table.trays[Side::Far.index()];
    lay_kinds(&mut commands, &dice, far, |slot| crooked.tray[slot]);
}

/// The far tray's dice go up: their slots are noted.
fn watch_throw(
    throw: On<ThrowDice>,
    table: Option<Res<Table>>,
    dice: Query<&Die>,
    mut seen: ResMut<Seen>,
) {
    if table.is_some_and(|t| t.trays[Side::Far.index()] == throw.tray) {
        seen.thrown = [false; DICE];
        for die in dice.iter_many(&throw.dice) {
            seen.thrown[die.slot] = true;
        }
    }
}

/// The far tray's dice came to rest: the ones thrown are seen, and a
/// crooked one's face is counted for its kind.
fn watch_settled(
    settled: On<DiceSettled>,
    table: Option<Res<Table>>,
    crooked: Res<Crooked>,
    mut seen: ResMut<Seen>,
    mut throws: ResMut<CrookedThrows>,
) {
    if table.is_some_and(|t| t.trays[Side::Far.index()] == settled.tray) {
        let thrown = std::mem::take(&mut seen.thrown);
        seen.sighting.saw(&settled.faces, thrown);
        if let Some((slot, kind)) = crooked.found().filter(|&(slot, _)| thrown[slot])
            && let Some(at) = DieKind::ALL.iter().position(|&k| k == kind)
        {
            throws.0[at].add(settled.faces[slot]);
        }
    }
}

/// True when `side` may accuse now: the other side is a computer and a
/// round is under way with no dice in the air.
pub fn may_accuse(table: &Table, seats: Option<&Seats>, side: Side) -> bool {
    let step = table.duel.step();
    let against = seats.map(|s| s.of(side.other()));
    matches!(against, Some(Seat::Computer(_)))
        && step.mover().is_some()
        && !matches!(step, Step::Rolling(_))
}

fn read_accuse_key(
    controls: Controls,
    hands: Res<crate::game::table::Hands>,
    mut commands: Commands,
) {
    if controls.just_pressed(Action::Accuse) {
        commands.trigger(Accuse { by: hands.seat });
    }
}

/// The computer at the player's seat (`--auto`, autoplay) accuses as soon
/// as the evidence reaches the line the game suggests, but only an
/// opponent the rumours name a cheat: an honest one's duel plays as it did.
fn autopilot_accuses(
    table: Res<Table>,
    seats: Option<Res<Seats>>,
    seen: Res<Seen>,
    mut commands: Commands,
) {
    let near_is_computer = seats
        .as_deref()
        .is_some_and(|s| matches!(s.of(Side::Near), Seat::Computer(_)));
    if near_is_computer
        && table.opponent.cheat.is_some()
        && seen.suspect().is_some_and(|s| s.suggests())
        && may_accuse(&table, seats.as_deref(), Side::Near)
    {
        commands.trigger(Accuse { by: 0 });
    }
}

/// The evidence a die is crooked that is worth a line: below these odds its
/// faces say next to nothing.
pub const SHOW_ODDS: f64 = 4.0;

/// The evidence against the far tray's dice, in words, and how to accuse
/// while an accusation can be made; after one, the evidence it was made on.
fn write_suspicion(
    table: Res<Table>,
    seats: Option<Res<Seats>>,
    seen: Res<Seen>,
    accused: Option<Res<Accused>>,
    lang: Res<Lang>,
    inputs: InputNames,
    mut texts: Query<(&DuelText, &mut Text)>,
) {
    let lang = *lang;
    let open = may_accuse(&table, seats.as_deref(), Side::Near);
    // After an accusation, the evidence it was made on, however thin.
    let (suspect, shown) = match accused.as_deref() {
        Some(accused) if table.duel.winner().is_some() => (accused.suspect, true),
        _ => (seen.suspect(), open),
    };
    let mut lines: Vec<String> = suspect
        .filter(|s| shown && (s.odds >= SHOW_ODDS || !open))
        .map(|s| evidence_words(&s, lang))
        .into_iter()
        .collect();
    if let Some(accused) = accused.as_deref()
        && let Some((slot, kind)) = accused.found
    {
        let kind = die_kind_name(lang, kind);
        lines.push(trf(lang, Key::DieFound, &[&(slot + 1), &kind]));
        lines.push(
            tr(
                lang,
                if accused.bagged {
                    Key::DieBagged
                } else {
                    Key::BagFull
                },
            )
            .to_owned(),
        );
    }
    if open {
        if suspect.is_some_and(|s| s.suggests()) {
            lines.push(tr(lang, Key::EvidenceStrong).to_owned());
        }
        lines.push(inputs.name(tr(lang, Key::AccuseHow)));
    }
    write_role(&mut texts, DuelText::Suspicion, &lines.join("\n"));
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
