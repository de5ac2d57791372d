//! The board's geometry, computed once at compile time: where each piece can step
//! from each point, which point blocks it, and the four rays from every point.
//!
//! Points are numbered `rank * 9 + file`, rank 0 being Red's back rank.

pub(crate) const FILES: usize = 9;
pub(crate) const RANKS: usize = 10;
pub(crate) const POINTS: usize = FILES * RANKS;

/// The four orthogonal directions, in the order rays are stored.
pub(crate) const NORTH: usize = 0;
pub(crate) const SOUTH: usize = 1;
pub(crate) const EAST: usize = 2;
pub(crate) const WEST: usize = 3;
const DIRECTION_STEPS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Up to `N` destinations, each with the point that must be empty to get there
/// (a horse's leg, an elephant's eye); `blocker` is unused for unblockable steps.
#[derive(Clone, Copy)]
pub(crate) struct Steps<const N: usize> {
    pub(crate) to: [u8; N],
    pub(crate) blocker: [u8; N],
    pub(crate) len: u8,
}

impl<const N: usize> Steps<N> {
    const EMPTY: Self = Steps { to: [0; N], blocker: [0; N], len: 0 };

    const fn push(mut self, to: usize, blocker: usize) -> Self {
        self.to[self.len as usize] = to as u8;
        self.blocker[self.len as usize] = blocker as u8;
        self.len += 1;
        self
    }

    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len as usize).map(|i| (self.to[i] as usize, self.blocker[i] as usize))
    }
}

/// The points along one direction from a point, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub(crate) points: [u8; 9],
    pub(crate) len: u8,
}

impl Ray {
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.points[..self.len as usize].iter().map(|&p| p as usize)
    }
}

const fn point(file: i32, rank: i32) -> Option<usize> {
    if file >= 0 && file < FILES as i32 && rank >= 0 && rank < RANKS as i32 {
        Some((rank * FILES as i32 + file) as usize)
    } else {
        None
    }
}

const fn file_of(p: usize) -> i32 {
    (p % FILES) as i32
}

const fn rank_of(p: usize) -> i32 {
    (p / FILES) as i32
}

/// Red's palace is files d-f on ranks 0-2, Black's on ranks 7-9.
pub(crate) const fn in_palace(p: usize, red: bool) -> bool {
    let (f, r) = (file_of(p), rank_of(p));
    f >= 3 && f <= 5 && if red { r <= 2 } else { r >= 7 }
}

/// Ranks 0-4 are Red's half of the board, 5-9 Black's.
pub(crate) const fn on_own_half(p: usize, red: bool) -> bool {
    if red { rank_of(p) <= 4 } else { rank_of(p) >= 5 }
}

const fn build_rays() -> [[Ray; 4]; POINTS] {
    let mut rays = [[Ray { points: [0; 9], len: 0 }; 4]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRECTION_STEPS[d];
            let (mut f, mut r) = (file_of(p) + df, rank_of(p) + dr);
            while let Some(q) = point(f, r) {
                let ray = &mut rays[p][d];
                ray.points[ray.len as usize] = q as u8;
                ray.len += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        p += 1;
    }
    rays
}

/// Horse moves from each point: destination and the leg that must be empty.
const fn build_horse_moves() -> [Steps<8>; POINTS] {
    let mut table = [Steps::EMPTY; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (f, r) = (file_of(p), rank_of(p));
        let mut d = 0;
        while d < 4 {
            // One orthogonal step to the leg, then one diagonal step outward.
            let (df, dr) = DIRECTION_STEPS[d];
            if let Some(leg) = point(f + df, r + dr) {
                let mut side = -1;
                while side <= 1 {
                    let (tf, tr) = if df == 0 { (f + side, r + 2 * dr) } else { (f + 2 * df, r + side) };
                    if let Some(to) = point(tf, tr) {
                        table[p] = table[p].push(to, leg);
                    }
                    side += 2;
                }
            }
            d += 1;
        }
        p += 1;
    }
    table
}

/// Horses that attack each point: where the horse stands and its leg.
const fn build_horse_attackers() -> [Steps<8>; POINTS] {
    let moves = build_horse_moves();
    let mut table = [Steps::EMPTY; POINTS];
    let mut from = 0;
    while from < POINTS {
        let mut i = 0;
        while i < moves[from].len as usize {
            let to = moves[from].to[i] as usize;
            // `to` is attacked by a horse standing on `from` through this leg.
            table[to] = table[to].push(from, moves[from].blocker[i] as usize);
            i += 1;
        }
        from += 1;
    }
    table
}

/// Elephant moves: two points diagonally, with the eye between, never across the river.
const fn build_elephant_moves() -> [Steps<4>; POINTS] {
    let mut table = [Steps::EMPTY; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (f, r) = (file_of(p), rank_of(p));
        let red = rank_of(p) <= 4;
        let mut k = 0;
        while k < 4 {
            let (df, dr) = ([1, 1, -1, -1][k], [1, -1, 1, -1][k]);
            if let (Some(to), Some(eye)) = (point(f + 2 * df, r + 2 * dr), point(f + df, r + dr))
                && on_own_half(to, red)
            {
                table[p] = table[p].push(to, eye);
            }
            k += 1;
        }
        p += 1;
    }
    table
}

/// Steps of one point in `steps` directions that stay inside the palace the point
/// stands in: diagonal for advisors, orthogonal for generals.
const fn build_palace_moves(steps: [(i32, i32); 4]) -> [Steps<4>; POINTS] {
    let mut table = [Steps::EMPTY; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (f, r) = (file_of(p), rank_of(p));
        let red = r <= 4;
        if in_palace(p, red) {
            let mut k = 0;
            while k < 4 {
                let (df, dr) = steps[k];
                if let Some(to) = point(f + df, r + dr)
                    && in_palace(to, red)
                {
                    table[p] = table[p].push(to, to);
                }
                k += 1;
            }
        }
        p += 1;
    }
    table
}

const DIAGONAL_STEPS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Soldier moves for each colour: forward, and sideways once across the river.
const fn build_soldier_moves() -> [[Steps<3>; POINTS]; 2] {
    let mut table = [[Steps::EMPTY; POINTS]; 2];
    let mut c = 0;
    while c < 2 {
        let red = c == 0;
        let forward = if red { 1 } else { -1 };
        let mut p = 0;
        while p < POINTS {
            let (f, r) = (file_of(p), rank_of(p));
            if let Some(to) = point(f, r + forward) {
                table[c][p] = table[c][p].push(to, to);
            }
            if !on_own_half(p, red) {
                if let Some(to) = point(f - 1, r) {
                    table[c][p] = table[c][p].push(to, to);
                }
                if let Some(to) = point(f + 1, r) {
                    table[c][p] = table[c][p].push(to, to);
                }
            }
            p += 1;
        }
        c += 1;
    }
    table
}

/// [`RAYS`] as bit sets (bit `p` for point `p`), for the move counts that work on
/// whole sets of points at once.
const fn build_ray_bits() -> [[u128; 4]; POINTS] {
    let rays = build_rays();
    let mut bits = [[0u128; 4]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut d = 0;
        while d < 4 {
            let mut i = 0;
            while i < rays[p][d].len as usize {
                bits[p][d] |= 1 << rays[p][d].points[i];
                i += 1;
            }
            d += 1;
        }
        p += 1;
    }
    bits
}

/// The destinations of a table of steps as bit sets, grouped by the point that blocks
/// them: a horse's two moves past one leg, an elephant's one move past one eye.
/// Unused groups have no destination and name the point itself as their blocker
/// (never empty, since the piece stands there), so a caller can read all four.
#[derive(Clone, Copy)]
pub(crate) struct BlockedBits {
    pub(crate) blockers: [u8; 4],
    pub(crate) targets: [u128; 4],
}

const fn group_by_blocker<const N: usize>(steps: &[Steps<N>; POINTS]) -> [BlockedBits; POINTS] {
    let mut table = [BlockedBits { blockers: [0; 4], targets: [0; 4] }; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut groups = 0;
        table[p].blockers = [p as u8; 4];
        let mut i = 0;
        while i < steps[p].len as usize {
            let blocker = steps[p].blocker[i];
            let mut g = 0;
            while g < groups && table[p].blockers[g] != blocker {
                g += 1;
            }
            if g == groups {
                table[p].blockers[g] = blocker;
                groups += 1;
            }
            table[p].targets[g] |= 1 << steps[p].to[i];
            i += 1;
        }
        p += 1;
    }
    table
}

/// The destinations of unblockable steps as one bit set for each point.
const fn step_bits<const N: usize>(steps: &[Steps<N>; POINTS]) -> [u128; POINTS] {
    let mut bits = [0u128; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut i = 0;
        while i < steps[p].len as usize {
            bits[p] |= 1 << steps[p].to[i];
            i += 1;
        }
        p += 1;
    }
    bits
}

pub(crate) static RAYS: [[Ray; 4]; POINTS] = build_rays();
pub(crate) static HORSE_MOVES: [Steps<8>; POINTS] = build_horse_moves();
pub(crate) static HORSE_ATTACKERS: [Steps<8>; POINTS] = build_horse_attackers();
pub(crate) static ELEPHANT_MOVES: [Steps<4>; POINTS] = build_elephant_moves();
pub(crate) static ADVISOR_MOVES: [Steps<4>; POINTS] = build_palace_moves(DIAGONAL_STEPS);
pub(crate) static GENERAL_MOVES: [Steps<4>; POINTS] = build_palace_moves(DIRECTION_STEPS);
pub(crate) static SOLDIER_MOVES: [[Steps<3>; POINTS]; 2] = build_soldier_moves();
pub(crate) static RAY_BITS: [[u128; 4]; POINTS] = build_ray_bits();
pub(crate) static HORSE_BITS: [BlockedBits; POINTS] = group_by_blocker(&build_horse_moves());
pub(crate) static ELEPHANT_BITS: [BlockedBits; POINTS] = group_by_blocker(&build_elephant_moves());
pub(crate) static ADVISOR_BITS: [u128; POINTS] = step_bits(&build_palace_moves(DIAGONAL_STEPS));
pub(crate) static GENERAL_BITS: [u128; POINTS] = step_bits(&build_palace_moves(DIRECTION_STEPS));
pub(crate) static SOLDIER_BITS: [[u128; POINTS]; 2] = {
    let moves = build_soldier_moves();
    [step_bits(&moves[0]), step_bits(&moves[1])]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horse_in_the_middle_has_eight_moves_and_in_a_corner_two() {
        assert_eq!(HORSE_MOVES[4 * 9 + 4].len, 8);
        assert_eq!(HORSE_MOVES[0].len, 2);
    }

    #[test]
    fn elephant_never_crosses_the_river() {
        // Elephant on c4 (file 2, rank 4) can go to a2/e2 but not to a6/e6.
        let targets: Vec<usize> = ELEPHANT_MOVES[4 * 9 + 2].iter().map(|(to, _)| to).collect();
        assert_eq!(targets.len(), 2);
        assert!(targets.iter().all(|&t| t / 9 == 2));
    }

    #[test]
    fn palace_pieces_stay_in_the_palace() {
        assert_eq!(GENERAL_MOVES[4].len, 3); // e0: d0, f0, e1
        assert_eq!(GENERAL_MOVES[9 + 4].len, 4); // e1
        assert_eq!(ADVISOR_MOVES[9 + 4].len, 4); // e1
        assert_eq!(ADVISOR_MOVES[3].len, 1); // d0 -> e1
        assert_eq!(GENERAL_MOVES[0].len, 0); // a0 is outside any palace
    }

    #[test]
    fn soldiers_move_sideways_only_after_the_river() {
        assert_eq!(SOLDIER_MOVES[0][3 * 9 + 4].len, 1);
        assert_eq!(SOLDIER_MOVES[0][5 * 9 + 4].len, 3);
        assert_eq!(SOLDIER_MOVES[0][9 * 9 + 4].len, 2);
        assert_eq!(SOLDIER_MOVES[1][6 * 9 + 4].len, 1);
        assert_eq!(SOLDIER_MOVES[1][4 * 9 + 4].len, 3);
    }
}
