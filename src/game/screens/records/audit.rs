//! The dice audit on the records screen: for each of the player's dice by
//! slot (and each die chosen crooked, apart), the share of each face it
//! showed as six bars against a fair die's sixth, and a line with its
//! throws, its χ² p-value and the sequential test's verdict: the same
//! figures as `dice-poker stats --dice`.

use bevy::prelude::*;

use crate::history::stats::DieAudit;
use crate::lang::Lang;
use crate::lang::audit::{audit_line, audit_title, verdict_words};
use crate::rules::evidence::Verdict;
use crate::rules::hand::FACES;

use super::{BAR, CHART_GAP, CHART_WIDTH, EXPECTED, label, panel_of_width, plot_area, rect};
use crate::game::theme::{SMALL_SIZE, TEXT};

/// Colour of a die's bars once the test calls it crooked.
const CROOKED_BAR: Color = Color::srgb(0.85, 0.32, 0.25);
/// The top of the chart's scale, as a share, at the least: a fair die's
/// sixth stands a little over half way up.
const LEAST_TOP: f32 = 0.3;
/// A die's group's share of its slot's width: the rest is the gap between dice.
const GROUP_SHARE: f32 = 0.7;

/// The audit's lines under its chart, a die to a line.
#[derive(Component, Debug)]
pub struct AuditLines;

/// The audit's panel, two charts wide, when any die was thrown.
pub(super) fn audit_chart(commands: &mut Commands, parent: Entity, dice: &[DieAudit], lang: Lang) {
    if dice.iter().all(|d| d.throws == 0) {
        return;
    }
    let width = CHART_WIDTH * 2.0 + CHART_GAP;
    let panel = panel_of_width(commands, parent, audit_title(lang), width);
    let area = plot_area(commands, panel);
    let share = |d: &DieAudit, face: usize| d.faces[face] as f32 / d.throws.max(1) as f32;
    let top = dice
        .iter()
        .flat_map(|d| (0..FACES).map(move |f| share(d, f)))
        .fold(LEAST_TOP, f32::max);
    let slot = 100.0 / dice.len() as f32;
    let bar = slot * GROUP_SHARE / FACES as f32;
    for (i, d) in dice.iter().enumerate() {
        let colour = match d.verdict {
            Verdict::Crooked(_) => CROOKED_BAR,
            Verdict::Fair | Verdict::Open => BAR,
        };
        let left = i as f32 * slot + slot * (1.0 - GROUP_SHARE) / 2.0;
        for face in 0..FACES {
            let height = share(d, face) / top * 95.0;
            let x = left + face as f32 * bar;
            rect(
                commands,
                area,
                x + bar * 0.1,
                0.0,
                bar * 0.8,
                height,
                colour,
            );
        }
    }
    // A fair die's sixth, across every die.
    let fair = 1.0 / FACES as f32 / top * 95.0;
    rect(commands, area, 0.0, fair, 100.0, 0.8, EXPECTED);
    let lines: Vec<String> = dice
        .iter()
        .map(|d| {
            let verdict = verdict_words(lang, d.verdict, d.likeliest, d.odds);
            let chosen = d.chosen.zip(d.own_p_value);
            audit_line(lang, (d.die, d.throws, d.p_value), &verdict, chosen)
        })
        .collect();
    commands.spawn((
        ChildOf(panel),
        AuditLines,
        label(lines.join("\n"), SMALL_SIZE, TEXT),
    ));
}
