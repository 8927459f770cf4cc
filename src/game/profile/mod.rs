//! What is kept between runs: the wallet, the game under way and the
//! player's profile (settings, keys, the last choice, the career), loaded
//! once before anything else starts and saved whenever one of them changes.
//! This room imports nothing else of the game: every other room reads and
//! changes these resources, and the save follows.
//!
//! Each section of the profile is a resource of its own, named once in
//! [`sections`]' list: a new setting is one line there.

pub mod bag;
pub mod checks;
pub mod choice;
pub mod position;
pub mod save;
pub mod seating;
pub mod sections;
pub mod settings;
pub mod trouble;
pub mod wallet;
pub mod writer;

use bevy::prelude::*;

pub use bag::{BAG_ROOM, Bag, BagDie};
pub use choice::{Choice, LastChoice, Terms};
pub use position::{
    DuelPosition, PartyPosition, Position, Resumable, ResumeDuel, ResumeParty, ResumeSolo,
    SoloPosition,
};
pub use save::{APP_DIR, Loaded, SAVE_FILE, SaveData, load, save_path, store};
pub use seating::{PartySeat, PartySeats};
pub use sections::{Profile, Progress, Sections};
pub use settings::{Graphics, NewPlayer, ReducedMotion, Speed, TEXT_SIZES, TextSize, Tier};
pub use trouble::{Aside, Trouble};
pub use wallet::{MOST_COINS, STARTING_COINS, Wallet};
pub use writer::{SaveWriter, append_soon, store_soon};

/// Where the save is kept; `None` when no place could be found (or nothing
/// is to be saved, as in most headless runs).
#[derive(Resource, Debug, Clone, Default)]
pub struct SaveFile(pub Option<std::path::PathBuf>);

/// The save is there but could not be read: this run never writes over it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeaveSaveAlone(pub bool);

/// Something the player should hear about the save (it was set aside, could
/// not be read or written). The game shows it as a notice.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct SaveTrouble(pub Trouble);

/// The profile is loaded into its resources: whatever reads them at start
/// runs after this.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LoadProfile;

/// The save's resources, loading at start and saving on change.
pub(super) fn plugin(app: &mut App) {
    sections::init_sections(app);
    app.init_resource::<Wallet>()
        .init_resource::<SaveFile>()
        .init_resource::<LeaveSaveAlone>()
        .init_resource::<Resumable>()
        .add_message::<SaveTrouble>();
    app.add_systems(PreStartup, load_profile.in_set(LoadProfile));
    app.add_systems(
        Last,
        (
            save_profile.run_if(anything_to_save),
            tell_troubles.run_if(resource_exists::<SaveWriter>),
        )
            .chain(),
    );
}

/// Waits until every save and history line asked for so far is on disk (for
/// whoever reads the files while the game runs, as the tests do).
pub fn flush(world: &World) {
    if let Some(writer) = world.get_resource::<SaveWriter>() {
        writer.flush();
    }
}

/// Reads the save into the wallet, the game under way and every section.
fn load_profile(
    save: Res<SaveFile>,
    mut wallet: ResMut<Wallet>,
    mut resumable: ResMut<Resumable>,
    mut sections: Sections,
    mut leave: ResMut<LeaveSaveAlone>,
    mut trouble: MessageWriter<SaveTrouble>,
    mut commands: Commands,
) {
    let Some(path) = &save.0 else {
        return;
    };
    commands.insert_resource(SaveWriter::default());
    let loaded = load(path);
    *wallet = Wallet {
        coins: loaded.coins,
        at_stake: loaded.at_stake,
    };
    // A game cut off before it was decided comes back where it was or gives
    // its stake back: the game decides, right after this.
    resumable.0 = loaded.under_way;
    sections.set(loaded.profile);
    leave.0 = loaded.leave_alone;
    if let Some(warning) = loaded.warning {
        trouble.write(SaveTrouble(warning));
    }
}

/// True when the wallet, the game under way or a section changed since the
/// last save (and there is a save to write).
fn anything_to_save(
    save: Res<SaveFile>,
    leave: Res<LeaveSaveAlone>,
    wallet: Res<Wallet>,
    resumable: Res<Resumable>,
    sections: sections::SectionsRef,
) -> bool {
    save.0.is_some()
        && !leave.0
        && (wallet.is_changed() || resumable.is_changed() || sections.changed())
}

/// Hands everything kept to the writer, once a frame at most, after the
/// frame's changes.
fn save_profile(
    save: Res<SaveFile>,
    writer: Option<Res<SaveWriter>>,
    wallet: Res<Wallet>,
    resumable: Res<Resumable>,
    sections: sections::SectionsRef,
    mut trouble: MessageWriter<SaveTrouble>,
) {
    let (Some(path), Some(writer)) = (&save.0, writer) else {
        return;
    };
    let data = SaveData {
        coins: wallet.coins,
        at_stake: wallet.at_stake,
        under_way: resumable.0.clone(),
        profile: sections.get(),
    };
    if let Err(failed) = writer.store(path.clone(), data) {
        trouble.write(SaveTrouble(failed));
    }
}

/// What the writer could not write is told.
fn tell_troubles(writer: Res<SaveWriter>, mut trouble: MessageWriter<SaveTrouble>) {
    for failed in writer.troubles() {
        trouble.write(SaveTrouble(failed));
    }
}
