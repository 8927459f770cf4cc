//! What the start screen lists: the main page a player reads at a glance
//! (the solo game, the ladder, the day's games, the way to the matches, the
//! guide, the settings, the records, the bag once it holds a die, the way
//! out) and, one step in, the matches against people and the duels outside
//! the ladder, or the tray's five dice as laid from the bag. Each row is an
//! [`Item`]; where a choice sits is asked here only.

use crate::game::Choice;
use crate::game::party::{PARTY_ANTE, PARTY_STACK};
use crate::game::profile::Bag;
use crate::lang::{Key, Lang, die_kind_name, opponent_name, opponent_style, sentence, tr, trf};
use crate::rules::career::VENUES;
use crate::rules::duel::{CLASSIC, FRIEND, OPPONENTS, Opponent};
use crate::rules::hand::{DICE, FACES};
use crate::rules::kinds::DieKind;

/// A page of the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Page {
    /// The first page: a few entries and the coins.
    #[default]
    Main,
    /// 対戦: people at this machine or across a network, and the duels
    /// for coins that do not count on the ladder.
    Matches,
    /// サイコロ袋: the solo tray's five dice, each fair or one of the bag's.
    Bag,
}

/// One row of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// Opens what the choice opens.
    Play(Choice),
    /// Turns to another page (on the matches page: back to the first).
    Open(Page),
    /// The records screen.
    Records,
    /// A slot of the tray (from 0): lays the bag's next die there.
    Slot(usize),
    /// Closes the game.
    Quit,
}

impl Page {
    /// The page's rows, top to bottom, with `bag` the player's.
    pub fn items(self, bag: &Bag) -> Vec<Item> {
        match self {
            Page::Main => [
                Item::Play(Choice::Solo),
                Item::Play(Choice::Ladder),
                Item::Play(Choice::Daily),
                Item::Open(Page::Matches),
                Item::Play(Choice::Guide),
                Item::Play(Choice::Settings),
                Item::Records,
            ]
            .into_iter()
            .chain((!bag.is_empty()).then_some(Item::Open(Page::Bag)))
            .chain([Item::Quit])
            .collect(),
            Page::Bag => (0..DICE)
                .map(Item::Slot)
                .chain([Item::Open(Page::Main)])
                .collect(),
            Page::Matches => [Choice::Friend, Choice::Party, Choice::Lobby]
                .into_iter()
                .chain(
                    CLASSIC
                        .iter()
                        .filter_map(|key| Opponent::find(key))
                        .map(|o| Choice::Duel(o.index())),
                )
                .map(Item::Play)
                .chain([Item::Open(Page::Main)])
                .collect(),
        }
    }

    /// The page a choice is listed on and its row there (a way in that is
    /// no entry, as a career match, by the entry it is kept as).
    /// The bag's row comes after every choice's, so a choice's row is the
    /// same whatever the bag holds.
    pub fn of(choice: Choice) -> Option<(Page, usize)> {
        let entry = Choice::from_key(choice.key())?;
        let bag = Bag::default();
        [Page::Main, Page::Matches].into_iter().find_map(|page| {
            let at = page
                .items(&bag)
                .iter()
                .position(|&i| i == Item::Play(entry))?;
            Some((page, at))
        })
    }
}

/// A row's name and the line about it shown while it is highlighted.
pub fn describe(item: Item, solo_stake: u64, lang: Lang, bag: &Bag) -> (String, String) {
    let play = |name, about: String| (tr(lang, name).to_owned(), about);
    match item {
        Item::Open(Page::Bag) => play(
            Key::BagEntry,
            trf(lang, Key::BagAbout, &[&bag.dice().len()]),
        ),
        Item::Slot(slot) => describe_slot(slot, lang, bag),
        Item::Open(Page::Matches) => play(Key::MatchesEntry, tr(lang, Key::MatchesAbout).into()),
        Item::Open(Page::Main) => play(Key::BackEntry, tr(lang, Key::BackAbout).into()),
        Item::Records => play(Key::RecordsButton, tr(lang, Key::RecordsAbout).into()),
        Item::Quit => play(Key::QuitButton, tr(lang, Key::QuitAbout).into()),
        Item::Play(choice) => match choice {
            Choice::Solo => play(Key::SoloEntry, trf(lang, Key::SoloAbout, &[&solo_stake])),
            Choice::Lobby | Choice::Net => play(Key::NetEntry, tr(lang, Key::NetAbout).into()),
            Choice::Friend => play(
                Key::FriendEntry,
                trf(lang, Key::FriendAbout, &[&FRIEND.ante, &FRIEND.step]),
            ),
            Choice::Party | Choice::Seated => play(
                Key::PartyEntry,
                trf(lang, Key::PartyAbout, &[&PARTY_STACK, &PARTY_ANTE]),
            ),
            Choice::Daily => play(
                Key::DailyEntry,
                trf(lang, Key::DailyAbout, &[&crate::rules::daily::today()]),
            ),
            Choice::Settings => play(Key::SettingsEntry, tr(lang, Key::SettingsAbout).into()),
            Choice::Guide => play(Key::GuideEntry, tr(lang, Key::GuideAbout).into()),
            Choice::Ladder | Choice::Career(_) => play(
                Key::LadderEntry,
                trf(lang, Key::LadderAbout, &[&OPPONENTS.len(), &VENUES.len()]),
            ),
            Choice::Duel(i) | Choice::Practice(i) => {
                let o = &OPPONENTS[i];
                (
                    trf(lang, Key::DuelEntry, &[&opponent_name(lang, o)]),
                    trf(
                        lang,
                        Key::DuelAbout,
                        &[&sentence(&opponent_style(lang, o)), &o.ante, &o.step],
                    ),
                )
            }
        },
    }
}

/// The page's line over its rows (the main page's is the coins).
pub fn bag_title(lang: Lang, bag: &Bag) -> String {
    trf(lang, Key::BagTitle, &[&bag.dice().len(), &bag.laid()])
}

/// A slot of the tray (its row's number): the die laid there, and whose
/// it was and how it throws.
fn describe_slot(slot: usize, lang: Lang, bag: &Bag) -> (String, String) {
    let Some(die) = bag.in_slot(slot) else {
        let name = trf(lang, Key::BagRow, &[&die_kind_name(lang, DieKind::Fair)]);
        return (sentence(&name), tr(lang, Key::BagFairAbout).to_owned());
    };
    let name = trf(lang, Key::BagRow, &[&die_kind_name(lang, die.kind)]);
    let from = crate::rules::duel::Opponent::find(&die.from)
        .map_or(die.from.clone(), |o| opponent_name(lang, o).to_owned());
    // Its likeliest face and its least likely, as measured.
    let chances = die.kind.chances();
    let by = |a: &usize, b: &usize| chances[*a].total_cmp(&chances[*b]);
    let (most, least) = ((0..FACES).max_by(by), (0..FACES).min_by(by));
    let percent = |face: usize| format!("{:.1}", chances[face] * 100.0);
    let about = match most.zip(least) {
        Some((most, least)) => trf(
            lang,
            Key::BagDieAbout,
            &[
                &from,
                &(most + 1),
                &percent(most),
                &(least + 1),
                &percent(least),
            ],
        ),
        None => String::new(),
    };
    (sentence(&name), about)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_on_one_page_once_and_found_there() {
        let listed = |choice| {
            [Page::Main, Page::Matches]
                .into_iter()
                .flat_map(|page| page.items(&Bag::default()))
                .filter(|&item| item == Item::Play(choice))
                .count()
        };
        for choice in Choice::all() {
            assert_eq!(listed(choice), 1, "{choice:?}");
            let (page, at) = Page::of(choice).expect("listed");
            assert_eq!(page.items(&Bag::default())[at], Item::Play(choice));
        }
        // Ways in that are no entry are found as the entry they are kept as.
        assert_eq!(Page::of(Choice::Career(2)).map(|p| p.0), Some(Page::Main));
        assert_eq!(Page::of(Choice::Net).map(|p| p.0), Some(Page::Matches));
        assert_eq!(Page::of(Choice::Seated).map(|p| p.0), Some(Page::Matches));
    }

    #[test]
    fn the_first_page_reads_at_a_glance_and_each_page_leads_to_the_other() {
        let bag = Bag::default();
        let main = Page::Main.items(&bag);
        assert!(main.len() <= 8, "{main:?}");
        assert!(main.contains(&Item::Open(Page::Matches)) && main.contains(&Item::Quit));
        assert!(Page::Matches.items(&bag).contains(&Item::Open(Page::Main)));
        // The bag is a row once it holds a die, past every choice's row.
        assert!(!main.contains(&Item::Open(Page::Bag)));
        let mut full = Bag::default();
        full.add(DieKind::Loaded, "minstrel");
        let with = Page::Main.items(&full);
        assert_eq!(with.len(), main.len() + 1);
        assert_eq!(with[..main.len() - 1], main[..main.len() - 1]);
        assert!(with.len() <= super::super::ENTRY_KEYS.len());
        assert!(Page::Bag.items(&full).contains(&Item::Open(Page::Main)));
        // The duels outside the ladder are one step in, and say so.
        let easy = Choice::Duel(Opponent::find(CLASSIC[0]).expect("classic").index());
        assert_eq!(Page::of(easy).map(|p| p.0), Some(Page::Matches));
        for lang in [Lang::Ja, Lang::En] {
            let (_, about) = describe(Item::Play(easy), 10, lang, &bag);
            let ladder = tr(lang, Key::LadderEntry);
            assert!(
                about.to_lowercase().contains(&ladder.to_lowercase()),
                "{about}"
            );
        }
    }
}
