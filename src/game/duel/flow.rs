//! The duel's flow: every seat's events go to the referee ([`Duel`]); what it
//! allows moves the dice, books the coins, mirrors the step as [`MatchStep`] and
//! is told to the rest of the game as [`Moved`] and [`RoundEnded`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::table::{MatchStep, Moved};

use crate::dice::{DiceSettled, Die, ThrowDice, TrayDice, toggle_held};
use crate::game::profile::Wallet;
use crate::game::table::coins::on_table;
use crate::game::table::{Advance, Confirm, NextStep, Refereed, Refused, ToggleHold, plays_at};
use crate::game::{Notice, Screen};
use crate::rules::duel::{Duel, DuelRules, Illegal, Side, Step};
use crate::rules::netplay::Decision;
use crate::rules::turn::Turn;

use super::cpu::Said;
use super::friend::FriendWallet;
use super::pot::{POT_AT, disc_place, won_centre};
use super::setup::refill_if_short;
use super::{Bet, Books, HoldDecided, Played, RoundEnded, Table, TableLink};

/// The duel's referee, for the systems written once for either format.
impl Refereed for Table {
    type Referee = Duel;
    const SCREEN: Screen = Screen::Duel;
    const MIND_SEED: u64 = 0x005E_ED0F_C0DE;
    fn referee(&self) -> &Duel {
        &self.duel
    }
    fn trays(&self) -> &[Entity] {
        &self.trays
    }
    fn pot_place(&self, index: u32) -> Vec3 {
        on_table(disc_place(POT_AT, index))
    }
    fn won_place(&self, seat: usize, index: u32) -> Vec3 {
        let centre = Side::of_seat(seat).map_or(POT_AT, won_centre);
        on_table(disc_place(centre, index))
    }
}

pub(super) fn plugin(app: &mut App) {
    plays_at::<Table>(app);
    app.add_observer(on_advance)
        .add_observer(on_confirm)
        .add_observer(on_bet)
        .add_observer(on_toggle_hold)
        .add_observer(on_dice_settled)
        .add_observer(unseen_new_round);
}

/// A new round's result is not seen yet (a guest across a network sees
/// each one before the host's next is shown).
fn unseen_new_round(moved: On<Moved>, mut link: ResMut<TableLink>) {
    if moved.from.is_some_and(Turn::is_decided) && !moved.to.is_decided() {
        link.seen = false;
    }
}

/// The referee and everything an accepted move updates.
#[derive(SystemParam)]
pub(super) struct Referee<'w, 's> {
    pub(super) table: Option<ResMut<'w, Table>>,
    pub(super) link: ResMut<'w, TableLink>,
    books: ResMut<'w, Books>,
    wallet: ResMut<'w, Wallet>,
    friend: Option<ResMut<'w, FriendWallet>>,
    refused: ResMut<'w, Refused>,
    next: ResMut<'w, NextState<MatchStep>>,
    pub(super) commands: Commands<'w, 's>,
}

impl Referee<'_, '_> {
    /// Another match at this table: the finished one's books close (the
    /// wallet already has every pot), the new one's start at nothing, and
    /// each purse is refilled if it is short of a round.
    fn new_match(&mut self, by: Side, rules: DuelRules, first: Side, notice: &mut Notice) {
        let for_coins = self.table.as_ref().is_some_and(|t| t.terms.for_coins());
        self.books.closed += self.books.booked;
        self.books.booked = 0;
        if for_coins {
            refill_if_short(&mut self.wallet, notice, rules.most_per_round());
        }
        if let Some(friend) = self.friend.as_mut() {
            friend.booked = 0;
            refill_if_short(&mut friend.wallet, notice, rules.most_per_round());
        }
        if let Some(table) = self.table.as_mut() {
            table.matches += 1;
        }
        self.judge(by, |duel| {
            *duel = Duel::new(rules, first);
            Ok(())
        });
    }

    /// Puts `by`'s move to the referee. An accepted move books the coins,
    /// mirrors the new step and is told to the game; a refused one is counted.
    pub(super) fn judge(
        &mut self,
        by: Side,
        play: impl FnOnce(&mut Duel) -> Result<(), Illegal>,
    ) -> bool {
        self.judge_hold(by, None, play)
    }

    /// [`Referee::judge`] for a hold, a stand or a change: an accepted one
    /// is told as `decided` before the table's move, so that a stand that
    /// ends the round is on the round's page when the round is written.
    pub(super) fn judge_hold(
        &mut self,
        by: Side,
        decided: Option<HoldDecided>,
        play: impl FnOnce(&mut Duel) -> Result<(), Illegal>,
    ) -> bool {
        let closed = self.link.closed;
        let Some(table) = self.table.as_mut().filter(|_| !closed) else {
            return false;
        };
        let from = table.duel.step();
        let won_before = table.duel.won(Side::Near) + table.duel.from_house(Side::Near);
        let far_won_before = table.duel.won(Side::Far) + table.duel.from_house(Side::Far);
        if let Err(e) = play(&mut table.duel) {
            debug!("{e}");
            self.refused.count(by.index());
            return false;
        }
        let to = table.duel.step();
        // Practice leaves the wallet alone: nothing is booked, nothing at stake.
        let net = if table.terms.for_coins() {
            table.duel.net(Side::Near)
        } else {
            0
        };
        if net != self.books.booked {
            self.wallet.book(net.saturating_sub(self.books.booked));
            self.books.booked = net;
        }
        // What the player has in the undecided round, given back if cut off.
        let at_stake = if to.is_decided() || !table.terms.for_coins() {
            0
        } else {
            table.duel.this_round(Side::Near)
        };
        if self.wallet.at_stake != at_stake {
            self.wallet.at_stake = at_stake;
        }
        // A friend at this machine: the far side's coins are theirs.
        if let Some(friend) = self.friend.as_mut() {
            let at_stake = if to.is_decided() {
                0
            } else {
                table.duel.this_round(Side::Far)
            };
            friend.book(table.duel.net(Side::Far), at_stake);
        }
        self.next.set(MatchStep::At(to.seated()));
        if let Some(decided) = decided {
            self.commands.trigger(decided);
        }
        self.commands.trigger(Moved::duel(Some(from), to));
        if to.is_decided() && !from.is_decided() {
            self.commands.trigger(RoundEnded {
                duel: table.duel.clone(),
                match_no: table.matches,
                won_before,
                far_won_before,
            });
        }
        true
    }

    pub(super) fn refuse(&mut self, by: Side) {
        self.refused.count(by.index());
    }
}

fn on_advance(
    advance: On<Advance>,
    mut referee: Referee,
    mut notice: ResMut<Notice>,
    mut said: ResMut<Said>,
    dice: TrayDice,
) {
    let (Some(table), Some(by)) = (referee.table.as_deref(), Side::of_seat(advance.by)) else {
        return;
    };
    let tray = table.trays[by.index()];
    let free = dice.free(tray);
    match table.next_step(*referee.link, by, free.is_empty()) {
        NextStep::Throw => {
            let Some(all) = dice.dice(tray) else {
                return;
            };
            if referee.judge(by, |duel| duel.throw(by)) {
                referee.commands.trigger(Played {
                    by,
                    decision: Decision::Throw,
                });
                referee.commands.trigger(ThrowDice {
                    tray,
                    dice: all.to_vec(),
                    aim: advance.aim,
                    opens: true,
                });
            }
        }
        NextStep::Stand => {
            let decided = HoldDecided {
                side: by,
                at: table.duel.clone(),
                held: dice.held(tray),
            };
            if referee.judge_hold(by, Some(decided), |duel| duel.stand(by)) {
                referee.commands.trigger(Played {
                    by,
                    decision: Decision::Stand,
                });
            }
        }
        NextStep::Reroll => {
            let held = dice.held(tray);
            let decided = HoldDecided {
                side: by,
                at: table.duel.clone(),
                held,
            };
            if referee.judge_hold(by, Some(decided), |duel| duel.reroll(by)) {
                referee.commands.trigger(Played {
                    by,
                    decision: Decision::Reroll(held),
                });
                referee.commands.trigger(ThrowDice {
                    tray,
                    dice: free,
                    aim: advance.aim,
                    opens: false,
                });
            }
        }
        NextStep::NextRound => {
            // A new round: what was said about the last one is over.
            notice.clear();
            if table.terms.for_coins() {
                let needed = table.duel.rules().most_per_round();
                refill_if_short(&mut referee.wallet, &mut notice, needed);
                if let Some(friend) = referee.friend.as_mut() {
                    refill_if_short(&mut friend.wallet, &mut notice, needed);
                }
            }
            said.0 = None;
            referee.judge(by, Duel::next_round);
        }
        NextStep::Again => {
            notice.clear();
            said.0 = None;
            let (rules, first) = (table.duel.rules(), table.starter);
            referee.new_match(by, rules, first, &mut notice);
        }
        NextStep::Continue => referee.link.seen = true,
        // A table cut off takes no more moves, and says so on its button.
        NextStep::Closed => {}
        NextStep::NewGame | NextStep::Wait => referee.refuse(by),
    }
}

fn on_confirm(confirm: On<Confirm>, mut referee: Referee) {
    let (Some(table), Some(by)) = (referee.table.as_deref(), Side::of_seat(confirm.by)) else {
        return;
    };
    if table.duel.step() != Step::Reroll(by) {
        referee.refuse(by);
        return;
    }
    let decided = HoldDecided {
        side: by,
        at: table.duel.clone(),
        held: [true; 5],
    };
    if referee.judge_hold(by, Some(decided), |duel| duel.stand(by)) {
        referee.commands.trigger(Played {
            by,
            decision: Decision::Stand,
        });
    }
}

fn on_bet(bet: On<Bet>, mut referee: Referee) {
    let Some(by) = Side::of_seat(bet.by) else {
        return;
    };
    if referee.judge(by, |duel| duel.bet(by, bet.action)) {
        referee.commands.trigger(Played {
            by,
            decision: Decision::Bet(bet.action),
        });
    }
}

fn on_toggle_hold(toggle: On<ToggleHold>, mut referee: Referee, dice: Query<&Die>) {
    let Some(table) = referee.table.as_deref() else {
        return;
    };
    let Ok(die) = dice.get(toggle.die) else {
        return;
    };
    let (Some(owner), Some(by)) = (table.side_of(die.tray), Side::of_seat(toggle.by)) else {
        return;
    };
    // Only the owner holds its own dice, and only on its turn to reroll.
    if owner != by || table.duel.step() != Step::Reroll(owner) {
        referee.refuse(by);
        return;
    }
    toggle_held(&mut referee.commands, toggle.die);
}

fn on_dice_settled(settled: On<DiceSettled>, mut referee: Referee) {
    let Some(table) = referee.table.as_deref() else {
        return;
    };
    let Some(side) = table.side_of(settled.tray) else {
        return;
    };
    if table.duel.step() == Step::Rolling(side) {
        let faces = settled.faces;
        referee.judge(side, |duel| duel.rolled(side, faces));
    }
}
