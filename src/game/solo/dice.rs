//! The solo game's own dice: the kinds the player chose for the tray
//! (`--dice`, or else the dice laid from the bag on the start screen), one
//! per slot, on the tray's dice in free play (the daily challenge and the
//! guided game play fair dice). With a crooked die among them, the hint,
//! the computer's holds under `--auto` and the history's weighing of each
//! hold go by each die's own chances ([`DiceAdvice`]), and each game's line
//! names its dice.

use bevy::prelude::*;

use crate::dice::Die;
use crate::dice::kinds::{KindedDice, lay_kinds};
use crate::rules::hand::{DICE, Roll};
use crate::rules::kinds::DieKind;
use crate::rules::per_die::{DiceAdvisor, dice_to_name};

use crate::game::profile::Bag;
use crate::game::{AppSystems, GameConfig, GameTray, Launch, Screen, SoloMode};

/// The solo tray's dice by slot, as the player chose them.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SoloDice(pub [DieKind; DICE]);

impl SoloDice {
    /// True when a die is not fair.
    pub fn crooked(&self) -> bool {
        self.0.iter().any(|&kind| kind != DieKind::Fair)
    }
}

/// Optimal play with the chosen dice, while free play has a crooked die on
/// the tray: what every hold is worth with each die's own chances.
#[derive(Resource)]
pub struct DiceAdvice(pub DiceAdvisor);

/// The best hold with crooked dice: the faces kept, its expected payout
/// and, when the faces alone do not say which dice (a die showing a kept
/// face is thrown again, and keeping it instead is worth less), the slots.
#[derive(Debug, Clone, PartialEq)]
pub struct BestHold {
    /// Faces kept, low to high.
    pub held: Vec<u8>,
    /// Expected payout in coins.
    pub expected: f64,
    /// The dice to keep, by slot, when it matters which.
    pub which: Option<[bool; DICE]>,
}

impl DiceAdvice {
    /// Every hold of `faces` with `rerolls` left as the faces kept (low to
    /// high, as a line of the history writes a hold) and its expected
    /// payout, best first; of the holds that keep the same faces from
    /// different dice, the better one speaks for them.
    pub fn holds(&self, faces: &Roll, rerolls: u32) -> Vec<(Vec<u8>, f64)> {
        let mut holds: Vec<(Vec<u8>, f64)> = Vec::new();
        for choice in self.0.advise(faces, rerolls as usize) {
            let kept = choice.held(faces);
            if !holds.iter().any(|(held, _)| *held == kept) {
                holds.push((kept, choice.expected));
            }
        }
        holds
    }

    /// The best hold of `faces` with `rerolls` left, naming its dice when
    /// keeping the same faces from other dice is worth less.
    pub fn best(&self, faces: &Roll, rerolls: u32) -> Option<BestHold> {
        let all = self.0.advise(faces, rerolls as usize);
        let best = all.first()?;
        let held = best.held(faces);
        let others = all.iter().map(|c| (c.held(faces), c.expected));
        let which = dice_to_name((&held, best.expected, best.kept), others);
        Some(BestHold {
            held,
            expected: best.expected,
            which,
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    // As the game opens (before a solo game opened at once), and again
    // whenever the bag's dice are laid anew.
    app.add_systems(Startup, choose_dice);
    app.add_systems(
        Update,
        choose_dice
            .run_if(resource_changed::<Bag>)
            .in_set(AppSystems::Rules),
    );
    app.add_systems(OnEnter(SoloMode::Free), solve_for_dice);
    app.add_systems(OnExit(SoloMode::Free), forget_dice);
    // Before anything of the frame throws: the tray is laid anew each time
    // the solo game opens, its dice spawned as it is.
    app.add_systems(
        PreUpdate,
        match_dice
            .run_if(
                resource_exists_and_changed::<SoloDice>
                    .or_else(state_changed::<SoloMode>)
                    .or_else(any_match_filter::<Added<Die>>),
            )
            .run_if(resource_exists::<SoloDice>.and_then(in_state(Screen::Solo))),
    );
}

/// The dice the launch chose or, when it chose none, those laid from the
/// bag; kept while any is crooked.
fn choose_dice(launch: Res<Launch>, bag: Res<Bag>, mut commands: Commands) {
    match SoloDice(launch.dice.unwrap_or_else(|| bag.tray())) {
        dice if dice.crooked() => commands.insert_resource(dice),
        _ => commands.remove_resource::<SoloDice>(),
    }
}

/// Free play begins: the advisor for the chosen dice is solved.
fn solve_for_dice(chosen: Option<Res<SoloDice>>, config: Res<GameConfig>, mut commands: Commands) {
    if let Some(chosen) = chosen {
        let chances = chosen.0.map(DieKind::chances);
        let advisor = DiceAdvisor::new(config.payouts, &chances, config.rerolls as usize);
        commands.insert_resource(DiceAdvice(advisor));
    }
}

fn forget_dice(mut commands: Commands) {
    commands.remove_resource::<DiceAdvice>();
}

/// Each die of the solo tray is of its chosen kind in free play and fair
/// otherwise (its body follows its kind).
fn match_dice(
    chosen: Res<SoloDice>,
    mode: Option<Res<State<SoloMode>>>,
    tray: Option<Res<GameTray>>,
    dice: KindedDice,
    mut commands: Commands,
) {
    let Some(tray) = tray else {
        return;
    };
    let free = mode.is_some_and(|m| *m.get() == SoloMode::Free);
    lay_kinds(&mut commands, &dice, tray.0, |slot| {
        if free { chosen.0[slot] } else { DieKind::Fair }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{HandType, PayoutTable};

    fn advice(dice: [DieKind; DICE], payouts: PayoutTable) -> DiceAdvice {
        DiceAdvice(DiceAdvisor::new(payouts, &dice.map(DieKind::chances), 2))
    }

    #[test]
    fn the_hint_names_the_dice_when_keeping_like_faces_from_others_is_worth_less() {
        let fair = DieKind::Fair;
        // A table where a straight pays far more than a pair: with 3 4 5 6
        // kept, one of the two sixes is thrown again for the 2.
        let mut payouts = PayoutTable::default();
        payouts.pays[HandType::Straight.index()] = 100;
        let loaded = advice([DieKind::Loaded, fair, fair, fair, fair], payouts);
        let roll = [6, 6, 5, 4, 3];
        let best = loaded.best(&roll, 2).expect("a hold");
        assert_eq!(best.held, [3, 4, 5, 6]);
        // The loaded die shows a 2 less often than a fair one: it keeps its
        // six, and the fair six is thrown again.
        assert_eq!(best.which, Some([true, false, true, true, true]));
        let fair_six = loaded.0.advise(&roll, 2);
        let other = fair_six
            .iter()
            .find(|c| c.kept == [false, true, true, true, true])
            .expect("the same faces from the other six");
        assert!(other.expected < best.expected);
        // With five fair dice no hold's dice need naming, nor with the
        // game's own table, where a pair is always kept whole.
        let fair_dice = advice([fair; DICE], payouts);
        let own_table = advice(
            [DieKind::Loaded, fair, fair, fair, fair],
            PayoutTable::default(),
        );
        for roll in [roll, [1, 1, 4, 4, 5], [2, 3, 4, 5, 5]] {
            assert_eq!(fair_dice.best(&roll, 2).and_then(|b| b.which), None);
            assert_eq!(own_table.best(&roll, 2).and_then(|b| b.which), None);
        }
    }
}
