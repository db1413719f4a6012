//! `bitmove._pgn.LazyTree`: the move tree of a game `read_game` read, kept in Rust until
//! Python asks for its nodes. An untouched game's `mainline_moves()` is read from it and
//! `str(game)` writes it without a Python node (python-chess's `Game` is a tree of Python
//! objects: making them is most of what reading costs).

use bitmove::Board;
use bitmove::pgn::{NULL_MOVE, NodeId};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::moves::Move;
use crate::pgn_events::{Event, Events, error_kind, read_events};
use crate::pgn_writer::{Writer, tree_for};

/// No node: the root's parent, a node without children.
const NONE: u32 = u32::MAX;

/// One node as `read_game` builds it (python-chess's `GameBuilder` steps).
struct Node {
    parent: u32,
    first_child: u32,
    /// The move as played on the board (`NULL_MOVE` for a null move or a variant's move).
    played: bitmove::Move,
    /// The move as Python sees it (UCI's form; a drop for a variant).
    uci: Move,
    starting_comment: String,
    comment: String,
    /// In the order read, each once (python-chess keeps a set).
    nags: Vec<u8>,
}

/// A game's tree as the reader read it: node 0 is the root (the game), the others follow
/// in the order they were read, so each comes after its parent and siblings keep their
/// order.
#[pyclass(module = "bitmove._pgn", frozen)]
pub(crate) struct LazyTree {
    nodes: Vec<Node>,
    /// The start position of a standard or Chess960 game (None for a variant game, or when
    /// the tags could not be set up).
    start: Option<Board>,
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
        let root = Node {
            parent: NONE,
            first_child: NONE,
            played: NULL_MOVE,
            uci: Move::from_inner(NULL_MOVE),
            starting_comment: String::new(),
            comment: String::new(),
            nags: Vec::new(),
        };
        let mut nodes = Vec::with_capacity(events.len() / 2 + 1);
        nodes.push(root);
        let mut stack = vec![0_u32];
        let mut starting_comment = String::new();
        let mut in_variation = false;
        let mut result = None;
        for event in events {
            let top = *stack.last().unwrap_or(&0);
            match event {
                Event::Move(..) | Event::VariantMove(_) => {
                    let (played, uci) = match event {
                        Event::Move(played, uci, _) => (played, Move::from_inner(uci)),
                        Event::VariantMove(text) => (NULL_MOVE, Move::from_uci_text(&text)?),
                        _ => unreachable!("a move event"),
                    };
                    let id = u32::try_from(nodes.len()).unwrap_or(NONE);
                    if nodes[top as usize].first_child == NONE {
                        nodes[top as usize].first_child = id;
                    }
                    nodes.push(Node {
                        parent: top,
                        first_child: NONE,
                        played,
                        uci,
                        starting_comment: std::mem::take(&mut starting_comment),
                        comment: String::new(),
                        nags: Vec::new(),
                    });
                    if let Some(last) = stack.last_mut() {
                        *last = id;
                    }
                    in_variation = true;
                }
                Event::Comment(text) => {
                    let node = &mut nodes[top as usize];
                    if in_variation || (top == 0 && node.first_child == NONE) {
                        join(&mut node.comment, text);
                    } else {
                        join(&mut starting_comment, text);
                    }
                }
                Event::Nag(nag) => {
                    let nags = &mut nodes[top as usize].nags;
                    if !nags.contains(&nag) {
                        nags.push(nag);
                    }
                }
                Event::Begin => {
                    let parent = nodes[top as usize].parent;
                    if parent == NONE {
                        return Err(PyRuntimeError::new_err(
                            "bitmove.pgn: a variation before any move",
                        ));
                    }
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
            nodes,
            start,
            result,
        })
    }
}

#[pymethods]
impl LazyTree {
    /// The comment before the first move (the game's own).
    #[getter]
    fn comment(&self) -> &str {
        &self.nodes[0].comment
    }

    /// The NAGs given before the first move.
    #[getter]
    fn nags(&self) -> Vec<u8> {
        self.nodes[0].nags.clone()
    }

    /// The result token after the moves, None when there was none.
    #[getter]
    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// How many moves the tree holds, variations included.
    fn __len__(&self) -> usize {
        self.nodes.len() - 1
    }

    /// The moves of the main line.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        let mut at = self.nodes[0].first_child;
        while at != NONE {
            let node = &self.nodes[at as usize];
            list.append(node.uci)?;
            at = node.first_child;
        }
        Ok(list)
    }

    /// Every move node, in the order read: `(parent, move, starting_comment, comment,
    /// nags)`, the parent an index in this list counted from 1 (0: the game).
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for node in &self.nodes[1..] {
            let item = (
                node.parent,
                node.uci,
                node.starting_comment.as_str(),
                node.comment.as_str(),
                PyTuple::new(py, &node.nags)?,
            );
            list.append(item)?;
        }
        Ok(list)
    }

    /// Writes the game through `writer` with these tags and comment before the first move,
    /// from the start position read (the caller checks that the tags still say it). False,
    /// and nothing written, for a variant game or one whose tags could not be set up.
    fn write(
        &self,
        mut writer: PyRefMut<'_, Writer>,
        headers: Vec<(String, String)>,
        comment: String,
    ) -> bool {
        let Some(start) = &self.start else {
            return false;
        };
        let mut tree = tree_for(headers, start.clone(), comment);
        let mut ids = Vec::with_capacity(self.nodes.len());
        ids.push(NodeId::ROOT);
        for node in &self.nodes[1..] {
            let id = tree.add_variation(ids[node.parent as usize], node.played);
            let written = tree.node_mut(id);
            written.starting_comment.clone_from(&node.starting_comment);
            written.comment.clone_from(&node.comment);
            for &nag in &node.nags {
                written.add_nag(u32::from(nag));
            }
            ids.push(id);
        }
        tree.write_to(&mut writer.exporter);
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
