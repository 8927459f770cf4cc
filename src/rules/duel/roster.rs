//! Who sits across the table: every computer opponent, easiest first, with
//! how it holds and bets, its stakes, its match length, its colour and what
//! it says. The career's ladder climbs this list in order (`rules::career`).

use super::badge::Badge;
use super::cheat::Cheat;
use super::opponent::{BetStyle, HoldStyle, Lines, Opponent, Words};
use super::terms::ROUNDS_TO_WIN;
use crate::rules::kinds::DieKind;

/// Rounds to win a match at the masters' tables (best of five).
pub const LONG_MATCH: u32 = 3;

/// The classic duel opponents of the start screen and of `versus`.
pub const CLASSIC: [&str; 3] = ["easy", "normal", "hard"];

/// Every opponent, easiest first: each one beats the one before it (the
/// rung table in docs/playing.md, from `versus --ladder`). Three of them are the
/// [`CLASSIC`] opponents.
pub const OPPONENTS: [Opponent; 8] = [
    Opponent {
        key: "drunk",
        name: "酔いどれのゴロー",
        name_en: "Goro the Drunk",
        hold: HoldStyle::Largest { careless: 100 },
        bet: BetStyle::Timid,
        ante: 5,
        step: 5,
        wins: ROUNDS_TO_WIN,
        colour: [150, 100, 70],
        badge: None,
        cheat: None,
        lines: Lines {
            keep: Words {
                ja: "どれでもいいや、ひっく",
                en: "Whichever. *hic*",
            },
            raise: Words {
                ja: "よーし、もう一杯…じゃなくて上乗せだ!",
                en: "One more round… of raising!",
            },
            fold: Words {
                ja: "ひっく…もう寝る",
                en: "*hic*… bedtime.",
            },
        },
    },
    Opponent {
        key: "woodcutter",
        name: "きこりのヨシ",
        name_en: "Yoshi the Woodcutter",
        hold: HoldStyle::Largest { careless: 80 },
        bet: BetStyle::Timid,
        ante: 5,
        step: 5,
        wins: ROUNDS_TO_WIN,
        colour: [110, 140, 70],
        badge: None,
        cheat: None,
        lines: Lines {
            keep: Words {
                ja: "勘で残すさ",
                en: "Keeping these, by feel.",
            },
            raise: Words {
                ja: "こいつは太い木だ、上乗せ!",
                en: "That's a thick trunk. Raise!",
            },
            fold: Words {
                ja: "斧が欠けた、降りる",
                en: "Chipped my axe. I fold.",
            },
        },
    },
    Opponent {
        key: "minstrel",
        name: "旅の楽師ミナ",
        name_en: "Mina the Minstrel",
        hold: HoldStyle::Largest { careless: 60 },
        bet: BetStyle::Bluffer { bluff: 20 },
        ante: 5,
        step: 5,
        wins: ROUNDS_TO_WIN,
        colour: [170, 120, 200],
        badge: None,
        cheat: Some(Cheat {
            kind: DieKind::Loaded,
            slot: 1,
            percent: 50,
        }),
        lines: Lines {
            keep: Words {
                ja: "この音とこの音で和音にしよう",
                en: "These two make a chord.",
            },
            raise: Words {
                ja: "ここで盛り上げましょう!",
                en: "Time for the big chorus!",
            },
            fold: Words {
                ja: "今夜は静かな曲で…",
                en: "A quiet tune tonight…",
            },
        },
    },
    Opponent {
        key: "easy",
        name: "見習いのタロウ",
        name_en: "Taro the Apprentice",
        hold: HoldStyle::Largest { careless: 40 },
        bet: BetStyle::Timid,
        ante: 5,
        step: 5,
        wins: ROUNDS_TO_WIN,
        colour: [90, 170, 160],
        badge: None,
        cheat: None,
        lines: Lines {
            keep: Words {
                ja: "これと…これ、残しとこうかな",
                en: "This one… and this one, I think.",
            },
            raise: Words {
                ja: "えっ、いい目だ! 上乗せします!",
                en: "Oh, a good one! I'll raise!",
            },
            fold: Words {
                ja: "うう、今回は降ります…",
                en: "Um… I'll sit this one out.",
            },
        },
    },
    Opponent {
        key: "fisher",
        name: "漁師のリク",
        name_en: "Riku the Fisherman",
        hold: HoldStyle::Straights,
        bet: BetStyle::Bluffer { bluff: 30 },
        ante: 10,
        step: 10,
        wins: ROUNDS_TO_WIN,
        colour: [70, 120, 190],
        badge: None,
        cheat: Some(Cheat {
            kind: DieKind::Weighted,
            slot: 3,
            percent: 40,
        }),
        lines: Lines {
            keep: Words {
                ja: "まっすぐ並べば大漁だ!",
                en: "A straight line brings the big catch!",
            },
            raise: Words {
                ja: "網を広げろ、上乗せだ!",
                en: "Cast the net wide. I raise!",
            },
            fold: Words {
                ja: "時化だ、船は出さねえ",
                en: "Too rough to go out. I fold.",
            },
        },
    },
    Opponent {
        key: "shipwright",
        name: "船大工のモモ",
        name_en: "Momo the Shipwright",
        hold: HoldStyle::Largest { careless: 10 },
        bet: BetStyle::Timid,
        ante: 10,
        step: 10,
        wins: ROUNDS_TO_WIN,
        colour: [180, 140, 90],
        badge: None,
        cheat: Some(Cheat {
            kind: DieKind::Loaded,
            slot: 4,
            percent: 25,
        }),
        lines: Lines {
            keep: Words {
                ja: "揃った板から組むのよ",
                en: "Build from the planks that match.",
            },
            raise: Words {
                ja: "この船は沈まないわ。上乗せ",
                en: "This hull won't sink. Raise.",
            },
            fold: Words {
                ja: "水漏れね、降りるわ",
                en: "She's leaking. I fold.",
            },
        },
    },
    Opponent {
        key: "normal",
        name: "商人のハナ",
        name_en: "Hana the Merchant",
        hold: HoldStyle::Payout,
        bet: BetStyle::Payout,
        ante: 20,
        step: 20,
        wins: LONG_MATCH,
        colour: [200, 110, 150],
        badge: Some(Badge::Shield),
        cheat: None,
        lines: Lines {
            keep: Words {
                ja: "儲かる目だけ残します",
                en: "I keep what pays.",
            },
            raise: Words {
                ja: "元は取れますわ。上乗せ",
                en: "This one pays for itself. Raise.",
            },
            fold: Words {
                ja: "損切りも商いのうち",
                en: "Cutting a loss is good business.",
            },
        },
    },
    Opponent {
        key: "hard",
        name: "名人ゲン",
        name_en: "Master Gen",
        hold: HoldStyle::Exact { slips: 0 },
        bet: BetStyle::Exact { bluff: 8 },
        ante: 40,
        step: 40,
        wins: LONG_MATCH,
        colour: [212, 175, 55],
        badge: Some(Badge::Double),
        cheat: None,
        lines: Lines {
            keep: Words {
                ja: "ふむ、これでよい",
                en: "Hm. These will do.",
            },
            raise: Words {
                ja: "受けてみるか?",
                en: "Care to meet me?",
            },
            fold: Words {
                ja: "この勝負は譲ろう",
                en: "This round is yours.",
            },
        },
    },
];

/// A friend at the same machine in the far seat: a person, so no mind of its
/// own is used; the classic stakes and match length. Not on the ladder.
pub const FRIEND: Opponent = Opponent {
    key: "friend",
    name: "ふたり目",
    name_en: "Player 2",
    hold: HoldStyle::Payout,
    bet: BetStyle::Payout,
    ante: 5,
    step: 5,
    wins: ROUNDS_TO_WIN,
    colour: [70, 120, 190],
    badge: None,
    cheat: None,
    lines: Lines {
        keep: Words { ja: "", en: "" },
        raise: Words { ja: "", en: "" },
        fold: Words { ja: "", en: "" },
    },
};

/// The person at the other machine of a network match, as this one shows
/// them: the stakes come from the host's welcome. Not on the ladder.
pub const PEER: Opponent = Opponent {
    key: "peer",
    name: "ネットの相手",
    name_en: "Your opponent",
    colour: [190, 110, 60],
    ..FRIEND
};

/// Opponents found on the roster.
impl Opponent {
    /// The opponent with this key.
    pub fn find(key: &str) -> Option<&'static Opponent> {
        OPPONENTS.iter().find(|o| o.key == key)
    }

    /// The opponent with this key, or a message listing the valid ones.
    pub fn named(key: &str) -> Result<&'static Opponent, String> {
        Opponent::find(key).ok_or_else(|| {
            let keys: Vec<&str> = OPPONENTS.iter().map(|o| o.key).collect();
            format!("no opponent '{key}' (choose {})", keys.join(", "))
        })
    }

    /// Its index in [`OPPONENTS`].
    pub fn index(&self) -> usize {
        OPPONENTS
            .iter()
            .position(|o| o.key == self.key)
            .unwrap_or_default()
    }
}
