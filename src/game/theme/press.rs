//! Every button shows what the pointer does to it, the same way on every
//! screen: a ring when the pointer is over it, a brighter, thicker one while
//! it is held down. A ring, not a change of colour, so a button's own colour
//! (which some screens change with what it does) is never fought over.

use bevy::prelude::*;

use super::palette::GOLD;
use crate::game::AppSystems;

/// The ring's width while the pointer is over a button, and while it is held down.
pub const HOVER_RING: f32 = 2.0;
pub const PRESS_RING: f32 = 3.0;
/// The ring's colour while the pointer is over a button: the text's, a little clear.
pub const HOVER_COLOR: Color = Color::srgba(0.95, 0.95, 0.92, 0.75);
/// The ring's colour while a button is held down.
pub const PRESS_COLOR: Color = GOLD;
/// How far the ring stands off the button's edge.
const RING_OFFSET: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(give_ring);
    app.add_systems(Update, show_interaction.in_set(AppSystems::Present));
}

/// A menu row lit by the keyboard's cursor, which a moving pointer takes
/// too: its light is its hover, so it gets no hover ring beside it (a
/// pointer resting on one row while the keys light another would show two
/// marks). It still shows the ring while held down.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct CursorRow;

/// A new button gets its ring, hidden.
fn give_ring(add: On<Add, Button>, mut commands: Commands) {
    commands.entity(add.entity).insert(ring(Interaction::None));
}

/// The ring for a button in this state.
pub fn ring(state: Interaction) -> Outline {
    let (width, color) = match state {
        Interaction::Pressed => (PRESS_RING, PRESS_COLOR),
        Interaction::Hovered => (HOVER_RING, HOVER_COLOR),
        Interaction::None => (HOVER_RING, Color::NONE),
    };
    Outline::new(Val::Px(width), Val::Px(RING_OFFSET), color)
}

/// Each button whose state changed shows it.
fn show_interaction(
    mut buttons: Query<
        (&Interaction, &mut Outline, Has<CursorRow>),
        (Changed<Interaction>, With<Button>),
    >,
) {
    for (state, mut outline, lit_by_cursor) in &mut buttons {
        *outline = match state {
            Interaction::Hovered if lit_by_cursor => ring(Interaction::None),
            _ => ring(*state),
        };
    }
}
