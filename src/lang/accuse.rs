//! An accusation at a table in words: how the round ended, and a seat that
//! sits out the rest of the match for it.

use super::Lang;

/// How a round ended by an accusation: `by` accused `against` (`you`: the
/// accuser is the player, named `by` all the same), the search `caught` a
/// crooked die or not, and the seat in the wrong lost `coins` of what it
/// had put in to the seat in the right.
pub fn table_accused(
    lang: Lang,
    (by, against, you): (&str, &str, bool),
    caught: bool,
    coins: u64,
) -> String {
    match (lang, caught, you) {
        (Lang::Ja, true, _) => format!(
            "{by}が{against}のトレイからイカサマのサイコロを見つけた: {against}はこのマッチから退場、賭け金から{coins}枚が{by}へ"
        ),
        (Lang::Ja, false, _) => format!(
            "{by}の指摘は濡れ衣だった: {by}はこのマッチから退場、賭け金から{coins}枚が{against}へ"
        ),
        (Lang::En, true, true) => format!(
            "You found a crooked die in {against}'s tray: {against} is sent off this match, and {coins} of the coins it put in go to you"
        ),
        (Lang::En, true, false) => format!(
            "{by} found a crooked die in {against}'s tray: {against} is sent off this match, and {coins} of the coins it put in go to {by}"
        ),
        (Lang::En, false, true) => format!(
            "You accused {against} wrongly: you are sent off this match, and {coins} of the coins you put in go to {against}"
        ),
        (Lang::En, false, false) => format!(
            "{by} accused {against} wrongly: {by} is sent off this match, and {coins} of the coins it put in go to {against}"
        ),
    }
}

/// On a seat's panel the key would not accuse: a click there accuses it.
pub fn click_to_accuse(lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => "クリック: イカサマを指摘する",
        Lang::En => "Click: accuse of cheating",
    }
}

/// A seat an accusation sent off sits out the rest of the match.
pub fn sent_off(lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => "退場",
        Lang::En => "Sent off",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_an_accusation_ends_names_both_seats_and_the_coins() {
        for lang in [Lang::Ja, Lang::En] {
            for caught in [true, false] {
                let said = table_accused(lang, ("Ann", "Bo", false), caught, 30);
                assert!(said.contains("Ann") && said.contains("Bo") && said.contains("30"));
                let yours = table_accused(lang, ("You", "Bo", true), caught, 30);
                assert!(!yours.contains("You is"), "{yours}");
            }
            assert_ne!(
                table_accused(lang, ("Ann", "Bo", false), true, 30),
                table_accused(lang, ("Ann", "Bo", false), false, 30)
            );
        }
    }
}
