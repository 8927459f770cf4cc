//! Every string of the interface in English: one exhaustive `match`, so a
//! key without its English does not compile.
//!
//! Items are separated by "∙" (U+2219), not the middle dot U+00B7: the
//! bundled font classes U+00B7 as a combining mark, so a shaper draws it over
//! the space before it and the word after it runs into it.

use super::strings::Key;

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
            "Space: next, skip\nClick / 1-5: keep\nDrag: throw\nEnter: keep hand\nF1: hands & rules\nF3: face dots\nS: speed\nM: sound / -=: volume\nL: 日本語\nEsc: menu"
        }
        Key::GameCost => "A game costs {} coins",
        Key::Refill => "Out of coins: starting again with {}",
        Key::Hint => "Hint: {} (expected {} coins)",
        Key::HintStand => "keep the hand",
        Key::HintNone => "reroll everything",
        Key::HintKeep => "keep {}",
        Key::HintWhichDice => "{} (dice {})",
        Key::Check => "Check",
        Key::Call => "Call {}",
        Key::Raise => "Raise +{}",
        Key::Fold => "Fold",
        Key::NextRound => "Next round",
        Key::Again => "Play again",
        Key::DuelHelp => {
            "C check/call\nR raise  F fold\nB badge  H hint\nA accuse  W win chance\nF1 rules  S speed\nM sound  L 日本語\nEsc menu"
        }
        Key::Score => "You {} - {} opponent",
        Key::Pot => "Pot {}",
        Key::WinChance => "Win {}%",
        Key::WinChanceNone => "Win —",
        Key::YourTurnThrow => "Your turn: Space throws",
        Key::TheyThrow => "{} throws…",
        Key::BetCall => "Bet: call {} / raise / fold",
        Key::BetCallOnly => "Bet: call {} / fold",
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
        Key::SaidLine => "{} \"{}\"",
        Key::SettingsEntry => "Settings",
        Key::SettingsAbout => "Speed, reduced motion, text size, language",
        Key::SettingsTitle => "Settings",
        Key::SettingsFooter => {
            "Up/down to choose, left/right, Enter or click to change ∙ Esc: back"
        }
        Key::SettingSpeed => "Speed",
        Key::SettingMotion => "Reduced motion",
        Key::SettingTextSize => "Text size",
        Key::LeaveTable => "Back to the menu",
        Key::Continue => "Continue",
        Key::WaitingForHost => "{} ∙ waiting for {} to go on",
        Key::LeaveToLadder => "Back to the ladder",
        Key::StakeLost => " (the stake is lost)",
        Key::QuitGame => "Quit the game",
        Key::QuitButton => "Quit (Q)",
        Key::PauseTitle => "Paused ∙ Settings",
        Key::PauseFooter => {
            "Up/down to choose, left/right, Enter or click to change ∙ Esc: back to the game"
        }
        Key::GuideEntry => "First game, guided",
        Key::GuideAbout => "How to play, one step at a time",
        Key::GuideThrow => {
            "Welcome! Make poker hands with five dice. A game costs {} coins.\nPress Space or the Throw button to throw (or drag across the table)."
        }
        Key::GuideWait => {
            "The dice are rolling. When they stop, each top face is read.\nSpace skips to the dice at rest."
        }
        Key::GuideKeep => {
            "Your hand: {}. F1 shows every hand, how strong it is and what it pays.\nClick dice or press 1-5 to keep them: they are labelled Keep ({} rerolls left)."
        }
        Key::GuideReroll => {
            "Space throws the dice you did not keep ({} rerolls left).\nEnter keeps the hand as it is. Stuck? H gives a hint."
        }
        Key::GuidePaid => {
            "{} pays {} coins (a game costs {}).\nUp top, \"your holds\" is the expected coins your keeps gave up against the best ones (0: the best), \"luck\" what the dice gave beyond what was expected.\nThat is all there is! Space plays the next game, Esc opens the menu."
        }
        Key::GuideSkip => "Backspace or × closes the guide",
        Key::SettingGraphics => "Graphics",
        Key::GraphicsAuto => "auto (to fit this machine)",
        Key::GraphicsLow => "low",
        Key::GraphicsHigh => "high",
        Key::SettingKeys => "Keys",
        Key::SettingBack => "Back",
        Key::SettingResume => "Back to the game",
        Key::KeysTitle => "Keys",
        Key::KeysFooter => {
            "Up/down to choose, Enter or A, then the new key or pad button (one in use swaps) ∙ Esc / B: back"
        }
        Key::KeysPress => "press a key or button… (Esc / B: cancel)",
        Key::KeysPressKey => "press a key… (Esc / B: cancel)",
        Key::KeysPressButton => "press a pad button… (Esc / B: cancel)",
        Key::KeysPad => "pad",
        Key::KeysReset => "Back to the default keys and buttons",
        Key::ActThrow => "Throw, reroll, skip",
        Key::ActStand => "Keep the hand",
        Key::ActHold => "Keep die {}",
        Key::ActHint => "Hint",
        Key::ActWinChance => "Win chance",
        Key::ActCall => "Check / call",
        Key::ActRaise => "Raise",
        Key::ActFold => "Fold",
        Key::ActBadge => "Use the badge",
        Key::ActAccuse => "Accuse of cheating",
        Key::Evidence => "Die {}: the {} came up in {} of {} throws; {} to 1 it is {}",
        Key::EvidenceStrong => "Enough to accuse",
        Key::AccuseHow => "A: accuse of cheating",
        Key::DieFound => "Found in the tray: die {}, {}",
        Key::DieBagged => {
            "It goes into your bag: lay it in your tray from the start screen's dice bag"
        }
        Key::BagFull => "Your bag is full: the die stays on the table",
        Key::BagEntry => "Dice bag",
        Key::BagAbout => {
            "{} dice taken from cheats: choose which go in your tray, solo and on the ladder"
        }
        Key::BagTitle => "Dice bag: {} dice, {} in the tray",
        Key::BagRow => "{} die",
        Key::BagDieAbout => {
            "From {}: the {} {}%, the {} {}% (a fair die: 16.7%). Enter: the next die"
        }
        Key::BagFairAbout => "A fair die: every face 16.7%. Enter lays a die from the bag",
        Key::CheatCaught => "Caught! {} played a crooked die: the pot and the match are forfeit",
        Key::FalseAccusation => {
            "A false accusation: {}'s dice are honest, the pot and the match go to them"
        }
        Key::ActSpeed => "Speed",
        Key::ActRules => "Hands & rules",
        Key::ActRecords => "Records",
        Key::ActMute => "Sound on/off",
        Key::ActVolumeDown => "Volume down",
        Key::ActVolumeUp => "Volume up",
        Key::ActLanguage => "Language (日本語)",
        Key::ActHoldAtCursor => "Keep the die at the cursor",
        Key::PadCursorHelp => "D-pad ←→: choose a die",
        Key::PadMenuHelp => "Start: menu",
        Key::Resumed => "The game that was cut off is back where it stood",
        Key::SettingLanguage => "Language",
        Key::SettingLine => "{}: {}",
        Key::On => "on",
        Key::Off => "off",
        Key::SpeedNotice => "Speed: {} (S to change)",
        Key::SpeedInstant => "instant",
        Key::CareerLine => "career: {} beaten, {} badges, {} matches, {} won, {} coins",
        Key::SaidBadge => "{}: {}▶{}, stands ({}% to win)",
        Key::BadgeOffer => "B {}: win chance {}% ▶ {}%",
        Key::BadgeCarried => "Badge: {}",
        Key::TakingBadge => "Badge to take: {} (B to change)",
        Key::DuelHint => "Hint: {} ({}% to win)",
        Key::DuelHintBet => "Hint: {}% to win from here",
        Key::SoloEntry => "Solo",
        Key::SoloAbout => "Against the payout table, {} coins a game",
        Key::DuelEntry => "Duel: {}",
        Key::DuelAbout => "{} / ante {}, raise {}. Does not count on the ladder",
        Key::StartFooter => "Arrows and Enter, or 1–{}, or click (L: 日本語)",
        Key::StartCoins => "{} coins",
        Key::MatchesEntry => "Matches",
        Key::MatchesAbout => {
            "Two players, a table for up to four, network matches, and duels for coins outside the ladder"
        }
        Key::MatchesTitle => "Matches",
        Key::BackEntry => "Back (Esc)",
        Key::BackAbout => "To the first page",
        Key::RecordsAbout => "Your results so far, coins won and lost, hands thrown",
        Key::QuitAbout => "Closes the game; a game under way comes back next time",
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
        Key::DailyRecord => "Daily challenge: {} day(s) done ∙ personal best {} coins",
        Key::TableRecord => "Table {}: {} won {} lost {} shared ({} folded / {} by folds)",
        Key::Called => "Call",
        Key::Raised => "Raise",
        Key::Refunded => "{} coins from a game that was cut off are back",
        Key::TroubleUnreadable => {
            "cannot read {}: {}; it is left as it is and nothing is saved this time, starting with {} coins"
        }
        Key::TroubleDamaged => "save file {} is damaged ({}); {}",
        Key::TroubleOutOfRange => {
            "save file {} holds coins out of range ({} coins, {} at stake; at most {}); {}"
        }
        Key::TroublePartLost => {
            "part of save file {} ({}) could not be read and is back to its default ({}); {}; your coins and the rest of your settings are kept"
        }
        Key::TroubleUnsaved => "cannot save coins to {}: {}; playing on",
        Key::TroubleUnrecorded => "cannot write the history to {}: {}",
        Key::TroubleCutOff => {
            "the game cut off in save file {} cannot be put back ({}); its {} coins at stake are given back; {}; your coins and settings are kept"
        }
        Key::AsideCopyKept => "a copy is kept as {}",
        Key::AsideCopyFailed => "no copy could be kept ({})",
        Key::AsideKept => "kept as {}, starting with {} coins",
        Key::AsideNoName => "could not find a free name to keep it by, starting with {} coins",
        Key::AsideFailed => "could not keep it aside ({}), starting with {} coins",
        Key::LadderEntry => "The ladder",
        Key::LadderAbout => "{} opponents in {} venues: climb and win badges",
        Key::LadderTitle => "The ladder",
        Key::LadderSummary => "Beaten {}/{} ∙ badges {} ∙ coins {}",
        Key::LadderFooter => "Up/down and Enter, or click ∙ B: badge ∙ N: new career ∙ Esc: back",
        Key::NewCareerSure => "Press N again to start a new career (your coins stay)",
        Key::NewCareerDone => "A new career has begun",
        Key::VenueLine => "{} ∙ buy-in {} ∙ badge: {}",
        Key::RungLine => "{}  {}  {}/{}  {}",
        Key::BestOf => "best of {}",
        Key::StatusBeaten => "beaten",
        Key::StatusOpen => "open",
        Key::StatusAfter => "after {}",
        Key::StatusBuyIn => "needs {} coins",
        Key::LockedNotice => "{}: not open yet ({})",
        Key::PracticeMark => "Practice: no coins, no progress",
        Key::CareerMark => "Ladder: {}",
        Key::NewOpponent => "New opponent: {}",
        Key::NewVenue => "New venue: {}",
        Key::BadgeWon => "Badge won, {}: {}",
        Key::Champion => "You beat the master: the ladder is yours",
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
        Key::RulesTable => {
            "Table: everyone antes {} a round. Bets go round after the throws and after each reroll but the last (check, bet or raise {}, call, fold; {} raise(s) a round), {} reroll(s) each. After the last reroll every die is in view and no bet could change the winner, so the hands are compared at once. A seat short of a call is all in and wins only what it matched (side pots); equal hands split a pot. First to {} rounds wins."
        }
        Key::RulesDaily => {
            "Daily challenge: five games, the same dice for everyone today, up to {} rerolls. No coins move: you are scored on what your holds give up against the best ones."
        }
        Key::DailyEntry => "Daily challenge",
        Key::DailyAbout => "Five games of {}, the same dice for everyone, scored on your holds",
        Key::DailyLine => "Daily challenge {}  game {} of {}",
        Key::DailyScore => "Given up: {} coins (0 with the best holds)",
        Key::DailyBest => "Personal best: {} coins",
        Key::DailyDone => "Done! Given up over five games: {} coins ∙ Space: back ∙ Tab: records",
        Key::DailyNewBest => "A new personal best!",
        Key::DailyFirst => "Your first recorded day: tomorrow, try to give up less",
        Key::DailyNext => "Next game",
        Key::DailyFinish => "Finish",
        Key::DailyHelp => {
            "Each game deals everyone\ntoday the same dice.\nNo coins move. The less\nyou give up against the\nbest holds, the better"
        }
        Key::HintHelp => "H: hint",
        Key::DailyReplay => "You played this day already: this run does not count",
        Key::DailyShare => "Dice poker daily {}\n{} given up {} coins",
        Key::DailyCopy => "Copy the result (Enter)",
        Key::DailyCopied => "Copied: it tells how well you held, not the dice",
        Key::DailyNoClipboard => "No clipboard here ({}): dice-poker daily --share prints it too",
        Key::FriendEntry => "Two players",
        Key::FriendAbout => {
            "A friend at this screen (ante {}, raise {}); each keeps their own coins"
        }
        Key::FriendTurn => "{}: {}",
        Key::FriendBanner => "{}'s turn",
        Key::FriendCoins => "{}'s coins: {}",
        Key::FriendNear => "Player 1",
        Key::FriendScore => "{} {} - {} {}",
        Key::FriendFolded => "{} folded: {} wins",
        Key::NetEntry => "Network match",
        Key::NetAbout => {
            "A friend in another room or far away: share a code and play. Neither side can fix the dice"
        }
        Key::NetTitle => "Network match",
        Key::NetHostDuel => "Host a duel (H)",
        Key::NetHostThree => "Table of 3 (3)",
        Key::NetHostFour => "Table of 4 (4)",
        Key::NetJoinButton => "Join (J / Enter)",
        Key::NetHelp => {
            "H: host ∙ 3 / 4: host a table of 3 or 4 ∙ J: join (Tab moves between fields, Enter connects) ∙ R: relay (filled in, H and J go through it: no port to open) ∙ Esc: back"
        }
        Key::NetAddress => "Address: {}",
        Key::NetCode => "Join code: {}",
        Key::NetRelay => "Relay (empty: direct): {}",
        Key::NetHostingRelay => {
            "Waiting on the relay {}. Tell your friend the same relay and the join code {}"
        }
        Key::NetHostingAt => "Waiting on port {}. Tell your friend \"{}\" and the join code {}",
        Key::NetHosting => {
            "Waiting on port {}. Tell your friend \"this machine's address:{}\" and the join code {}"
        }
        Key::NetJoining => "Connecting to {}…",
        Key::NetEnded => "The match is over: {}",
        Key::NetFinished => "The match is over: every match is decided",
        Key::NetCutClosed => "the other side closed the connection",
        Key::NetCutSilent => "the other side said nothing for {} s and forfeits",
        Key::NetCutStalled => "the other side sent a line too slowly (over {} s)",
        Key::NetCutDealTooSlow => "the other side did not answer the deal within {} s and forfeits",
        Key::NetCutTurnTooSlow => "the other side did not move within {} s and forfeits",
        Key::NetCutRemoved => {
            "the host took this seat for gone (a move not made in time, say): what it put in stays in the pot"
        }
        Key::NetCutForfeit => "the other side broke the rules and forfeits ({})",
        Key::NetCutCheated => {
            "a line from the other side was changed on the way or did not match its promise: the match ends as cheated"
        }
        Key::NetCutWrongCode => "wrong join code",
        Key::NetCutTooManyWrongCodes => "{} wrong join codes: stopped waiting",
        Key::NetCutRefused => "the other side refused: {}",
        Key::NetCutTerms => "not joined, the host's terms are not this game's: {}",
        Key::NetCutRelay => "the relay: {}",
        Key::NetCutCannotListen => "cannot wait on port {} ({})",
        Key::NetCutNetwork => "network error ({})",
        Key::NetCutGameClosed => "the game closed",
        Key::TableClosed => "Esc: menu",
        Key::LuckLine => "Your holds: {} coins ∙ Luck: {} coins",
        Key::DuelLuckLine => "Your choices: {} ∙ Their slips: {} ∙ Luck: {} (win chance)",
        Key::MatchLuckLine => "This match ({} showdowns): choices {} ∙ their slips {} ∙ luck {}",
        Key::FriendLuckLine => "{}'s choices: {} ∙ {}'s choices: {} ∙ Luck for {}: {} (win chance)",
        Key::FriendMatchLuckLine => {
            "This match ({} showdowns): {}'s choices {} ∙ {}'s choices {} ∙ luck {}"
        }
        Key::PartyEntry => "Table for up to four",
        Key::PartyAbout => "Two to four seats: computers and friends ({} coins a seat, ante {})",
        Key::PartyYou => "You",
        Key::PartyFriend => "Friend {}",
        Key::PartyHost => "Host",
        Key::PartyGuest => "Guest {}",
        Key::NetTableWait => "Waiting for the other seats…",
        Key::NetTableOver => "This table is over ∙ Esc: menu",
        Key::NetSeatVoid => "{} left while the dice were being dealt: this round is void",
        Key::PartyVoid => "Round void: each seat has its coins back, the leaver's shared",
        Key::NetSeatLeft => "{} left the table (and folds)",
        Key::PartyBadge => "{} ({})",
        Key::PartyBadgePaid => "{}'s {}: {} coins from the house",
        Key::SeatingAway => "Someone online (you host)",
        Key::NetSeated => "A table of {}: {} seats taken (the host's included)",
        Key::PartyStack => "{} coins ∙ {} in the pot",
        Key::PartyWins => "Wins {}",
        Key::PartyFolded => "Folded",
        Key::PartyAllIn => "All in",
        Key::PartyOut => "No coins left",
        Key::PartyLeft => "Left the table",
        Key::PartyPot => "Pot {} ∙ round {} ∙ {} wins take the match",
        Key::PartyAlsoTakes => "{} takes {}",
        Key::SidePot => "side {}",
        Key::ListStart => "; ",
        Key::ListJoin => ", ",
        Key::PartyTakes => "{} takes {} coins",
        Key::PartySplit => "A tie: the pot is shared",
        Key::PartyMatch => "{} takes the match",
        Key::PartyNext => "Space: next round",
        Key::PartyAgain => "Space: play again",
        Key::PartyHelp => {
            "Space throw/reroll ∙ 1-5 / click hold ∙ Enter stand\nC check/call ∙ R raise ∙ F fold ∙ A accuse ∙ Esc menu"
        }
        Key::SeatingTitle => "Table for up to four: the seats",
        Key::SeatingYou => "Seat 1: you",
        Key::SeatingRow => "Seat {}: ◀ {} ▶",
        Key::SeatingEmpty => "Empty",
        Key::SeatingFriend => "A friend (taking turns here)",
        Key::SeatingSit => "Sit down ({} seats, {} coins each, ante {})",
        Key::SeatingFooter => {
            "Up/down to choose, left/right or click to change ∙ Enter: sit down ∙ Esc: back"
        }
        Key::PartyAnd => "{} ∙ {}",
    }
}
