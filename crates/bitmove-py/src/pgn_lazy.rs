//! `bitmove._pgn.LazyTree`: the move tree of a game `read_game` read, kept in Rust until
//! Python asks for its nodes. An untouched game's `mainline_moves()` is read from it and
//! `str(game)` writes it without a Python node (python-chess's `Game` is a tree of Python
//! objects: making them is most of what reading costs).

use bitmove::Board;
use bitmove::pgn::{GameTree, Headers, NULL_MOVE, NodeId};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::moves::Move;
use crate::pgn_events::{Event, Events, error_kind, read_events};
use crate::pgn_writer::Writer;

/// A game's tree as the reader read it: the library's `GameTree` (the one the writer
/// writes), whose nodes are numbered in the order read, so each comes after its parent and
/// siblings keep their order; beside it each node's move as Python sees it.
#[pyclass(module = "bitmove._pgn")]
pub(crate) struct LazyTree {
    /// The moves as played (`NULL_MOVE` for a null move or a variant's move); no tags.
    tree: GameTree,
    /// The nodes in the order read, the root first, and their moves as Python sees them
    /// (UCI's form; a drop for a variant; the root's is unused).
    ids: Vec<NodeId>,
    moves: Vec<Move>,
    /// Whether `tree` starts from the game's start position and can be written: false for
    /// a variant game, or when the tags could not be set up.
    writable: bool,
    result: Option<String>,
}

fn join(into: &mut String, text: String) {
    if into.is_empty() {
        *into = text;
    } else {
        into.push(' ');
        into.push_str(&text);
    }
}

impl LazyTree {
    /// The tree `read_game`'s builder makes of the events, step for step: a comment after
    /// a move (or before any move of the game) is the node's comment, one before a move in
    /// a variation that move's starting comment, NAGs go to the last node, a variation is
    /// a sibling of the last move.
    fn build(events: Vec<Event>, start: Option<Board>) -> PyResult<LazyTree> {
        let mut tree = GameTree::without_tag_roster();
        let writable = start.is_some();
        if let Some(start) = start {
            tree.set_start(start);
        }
        let mut moves = Vec::with_capacity(events.len() / 2 + 1);
        moves.push(Move::from_inner(NULL_MOVE));
        let mut ids = Vec::with_capacity(moves.capacity());
        ids.push(NodeId::ROOT);
        let mut stack = vec![NodeId::ROOT];
        let mut starting_comment = String::new();
        let mut in_variation = false;
        let mut result = None;
        for event in events {
            let top = *stack.last().unwrap_or(&NodeId::ROOT);
            match event {
                Event::Move(..) | Event::VariantMove(_) => {
                    let (played, uci) = match event {
                        Event::Move(played, uci, _) => (played, Move::from_inner(uci)),
                        Event::VariantMove(text) => (NULL_MOVE, Move::from_uci_text(&text)?),
                        _ => unreachable!("a move event"),
                    };
                    let id = tree.add_variation(top, played);
                    tree.node_mut(id).starting_comment = std::mem::take(&mut starting_comment);
                    moves.push(uci);
                    ids.push(id);
                    if let Some(last) = stack.last_mut() {
                        *last = id;
                    }
                    in_variation = true;
                }
                Event::Comment(text) => {
                    let first = top == NodeId::ROOT && tree.node(top).next().is_none();
                    if in_variation || first {
                        join(&mut tree.node_mut(top).comment, text);
                    } else {
                        join(&mut starting_comment, text);
                    }
                }
                Event::Nag(nag) => tree.node_mut(top).add_nag(u32::from(nag)),
                Event::Begin => {
                    let Some(parent) = tree.node(top).parent() else {
                        return Err(PyRuntimeError::new_err(
                            "bitmove.pgn: a variation before any move",
                        ));
                    };
                    stack.push(parent);
                    in_variation = false;
                }
                Event::End => {
                    if stack.len() > 1 {
                        stack.pop();
                    }
                }
                Event::Result(text) => result = Some(text),
            }
        }
        Ok(LazyTree {
            tree,
            ids,
            moves,
            writable,
            result,
        })
    }
}

#[pymethods]
impl LazyTree {
    /// The comment before the first move (the game's own).
    #[getter]
    fn comment(&self) -> &str {
        self.tree.comment()
    }

    /// The NAGs given before the first move.
    #[getter]
    fn nags(&self) -> Vec<u32> {
        self.tree.node(NodeId::ROOT).nags().to_vec()
    }

    /// The result token after the moves, None when there was none.
    #[getter]
    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// How many moves the tree holds, variations included.
    fn __len__(&self) -> usize {
        self.moves.len() - 1
    }

    /// The moves of the main line.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for id in self.tree.mainline() {
            list.append(self.moves[id.index()])?;
        }
        Ok(list)
    }

    /// Every move node, in the order read: `(parent, move, starting_comment, comment,
    /// nags)`, the parent an index in this list counted from 1 (0: the game).
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (&id, &mv) in self.ids.iter().zip(&self.moves).skip(1) {
            let node = self.tree.node(id);
            let item = (
                node.parent().map_or(0, |parent| parent.index()),
                mv,
                node.starting_comment.as_str(),
                node.comment.as_str(),
                PyTuple::new(py, node.nags())?,
            );
            list.append(item)?;
        }
        Ok(list)
    }

    /// Writes the game through `writer` with these tags and comment before the first move,
    /// from the start position read (the caller checks that the tags still say it). False,
    /// and nothing written, for a variant game or one whose tags could not be set up.
    fn write(
        &mut self,
        mut writer: PyRefMut<'_, Writer>,
        headers: Vec<(String, String)>,
        comment: String,
    ) -> bool {
        if !self.writable {
            return false;
        }
        let mut tags = Headers::new();
        for (name, value) in headers {
            tags.set(name, value);
        }
        self.tree.headers = tags;
        self.tree.node_mut(NodeId::ROOT).comment = comment;
        self.tree.write_to(&mut writer.exporter);
        true
    }
}

/// Reads one game from `handle` as `read_game_events` does, but keeps its moves in Rust:
/// `(headers, tree, error, pending)`, or None at the end of the input. `tree` is a
/// `LazyTree`; `error` and `pending` as `read_game_events` gives them.
#[pyfunction]
#[pyo3(signature = (handle, pending=None))]
pub(crate) fn read_game_tree<'py>(
    py: Python<'py>,
    handle: Bound<'py, PyAny>,
    pending: Option<Vec<u8>>,
) -> PyResult<Option<Bound<'py, PyTuple>>> {
    let Some((visitor, pending)) = read_events(py, handle, pending, true)? else {
        return Ok(None);
    };
    let Events {
        headers,
        start,
        events,
        error,
        ..
    } = visitor;
    let tree = LazyTree::build(events, start.and_then(Result::ok))?;
    let error = error.map(|e| (error_kind(&e), e.reason(), e.line, e.token.clone()));
    Ok(Some(PyTuple::new(
        py,
        [
            headers.into_pyobject(py)?.into_any(),
            Bound::new(py, tree)?.into_any(),
            error.into_pyobject(py)?.into_any(),
            pending.into_pyobject(py)?.into_any(),
        ],
    )?))
}
