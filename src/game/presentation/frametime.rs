//! `--fps`'s frame-time log: every few seconds, how long frames took from one
//! to the next and how much of that the main thread's update worked, each as
//! p50, p95 and the longest, in milliseconds. The first seconds (pipelines
//! built, surfaces painted) are start-up and not counted.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::stats::quantile;

/// How often the log is written.
pub const REPORT_EVERY: Duration = Duration::from_secs(5);
/// Real time after start-up before frames are counted.
pub const START_UP: Duration = Duration::from_secs(3);

/// Frame times since the last report, in milliseconds.
#[derive(Resource, Debug, Default)]
struct FrameLog {
    /// When this frame's update began.
    began: Option<Instant>,
    /// When the last report was written.
    reported: Option<Instant>,
    /// From one frame's start to the next's.
    intervals: Vec<f32>,
    /// The main thread's update, from `First` to `Last`.
    work: Vec<f32>,
}

/// p50, p95 and the longest of `millis`, as the log says them.
pub fn summary(millis: &[f32]) -> String {
    let mut sorted = millis.to_vec();
    sorted.sort_by(f32::total_cmp);
    let max = sorted.last().copied().unwrap_or(0.0);
    format!(
        "p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        quantile(&sorted, 0.5),
        quantile(&sorted, 0.95),
        max
    )
}

pub fn plugin(app: &mut App) {
    app.init_resource::<FrameLog>()
        .add_systems(First, begin_frame)
        .add_systems(Last, end_frame);
}

fn begin_frame(mut log: ResMut<FrameLog>) {
    log.began = Some(Instant::now());
}

fn end_frame(time: Res<Time<Real>>, mut log: ResMut<FrameLog>) {
    let now = Instant::now();
    if time.elapsed() < START_UP {
        log.reported = Some(now);
        return;
    }
    if let Some(began) = log.began {
        let work = (now - began).as_secs_f32() * 1000.0;
        log.work.push(work);
    }
    log.intervals.push(time.delta_secs() * 1000.0);
    let due = log.reported.is_none_or(|at| now - at >= REPORT_EVERY);
    if due && !log.intervals.is_empty() {
        info!(
            "frame times over {} frames: between frames {}; main thread {}",
            log.intervals.len(),
            summary(&log.intervals),
            summary(&log.work)
        );
        log.intervals.clear();
        log.work.clear();
        log.reported = Some(now);
    }
}
