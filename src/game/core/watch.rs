//! What a system is drawn from, named once: a system parameter of resources
//! whose `changed()` is the system's run condition, so a view that redraws on
//! change can never miss a resource it reads.

/// Declares a system parameter of resources and its `changed()`: true when
/// any of them changed (or was added) since the system asking last ran.
///
/// ```ignore
/// watched! {
///     /// What the HUD is drawn from.
///     struct Sources { wallet: Wallet, lang: Lang }
/// }
/// // Wrapped in `Option`: none of it there (another screen) is no change.
/// fn sources_changed(sources: Option<Sources>) -> bool {
///     sources.is_some_and(|s| s.changed())
/// }
/// ```
macro_rules! watched {
    ($(#[$attr:meta])* $vis:vis struct $name:ident { $($field:ident: $kind:ty),* $(,)? }) => {
        $(#[$attr])*
        #[derive(bevy::ecs::system::SystemParam)]
        $vis struct $name<'w> {
            $($field: bevy::prelude::Res<'w, $kind>,)*
        }

        impl $name<'_> {
            /// True when any of these changed since the system reading them last ran.
            $vis fn changed(&self) -> bool {
                use bevy::prelude::DetectChanges;
                false $(|| self.$field.is_changed())*
            }
        }
    };
}

pub(crate) use watched;
