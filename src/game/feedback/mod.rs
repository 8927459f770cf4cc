//! What tells the player what happens at the table, besides the HUDs' own
//! texts: the キープ label over each held die, the sounds' cues for moves and
//! results, and the screen reader's live region. All of it runs headless.

pub mod announce;
pub mod cues;
pub mod labels;
pub mod placing;
pub mod seen;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((announce::plugin, cues::plugin, labels::plugin));
}
