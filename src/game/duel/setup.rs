//! Laying a duel's table: the two trays, the rules (an opponent's, a
//! friend's, or those agreed with a network peer), the seats, the first
//! match; and whose hands the keyboard and mouse are at each step.

use bevy::prelude::*;

use crate::game::table::Refused;

use crate::game::table::{MatchStep, Moved};

use crate::dice::{DiceSeed, WaitsForDeal, spawn_table_with};
use crate::game::profile::{DuelPosition, Progress, ResumeDuel, STARTING_COINS, SaveFile, Wallet};
use crate::game::table::{Hands, PlayerAutopilot, Seat, Seats};
use crate::game::{Chosen, GameConfig, GameTray, Notice, Screen};
use crate::rules::duel::{Duel, DuelRules, OPPONENTS, Opponent, Side, Step};

use super::friend::open_friend;
use super::{
    AgreedTable, Books, FAR_SEED_OFFSET, FAR_TRAY_AT, PLAYER_TRAY_AT, Table, TableLink, Terms,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Duel), set_table);
    app.add_systems(OnExit(Screen::Duel), (clear_table, return_hands));
    app.add_observer(pass_hands);
}

/// The rules at a table of this machine: the opponent's, and in a career
/// match the badge the player chose on the ladder beside the opponent's.
fn house_rules(
    opponent: &Opponent,
    terms: Terms,
    config: &GameConfig,
    progress: &Progress,
) -> DuelRules {
    let taking = (terms == Terms::Career)
        .then_some(progress.0.taking)
        .flatten();
    opponent
        .rules(config.duel_rerolls)
        .with_badges([taking, opponent.badge])
}

/// The first antes are in the pot at once: the wallet pays them as the pot
/// shows them, not at the first throw. The books of a new table.
fn pay_first_antes(duel: &Duel, terms: Terms, wallet: &mut Wallet) -> Books {
    if !terms.for_coins() {
        return Books::default();
    }
    let booked = duel.net(Side::Near);
    wallet.book(booked);
    wallet.at_stake = duel.this_round(Side::Near);
    Books { booked, closed: 0 }
}

/// Two trays, the opponent picked on the start screen, the seats and the first match.
fn set_table(
    mut commands: Commands,
    mut seed: ResMut<DiceSeed>,
    chosen: Res<Chosen>,
    config: Res<GameConfig>,
    autopilot: Res<PlayerAutopilot>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<MatchStep>>,
    progress: Res<Progress>,
    save: Res<SaveFile>,
    agreed: Option<Res<AgreedTable>>,
    resume: Option<Res<ResumeDuel>>,
) {
    let opponent = chosen.0.opponent().unwrap_or(&OPPONENTS[0]);
    // Only a table's choice opens this screen; anything else plays for coins.
    let terms = chosen.0.terms().unwrap_or(Terms::Coins);
    // Across a network: the agreed rules, and on a guest's machine the host
    // (the far side) moves first and starts every round.
    let net = agreed.map(|a| (a.rules, a.guest));
    let starter = match net {
        Some((_, true)) => Side::Far,
        _ => Side::Near,
    };
    let [player, cpu] = spawn_trays(&mut commands, seed.lay_table());
    let rules = match net {
        Some((rules, _)) => rules,
        None => house_rules(opponent, terms, &config, &progress),
    };
    if net.is_some() {
        // Every throw at this table lands on the faces the two machines deal.
        commands.entity(player).insert(WaitsForDeal);
        commands.entity(cpu).insert(WaitsForDeal);
    }
    // A round cut off comes back as the save kept it (`resume`).
    let resumed = resume.map(|r| r.0.clone());
    if terms.for_coins() && resumed.is_none() {
        refill_if_short(&mut wallet, &mut notice, rules.most_per_round());
    }
    let (duel, matches, books) = match &resumed {
        Some(p) => resumed_table(p),
        None => {
            let duel = Duel::new(rules, starter);
            let books = pay_first_antes(&duel, terms, &mut wallet);
            (duel, 1, books)
        }
    };
    if terms == Terms::Friend {
        let mut friend = open_friend(&save, &mut notice);
        refill_if_short(&mut friend.wallet, &mut notice, rules.most_per_round());
        if resumed.is_none() {
            friend.book(duel.net(Side::Far), duel.this_round(Side::Far));
        }
        commands.insert_resource(friend);
    }
    let first = duel.step();
    commands.insert_resource(TableLink::default());
    commands.insert_resource(Table {
        duel,
        opponent,
        trays: [player, cpu],
        matches,
        terms,
        starter,
    });
    let far = far_seat(terms, net.is_some(), opponent, *autopilot);
    commands.insert_resource(Seats([autopilot.seat(), far]));
    commands.insert_resource(books);
    commands.insert_resource(Refused::default());
    next.set(MatchStep::At(first.seated()));
    commands.trigger(Moved::duel(None, first));
}

fn clear_table(mut commands: Commands) {
    commands.remove_resource::<Table>();
    commands.insert_resource(TableLink::default());
    commands.remove_resource::<Seats>();
}

/// The near and the far tray, each with its own stream of throws; the near
/// one is the player's.
fn spawn_trays(commands: &mut Commands, seed: u64) -> [Entity; 2] {
    let scope = DespawnOnExit(Screen::Duel);
    let player = spawn_table_with(commands, PLAYER_TRAY_AT, seed, scope.clone());
    let cpu = spawn_table_with(
        commands,
        FAR_TRAY_AT,
        seed.wrapping_add(FAR_SEED_OFFSET),
        scope,
    );
    commands.insert_resource(GameTray(player));
    [player, cpu]
}

/// The referee, match number and books of a round cut off, as the save kept them.
fn resumed_table(p: &DuelPosition) -> (Duel, u32, Books) {
    let books = Books {
        booked: p.booked,
        closed: p.closed,
    };
    (p.duel.clone(), p.matches, books)
}

/// Who sits at the far side: the peer across a network, a friend at this
/// machine (with the same keys and mouse), or the computer opponent.
fn far_seat(
    terms: Terms,
    networked: bool,
    opponent: &'static Opponent,
    near: PlayerAutopilot,
) -> Seat {
    match (terms, networked) {
        (Terms::Net, _) | (_, true) => Seat::Remote,
        (Terms::Friend, false) => near.seat(),
        (Terms::Coins | Terms::Career | Terms::Practice, false) => Seat::Computer(opponent),
    }
}

/// A player who could not pay a whole round gets a fresh start, as in the solo game.
pub(super) fn refill_if_short(wallet: &mut Wallet, notice: &mut Notice, needed: u64) {
    if wallet.coins < needed as i64 {
        wallet.ensure(needed);
        notice.say(Notice::refilled(STARTING_COINS));
    }
}

/// The keyboard and mouse go to the side whose move the table waits for
/// when a person sits there (a friend at the same machine), else stay with
/// the near side.
fn pass_hands(
    moved: On<Moved>,
    seats: Option<Res<Seats>>,
    table: Option<Res<Table>>,
    mut hands: ResMut<Hands>,
) {
    let (Some(seats), Some(table)) = (seats, table) else {
        return;
    };
    let side = moved
        .duel_to()
        .and_then(Step::mover)
        .filter(|&s| seats.of(s) == Seat::Human)
        .unwrap_or(Side::Near);
    let want = Hands {
        seat: side.index(),
        tray: Some(table.trays[side.index()]),
    };
    hands.set_if_neq(want);
}

fn return_hands(mut hands: ResMut<Hands>) {
    *hands = Hands::default();
}
