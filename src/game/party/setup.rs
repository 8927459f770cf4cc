//! Laying a table of several: a tray for each seat on the grid round the
//! table's middle, the referee with every seat's stack, the player's stack
//! paid from the wallet as the game goes (what is in the pot is at stake),
//! and whose hands the keyboard and mouse are at each step.

use bevy::prelude::*;

use crate::game::table::{MatchStep, Moved};

use crate::dice::{DiceSeed, WaitsForDeal, derived_seed, spawn_table_with};
use crate::game::profile::{PartySeat, PartySeats, ResumeParty, STARTING_COINS, Wallet};
use crate::game::table::Hands;
use crate::game::{GameConfig, Notice, Screen};
use crate::rules::duel::Badge;
use crate::rules::table::TableMatch;

use super::{NetPlay, NetTable, PARTY_STACK, Party, seat_places};
use crate::game::table::Refused;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Party), set_table);
    app.add_systems(OnExit(Screen::Party), clear_table);
    app.add_observer(pass_hands);
}

/// Added to the table's dice seed for each seat after the first, so every
/// tray throws differently.
const SEAT_SEED_STEP: u64 = 0x51_7CC1_B727_220A;

/// A tray for every seat, the referee, the player's first ante.
#[allow(clippy::too_many_arguments)]
pub(super) fn set_table(
    mut commands: Commands,
    mut seed: ResMut<DiceSeed>,
    seats_here: Res<PartySeats>,
    config: Res<GameConfig>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<MatchStep>>,
    mut refused: ResMut<Refused>,
    (resume, net): (Option<Res<ResumeParty>>, Option<Res<NetTable>>),
) {
    // A round cut off comes back as the save kept it (`resume`), with the
    // seats it had; a table of machines never does.
    let resumed = resume.filter(|_| net.is_none()).and_then(|r| {
        let seats = PartySeats::parse(&r.0.seats).ok()?;
        (seats.seats().len() == r.0.table.seats()).then(|| (seats, r.0.clone()))
    });
    if resumed.is_none() {
        commands.remove_resource::<ResumeParty>();
    }
    let net = net.as_deref().cloned();
    let (seats, you, places) = seating(&seats_here, resumed.as_ref().map(|(s, _)| s), &net);
    let trays = spawn_trays(&mut commands, seed.lay_table(), &places, net.is_some());
    let stack = net.as_ref().map_or(PARTY_STACK, |n| n.terms.stack);
    if resumed.is_none() && wallet.coins < stack as i64 {
        wallet.ensure(stack);
        notice.say(Notice::refilled(STARTING_COINS));
    }
    let rules = net
        .as_ref()
        .map_or(Party::rules(config.duel_rerolls), |n| n.terms.rules());
    // At a table of machines the host (seat 0) throws first, as on every machine.
    let first = if net.is_some() { 0 } else { you };
    let badges = badges_of(&seats, net.is_some());
    let fresh = || {
        let table = TableMatch::new(rules, vec![stack; seats.len()], first).ok()?;
        Some(table.with_badges(&badges))
    };
    let Some(table) = resumed
        .as_ref()
        .map(|(_, p)| p.table.clone())
        .or_else(fresh)
    else {
        // Seats are checked where they are chosen; a table that cannot be
        // laid is left at once.
        commands.set_state(Screen::Start);
        return;
    };
    let (matches, closed, booked) = resumed
        .as_ref()
        .map_or((1, 0, 0), |(_, p)| (p.matches, p.closed, p.booked));
    let mut party = Party {
        table,
        seats,
        trays,
        places,
        matches,
        closed,
        booked,
        stack,
        bets: Vec::new(),
        net: net.map(|n| NetPlay {
            terms: n.terms,
            asked: false,
            owes: 0,
            seen: false,
            closed: false,
            landing: None,
        }),
    };
    book(&mut party, &mut wallet);
    let first = party.table.step();
    commands.insert_resource(party);
    *refused = Refused::default();
    next.set(MatchStep::At(first));
    commands.trigger(Moved {
        from: None,
        to: first,
    });
}

/// Who sits where: a table of machines' seats (the player's, the host's
/// computer opponents, people at other machines),
/// a table that comes back with its own, or the lineup; the player's seat,
/// and where each seat's tray stands.
fn seating(
    lineup: &PartySeats,
    resumed: Option<&PartySeats>,
    net: &Option<NetTable>,
) -> (Vec<PartySeat>, usize, Vec<Vec3>) {
    match (resumed, net) {
        (_, Some(n)) => (n.seats(), n.me, seat_places(lineup, Some(n))),
        (Some(s), None) => (s.seats().to_vec(), s.you(), seat_places(s, None)),
        (None, None) => (
            lineup.seats().to_vec(),
            lineup.you(),
            seat_places(lineup, None),
        ),
    }
}

/// Each seat's badge; none at a table of machines (every machine's referee
/// must pay the same, and a guest cannot know a computer seat's).
fn badges_of(seats: &[PartySeat], net: bool) -> Vec<Option<Badge>> {
    seats.iter().map(|s| s.badge().filter(|_| !net)).collect()
}

/// A tray at each place, each throwing from its own seed; at a table of
/// machines (`dealt`) every throw waits for its dealt faces.
fn spawn_trays(commands: &mut Commands, seed: u64, places: &[Vec3], dealt: bool) -> Vec<Entity> {
    places
        .iter()
        .enumerate()
        .map(|(seat, &at)| {
            let seed = derived_seed(seed, seat as u64 * SEAT_SEED_STEP);
            let tray = spawn_table_with(commands, at, seed, DespawnOnExit(Screen::Party));
            if dealt {
                // Every throw at a table of machines is dealt by all its seats.
                commands.entity(tray).insert(WaitsForDeal);
            }
            tray
        })
        .collect()
}

/// Tells the wallet what the player has won or put in since it last heard,
/// and what of it is in the undecided round's pot (given back if the game
/// is cut off). A guest at a table of machines has nothing at stake: if its
/// window closes, the others fold what it put in and play the round out, so
/// the round is not undecided for it; the host's closing ends the table,
/// and every guest takes back what it put in.
/// The wallet is written only when this changes it, so its readers (the
/// save) hear of real changes alone.
pub(crate) fn book(party: &mut Party, wallet: &mut ResMut<Wallet>) {
    let mut books = **wallet;
    let net = party.net();
    if net != party.booked {
        books.book(net.saturating_sub(party.booked));
        party.booked = net;
    }
    let guest = party.net.is_some() && party.you() != party.leader();
    let table = party.as_taken();
    books.at_stake = if table.step().mover().is_some() && !guest {
        table.put(party.you())
    } else {
        0
    };
    wallet.set_if_neq(books);
}

fn clear_table(mut commands: Commands, mut hands: ResMut<Hands>) {
    commands.remove_resource::<Party>();
    commands.remove_resource::<NetTable>();
    *hands = Hands::default();
}

/// The keyboard and mouse go to the seat whose move the table waits for
/// when a person sits there (a friend at this machine takes them in turn),
/// else stay with the player's.
fn pass_hands(moved: On<Moved>, party: Option<Res<Party>>, mut hands: ResMut<Hands>) {
    let Some(party) = party else {
        return;
    };
    let seat = moved
        .to
        .mover()
        .filter(|&s| party.seats[s].is_person())
        .unwrap_or(party.you());
    let want = Hands {
        seat,
        tray: Some(party.trays[seat]),
    };
    hands.set_if_neq(want);
}
