//! The dice's numbers: a tray's dice are numbered 1–5 left to right as seen
//! once the first throw of a game (or a duel round) lands, and keep their
//! numbers through every reroll, so key 3 means the same die all game long,
//! the faces line reads in the same order and each die shows its number.
//! A tray whose dice are dealt across machines numbers them by slot, the
//! dice taking their places left to right in that order as they land, so
//! every window numbers the same dice the same way.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::dice::tray::left_to_right;
use crate::dice::{DiceSettled, Die, Tray, TrayDice, WaitsForDeal, line_up, place_showing};
use crate::rules::hand::DICE;
use crate::rules::referee::Referee;

/// A tray's numbering: the slot of the die numbered 1, 2, … 5.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbers(pub [usize; DICE]);

impl Numbers {
    /// The number (from 0) of the die in `slot`.
    pub fn of_slot(&self, slot: usize) -> Option<usize> {
        self.0.iter().position(|&s| s == slot)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(number_on_landing);
}

/// True when a tray was numbered (its first throw landed) since last asked.
pub fn numbers_changed(numbered: Query<(), Changed<Numbers>>) -> bool {
    !numbered.is_empty()
}

/// A tray's dice, numbered: the round's numbers once its first throw has
/// landed, else as they lie now, left to right.
#[derive(SystemParam)]
pub struct DiceOrder<'w, 's> {
    numbers: Query<'w, 's, &'static Numbers>,
    dice: Query<'w, 's, (&'static Die, &'static Transform)>,
}

impl DiceOrder<'_, '_> {
    /// The slots of `tray`'s dice in the numbers its game or round gave
    /// them when its first throw landed (`None`: not numbered yet).
    pub fn numbered(&self, tray: Entity) -> Option<Vec<usize>> {
        self.numbers
            .get(tray)
            .ok()
            .map(|numbers| numbers.0.to_vec())
    }

    /// The slots of `tray`'s dice in number order.
    pub fn slots(&self, tray: Entity) -> Vec<usize> {
        match self.numbers.get(tray) {
            Ok(numbers) => numbers.0.to_vec(),
            Err(_) => left_to_right(
                self.dice
                    .iter()
                    .filter(|(d, _)| d.tray == tray)
                    .map(|(d, tf)| (d.slot, tf.translation)),
            ),
        }
    }
}

/// The numbering by slot: die 1 is the die in slot 0, and so on.
pub const BY_SLOT: [usize; DICE] = [0, 1, 2, 3, 4];

/// The first throw of a game or round has landed: number its dice as they
/// lie, or, dealt across machines, by slot (lined up so).
fn number_on_landing(
    settled: On<DiceSettled>,
    trays: Query<(&Tray, Has<Numbers>, Has<WaitsForDeal>)>,
    dice: Query<&Transform, With<Die>>,
    mut commands: Commands,
) {
    let Ok((tray, numbered, dealt)) = trays.get(settled.tray) else {
        return;
    };
    if numbered {
        return;
    }
    if dealt {
        line_up(&mut commands, settled.tray, BY_SLOT);
        commands.entity(settled.tray).insert(Numbers(BY_SLOT));
        return;
    }
    let order = left_to_right(
        tray.dice
            .iter()
            .enumerate()
            .filter_map(|(slot, &die)| dice.get(die).ok().map(|tf| (slot, tf.translation))),
    );
    if let Ok(slots) = <[usize; DICE]>::try_from(order) {
        commands.entity(settled.tray).insert(Numbers(slots));
    }
}

/// A tray's numbering as a cut-off game keeps it (`None`: its first throw
/// has not landed yet).
pub fn numbering(numbers: &Query<&Numbers>, tray: Entity) -> Option<[usize; DICE]> {
    numbers.get(tray).ok().map(|n| n.0)
}

/// A cut-off game comes back: its dice stand in a row in their old number
/// order, and keep those numbers, so key 3 is the die it was before.
pub fn renumber(commands: &mut Commands, tray: Entity, row: Option<[usize; DICE]>) {
    if let Some(row) = row {
        line_up(commands, tray, row);
        commands.entity(tray).insert(Numbers(row));
    }
}

/// A new game or round: the next first throw numbers the dice afresh.
pub fn forget_numbers(commands: &mut Commands, tray: Entity) {
    commands.entity(tray).try_remove::<Numbers>();
}

/// Lays the dice of a match that comes back: each seat's tray (`trays`, by
/// seat) showing what `referee` has it roll, its dice held as `held` had
/// them and numbered as `numbers` did (a seat yet to throw is left as it is).
pub fn put_dice_back<R: Referee>(
    commands: &mut Commands,
    dice: &TrayDice,
    referee: &R,
    trays: &[Entity],
    (held, numbers): (&[[bool; DICE]], &[Option<[usize; DICE]>]),
) {
    for (seat, &tray) in trays.iter().enumerate() {
        let (Some(all), Some(roll)) = (dice.dice(tray), referee.roll(seat)) else {
            continue;
        };
        let held = held.get(seat).copied().unwrap_or_default();
        for (slot, die) in all.into_iter().enumerate() {
            place_showing(commands, die, roll[slot], held[slot]);
        }
        renumber(commands, tray, numbers.get(seat).copied().flatten());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_has_the_number_of_its_place() {
        let numbers = Numbers([3, 0, 4, 1, 2]);
        assert_eq!(numbers.of_slot(3), Some(0));
        assert_eq!(numbers.of_slot(2), Some(4));
        assert_eq!(numbers.of_slot(9), None);
    }
}
