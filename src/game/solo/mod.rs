//! The solo game against the payout table, and the two ways it is also
//! played: 今日の一局 (the day's five games on dealt dice, for a score) and
//! the guided first game. Its flow, hints, the advisor's seat, the luck card,
//! the HUD, the history's page, and a cut-off game coming back.

pub mod daily;
pub mod dice;
pub mod flow;
pub mod guide;
pub mod hint;
pub mod hud;
pub mod hud_text;
pub mod luck;
pub mod record;
pub mod resume;
pub mod seat;
pub mod share;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        daily::plugin,
        dice::plugin,
        flow::plugin,
        guide::plugin,
        hint::plugin,
        hud::plugin,
        hud_text::plugin,
        luck::plugin,
        record::plugin,
        resume::plugin,
        seat::plugin,
        share::plugin,
    ));
}
