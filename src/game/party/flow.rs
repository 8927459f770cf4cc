//! The table's flow: every seat's [`SeatPlays`] goes to the referee
//! ([`TableMatch`]); what it allows moves the dice, books the player's
//! coins, mirrors the step as [`MatchStep`] and is told as [`Moved`].
//! The keys and clicks of the person at the keyboard come in as the game's
//! usual moves and are played for the seat whose hands they are.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::table::{MatchStep, Moved};

use crate::dice::{CallOffThrow, DiceSettled, Die, ThrowDice, TrayDice, toggle_held};
use crate::game::profile::{PartySeat, Wallet};
use crate::game::table::{
    Advance, Bet, Confirm, NextStep, Refereed, Refused, ToggleHold, plays_at,
};
use crate::game::{Notice, Screen};
use crate::rules::duel::BetAction;
use crate::rules::netplay::Decision;
use crate::rules::protocol::TablePlay;
use crate::rules::protocol::judge;
use crate::rules::table::{Illegal, TableMatch, TableStep};

use super::pot::{pile_place, won_place};
use super::setup::book;
use super::{AskTable, Party, Play, SeatPlays};

/// The table's referee, for the systems written once for either format.
impl Refereed for Party {
    type Referee = TableMatch;
    const SCREEN: Screen = Screen::Party;
    const MIND_SEED: u64 = 0x7AB1_E5EE_D000;
    fn referee(&self) -> &TableMatch {
        &self.table
    }
    fn trays(&self) -> &[Entity] {
        &self.trays
    }
    fn pot_place(&self, index: u32) -> Vec3 {
        pile_place(Vec3::ZERO, index)
    }
    fn won_place(&self, seat: usize, index: u32) -> Vec3 {
        won_place(self.places[seat], index)
    }
}

pub(super) fn plugin(app: &mut App) {
    plays_at::<Party>(app);
    app.add_observer(on_seat_plays)
        .add_observer(on_dice_settled)
        .add_observer(hands_advance)
        .add_observer(hands_confirm)
        .add_observer(hands_toggle)
        .add_observer(hands_bet);
}

/// A move of a person at this machine, for the seat it names: played when
/// a person sits there (a computer's or a distant seat's moves come as
/// [`SeatPlays`] from its pilot or link).
#[derive(SystemParam)]
struct AtKeys<'w, 's> {
    party: Option<Res<'w, Party>>,
    commands: Commands<'w, 's>,
}

impl AtKeys<'_, '_> {
    /// Plays what `play` makes of `seat`'s move, if a person sits there.
    fn play(&mut self, seat: usize, play: impl FnOnce(&Party) -> Play) {
        let Some(party) = self.party.as_deref() else {
            return;
        };
        if party.seats.get(seat).is_some_and(|s| s.is_person()) {
            let play = play(party);
            self.commands.trigger(SeatPlays {
                seat,
                play,
                agreed: false,
            });
        }
    }
}

fn hands_advance(advance: On<Advance>, mut keys: AtKeys) {
    keys.play(advance.by, |_| {
        advance.aim.map_or(Play::Advance, Play::Flick)
    });
}

fn hands_confirm(confirm: On<Confirm>, mut keys: AtKeys) {
    keys.play(confirm.by, |_| Play::Stand);
}

fn hands_toggle(toggle: On<ToggleHold>, mut keys: AtKeys) {
    keys.play(toggle.by, |_| Play::Toggle(toggle.die));
}

/// A bet from the keys or a button; the check button calls when there is
/// something to call.
fn hands_bet(bet: On<Bet>, mut keys: AtKeys) {
    keys.play(bet.by, |party| match bet.action {
        BetAction::Check if party.table.to_call(bet.by) > 0 => Play::Bet(BetAction::Call),
        action => Play::Bet(action),
    });
}

/// The table's referee and everything an accepted move updates.
#[derive(SystemParam)]
pub(super) struct Referee<'w, 's> {
    party: Option<ResMut<'w, Party>>,
    wallet: ResMut<'w, Wallet>,
    refused: ResMut<'w, Refused>,
    next: ResMut<'w, NextState<MatchStep>>,
    commands: Commands<'w, 's>,
}

impl Referee<'_, '_> {
    /// The table, once laid.
    pub(super) fn party(&self) -> Option<&Party> {
        self.party.as_deref()
    }

    /// Puts `what` in the world before the move it words.
    pub(super) fn insert(&mut self, what: impl Resource) {
        self.commands.insert_resource(what);
    }

    /// Puts `seat`'s move to the referee. An accepted move books the
    /// player's coins, mirrors the new step and is told to the game; a
    /// refused one is counted.
    pub(super) fn judge(
        &mut self,
        seat: usize,
        play: impl FnOnce(&mut TableMatch) -> Result<(), Illegal>,
    ) -> bool {
        let Some(party) = self.party.as_mut() else {
            return false;
        };
        let from = party.table.step();
        if let Err(e) = play(&mut party.table) {
            debug!("{e}");
            self.refuse(seat);
            return false;
        }
        let to = party.table.step();
        // A betting round opens, or a round begins: what was said is stale.
        let betting = |s: TableStep| matches!(s, TableStep::Bet(_));
        if (betting(to) && !betting(from)) || from.mover().is_none() {
            party.bets.clear();
        }
        let you = party.you();
        if let Some(net) = party.net.as_mut()
            && from.mover() == Some(seat)
            && seat == you
        {
            // The host took the player's move.
            net.asked = false;
        }
        book(party, &mut self.wallet);
        self.next.set(MatchStep::At(to));
        self.commands.trigger(Moved {
            from: Some(from),
            to,
        });
        true
    }

    /// `seat` leaves mid-deal and the round is called off: the throw in
    /// the air is never dealt, so it is not read either.
    fn call_off(&mut self, seat: usize) {
        let Some(party) = self.party.as_deref() else {
            return;
        };
        let rolling = match party.table.step() {
            TableStep::Rolling(s) => party.trays.get(s).copied(),
            _ => None,
        };
        if self.judge(seat, |t| t.void_and_leave(seat))
            && let Some(tray) = rolling
        {
            self.commands.trigger(CallOffThrow { tray });
        }
    }

    pub(super) fn refuse(&mut self, seat: usize) {
        self.refused.count(seat);
    }

    /// Another match at this table: the finished one's books close, every
    /// seat sits down again with a fresh stack, the wallet pays the
    /// player's if it is short.
    fn new_match(&mut self, seat: usize, notice: &mut Notice) {
        let Some(party) = self.party.as_mut() else {
            return;
        };
        let Some(table) = party.fresh_match() else {
            return;
        };
        // What the finished match won or lost (the next match's ante a guest
        // already owes is the new match's to count).
        party.closed += party.table.stack(party.you()) as i64 - party.stack as i64;
        if self.wallet.coins < party.stack as i64 {
            self.wallet.ensure(party.stack);
            notice.say(Notice::refilled(crate::game::profile::STARTING_COINS));
        }
        party.matches += 1;
        self.judge(seat, |t| {
            *t = table;
            Ok(())
        });
    }
}

fn on_seat_plays(
    plays: On<SeatPlays>,
    mut referee: Referee,
    mut notice: ResMut<Notice>,
    dice: TrayDice,
    owners: Query<&Die>,
) {
    let Some(party) = referee.party.as_deref() else {
        return;
    };
    let seat = plays.seat;
    let Some(&tray) = party.trays.get(seat) else {
        return;
    };
    if party.net.is_some() && !plays.agreed && !matches!(plays.play, Play::Toggle(_)) {
        ask_the_host(&mut referee, seat, plays.play, &dice);
        return;
    }
    match plays.play {
        play @ (Play::Advance | Play::Flick(_)) => {
            match party.next_step(seat, dice.free(tray).is_empty()) {
                NextStep::Throw => {
                    if referee.judge(seat, |t| t.throw(seat))
                        && let Some(all) = dice.dice(tray)
                    {
                        referee.commands.trigger(ThrowDice {
                            tray,
                            dice: all.to_vec(),
                            aim: play.aim(),
                            opens: true,
                        });
                    }
                }
                NextStep::Reroll => {
                    let free = dice.free(tray);
                    if referee.judge(seat, |t| t.reroll(seat)) {
                        referee.commands.trigger(ThrowDice {
                            tray,
                            dice: free,
                            aim: play.aim(),
                            opens: false,
                        });
                    }
                }
                // A flick throws or rerolls, nothing else.
                _ if play.aim().is_some() => referee.refuse(seat),
                NextStep::Stand => {
                    referee.judge(seat, |t| t.stand(seat));
                }
                NextStep::NextRound => {
                    notice.clear();
                    referee.judge(seat, TableMatch::next_round);
                }
                NextStep::Again => referee.new_match(seat, &mut notice),
                _ => referee.refuse(seat),
            }
        }
        Play::Stand => {
            referee.judge(seat, |t| t.stand(seat));
        }
        Play::Bet(action) => {
            if referee.judge(seat, |t| t.bet(seat, action))
                && let Some(party) = referee.party.as_mut()
            {
                party.said(seat, action);
            }
        }
        Play::Leave => {
            referee.judge(seat, |t| t.leave(seat));
        }
        Play::LeaveMidDeal => referee.call_off(seat),
        Play::Toggle(die) => {
            // Only the owner holds its own dice, and only on its turn to reroll.
            let own = owners.get(die).is_ok_and(|d| d.tray == tray);
            if own && party.table.step() == TableStep::Reroll(seat) {
                toggle_held(&mut referee.commands, die);
            } else {
                referee.refuse(seat);
            }
        }
    }
}

/// At a table of machines the player's move is asked of the host (once
/// at a time) if this table's referee would take it; their go-ahead after
/// a decided round lets the host's next one be laid here. Nobody here
/// moves another machine's seat.
fn ask_the_host(referee: &mut Referee, seat: usize, play: Play, dice: &TrayDice) {
    let Some(party) = referee.party.as_deref() else {
        return;
    };
    let Some(net) = party.net else {
        return;
    };
    if party.seats[seat] != PartySeat::You || net.closed {
        referee.refuse(seat);
        return;
    }
    let step = party.table.step();
    if step.mover().is_none() || net.asked {
        let seen = step.mover().is_none() && play.advances();
        if let Some(net) = referee.party.as_mut().and_then(|p| p.net.as_mut()) {
            net.seen |= seen;
        }
        return;
    }
    let tray = party.trays[seat];
    let decision = match (play, party.next_step(seat, dice.free(tray).is_empty())) {
        (p, NextStep::Throw) if p.advances() => Some(Decision::Throw),
        (p, NextStep::Reroll) if p.advances() => Some(Decision::Reroll(dice.held(tray))),
        (Play::Advance, NextStep::Stand) | (Play::Stand, _) => Some(Decision::Stand),
        (Play::Bet(action), _) => Some(Decision::Bet(action)),
        _ => None,
    };
    // Judged as the host will judge it.
    let legal = decision.filter(|&decision| {
        judge(&mut party.table.clone(), seat, TablePlay::from(decision)).is_ok()
    });
    let Some(decision) = legal else {
        referee.refuse(seat);
        return;
    };
    let owes = match decision {
        Decision::Bet(BetAction::Call) => party.table.to_call(seat).min(party.table.stack(seat)),
        Decision::Bet(BetAction::Raise) => party.table.to_call(seat) + party.table.rules().step,
        _ => 0,
    };
    if let Some(party) = referee.party.as_deref_mut() {
        if let Some(net) = party.net.as_mut() {
            net.asked = true;
            net.owes = owes;
        }
        book(party, &mut referee.wallet);
    }
    referee.commands.trigger(AskTable(decision));
}

fn on_dice_settled(settled: On<DiceSettled>, mut referee: Referee) {
    let Some(party) = referee.party.as_deref() else {
        return;
    };
    let Some(seat) = party.seat_of_tray(settled.tray) else {
        return;
    };
    if party.table.step() == TableStep::Rolling(seat) {
        let faces = settled.faces;
        referee.judge(seat, |t| t.rolled(seat, faces));
    }
}
