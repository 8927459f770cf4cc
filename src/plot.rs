//! Charts of a simulation as one SVG file (`simulate --plot`): face counts and
//! hand frequencies against fair dice with 3σ bands, and the settle times.

use std::path::Path;

use plotters::prelude::*;

use crate::lang::{Lang, hand_type_name};
use crate::rules::HandType;
use crate::rules::hand::{DICE, FACES};
use crate::rules::odds::full_throw_by_enumeration;

/// Size of the whole picture in pixels.
const SIZE: (u32, u32) = (1500, 480);
/// Width of one settle-time bin, in simulated seconds.
pub const SETTLE_BIN: f32 = 0.1;
/// Settle times are drawn up to here; the last bin holds anything longer.
pub const SETTLE_MAX: f32 = 4.0;
/// Bands are this many standard deviations wide on each side.
const SIGMAS: f64 = 3.0;

/// What the charts show, worked out from the throws.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartData {
    /// Throws of five dice.
    pub throws: u64,
    /// Landings per face 1..=6.
    pub faces: [u64; FACES],
    /// Throws per hand, weakest first (the order of [`HandType::ALL`]).
    pub hands: [u64; 8],
    /// Throws per settle-time bin of [`SETTLE_BIN`] seconds.
    pub settle_bins: Vec<u64>,
}

impl ChartData {
    /// Counts everything the charts need from each throw's faces and settle time.
    pub fn from_throws<'a>(throws: impl IntoIterator<Item = (&'a [u8; DICE], f32)>) -> ChartData {
        let bins = (SETTLE_MAX / SETTLE_BIN).round() as usize;
        let mut data = ChartData {
            throws: 0,
            faces: [0; FACES],
            hands: [0; 8],
            settle_bins: vec![0; bins],
        };
        for (faces, seconds) in throws {
            data.throws += 1;
            for &f in faces {
                data.faces[usize::from(f - 1)] += 1;
            }
            data.hands[crate::rules::evaluate_roll(faces).kind().index()] += 1;
            let bin = ((seconds / SETTLE_BIN) as usize).min(bins - 1);
            data.settle_bins[bin] += 1;
        }
        data
    }
}

type Fallible = Result<(), Box<dyn std::error::Error>>;

/// Draws the three charts into an SVG file.
pub fn write_svg(data: &ChartData, lang: Lang, path: &Path) -> Result<(), String> {
    draw(data, lang, path).map_err(|e| format!("cannot draw {}: {e}", path.display()))
}

fn draw(data: &ChartData, lang: Lang, path: &Path) -> Fallible {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let panels = root.split_evenly((1, 3));
    draw_faces(data, &panels[0])?;
    draw_hands(data, lang, &panels[1])?;
    draw_settle(data, &panels[2])?;
    root.present()?;
    Ok(())
}

/// The categorical x axis and linear y axis of the bar charts.
type Bars = Cartesian2d<
    plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordu32>,
    plotters::coord::types::RangedCoordf64,
>;

/// Bars of `values` with, behind each, the band `mean ± 3σ` and its mean as a line.
/// `labels` names the categories under the axis.
fn bars_with_bands<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    labels: &[String],
    rows: &[(f64, f64, f64)],
    percent: bool,
) -> Fallible
where
    DB::ErrorType: 'static,
{
    let top = rows
        .iter()
        .map(|&(v, mean, sigma)| v.max(mean + SIGMAS * sigma))
        .fold(0.0, f64::max)
        * 1.1;
    let n = rows.len() as u32;
    let mut chart: ChartContext<'_, DB, Bars> = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d((0u32..n - 1).into_segmented(), 0.0f64..top.max(1e-9))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(WHITE)
        .x_labels(n as usize)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|y| {
            if percent {
                format!("{:.0}%", y * 100.0)
            } else {
                format!("{y:.0}")
            }
        })
        .draw()?;
    let band = RGBColor(230, 160, 40);
    chart.draw_series(rows.iter().enumerate().map(|(i, &(_, mean, sigma))| {
        let i = i as u32;
        Rectangle::new(
            [
                (SegmentValue::Exact(i), (mean - SIGMAS * sigma).max(0.0)),
                (SegmentValue::Exact(i + 1), mean + SIGMAS * sigma),
            ],
            band.mix(0.3).filled(),
        )
    }))?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(RGBColor(40, 110, 70).filled())
            .margin(14)
            .data(rows.iter().enumerate().map(|(i, &(v, _, _))| (i as u32, v))),
    )?;
    chart.draw_series(rows.iter().enumerate().map(|(i, &(_, mean, _))| {
        let i = i as u32;
        PathElement::new(
            vec![
                (SegmentValue::Exact(i), mean),
                (SegmentValue::Exact(i + 1), mean),
            ],
            band.stroke_width(3),
        )
    }))?;
    Ok(())
}

fn draw_faces<DB: DrawingBackend>(
    data: &ChartData,
    area: &DrawingArea<DB, plotters::coord::Shift>,
) -> Fallible
where
    DB::ErrorType: 'static,
{
    let n = data.throws as f64 * DICE as f64;
    let p = 1.0 / FACES as f64;
    let (mean, sigma) = (n * p, (n * p * (1.0 - p)).sqrt());
    let rows: Vec<(f64, f64, f64)> = data
        .faces
        .iter()
        .map(|&c| (c as f64, mean, sigma))
        .collect();
    let labels: Vec<String> = (1..=FACES).map(|f| f.to_string()).collect();
    bars_with_bands(
        area,
        "Faces (bars) vs fair dice (line, 3σ band)",
        &labels,
        &rows,
        false,
    )
}

fn draw_hands<DB: DrawingBackend>(
    data: &ChartData,
    lang: Lang,
    area: &DrawingArea<DB, plotters::coord::Shift>,
) -> Fallible
where
    DB::ErrorType: 'static,
{
    let table = full_throw_by_enumeration();
    let n = (data.throws as f64).max(1.0);
    let rows: Vec<(f64, f64, f64)> = HandType::ALL
        .iter()
        .rev()
        .map(|h| {
            let p = table.ways[h.index()] as f64 / table.outcomes as f64;
            (
                data.hands[h.index()] as f64 / n,
                p,
                (p * (1.0 - p) / n).sqrt(),
            )
        })
        .collect();
    let labels: Vec<String> = HandType::ALL
        .iter()
        .rev()
        .map(|&h| hand_type_name(lang, h).to_owned())
        .collect();
    bars_with_bands(
        area,
        "Hands per throw vs the 7,776 table",
        &labels,
        &rows,
        true,
    )
}

fn draw_settle<DB: DrawingBackend>(
    data: &ChartData,
    area: &DrawingArea<DB, plotters::coord::Shift>,
) -> Fallible
where
    DB::ErrorType: 'static,
{
    let top = data.settle_bins.iter().copied().max().unwrap_or(1).max(1) as f64 * 1.1;
    let mut chart = ChartBuilder::on(area)
        .caption("Seconds to rest (simulated)", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0f64..f64::from(SETTLE_MAX), 0.0f64..top)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(WHITE)
        .draw()?;
    let width = f64::from(SETTLE_BIN);
    chart.draw_series(data.settle_bins.iter().enumerate().map(|(i, &c)| {
        let x = i as f64 * width;
        Rectangle::new(
            [(x, 0.0), (x + width * 0.9, c as f64)],
            RGBColor(60, 90, 160).filled(),
        )
    }))?;
    Ok(())
}
