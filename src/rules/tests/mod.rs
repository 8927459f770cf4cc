//! The rules' own tests: plain Rust, no Bevy, so they run in milliseconds.

mod duel;
mod hands;
