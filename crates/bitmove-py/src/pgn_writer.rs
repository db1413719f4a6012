//! `bitmove._pgn.Writer`: the Rust PGN writer (`bitmove::pgn::Exporter`) behind the Python
//! exporters (`StringExporter`, `FileExporter` in `bitmove.pgn`). The Python classes are
//! python-chess's visitors; each call they get is passed on here, so the text is laid out
//! in one place for the CLI, Python and JavaScript.

use std::collections::BTreeSet;

use bitmove::pgn::{Exporter, GameTree, NULL_MOVE, NodeId, WriteOptions};
use bitmove::{Board, Color};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::moves::Move;

/// One node of a tree as `bitmove.pgn` hands it over: its parent's index in the list (0:
/// the root; the nodes are numbered from 1 in list order), its move, starting comment,
/// comment and NAGs.
type FlatNode = (usize, Move, String, String, BTreeSet<u32>);

/// One exporter's text and layout state (python-chess's `StringExporterMixin`): tags,
/// moves (as SAN, with the number and side they are played at), comments, NAGs,
/// variations, the result.
#[pyclass(module = "bitmove._pgn")]
pub(crate) struct Writer {
    pub(crate) exporter: Exporter<String>,
}

/// A tree with the given tags (in their order, no others), start position and comment
/// before the first move, without moves yet.
pub(crate) fn tree_for(headers: Vec<(String, String)>, start: Board, comment: String) -> GameTree {
    let mut tree = GameTree::without_tag_roster();
    for (name, value) in headers {
        tree.headers.set(name, value);
    }
    tree.set_start(start);
    tree.node_mut(NodeId::ROOT).comment = comment;
    tree
}

#[pymethods]
impl Writer {
    #[new]
    #[pyo3(signature = (*, columns=Some(80), headers=true, comments=true, variations=true))]
    fn new(columns: Option<usize>, headers: bool, comments: bool, variations: bool) -> Writer {
        let options = WriteOptions {
            columns,
            headers,
            comments,
            variations,
        };
        Writer {
            exporter: Exporter::new(String::new(), options),
        }
    }

    /// A tag pair, `[Name "value"]` on a line of its own (when headers are written).
    fn header(&mut self, name: &str, value: &str) {
        self.exporter.header(name, value);
    }

    /// The tags are over: a blank line if any was written.
    fn end_headers(&mut self) {
        self.exporter.end_headers();
    }

    /// A comment, `{ text }`.
    fn comment(&mut self, text: &str) {
        self.exporter.comment(text);
    }

    /// A NAG, `$n`.
    fn nag(&mut self, nag: u32) {
        self.exporter.nag(nag);
    }

    /// A move in SAN, played at move `fullmove` by White (`white`) or Black.
    fn play(&mut self, fullmove: u32, white: bool, san: &str) {
        let side = if white { Color::White } else { Color::Black };
        self.exporter.play_san(fullmove, side, san);
    }

    /// A variation begins; False when variations are not written (skip it).
    fn begin_variation(&mut self) -> bool {
        self.exporter.begin_variation()
    }

    /// The variation ends.
    fn end_variation(&mut self) {
        self.exporter.end_variation();
    }

    /// The result token.
    fn result(&mut self, result: &str) {
        self.exporter.result(result);
    }

    /// The game is over: the line ends and a blank line follows.
    fn end_game(&mut self) {
        self.exporter.end_game();
    }

    /// All the text so far, without trailing whitespace (python-chess's
    /// `StringExporter.result()`).
    fn text(&self) -> &str {
        self.exporter.text()
    }

    /// The complete lines written since the last call, taken out of the buffer.
    fn take_lines(&mut self) -> String {
        self.exporter.take_lines()
    }

    /// A whole game written at once, as the calls of python-chess's `Game.accept` between
    /// `begin_game` and `end_game` would write it: the tags, the comment before the first
    /// move, the moves (each node's parent listed before it, siblings in their order) and
    /// the `Result` tag's value. The tree is rebuilt and replayed in Rust. False, and nothing written, when
    /// the start position is not one the fast board holds or a move is not legal where it
    /// is played: the caller then walks the tree itself.
    #[pyo3(signature = (headers, fen, chess960, comment, nodes))]
    fn write_tree(
        &mut self,
        headers: Vec<(String, String)>,
        fen: &str,
        chess960: bool,
        comment: String,
        nodes: Vec<Bound<'_, PyTuple>>,
    ) -> PyResult<bool> {
        let Ok(mut start) = fen.parse::<Board>() else {
            return Ok(false);
        };
        if chess960 {
            start.set_chess960(true);
        }
        let mut tree = tree_for(headers, start.clone(), comment);
        let mut ids = Vec::with_capacity(nodes.len() + 1);
        let mut boards = Vec::with_capacity(nodes.len() + 1);
        ids.push(NodeId::ROOT);
        boards.push(start);
        for node in nodes {
            let (parent, mv, starting_comment, comment, nags): FlatNode = node.extract()?;
            let (Some(&parent_id), Some(before)) = (ids.get(parent), boards.get(parent)) else {
                return Ok(false);
            };
            let played = if mv.is_null() {
                NULL_MOVE
            } else if mv.drop.is_some() {
                return Ok(false);
            } else {
                match before.parse_uci_move(mv.inner) {
                    Ok(legal) => legal,
                    Err(_) => return Ok(false),
                }
            };
            let mut after = before.clone();
            bitmove::pgn::play(&mut after, played);
            let id = tree.add_variation(parent_id, played);
            let written = tree.node_mut(id);
            written.starting_comment = starting_comment;
            written.comment = comment;
            for nag in nags {
                written.add_nag(nag);
            }
            ids.push(id);
            boards.push(after);
        }
        tree.write_to(&mut self.exporter);
        Ok(true)
    }
}
