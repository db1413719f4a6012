//! [`GameTree`]: one game as python-chess's `chess.pgn.Game` holds it (tag pairs, start
//! position, a tree of moves with comments, NAGs and variations, the result), built from
//! the reader by [`TreeBuilder`] the way python-chess's `GameBuilder` builds its nodes.

use std::string::String;
use std::vec::Vec;

use super::replay::decode;
use super::{GameError, NULL_MOVE, NULL_VARIANT_MOVE, Tag, Visitor};
use crate::variant::{VariantMove, VariantPosition};
use crate::{Board, Move};

/// The Seven Tag Roster, in the order python-chess writes it (before any other tag).
pub const TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The values python-chess gives the Seven Tag Roster in a new game.
const ROSTER_DEFAULTS: [&str; 7] = ["?", "?", "????.??.??", "?", "?", "?", "*"];

/// The FEN python-chess calls the starting position (no `FEN` tag needed for it).
const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The tag pairs of a game, as python-chess's `Headers` keeps them: one value per name
/// (setting a name again replaces its value in place), iterated with the Seven Tag Roster
/// first, in its order, then the other tags in the order they were first set.
///
/// Values are kept as written between the quotes: python-chess 1.11.2 neither unescapes
/// `\"` when it reads a tag nor escapes a quote when it writes one, and the writer does the
/// same, so that a game read and written back comes out as python-chess writes it.
///
/// ```
/// use bitmove::pgn::Headers;
///
/// let mut headers = Headers::new();
/// headers.set("WhiteElo", "2700");
/// headers.set("White", "Tal, M.");
/// headers.set("WhiteElo", "2705");
/// let names: Vec<&str> = headers.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["White", "WhiteElo"]);
/// assert_eq!(headers.get("WhiteElo"), Some("2705"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// In the order first set (the roster's order is applied when iterating).
    pairs: Vec<(String, String)>,
}

impl Headers {
    /// No tags at all (python-chess's `Headers({})`).
    pub fn new() -> Headers {
        Headers::default()
    }

    /// The Seven Tag Roster with python-chess's placeholders: `Event "?"`, `Site "?"`,
    /// `Date "????.??.??"`, `Round "?"`, `White "?"`, `Black "?"`, `Result "*"`.
    pub fn roster() -> Headers {
        Headers {
            pairs: TAG_ROSTER
                .iter()
                .zip(ROSTER_DEFAULTS)
                .map(|(name, value)| ((*name).into(), value.into()))
                .collect(),
        }
    }

    /// The value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag: a new name goes after the others, a known one keeps its place.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.pairs.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v = value,
            None => self.pairs.push((name, value)),
        }
    }

    /// Removes a tag, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let at = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(at).1)
    }

    /// Whether a tag is set.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there is no tag.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The tags in python-chess's order: the Seven Tag Roster first (those set), in its
    /// order, then the others in the order they were first set.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let roster = TAG_ROSTER.iter().filter_map(|name| {
            self.pairs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(n, v)| (n.as_str(), v.as_str()))
        });
        let others = self
            .pairs
            .iter()
            .filter(|(n, _)| !TAG_ROSTER.contains(&n.as_str()))
            .map(|(n, v)| (n.as_str(), v.as_str()));
        roster.chain(others)
    }
}

/// A node of a [`GameTree`]: its index in the tree's nodes. [`NodeId::ROOT`] is the game
/// itself (the position before the first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// The index in the tree's nodes (the root is 0; nodes are numbered as added).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node of a [`GameTree`]: the move that leads to it and what is written around the
/// move, as python-chess's `ChildNode` holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    mv: Move,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
    /// The comment after the move (at the root: the comment before the first move).
    pub comment: String,
    /// A comment before the move, written after the `(` of a variation that the move begins
    /// (python-chess's `starting_comment`; any node may hold one, the writer writes it).
    pub starting_comment: String,
    /// Numeric annotation glyphs, sorted, each once (python-chess's set of NAGs).
    nags: Vec<u32>,
}

impl Node {
    fn new(mv: Move, parent: Option<NodeId>) -> Node {
        Node {
            mv,
            parent,
            first_child: None,
            next_sibling: None,
            comment: String::new(),
            starting_comment: String::new(),
            nags: Vec::new(),
        }
    }

    /// The move that leads here ([`NULL_MOVE`] for a null move, and at the root).
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The node before, `None` at the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The main continuation (the first child).
    pub fn next(&self) -> Option<NodeId> {
        self.first_child
    }

    /// The next alternative to this node's move (its next sibling).
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next_sibling
    }

    /// The NAGs, sorted, each once.
    pub fn nags(&self) -> &[u32] {
        &self.nags
    }

    /// Adds a NAG (python-chess's `nags.add`): kept once, in order.
    pub fn add_nag(&mut self, nag: u32) {
        if let Err(at) = self.nags.binary_search(&nag) {
            self.nags.insert(at, nag);
        }
    }

    /// Removes a NAG; whether it was there.
    pub fn remove_nag(&mut self, nag: u32) -> bool {
        match self.nags.binary_search(&nag) {
            Ok(at) => {
                self.nags.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// Removes every NAG.
    pub fn clear_nags(&mut self) {
        self.nags.clear();
    }
}

/// A game as python-chess's `chess.pgn.Game` holds it: the tag pairs, the start position,
/// a tree of moves (each node's first child is the main line, the others are variations)
/// with comments, starting comments and NAGs, and the result (the `Result` tag). Written
/// back as python-chess writes it by [`GameTree::write`] (`str(game)` is the tree's
/// [`Display`](core::fmt::Display)).
///
/// Read from PGN by [`Reader::read_tree`](super::Reader::read_tree) or
/// [`Reader::trees`](super::Reader::trees), or built move by move:
///
/// ```
/// use bitmove::pgn::{GameTree, NodeId, WriteOptions};
///
/// let mut game = GameTree::new();
/// game.headers.set("White", "Morphy");
/// let board = game.start().clone();
/// let e4 = game.add_variation(NodeId::ROOT, board.parse_san("e4")?);
/// let d4 = game.add_variation(NodeId::ROOT, board.parse_san("d4")?);
/// game.node_mut(d4).comment = "also good".into();
/// let e5 = game.add_variation(e4, game.board_at(e4).parse_san("e5")?);
/// game.node_mut(e5).add_nag(1);
/// game.headers.set("Result", "*");
/// assert_eq!(
///     game.to_string(),
///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///      [White \"Morphy\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
///      1. e4 ( 1. d4 { also good } ) 1... e5 $1 *"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GameTree {
    /// The tag pairs.
    pub headers: Headers,
    /// The 0-based index of the game in the input it was read from (0 for a new tree).
    pub index: usize,
    /// The 1-based line where it starts in that input (0 for a new tree).
    pub line: usize,
    /// Why the reader stopped before the end of the game, `None` when it read it all. A
    /// game whose tags could not be set up (an unsupported variant, a bad FEN) has its tags
    /// and no moves; any other error leaves the moves read before it.
    pub error: Option<GameError>,
    start: Board,
    /// Whether [`start`](GameTree::start) was set up from the game's tags.
    set_up: bool,
    nodes: Vec<Node>,
    /// A lichess-variant game: its start position and each node's move.
    variant: Option<Box<VariantMoves>>,
}

/// What a variant game's tree holds beside its nodes: the start position, and the move of
/// each node by its index (the root's is unused; one per node, as
/// [`add_variation`](GameTree::add_variation) keeps them).
#[derive(Clone, Debug, PartialEq)]
struct VariantMoves {
    start: VariantPosition,
    moves: Vec<VariantMove>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A new game: the Seven Tag Roster with python-chess's placeholders, the standard
    /// start position, no moves (python-chess's `Game()`).
    pub fn new() -> GameTree {
        GameTree::with_headers(Headers::roster())
    }

    /// A new game without any tag (python-chess's `Game.without_tag_roster()`).
    pub fn without_tag_roster() -> GameTree {
        GameTree::with_headers(Headers::new())
    }

    fn with_headers(headers: Headers) -> GameTree {
        GameTree {
            headers,
            index: 0,
            line: 0,
            error: None,
            start: Board::startpos(),
            set_up: true,
            nodes: std::vec![Node::new(NULL_MOVE, None)],
            variant: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Whether the start position is the game's: false for a game read whose tags could
    /// not be set up (an unsupported variant, a bad FEN; see [`error`](GameTree::error)),
    /// whose [`start`](GameTree::start) is only the standard position. python-chess cannot
    /// write such a game (`str(game)` raises); the CLI leaves it out.
    pub fn is_set_up(&self) -> bool {
        self.set_up
    }

    /// A lichess-variant game's start position (read by a reader made
    /// [`with_variants`](super::Reader::with_variants)); `None` for standard chess and
    /// Chess960. Its moves are [`variant_move`](GameTree::variant_move)'s.
    pub fn variant_start(&self) -> Option<&VariantPosition> {
        self.variant.as_deref().map(|v| &v.start)
    }

    /// The move that leads to node `id` of a variant game (a drop, or
    /// [`NULL_VARIANT_MOVE`](super::NULL_VARIANT_MOVE)); `None` in a standard game, whose
    /// moves are [`Node::mv`]'s, and at the root.
    pub fn variant_move(&self, id: NodeId) -> Option<VariantMove> {
        let variant = self.variant.as_deref()?;
        (id != NodeId::ROOT).then(|| variant.moves[id.index()])
    }

    /// Makes the tree a variant game's, starting at `position`, tags unchanged; its moves
    /// are added with [`add_variant_move`](GameTree::add_variant_move). Only on a tree
    /// without moves (else nothing changes, and false is returned).
    pub fn set_variant_start(&mut self, mut position: VariantPosition) -> bool {
        if self.nodes.len() > 1 {
            return false;
        }
        position.board.fullmove = position.board.fullmove.max(1);
        self.set_start(position.board().clone());
        self.variant = Some(Box::new(VariantMoves {
            start: position,
            moves: std::vec![NULL_VARIANT_MOVE],
        }));
        true
    }

    /// Adds `mv` (legal in the variant position at `parent`, or a null move) as the last
    /// child of `parent` in a variant game's tree, as [`add_variation`](GameTree::add_variation)
    /// adds a board move (which in a variant game's tree is such a move too); [`Node::mv`]
    /// holds the board move of a move that is not a drop (a drop's is
    /// [`NULL_MOVE`](super::NULL_MOVE)). `None` in a standard game's tree. A move that is
    /// not legal where it is played is written `--` and passes the turn.
    pub fn add_variant_move(&mut self, parent: NodeId, mv: VariantMove) -> Option<NodeId> {
        let board_move = match mv {
            VariantMove::Normal(mv) => mv,
            VariantMove::Drop { .. } => NULL_MOVE,
        };
        self.variant.as_ref()?;
        let id = self.add_variation(parent, board_move);
        let variant = self.variant.as_deref_mut()?;
        variant.moves[id.index()] = mv;
        Some(id)
    }

    /// Sets the start position, tags unchanged (a variant game's tree becomes a standard
    /// one). The moves of the tree must be legal from it.
    /// A move number 0 (which a FEN may hold) becomes 1, as python-chess reads it.
    pub fn set_start(&mut self, mut board: Board) {
        board.fullmove = board.fullmove.max(1);
        self.start = board;
        self.set_up = true;
        self.variant = None;
    }

    /// Sets the start position and the tags that say it, as python-chess's `Game.setup`
    /// does: `FEN` and `SetUp "1"` unless it is the standard start position (then both are
    /// removed), `Variant "Chess960"` for a Chess960 board (else `Variant` is removed).
    ///
    /// ```
    /// use bitmove::pgn::GameTree;
    /// use bitmove::Board;
    ///
    /// let mut game = GameTree::without_tag_roster();
    /// game.setup("4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse::<Board>()?);
    /// assert_eq!(game.to_string(), "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n*");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn setup(&mut self, board: Board) {
        let fen = super::fen(&board);
        if fen == STARTING_FEN {
            self.headers.remove("FEN");
            self.headers.remove("SetUp");
        } else {
            self.headers.set("FEN", fen);
            self.headers.set("SetUp", "1");
        }
        if board.is_chess960() {
            self.headers.set("Variant", "Chess960");
        } else {
            self.headers.remove("Variant");
        }
        self.set_start(board);
    }

    /// The result as python-chess writes it: the `Result` tag, `*` when there is none.
    pub fn result(&self) -> &str {
        self.headers.get("Result").unwrap_or("*")
    }

    /// The node `id`. Panics if `id` is not a node of this tree.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The node `id`, to change its comments and NAGs. Panics if `id` is not a node of this
    /// tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// The game's comment before the first move (the root's comment).
    pub fn comment(&self) -> &str {
        &self.nodes[0].comment
    }

    /// How many nodes the tree holds, the root included (removed variations too: their
    /// nodes stay, unreachable).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Adds `mv` as the last child of `parent`: the main continuation if `parent` has none,
    /// else a variation (python-chess's `add_variation`; a move already there is added
    /// again, as python-chess does). The move must be legal in the position at `parent`
    /// (checked only when written: an illegal move is written `--`).
    pub fn add_variation(&mut self, parent: NodeId, mv: Move) -> NodeId {
        // (2^32 nodes would take hundreds of gigabytes before the index ran out.)
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        self.nodes.push(Node::new(mv, Some(parent)));
        if let Some(variant) = self.variant.as_deref_mut() {
            variant.moves.push(VariantMove::Normal(mv));
        }
        match self.nodes[parent.index()].first_child {
            None => self.nodes[parent.index()].first_child = Some(id),
            Some(mut last) => {
                while let Some(next) = self.nodes[last.index()].next_sibling {
                    last = next;
                }
                self.nodes[last.index()].next_sibling = Some(id);
            }
        }
        id
    }

    /// Adds `mv` as the main continuation of `parent`, before its other children
    /// (python-chess's `add_main_variation`).
    pub fn add_main_variation(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = self.add_variation(parent, mv);
        self.promote_to_main(id);
        id
    }

    /// The children of `id`: the main continuation first, then the variations.
    pub fn children(&self, id: NodeId) -> Siblings<'_> {
        Siblings {
            tree: self,
            next: self.nodes[id.index()].first_child,
        }
    }

    /// The nodes of the main line from `id` on (not `id` itself): its first child, that
    /// one's first child, and so on.
    pub fn mainline_from(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.nodes[id.index()].first_child, move |&n| {
            self.nodes[n.index()].first_child
        })
    }

    /// The nodes of the game's main line.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.mainline_from(NodeId::ROOT)
    }

    /// The moves of the game's main line.
    pub fn mainline_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.mainline().map(|n| self.nodes[n.index()].mv)
    }

    /// The number of moves from the start to `id`.
    pub fn depth(&self, id: NodeId) -> usize {
        core::iter::successors(Some(id), |&n| self.nodes[n.index()].parent).count() - 1
    }

    /// The position at `id` (after its move): the start position with the moves from the
    /// root to `id` played. For a standard game (a variant game's moves are played by its
    /// rules: from [`variant_start`](GameTree::variant_start), [`variant_move`](GameTree::variant_move)).
    pub fn board_at(&self, id: NodeId) -> Board {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.nodes[at.index()].parent {
            path.push(self.nodes[at.index()].mv);
            at = parent;
        }
        let mut board = self.start.clone();
        for &mv in path.iter().rev() {
            play(&mut board, mv);
        }
        board
    }

    /// Makes `id` its parent's main continuation, the other children following in their
    /// order (python-chess's `promote_to_main`).
    pub fn promote_to_main(&mut self, id: NodeId) {
        self.reorder(id, |children, at| {
            let node = children.remove(at);
            children.insert(0, node);
        });
    }

    /// Moves `id` one place up among its parent's children (python-chess's `promote`).
    pub fn promote(&mut self, id: NodeId) {
        self.reorder(id, |children, at| {
            if at > 0 {
                children.swap(at, at - 1);
            }
        });
    }

    /// Moves `id` one place down among its parent's children (python-chess's `demote`).
    pub fn demote(&mut self, id: NodeId) {
        self.reorder(id, |children, at| {
            if at + 1 < children.len() {
                children.swap(at, at + 1);
            }
        });
    }

    /// Removes `id` and what follows it from its parent's children (python-chess's
    /// `remove_variation`); its nodes stay in the tree, unreachable. The root is kept.
    pub fn remove_variation(&mut self, id: NodeId) {
        self.reorder(id, |children, at| {
            children.remove(at);
        });
    }

    /// Reorders the children of `id`'s parent by `change`, given them and `id`'s place.
    fn reorder(&mut self, id: NodeId, change: impl FnOnce(&mut Vec<NodeId>, usize)) {
        let Some(parent) = self.nodes[id.index()].parent else {
            return;
        };
        let mut children: Vec<NodeId> = self.children(parent).collect();
        let Some(at) = children.iter().position(|&c| c == id) else {
            return;
        };
        change(&mut children, at);
        self.nodes[parent.index()].first_child = children.first().copied();
        for (i, &child) in children.iter().enumerate() {
            self.nodes[child.index()].next_sibling = children.get(i + 1).copied();
        }
        if !children.contains(&id) {
            self.nodes[id.index()].next_sibling = None;
        }
    }
}

/// The children of a node, in order: made by [`GameTree::children`].
pub struct Siblings<'a> {
    tree: &'a GameTree,
    next: Option<NodeId>,
}

impl Iterator for Siblings<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.tree.nodes[id.index()].next_sibling;
        Some(id)
    }
}

/// Plays a move of a [`GameTree`] on `board`: a move legal there, or [`NULL_MOVE`] (the
/// turn passes, as python-chess's `push(Move.null())` does).
pub fn play(board: &mut Board, mv: Move) {
    if mv == NULL_MOVE {
        board.pass_turn();
    } else {
        board.play_unchecked(mv);
    }
}

/// The [`Visitor`] that builds a [`GameTree`], as python-chess's `GameBuilder` builds a
/// game from its parser's calls: variations are replayed; a comment goes to the move before
/// it, or to the game when no move came yet, or (after a `(`, before the variation's first
/// move) becomes the next move's starting comment; comments in a row are joined by a space;
/// `!`, `?`, `!!`, `??`, `!?`, `?!` after a move (written apart or not) are NAGs 1 to 6; a
/// result in the main line sets the `Result` tag unless it holds something other than `*`.
/// Comments are kept as python-chess reads them: one space after `{` and one before `}`
/// dropped, line ends as `\n`, UTF-8 (or Latin-1 when not).
///
/// [`Reader::read_tree`](super::Reader::read_tree) and
/// [`Reader::trees`](super::Reader::trees) drive one; a caller with its own loop may use
/// one with [`Reader::visit`](super::Reader::visit) and [`TreeBuilder::take`].
#[derive(Default)]
pub struct TreeBuilder {
    tree: GameTree,
    /// python-chess's variation stack: the node each open line has reached.
    stack: Vec<NodeId>,
    /// For each open line, whether a move was played on it (the reader replays a variation
    /// only then and skips it otherwise: no `end_variation` follows).
    moved: Vec<bool>,
    starting_comment: String,
    in_variation: bool,
    /// Whether the games of the lichess variants are replayed (else they end with
    /// [`ErrorKind::Variant`](super::ErrorKind::Variant)).
    variants: bool,
}

impl TreeBuilder {
    /// A builder.
    pub fn new() -> TreeBuilder {
        TreeBuilder::default()
    }

    /// A builder that also builds the games of the lichess variants, their moves replayed
    /// by their rules ([`GameTree::variant_start`], [`GameTree::variant_move`]).
    pub fn with_variants(variants: bool) -> TreeBuilder {
        TreeBuilder {
            variants,
            ..TreeBuilder::default()
        }
    }

    /// The game built by the last visit; the builder is ready for the next.
    pub fn take(&mut self) -> GameTree {
        core::mem::take(&mut self.tree)
    }

    /// The node on top of the stack.
    fn top(&self) -> NodeId {
        self.stack.last().copied().unwrap_or(NodeId::ROOT)
    }

    /// What follows each move added at `node`: the starting comment taken, the line moved
    /// on, NAGs from the marks after its SAN.
    fn added(&mut self, node: NodeId, san: &[u8]) {
        self.tree.nodes[node.index()].starting_comment =
            core::mem::take(&mut self.starting_comment);
        if let Some(last) = self.stack.last_mut() {
            *last = node;
        }
        if let Some(moved) = self.moved.last_mut() {
            *moved = true;
        }
        self.in_variation = true;
        let tree = &mut self.tree;
        suffix_nags(san, |nag| tree.nodes[node.index()].add_nag(u32::from(nag)));
    }
}

/// A comment's text as python-chess reads it from a text-mode file: UTF-8 (else Latin-1),
/// line ends (`\r\n`, `\r`) as `\n`, one space after `{` and one before `}` dropped.
pub(crate) fn comment_text(raw: &[u8]) -> String {
    let raw = raw.strip_prefix(b" ").unwrap_or(raw);
    let raw = raw.strip_suffix(b" ").unwrap_or(raw);
    let text = decode(raw);
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.into_owned()
    }
}

/// Joins comments as python-chess does: `" ".join(filter(None, [old, new]))`.
fn join_comment(old: &mut String, new: &str) {
    if new.is_empty() {
        return;
    }
    if !old.is_empty() {
        old.push(' ');
    }
    old.push_str(new);
}

impl Visitor for TreeBuilder {
    fn begin_game(&mut self, index: usize, line: usize) {
        self.tree = GameTree::new();
        self.tree.index = index;
        self.tree.line = line;
        // Until `start`: a game whose tags cannot be set up has no start position.
        self.tree.set_up = false;
        self.stack.clear();
        self.stack.push(NodeId::ROOT);
        self.moved.clear();
        self.moved.push(false);
        self.starting_comment.clear();
        self.in_variation = false;
    }

    fn header(&mut self, tag: Tag<'_>) {
        self.tree
            .headers
            .set(tag.name(), decode(tag.raw_value()).into_owned());
    }

    fn start(&mut self, board: &Board) {
        self.tree.set_start(board.clone());
    }

    fn play(&mut self, _board: &Board, mv: Move, san: &[u8]) {
        let top = self.top();
        let node = self.tree.add_variation(top, mv);
        self.added(node, san);
    }

    fn plays_variants(&self) -> bool {
        self.variants
    }

    fn start_variant(&mut self, position: &VariantPosition) {
        self.tree.set_variant_start(position.clone());
    }

    fn play_variant(&mut self, _position: &VariantPosition, mv: VariantMove, san: &[u8]) {
        let top = self.top();
        if let Some(node) = self.tree.add_variant_move(top, mv) {
            self.added(node, san);
        }
    }

    fn comment(&mut self, text: &[u8]) {
        let text = comment_text(text);
        let top = self.top();
        let at_start = top == NodeId::ROOT && self.tree.nodes[0].first_child.is_none();
        if self.in_variation || at_start {
            join_comment(&mut self.tree.nodes[top.index()].comment, &text);
        } else {
            join_comment(&mut self.starting_comment, &text);
        }
    }

    fn nag(&mut self, nag: u8) {
        let top = self.top();
        self.tree.nodes[top.index()].add_nag(u32::from(nag));
    }

    fn visit_variations(&self) -> bool {
        true
    }

    fn begin_variation(&mut self) -> bool {
        if self.moved.last() != Some(&true) {
            return false;
        }
        let Some(parent) = self.tree.nodes[self.top().index()].parent else {
            return false;
        };
        self.stack.push(parent);
        self.moved.push(false);
        self.in_variation = false;
        true
    }

    fn end_variation(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
            self.moved.pop();
        }
    }

    fn result(&mut self, result: &str) {
        if self.tree.result() == "*" {
            self.tree.headers.set("Result", result);
        }
    }

    fn end_game(&mut self, outcome: Result<(), GameError>) {
        self.tree.error = outcome.err();
    }
}

impl<R: std::io::BufRead> super::Reader<R> {
    /// Reads the next game as a [`GameTree`] (variations, comments and NAGs included);
    /// `Ok(None)` at the end of the input. A game that does not replay to its end keeps
    /// what was read before the trouble, and its [`error`](GameTree::error) says why.
    ///
    /// ```
    /// use bitmove::pgn::Reader;
    ///
    /// let pgn = "1. e4 e5 (1... c5 {Sicilian}) 2. Nf3 *\n";
    /// let game = Reader::new(pgn.as_bytes()).read_tree()?.expect("a game");
    /// assert_eq!(game.mainline_moves().count(), 3);
    /// assert_eq!(game.to_string().lines().last(), Some("1. e4 e5 ( 1... c5 { Sicilian } ) 2. Nf3 *"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read_tree(&mut self) -> std::io::Result<Option<GameTree>> {
        let mut builder = TreeBuilder::with_variants(self.builder.variants);
        Ok(self.visit(&mut builder)?.then(|| builder.take()))
    }

    /// The games as [`GameTree`]s, one at a time: an iterator that yields `Err` only for
    /// the input itself (a read error), and then ends.
    pub fn trees(self) -> Trees<R> {
        Trees {
            builder: TreeBuilder::with_variants(self.builder.variants),
            reader: self,
            failed: false,
        }
    }
}

/// The games of a [`Reader`](super::Reader) as [`GameTree`]s: made by
/// [`Reader::trees`](super::Reader::trees).
pub struct Trees<R> {
    reader: super::Reader<R>,
    builder: TreeBuilder,
    failed: bool,
}

impl<R> Trees<R> {
    /// The reader, to ask how far it has read ([`Reader::bytes_read`](super::Reader::bytes_read)).
    pub fn reader(&self) -> &super::Reader<R> {
        &self.reader
    }
}

impl<R: std::io::BufRead> Iterator for Trees<R> {
    type Item = std::io::Result<GameTree>;

    fn next(&mut self) -> Option<std::io::Result<GameTree>> {
        if self.failed {
            return None;
        }
        match self.reader.visit(&mut self.builder) {
            Ok(true) => Some(Ok(self.builder.take())),
            Ok(false) => None,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// The NAGs python-chess reads from the marks after a move's SAN (`e4!?` is 5, `Qh5!!` 3),
/// one or two marks at a time, a `+` or `#` between them parting them (`e4!+?` is 1 and 2).
pub fn suffix_nags(san: &[u8], mut nag: impl FnMut(u8)) {
    let tail = san
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'!' | b'?' | b'+' | b'#'))
        .count();
    for run in san[san.len() - tail..].split(|b| matches!(b, b'+' | b'#')) {
        for mark in run.chunks(2) {
            nag(match mark {
                b"!" => 1,
                b"?" => 2,
                b"!!" => 3,
                b"??" => 4,
                b"!?" => 5,
                _ => 6,
            });
        }
    }
}
