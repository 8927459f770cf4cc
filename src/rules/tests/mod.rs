//! The rules' own tests: plain Rust, no Bevy, so they run in milliseconds.

mod badges;
mod career;
mod daily;
mod deal;
pub(crate) mod duel;
mod hands;
mod luck;
mod luck_duel;
mod netplay_duel;
mod netplay_table;
mod netplay_table_terms;
mod protocol;
mod referee;
mod table_wire;
mod unsound;
