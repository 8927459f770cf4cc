//! An accusation at a table in words: how the round ended, and a seat that
//! sits out the rest of the match for it.

use super::Lang;

/// How a round ended by an accusation: `by` accused `against`, the search
/// `caught` a crooked die or not, and the seat in the wrong lost the
/// `coins` it had put in to the seat in the right.
pub fn table_accused(lang: Lang, (by, against): (&str, &str), caught: bool, coins: u64) -> String {
    match (lang, caught) {
        (Lang::Ja, true) => format!(
            "{by}が{against}のトレイからイカサマのサイコロを見つけた: {against}はこのマッチから退場、賭けた{coins}枚は{by}のもの"
        ),
        (Lang::Ja, false) => format!(
            "{by}の指摘は濡れ衣だった: {by}はこのマッチから退場、賭けた{coins}枚は{against}のもの"
        ),
        (Lang::En, true) => format!(
            "{by} found a crooked die in {against}'s tray: {against} is sent off this match, and the {coins} coins it put in go to {by}"
        ),
        (Lang::En, false) => format!(
            "{by} accused {against} wrongly: {by} is sent off this match, and the {coins} coins put in go to {against}"
        ),
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
                let said = table_accused(lang, ("Ann", "Bo"), caught, 30);
                assert!(said.contains("Ann") && said.contains("Bo") && said.contains("30"));
            }
            assert_ne!(
                table_accused(lang, ("Ann", "Bo"), true, 30),
                table_accused(lang, ("Ann", "Bo"), false, 30)
            );
        }
    }
}
