//! Where a die's labels go on the screen: beside the die's own projected
//! bounds, never over another die or a label already placed, and nearer its
//! own die than any other, so that a number or a キープ is never read as
//! another die's and never hides the face it is about. Pure geometry in
//! window pixels, tested without a window.

use bevy::math::{Rect, Vec2};

/// Room between a die's bounds and its label, in window pixels (more than
/// the pixel the UI may round a label's place by).
pub const LABEL_GAP: f32 = 3.0;
/// How much nearer its own die than any other a label must stand, in
/// window pixels, so that rounding never makes it another's.
pub const NEARER_BY: f32 = 4.0;

/// A side of a die's bounds a label can stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beside {
    /// Under the die on screen (towards the player).
    Below,
    /// Over it.
    Above,
    /// To its right.
    Right,
    /// To its left.
    Left,
}

/// Where a number goes first: under its die, then to either side, then over it.
pub const NUMBER_SIDES: [Beside; 4] = [Beside::Below, Beside::Right, Beside::Left, Beside::Above];
/// Where a キープ goes first: over its die, then to either side, then under it.
pub const KEEP_SIDES: [Beside; 4] = [Beside::Above, Beside::Right, Beside::Left, Beside::Below];

/// A label of `size` standing on `side` of `own`, centred along that side.
pub fn beside(own: Rect, size: Vec2, side: Beside) -> Rect {
    let centre = own.center();
    let at = match side {
        Beside::Below => Vec2::new(centre.x, own.max.y + LABEL_GAP + size.y / 2.0),
        Beside::Above => Vec2::new(centre.x, own.min.y - LABEL_GAP - size.y / 2.0),
        Beside::Right => Vec2::new(own.max.x + LABEL_GAP + size.x / 2.0, centre.y),
        Beside::Left => Vec2::new(own.min.x - LABEL_GAP - size.x / 2.0, centre.y),
    };
    Rect::from_center_size(at, size)
}

/// How far apart two rectangles are (0 when they touch or overlap).
pub fn apart(a: Rect, b: Rect) -> f32 {
    let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
    let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
    Vec2::new(dx, dy).length()
}

/// True when `label`'s middle is nearer the middle of `own` than that of
/// `other`, by [`NEARER_BY`] at least.
pub fn nearer_middle(label: Rect, own: Rect, other: Rect) -> bool {
    let at = label.center();
    at.distance(own.center()) + NEARER_BY < at.distance(other.center())
}

/// How much of `a` lies over `b`, in square pixels.
fn covered(a: Rect, b: Rect) -> f32 {
    let both = a.intersect(b);
    if both.is_empty() {
        0.0
    } else {
        both.width() * both.height()
    }
}

/// How far along a side a label may slide from the side's middle, as
/// fractions of the way to where it would stop touching the die.
const SLIDES: [f32; 5] = [0.0, 0.5, -0.5, 0.95, -0.95];

/// `beside(own, size, side)` slid along the side by `slide` (see [`SLIDES`]).
fn slid(own: Rect, size: Vec2, side: Beside, slide: f32) -> Rect {
    let spot = beside(own, size, side);
    let room = (own.size() + size) / 2.0 - Vec2::ONE;
    let by = match side {
        Beside::Below | Beside::Above => Vec2::new(room.x * slide, 0.0),
        Beside::Right | Beside::Left => Vec2::new(0.0, room.y * slide),
    };
    Rect::from_center_size(spot.center() + by, size)
}

/// Where a label stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Spot {
    /// Beside its die, nearer it than any other die, on no die.
    Beside(Rect),
    /// On its own die's face, where no other die's bounds reach: beside it
    /// every place was as near another die (dice lying in a line away from
    /// the camera), and a label there could be read as the other's.
    OnDie(Rect),
}

impl Spot {
    /// Its rectangle on screen.
    pub fn rect(self) -> Rect {
        match self {
            Spot::Beside(rect) | Spot::OnDie(rect) => rect,
        }
    }
}

/// Points of a die's bounds a label on it may be centred on: a grid of
/// this many steps each way from its middle to its edges (tried nearest the
/// middle first), fine enough to find the strip of a die that the next one
/// in a line leaves uncovered.
const ON_DIE_STEPS: i32 = 8;

/// The label's place for die `own` of `dice` (every die's bounds on screen):
/// the first spot beside it, side by side of `sides` and sliding out from
/// each side's middle, where it covers no die and no label `taken` and
/// stands nearer its own die than any other; failing that, of the spots
/// nearer its own die that cover no die and whose middle is on no label,
/// the one that covers least; failing that, on its own die ([`Spot::OnDie`]),
/// never where it could be read as another's.
pub fn place(own: usize, dice: &[Rect], size: Vec2, sides: &[Beside], taken: &[Rect]) -> Spot {
    // Nearer its own die's bounds than any other's, and its middle nearer
    // its own die's middle: a tilted die's bounds reach far past what is
    // seen of it, and a reader pairs a label with the die it is nearest.
    let nearer_own = |spot: Rect| {
        let mine = apart(spot, dice[own]);
        dice.iter().enumerate().all(|(i, &d)| {
            i == own || (apart(spot, d) > mine + NEARER_BY && nearer_middle(spot, dice[own], d))
        })
    };
    let on_dice = |spot: Rect| -> f32 { dice.iter().map(|&r| covered(spot, r)).sum() };
    let over = |spot: Rect| -> f32 {
        on_dice(spot) + taken.iter().map(|&r| covered(spot, r)).sum::<f32>()
    };
    let spots: Vec<Rect> = sides
        .iter()
        .flat_map(|&side| SLIDES.map(|slide| slid(dice[own], size, side, slide)))
        .collect();
    if let Some(&clear) = spots.iter().find(|&&s| over(s) == 0.0 && nearer_own(s)) {
        return Spot::Beside(clear);
    }
    let middle_free = |spot: Rect| !taken.iter().any(|t| t.contains(spot.center()));
    let near = spots
        .iter()
        .copied()
        .filter(|&s| nearer_own(s) && on_dice(s) == 0.0 && middle_free(s))
        .min_by(|&a, &b| over(a).total_cmp(&over(b)));
    match near {
        Some(spot) => Spot::Beside(spot),
        None => Spot::OnDie(on_die(own, dice, size, taken)),
    }
}

/// A label of `size` on die `own`'s face: the place nearest its middle
/// where the label lies within its bounds and on no other die's (its middle
/// at least, failing that), clear of the labels `taken` if it can be.
fn on_die(own: usize, dice: &[Rect], size: Vec2, taken: &[Rect]) -> Rect {
    let die = dice[own];
    let half = die.half_size();
    let steps = -(ON_DIE_STEPS - 1)..ON_DIE_STEPS;
    let fraction = |k: i32| k as f32 / ON_DIE_STEPS as f32;
    let mut places: Vec<Rect> = steps
        .clone()
        .flat_map(|y| {
            steps
                .clone()
                .map(move |x| Vec2::new(fraction(x), fraction(y)))
        })
        .map(|at| Rect::from_center_size(die.center() + half * at, size))
        .collect();
    places.sort_by(|a, b| {
        let off = |r: &Rect| r.center().distance_squared(die.center());
        off(a).total_cmp(&off(b))
    });
    let others = || {
        dice.iter()
            .enumerate()
            .filter(|&(i, _)| i != own)
            .map(|(_, &d)| d)
    };
    let alone =
        |r: &Rect| others().all(|d| d.intersect(*r).is_empty() && nearer_middle(*r, die, d));
    let middle_alone =
        |r: &Rect| others().all(|d| !d.contains(r.center()) && nearer_middle(*r, die, d));
    let within = |r: &Rect| die.contains(r.min) && die.contains(r.max);
    let clear = |r: &Rect| taken.iter().all(|t| t.intersect(*r).is_empty());
    let tests: [&dyn Fn(&Rect) -> bool; 4] = [
        &|r| within(r) && alone(r) && clear(r),
        &|r| within(r) && alone(r),
        &|r| middle_alone(r) && clear(r),
        &|r| middle_alone(r),
    ];
    tests
        .iter()
        .find_map(|test| places.iter().copied().find(|r| test(r)))
        .unwrap_or_else(|| Rect::from_center_size(die.center(), size))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(x: f32, y: f32) -> Rect {
        Rect::from_center_size(Vec2::new(x, y), Vec2::splat(40.0))
    }

    #[test]
    fn a_lone_die_has_its_number_under_it_and_its_keep_over_it() {
        let dice = [die(100.0, 100.0)];
        let size = Vec2::new(20.0, 16.0);
        let number = place(0, &dice, size, &NUMBER_SIDES, &[]).rect();
        assert!(number.min.y >= dice[0].max.y && apart(number, dice[0]) <= LABEL_GAP + 0.01);
        let keep = place(0, &dice, Vec2::new(48.0, 20.0), &KEEP_SIDES, &[number]).rect();
        assert!(keep.max.y <= dice[0].min.y, "the kept face stays in view");
    }

    #[test]
    fn dice_in_a_column_get_their_numbers_beside_them_on_none_of_the_others() {
        // Five dice in a line away from the camera: one above the next on screen.
        let dice: Vec<Rect> = (0..5)
            .map(|i| die(200.0, 100.0 + 42.0 * i as f32))
            .collect();
        let size = Vec2::new(20.0, 18.0);
        let mut taken = Vec::new();
        for own in 0..dice.len() {
            let spot = place(own, &dice, size, &NUMBER_SIDES, &taken).rect();
            for (i, &d) in dice.iter().enumerate() {
                assert!(
                    spot.intersect(d).is_empty(),
                    "die {own}'s number over die {i}"
                );
                if i != own {
                    assert!(
                        apart(spot, d) > apart(spot, dice[own]),
                        "die {own} nearer {i}"
                    );
                }
            }
            assert!(taken.iter().all(|t: &Rect| t.intersect(spot).is_empty()));
            taken.push(spot);
        }
    }

    #[test]
    fn hemmed_in_a_label_stands_on_its_own_die_and_on_no_other() {
        // Dice over, under and on both sides of die 0 touch every spot
        // beside it: a number there could be read as a neighbour's.
        let dice = [
            die(100.0, 100.0),
            die(100.0, 142.0),
            die(100.0, 58.0),
            die(142.0, 100.0),
            die(45.0, 100.0),
        ];
        let spot = place(0, &dice, Vec2::new(20.0, 16.0), &NUMBER_SIDES, &[]);
        let Spot::OnDie(rect) = spot else {
            panic!("{spot:?}");
        };
        assert!(dice[0].contains(rect.min) && dice[0].contains(rect.max));
        assert!(dice[1..].iter().all(|d| d.intersect(rect).is_empty()));
        // With room on the left, it stands there instead.
        let roomy = [dice[0], dice[1], dice[2], dice[3], die(20.0, 100.0)];
        let spot = place(0, &roomy, Vec2::new(20.0, 16.0), &NUMBER_SIDES, &[]);
        assert!(
            matches!(spot, Spot::Beside(r) if r.max.x <= dice[0].min.x),
            "{spot:?}"
        );
    }

    #[test]
    fn dice_whose_bounds_overlap_in_a_line_each_get_a_label_only_theirs() {
        // As a camera sees five dice in a line away from it: each die's
        // bounds reach into the next ones' (not past them).
        let dice: Vec<Rect> = (0..5)
            .map(|i| {
                let grow = 1.0 + 0.12 * i as f32;
                Rect::from_center_size(
                    Vec2::new(400.0, 200.0 + 60.0 * i as f32),
                    Vec2::new(68.0, 80.0) * grow,
                )
            })
            .collect();
        let mut taken = Vec::new();
        for own in 0..dice.len() {
            let spot = place(own, &dice, Vec2::new(14.0, 12.0), &NUMBER_SIDES, &taken);
            let rect = spot.rect();
            let others = dice.iter().enumerate().filter(|&(i, _)| i != own);
            match spot {
                Spot::Beside(_) => {
                    for (i, &d) in others {
                        assert!(
                            apart(rect, d) > apart(rect, dice[own]),
                            "die {own} nearer {i}"
                        );
                    }
                }
                Spot::OnDie(_) => {
                    assert!(dice[own].contains(rect.center()));
                    for (i, &d) in others {
                        assert!(!d.contains(rect.center()), "die {own}'s on die {i}");
                    }
                }
            }
            taken.push(rect);
        }
    }
}
