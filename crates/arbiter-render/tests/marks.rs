//! What the drawings show beside the pieces: Xiangqi's point marks, Gomoku's star
//! points, TwixT's edge rows in their owners' colours, and Gomoku and TwixT turned.

use arbiter::{AnyGame, GameKind, GameOptions, OptionsInput};
use arbiter_render::{View, svg};

fn game(kind: GameKind, size: Option<u32>) -> AnyGame {
    let mut input = OptionsInput::new();
    if let Some(size) = size {
        input.set("size", size);
    }
    AnyGame::new(&GameOptions::new(kind, &input).expect("options"))
}

fn count(drawing: &str, class: &str) -> usize {
    drawing.matches(&format!(r#"class="{class}""#)).count()
}

/// The `cx`/`cy` of the spot of `point`.
fn spot(drawing: &str, point: &str) -> (f64, f64) {
    let at = drawing.find(&format!(r#"data-point="{point}""#)).expect(point);
    let element = &drawing[drawing[..at].rfind('<').unwrap()..at];
    let number = |name: &str| {
        let start = element.find(&format!(r#"{name}=""#)).unwrap() + name.len() + 2;
        element[start..].split('"').next().unwrap().parse::<f64>().unwrap()
    };
    (number("cx"), number("cy"))
}

#[test]
fn xiangqi_marks_the_cannons_and_soldiers_points() {
    let drawing = svg(&game(GameKind::Xiangqi, None), View::default());
    // Four cannons' points of four corners of two strokes; ten soldiers' points, six
    // inner ones whole, four on the edge files with their inner half only.
    assert_eq!(count(&drawing, "mark"), 4 * 8 + 6 * 8 + 4 * 4);
    assert_eq!(count(&svg(&game(GameKind::Xiangqi, None), View { flip: true, ended: false }), "mark"), 96);
    assert!(drawing.contains("楚 河"));
}

#[test]
fn gomoku_has_its_star_points() {
    for (size, stars) in [(15, 5), (19, 9), (9, 5), (7, 0), (20, 4)] {
        let drawing = svg(&game(GameKind::Gomoku, Some(size)), View::default());
        assert_eq!(count(&drawing, "star"), stars, "{size}x{size}");
    }
}

#[test]
fn gomoku_and_twixt_turn_with_their_coordinates() {
    for (kind, size, corner) in [(GameKind::Gomoku, 15, "o15"), (GameKind::Twixt, 12, "l11")] {
        let upright = svg(&game(kind, Some(size)), View::default());
        let turned = svg(&game(kind, Some(size)), View { flip: true, ended: false });
        let (a, b) = (spot(&upright, corner), spot(&turned, corner));
        // The far corner is at the top right upright, at the bottom left turned.
        assert!(a.0 > b.0 && a.1 < b.1, "{corner}: {a:?} upright, {b:?} turned");
    }
}

#[test]
fn twixt_tints_each_sides_edge_rows_alike_on_every_move() {
    let mut twixt = game(GameKind::Twixt, Some(12));
    let before = svg(&twixt, View::default());
    assert_eq!((count(&before, "band-black"), count(&before, "band-white")), (2, 2));
    let bands = |d: &str| d.split('<').filter(|e| e.contains("band-")).map(str::to_owned).collect::<Vec<_>>();
    twixt.play_text("c4").unwrap();
    assert_eq!(bands(&svg(&twixt, View::default())), bands(&before));
}

#[test]
fn gomoku_openings_outline_the_zone_and_number_the_offers() {
    let input = OptionsInput::new().with("rules", "renju").with("opening", "rif");
    let mut game = AnyGame::new(&GameOptions::new(GameKind::Gomoku, &input).unwrap());
    // The 1st stone's zone is the centre point, outlined.
    assert_eq!(count(&svg(&game, View::default()), "zone"), 1);
    for text in ["h8", "i9", "j9", "a1", "offer:k11"] {
        game.play_text(text).unwrap();
    }
    let drawing = svg(&game, View::default());
    assert_eq!(count(&drawing, "zone"), 0, "offers go anywhere");
    assert_eq!(count(&drawing, "offer"), 1);
    assert!(drawing.contains(r#"class="offer-label""#));
    // The offer is no stone: its point is still free to click.
    let at = drawing.find(r#"data-point="k11""#).unwrap();
    assert!(drawing[drawing[..at].rfind('<').unwrap()..at].contains(r#"class="spot" "#));
    game.play_text("offer:g5").unwrap();
    game.play_text("choose:g5").unwrap();
    let drawing = svg(&game, View::default());
    assert_eq!(count(&drawing, "offer"), 0, "the opening is over");
    assert_eq!(count(&drawing, "stone stone-black"), 3);
}

#[test]
fn twixt_pp_draws_an_own_crossing_link_over_the_other_with_a_gap() {
    // Black c3, e4, d3, c5: d3-c5 crosses Black's own c3-e4, made under pp only.
    let play = |rules: &str| {
        let input = OptionsInput::new().with("size", 10).with("rules", rules);
        let mut game = AnyGame::new(&GameOptions::new(GameKind::Twixt, &input).expect("options"));
        for text in ["c3", "h9", "e4", "h7", "d3", "f9", "c5"] {
            game.play_text(text).unwrap();
        }
        svg(&game, View::default())
    };
    let (pp, auto) = (play("pp"), play("auto"));
    assert_eq!(count(&auto, "link link-black"), 2);
    assert_eq!(count(&auto, "link-gap"), 0);
    // Three links, and the bridge: a gap across the link under it, and the stretch of
    // the link over it drawn again.
    assert_eq!(count(&pp, "link-gap"), 1);
    assert_eq!(count(&pp, "link link-black"), 3 + 1);
    let gap = pp.find(r#"class="link-gap""#).unwrap();
    let bridge = &pp[gap..gap + pp[gap..].find("/>").unwrap()];
    // The gap runs along d3-c5, centred where it crosses c3-e4: (2.8, 2.4) in points,
    // x = 30 + 2.8 * 24, y = 30 + (9 - 2.4) * 24 on a 10x10 board drawn row 1 at the bottom.
    let number = |name: &str| {
        let start = bridge.find(&format!(r#"{name}=""#)).unwrap() + name.len() + 2;
        bridge[start..].split('"').next().unwrap().parse::<f64>().unwrap()
    };
    let middle = ((number("x1") + number("x2")) / 2.0, (number("y1") + number("y2")) / 2.0);
    assert!((middle.0 - 97.2).abs() < 0.1 && (middle.1 - 188.4).abs() < 0.1, "{middle:?}");
}
