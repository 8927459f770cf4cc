//! Setup of third-party plugins, one file each.

pub mod rapier;
