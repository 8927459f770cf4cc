//! The career: a ladder of the computer opponents through four venues, from a
//! village inn to the castle town's den. Each venue asks a buy-in (coins you
//! must have to sit down); beating an opponent opens the next one; beating a
//! venue's last opponent opens the next venue and gives its badge.
//!
//! Plain data and rules, no Bevy: the ladder screen, the `ladder` command and
//! the tests read the same tables and ask the same questions.

use serde::{Deserialize, Serialize};

pub use crate::rules::duel::Badge;
use crate::rules::duel::{Opponent, Words};

/// A place to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Venue {
    /// Short name for the command line and the save.
    pub key: &'static str,
    /// Its name.
    pub name: Words,
    /// Coins a player must have to sit down at any of its tables.
    pub buy_in: i64,
    /// Keys of its opponents, easiest first (a run of [`OPPONENTS`]).
    pub opponents: &'static [&'static str],
    /// What beating its last opponent gives.
    pub badge: Badge,
}

/// Every venue, in the order the career climbs them.
pub const VENUES: [Venue; 4] = [
    Venue {
        key: "inn",
        name: Words {
            ja: "村の宿屋「麦わら亭」",
            en: "The Straw Hat, a village inn",
        },
        buy_in: 0,
        opponents: &["drunk", "woodcutter"],
        badge: Badge::Shield,
    },
    Venue {
        key: "market",
        name: Words {
            ja: "市場の酒場「こがね亭」",
            en: "The Golden Sheaf, a market tavern",
        },
        buy_in: 50,
        opponents: &["minstrel", "easy"],
        badge: Badge::Reroll,
    },
    Venue {
        key: "harbour",
        name: Words {
            ja: "港の酒場「錨亭」",
            en: "The Anchor, a harbour tavern",
        },
        buy_in: 150,
        opponents: &["fisher", "shipwright"],
        badge: Badge::Nudge,
    },
    Venue {
        key: "den",
        name: Words {
            ja: "城下の賭場「名人の間」",
            en: "The Masters' Room, a castle-town den",
        },
        buy_in: 400,
        opponents: &["normal", "hard"],
        badge: Badge::Flip,
    },
];

/// What beating the top of the ladder gives besides the last venue's badge.
pub const CHAMPION_BADGE: Badge = Badge::Double;

/// One step of the ladder: an opponent at its venue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// Position on the ladder, from 0.
    pub index: usize,
    /// Who sits there.
    pub opponent: &'static Opponent,
    /// Where.
    pub venue: &'static Venue,
}

/// Every rung, bottom first.
pub fn ladder() -> Vec<Rung> {
    VENUES
        .iter()
        .flat_map(|venue| venue.opponents.iter().map(move |key| (venue, *key)))
        .enumerate()
        .filter_map(|(index, (venue, key))| {
            Some(Rung {
                index,
                opponent: Opponent::find(key)?,
                venue,
            })
        })
        .collect()
}

/// The rung of the opponent with this key, or a message listing the valid ones.
pub fn rung(key: &str) -> Result<Rung, String> {
    let opponent = Opponent::named(key)?;
    ladder()
        .into_iter()
        .find(|r| r.opponent == opponent)
        .ok_or_else(|| format!("{key} is on no rung of the ladder"))
}

/// Why a rung cannot be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locked {
    /// Beat this opponent first.
    Beat(&'static Opponent),
    /// The venue asks this many coins to sit down.
    BuyIn(i64),
}

/// What a won match changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlock {
    /// The next opponent may be played.
    Opponent(&'static Opponent),
    /// A new venue is open.
    Venue(&'static Venue),
    /// A badge is won.
    Badge(Badge),
}

/// A player's progress up the ladder, saved with the profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Career {
    /// Keys of the opponents beaten at least once, in the order first beaten.
    #[serde(default)]
    pub beaten: Vec<String>,
    /// Badges won, in the order won.
    #[serde(default)]
    pub badges: Vec<Badge>,
    /// Career matches played and won.
    #[serde(default)]
    pub matches: [u32; 2],
    /// The badge the player takes into career matches (one of [`Career::badges`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taking: Option<Badge>,
}

impl Career {
    /// True when the opponent with `key` has been beaten.
    pub fn has_beaten(&self, key: &str) -> bool {
        self.beaten.iter().any(|k| k == key)
    }

    /// The highest rung that is open: the one above the last beaten.
    pub fn top_open(&self) -> usize {
        let rungs = ladder();
        rungs
            .iter()
            .position(|r| !self.has_beaten(r.opponent.key))
            .unwrap_or(rungs.len() - 1)
    }

    /// Whether `rung` may be played with `coins` in the wallet: every rung
    /// below it beaten, and the buy-in of its venue in hand.
    pub fn check(&self, rung: &Rung, coins: i64) -> Result<(), Locked> {
        let rungs = ladder();
        if let Some(below) = rungs[..rung.index]
            .iter()
            .find(|r| !self.has_beaten(r.opponent.key))
        {
            return Err(Locked::Beat(below.opponent));
        }
        if coins < rung.venue.buy_in {
            return Err(Locked::BuyIn(rung.venue.buy_in));
        }
        Ok(())
    }

    /// Books a finished career match against `rung`; what the win opened,
    /// in order (nothing for a loss or a rematch of a beaten opponent).
    pub fn record(&mut self, rung: &Rung, won: bool) -> Vec<Unlock> {
        self.matches[0] += 1;
        if !won {
            return Vec::new();
        }
        self.matches[1] += 1;
        if self.has_beaten(rung.opponent.key) {
            return Vec::new();
        }
        self.beaten.push(rung.opponent.key.to_owned());
        let rungs = ladder();
        let mut opened = Vec::new();
        let venue_done = rung.venue.opponents.iter().all(|key| self.has_beaten(key));
        if venue_done {
            opened.push(self.win_badge(rung.venue.badge));
        }
        match rungs.get(rung.index + 1) {
            Some(next) => {
                if next.venue.key != rung.venue.key {
                    opened.push(Unlock::Venue(next.venue));
                }
                opened.push(Unlock::Opponent(next.opponent));
            }
            None => opened.push(self.win_badge(CHAMPION_BADGE)),
        }
        opened
    }

    fn win_badge(&mut self, badge: Badge) -> Unlock {
        if !self.badges.contains(&badge) {
            self.badges.push(badge);
        }
        Unlock::Badge(badge)
    }

    /// The next badge to take: none, then each badge won in turn.
    pub fn next_badge(&self) -> Option<Badge> {
        let at = self
            .taking
            .and_then(|b| self.badges.iter().position(|&w| w == b));
        match at {
            None => self.badges.first().copied(),
            Some(i) => self.badges.get(i + 1).copied(),
        }
    }

    /// True once the top of the ladder is beaten.
    pub fn champion(&self) -> bool {
        ladder().iter().all(|r| self.has_beaten(r.opponent.key))
    }
}
