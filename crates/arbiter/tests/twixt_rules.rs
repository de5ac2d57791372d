//! TwixT's rules: links, crossings, end zones, connection, swap and the draw, under
//! both rule sets: `auto` (no link crosses another) and `pp` (Little Golem's TwixT PP,
//! whose rule page is quoted in docs/rules.md: "Your links may not cross opposing
//! links, although your own links may cross each other").

use std::collections::BTreeSet;

use arbiter::twixt::{Color, Move, Peg, PlaceError, Position, Rules};
use arbiter::{Game, GameKind, GameOptions, MoveError, OptionsInput, Outcome, Side, Termination};

fn peg(x: u16, y: u16) -> Peg {
    Peg { x, y }
}

/// Plays pegs given as (x, y) pairs alternately from Black, through `place`.
fn game(size: u32, pegs: &[(u16, u16)]) -> Position {
    game_by(Rules::Auto, size, pegs)
}

/// The same, by `rules`.
fn game_by(rules: Rules, size: u32, pegs: &[(u16, u16)]) -> Position {
    let mut game = Position::with_rules(rules, size, false).unwrap();
    for &(x, y) in pegs {
        game.place(peg(x, y)).unwrap_or_else(|e| panic!("({x},{y}): {e}"));
    }
    game
}

fn links(game: &Position) -> BTreeSet<((u16, u16), (u16, u16))> {
    game.board().links().map(|(a, b)| ((a.x, a.y), (b.x, b.y))).collect()
}

/// A filler move for the side that must move but whose peg does not matter here.
const FAR_BLACK: [(u16, u16); 4] = [(9, 9), (9, 7), (8, 9), (7, 8)];
const FAR_WHITE: [(u16, u16); 4] = [(1, 9), (3, 9), (2, 8), (1, 7)];

#[test]
fn pegs_a_knights_move_apart_are_linked() {
    let g = game(12, &[(4, 4), (1, 9), (5, 6)]);
    assert_eq!(links(&g), BTreeSet::from([((4, 4), (5, 6))]));
    // Not a knight's move: no link.
    let g = game(12, &[(4, 4), (1, 9), (5, 5)]);
    assert!(links(&g).is_empty());
}

#[test]
fn every_crossing_link_blocks_and_only_those() {
    // Black's link (4,4)-(5,6) against each of the nine links that cross it, made first
    // by White; and four links that touch or run beside it without crossing.
    let crossing = [
        ((3, 4), (5, 5)),
        ((3, 5), (5, 4)),
        ((3, 6), (5, 5)),
        ((4, 5), (5, 3)),
        ((4, 5), (6, 4)),
        ((4, 5), (6, 6)),
        ((4, 6), (5, 4)),
        ((4, 6), (6, 5)),
        ((4, 7), (5, 5)),
    ];
    for (a, b) in crossing {
        let g = game(12, &[FAR_BLACK[0], a, FAR_BLACK[1], b, (4, 4), FAR_WHITE[0], (5, 6)]);
        assert!(links(&g).contains(&(a, b)), "white link {a:?}-{b:?} made");
        assert!(!links(&g).contains(&((4, 4), (5, 6))), "black link blocked by {a:?}-{b:?}");
    }
    let harmless = [((5, 4), (6, 6)), ((3, 5), (4, 7)), ((3, 3), (4, 5)), ((5, 5), (6, 7)), ((2, 5), (4, 6))];
    for (a, b) in harmless {
        let g = game(12, &[FAR_BLACK[0], a, FAR_BLACK[1], b, (4, 4), FAR_WHITE[0], (5, 6)]);
        assert!(links(&g).contains(&((4, 4), (5, 6))), "black link not blocked by {a:?}-{b:?}");
    }
}

#[test]
fn own_links_block_too_and_the_first_link_made_wins() {
    // Black's own link (3,4)-(5,5) crosses (4,4)-(5,6).
    let g = game(12, &[(3, 4), FAR_WHITE[0], (5, 5), FAR_WHITE[1], (4, 4), FAR_WHITE[2], (5, 6)]);
    assert!(links(&g).contains(&((3, 4), (5, 5))));
    assert!(!links(&g).contains(&((4, 4), (5, 6))));
    // Made the other way round: Black's link first, White's crossing link refused.
    let g = game(12, &[(4, 4), (3, 4), (5, 6), (5, 5)]);
    assert!(links(&g).contains(&((4, 4), (5, 6))));
    assert!(!links(&g).contains(&((3, 4), (5, 5))));
}

#[test]
fn links_sharing_a_peg_are_both_made() {
    let g = game(12, &[(0, 1), FAR_WHITE[0], (2, 2), FAR_WHITE[1], (4, 3), FAR_WHITE[2], (4, 1)]);
    assert_eq!(links(&g), BTreeSet::from([((0, 1), (2, 2)), ((2, 2), (4, 3)), ((2, 2), (4, 1))]));
}

#[test]
fn end_zones_belong_to_their_owner() {
    let mut g = Position::new(8, false).unwrap();
    assert_eq!(g.place(peg(3, 0)), Err(PlaceError::EndZone { peg: peg(3, 0), owner: Color::White }));
    assert_eq!(g.place(peg(0, 0)), Err(PlaceError::EndZone { peg: peg(0, 0), owner: Color::White }));
    g.place(peg(0, 3)).unwrap();
    assert_eq!(g.place(peg(7, 3)), Err(PlaceError::EndZone { peg: peg(7, 3), owner: Color::Black }));
    assert_eq!(g.place(peg(7, 7)), Err(PlaceError::EndZone { peg: peg(7, 7), owner: Color::Black }));
    g.place(peg(3, 7)).unwrap();
    assert_eq!(g.place(peg(0, 3)), Err(PlaceError::Occupied(peg(0, 3))));
    assert_eq!(g.place(peg(8, 3)), Err(PlaceError::OffBoard { peg: peg(8, 3), max: 7 }));
}

#[test]
fn a_chain_between_the_edges_wins_and_only_when_complete() {
    // Black: (0,4)-(2,3)-(4,4)-(6,5)-(8,4) on a 9x9 board; the middle peg comes last.
    let pegs = [(0, 4), (1, 8), (2, 3), (3, 8), (6, 5), (5, 8), (8, 4), (7, 8)];
    let mut g = game(9, &pegs);
    assert_eq!(g.outcome(), None);
    g.place(peg(4, 4)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::win(Side::First, Termination::Connection)));
    assert_eq!(g.place(peg(5, 5)), Err(PlaceError::GameOver));
    // Reaching x = N - 1 is not enough.
    let short = game(9, &[(0, 4), (1, 8), (2, 3), (3, 8), (4, 4), (5, 8), (6, 5)]);
    assert_eq!(short.outcome(), None);
}

#[test]
fn white_connects_bottom_to_top() {
    let pegs = [(8, 1), (4, 0), (8, 3), (5, 2), (8, 5), (4, 4), (8, 7), (5, 6), (1, 1)];
    let mut g = game(9, &pegs);
    assert_eq!(g.outcome(), None);
    g.place(peg(4, 8)).unwrap();
    assert_eq!(g.outcome().and_then(|o| o.winner()), Some(Side::Second));
}

#[test]
fn swap_takes_over_the_first_peg_mirrored() {
    let mut g = Position::new(24, true).unwrap();
    g.play(g.parse_move("c5").unwrap());
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert!(moves.contains(&Move::Swap));
    g.play(g.parse_move("swap").unwrap());
    assert_eq!(g.board().peg_at(peg(4, 2)), Some(Color::White));
    assert_eq!(g.board().peg_at(peg(2, 4)), None);
    assert_eq!(g.turn(), Color::Black);
    assert!(matches!(g.parse_move("swap"), Err(MoveError::Illegal { .. })));
    // Without the rule, or later than White's first move, there is no swap.
    let mut plain = Position::new(24, false).unwrap();
    plain.play(plain.parse_move("c5").unwrap());
    assert!(matches!(plain.parse_move("swap"), Err(MoveError::Illegal { .. })));
}

#[test]
fn a_board_with_no_legal_point_for_the_side_to_move_is_a_draw() {
    // On 3x3, Black may use (0,1), (1,1), (2,1) and White (1,0), (1,1), (1,2).
    let mut g = game(3, &[(1, 1), (1, 0), (0, 1), (1, 2)]);
    assert_eq!(g.outcome(), None);
    g.place(peg(2, 1)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::draw(Termination::NoLegalMove)));
    assert_eq!(g.count_legal_moves(), 0);
}

#[test]
fn moves_are_read_as_points_or_coordinates() {
    let g = Position::new(30, false).unwrap();
    assert_eq!(g.parse_move("d5"), Ok(Move::Place(peg(3, 4))));
    assert_eq!(g.parse_move("3,4"), Ok(Move::Place(peg(3, 4))));
    assert_eq!(g.parse_move("ab5"), Ok(Move::Place(peg(27, 4))));
    assert!(matches!(g.parse_move("d0"), Err(MoveError::Syntax { .. })));
    assert!(matches!(g.parse_move("d1"), Err(MoveError::Illegal { .. })));
    assert_eq!(Move::Place(peg(27, 4)).to_string(), "ab5");
}

#[test]
fn the_winning_chain_is_the_linked_group_that_joins_the_edges() {
    let mut g = Position::new(5, false).unwrap();
    for text in ["a3", "b1", "c2", "d5", "e3"] {
        let mv = g.parse_move(text).unwrap();
        g.play(mv);
    }
    let chain: Vec<String> = g.board().winning_chain(Color::Black).iter().map(ToString::to_string).collect();
    assert_eq!(chain, ["c2", "a3", "e3"]);
    assert!(g.board().winning_chain(Color::White).is_empty());
}

// TwixT PP, Little Golem's rules: "When you place your peg, the server will
// automatically add all legal links to that peg. A legal link is a link between two
// pegs of the same color which are at opposite corners of a 6-hole rectangle [...]
// Your links may not cross opposing links, although your own links may cross each
// other. [...] Crossed links are not directly connected to each other, as far as the
// object of the game is concerned."

#[test]
fn pp_own_links_may_cross_each_other() {
    // Black's own link (3,4)-(5,5) crosses (4,4)-(5,6): blocked under auto, made in PP,
    // the first link kept (links are never removed).
    let pegs = [(3, 4), FAR_WHITE[0], (5, 5), FAR_WHITE[1], (4, 4), FAR_WHITE[2], (5, 6)];
    let g = game_by(Rules::Pp, 12, &pegs);
    assert!(links(&g).contains(&((3, 4), (5, 5))));
    assert!(links(&g).contains(&((4, 4), (5, 6))));
    let crossings: Vec<_> = g.board().crossings().collect();
    assert_eq!(crossings, [((peg(3, 4), peg(5, 5)), (peg(4, 4), peg(5, 6)))]);
    assert_eq!(game(12, &pegs).board().crossings().count(), 0);
    // The notes' example, in points: Black c3, e4, d3, c5 (White far away): d3-c5
    // crosses only Black's own c3-e4.
    let pegs = [(2, 2), (8, 8), (4, 3), (8, 6), (3, 2), (6, 8), (2, 4)];
    let auto = links(&game(10, &pegs));
    let pp = links(&game_by(Rules::Pp, 10, &pegs));
    assert!(!auto.contains(&((2, 4), (3, 2))));
    assert!(pp.contains(&((2, 4), (3, 2))));
    assert_eq!(pp.difference(&auto).count(), 1, "{pp:?} against {auto:?}");
}

#[test]
fn pp_every_opposing_crossing_link_blocks_either_way_round() {
    // The nine White links that cross Black's (4,4)-(5,6), made first: each blocks it,
    // as under auto.
    let crossing = [
        ((3, 4), (5, 5)),
        ((3, 5), (5, 4)),
        ((3, 6), (5, 5)),
        ((4, 5), (5, 3)),
        ((4, 5), (6, 4)),
        ((4, 5), (6, 6)),
        ((4, 6), (5, 4)),
        ((4, 6), (6, 5)),
        ((4, 7), (5, 5)),
    ];
    for (a, b) in crossing {
        let g = game_by(Rules::Pp, 12, &[FAR_BLACK[0], a, FAR_BLACK[1], b, (4, 4), FAR_WHITE[0], (5, 6)]);
        assert!(links(&g).contains(&(a, b)), "white link {a:?}-{b:?} made");
        assert!(!links(&g).contains(&((4, 4), (5, 6))), "black link blocked by {a:?}-{b:?}");
        // Black's link first: White's is refused.
        let g = game_by(Rules::Pp, 12, &[(4, 4), a, (5, 6), b]);
        assert!(links(&g).contains(&((4, 4), (5, 6))));
        assert!(!links(&g).contains(&(a, b)), "white link {a:?}-{b:?} blocked by black's");
        assert_eq!(g.board().crossings().count(), 0);
    }
}

#[test]
fn pp_crossed_links_are_not_joined_where_they_cross() {
    // On 11x11, Black's group (0,6)-(2,5)-(4,4)-(5,6) holds the left edge and its group
    // (3,4)-(5,5)-(7,4)-(9,3)-(10,5) the right; no peg of one is a knight's move from a
    // peg of the other, and their links cross ((4,4)-(5,6) crosses (3,4)-(5,5)): joined
    // only where they cross, Black has not connected.
    let black = [(0, 6), (2, 5), (4, 4), (5, 6), (3, 4), (5, 5), (7, 4), (9, 3), (10, 5)];
    let white = [(1, 0), (3, 0), (5, 0), (7, 0), (9, 0), (1, 10), (3, 10), (5, 10)];
    let mut pegs = Vec::new();
    for (i, &b) in black.iter().enumerate() {
        pegs.push(b);
        pegs.extend(white.get(i));
    }
    let g = game_by(Rules::Pp, 11, &pegs);
    let made = links(&g);
    for link in [((0, 6), (2, 5)), ((2, 5), (4, 4)), ((4, 4), (5, 6)), ((3, 4), (5, 5)), ((9, 3), (10, 5))] {
        assert!(made.contains(&link), "{link:?} in {made:?}");
    }
    assert!(g.board().crossings().any(|c| c == ((peg(3, 4), peg(5, 5)), (peg(4, 4), peg(5, 6)))));
    assert_eq!(g.outcome(), None);
    assert!(g.board().winning_chain(Color::Black).is_empty());
}

#[test]
fn pp_a_crossing_own_link_can_win() {
    // Black's chain (0,10)-(2,11)-...-(23,9) on 24x24 is closed by (10,11), whose link
    // to (12,10) crosses Black's own (10,10)-(11,12): a win in PP, not under auto.
    let black = [
        (10, 10),
        (11, 12),
        (0, 10),
        (2, 11),
        (4, 10),
        (6, 11),
        (8, 10),
        (12, 10),
        (14, 11),
        (16, 10),
        (18, 11),
        (20, 10),
        (22, 11),
        (23, 9),
    ];
    let mut pegs = Vec::new();
    for (i, &b) in black.iter().enumerate() {
        pegs.push(b);
        pegs.push((1 + 3 * (i as u16 % 7), 20 + i as u16 / 7));
    }
    for rules in [Rules::Auto, Rules::Pp] {
        let mut g = game_by(rules, 24, &pegs);
        assert_eq!(g.outcome(), None);
        g.place(peg(10, 11)).unwrap();
        let winner = g.outcome().and_then(|o| o.winner());
        match rules {
            Rules::Pp => assert_eq!(winner, Some(Side::First)),
            Rules::Auto => assert_eq!(winner, None),
        }
    }
}

#[test]
fn pp_swap_mirrors_the_first_peg_and_keeps_the_rules() {
    // Little Golem: "if White plays 1.B4 and Black swaps, the B4 peg turns black and
    // moves to D2" (its first player is arbiter's Black; a record's points are turned
    // a quarter, which keeps the mirror a mirror).
    let mut g = Position::with_rules(Rules::Pp, 24, true).unwrap();
    g.play(g.parse_move("b4").unwrap());
    g.play(g.parse_move("swap").unwrap());
    assert_eq!(g.board().peg_at(peg(3, 1)), Some(Color::White));
    assert_eq!(g.board().peg_at(peg(1, 3)), None);
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.rules(), Rules::Pp);
    assert_eq!(g.board().rules(), Rules::Pp);
}

#[test]
fn the_rules_option_chooses_the_rule_set() {
    let start = |input: &OptionsInput| GameOptions::new(GameKind::Twixt, input);
    let auto = start(&OptionsInput::new()).unwrap();
    assert_eq!(auto.to_input().text("rules"), Ok(Some("auto")));
    let pp = start(&OptionsInput::new().with("rules", "pp")).unwrap();
    assert_eq!(pp.to_input().text("rules"), Ok(Some("pp")));
    assert_eq!(pp.to_input().flag("swap"), Ok(Some(false)));
    let refused = start(&OptionsInput::new().with("rules", "standard")).unwrap_err();
    assert_eq!(refused.to_string(), "option \"rules\": unknown rules \"standard\": expected auto or pp");
    // Played through the registry: the own crossing link is made.
    let mut game = arbiter::AnyGame::new(&pp);
    for text in ["c3", "i9", "e4", "i7", "d3", "g9", "c5"] {
        game.play_text(text).unwrap();
    }
    let arbiter::AnyHistory::Twixt(history) = game.history() else { panic!("a TwixT game") };
    assert_eq!(history.position().board().crossings().count(), 1);
}
