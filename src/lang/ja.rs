//! Every string of the interface in Japanese: one exhaustive `match`, so a
//! key without its Japanese does not compile.

use super::strings::Key;

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
        Key::AllHeldStatus => "全部キープ中: 振り直すサイコロがありません",
        Key::RerollsLeft => "あと{}回振り直せます",
        Key::ResultStatus => "結果確定",
        Key::Payout => "配当 {} コイン",
        Key::Coins => "コイン {}",
        Key::Keep => "キープ",
        Key::SoloHelp => {
            "Space: 次へ・飛ばす\nクリック / 1-5: キープ\nドラッグ: 投げる\nEnter: 確定\nF1: 役と確率\nF3: 出目の内積\nS: 速度\nM: 音 / -=: 音量\nL: English\nEsc: メニュー"
        }
        Key::GameCost => "1ゲーム {} コイン",
        Key::Refill => "コインが足りないため {} 枚で再スタートします",
        Key::Hint => "ヒント: {} (期待値 {} コイン)",
        Key::HintStand => "このまま確定",
        Key::HintNone => "全部振り直す",
        Key::HintKeep => "{} をキープ",
        Key::HintWhichDice => "{} (サイコロ {})",
        Key::Check => "チェック",
        Key::Call => "コール {}",
        Key::Raise => "レイズ +{}",
        Key::Fold => "降りる",
        Key::NextRound => "次のラウンド",
        Key::Again => "もう一度",
        Key::DuelHelp => {
            "C チェック/コール\nR レイズ  F 降りる\nB 勲章  H ヒント\nA 指摘  W 勝率\nF1 役と確率  S 速度\nM 音  L English\nEsc メニュー"
        }
        Key::Score => "あなた {} - {} 相手",
        Key::Pot => "ポット {}",
        Key::WinChance => "勝率 {}%",
        Key::WinChanceNone => "勝率 —",
        Key::YourTurnThrow => "あなたの番: Space で投げる",
        Key::TheyThrow => "{}が投げます…",
        Key::BetCall => "賭け: コール {} / レイズ / 降りる",
        Key::BetCallOnly => "賭け: コール {} / 降りる",
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
        Key::SaidLine => "{}「{}」",
        Key::SettingsEntry => "設定",
        Key::SettingsAbout => "速度・動きを減らす・文字の大きさ・言語",
        Key::SettingsTitle => "設定",
        Key::SettingsFooter => "上下キーで選び、左右キー / Enter / クリックで変更 ・ Esc: 戻る",
        Key::SettingSpeed => "速度",
        Key::SettingMotion => "動きを減らす",
        Key::SettingTextSize => "文字の大きさ",
        Key::LeaveTable => "メニューに戻る",
        Key::Continue => "続ける",
        Key::WaitingForHost => "{} ・ {}が次へ進むのを待っています",
        Key::LeaveToLadder => "出世街道に戻る",
        Key::StakeLost => "（賭け金は戻りません）",
        Key::QuitGame => "ゲームを終了",
        Key::QuitButton => "終了 (Q)",
        Key::PauseTitle => "一時停止 ・ 設定",
        Key::PauseFooter => {
            "上下キーで選び、左右キー / Enter / クリックで変更 ・ Esc: ゲームに戻る"
        }
        Key::GuideEntry => "はじめての一局",
        Key::GuideAbout => "遊び方を一手ずつ案内します",
        Key::GuideThrow => {
            "ようこそ！ 五つのサイコロで役を作るゲームです。1ゲーム {} コイン。\nSpace か「投げる」ボタンで投げましょう（テーブルをドラッグして投げることもできます）。"
        }
        Key::GuideWait => {
            "サイコロが転がっています。止まると、それぞれ一番上の目を読みます。\nSpace で待たずに止まった所へ。"
        }
        Key::GuideKeep => {
            "役は「{}」です。F1 で役の強さと配当の一覧が見られます。\n残したいサイコロをクリックか 1〜5 キーで選ぶと「キープ」と付きます（振り直しはあと {} 回）。"
        }
        Key::GuideReroll => {
            "キープしていないサイコロを Space で振り直します（あと {} 回）。\nEnter で今の役に決めることもできます。迷ったら H でヒント。"
        }
        Key::GuidePaid => {
            "「{}」で {} コインの配当です（1ゲーム {} コイン）。\n上の欄の「あなたの判断」は、最善の残し方と比べて期待値で何枚損したか（0 なら最善）、「運」はサイコロの目が期待より良かった分です。\nこれで遊び方はおしまい！ Space で次のゲーム、Esc でメニュー。"
        }
        Key::GuideSkip => "Backspace か × でガイドを閉じる",
        Key::SettingGraphics => "画質",
        Key::GraphicsAuto => "自動 (このパソコンに合わせて)",
        Key::GraphicsLow => "軽い",
        Key::GraphicsHigh => "高い",
        Key::SettingKeys => "キー設定",
        Key::SettingBack => "戻る",
        Key::SettingResume => "ゲームに戻る",
        Key::KeysTitle => "キー設定",
        Key::KeysFooter => {
            "上下で選び Enter か A の後に押したキーかパッドのボタンを割り当て（使用中のものとは入れ替え）・ Esc / B: 戻る"
        }
        Key::KeysPress => "キーかボタンを押してください… (Esc / B: やめる)",
        Key::KeysPressKey => "キーを押してください… (Esc / B: やめる)",
        Key::KeysPressButton => "パッドのボタンを押してください… (Esc / B: やめる)",
        Key::KeysPad => "パッド",
        Key::KeysReset => "キーとボタンをすべて元に戻す",
        Key::ActThrow => "投げる・振り直す・飛ばす",
        Key::ActStand => "今の役に決める",
        Key::ActHold => "サイコロ {} をキープ",
        Key::ActHint => "ヒント",
        Key::ActWinChance => "勝率を表示",
        Key::ActCall => "チェック / コール",
        Key::ActRaise => "レイズ",
        Key::ActFold => "降りる",
        Key::ActBadge => "勲章を使う",
        Key::ActAccuse => "イカサマを指摘",
        Key::Evidence => "{}番目のサイコロ: {}の目が{}回({}回中)、{}対1で{}",
        Key::EvidenceStrong => "指摘するに足る証拠",
        Key::AccuseHow => "A: イカサマを指摘する",
        Key::DieFound => "トレイから見つかった: {}番目、{}",
        Key::DieBagged => {
            "そのサイコロは袋へ: スタート画面の「サイコロ袋」で自分のトレイに入れられる"
        }
        Key::BagFull => "袋がいっぱいなので、そのサイコロは卓に残した",
        Key::BagEntry => "サイコロ袋",
        Key::BagAbout => {
            "イカサマ師から取り上げたサイコロ {} 個: 「ひとりで」と出世街道のトレイに入れる"
        }
        Key::BagTitle => "サイコロ袋: {} 個、トレイに {} 個",
        Key::BagRow => "{}",
        Key::BagDieAbout => {
            "{}から: {}の目 {}%、{}の目 {}%(まともなら 16.7%)。Enter で次のサイコロ"
        }
        Key::BagFairAbout => "まともなサイコロ: どの目も 16.7%。Enter で袋のサイコロを入れる",
        Key::CheatCaught => "見破った! {}のサイコロに細工があった: ポットと勝負は没収",
        Key::FalseAccusation => "濡れ衣だった: {}のサイコロはまとも、ポットと勝負は相手のもの",
        Key::ActSpeed => "速度",
        Key::ActRules => "役と確率",
        Key::ActRecords => "記録",
        Key::ActMute => "音を消す",
        Key::ActVolumeDown => "音量を下げる",
        Key::ActVolumeUp => "音量を上げる",
        Key::ActLanguage => "言語 (English)",
        Key::ActHoldAtCursor => "カーソルのサイコロをキープ",
        Key::PadCursorHelp => "十字 ←→: サイコロを選ぶ",
        Key::PadMenuHelp => "Start: メニュー",
        Key::Resumed => "中断したゲームを、止まった所から続けます",
        Key::SettingLanguage => "言語",
        Key::SettingLine => "{}: {}",
        Key::On => "オン",
        Key::Off => "オフ",
        Key::SpeedNotice => "速度: {} (S で切り替え)",
        Key::SpeedInstant => "一瞬",
        Key::CareerLine => "経歴: {}人に勝利、勲章{}個、{}戦{}勝、所持金{}",
        Key::SaidBadge => "{}: {}▶{} で勝負 (勝率 {}%)",
        Key::BadgeOffer => "B {}: 勝率 {}% ▶ {}%",
        Key::BadgeCarried => "勲章: {}",
        Key::TakingBadge => "持っていく勲章: {} (B で変更)",
        Key::DuelHint => "ヒント: {} (勝率 {}%)",
        Key::DuelHintBet => "ヒント: いまの勝率 {}%",
        Key::SoloEntry => "ひとりで",
        Key::SoloAbout => "配当表を相手に 1ゲーム {} コイン",
        Key::DuelEntry => "腕試し: {}",
        Key::DuelAbout => "{} / アンティ {}・レイズ {}。出世街道の勝ち負けには数えません",
        Key::StartFooter => "矢印キーで選んで Enter、または 1–{} / クリック (L: English)",
        Key::StartCoins => "所持金 {} コイン",
        Key::MatchesEntry => "対戦",
        Key::MatchesAbout => {
            "ふたりで・みんなで・ネット対戦、それに出世街道の外でコインを賭ける一戦"
        }
        Key::MatchesTitle => "対戦",
        Key::BackEntry => "戻る (Esc)",
        Key::BackAbout => "最初の画面へ",
        Key::RecordsAbout => "これまでの成績、コインの増減、役の記録",
        Key::QuitAbout => "ゲームを閉じます。途中の勝負は次に開いたとき続きから",
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
        Key::DailyRecord => "今日の一局: {}日 完了 ・ 自己ベスト {} 枚",
        Key::TableRecord => "みんなで {}: {}勝 {}敗 {}分 (降り {} / 全員降り {})",
        Key::Called => "コール",
        Key::Raised => "レイズ",
        Key::Refunded => "中断されたゲームの {} コインを返しました",
        Key::TroubleUnreadable => {
            "セーブファイル {} を読めません（{}）。そのまま残し、今回は保存しません。コイン {} 枚で始めます"
        }
        Key::TroubleDamaged => "セーブファイル {} が壊れています（{}）。{}",
        Key::TroubleOutOfRange => {
            "セーブファイル {} のコインが範囲外です（{} 枚、賭け {} 枚。上限 {} 枚）。{}"
        }
        Key::TroublePartLost => {
            "セーブファイル {} の一部（{}）が読めないため既定に戻しました（{}）。{}。コインとほかの設定はそのままです"
        }
        Key::TroubleUnsaved => "{} に保存できません（{}）。このまま続けます",
        Key::TroubleUnrecorded => "記録 {} に書き込めません（{}）",
        Key::TroubleCutOff => {
            "セーブファイル {} の中断されたゲームは再開できません（{}）。賭けていた {} コインを返しました。{}。コインと設定はそのままです"
        }
        Key::AsideCopyKept => "写しを {} として残しました",
        Key::AsideCopyFailed => "写しは残せませんでした（{}）",
        Key::AsideKept => "{} として残し、コイン {} 枚で始めます",
        Key::AsideNoName => "残す名前が見つからないため、コイン {} 枚で始めます",
        Key::AsideFailed => "残せませんでした（{}）。コイン {} 枚で始めます",
        Key::LadderEntry => "出世街道",
        Key::LadderAbout => "{}人の相手、{}つの店。勝ち上がって勲章を",
        Key::LadderTitle => "出世街道",
        Key::LadderSummary => "勝利 {}/{} ・ 勲章 {} ・ コイン {}",
        Key::LadderFooter => {
            "上下キーで選んで Enter、またはクリック ・ B: 勲章 ・ N: 新しい経歴 ・ Esc: 戻る"
        }
        Key::NewCareerSure => "もう一度 N を押すと経歴を最初からやり直します (コインはそのまま)",
        Key::NewCareerDone => "新しい経歴を始めました",
        Key::VenueLine => "{} ・ 最低所持金 {} ・ 勲章: {}",
        Key::RungLine => "{}  {}  {}/{}  {}",
        Key::BestOf => "{}本先取",
        Key::StatusBeaten => "勝利済み",
        Key::StatusOpen => "挑戦できる",
        Key::StatusAfter => "{}に勝つと開く",
        Key::StatusBuyIn => "{}枚必要",
        Key::LockedNotice => "{}: まだ挑戦できません ({})",
        Key::PracticeMark => "練習: コインも経歴も動きません",
        Key::CareerMark => "出世街道: {}",
        Key::NewOpponent => "新しい相手: {}",
        Key::NewVenue => "新しい店: {}",
        Key::BadgeWon => "勲章「{}」を獲得: {}",
        Key::Champion => "名人を破りました! 出世街道を制覇",
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
        Key::RulesTable => {
            "みんなで: 毎ラウンド全員がアンティ {}。投げた後と、最後を除く振り直しの後に順に賭け (チェック・ベット/レイズ {}・コール・降りる、レイズは1巡 {} 回まで)、振り直しは各 {} 回。最後の振り直しの後は全員のサイコロが見えていて賭けで勝負が変わらないので、すぐに役を比べます。足りない席はオールインで、出した分だけ勝てます (サイドポット)。同じ役はポットを山分け。先に {} 勝で勝ち。"
        }
        Key::RulesDaily => {
            "今日の一局: 5局、出目はこの日遊ぶ全員に同じ。振り直しは {} 回まで。コインは動かず、最善の残し方との差 (判断の損) で採点します。"
        }
        Key::DailyEntry => "今日の一局",
        Key::DailyAbout => "{} の5ゲーム、誰にも同じ目。残し方の上手さで採点",
        Key::DailyLine => "今日の一局 {}  第{}局 / {}",
        Key::DailyScore => "判断の損: {} 枚 (最善の残し方なら 0)",
        Key::DailyBest => "自己ベスト: {} 枚",
        Key::DailyDone => "完了! 5局の損 {} 枚 ・ Space: 戻る ・ Tab: 記録",
        Key::DailyNewBest => "自己ベスト更新!",
        Key::DailyFirst => "初めての記録です: 明日はこれより少ない損を目指しましょう",
        Key::DailyNext => "次の局へ",
        Key::DailyFinish => "終わる",
        Key::DailyHelp => {
            "5局それぞれ、今日は\n全員に同じ出目です。\nコインは動きません。\n最善の残し方との差\n(判断の損) が小さい\nほど良い記録です"
        }
        Key::HintHelp => "H: ヒント",
        Key::DailyReplay => "この日は挑戦済み: 今回は記録に数えません",
        Key::DailyShare => "サイコロポーカー 今日の一局 {}\n{} 判断の損 {} 枚",
        Key::DailyCopy => "結果をコピー (Enter)",
        Key::DailyCopied => "コピーしました: 出目は見せずに残し方だけを伝えます",
        Key::DailyNoClipboard => {
            "クリップボードが使えません ({}): dice-poker daily --share でも出せます"
        }
        Key::FriendEntry => "ふたりで",
        Key::FriendAbout => "同じ画面で友だちと対戦 (アンティ {}、レイズ {})。所持金は別々",
        Key::FriendTurn => "{}: {}",
        Key::FriendBanner => "{}の番",
        Key::FriendCoins => "{}の所持金: {}",
        Key::FriendNear => "ひとり目",
        Key::FriendScore => "{} {} - {} {}",
        Key::FriendFolded => "{}が降りました: {}の勝ち",
        Key::NetEntry => "ネット対戦",
        Key::NetAbout => {
            "家の中やネット越しの友だちと。参加コードを伝えて始めます。どちらの側もサイコロに細工はできません"
        }
        Key::NetTitle => "ネット対戦",
        Key::NetHostDuel => "ふたりでホスト (H)",
        Key::NetHostThree => "3人の卓 (3)",
        Key::NetHostFour => "4人の卓 (4)",
        Key::NetJoinButton => "参加する (J / Enter)",
        Key::NetHelp => {
            "H: ホストになる ・ 3 / 4: 3人・4人の卓のホストになる ・ J: 参加 (Tab で欄を移動、Enter で接続) ・ R: 中継サーバー (入れるとポート開放なしで H も J も中継経由) ・ Esc: 戻る"
        }
        Key::NetAddress => "アドレス: {}",
        Key::NetCode => "参加コード: {}",
        Key::NetRelay => "中継サーバー (空なら直接): {}",
        Key::NetHostingRelay => {
            "中継サーバー {} で待っています。相手に同じ中継サーバーと参加コード {} を伝えてください"
        }
        Key::NetHostingAt => {
            "ポート {} で待っています。相手に「{}」と参加コード {} を伝えてください"
        }
        Key::NetHosting => {
            "ポート {} で待っています。相手に「このマシンのアドレス:{}」と参加コード {} を伝えてください"
        }
        Key::NetJoining => "{} に接続しています…",
        Key::NetEnded => "対戦は終わりました: {}",
        Key::NetFinished => "対戦は終わりました: すべての試合の勝負がつきました",
        Key::NetCutClosed => "相手が接続を切りました",
        Key::NetCutSilent => "相手から {} 秒応答がなく、相手の負けです",
        Key::NetCutStalled => "相手の送信が遅すぎました（{} 秒超）",
        Key::NetCutDealTooSlow => "相手が {} 秒以内に配りに応えず、相手の負けです",
        Key::NetCutTurnTooSlow => "相手が {} 秒以内に手を打たなかったので、相手の負けです",
        Key::NetCutRemoved => {
            "時間内に手を打たなかったため、この席は卓を離れました（賭けたコインは卓に残ります）"
        }
        Key::NetCutForfeit => "相手が規則に反したので、相手の負けです（{}）",
        Key::NetCutCheated => {
            "相手からの通信が途中で変えられたか、約束と合いませんでした。不正として終わります"
        }
        Key::NetCutWrongCode => "参加コードが違います",
        Key::NetCutTooManyWrongCodes => "参加コードの誤りが {} 回あったので、待つのをやめました",
        Key::NetCutRefused => "相手に断られました: {}",
        Key::NetCutTerms => "参加しません。ホストの条件がこのゲームと合いません: {}",
        Key::NetCutRelay => "中継サーバー: {}",
        Key::NetCutCannotListen => "ポート {} で待てません（{}）",
        Key::NetCutNetwork => "ネットワークのエラー（{}）",
        Key::NetCutGameClosed => "ゲームが閉じられました",
        Key::TableClosed => "Esc: メニューへ",
        Key::LuckLine => "あなたの判断: {} 枚 ・ 運: {} 枚",
        Key::DuelLuckLine => "あなたの判断: {} ・ 相手のミス: {} ・ 運: {}（勝率）",
        Key::MatchLuckLine => "この対戦 ({} 勝負): 判断 {} ・ 相手のミス {} ・ 運 {}",
        Key::FriendLuckLine => "{}の判断: {} ・ {}の判断: {} ・ 運（{}から見て）: {}（勝率）",
        Key::FriendMatchLuckLine => "この対戦 ({} 勝負): {}の判断 {} ・ {}の判断 {} ・ 運 {}",
        Key::PartyEntry => "みんなで",
        Key::PartyAbout => "2〜4人の卓。コンピューターや友だちと ({} 枚で着席、アンティ {})",
        Key::PartyYou => "あなた",
        Key::PartyFriend => "友だち {}",
        Key::PartyHost => "ホスト",
        Key::PartyGuest => "ゲスト {}",
        Key::NetTableWait => "ほかの席を待っています…",
        Key::NetTableOver => "この卓は終わりました ・ Esc: メニューへ",
        Key::NetSeatVoid => "{}が配りの途中で席を立ちました: このラウンドは無効です",
        Key::PartyVoid => "ラウンド無効: 賭けた分は戻り、抜けた席の分は残った席で分けました",
        Key::NetSeatLeft => "{}が席を立ちました (降りたことになります)",
        Key::PartyBadge => "{}「{}」",
        Key::PartyBadgePaid => "{}の「{}」: 店から {}枚",
        Key::SeatingAway => "ネットの相手 (ホストになる)",
        Key::NetSeated => "{}人の卓: {}席が埋まりました (ホストを含む)",
        Key::PartyStack => "{}枚 ・ 賭け {}",
        Key::PartyWins => "勝ち {}",
        Key::PartyFolded => "降りた",
        Key::PartyAllIn => "オールイン",
        Key::PartyOut => "コインなし",
        Key::PartyLeft => "席を立ちました",
        Key::PartyPot => "ポット {} ・ 第{}ラウンド ・ {}勝で勝負",
        Key::PartyAlsoTakes => "{}が{}枚",
        Key::SidePot => "サイド {}",
        Key::ListStart => "、",
        Key::ListJoin => "、",
        Key::PartyTakes => "{}がポット{}枚を取りました",
        Key::PartySplit => "引き分け: ポットを分けました",
        Key::PartyMatch => "勝負は{}の勝ち",
        Key::PartyNext => "Space: 次のラウンド",
        Key::PartyAgain => "Space: もう一度",
        Key::PartyHelp => {
            "Space 投げる・振り直す ・ 1-5 / クリック キープ ・ Enter 確定\nC チェック/コール ・ R レイズ ・ F 降りる ・ A 指摘 ・ Esc メニュー"
        }
        Key::SeatingTitle => "みんなで: 席を決める",
        Key::SeatingYou => "席1: あなた",
        Key::SeatingRow => "席{}: ◀ {} ▶",
        Key::SeatingEmpty => "空席",
        Key::SeatingFriend => "友だち (この画面で交代)",
        Key::SeatingSit => "着席 ({}人・ひとり {} 枚・アンティ {})",
        Key::SeatingFooter => {
            "上下キーで選び、左右キー / クリックで変更 ・ Enter: 着席 ・ Esc: 戻る"
        }
        Key::PartyAnd => "{} ・ {}",
    }
}
