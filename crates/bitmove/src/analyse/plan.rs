//! Planning: the games of PGN files, each game's positions, and the distinct positions to
//! analyse.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;

use super::{AnalyseError, PositionKey};
use crate::pgn::{GameTree, NULL_MOVE, NULL_VARIANT_MOVE, NodeId, Reader, fen, play, play_variant};
use crate::variant::Variant;

/// One position to put to the engine: what a worker needs and the cache keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// The position's key.
    pub key: PositionKey,
    /// Its FEN as python-chess writes it (a variant's in its variant's form), sent to the
    /// engine as `position fen ...`.
    pub fen: String,
    /// Its variant ([`Variant::Chess`] for standard chess and Chess960).
    pub variant: Variant,
    /// Whether it is a Chess960 position (the engine's `UCI_Chess960` is set for it).
    pub chess960: bool,
    /// Whether White is to move (the engine's scores are turned to White's view with it).
    pub white_to_move: bool,
}

impl Job {
    /// The `position` command for the engine.
    pub fn position_command(&self) -> String {
        std::format!("position fen {}", self.fen)
    }
}

/// How a game stands in a position with no move to analyse (the engine is not asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terminal {
    /// The side to move has lost (checkmated; a variant's loss).
    Lost,
    /// The side to move has won (a variant's win).
    Won,
    /// Drawn (stalemate; a variant's draw).
    Drawn,
}

/// A position of a game's mainline, as the writer and the planner see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedPosition {
    /// Moves played before it (0: the start position).
    pub ply: usize,
    /// The tree node whose move leads here ([`NodeId::ROOT`] at ply 0).
    pub node: NodeId,
    /// The position's key.
    pub key: PositionKey,
    /// Its FEN (python-chess's form).
    pub fen: String,
    /// The mainline move played from it, UCI (`0000` for a null move); `None` at the end.
    pub mv: Option<String>,
    /// Whether White is to move.
    pub white_to_move: bool,
    /// Set when the game is over here: no job then.
    pub terminal: Option<Terminal>,
    /// What to ask the engine (`None` when [`terminal`](PlannedPosition::terminal)).
    pub job: Option<Job>,
}

/// A game that could not be read to its end (an illegal move, a bad FEN, ...): not analysed
/// and not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGame {
    /// The file it is in.
    pub file: PathBuf,
    /// Its 0-based index over all the files.
    pub game: usize,
    /// The 1-based line of the trouble.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// What [`Planner`] found: the counts and the distinct positions to analyse.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Games read (bad ones too).
    pub games: usize,
    /// Positions to analyse over all games, repeats counted (terminal positions not).
    pub positions: usize,
    /// The distinct positions, in the order first met.
    pub jobs: Vec<Job>,
    /// The games not analysed.
    pub bad_games: Vec<BadGame>,
}

impl Plan {
    /// The variants other than chess that the jobs need, each once, in the order first met.
    pub fn variants(&self) -> Vec<Variant> {
        let mut variants: Vec<Variant> = Vec::new();
        for job in &self.jobs {
            if job.variant != Variant::Chess && !variants.contains(&job.variant) {
                variants.push(job.variant);
            }
        }
        variants
    }
}

/// The key of a position given by its FEN (python-chess's form) and variant: see
/// [`PositionKey`].
///
/// ```
/// use bitmove::analyse::position_key;
/// use bitmove::variant::Variant;
///
/// let a = position_key("8/8/8/8/8/8/8/K1k5 w - - 0 1", Variant::Chess);
/// let b = position_key("8/8/8/8/8/8/8/K1k5 w - - 17 60", Variant::Chess);
/// assert_eq!(a, b);
/// assert_ne!(a, position_key("8/8/8/8/8/8/8/K1k5 w - - 0 1", Variant::Atomic));
/// ```
pub fn position_key(fen: &str, variant: Variant) -> PositionKey {
    let mut end = fen.len();
    for _ in 0..2 {
        match fen[..end].rfind(' ') {
            Some(at) => end = at,
            None => break,
        }
    }
    let epd = &fen[..end];
    if variant == Variant::Chess {
        PositionKey::of_text(epd)
    } else {
        PositionKey::of_text(&std::format!("{} {epd}", variant.uci_name()))
    }
}

/// The positions of `tree`'s mainline from ply `from_ply` to its end, each with its key
/// and, unless the game is over there, the [`Job`] for it.
///
/// ```
/// use bitmove::analyse::game_positions;
/// use bitmove::pgn::Reader;
///
/// let tree = Reader::new(&b"1. f3 e5 2. g4 Qh4# 0-1\n"[..]).read_tree()?.unwrap();
/// let positions = game_positions(&tree, 0);
/// assert_eq!(positions.len(), 5);
/// assert_eq!(positions[0].mv.as_deref(), Some("f2f3"));
/// assert!(positions[4].job.is_none()); // mate: nothing to ask
/// assert_eq!(game_positions(&tree, 3).len(), 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn game_positions(tree: &GameTree, from_ply: usize) -> Vec<PlannedPosition> {
    let nodes: Vec<NodeId> = tree.mainline().collect();
    let mut out = Vec::with_capacity((nodes.len() + 1).saturating_sub(from_ply));
    let node_before = |ply: usize| {
        if ply == 0 {
            NodeId::ROOT
        } else {
            nodes[ply - 1]
        }
    };
    if let Some(start) = tree.variant_start() {
        let mut position = start.clone();
        for ply in 0..=nodes.len() {
            let next = nodes.get(ply).and_then(|&id| tree.variant_move(id));
            if ply >= from_ply {
                let fen = position.fen().to_string();
                let terminal = position.outcome().map(|outcome| match outcome.winner() {
                    Some(winner) if winner == position.side_to_move() => Terminal::Won,
                    Some(_) => Terminal::Lost,
                    None => Terminal::Drawn,
                });
                let mv = next.map(|mv| {
                    if mv == NULL_VARIANT_MOVE {
                        "0000".to_string()
                    } else {
                        position.uci(mv).to_string()
                    }
                });
                out.push(planned(
                    ply,
                    node_before(ply),
                    fen,
                    mv,
                    position.side_to_move() == crate::Color::White,
                    terminal,
                    position.variant(),
                    position.board().is_chess960(),
                ));
            }
            match next {
                Some(mv) => play_variant(&mut position, mv),
                None => break,
            }
        }
        return out;
    }
    let mut board = tree.start().clone();
    for ply in 0..=nodes.len() {
        let next = nodes.get(ply).map(|&id| tree.node(id).mv());
        if ply >= from_ply {
            let terminal = (!board.has_legal_moves()).then(|| {
                if board.in_check() {
                    Terminal::Lost
                } else {
                    Terminal::Drawn
                }
            });
            let mv = next.map(|mv| {
                if mv == NULL_MOVE {
                    "0000".to_string()
                } else {
                    board.uci(mv).to_string()
                }
            });
            out.push(planned(
                ply,
                node_before(ply),
                fen(&board),
                mv,
                board.side_to_move() == crate::Color::White,
                terminal,
                Variant::Chess,
                board.is_chess960(),
            ));
        }
        match next {
            Some(mv) => play(&mut board, mv),
            None => break,
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn planned(
    ply: usize,
    node: NodeId,
    fen: String,
    mv: Option<String>,
    white_to_move: bool,
    terminal: Option<Terminal>,
    variant: Variant,
    chess960: bool,
) -> PlannedPosition {
    let key = position_key(&fen, variant);
    let job = terminal.is_none().then(|| Job {
        key,
        fen: fen.clone(),
        variant,
        chess960,
        white_to_move,
    });
    PlannedPosition {
        ply,
        node,
        key,
        fen,
        mv,
        white_to_move,
        terminal,
        job,
    }
}

/// Reads the games of `files` in order (plain, zstd or gzip; the lichess variants by their
/// rules) and calls `each` with the file, the game's 0-based index over all files, and the
/// game. A file that cannot be opened or read is an error; a game that does not replay is
/// passed on with its [`error`](GameTree::error) set. Returns the number of games.
pub fn read_games<P: AsRef<Path>>(
    files: &[P],
    mut each: impl FnMut(&Path, usize, GameTree) -> Result<(), AnalyseError>,
) -> Result<usize, AnalyseError> {
    let mut index = 0;
    for file in files {
        let file = file.as_ref();
        let cannot =
            |e: io::Error| AnalyseError::Io(std::format!("cannot read {}", file.display()), e);
        let reader = Reader::open(file).map_err(cannot)?.with_variants(true);
        for tree in reader.trees() {
            let mut tree = tree.map_err(cannot)?;
            tree.index = index;
            each(file, index, tree)?;
            index += 1;
        }
    }
    Ok(index)
}

/// Builds a [`Plan`] game by game: the distinct positions of every game that reads, from
/// ply `from_ply` on, in the order first met.
#[derive(Clone, Debug)]
pub struct Planner {
    from_ply: usize,
    seen: HashSet<PositionKey>,
    plan: Plan,
}

impl Planner {
    /// A planner of the positions from ply `from_ply` on (0: from the start position).
    pub fn new(from_ply: usize) -> Planner {
        Planner {
            from_ply,
            seen: HashSet::new(),
            plan: Plan::default(),
        }
    }

    /// Adds a game read from `file`, its index over all files being `index`. A game with an
    /// error is kept as a [`BadGame`] (returns false) and its positions are not planned.
    pub fn add_game(&mut self, file: &Path, index: usize, tree: &GameTree) -> bool {
        self.plan.games += 1;
        if let Some(error) = &tree.error {
            self.plan.bad_games.push(BadGame {
                file: file.to_path_buf(),
                game: index,
                line: error.line,
                reason: error.reason(),
            });
            return false;
        }
        for position in game_positions(tree, self.from_ply) {
            if let Some(job) = position.job {
                self.plan.positions += 1;
                if self.seen.insert(job.key) {
                    self.plan.jobs.push(job);
                }
            }
        }
        true
    }

    /// The plan so far.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// The plan.
    pub fn finish(self) -> Plan {
        self.plan
    }
}

/// The [`Plan`] of `files` from ply `from_ply` on ([`read_games`] into a [`Planner`]).
pub fn plan_files<P: AsRef<Path>>(files: &[P], from_ply: usize) -> Result<Plan, AnalyseError> {
    let mut planner = Planner::new(from_ply);
    read_games(files, |file, index, tree| {
        planner.add_game(file, index, &tree);
        Ok(())
    })?;
    Ok(planner.finish())
}
