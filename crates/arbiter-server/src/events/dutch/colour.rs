//! Colour allocation (C.04.3 E.1-E.5) and the colour quality criteria of a pair
//! (C8-C11).

use super::entrant::Colour;
use super::player::{Player, Strength};

/// The colour `high` gets against `low`, `high` being the higher ranked of the two
/// (higher score, then lower pairing number).
pub(super) fn colour_of_higher(high: &Player, low: &Player) -> Colour {
    // E.1: both preferences can be granted.
    if let (Some(h), Some(l)) = (high.pref, low.pref)
        && h != l
    {
        return h;
    }
    // E.2: the stronger preference; of two absolute ones, the wider colour difference.
    if high.strength != low.strength {
        return if high.strength > low.strength {
            high.pref.unwrap_or(Colour::First)
        } else {
            low.pref.map_or(Colour::First, Colour::other)
        };
    }
    if high.strength == Strength::Absolute && high.cd.abs() != low.cd.abs() {
        return if high.cd.abs() > low.cd.abs() {
            high.pref.unwrap_or(Colour::First)
        } else {
            low.pref.map_or(Colour::First, Colour::other)
        };
    }
    // E.3: alternate from the most recent game (counted back over games played) in
    // which the two had different colours.
    for (h, l) in high.played.iter().rev().zip(low.played.iter().rev()) {
        if h != l {
            return h.other();
        }
    }
    // E.4: the higher ranked player's preference.
    if let Some(h) = high.pref {
        return h;
    }
    // E.5: the initial colour (First) to a higher ranked player with an odd pairing
    // number, the other to an even one.
    if high.pn % 2 == 1 { Colour::First } else { Colour::Second }
}

/// How far a pair falls short of the colour criteria, per criterion, as counts of
/// players: C8 (a topscorer or a topscorer's opponent's colour difference beyond ±2),
/// C9 (a topscorer or a topscorer's opponent with one colour three times running),
/// C10 (a preference not granted), C11 (a strong or absolute preference not granted).
pub(super) fn shortfalls(high: &Player, low: &Player) -> [u32; 4] {
    let high_colour = colour_of_higher(high, low);
    let mut out = [0; 4];
    for (player, colour) in [(high, high_colour), (low, high_colour.other())] {
        if high.top || low.top {
            let cd = player.cd + if colour == Colour::First { 1 } else { -1 };
            out[0] += u32::from(cd.abs() > 2);
            let n = player.played.len();
            out[1] += u32::from(n >= 2 && player.played[n - 1] == colour && player.played[n - 2] == colour);
        }
        if let Some(pref) = player.pref
            && pref != colour
        {
            out[2] += 1;
            out[3] += u32::from(player.strength >= Strength::Strong);
        }
    }
    out
}
