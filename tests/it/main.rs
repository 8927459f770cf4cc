//! Every integration test in one binary, so Bevy is linked once: a module per
//! feature, helpers in [`support`].

mod autoplay;
mod bad_saves;
mod career;
mod cheats;
mod cli;
mod daily;
mod dice;
mod duel;
mod frames;
mod friend;
mod hostile;
mod labels;
mod lang;
mod layout;
mod mouse;
mod net;
mod net_table;
mod newcomer;
mod pad;
mod panel;
mod party;
mod records;
mod relay;
mod resume;
mod save;
mod screens;
mod seed;
mod settings;
mod simulate;
mod solo;
mod sound;
mod support;
mod walk;
