//! The card after a solo game: what decided it, in coins, from the exact
//! values the advisor has (`rules::luck`; with a crooked die on the tray,
//! the advisor with each die's own chances): the holds' cost against the
//! best ones, and what the dice brought against what was expected of them.

use bevy::prelude::*;

use crate::lang::{Key, Lang, signed, trf};
use crate::rules::luck::{Account, DiceValues, solo_account, solo_account_with};

use crate::game::journal::Journal;
use crate::game::{GameConfig, Phase};

use super::daily::{DailyRun, solo_rerolls};
use super::dice::DiceAdvice;
use super::hint::Advisor;
use super::record::write_solo_game;

/// What decided the last solo game (`None` before the first, or if it could
/// not be told).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct LuckCard(pub Option<Account>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LuckCard>();
    app.add_systems(OnEnter(Phase::Result), tell.before(write_solo_game));
    app.add_systems(OnEnter(Phase::Ready), clear);
}

/// Works the account out of the journal before it is written away.
fn tell(
    journal: Res<Journal>,
    advisor: Option<Res<Advisor>>,
    crooked: Option<Res<DiceAdvice>>,
    config: Res<GameConfig>,
    daily: Option<Res<DailyRun>>,
    mut card: ResMut<LuckCard>,
) {
    let rolls: Vec<_> = journal.throws.iter().map(|t| t.faces).collect();
    let kept: Vec<_> = journal.decisions.iter().map(|d| d.chosen.clone()).collect();
    let rerolls = solo_rerolls(&config, daily.as_deref()) as usize;
    // With a crooked die on the tray, luck and skill are weighed with each
    // die's own chances.
    card.0 = match (crooked, advisor) {
        (Some(crooked), _) => {
            let mut values = DiceValues {
                advisor: &crooked.0,
                table: config.payouts,
            };
            solo_account_with(&mut values, rerolls, &rolls, &kept)
        }
        (None, Some(advisor)) => solo_account(&advisor.0, rerolls, &rolls, &kept),
        (None, None) => None,
    };
}

fn clear(mut card: ResMut<LuckCard>) {
    card.0 = None;
}

/// "あなたの判断: −0.8 枚 ・ 運: +3.1 枚": holds that gave nothing up read 0.0.
pub fn card_line(account: &Account, lang: Lang) -> String {
    let signed = |v: f64| signed(v, 1);
    trf(
        lang,
        Key::LuckLine,
        &[&signed(-account.skill_given_up), &signed(account.luck)],
    )
}
