//! ふたりで: a friend at the same machine in the far seat, with the same keys
//! and mouse on their turns ([`crate::game::table::Hands`]). Their coins are
//! their own: a second profile in `friend/` beside the player's save, booked
//! by the same referee from the far side, and their rounds go to that
//! profile's history. A banner says in large letters whose turn it is.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use crate::game::theme::phrases::show;

use crate::game::profile::{
    Profile, SAVE_FILE, SaveData, SaveFile, SaveWriter, Trouble, Wallet, load, store_soon,
};
use crate::game::theme::{GOLD, HAND_SIZE, SMALL_SIZE, TEXT};
use crate::game::{AppSystems, Notice, Screen};
use crate::lang::{Key, Lang, opponent_name, tr, trf};
use crate::rules::duel::Side;

use super::{Table, Terms};

/// The friend's profile folder inside the player's data folder.
pub const FRIEND_DIR: &str = "friend";
/// Where the turn banner stands, from the top of the window: above the far
/// tray, between the two players' panels.
const BANNER_TOP: f32 = 4.0;

/// The friend's coins, booked from the far side as the player's are from the near one.
#[derive(Resource, Debug, Clone)]
pub struct FriendWallet {
    /// Their balance and what is at stake for them.
    pub wallet: Wallet,
    /// Their coins won minus put in, in this match, that the balance shows.
    pub booked: i64,
    /// Their save file (`None`: nothing is saved, as for the player).
    path: Option<PathBuf>,
    /// The rest of their profile, kept as it was read.
    profile: Profile,
}

impl FriendWallet {
    /// The friend's data folder, where their save and history live.
    pub fn dir(&self) -> Option<&Path> {
        self.path.as_deref().and_then(Path::parent)
    }

    /// Books the far side's net coins of this match.
    pub fn book(&mut self, net: i64, at_stake: u64) {
        if net != self.booked {
            self.wallet.book(net.saturating_sub(self.booked));
            self.booked = net;
        }
        if self.wallet.at_stake != at_stake {
            self.wallet.at_stake = at_stake;
        }
    }
}

/// The friend's save file beside the player's: `DIR/friend/save.json`.
pub fn friend_save(player_save: &Path) -> Option<PathBuf> {
    Some(player_save.parent()?.join(FRIEND_DIR).join(SAVE_FILE))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Duel), close_friend);
    app.add_systems(
        Update,
        save_friend
            .run_if(resource_exists_and_changed::<FriendWallet>)
            .in_set(AppSystems::Rules),
    );
    // The banner's look, with the window.
    app.add_systems(
        Update,
        (
            spawn_banner.run_if(resource_added::<FriendWallet>),
            // Only when the table, the friend's coins or the language change.
            show_banner.run_if(
                resource_exists::<FriendWallet>.and_then(
                    resource_changed::<FriendWallet>
                        .or_else(resource_exists_and_changed::<Table>)
                        .or_else(resource_changed::<Lang>),
                ),
            ),
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// Opens the friend's profile (a new friend starts with the usual coins; a
/// stake cut off last time comes back to them).
pub(super) fn open_friend(save: &SaveFile, notice: &mut Notice) -> FriendWallet {
    let path = save.0.as_deref().and_then(friend_save);
    let (wallet, profile) = match &path {
        Some(p) => {
            let loaded = load(p);
            if let Some(w) = &loaded.warning {
                notice.tell(w);
            }
            let mut wallet = Wallet::with(loaded.coins);
            wallet.at_stake = loaded.at_stake;
            if let Some(back) = Notice::refunded(wallet.refund()) {
                notice.say(back);
            }
            (wallet, loaded.profile)
        }
        None => (Wallet::default(), Profile::default()),
    };
    FriendWallet {
        wallet,
        booked: 0,
        path,
        profile,
    }
}

fn close_friend(
    mut commands: Commands,
    friend: Option<ResMut<FriendWallet>>,
    writer: Option<Res<SaveWriter>>,
    mut notice: ResMut<Notice>,
) {
    // Leaving the table on purpose gives up what is on it, as for the player.
    if let Some(mut friend) = friend {
        friend.wallet.at_stake = 0;
        if let Err(trouble) = write_friend(&friend, writer.as_deref()) {
            notice.tell(&trouble);
        }
    }
    commands.remove_resource::<FriendWallet>();
}

fn save_friend(
    friend: Res<FriendWallet>,
    writer: Option<Res<SaveWriter>>,
    mut notice: ResMut<Notice>,
) {
    if let Err(trouble) = write_friend(&friend, writer.as_deref()) {
        notice.tell(&trouble);
    }
}

/// Hands the friend's save to the player's save writer (off the main
/// thread, after what was asked before), or writes it now with none.
fn write_friend(friend: &FriendWallet, writer: Option<&SaveWriter>) -> Result<(), Trouble> {
    let Some(path) = &friend.path else {
        return Ok(());
    };
    let data = SaveData {
        coins: friend.wallet.coins,
        at_stake: friend.wallet.at_stake,
        under_way: None,
        profile: friend.profile.clone(),
    };
    store_soon(writer, path.clone(), data)
}

/// The turn banner of a table of two people: whose turn (large), then the
/// friend's coins (small).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    /// Whose turn it is.
    Turn,
    /// The friend's coins.
    Coins,
}

/// The name of a side at a table of two people.
pub fn seat_name(table: &Table, side: Side, lang: Lang) -> String {
    match side {
        Side::Near => tr(lang, Key::FriendNear).to_owned(),
        Side::Far => opponent_name(lang, table.opponent).to_owned(),
    }
}

/// Whose move the table waits for, by name (empty between rounds).
pub fn turn_text(table: &Table, lang: Lang) -> String {
    table
        .duel
        .step()
        .mover()
        .map(|side| trf(lang, Key::FriendBanner, &[&seat_name(table, side, lang)]))
        .unwrap_or_default()
}

fn spawn_banner(mut commands: Commands) {
    commands.spawn((
        Name::new("Turn banner"),
        DespawnOnExit(Screen::Duel),
        Node {
            position_type: PositionType::Absolute,
            top: Val::Px(BANNER_TOP),
            width: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                Banner::Turn,
                Text::default(),
                TextFont::from_font_size(HAND_SIZE),
                TextColor(GOLD),
                Pickable::IGNORE,
            ),
            (
                Banner::Coins,
                Text::default(),
                TextFont::from_font_size(SMALL_SIZE),
                TextColor(TEXT),
                Pickable::IGNORE,
            ),
        ],
    ));
}

fn show_banner(
    table: Option<Res<Table>>,
    friend: Res<FriendWallet>,
    lang: Res<Lang>,
    mut banners: Query<(&Banner, &mut Text)>,
) {
    let Some(table) = table.filter(|t| t.terms == Terms::Friend) else {
        return;
    };
    let lang = *lang;
    for (banner, mut shown) in &mut banners {
        let text = match banner {
            Banner::Turn => turn_text(&table, lang),
            Banner::Coins => trf(
                lang,
                Key::FriendCoins,
                &[&seat_name(&table, Side::Far, lang), &friend.wallet.coins],
            ),
        };
        show(&mut shown, &text);
    }
}
