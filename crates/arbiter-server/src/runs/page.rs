//! The runs' pages, written on the server from what is stored (no script): the list
//! of runs, and a run with its figures, the plot of its ratio against games and its
//! games' records. A running run's page reloads itself every few seconds.

use std::fmt::Write;

use fluent_bundle::FluentValue;

use super::store::{GameView, RunView};
use crate::words::Words;

/// Seconds between reloads of a running run's page.
const RELOAD_SECONDS: u32 = 5;

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn head(title: &str, reload: bool, words: Words) -> String {
    let refresh =
        if reload { format!("<meta http-equiv=\"refresh\" content=\"{RELOAD_SECONDS}\">") } else { String::new() };
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">{refresh}<title>{}</title>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>\
         body{{font-family:system-ui,sans-serif;margin:1.5rem;color:#222}}\
         table{{border-collapse:collapse}}td,th{{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:left}}\
         .n{{text-align:right;font-variant-numeric:tabular-nums}}svg{{background:#fafafa;border:1px solid #ddd;max-width:100%;height:auto}}\
         h1{{overflow-wrap:anywhere}}\
         @media (max-width:760px){{body{{margin:1rem}}table.rows,table.rows tbody{{display:block}}\
         table.rows tr:first-child{{display:none}}table.rows tr{{display:block;border-bottom:1px solid #bbb;padding:.4rem 0}}\
         table.rows td{{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.1rem 0;text-align:right;overflow-wrap:anywhere}}\
         table.rows td::before{{content:attr(data-label);font-weight:600;text-align:left}}}}\
         </style></head><body>",
        escape(title),
        lang = words.tag()
    )
}

/// `+12.3 ± 4.5`, or a dash while the difference is unbounded.
fn elo_text(view: &RunView) -> String {
    view.standing.elo.map_or_else(|| "–".to_owned(), |e| format!("{:+.1} ± {:.1}", e.difference, e.margin))
}

/// `1.23 (-2.94, 2.94)`, or a dash without a test.
fn llr_text(view: &RunView) -> String {
    view.standing.sprt.map_or_else(|| "–".to_owned(), |s| format!("{:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper))
}

fn status_text(view: &RunView, words: Words) -> String {
    match view.verdict.as_deref() {
        Some("h1") => words.get("runs-status-h1"),
        Some("h0") => words.get("runs-status-h0"),
        Some("games") => words.get("runs-status-games"),
        Some("stopped") => words.get("runs-status-stopped"),
        _ => words.get_or(&format!("runs-status-{}", view.status), &view.status),
    }
}

/// "deep vs shallow".
fn versus(view: &RunView, words: Words) -> String {
    words.with(
        "runs-versus",
        &[
            ("first", FluentValue::from(view.engines[0].as_str())),
            ("second", FluentValue::from(view.engines[1].as_str())),
        ],
    )
}

fn pairs_text(view: &RunView) -> String {
    let p = view.standing.tally.pairs;
    format!("{} {} {} {} {}", p[0], p[1], p[2], p[3], p[4])
}

/// A column of a table of rows: its heading's message (`runs-column-` and this), and
/// whether it holds numbers.
type Column = (&'static str, bool);

/// The columns of the list of runs.
const RUN_COLUMNS: [Column; 13] = [
    ("run", false),
    ("game", false),
    ("engines", false),
    ("time-control", false),
    ("games", true),
    ("w", true),
    ("d", true),
    ("l", true),
    ("pairs", false),
    ("elo", false),
    ("llr", false),
    ("workers", false),
    ("status", false),
];

/// The columns of a run's games.
const GAME_COLUMNS: [Column; 8] = [
    ("pair", false),
    ("first", false),
    ("second", false),
    ("result", false),
    ("ending", false),
    ("plies", true),
    ("worker", false),
    ("record", false),
];

/// A table of rows opened with its headings. On a narrow screen each row is shown as
/// a card of its cells, each labelled with its heading (`data-label`), as the
/// columns do not fit across.
fn rows_table(columns: &[Column], words: Words) -> String {
    let mut table = String::from("<table class=\"rows\"><tr>");
    for (heading, numeric) in columns {
        let class = if *numeric { " class=\"n\"" } else { "" };
        let _ = write!(table, "<th{class}>{}</th>", escape(&words.get(&format!("runs-column-{heading}"))));
    }
    table.push_str("</tr>");
    table
}

/// One row of a table of rows: `cells` are HTML already, one per column.
fn row(columns: &[Column], cells: &[String], words: Words) -> String {
    let mut row = String::from("<tr>");
    for ((heading, numeric), cell) in columns.iter().zip(cells) {
        let class = if *numeric { " class=\"n\"" } else { "" };
        let label = escape(&words.get(&format!("runs-column-{heading}")));
        let _ = write!(row, "<td data-label=\"{label}\"{class}>{cell}</td>");
    }
    row.push_str("</tr>");
    row
}

/// `GET /runs`: every run, newest first.
pub(crate) fn list_page(runs: &[RunView], words: Words) -> String {
    let mut page = head(&words.get("runs-title"), runs.iter().any(|r| r.status == "running"), words);
    let _ = write!(page, "<h1>{}</h1>", escape(&words.get("runs-heading")));
    page.push_str(&rows_table(&RUN_COLUMNS, words));
    for run in runs {
        let t = &run.standing.tally;
        let cells = [
            format!("<a href=\"/runs/{}\">{}</a>", run.id, escape(&run.name)),
            escape(&run.game),
            escape(&versus(run, words)),
            escape(&run.time_control),
            format!("{}/{}", run.standing.games, run.games_scheduled),
            t.wins.to_string(),
            t.draws.to_string(),
            t.losses.to_string(),
            pairs_text(run),
            elo_text(run),
            llr_text(run),
            run.workers.len().to_string(),
            escape(&status_text(run, words)),
        ];
        page.push_str(&row(&RUN_COLUMNS, &cells, words));
    }
    if runs.is_empty() {
        let _ = write!(page, "<tr><td colspan=\"13\">{}</td></tr>", escape(&words.get("runs-none")));
    }
    page.push_str("</table></body></html>");
    page
}

/// `GET /runs/{id}`: one run, its plot and its games.
pub(crate) fn run_page(run: &RunView, history: &[(u32, f64)], games: &[GameView], words: Words) -> String {
    let title = words.with("runs-run-title", &[("name", FluentValue::from(run.name.as_str()))]);
    let mut page = head(&title, run.status == "running", words);
    let t = &run.standing.tally;
    let heading = |id: &str| escape(&words.get(id));
    let _ = write!(
        page,
        "<p><a href=\"/runs\">{runs}</a></p><h1>{name}</h1><table>\
         <tr><th>{h_engines}</th><td>{engines} ({game})</td></tr>\
         <tr><th>{h_tc}</th><td>{tc}</td></tr>\
         <tr><th>{h_status}</th><td id=\"status\">{status}</td></tr>\
         <tr><th>{h_games}</th><td id=\"games\">{games}</td></tr>\
         <tr><th>{h_wdl}</th><td id=\"wdl\">{w} {d} {l}</td></tr>\
         <tr><th>{h_pairs}</th><td id=\"pairs\">{pairs}</td></tr>\
         <tr><th>Elo</th><td id=\"elo\">{elo}</td></tr>\
         <tr><th>{h_llr}</th><td id=\"llr\">{llr}</td></tr>\
         <tr><th>{h_workers}</th><td id=\"workers\">{workers}</td></tr></table>",
        runs = heading("runs-back"),
        h_engines = heading("runs-column-engines"),
        h_tc = heading("runs-column-time-control"),
        h_status = heading("runs-column-status"),
        h_games = heading("runs-column-games"),
        h_wdl = heading("runs-wdl"),
        h_pairs = heading("runs-pairs"),
        h_llr = heading("runs-column-llr"),
        h_workers = heading("runs-workers-now"),
        name = escape(&run.name),
        engines = escape(&versus(run, words)),
        game = escape(&run.game),
        tc = escape(&run.time_control),
        status = escape(&status_text(run, words)),
        games = escape(&words.with(
            "runs-games-of",
            &[("games", FluentValue::from(run.standing.games)), ("scheduled", FluentValue::from(run.games_scheduled))]
        )),
        w = t.wins,
        d = t.draws,
        l = t.losses,
        pairs = pairs_text(run),
        elo = elo_text(run),
        llr = llr_text(run),
        workers = if run.workers.is_empty() {
            escape(&words.get("runs-no-workers"))
        } else {
            run.workers.iter().map(|w| escape(w)).collect::<Vec<_>>().join(", ")
        },
    );
    if let Some(sprt) = run.standing.sprt {
        let _ = write!(page, "<h2>{}</h2>", heading("runs-plot"));
        page.push_str(&plot(history, sprt.lower, sprt.upper, words));
    }
    let _ = write!(
        page,
        "<h2>{}</h2><p><a href=\"/api/runs/{}/pgn\">{}</a></p>",
        heading("runs-games"),
        run.id,
        heading("runs-every-record")
    );
    page.push_str(&rows_table(&GAME_COLUMNS, words));
    for game in games {
        page.push_str(&row(&GAME_COLUMNS, &game_cells(run.id, game, words), words));
    }
    page.push_str("</table></body></html>");
    page
}

/// The cells of a game of run `run_id`, in [`GAME_COLUMNS`]' order.
fn game_cells(run_id: i64, game: &GameView, words: Words) -> [String; GAME_COLUMNS.len()] {
    [
        game.pair.to_string(),
        escape(&game.first_player),
        escape(&game.second_player),
        escape(&game.result),
        escape(&game.detail),
        game.plies.to_string(),
        escape(&game.worker),
        format!(
            "<a href=\"/api/runs/{run_id}/pgn?pair={}&amp;game={}\">{}</a>",
            game.pair,
            game.game,
            escape(&words.get("runs-download"))
        ),
    ]
}

/// The ratio against games as an SVG line, between the test's bounds.
fn plot(history: &[(u32, f64)], lower: f64, upper: f64, words: Words) -> String {
    let (width, height, pad) = (640.0, 240.0, 30.0);
    let most_games = f64::from(history.last().map_or(1, |p| p.0).max(1));
    let top = history.iter().map(|p| p.1).fold(upper, f64::max);
    let bottom = history.iter().map(|p| p.1).fold(lower, f64::min);
    let x = |games: f64| pad + games / most_games * (width - 2.0 * pad);
    let y = |llr: f64| pad + (top - llr) / (top - bottom).max(1e-9) * (height - 2.0 * pad);
    let mut svg = format!(
        "<svg id=\"llr-plot\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" \
         aria-label=\"{}\">",
        escape(&words.get("runs-plot"))
    );
    for (bound, label) in [(upper, "H1"), (0.0, "0"), (lower, "H0")] {
        let _ = write!(
            svg,
            "<line x1=\"{pad}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\
             <text x=\"2\" y=\"{:.1}\" font-size=\"11\">{label}</text>",
            width - pad,
            y(bound) + 4.0,
            y = y(bound)
        );
    }
    let points: Vec<String> = std::iter::once((0.0, 0.0))
        .chain(history.iter().map(|&(g, llr)| (f64::from(g), llr)))
        .map(|(g, llr)| format!("{:.1},{:.1}", x(g), y(llr)))
        .collect();
    let _ = write!(
        svg,
        "<polyline fill=\"none\" stroke=\"#2a6\" stroke-width=\"2\" points=\"{}\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text></svg>",
        points.join(" "),
        width - pad,
        height - 8.0,
        escape(&words.with("runs-plot-games", &[("games", FluentValue::from(most_games))]))
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }

    #[test]
    fn every_cell_of_a_table_of_rows_carries_its_heading_for_narrow_screens() {
        // On a phone a row is a card of labelled cells: a cell without its label, or
        // a label out of step with the columns, would show a value under the wrong
        // name.
        let game = GameView {
            pair: 3,
            game: 1,
            first_player: "deep".into(),
            second_player: "shallow <2>".into(),
            result: "0-1".into(),
            termination: "checkmate".into(),
            detail: "black wins by checkmate".into(),
            plies: 42,
            worker: "s1".into(),
        };
        let words = Words::of("en");
        let html = row(&GAME_COLUMNS, &game_cells(7, &game, words), words);
        assert_eq!(html.matches("<td data-label=").count(), GAME_COLUMNS.len());
        assert!(html.contains("<td data-label=\"second\">shallow &lt;2&gt;</td>"), "{html}");
        assert!(html.contains("<td data-label=\"plies\" class=\"n\">42</td>"), "{html}");
        assert!(html.contains("<td data-label=\"record\"><a href=\"/api/runs/7/pgn?pair=3&amp;game=1\">"), "{html}");
        let table = rows_table(&RUN_COLUMNS, words);
        assert!(table.starts_with("<table class=\"rows\"><tr><th>run</th>"), "{table}");
        assert_eq!(table.matches("<th").count(), RUN_COLUMNS.len());
        let page = head("runs", false, words);
        assert!(page.contains("@media (max-width:760px)") && page.contains("content:attr(data-label)"), "{page}");
    }

    #[test]
    fn the_plot_draws_every_stored_pair() {
        let svg = plot(&[(2, 0.5), (4, 1.0), (6, 3.1)], -2.94, 2.94, Words::of("en"));
        let points = svg.split("points=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or_default();
        assert_eq!(points.split(' ').count(), 4);
        assert!(svg.contains("6 games"));
    }
}
