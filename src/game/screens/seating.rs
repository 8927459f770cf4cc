//! みんなで's first screen: who sits at the table. The player has the first
//! seat; each of the other three is a friend at this machine, any opponent
//! of the roster or (past the second) empty, changed with ←→, Enter or a
//! click; the last row sits down. What was chosen is kept with the save.

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::core::navigation::back_button;
use crate::game::net::lobby::{DEFAULT_PORT, JoinForm, NetAsked};
use crate::game::party::{PARTY_ANTE, PARTY_STACK};
use crate::game::profile::{PartySeat, PartySeats};
use crate::game::theme::CursorRow;
use crate::game::theme::{
    BIG_SIZE, BODY_SIZE, BUTTON, GAP, GOLD, InView, OnClick, ROUND_PANEL, SMALL_SIZE, TEXT,
    light_row, panel_fill, spawn_menu, words,
};
use crate::game::{AppSystems, Choice, Choose, Screen};
use crate::keymap::Controls;
use crate::lang::{Key, Lang, opponent_name, tr, trf};
use crate::net::seat::{NetStart, WINDOW_MATCHES};
use crate::rules::table::MAX_SEATS;

/// A row of the table screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatingRow {
    /// The seat in this place (from 1: the player's is 0).
    Slot(usize),
    /// Sit down.
    Sit,
}

/// The rows, top to bottom.
pub const SEATING_ROWS: [SeatingRow; MAX_SEATS] = [
    SeatingRow::Slot(1),
    SeatingRow::Slot(2),
    SeatingRow::Slot(3),
    SeatingRow::Sit,
];

/// The highlighted row.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SeatingCursor(pub usize);

/// A row's text.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
struct SeatingText(SeatingRow);

/// Change a seat to the next (or, `back`, the previous) of its choices, or sit down.
#[derive(Event, Debug, Clone, Copy)]
pub struct ChangeSeat {
    /// The row.
    pub row: SeatingRow,
    /// Go back through the choices.
    pub back: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SeatingCursor>();
    app.add_systems(OnEnter(Screen::Seating), spawn_seating);
    app.add_observer(change_seat);
    app.add_systems(
        Update,
        read_seating_keys
            .run_if(in_state(Screen::Seating))
            .in_set(AppSystems::Input),
    );
    app.add_systems(
        Update,
        (
            light_rows.run_if(
                resource_changed::<SeatingCursor>.or_eager(any_match_filter::<Added<SeatingRow>>),
            ),
            write_rows.run_if(
                resource_changed::<PartySeats>
                    .or_eager(resource_changed::<Lang>)
                    .or_eager(any_match_filter::<Added<SeatingText>>),
            ),
        )
            .run_if(in_state(Screen::Seating))
            .in_set(AppSystems::Present),
    );
}

fn spawn_seating(mut commands: Commands, mut cursor: ResMut<SeatingCursor>) {
    *cursor = SeatingCursor(SEATING_ROWS.len() - 1);
    let root = spawn_menu(
        &mut commands,
        (Name::new("Table screen"), DespawnOnExit(Screen::Seating)),
        GAP,
    );
    commands.spawn((
        ChildOf(root),
        words(Key::SeatingTitle, BIG_SIZE * 1.4, GOLD),
    ));
    commands.spawn((ChildOf(root), words(Key::SeatingYou, BODY_SIZE, TEXT)));
    for (i, row) in SEATING_ROWS.into_iter().enumerate() {
        commands
            .spawn((
                ChildOf(root),
                row,
                Button,
                Node {
                    width: Val::Px(460.0),
                    max_width: Val::Percent(92.0),
                    padding: UiRect::axes(Val::Px(18.0), Val::Px(8.0)),
                    border_radius: ROUND_PANEL,
                    ..default()
                },
                panel_fill(),
                children![(
                    SeatingText(row),
                    Text::new(""),
                    TextFont::from_font_size(BODY_SIZE),
                    TextColor(TEXT),
                    Pickable::IGNORE,
                )],
                CursorRow,
                OnClick::trigger(ChangeSeat { row, back: false }),
            ))
            // The pointer takes the cursor only when it moves.
            .observe(
                move |_: On<Pointer<Move>>, mut cursor: ResMut<SeatingCursor>| {
                    if cursor.0 != i {
                        cursor.0 = i;
                    }
                },
            );
    }
    commands.spawn((ChildOf(root), back_button()));
    commands.spawn((
        ChildOf(root),
        words(Key::SeatingFooter, SMALL_SIZE, TEXT.with_alpha(0.8)),
    ));
}

/// How a lineup with a seat for a person at another machine is hosted
/// (through `relay`, if one is filled in); `None` for a table here alone.
/// Two seats are a network duel.
pub fn host_for(seats: &PartySeats, relay: Option<String>) -> Option<NetStart> {
    let (seats, computers) = seats.away_table()?;
    Some(NetStart::Host {
        port: DEFAULT_PORT,
        code: None,
        matches: WINDOW_MATCHES,
        seats,
        computers,
        relay,
    })
}

/// ↑↓ choose a row, ←→ change its seat; Enter or Space sits down from any row.
fn read_seating_keys(
    controls: Controls,
    mut cursor: ResMut<SeatingCursor>,
    mut commands: Commands,
) {
    let at = controls.step_cursor(cursor.0, SEATING_ROWS.len());
    if cursor.0 != at {
        cursor.0 = at;
    }
    let row = SEATING_ROWS[at];
    if controls.pick() {
        commands.trigger(ChangeSeat {
            row: SeatingRow::Sit,
            back: false,
        });
    } else if row != SeatingRow::Sit && (controls.left() || controls.right()) {
        let back = controls.left();
        commands.trigger(ChangeSeat { row, back });
    }
}

fn change_seat(
    change: On<ChangeSeat>,
    mut seats: ResMut<PartySeats>,
    mut asked: ResMut<NetAsked>,
    form: Res<JoinForm>,
    mut commands: Commands,
) {
    let SeatingRow::Slot(slot) = change.row else {
        // A seat for a person at another machine: the table is hosted, and
        // the lobby shows the code and the seats as they are taken.
        if let Some(how) = host_for(&seats, form.relay()) {
            asked.0 = Some(how);
            commands.trigger(Choose(Choice::Lobby));
        } else {
            commands.trigger(Choose(Choice::Seated));
        }
        return;
    };
    let choices = PartySeats::choices(slot);
    let now = seats.slot(slot);
    let at = choices.iter().position(|c| *c == now).unwrap_or(0);
    let n = choices.len();
    let next = if change.back {
        (at + n - 1) % n
    } else {
        (at + 1) % n
    };
    let changed = seats.with(slot, choices[next]);
    seats.set_if_neq(changed);
}

fn light_rows(
    cursor: Res<SeatingCursor>,
    mut rows: Query<(Entity, &SeatingRow, &mut BackgroundColor, Has<InView>)>,
    mut commands: Commands,
) {
    for (entity, row, mut color, marked) in &mut rows {
        let lit = SEATING_ROWS.get(cursor.0) == Some(row);
        light_row(
            &mut commands,
            entity,
            lit.then_some(BUTTON),
            marked,
            &mut color,
        );
    }
}

/// A seat as the table screen names it.
fn seat_words(seat: Option<PartySeat>, lang: Lang) -> String {
    match seat {
        None => tr(lang, Key::SeatingEmpty).to_owned(),
        Some(PartySeat::You) => tr(lang, Key::PartyYou).to_owned(),
        Some(PartySeat::Friend) => tr(lang, Key::SeatingFriend).to_owned(),
        Some(PartySeat::Computer(o)) => opponent_name(lang, o).to_owned(),
        Some(PartySeat::Away) => tr(lang, Key::SeatingAway).to_owned(),
    }
}

fn write_rows(
    seats: Res<PartySeats>,
    lang: Res<Lang>,
    mut texts: Query<(&SeatingText, &mut Text)>,
) {
    let lang = *lang;
    for (row, mut text) in &mut texts {
        let want = match row.0 {
            SeatingRow::Slot(slot) => trf(
                lang,
                Key::SeatingRow,
                &[&(slot + 1), &seat_words(seats.slot(slot), lang)],
            ),
            SeatingRow::Sit => trf(
                lang,
                Key::SeatingSit,
                &[&seats.seats().len(), &PARTY_STACK, &PARTY_ANTE],
            ),
        };
        show(&mut text, &want);
    }
}
