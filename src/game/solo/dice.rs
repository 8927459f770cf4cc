//! The solo game's own dice: the kinds the player chose for the tray
//! (`--dice`, or else the dice laid from the bag on the start screen), one per slot, on the tray's dice in free play (the daily
//! challenge and the guided game play fair dice). With a crooked die among them, the hint, the computer's
//! holds under `--auto` and the history's weighing of each hold go by each
//! die's own chances ([`DiceAdvice`]), and each game's line names its dice.

use bevy::prelude::*;

use crate::dice::Die;
use crate::dice::kinds::Kind;
use crate::rules::hand::{DICE, Roll};
use crate::rules::kinds::DieKind;
use crate::rules::per_die::DiceAdvisor;

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

impl DiceAdvice {
    /// Every hold of `faces` with `rerolls` left as the faces kept (low to
    /// high, as a line of the history writes a hold) and its expected
    /// payout, best first; of the holds that keep the same faces from
    /// different dice, the better one speaks for them.
    pub fn holds(&self, faces: &Roll, rerolls: u32) -> Vec<(Vec<u8>, f64)> {
        let mut holds: Vec<(Vec<u8>, f64)> = Vec::new();
        for choice in self.0.advise(faces, rerolls as usize) {
            let mut kept: Vec<u8> = (0..DICE)
                .filter(|&slot| choice.kept[slot])
                .map(|slot| faces[slot])
                .collect();
            kept.sort_unstable();
            if !holds.iter().any(|(held, _)| *held == kept) {
                holds.push((kept, choice.expected));
            }
        }
        holds
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
        match_dice.run_if(resource_exists::<SoloDice>.and_then(in_state(Screen::Solo))),
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
    dice: Query<(Entity, &Die, Option<&Kind>)>,
    mut commands: Commands,
) {
    let Some(tray) = tray else {
        return;
    };
    let free = mode.is_some_and(|m| *m.get() == SoloMode::Free);
    for (entity, die, kind) in dice.iter().filter(|(_, d, _)| d.tray == tray.0) {
        let wanted = if free {
            chosen.0[die.slot]
        } else {
            DieKind::Fair
        };
        if kind.map_or(DieKind::Fair, |k| k.0) != wanted {
            commands.entity(entity).insert(Kind(wanted));
        }
    }
}
