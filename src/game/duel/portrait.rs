//! The opponent's portrait as an image the renderer shows: painted by
//! [`crate::texture::portrait`] on Bevy's async compute pool the first time an
//! opponent sits down, and kept, so no one is painted twice. The handle is
//! there at once (what shows it draws nothing until the paint is dry, a few
//! frames later), so sitting down never waits for a painting. The portrait
//! on the table in 3D and anything else that shows who sits opposite take it
//! from here.

use std::collections::HashMap;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::dice::surfaces::atlas_image;
use crate::rules::duel::Opponent;
use crate::texture::portrait::{features_of, portrait};

/// Texels along a portrait's edge: seen at most a few hundred pixels tall.
pub const PORTRAIT_TEXELS: u32 = 256;

/// Portraits asked for so far, by opponent key, and those still being painted.
#[derive(Resource, Debug, Default)]
pub struct Portraits {
    handles: HashMap<&'static str, Handle<Image>>,
    painting: Vec<(Handle<Image>, Task<Image>)>,
}

impl Portraits {
    /// The portrait of `opponent`: its handle now, its image once painted
    /// (started here the first time they are asked for).
    pub fn of(&mut self, opponent: &'static Opponent, images: &Assets<Image>) -> Handle<Image> {
        let Portraits { handles, painting } = self;
        handles
            .entry(opponent.key)
            .or_insert_with(|| {
                let handle = images.reserve_handle();
                let (colour, key) = (opponent.colour, opponent.key);
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    atlas_image(&portrait(PORTRAIT_TEXELS, colour, &features_of(key)), true)
                });
                painting.push((handle.clone(), task));
                handle
            })
            .clone()
    }

    /// How many portraits have been asked for.
    pub fn painted(&self) -> usize {
        self.handles.len()
    }

    /// Whether a portrait is still being painted.
    pub fn painting(&self) -> bool {
        !self.painting.is_empty()
    }

    /// Hands every finished painting to its handle.
    fn hang(&mut self, images: &mut Assets<Image>) {
        self.painting
            .retain_mut(|(handle, task)| match check_ready(task) {
                Some(image) => {
                    if let Err(e) = images.insert(handle.id(), image) {
                        warn!("a portrait could not be shown: {e}");
                    }
                    false
                }
                None => true,
            });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Portraits>();
    app.add_systems(
        Update,
        hang_portraits.run_if(|portraits: Res<Portraits>| portraits.painting()),
    );
}

fn hang_portraits(mut portraits: ResMut<Portraits>, mut images: ResMut<Assets<Image>>) {
    portraits.hang(&mut images);
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use bevy::tasks::TaskPool;

    use super::*;
    use crate::rules::duel::OPPONENTS;

    /// Hangs what is painted until nothing is left to paint (or a minute passed).
    fn dry(portraits: &mut Portraits, images: &mut Assets<Image>) {
        let until = Instant::now() + Duration::from_secs(60);
        while portraits.painting() && Instant::now() < until {
            portraits.hang(images);
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn an_opponent_is_painted_once_however_often_they_sit_down() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut images = Assets::<Image>::default();
        let mut portraits = Portraits::default();
        let first = portraits.of(&OPPONENTS[0], &images);
        let again = portraits.of(&OPPONENTS[0], &images);
        assert_eq!(first, again);
        assert_eq!(portraits.painted(), 1);
        assert!(portraits.painting(), "painted on the pool, not at once");
        assert!(
            images.get(&first).is_none(),
            "no image before the paint is dry"
        );
        let other = portraits.of(&OPPONENTS[1], &images);
        assert_ne!(first, other);
        dry(&mut portraits, &mut images);
        assert!(!portraits.painting());
        assert_eq!((portraits.painted(), images.len()), (2, 2));
        let image = images.get(&first).expect("the painted image");
        assert_eq!(image.width(), PORTRAIT_TEXELS);
    }
}
