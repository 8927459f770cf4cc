//! How a view is kept up to date: each small system that writes texts runs
//! when one of the resources it reads changed (conditions joined with
//! `or_eager`, so each sees every change once), or when the texts it writes
//! were just spawned. The HUDs of the games are written this way; a few
//! menus rebuild their rows instead when what they list changes.

use bevy::ecs::schedule::SystemCondition;
use bevy::prelude::*;

use crate::game::theme::phrases::show;

/// `changed`, or a text with role `R` was just spawned (a writer fills the
/// texts it owns as soon as they exist, whatever else changed).
pub fn or_spawned<R: Component, M>(changed: impl SystemCondition<M>) -> impl SystemCondition<()> {
    IntoSystem::into_system(changed.or_eager(any_match_filter::<Added<R>>))
}

/// Writes `value` into every text of `role` (a text that already says it is
/// left alone, so nothing downstream sees a change).
pub fn write_role<R: Component + PartialEq>(
    texts: &mut Query<(&R, &mut Text)>,
    role: R,
    value: &str,
) {
    for (_, mut text) in texts.iter_mut().filter(|(r, _)| **r == role) {
        show(&mut text, value);
    }
}
