//! Exact non-negative fractions for odds and expected payouts.

use std::cmp::Ordering;
use std::fmt;

/// A non-negative fraction kept in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u128,
    den: u128,
}

const fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Ratio {
    /// `num / den`, reduced. `den` must not be zero.
    pub const fn new(num: u128, den: u128) -> Ratio {
        assert!(den != 0, "a ratio needs a non-zero denominator");
        let g = gcd(num, den);
        let g = if g == 0 { 1 } else { g };
        Ratio {
            num: num / g,
            den: den / g,
        }
    }

    /// The numerator in lowest terms.
    pub const fn numer(&self) -> u128 {
        self.num
    }

    /// The denominator in lowest terms.
    pub const fn denom(&self) -> u128 {
        self.den
    }

    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}
