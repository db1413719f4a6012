//! One bulk-counting perft per engine, all single-threaded: at depth 1 each engine's move
//! count is taken without playing the leaf moves.

use std::hint::black_box;
use std::time::Instant;

/// An engine under test. The two cozy-chess entries are the same crate built with and
/// without its `pext` feature; a given binary contains only one of them (the other one is
/// [`Engine::FOREIGN_COZY`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Bitmove,
    CozyMagic,
    CozyPext,
    Chess,
    Shakmaty,
}

impl Engine {
    /// Every engine, in the order they are measured and listed.
    pub const ALL: [Engine; 5] = [
        Engine::Bitmove,
        Engine::CozyMagic,
        Engine::CozyPext,
        Engine::Chess,
        Engine::Shakmaty,
    ];

    /// The cozy-chess variant that needs the other build (run as a child process).
    pub const FOREIGN_COZY: Engine = if cfg!(feature = "cozy-pext") {
        Engine::CozyMagic
    } else {
        Engine::CozyPext
    };

    /// Short name used on the command line of the child mode.
    pub const fn id(self) -> &'static str {
        match self {
            Engine::Bitmove => "bitmove",
            Engine::CozyMagic => "cozy-magic",
            Engine::CozyPext => "cozy-pext",
            Engine::Chess => "chess",
            Engine::Shakmaty => "shakmaty",
        }
    }

    /// Name shown in the table.
    pub const fn label(self) -> &'static str {
        match self {
            Engine::Bitmove => "bitmove",
            Engine::CozyMagic => "cozy-chess 0.3.4 (magic)",
            Engine::CozyPext => "cozy-chess 0.3.4 (pext)",
            Engine::Chess => "chess 3.2",
            Engine::Shakmaty => "shakmaty 0.30",
        }
    }

    pub fn from_id(id: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.id() == id)
    }

    /// Whether this binary can run the engine in-process.
    pub fn is_native(self) -> bool {
        self != Engine::FOREIGN_COZY
    }

    /// Parses `fen` (outside the timed region), then times one perft of `depth`.
    /// Returns the node count and the elapsed seconds.
    pub fn measure(self, fen: &str, depth: u32) -> Result<(u64, f64), String> {
        let fail =
            |e: &dyn std::fmt::Display| format!("{}: cannot parse FEN {fen:?}: {e}", self.id());
        match self {
            Engine::Bitmove => {
                let board = bitmove::Board::from_fen(fen).map_err(|e| fail(&e))?;
                Ok(timed(&board, depth, bitmove::perft))
            }
            Engine::CozyMagic | Engine::CozyPext => {
                if !self.is_native() {
                    return Err(format!(
                        "{} is not linked into this build (cargo feature `cozy-pext` is {})",
                        self.id(),
                        if cfg!(feature = "cozy-pext") {
                            "on"
                        } else {
                            "off"
                        }
                    ));
                }
                let board = cozy_chess::Board::from_fen(fen, false).map_err(|e| fail(&e))?;
                Ok(timed(&board, depth, cozy_perft))
            }
            Engine::Chess => {
                let board: chess::Board = fen.parse().map_err(|e| fail(&e))?;
                Ok(timed(&board, depth, chess_perft))
            }
            Engine::Shakmaty => {
                let setup: shakmaty::fen::Fen = fen.parse().map_err(|e| fail(&e))?;
                let pos: shakmaty::Chess = setup
                    .into_position(shakmaty::CastlingMode::Standard)
                    .map_err(|e| fail(&e))?;
                Ok(timed(&pos, depth, shakmaty_perft))
            }
        }
    }
}

/// Times `perft(board, depth)`; `black_box` keeps the call from being hoisted or folded.
fn timed<B>(board: &B, depth: u32, perft: fn(&B, u32) -> u64) -> (u64, f64) {
    let start = Instant::now();
    let nodes = perft(black_box(board), black_box(depth));
    let seconds = start.elapsed().as_secs_f64();
    (black_box(nodes), seconds)
}

/// cozy-chess: moves come grouped per piece as (from, set of targets); at depth 1 the
/// group's `len()` is a popcount that already counts each promotion four times.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0u64;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|group| {
            nodes += group.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|group| {
        for mv in group {
            let mut next = board.clone();
            next.play_unchecked(mv);
            nodes += cozy_perft(&next, depth - 1);
        }
        false
    });
    nodes
}

/// chess: `MoveGen` is an `ExactSizeIterator` whose `len()` counts without iterating.
fn chess_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = chess::MoveGen::new_legal(board);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0u64;
    for mv in moves {
        nodes += chess_perft(&board.make_move_new(mv), depth - 1);
    }
    nodes
}

/// shakmaty: `legal_moves()` fills a fixed-capacity list; at depth 1 only its length is used.
fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;

    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0u64;
    for mv in moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        nodes += shakmaty_perft(&next, depth - 1);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";

    #[test]
    fn every_native_engine_counts_small_trees() {
        for engine in Engine::ALL.into_iter().filter(|e| e.is_native()) {
            for (fen, depth, expected) in
                [(KIWIPETE, 1, 48), (KIWIPETE, 3, 97_862), (POS4, 3, 9_467)]
            {
                let (nodes, _) = engine.measure(fen, depth).unwrap();
                assert_eq!(nodes, expected, "{} {fen} depth {depth}", engine.id());
            }
        }
    }

    #[test]
    fn foreign_cozy_is_refused() {
        assert!(Engine::FOREIGN_COZY.measure(KIWIPETE, 1).is_err());
    }
}
