//! The opponent's portrait as an image the renderer shows: painted by
//! [`crate::texture::portrait`] the first time an opponent sits down, and
//! kept, so no one is painted twice. The portrait on the table in 3D and
//! anything else that shows who sits opposite take it from here.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::dice::surfaces::atlas_image;
use crate::rules::duel::Opponent;
use crate::texture::portrait::{features_of, portrait};

/// Texels along a portrait's edge: seen at most a few hundred pixels tall.
pub const PORTRAIT_TEXELS: u32 = 256;

/// Portraits painted so far, by opponent key.
#[derive(Resource, Debug, Default)]
pub struct Portraits(HashMap<&'static str, Handle<Image>>);

impl Portraits {
    /// The portrait of `opponent`, painted now if it never was.
    pub fn of(&mut self, opponent: &'static Opponent, images: &mut Assets<Image>) -> Handle<Image> {
        self.0
            .entry(opponent.key)
            .or_insert_with(|| {
                let texels = portrait(PORTRAIT_TEXELS, opponent.colour, &features_of(opponent.key));
                images.add(atlas_image(&texels, true))
            })
            .clone()
    }

    /// How many portraits have been painted.
    pub fn painted(&self) -> usize {
        self.0.len()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Portraits>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::duel::OPPONENTS;

    #[test]
    fn an_opponent_is_painted_once_however_often_they_sit_down() {
        let mut images = Assets::<Image>::default();
        let mut portraits = Portraits::default();
        let first = portraits.of(&OPPONENTS[0], &mut images);
        let again = portraits.of(&OPPONENTS[0], &mut images);
        assert_eq!(first, again);
        assert_eq!(portraits.painted(), 1);
        let other = portraits.of(&OPPONENTS[1], &mut images);
        assert_ne!(first, other);
        assert_eq!((portraits.painted(), images.len()), (2, 2));
        let image = images.get(&first).expect("the painted image");
        assert_eq!(image.width(), PORTRAIT_TEXELS);
    }
}
