//! The diagrams of the Chinese Xiangqi Association's rule book on repetition (图2 to
//! 图30), played through arbiter under the AXF rules (both readings of the chase
//! rules) and under the Chinese rules. Each row of
//! `data/xiangqi-rules/chinese-rule-book.tsv` holds a diagram's position, the moves
//! before its cycle, the cycle, the book's verdict and arbiter's under `axf`,
//! `engines` and `chinese`, and the book's reading of each side's moves; where
//! arbiter's verdict differs from the book's, the row says why
//! (docs/rules.md, "The Chinese rule book's diagrams"). The book's reference diagrams
//! (参考图1 to 参考图50, `data/xiangqi-rules/chinese-rule-book-reference.tsv`) are
//! played under the Chinese rules, and the set arbiter judges as the book does is kept.

use arbiter::explain::{Explanation, Reading};
use arbiter::xiangqi::{ChaseRules, Position, Rules, Settings};
use arbiter::{Game, Outcome, Side, WithHistory};

const DIAGRAMS: &str = include_str!("data/xiangqi-rules/chinese-rule-book.tsv");

/// The rule book's reference diagrams (参考图1 to 参考图50), one row each: the position,
/// the moves, the book's verdict and arbiter's under `rules chinese`, the book's reading
/// of each move of the cycle, and why arbiter's verdict is not the book's where it is not
/// (docs/rules.md, "The Chinese rules").
const REFERENCE: &str = include_str!("data/xiangqi-rules/chinese-rule-book-reference.tsv");

/// How many of the reference diagrams arbiter judges as the book does.
const REFERENCE_AGREED: usize = 49;

/// The most times a cycle is played: the third occurrence of its first position comes
/// on the second round at the latest, of a later position on the third.
const MOST_ROUNDS: usize = 3;

/// Plays `prefix`, then `cycle` again and again until the game ends; every move must be
/// legal and the game must not end before a round of the cycle has been played.
fn play_until_the_end(fen: &str, prefix: &str, cycle: &str, settings: Settings) -> Outcome {
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut game = WithHistory::with_settings(position, settings);
    let rounds = std::iter::repeat_n(cycle, MOST_ROUNDS);
    let moves = prefix.split_whitespace().chain(rounds.flat_map(str::split_whitespace));
    let first_round = prefix.split_whitespace().count() + cycle.split_whitespace().count();
    for (i, text) in moves.enumerate() {
        if let Some(outcome) = game.outcome() {
            assert!(i > first_round, "{fen}: the game ended after move {i}, inside the first round: {outcome:?}");
            // The explanation of the verdict is the verdict, and reads every move of
            // the cycle.
            let explanation = game.explain().unwrap_or_else(|| panic!("{fen}: no explanation"));
            assert!(explanation.decided, "{fen}");
            assert_eq!(explanation.winner, outcome.winner(), "{fen}");
            assert_eq!(explanation.termination, outcome.termination(), "{fen}");
            assert_eq!(explanation.rules, settings.rules.name(), "{fen}");
            assert_eq!(explanation.moves.len() % cycle.split_whitespace().count(), 0, "{fen}");
            for mv in &explanation.moves {
                assert!(cycle.split_whitespace().any(|text| text == mv.text), "{fen}: {}", mv.text);
                assert!(!mv.readings.is_empty(), "{fen}");
            }
            return outcome;
        }
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{fen}: move {} {text}: {e}", i + 1));
        game.play(mv);
    }
    game.outcome().unwrap_or_else(|| panic!("{fen}: no verdict after {MOST_ROUNDS} rounds of {cycle}"))
}

fn winner(verdict: &str) -> Option<Side> {
    match verdict {
        "red-wins" => Some(Side::First),
        "black-wins" => Some(Side::Second),
        "draw" => None,
        _ => panic!("unknown verdict {verdict}"),
    }
}

#[test]
fn every_diagram_of_the_chinese_rule_book_ends_as_the_table_says() {
    let mut checked = 0;
    for (line, row) in DIAGRAMS.lines().enumerate().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let [diagram, fen, prefix, cycle, book, axf, engines, chinese, _book_reading, reason, chinese_reason] =
            fields[..]
        else {
            panic!("line {}: {row}", line + 1)
        };
        // An expected verdict that is not the book's says why; one that is says nothing.
        let parts = axf != book || engines != book;
        assert_eq!(parts, !reason.is_empty(), "diagram {diagram}: the reason column does not fit the verdicts");
        assert_eq!(chinese != book, !chinese_reason.is_empty(), "diagram {diagram}: the chinese_reason column");
        winner(book);
        let axf_settings = |chase_rules| Settings { chase_rules, ..Settings::default() };
        for (settings, expected) in [
            (axf_settings(ChaseRules::Axf), axf),
            (axf_settings(ChaseRules::Engines), engines),
            (Settings { rules: Rules::Chinese, ..Settings::default() }, chinese),
        ] {
            let outcome = play_until_the_end(fen, prefix, cycle, settings);
            let context = format!("diagram {diagram}, {} {}: {outcome:?}", settings.rules, settings.chase_rules);
            assert_eq!(outcome.winner(), winner(expected), "{context}");
            let endings: &[&str] = match settings.rules {
                Rules::Axf => &["perpetual check", "perpetual chase", "repetition"],
                Rules::Chinese => {
                    &["perpetual check", "perpetual chase", "perpetual mate threat", "perpetual attack", "repetition"]
                }
            };
            assert!(endings.contains(&outcome.termination().as_str()), "{context}");
        }
        checked += 1;
    }
    assert_eq!(checked, 31);
}

/// Plays a diagram (`06`) or a reference diagram (`ref-14`) under the Chinese rules
/// until the game ends.
fn chinese_game(diagram: &str) -> WithHistory<Position> {
    let row = DIAGRAMS
        .lines()
        .chain(REFERENCE.lines())
        .find(|row| row.split('\t').next() == Some(diagram))
        .expect("the diagram");
    let fields: Vec<&str> = row.split('\t').collect();
    let (fen, prefix, cycle) = (fields[1], fields[2], fields[3]);
    let position = Position::from_fen(fen).expect("the diagram's position");
    let mut game = WithHistory::with_settings(position, Settings { rules: Rules::Chinese, ..Settings::default() });
    let rounds = std::iter::repeat_n(cycle, MOST_ROUNDS);
    for text in prefix.split_whitespace().chain(rounds.flat_map(str::split_whitespace)) {
        if game.outcome().is_some() {
            break;
        }
        let mv = game.parse_move(text).expect("a legal move");
        game.play(mv);
    }
    game
}

/// The acts of each move of the explanation, as their stable names.
fn acts(game: &WithHistory<Position>) -> Vec<&'static str> {
    game.explain().expect("an explanation").moves.iter().map(|mv| mv.act().code()).collect()
}

#[test]
fn chinese_rules_26_9_weighs_a_joint_chase_against_a_single_chase_of_the_same_kind() {
    let explained = |diagram: &str| chinese_game(diagram).explain().expect("an explanation");
    // 参考图14, 26.9.2 ("凡单方长捉车，对方联合捉车，前者变着"): Red's horse chases the
    // chariot with every move; Black's chariot moves make the cannon's capture win the
    // chariot (车炮联合捉车), a joint chase of a chariot: Red must change.
    let explanation = explained("ref-14");
    assert_eq!((explanation.rule, explanation.winner), (Some("Chinese rules 26.9"), Some(Side::Second)));
    assert!(explanation.reason.contains("chased a chariot with every move"), "{}", explanation.reason);
    let black_joint = |explanation: &Explanation, piece: &str| {
        explanation
            .moves
            .iter()
            .skip(1)
            .step_by(2)
            .flat_map(|mv| &mv.readings)
            .any(|r| r.joint && r.target.as_ref().is_some_and(|target| target.piece == piece))
    };
    assert!(black_joint(&explanation, "chariot"));
    // 参考图41, 26.9.3 ("凡单方长捉无根子，对方联合捉无根子，前者变着"): Black's chariot
    // chases an unprotected cannon with every move, Red chases an unprotected elephant
    // jointly: Black must change.
    let explanation = explained("ref-41");
    assert_eq!((explanation.rule, explanation.winner), (Some("Chinese rules 26.9"), Some(Side::First)));
    assert!(explanation.reason.contains("chased an unprotected piece with every move"), "{}", explanation.reason);
    // 参考图46 ("红方长捉无根子，黑方长捉车，双方不变作和"): Red's joint chase of a soldier
    // is of neither kind Black's single chases of the chariot are weighed against, and
    // both sides chase a chariot or an unprotected piece with every move: a draw.
    let explanation = explained("ref-46");
    assert_eq!((explanation.rule, explanation.winner), (Some("Chinese rules 25"), None));
    assert!(explanation.sides.iter().all(|side| side.forbidden));
    // 参考图40 ("红方长捉无根子，黑方马炮联合捉子"): Black's cannon moves make the horse's
    // captures win (a joint chase by horse and cannon), and not every Black chase is
    // of a chariot or an unprotected piece: Red must change.
    let explanation = explained("ref-40");
    assert_eq!((explanation.rule, explanation.winner), (Some("Chinese rules 26.9"), Some(Side::Second)));
    assert!(black_joint(&explanation, "horse"));
}

#[test]
fn chinese_rules_an_answer_to_a_check_that_attacks_the_checker_chases_it() {
    // 参考图8: "车二退三（捉）" — the chariot that blocks the cannon's check on h0 and
    // attacks it there chases it, though it attacked the cannon on i3 before the check;
    // Red chases with every move and must change.
    let explanation = chinese_game("ref-08").explain().expect("an explanation");
    let answer = explanation.moves.iter().find(|mv| mv.text == "h3h0").expect("the answer to the check");
    let reading = &answer.readings[0];
    assert_eq!(reading.act.code(), "chase", "{reading}");
    assert_eq!(reading.target.as_ref().map(|t| (t.piece, t.point.as_str())), Some(("cannon", "i0")));
    assert_eq!((explanation.winner, explanation.rule), (Some(Side::Second), Some("Chinese rules 25")));
}

#[test]
fn chinese_rules_a_move_without_which_another_piece_would_not_chase_chases() {
    // 参考图49: "红方进马退马均使黑方四路炮不能离线，为长捉无根子；黑方一着捉无根子，一着捉少根子。
    // 红方变着". The horse on c8 pins Black's cannon on d8; on b6 it makes the cannon's
    // capture of Red's cannon on g8 lose to the horse's mate from d7. Without the horse,
    // the cannons would only offer an exchange: after either move, Red's cannon chases.
    let explanation = chinese_game("ref-49").explain().expect("an explanation");
    for text in ["b6c8", "c8b6"] {
        let mv = explanation.moves.iter().find(|mv| mv.text == text).expect("the horse's move");
        let reading = &mv.readings[0];
        assert_eq!(reading.act.code(), "chase", "{text}: {reading}");
        assert_eq!(reading.target.as_ref().map(|t| (t.piece, t.point.as_str())), Some(("cannon", "d8")), "{text}");
        assert_eq!(reading.by.as_ref().map(|t| (t.piece, t.point.as_str())), Some(("cannon", "g8")), "{text}");
        assert!(reading.joint && reading.unprotected, "{text}: {reading}");
    }
    // Red chases an unprotected piece with every move, Black also a piece guarded fewer
    // times than it is attacked (少根子): Red must change (26.9, 图26).
    assert_eq!((explanation.winner, explanation.rule), (Some(Side::Second), Some("Chinese rules 26.9")));
    // 参考图50, the same without Black's cannon on b2 and Red's horse on f1: Red chases
    // with every move, Black does not (its c5b5 is no chase): Red must change.
    let explanation = chinese_game("ref-50").explain().expect("an explanation");
    assert_eq!(acts(&chinese_game("ref-50"))[..4], ["chase", "chase", "chase", "idle"]);
    assert_eq!((explanation.winner, explanation.rule), (Some(Side::Second), Some("Chinese rules 25")));
}

#[test]
fn chinese_rules_a_piece_weighed_with_its_part_in_another_pieces_win_moves_idle() {
    // 参考图6: "红方原本存在兵四进一吃士再车九平六吃士手段，车九退二后，白吃双士的结果没有发生
    // 变化，判闲。红方一闲一将，黑方两闲，双方不变作和". The soldier's capture on f9 (a check
    // the general cannot answer by taking it) and the chariot's on d9 win both advisors
    // before a9a7; after it the chariot wins them by its own checks: the same win, in
    // which the chariot took part from a9, so its move is idle.
    let game = chinese_game("ref-06");
    let explanation = game.explain().expect("an explanation");
    let red: Vec<&str> = acts(&game).into_iter().step_by(2).take(2).collect();
    assert_eq!(red, ["idle", "check"]);
    assert_eq!((explanation.winner, explanation.rule), (None, Some("Chinese rules 25")));
}

#[test]
fn chinese_rules_the_conduct_of_each_side_decides() {
    // 图6: Red checks with every move, Black does not: 25.1.
    let game = chinese_game("06");
    let explanation = game.explain().expect("an explanation");
    assert_eq!(explanation.rule, Some("Chinese rules 25.1"));
    assert_eq!(explanation.outcome().termination().as_str(), "perpetual check");
    // 图7: a perpetual threat to mate is forbidden (the AXF rules allow it, rule 9).
    let game = chinese_game("07");
    let explanation = game.explain().expect("an explanation");
    assert_eq!(explanation.outcome().termination().as_str(), "perpetual mate threat");
    assert!(explanation.sides[0].forbidden && !explanation.sides[1].forbidden);
    // 图8: one check, one chase is forbidden (a draw by AXF rule 12).
    let game = chinese_game("08");
    let red: Vec<&str> = acts(&game).into_iter().step_by(2).collect();
    assert!(red.contains(&"check") && red.contains(&"chase"), "{red:?}");
    assert_eq!(game.explain().expect("an explanation").outcome().termination().as_str(), "perpetual attack");
    // 图26: "红方一着捉无根子，一着捉少根子，黑方长捉车，黑方变着": Black chases the
    // chariot with every move, Red also chases a piece guarded fewer times than it is
    // attacked, which it may go on chasing (26.9).
    let explanation = chinese_game("26").explain().expect("an explanation");
    assert_eq!(explanation.rule, Some("Chinese rules 26.9"));
    assert_eq!(explanation.winner, Some(Side::First));
    assert!(explanation.reason.contains("also chased other pieces"), "{}", explanation.reason);
    let red: Vec<&Reading> = explanation.moves.iter().step_by(2).flat_map(|mv| &mv.readings).collect();
    assert!(red.iter().any(|r| r.joint && !r.unprotected), "{red:?}");
    assert!(red.iter().any(|r| r.unprotected), "{red:?}");
    // 图5: a check and an idle move against idle moves: a draw.
    let explanation = chinese_game("05").explain().expect("an explanation");
    assert_eq!(explanation.winner, None);
    assert!(explanation.moves.iter().any(|mv| mv.act().code() == "idle"));
}

#[test]
fn the_reference_diagrams_of_the_chinese_rule_book_end_as_the_table_says() {
    let settings = Settings { rules: Rules::Chinese, ..Settings::default() };
    let (mut checked, mut agreed) = (0, 0);
    for (line, row) in REFERENCE.lines().enumerate().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let [diagram, fen, prefix, cycle, book, chinese, book_reading, reason] = fields[..] else {
            panic!("line {}: {row}", line + 1)
        };
        // The book reads every move of the cycle; a verdict not the book's says why.
        assert_eq!(book_reading.split_whitespace().count(), cycle.split_whitespace().count(), "diagram {diagram}");
        assert_eq!(chinese != book, !reason.is_empty(), "diagram {diagram}: the chinese_reason column");
        winner(book);
        let outcome = play_until_the_end(fen, prefix, cycle, settings);
        assert_eq!(outcome.winner(), winner(chinese), "diagram {diagram}: {outcome:?}");
        agreed += usize::from(chinese == book);
        checked += 1;
    }
    assert_eq!((checked, agreed), (50, REFERENCE_AGREED));
}
