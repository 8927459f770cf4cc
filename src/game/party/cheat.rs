//! The tavern's cheats at a table of several. A computer seat whose
//! opponent cheats decides as the table is laid whether it brings its
//! crooked die to this sitting (every match until the player leaves the
//! table); while it has it, the die's body in its tray is the crooked
//! kind's (laid by the table room, [`Crooked`]) and its holds go by the
//! table's chances for its own dice ([`KnowingSeat`]). A table of machines
//! plays fair dice only. A person at this machine may accuse a computer
//! seat (the key accuses the seat the evidence speaks most against; a
//! click on a seat's evidence, that seat): its tray is searched and the
//! referee settles the round ([`TableMatch::accuse`]). A die found goes
//! into the player's bag, and the cheat plays the rest of the sitting with
//! fair dice.
//!
//! [`TableMatch::accuse`]: crate::rules::table::TableMatch::accuse

use std::sync::Arc;

use bevy::prelude::*;

use crate::game::profile::{Bag, PartySeat};
use crate::game::table::cheat::{
    Accused, CheatRng, CheatSet, Crooked, SHOW_ODDS, Seen, evidence_words, prime_suspect,
};
use crate::game::table::seat::OutOfTurn;
use crate::game::table::{Accuse, Hands, PlayerAutopilot};
use crate::game::{AppSystems, Notice, Screen};
use crate::keymap::{InputNames, inputs_changed};
use crate::lang::accuse::click_to_accuse;
use crate::lang::{Key, Lang, Line, die_kind_name, tr, trf};
use crate::rules::duel::Opponent;
use crate::rules::hand::DICE;
use crate::rules::kinds::DieKind;
use crate::rules::per_die::{FAIR, Tray, Walks};
use crate::rules::table::knowing::KnowingSeat;
use crate::rules::turn::SeatId;

use super::Party;
use super::flow::Referee;
use super::hud::{SeatLine, SeatText};
use crate::game::theme::phrases::show;

/// The cheats at this table's sitting: whom the draw was for, and each
/// seat's own dice walked, while it carries a crooked die.
#[derive(Resource, Default)]
pub struct TableCheats {
    /// The seats the draw was for.
    drawn_for: Option<Vec<PartySeat>>,
    /// Each seat's dice, walked by their chances, while one is crooked.
    walks: Vec<Option<Arc<Walks>>>,
    /// Fair dice, walked: how a cheat takes every rival's dice.
    fair: Option<Arc<Walks>>,
}

impl TableCheats {
    /// The mind that plays `seat` for `opponent`, knowing its dice while it
    /// carries a crooked one.
    pub fn knowing<'a>(&'a self, seat: SeatId, opponent: &'a Opponent) -> Option<KnowingSeat<'a>> {
        let mine = self.walks.get(seat)?.as_deref()?;
        Some(KnowingSeat {
            opponent,
            mine,
            fair: self.fair.as_deref()?,
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableCheats>();
    app.add_systems(OnExit(Screen::Party), |mut cheats: ResMut<TableCheats>| {
        *cheats = TableCheats::default();
    });
    app.add_systems(
        PreUpdate,
        draw_for_sitting
            .before(CheatSet::Lay)
            .run_if(resource_exists_and_changed::<Party>)
            .run_if(in_state(Screen::Party)),
    );
    app.add_systems(
        Update,
        autopilot_accuses
            .run_if(resource_exists::<Party>.and_then(in_state(Screen::Party)))
            .in_set(OutOfTurn)
            .in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        write_suspicion
            .run_if(
                resource_changed::<Seen>
                    .or_eager(resource_exists_and_changed::<Party>)
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(resource_changed::<Hands>)
                    .or_eager(inputs_changed)
                    .or_eager(any_match_filter::<Added<SeatText>>),
            )
            .run_if(resource_exists::<Party>.and_then(in_state(Screen::Party)))
            .in_set(AppSystems::Present),
    );
    app.add_observer(on_accuse);
}

/// A new sitting: each cheat at the table decides whether it brings its die.
fn draw_for_sitting(
    party: Res<Party>,
    mut cheats: ResMut<TableCheats>,
    mut crooked: ResMut<Crooked>,
    mut seen: ResMut<Seen>,
    mut rng: ResMut<CheatRng>,
) {
    if cheats.drawn_for.as_ref() == Some(&party.seats) {
        return;
    }
    *seen = Seen::default();
    *crooked = Crooked::default();
    let mut walks = vec![None; party.seats.len()];
    for (seat, taken) in party.seats.iter().enumerate() {
        // A table of machines plays fair dice: only this machine's
        // computer seats cheat, and only at its own table.
        let PartySeat::Computer(opponent) = taken else {
            continue;
        };
        let Some(cheat) = opponent.cheat.filter(|_| party.net.is_none()) else {
            continue;
        };
        if cheat.carries(&mut rng.0) {
            let tray = cheat.tray();
            crooked.lay(seat, tray);
            walks[seat] = Some(Arc::new(Walks::new(&Tray::new(
                &tray.map(DieKind::chances),
            ))));
        }
    }
    let any = walks.iter().any(Option::is_some);
    *cheats = TableCheats {
        drawn_for: Some(party.seats.clone()),
        walks,
        fair: any.then(|| Arc::new(Walks::new(&Tray::new(&[FAIR; DICE])))),
    };
}

/// The seat `by` accuses when it names none: the computer seat the faces
/// seen speak most against, or with nothing seen the next one round the
/// table.
fn accused_seat(party: &Party, seen: &Seen, by: SeatId) -> Option<SeatId> {
    let n = party.seats.len();
    let open = |s: &SeatId| may_be_accused(party, by, *s);
    let order = (1..n).map(|k| (by + k) % n);
    prime_suspect(seen, order.clone().filter(open))
        .map(|(seat, _)| seat)
        .or_else(|| order.clone().find(open))
}

/// How many seats `by` may accuse now: the evidence against the strongest
/// suspect among them must be that much stronger before the game says it
/// is enough ([`Suspect::suggests_among`]).
///
/// [`Suspect::suggests_among`]: crate::rules::duel::cheat::Suspect::suggests_among
fn suspects(party: &Party, by: SeatId) -> usize {
    (0..party.seats.len())
        .filter(|&s| may_be_accused(party, by, s))
        .count()
}

/// True when `by`, a person's seat at this machine, may accuse the computer
/// at `against` now (a table of machines has no crooked dice to find).
pub fn may_be_accused(party: &Party, by: SeatId, against: SeatId) -> bool {
    party.net.is_none()
        && party.seats.get(by).is_some_and(|s| s.is_person())
        && matches!(party.seats.get(against), Some(PartySeat::Computer(_)))
        && party.table.may_accuse(by, against)
}

/// An accusation at the table: the accused tray is searched, and the
/// referee settles the round for whoever was in the right. A die found is
/// taken away (into the player's bag, if it has room: said under the
/// turn), and what was seen of that seat starts again.
fn on_accuse(
    accuse: On<Accuse>,
    mut referee: Referee,
    (mut crooked, mut seen, mut cheats): (ResMut<Crooked>, ResMut<Seen>, ResMut<TableCheats>),
    (autopilot, mut bag, mut notice): (Res<PlayerAutopilot>, ResMut<Bag>, ResMut<Notice>),
) {
    let Some(party) = referee.party() else {
        return;
    };
    let by = accuse.by;
    // A seat the computer plays accuses only under `--auto`.
    let person =
        party.seats.get(by).is_some_and(|s| s.is_person()) && (!autopilot.0 || by == party.you());
    let against = accuse.against.or_else(|| accused_seat(party, &seen, by));
    let Some(against) = against.filter(|&a| person && may_be_accused(party, by, a)) else {
        referee.refuse(by);
        return;
    };
    let from = match party.seats[against] {
        PartySeat::Computer(opponent) => opponent.key,
        _ => return,
    };
    let caught = crooked.carried(against);
    let found = crooked.found(against);
    let bagged = found.is_some() && bag.has_room();
    referee.insert(Accused {
        by,
        against,
        caught,
        found,
        suspect: seen.suspect(against),
        bagged,
    });
    if referee.judge(by, |t| t.accuse(by, against, caught)) {
        if caught {
            if let Some((_, kind)) = found {
                bag.add(kind, from);
                let key = if bagged { Key::DieBagged } else { Key::BagFull };
                notice.say(Line::new(move |lang| tr(lang, key).to_owned()));
            }
            crooked.confiscate(against);
            if let Some(walks) = cheats.walks.get_mut(against) {
                *walks = None;
            }
        }
        // The search showed the tray as it is: what was seen of it says
        // nothing more.
        seen.forget(against);
    }
}

/// The computer at the player's seat (`--auto`, autoplay) accuses a cheat
/// as soon as the evidence against its dice reaches the line the game
/// suggests; an honest opponent's table plays as it did.
fn autopilot_accuses(
    party: Res<Party>,
    autopilot: Res<PlayerAutopilot>,
    seen: Res<Seen>,
    mut commands: Commands,
) {
    if !autopilot.0 {
        return;
    }
    let you = party.you();
    let cheats: Vec<SeatId> = (0..party.seats.len())
        .filter(|&s| {
            matches!(party.seats[s], PartySeat::Computer(o) if o.cheat.is_some())
                && may_be_accused(&party, you, s)
        })
        .collect();
    let among = suspects(&party, you);
    if let Some((seat, suspect)) = prime_suspect(&seen, cheats)
        && suspect.suggests_among(among)
    {
        commands.trigger(Accuse {
            by: you,
            against: Some(seat),
        });
    }
}

/// Each computer seat's panel: the evidence against its dice while the
/// person at the keys may accuse it, and how (the key on the seat it would
/// accuse, a click on the others), and after an accusation that searched
/// it, what was found.
fn write_suspicion(
    party: Res<Party>,
    hands: Res<Hands>,
    seen: Res<Seen>,
    accused: Option<Res<Accused>>,
    lang: Res<Lang>,
    inputs: InputNames,
    mut texts: Query<(&SeatText, &mut Text)>,
) {
    let lang = *lang;
    let by = hands.seat;
    let searched = accused
        .as_deref()
        .filter(|_| party.table.last_end().is_some_and(|e| e.accused.is_some()));
    let key_accuses = accused_seat(&party, &seen, by);
    let among = suspects(&party, by);
    for (role, mut text) in &mut texts {
        if role.line != SeatLine::Suspicion {
            continue;
        }
        let seat = role.seat;
        let mut lines = Vec::new();
        // A seat's panel is narrow: after a search, what was found alone
        // (where it went is told under the turn, the round's end above).
        if let Some(a) = searched.filter(|a| a.against == seat) {
            lines.extend(a.found.map(|(slot, kind)| {
                trf(
                    lang,
                    Key::DieFound,
                    &[&(slot + 1), &die_kind_name(lang, kind)],
                )
            }));
        } else if may_be_accused(&party, by, seat) {
            let suspect = seen.suspect(seat);
            lines.extend(
                suspect
                    .filter(|s| s.odds >= SHOW_ODDS)
                    .map(|s| evidence_words(&s, lang)),
            );
            if suspect.is_some_and(|s| s.suggests_among(among)) {
                lines.push(tr(lang, Key::EvidenceStrong).to_owned());
            }
            if key_accuses == Some(seat) {
                lines.push(inputs.name(tr(lang, Key::AccuseHow)));
            } else {
                lines.push(click_to_accuse(lang).to_owned());
            }
        }
        show(&mut text, &lines.join("\n"));
    }
}
