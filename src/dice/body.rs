//! A die's body, by kind: a fair die is a uniform rounded cube of
//! [`DIE_SIZE`] and [`DIE_MASS`]; a weighted one carries extra mass under
//! its 1 (its centre of mass off the middle, its inertia the cube's and the
//! weight's); a shaved one is a little short between its 1 and its 6.

use bevy::prelude::*;
use bevy_rapier3d::prelude::*;

use crate::rules::kinds::DieKind;

use super::faces::face;

/// Edge length of a die, in world units (one unit is 2.5 cm).
pub const DIE_SIZE: f32 = 1.0;
/// Radius of the rounded edges of the die collider.
pub const DIE_ROUNDING: f32 = 0.08;
/// Mass of one die.
pub const DIE_MASS: f32 = 0.05;

/// A weight inside a die: its mass as a share of the die's, and how deep
/// under the 1 it sits, as a share of the way from the middle to the face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Load {
    /// Extra mass, as a share of the die's own.
    pub mass: f32,
    /// Distance from the middle towards the 1, as a share of half the die.
    pub depth: f32,
}

/// A tenth of the die's mass again, 0.6 of the way under the 1.
pub const TIPPED: Load = Load {
    mass: 0.10,
    depth: 0.6,
};
/// A quarter of the die's mass again, 0.6 of the way under the 1.
pub const WEIGHTED: Load = Load {
    mass: 0.25,
    depth: 0.6,
};
/// Half the die's mass again, 0.8 of the way under the 1.
pub const LOADED: Load = Load {
    mass: 0.50,
    depth: 0.8,
};
/// How much shorter a shaved die is between its 1 and its 6 (a share of
/// its size; a lab measured a die 3 % short to show those faces 6 % more).
pub const SHAVED_SHORT: f32 = 0.03;

/// The weight a kind carries, if it is a weighted one.
pub fn load_of(kind: DieKind) -> Option<Load> {
    match kind {
        DieKind::Tipped => Some(TIPPED),
        DieKind::Weighted => Some(WEIGHTED),
        DieKind::Loaded => Some(LOADED),
        DieKind::Fair | DieKind::Shaved => None,
    }
}

/// The shape of a die of `kind`: a rounded box, shorter along the 1–6 axis
/// when it is shaved.
pub fn shape_of(kind: DieKind) -> Collider {
    let half = DIE_SIZE / 2.0 - DIE_ROUNDING;
    let axis = face(1).normal.abs();
    let short = if kind == DieKind::Shaved {
        DIE_SIZE / 2.0 * SHAVED_SHORT
    } else {
        0.0
    };
    let halves = Vec3::splat(half) - axis * short;
    Collider::round_cuboid(halves.x, halves.y, halves.z, DIE_ROUNDING)
}

/// The mass properties of a die of `kind`: a uniform cube's, with a
/// weighted kind's weight as a point mass under the 1.
pub fn mass_of(kind: DieKind) -> ColliderMassProperties {
    let Some(load) = load_of(kind) else {
        return ColliderMassProperties::Mass(DIE_MASS);
    };
    let (cube, extra) = (DIE_MASS, DIE_MASS * load.mass);
    let mass = cube + extra;
    let towards = face(1).normal;
    let at = towards * (DIE_SIZE / 2.0 * load.depth);
    let centre = at * (extra / mass);
    // A uniform cube's inertia about its middle, moved to the centre of
    // mass, plus the weight's as a point: about an axis along the 1–6 line
    // neither moves; about any axis across it both do.
    let own = cube * DIE_SIZE * DIE_SIZE / 6.0;
    let across = own + cube * centre.length_squared() + extra * (at - centre).length_squared();
    let inertia = Vec3::splat(across) + towards.abs() * (own - across);
    ColliderMassProperties::MassProperties(MassProperties {
        local_center_of_mass: centre,
        mass,
        principal_inertia_local_frame: Quat::IDENTITY,
        principal_inertia: inertia,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_die_is_a_cube_of_its_mass_and_a_weighted_one_leans_to_its_1() {
        assert_eq!(
            mass_of(DieKind::Fair),
            ColliderMassProperties::Mass(DIE_MASS)
        );
        assert_eq!(
            mass_of(DieKind::Shaved),
            ColliderMassProperties::Mass(DIE_MASS)
        );
        let mut before = 0.0;
        for kind in [DieKind::Tipped, DieKind::Weighted, DieKind::Loaded] {
            let ColliderMassProperties::MassProperties(m) = mass_of(kind) else {
                panic!("{kind:?}");
            };
            let load = load_of(kind).unwrap();
            assert!((m.mass - DIE_MASS * (1.0 + load.mass)).abs() < 1e-6);
            // Off the middle towards the 1, further with more weight.
            let off = m.local_center_of_mass.dot(face(1).normal);
            assert!(off > before && m.local_center_of_mass.cross(face(1).normal).length() < 1e-6);
            before = off;
            // Harder to turn across the 1–6 line than along it.
            let along = m.principal_inertia.dot(face(1).normal.abs());
            assert!(m.principal_inertia.max_element() > along);
        }
    }

    #[test]
    fn a_shaved_die_is_short_between_its_1_and_its_6_only() {
        let halves = |kind| match shape_of(kind).as_typed_shape() {
            ColliderView::RoundCuboid(view) => view.inner_shape().half_extents(),
            other => panic!("{other:?}"),
        };
        let (f, s) = (halves(DieKind::Fair), halves(DieKind::Shaved));
        let axis = face(1).normal.abs();
        assert!((f - s).dot(axis) > 0.0);
        assert!(((f - s) * (Vec3::ONE - axis)).length() < 1e-6);
    }
}
