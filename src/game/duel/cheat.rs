//! The tavern's cheats at a duel. An opponent that cheats
//! ([`Opponent::cheat`](crate::rules::duel::Opponent::cheat)) decides as
//! the player sits down whether it brings its crooked die to this sitting
//! (every match at the table until the player leaves it); while it has it,
//! that die's body in its tray is the crooked kind's, so it throws as the
//! physics makes it, and its holds go by the engine for its own dice. What
//! the player saw of each of its dice over the sitting (the table room's
//! [`Seen`]) is the
//! evidence, shown as the odds that a die is crooked; the player may accuse
//! (the key, or a click on the evidence): the tray is searched and whoever
//! was in the right takes the pot and the match. A die found is taken off
//! the table: the cheat plays the rest of the sitting with fair dice.

use std::sync::Arc;

use bevy::prelude::*;

use crate::game::table::cheat::{
    Accused, CheatRng, CheatSet, Crooked, SHOW_ODDS, Seen, evidence_words,
};
use crate::game::table::seat::{OutOfTurn, Seat, Seats};
use crate::game::{AppSystems, Screen};
use crate::rules::duel::{CrookedDuel, Side, Step};
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;

use super::Table;
use super::hud::DuelText;
use crate::game::core::watch::{or_spawned, write_role};
use crate::game::table::Accuse;
use crate::keymap::{InputNames, inputs_changed};
use crate::lang::{Key, Lang, die_kind_name, tr, trf};

/// The far side's seat: the only one a duel's cheat sits in.
const FAR: usize = 1;

/// The duel's cheat at this sitting: which opponent the draw was for and,
/// while its die is in the far tray, the engine it holds by.
#[derive(Resource, Default)]
pub struct DuelCheat {
    /// The opponent the draw was for.
    drawn_for: Option<&'static str>,
    /// The duel of the far tray against fair dice, while it is crooked.
    pub engine: Option<Arc<CrookedDuel>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DuelCheat>();
    app.add_systems(OnExit(Screen::Duel), |mut cheat: ResMut<DuelCheat>| {
        *cheat = DuelCheat::default();
    });
    app.add_systems(
        PreUpdate,
        draw_for_sitting
            .before(CheatSet::Lay)
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel))),
    );
    app.add_systems(
        Update,
        autopilot_accuses
            .run_if(resource_exists::<Table>.and_then(in_state(Screen::Duel)))
            .in_set(OutOfTurn)
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
}

/// A new sitting (a table laid, or a new opponent at it): a cheat decides
/// whether it brings its die.
fn draw_for_sitting(
    table: Res<Table>,
    seats: Option<Res<Seats>>,
    mut cheat: ResMut<DuelCheat>,
    mut crooked: ResMut<Crooked>,
    mut seen: ResMut<Seen>,
    mut rng: ResMut<CheatRng>,
) {
    let this = Some(table.opponent.key);
    if cheat.drawn_for == this {
        return;
    }
    *seen = Seen::default();
    // Only a computer across the table cheats: a person's dice are fair.
    let computer = seats.is_some_and(|s| matches!(s.of(Side::Far), Seat::Computer(_)));
    let carried = table.opponent.cheat.filter(|_| computer);
    let tray = match carried {
        Some(c) if c.carries(&mut rng.0) => c.tray(),
        _ => [DieKind::Fair; DICE],
    };
    let fair = [DieKind::Fair.chances(); DICE];
    crooked.lay(FAR, tray);
    *cheat = DuelCheat {
        drawn_for: this,
        engine: (tray != [DieKind::Fair; DICE])
            .then(|| Arc::new(CrookedDuel::new(&tray.map(DieKind::chances), &fair))),
    };
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
        && seen.suspect(FAR).is_some_and(|s| s.suggests())
        && may_accuse(&table, seats.as_deref(), Side::Near)
    {
        commands.trigger(Accuse {
            by: 0,
            against: None,
        });
    }
}

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
        _ => (seen.suspect(FAR), open),
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
