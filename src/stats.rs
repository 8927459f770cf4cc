//! Small statistics for the simulator: χ² goodness of fit and quantiles.

/// χ² statistic of observed counts against equal expected counts.
pub fn chi_square_uniform(observed: &[u64]) -> f64 {
    let total: u64 = observed.iter().sum();
    if observed.is_empty() || total == 0 {
        return 0.0;
    }
    let expected = total as f64 / observed.len() as f64;
    observed
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum()
}

/// Probability that a χ² variable with `dof` degrees of freedom exceeds `x`.
pub fn chi_square_p_value(x: f64, dof: usize) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    upper_regularized_gamma(dof as f64 / 2.0, x / 2.0)
}

/// Q(a, x) = Γ(a, x) / Γ(a), by series for small x and a continued fraction otherwise.
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    const EPS: f64 = 1e-14;
    const MAX_ITER: usize = 500;
    let log_prefix = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let (mut sum, mut term, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..MAX_ITER {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * EPS {
                break;
            }
        }
        (1.0 - sum * log_prefix.exp()).clamp(0.0, 1.0)
    } else {
        // Lentz's method for the continued fraction.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..MAX_ITER {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < EPS {
                break;
            }
        }
        (log_prefix.exp() * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, n = 9).
fn ln_gamma(x: f64) -> f64 {
    const COEFFS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let series = COEFFS[1..]
        .iter()
        .enumerate()
        .fold(COEFFS[0], |acc, (i, c)| acc + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// The `q`-quantile (0..=1) of sorted values, by the nearest-rank method.
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
    }

    #[test]
    fn quantiles_use_nearest_rank() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(quantile(&v, 0.5), 2.0);
        assert_eq!(quantile(&v, 1.0), 4.0);
        assert_eq!(quantile(&v, 0.0), 1.0);
    }
}
