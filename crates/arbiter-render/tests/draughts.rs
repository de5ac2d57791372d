//! The draughts board drawn as its position's `Layout` lays it out, read back from the
//! SVG: a cell for each of the layout's rows and columns, each piece on its square's
//! point, each clickable spot named as players write its square, Black at the bottom
//! when turned; and a capture's route through its landing squares, its taken pieces
//! crossed out.

use arbiter::draughts::{Layout, Position, Square};
use arbiter::{AnyGame, AnyHistory, GameKind, GameOptions, OptionsInput};
use arbiter_render::{View, svg};
use roxmltree::{Document, Node};

fn draughts(input: &OptionsInput) -> AnyGame {
    AnyGame::new(&GameOptions::new(GameKind::Draughts, input).expect("options"))
}

fn from_fen(fen: &str) -> AnyGame {
    draughts(&OptionsInput::new().with("fen", fen))
}

fn position(game: &AnyGame) -> &Position {
    match game.history() {
        AnyHistory::Draughts(history) => history.position(),
        _ => unreachable!("a draughts game"),
    }
}

fn number(node: Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap_or_else(|| panic!("{name} of {node:?}")).parse().expect(name)
}

fn classes<'a>(node: Node<'a, '_>) -> Vec<&'a str> {
    node.attribute("class").unwrap_or("").split(' ').collect()
}

/// The width of one cell, and the centre of `square`'s cell on the layout's grid,
/// upright (White at the bottom) or turned.
struct Expected {
    layout: Layout,
    cell: f64,
    flip: bool,
}

impl Expected {
    fn centre(&self, square: Square) -> (f64, f64) {
        let (row, column) = self.layout.coordinates(square);
        let last = self.layout.size() - 1;
        let (row, column) = if self.flip { (last - row, last - column) } else { (row, column) };
        ((f64::from(column) + 0.5) * self.cell, (f64::from(row) + 0.5) * self.cell)
    }

    fn square_at(&self, (x, y): (f64, f64)) -> Square {
        self.layout
            .all()
            .find(|&square| self.centre(square) == (x, y))
            .unwrap_or_else(|| panic!("no square of the layout is drawn at {x},{y}"))
    }
}

/// Draws `game` upright and turned and checks every piece and spot against its layout.
fn check_placed(game: &AnyGame) {
    let position = position(game);
    let layout = position.layout();
    for flip in [false, true] {
        let drawing = svg(game, View { flip, ended: false });
        let document = Document::parse(&drawing).expect("the drawing is XML");
        let root = document.root_element();
        let (width, height) = (number(root, "width"), number(root, "height"));
        assert_eq!(width, height, "a square board");
        let cell = width / f64::from(layout.size());
        let expected = Expected { layout, cell, flip };
        let dark: Vec<Node<'_, '_>> = root.descendants().filter(|n| classes(*n) == ["dark"]).collect();
        assert_eq!(dark.len(), layout.squares(), "a dark cell for each playable square");
        for cell_node in &dark {
            let centre = (number(*cell_node, "x") + cell / 2.0, number(*cell_node, "y") + cell / 2.0);
            expected.square_at(centre);
        }
        // Each piece's disc on its square's point, and nothing drawn where no piece stands.
        let discs: Vec<Node<'_, '_>> = root
            .descendants()
            .filter(|n| n.has_tag_name("circle") && n.parent().is_some_and(|p| classes(p).contains(&"piece")))
            .collect();
        assert_eq!(discs.len(), position.pieces().count());
        for disc in discs {
            let square = expected.square_at((number(disc, "cx"), number(disc, "cy")));
            let piece = position.piece_at(square).unwrap_or_else(|| panic!("a disc on empty square {square}"));
            let color = format!("{:?}", piece.color).to_lowercase();
            let kind = format!("{:?}", piece.kind).to_lowercase();
            assert_eq!(classes(disc), [format!("{kind}-{color}")], "square {square}");
        }
        // A capture's route runs from square to square, each point a layout square's,
        // with a square crossed out for each piece taken.
        if let Some(last) = game.last_move().filter(|m| !m.captured.is_empty()) {
            let route = root.descendants().find(|n| classes(*n) == ["route"]).expect("a capture's route");
            let points = route.attribute("points").unwrap().split(' ');
            let squares: Vec<String> = points
                .map(|p| p.split_once(',').unwrap())
                .map(|(x, y)| layout.name(expected.square_at((x.parse().unwrap(), y.parse().unwrap()))))
                .collect();
            let mut through = vec![last.from.clone().unwrap()];
            through.extend(last.path.iter().cloned());
            through.push(last.to.clone().unwrap());
            assert_eq!(squares, through);
            assert_eq!(root.descendants().filter(|n| classes(*n) == ["captured"]).count(), last.captured.len());
        }
        // Each spot a page clicks is named as players write its square, on its cell.
        let spots: Vec<Node<'_, '_>> = root.descendants().filter(|n| classes(*n) == ["spot"]).collect();
        assert_eq!(spots.len(), layout.squares());
        for spot in spots {
            let centre = (number(spot, "x") + cell / 2.0, number(spot, "y") + cell / 2.0);
            let square = expected.square_at(centre);
            assert_eq!(spot.attribute("data-point"), Some(layout.name(square).as_str()));
        }
    }
}

#[test]
fn the_international_board_puts_every_piece_on_its_layout_point() {
    let mut game = draughts(&OptionsInput::new());
    assert_eq!(position(&game).layout().size(), 10);
    check_placed(&game);
    for text in ["32-28", "19-23", "28x19", "14x23"] {
        game.play_text(text).unwrap();
    }
    check_placed(&game);
    check_placed(&from_fen("B:WK3,31,48:BK46,7,20"));
}

/// The 8x8 boards of the Brazilian, Russian and English rules: 32 squares, each piece
/// on its layout point upright and turned, Russian squares named algebraically (`c3`),
/// through the first moves of a game (the first legal move each time, captures too).
#[test]
fn the_eight_by_eight_boards_put_every_piece_on_its_layout_point() {
    for rules in ["brazilian", "russian", "english", "pool", "czech", "spanish", "italian", "thai"] {
        let mut game = draughts(&OptionsInput::new().with("rules", rules));
        let layout = position(&game).layout();
        assert_eq!((layout.size(), layout.squares()), (8, 32), "{rules}");
        check_placed(&game);
        let mut captures = 0;
        for _ in 0..30 {
            let Some(first) = game.legal_moves().into_iter().next() else { break };
            captures += usize::from(!game.play_text(&first.text).unwrap().captured.is_empty());
            check_placed(&game);
        }
        assert!(captures > 0, "{rules}: a capture drawn");
    }
    // Spanish draughts is played on the turned board: h1 dark in White's lower right
    // corner, a1 light; the other boards the other way round.
    let dark_corners = |rules: &str| {
        let drawing = svg(&draughts(&OptionsInput::new().with("rules", rules)), View::default());
        let document = Document::parse(&drawing).expect("the drawing is XML");
        let root = document.root_element();
        let cell = number(root, "width") / 8.0;
        let dark = |x: f64, y: f64| {
            root.descendants().any(|n| classes(n) == ["dark"] && number(n, "x") == x && number(n, "y") == y)
        };
        (dark(0.0, 7.0 * cell), dark(7.0 * cell, 7.0 * cell))
    };
    assert_eq!(dark_corners("spanish"), (false, true));
    assert_eq!(dark_corners("italian"), (false, true));
    assert_eq!(dark_corners("brazilian"), (true, false));
    let russian = svg(&draughts(&OptionsInput::new().with("rules", "russian")), View::default());
    assert!(russian.contains(r#"data-point="c3""#) && !russian.contains(r#"data-point="22""#));
}

/// Under the FMJD rules "captured pieces come off only when the move ends"
/// (docs/rules.md, International draughts), so a capture may come round to end on its
/// start square, where the piece seems not to have moved. The drawing shows
/// the route from the start through every landing square back to it, and crosses out
/// the four taken pieces' squares.
#[test]
fn a_capture_is_drawn_through_its_landing_squares_with_its_taken_pieces_crossed_out() {
    let mut game = from_fen("W:W43,48:B28,29,38,39,3");
    let moves = game.legal_moves();
    assert_eq!(moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["43x43"]);
    let played = game.play_text("43x43").unwrap().clone();
    assert_eq!(played.captured.len(), 4);
    check_placed(&game);
    let drawing = svg(&game, View::default());
    let document = Document::parse(&drawing).unwrap();
    let root = document.root_element();
    let layout = position(&game).layout();
    let expected = Expected { layout, cell: number(root, "width") / f64::from(layout.size()), flip: false };
    let name = |square: Square| layout.name(square);
    let route = root.descendants().find(|n| classes(*n) == ["route"]).expect("the capture's route");
    let points: Vec<String> = route
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|point| {
            let (x, y) = point.split_once(',').unwrap();
            name(expected.square_at((x.parse().unwrap(), y.parse().unwrap())))
        })
        .collect();
    let mut through = vec!["43".to_owned()];
    through.extend(played.path.iter().cloned());
    through.push("43".to_owned());
    assert_eq!(points, through, "from 43 through each landing square back to 43");
    let crossed: Vec<String> = root
        .descendants()
        .filter(|n| classes(*n) == ["captured"])
        .map(|cross| {
            let d = cross.attribute("d").unwrap();
            // `M x-a y-a L x+a y+a ...`: the cross's centre is the middle of its first stroke.
            let numbers: Vec<f64> = d.split(['M', 'L', ' ']).filter_map(|n| n.parse().ok()).collect();
            name(expected.square_at(((numbers[0] + numbers[2]) / 2.0, (numbers[1] + numbers[3]) / 2.0)))
        })
        .collect();
    let mut taken = played.captured.clone();
    taken.sort();
    let mut crossed = crossed;
    crossed.sort();
    assert_eq!(crossed, taken);
    assert!(["28", "29", "38", "39"].iter().all(|s| taken.contains(&(*s).to_owned())), "{taken:?}");
}

#[test]
fn a_plain_move_draws_no_route() {
    let mut game = draughts(&OptionsInput::new());
    game.play_text("32-28").unwrap();
    let drawing = svg(&game, View::default());
    assert!(!drawing.contains(r#"class="route""#) && !drawing.contains(r#"class="captured""#));
    assert_eq!(drawing.matches(r#"class="last""#).count(), 2);
}
