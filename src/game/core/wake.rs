//! How work done off the main thread (a network peer's move) wakes a window
//! that sleeps while nothing moves. The window installs its own way of waking
//! once it has one; a handle taken before that (a match hosted from the
//! command line starts with the app) wakes it from then on. Headless nothing
//! is installed and waking does nothing: every frame runs anyway.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use bevy::prelude::*;

use crate::net::seat::Wake;

/// Wakes the game's loop from any thread, once the window has said how, and
/// remembers that it was woken until the window asks.
#[derive(Resource, Clone, Default)]
pub struct WakeUp {
    installed: Arc<OnceLock<Wake>>,
    woken: Arc<AtomicBool>,
}

impl WakeUp {
    /// A handle to call from another thread.
    pub fn handle(&self) -> Wake {
        let (installed, woken) = (self.installed.clone(), self.woken.clone());
        Arc::new(move || {
            woken.store(true, Ordering::SeqCst);
            if let Some(wake) = installed.get() {
                wake();
            }
        })
    }

    /// How the loop is woken (the first one installed stays).
    pub fn install(&self, wake: Wake) {
        let _ = self.installed.set(wake);
    }

    /// Whether a handle was called since the last time this was asked.
    pub fn take_woken(&self) -> bool {
        self.woken.swap(false, Ordering::SeqCst)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WakeUp>();
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn a_handle_taken_early_wakes_once_a_way_is_installed() {
        let wake = WakeUp::default();
        let early = wake.handle();
        early(); // nothing installed: nothing happens
        let woken = Arc::new(AtomicUsize::new(0));
        let count = woken.clone();
        wake.install(Arc::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        }));
        assert!(wake.take_woken(), "the early call is remembered");
        assert!(!wake.take_woken());
        early();
        wake.handle()();
        assert_eq!(woken.load(Ordering::SeqCst), 2);
        assert!(wake.take_woken());
    }
}
