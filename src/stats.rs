//! Small statistics for the simulator and the records: χ² goodness of fit
//! (its distribution from `statrs`), a share's interval and quantiles.

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// χ² statistic of observed counts against equal expected counts.
pub fn chi_square_uniform(observed: &[u64]) -> f64 {
    let share = 1.0 / observed.len().max(1) as f64;
    chi_square(observed, &vec![share; observed.len()])
}

/// χ² statistic of observed counts against the expected `shares` (one per
/// count, summing to 1).
pub fn chi_square(observed: &[u64], shares: &[f64]) -> f64 {
    let total: u64 = observed.iter().sum();
    if observed.is_empty() || total == 0 {
        return 0.0;
    }
    observed
        .iter()
        .zip(shares)
        .map(|(&o, &p)| {
            let expected = p * total as f64;
            (o as f64 - expected).powi(2) / expected.max(f64::MIN_POSITIVE)
        })
        .sum()
}

/// The 95 % Wilson interval of a share: `hits` of `n`.
pub fn wilson(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let (n, p) = (n as f64, hits as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Probability that a χ² variable with `dof` degrees of freedom exceeds `x`
/// (statrs' survival function).
pub fn chi_square_p_value(x: f64, dof: usize) -> f64 {
    if x <= 0.0 || dof == 0 {
        return 1.0;
    }
    match ChiSquared::new(dof as f64) {
        Ok(dist) => dist.sf(x),
        Err(_) => f64::NAN,
    }
}

/// The `q`-quantile (0..=1) of sorted values, by the nearest-rank method
/// (hand-written: three lines, and the simulator's report is defined by this rank rule).
pub fn quantile(sorted: &[f32], q: f64) -> f32 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_match_chi_square_tables() {
        // Critical values for 5 degrees of freedom.
        assert!((chi_square_p_value(11.0705, 5) - 0.05).abs() < 1e-4);
        assert!((chi_square_p_value(15.0863, 5) - 0.01).abs() < 1e-4);
        assert!((chi_square_p_value(4.35146, 5) - 0.5).abs() < 1e-4);
        assert!((chi_square_p_value(1.0, 2) - (-0.5f64).exp()).abs() < 1e-10);
    }

    #[test]
    fn chi_square_of_even_counts_is_zero() {
        assert_eq!(chi_square_uniform(&[10, 10, 10]), 0.0);
        assert!((chi_square_uniform(&[12, 8]) - 0.8).abs() < 1e-12);
        // Against other shares: 30 of 100 where 20 % was expected, 70 for 80 %.
        assert!((chi_square(&[30, 70], &[0.2, 0.8]) - 6.25).abs() < 1e-9);
    }

    #[test]
    fn a_wilson_interval_holds_its_share() {
        let (lo, hi) = wilson(1_667, 10_000);
        assert!(lo < 0.1667 && 0.1667 < hi && hi - lo < 0.015);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn quantiles_use_nearest_rank() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&v, 0.5), 2.0);
        assert_eq!(quantile(&v, 1.0), 4.0);
        assert_eq!(quantile(&v, 0.0), 1.0);
    }
}
