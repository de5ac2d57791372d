use super::*;

#[test]
fn dates_are_civil() {
    assert_eq!(pgn_date(0), "1970.01.01");
    assert_eq!(pgn_date(11_016), "2000.02.29");
    assert_eq!(pgn_date(20_786), "2026.11.29");
    assert_eq!(pgn_date(-1), "1969.12.31");
}
