//! The duel's flow: the player's and the opponent's events go to the referee
//! ([`Duel`]); what it allows moves the dice. Coins follow the referee's books.

use bevy::prelude::*;

use crate::dice::{DiceSeed, DiceSettled, Die, ThrowDice, spawn_table_with};
use crate::game::coins::{Notice, STARTING_COINS, Wallet};
use crate::game::flow::{Advance, Confirm, GameTray};
use crate::game::holds::{Bodies, ToggleHold, freeze, release};
use crate::game::start::{Choice, Chosen};
use crate::game::{GameConfig, Screen};
use crate::lang::{Key, Lang, trf};
use crate::rules::duel::{BetAction, Duel, OPPONENTS, Side, Step};

use super::{Bet, CPU_SEED_OFFSET, CPU_TRAY_AT, PLAYER_TRAY_AT, Table};

/// Keys for the player's bets: check or call, raise, fold.
pub const CALL_KEY: KeyCode = KeyCode::KeyC;
/// Raise by one step.
pub const RAISE_KEY: KeyCode = KeyCode::KeyR;
/// Give up the round.
pub const FOLD_KEY: KeyCode = KeyCode::KeyF;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Duel), set_table);
    app.add_systems(OnExit(Screen::Duel), clear_table);
    app.add_systems(
        Update,
        (read_bet_keys, book_coins).run_if(in_state(Screen::Duel)),
    );
    app.add_observer(on_advance)
        .add_observer(on_confirm)
        .add_observer(on_bet)
        .add_observer(on_toggle_hold)
        .add_observer(on_dice_settled);
}

/// Two trays, the opponent picked on the start screen, and the first match.
fn set_table(
    mut commands: Commands,
    seed: Res<DiceSeed>,
    chosen: Res<Chosen>,
    config: Res<GameConfig>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    lang: Res<Lang>,
) {
    let index = match chosen.0 {
        Choice::Duel(i) => i.min(OPPONENTS.len() - 1),
        Choice::Solo => 0,
    };
    let opponent = &OPPONENTS[index];
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
    let rules = opponent.rules(config.duel_rerolls);
    refill_if_short(&mut wallet, &mut notice, rules.most_per_round(), *lang);
    commands.insert_resource(Table {
        duel: Duel::new(rules, Side::Player),
        opponent,
        trays: [player, cpu],
        held: [[false; 5]; 2],
        booked: 0,
        matches: 1,
        closed: 0,
        refused: 0,
        said: None,
    });
}

fn clear_table(mut commands: Commands) {
    commands.remove_resource::<Table>();
}

/// A player who could not pay a whole round gets a fresh start, as in the solo game.
fn refill_if_short(wallet: &mut Wallet, notice: &mut Notice, needed: u64, lang: Lang) {
    if wallet.coins < needed as i64 {
        wallet.ensure(needed);
        notice.0 = trf(lang, Key::Refill, &[&STARTING_COINS]);
    }
}

/// The wallet follows the referee: antes and bets out, pots in.
fn book_coins(table: Option<ResMut<Table>>, mut wallet: ResMut<Wallet>) {
    if let Some(mut table) = table {
        settle_books(&mut table, &mut wallet);
    }
}

/// Brings the wallet up to date with the referee's books.
fn settle_books(table: &mut Table, wallet: &mut Wallet) {
    let net = table.duel.net(Side::Player);
    if net != table.booked {
        wallet.coins += net - table.booked;
        table.booked = net;
    }
}

fn read_bet_keys(
    keys: Res<ButtonInput<KeyCode>>,
    table: Option<Res<Table>>,
    mut commands: Commands,
) {
    let Some(table) = table else {
        return;
    };
    let action = if keys.just_pressed(CALL_KEY) {
        if table.duel.to_call(Side::Player) == 0 {
            BetAction::Check
        } else {
            BetAction::Call
        }
    } else if keys.just_pressed(RAISE_KEY) {
        BetAction::Raise
    } else if keys.just_pressed(FOLD_KEY) {
        BetAction::Fold
    } else {
        return;
    };
    commands.trigger(Bet {
        by: Side::Player,
        action,
    });
}

fn on_advance(
    advance: On<Advance>,
    mut commands: Commands,
    table: Option<ResMut<Table>>,
    mut wallet: ResMut<Wallet>,
    mut notice: ResMut<Notice>,
    lang: Res<Lang>,
    trays: Query<&crate::dice::Tray>,
    mut bodies: Bodies,
) {
    let Some(mut table) = table else {
        return;
    };
    let by = advance.by;
    let step = table.duel.step();
    let ok = match step {
        Step::Throw(side) if side == by => {
            free_dice(&mut table, side, &trays, &mut bodies);
            let Ok(all) = trays
                .get(table.trays[side.index()])
                .map(|t| t.dice.to_vec())
            else {
                return;
            };
            table.duel.throw(side).map(|()| {
                commands.trigger(ThrowDice {
                    tray: table.trays[side.index()],
                    dice: all,
                    aim: advance.aim,
                });
            })
        }
        Step::Reroll(side) if side == by => {
            let Ok(all) = trays.get(table.trays[side.index()]).map(|t| t.dice) else {
                return;
            };
            let free: Vec<Entity> = (0..all.len())
                .filter(|&slot| !table.held[side.index()][slot])
                .map(|slot| all[slot])
                .collect();
            if free.is_empty() {
                // Everything kept: nothing to throw, so the hand stands.
                table.duel.stand(side)
            } else {
                release(&mut bodies, &free);
                table.duel.reroll(side).map(|()| {
                    commands.trigger(ThrowDice {
                        tray: table.trays[side.index()],
                        dice: free,
                        aim: advance.aim,
                    });
                })
            }
        }
        Step::RoundOver if by == Side::Player => {
            refill_if_short(
                &mut wallet,
                &mut notice,
                table.duel.rules().most_per_round(),
                *lang,
            );
            table.said = None;
            table.duel.next_round()
        }
        Step::MatchOver(_) if by == Side::Player => {
            // The finished match's last pot reaches the wallet before its books close.
            settle_books(&mut table, &mut wallet);
            table.closed += table.booked;
            let rules = table.duel.rules();
            refill_if_short(&mut wallet, &mut notice, rules.most_per_round(), *lang);
            // The books restart with the new match; the wallet keeps what it has.
            table.duel = Duel::new(rules, Side::Player);
            table.booked = 0;
            table.matches += 1;
            table.said = None;
            Ok(())
        }
        _ => {
            if by == Side::Cpu {
                table.refused += 1;
            }
            Ok(())
        }
    };
    if let Err(e) = ok {
        warn!("{e}");
        table.refused += u32::from(by == Side::Cpu);
    }
}

/// Frees every die of `side` for a new throw, none held.
fn free_dice(
    table: &mut Table,
    side: Side,
    trays: &Query<&crate::dice::Tray>,
    bodies: &mut Bodies,
) {
    table.held[side.index()] = [false; 5];
    let Ok(all) = trays.get(table.trays[side.index()]).map(|t| t.dice) else {
        return;
    };
    release(bodies, &all);
}

fn on_confirm(confirm: On<Confirm>, table: Option<ResMut<Table>>) {
    let Some(mut table) = table else {
        return;
    };
    if table.duel.step() == Step::Reroll(confirm.by) {
        if let Err(e) = table.duel.stand(confirm.by) {
            warn!("{e}");
        }
    } else if confirm.by == Side::Cpu {
        table.refused += 1;
    }
}

fn on_bet(bet: On<Bet>, table: Option<ResMut<Table>>) {
    let Some(mut table) = table else {
        return;
    };
    if let Err(e) = table.duel.bet(bet.by, bet.action) {
        debug!("{e}");
        table.refused += u32::from(bet.by == Side::Cpu);
    }
}

fn on_toggle_hold(toggle: On<ToggleHold>, table: Option<ResMut<Table>>, dice: Query<&Die>) {
    let Some(mut table) = table else {
        return;
    };
    let Ok(die) = dice.get(toggle.die) else {
        return;
    };
    let Some(owner) = table.side_of(die.tray) else {
        return;
    };
    // Only the owner holds its own dice, and only on its turn to reroll.
    if owner != toggle.by || table.duel.step() != Step::Reroll(owner) {
        table.refused += u32::from(toggle.by == Side::Cpu);
        return;
    }
    let held = !table.held[owner.index()][die.slot];
    table.held[owner.index()][die.slot] = held;
}

fn on_dice_settled(
    settled: On<DiceSettled>,
    table: Option<ResMut<Table>>,
    trays: Query<&crate::dice::Tray>,
    mut bodies: Bodies,
) {
    let Some(mut table) = table else {
        return;
    };
    let Some(side) = table.side_of(settled.tray) else {
        return;
    };
    if table.duel.step() != Step::Rolling(side) {
        return;
    }
    if let Ok(read) = trays.get(settled.tray) {
        freeze(&mut bodies, &read.dice);
    }
    if let Err(e) = table.duel.rolled(side, settled.faces) {
        warn!("{e}");
    }
}
