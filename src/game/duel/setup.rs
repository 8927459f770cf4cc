//! Laying a duel's table: the two trays, the rules (an opponent's, a
//! friend's, or those agreed with a network peer), the seats, the first
//! match; and whose hands the keyboard and mouse are at each step.

use bevy::prelude::*;

use crate::dice::{DiceSeed, WaitsForDeal, spawn_table_with};
use crate::game::profile::{Progress, ResumeDuel, STARTING_COINS, SaveFile, Wallet};
use crate::game::table::{Hands, PlayerAutopilot, Seat, Seats};
use crate::game::{Choice, Chosen, GameConfig, GameTray, Notice, Screen};
use crate::rules::duel::{Duel, OPPONENTS, Side};

use super::friend::open_friend;
use super::{
    AgreedTable, Books, CPU_SEED_OFFSET, CPU_TRAY_AT, DuelStep, PLAYER_TRAY_AT, Refused, Table,
    TableMoved, Terms,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Duel), set_table);
    app.add_systems(OnExit(Screen::Duel), (clear_table, return_hands));
    app.add_observer(pass_hands);
}

/// Two trays, the opponent picked on the start screen, the seats and the first match.
fn set_table(
    mut commands: Commands,
    seed: Res<DiceSeed>,
    chosen: Res<Chosen>,
    config: Res<GameConfig>,
    autopilot: Res<PlayerAutopilot>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<DuelStep>>,
    progress: Res<Progress>,
    save: Res<SaveFile>,
    agreed: Option<Res<AgreedTable>>,
    resume: Option<Res<ResumeDuel>>,
) {
    let opponent = chosen.0.opponent().unwrap_or(&OPPONENTS[0]);
    let terms = match chosen.0 {
        Choice::Career(rung) => Terms::Career(rung),
        Choice::Practice(_) => Terms::Practice,
        Choice::Friend => Terms::Friend,
        Choice::Solo
        | Choice::Ladder
        | Choice::Daily
        | Choice::Settings
        | Choice::Duel(_)
        | Choice::Lobby
        | Choice::Net
        | Choice::Guide => Terms::Coins,
    };
    // Across a network: the agreed rules, and on a guest's machine the host
    // (the far side) moves first and starts every round.
    let net = agreed.map(|a| (a.rules, a.guest));
    let starter = match net {
        Some((_, true)) => Side::Cpu,
        _ => Side::Player,
    };
    let seed = seed.0.unwrap_or_else(rand::random);
    let scope = DespawnOnExit(Screen::Duel);
    let player = spawn_table_with(&mut commands, PLAYER_TRAY_AT, seed, scope.clone());
    let cpu = spawn_table_with(
        &mut commands,
        CPU_TRAY_AT,
        seed.wrapping_add(CPU_SEED_OFFSET),
        scope,
    );
    commands.insert_resource(GameTray(player));
    // A career match: the player brings the badge chosen on the ladder.
    let mine = match terms {
        Terms::Career(_) => progress.0.taking,
        Terms::Coins | Terms::Practice | Terms::Friend => None,
    };
    let rules = match net {
        Some((rules, _)) => rules,
        None => opponent
            .rules(config.duel_rerolls)
            .with_badges([mine, opponent.badge]),
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
    if terms == Terms::Friend {
        let mut friend = open_friend(&save, &mut notice);
        refill_if_short(&mut friend.wallet, &mut notice, rules.most_per_round());
        commands.insert_resource(friend);
    }
    let (duel, matches, books) = match &resumed {
        Some(p) => (
            p.duel.clone(),
            p.matches,
            Books {
                booked: p.booked,
                closed: p.closed,
            },
        ),
        None => (Duel::new(rules, starter), 1, Books::default()),
    };
    let first = duel.step();
    commands.insert_resource(Table {
        duel,
        opponent,
        trays: [player, cpu],
        matches,
        terms,
        starter,
        closed: false,
    });
    // A friend at this machine plays the far seat with the same keys and mouse.
    let far = match (terms, net) {
        (_, Some(_)) => Seat::Remote,
        (Terms::Friend, None) => autopilot.seat(),
        (Terms::Coins | Terms::Career(_) | Terms::Practice, None) => Seat::Computer(opponent),
    };
    commands.insert_resource(Seats([autopilot.seat(), far]));
    commands.insert_resource(books);
    commands.insert_resource(Refused::default());
    next.set(DuelStep::At(first));
    commands.trigger(TableMoved {
        from: None,
        to: first,
    });
}

fn clear_table(mut commands: Commands) {
    commands.remove_resource::<Table>();
    commands.remove_resource::<Seats>();
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
    moved: On<TableMoved>,
    seats: Option<Res<Seats>>,
    table: Option<Res<Table>>,
    mut hands: ResMut<Hands>,
) {
    let (Some(seats), Some(table)) = (seats, table) else {
        return;
    };
    let side = moved
        .to
        .mover()
        .filter(|&s| seats.of(s) == Seat::Human)
        .unwrap_or(Side::Player);
    let want = Hands {
        side,
        tray: Some(table.trays[side.index()]),
    };
    if *hands != want {
        *hands = want;
    }
}

fn return_hands(mut hands: ResMut<Hands>) {
    *hands = Hands::default();
}
