//! The draughts rule sets Hub carries, by the value of its `variant` parameter. Hub
//! writes every position as the fifty squares of the 10x10 board; an engine that plays
//! more than international draughts says so by declaring the parameter
//! (`param name=variant value=normal type=enum values="normal killer bt frisian losing"`,
//! Scan 3.1), and the game's rule set is chosen with `set-param name=variant value=...`
//! before `init`.

use arbiter::draughts::Rules;

/// Each rule set Hub carries and its `variant` value, as Scan 3.1 names them (its
/// `var.cpp`), in the order of Scan's `values=`: the international rules are `normal`,
/// Breakthrough is `bt` (the first king wins), Frisian draughts is `frisian` (the
/// Frisian federation's rules: Scan counts the same king's simple moves in a row from
/// the game's moves, which Hub's `pos` carries), Antidraughts is `losing` (the side that
/// cannot move wins).
const VARIANTS: [(Rules, &str); 5] = [
    (Rules::International, "normal"),
    (Rules::Killer, "killer"),
    (Rules::Breakthrough, "bt"),
    (Rules::Frisian, "frisian"),
    (Rules::Antidraughts, "losing"),
];

/// The `variant` value of `rules`, if Hub carries it.
pub(crate) fn variant_of(rules: Rules) -> Option<&'static str> {
    VARIANTS.iter().find(|(r, _)| *r == rules).map(|(_, variant)| *variant)
}

/// The rule set a `variant` value names, if Hub carries it.
pub(crate) fn rules_of(variant: &str) -> Option<Rules> {
    VARIANTS.iter().find(|(_, v)| *v == variant).map(|(rules, _)| *rules)
}

/// Every `variant` value, in the order of [`VARIANTS`], as Hub's `values=` lists them.
pub(crate) fn values() -> String {
    VARIANTS.map(|(_, variant)| variant).join(" ")
}

/// The rule sets Hub carries, for messages: `international, killer, breakthrough,
/// frisian, antidraughts`.
pub(crate) fn carried() -> String {
    VARIANTS.map(|(rules, _)| rules.name()).join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scan's Hub declares `values="normal killer bt frisian losing"` (its `main.cpp`)
    /// and reads `breakthrough` as `bt` (its `var.cpp`): each rule set arbiter has and
    /// Scan plays goes both ways, all five of Scan's; the others have no value (Frysk!,
    /// Frisian draughts from another start, neither).
    #[test]
    fn each_carried_rule_set_has_scans_variant_name() {
        for rules in Rules::ALL.iter().copied() {
            match variant_of(rules) {
                Some(variant) => assert_eq!(rules_of(variant), Some(rules)),
                None => assert!(!values().split(' ').any(|v| rules_of(v) == Some(rules))),
            }
        }
        assert_eq!(variant_of(Rules::Killer), Some("killer"));
        assert_eq!(variant_of(Rules::Breakthrough), Some("bt"));
        assert_eq!(variant_of(Rules::Antidraughts), Some("losing"));
        assert_eq!(variant_of(Rules::Frisian), Some("frisian"));
        assert_eq!(rules_of("frisian"), Some(Rules::Frisian));
        assert_eq!(variant_of(Rules::Frysk), None, "Frysk! has no variant value of its own");
        assert_eq!(variant_of(Rules::Russian), None);
        assert_eq!(values(), "normal killer bt frisian losing", "Scan's own values, in its order");
        assert_eq!(carried(), "international, killer, breakthrough, frisian, antidraughts");
    }
}
