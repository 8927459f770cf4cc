//! The strings themselves: every message key, and one exhaustive `match`
//! per language (a string missing from a language does not compile).

/// Declares [`Key`] and [`Key::ALL`] from one list, so the two cannot disagree.
macro_rules! keys {
    ($($key:ident),* $(,)?) => {
        /// A string of the interface.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $($key,)*
        }

        impl Key {
            /// Every key, in declaration order.
            pub const ALL: &[Key] = &[$(Key::$key),*];
        }
    };
}

keys! {
    Title,
    Throw,
    Reroll,
    Confirm,
    NewGame,
    Busy,
    ReadyStatus,
    RollingStatus,
    AllHeldStatus,
    RerollsLeft,
    ResultStatus,
    Payout,
    Coins,
    Keep,
    SoloHelp,
    GameCost,
    Refill,
    Hint,
    HintStand,
    HintNone,
    HintKeep,
    Check,
    Call,
    Raise,
    Fold,
    NextRound,
    Again,
    DuelHelp,
    Score,
    Pot,
    WinChance,
    WinChanceNone,
    YourTurnThrow,
    TheyThrow,
    BetCall,
    BetOpen,
    TheyThink,
    YourReroll,
    TheirTurn,
    Draw,
    YouFolded,
    TheyFolded,
    YouWin,
    TheyWin,
    MatchYours,
    MatchTheirs,
    KeepFaces,
    RerollAll,
    StandPat,
    Said,
    DuelHint,
    DuelHintBet,
    SoloEntry,
    SoloAbout,
    DuelEntry,
    DuelAbout,
    StartFooter,
    RecordsButton,
    Records,
    NoRecords,
    Back,
    HandsChart,
    HandsNote,
    CoinsChart,
    CoinsNote,
    HoldsChart,
    BestShare,
    GivenUp,
    SoloReturn,
    DuelRecord,
    Called,
    Raised,
    RulesTitle,
    RulesColumns,
    RulesPays,
    RulesTieBreak,
    RulesSolo,
    RulesDuel,
    Refunded,
}

/// Japanese, the game's first language.
pub(super) fn ja(key: Key) -> &'static str {
    match key {
        Key::Title => "ダイスポーカー",
        Key::Throw => "投げる",
        Key::Reroll => "振り直す",
        Key::Confirm => "確定",
        Key::NewGame => "新しいゲーム",
        Key::Busy => "…",
        Key::ReadyStatus => "Space かボタンで投げます",
        Key::RollingStatus => "転がっています…",
        Key::AllHeldStatus => "全部キープ中: 振り直すダイスがありません",
        Key::RerollsLeft => "あと{}回振り直せます",
        Key::ResultStatus => "結果確定",
        Key::Payout => "配当 {} コイン",
        Key::Coins => "コイン {}",
        Key::Keep => "キープ",
        Key::SoloHelp => {
            "Space: 次へ\nクリック / 1-5: キープ\nドラッグ: 投げる\nEnter: 確定\nH: ヒント\nF1: 役と確率\nF3: 出目の内積\nM: 音 / -=: 音量\nL: English\nEsc: メニュー"
        }
        Key::GameCost => "1ゲーム {} コイン",
        Key::Refill => "コインが足りないため {} 枚で再スタートします",
        Key::Hint => "ヒント: {} (期待値 {} コイン)",
        Key::HintStand => "このまま確定",
        Key::HintNone => "全部振り直す",
        Key::HintKeep => "{} をキープ",
        Key::Check => "チェック",
        Key::Call => "コール {}",
        Key::Raise => "レイズ +{}",
        Key::Fold => "降りる",
        Key::NextRound => "次のラウンド",
        Key::Again => "もう一度",
        Key::DuelHelp => {
            "C チェック/コール\nR レイズ  F 降りる\nH ヒント  W 勝率\nF1 役と確率\nM 音  L English\nEsc メニュー"
        }
        Key::Score => "あなた {} - {} 相手",
        Key::Pot => "ポット {}",
        Key::WinChance => "勝率 {}%",
        Key::WinChanceNone => "勝率 —",
        Key::YourTurnThrow => "あなたの番: Space で投げる",
        Key::TheyThrow => "{}が投げます…",
        Key::BetCall => "賭け: コール {} / レイズ / 降りる",
        Key::BetOpen => "賭け: チェックかレイズ",
        Key::TheyThink => "{}が考えています…",
        Key::YourReroll => "キープを選んで振り直し (あと{}回) / Enter で確定",
        Key::TheirTurn => "{}の番",
        Key::Draw => "引き分け: ポットは次のラウンドへ",
        Key::YouFolded => "降りました: {}の勝ち",
        Key::TheyFolded => "{}が降りました: あなたの勝ち",
        Key::YouWin => "あなたの勝ち",
        Key::TheyWin => "{}の勝ち",
        Key::MatchYours => "{} — 勝負に勝ちました!",
        Key::MatchTheirs => "{} — 勝負は{}の勝ち",
        Key::KeepFaces => "{}を残す",
        Key::RerollAll => "全部振り直す",
        Key::StandPat => "このまま勝負",
        Key::Said => "{}: 勝率 {}%",
        Key::DuelHint => "ヒント: {} (勝率 {}%)",
        Key::DuelHintBet => "ヒント: いまの勝率 {}%",
        Key::SoloEntry => "ひとりで",
        Key::SoloAbout => "配当表を相手に 1ゲーム {} コイン",
        Key::DuelEntry => "対戦: {}",
        Key::DuelAbout => "{} / アンティ {}・レイズ {}",
        Key::StartFooter => "上下キーで選んで Enter、または 1–4 / クリック (L: English)",
        Key::RecordsButton => "記録 (Tab)",
        Key::Records => "記録",
        Key::NoRecords => "まだ記録がありません。遊んでからまた見てください。",
        Key::Back => "戻る (Tab / Esc)",
        Key::HandsChart => "最初の出目の役 (棒) と理論 (線)",
        Key::HandsNote => "強い順: {}\n{} 回, p = {} (小さいほど偏り)",
        Key::CoinsChart => "コインの推移 (最近のゲーム)",
        Key::CoinsNote => "{} ゲーム: {} コイン (最低 {}, 最高 {})",
        Key::HoldsChart => "ホールドの正確さ",
        Key::BestShare => "最善の選択 {}/{} ({}%)",
        Key::GivenUp => "1ゲームあたり失った期待値 {} コイン",
        Key::SoloReturn => "ひとりで {} ゲーム: 還元率 {}% (最善 {}%)",
        Key::DuelRecord => "対戦 {}: {}勝 {}敗 {}分 (降り {} / 相手降り {})",
        Key::Called => "コール",
        Key::Raised => "レイズ",
        Key::Refunded => "中断されたゲームの {} コインを返しました",
        Key::RulesTitle => "役の強さと確率 (F1 / Esc で閉じる)",
        Key::RulesColumns => "強い順 / 例 / 1投目で出る確率",
        Key::RulesPays => "{} コイン",
        Key::RulesTieBreak => {
            "同じ役なら、多い組の目が大きいほうが勝ち。次に残りの目を大きい順に比べ、すべて同じなら引き分け。"
        }
        Key::RulesSolo => {
            "ひとりで: 1ゲーム {} コイン、振り直しは {} 回まで。確定した役の配当を受け取ります。"
        }
        Key::RulesDuel => {
            "対戦: アンティ {}、レイズ {}。チェック・コール・レイズ・降りるで賭け、振り直しは各 {} 回。先に2勝で勝ち、引き分けはポットを持ち越し。"
        }
    }
}

/// English.
pub(super) fn en(key: Key) -> &'static str {
    match key {
        Key::Title => "Dice Poker",
        Key::Throw => "Throw",
        Key::Reroll => "Reroll",
        Key::Confirm => "Keep hand",
        Key::NewGame => "New game",
        Key::Busy => "…",
        Key::ReadyStatus => "Space or the button throws",
        Key::RollingStatus => "Rolling…",
        Key::AllHeldStatus => "All dice kept: nothing to reroll",
        Key::RerollsLeft => "{} rerolls left",
        Key::ResultStatus => "Final",
        Key::Payout => "Pays {} coins",
        Key::Coins => "Coins {}",
        Key::Keep => "Keep",
        Key::SoloHelp => {
            "Space: next\nClick / 1-5: keep\nDrag: throw\nEnter: keep hand\nH: hint\nF1: hands & rules\nF3: face dots\nM: sound / -=: volume\nL: 日本語\nEsc: menu"
        }
        Key::GameCost => "A game costs {} coins",
        Key::Refill => "Out of coins: starting again with {}",
        Key::Hint => "Hint: {} (expected {} coins)",
        Key::HintStand => "keep the hand",
        Key::HintNone => "reroll everything",
        Key::HintKeep => "keep {}",
        Key::Check => "Check",
        Key::Call => "Call {}",
        Key::Raise => "Raise +{}",
        Key::Fold => "Fold",
        Key::NextRound => "Next round",
        Key::Again => "Play again",
        Key::DuelHelp => {
            "C check/call\nR raise  F fold\nH hint  W win chance\nF1 hands & rules\nM sound  L 日本語\nEsc menu"
        }
        Key::Score => "You {} - {} them",
        Key::Pot => "Pot {}",
        Key::WinChance => "Win {}%",
        Key::WinChanceNone => "Win —",
        Key::YourTurnThrow => "Your turn: Space throws",
        Key::TheyThrow => "{} throws…",
        Key::BetCall => "Bet: call {} / raise / fold",
        Key::BetOpen => "Bet: check or raise",
        Key::TheyThink => "{} is thinking…",
        Key::YourReroll => "Keep dice and reroll ({} left) / Enter keeps the hand",
        Key::TheirTurn => "{}'s turn",
        Key::Draw => "Draw: the pot stays for the next round",
        Key::YouFolded => "You folded: {} wins",
        Key::TheyFolded => "{} folded: you win",
        Key::YouWin => "You win",
        Key::TheyWin => "{} wins",
        Key::MatchYours => "{} — you win the match!",
        Key::MatchTheirs => "{} — {} wins the match",
        Key::KeepFaces => "keeps {}",
        Key::RerollAll => "rerolls everything",
        Key::StandPat => "stands",
        Key::Said => "{}: {}% to win",
        Key::DuelHint => "Hint: {} ({}% to win)",
        Key::DuelHintBet => "Hint: {}% to win from here",
        Key::SoloEntry => "Solo",
        Key::SoloAbout => "Against the payout table, {} coins a game",
        Key::DuelEntry => "Duel: {}",
        Key::DuelAbout => "{} / ante {}, raise {}",
        Key::StartFooter => "Up/down and Enter, or 1–4, or click (L: 日本語)",
        Key::RecordsButton => "Records (Tab)",
        Key::Records => "Records",
        Key::NoRecords => "No records yet: play a game and look again.",
        Key::Back => "Back (Tab / Esc)",
        Key::HandsChart => "First throws (bars) vs theory (lines)",
        Key::HandsNote => "Strongest first: {}\n{} throws, p = {} (small means biased)",
        Key::CoinsChart => "Coins over the last games",
        Key::CoinsNote => "{} games: {} coins (low {}, high {})",
        Key::HoldsChart => "How good the holds were",
        Key::BestShare => "Best choice {}/{} ({}%)",
        Key::GivenUp => "Expected coins given up per game {}",
        Key::SoloReturn => "Solo {} games: return {}% (best play {}%)",
        Key::DuelRecord => "Duel {}: {} won {} lost {} drawn ({} folded / {} by them)",
        Key::Called => "Call",
        Key::Raised => "Raise",
        Key::Refunded => "{} coins from a game that was cut off are back",
        Key::RulesTitle => "Hands and their chances (F1 / Esc closes)",
        Key::RulesColumns => "Strongest first / e.g. / chance on a first throw",
        Key::RulesPays => "{} coins",
        Key::RulesTieBreak => {
            "Same hand: the bigger group's face wins, then the other dice from high to low; all the same is a draw."
        }
        Key::RulesSolo => "Solo: a game costs {} coins, up to {} rerolls; the final hand pays.",
        Key::RulesDuel => {
            "Duel: ante {}, raise {}. Check, call, raise or fold; {} reroll(s) each. First to two rounds wins; a draw carries the pot over."
        }
    }
}
