//! A position as chess.js holds one: any placement (the library's [`Setup`]), with the fast
//! [`Board`] beside it whenever the position is one that can arise in a game; its legal moves
//! as chess.js describes and orders them.

use crate::chessjs;
use crate::record::describe_with;
use bitmove::{Board, Color, EnPassantMode, Move, Piece, Setup, Square, Status};

/// A position with its fast board when it is a legal one.
#[derive(Clone)]
pub(crate) struct Position {
    pub(crate) setup: Setup,
    pub(crate) fast: Option<Board>,
}

/// A legal move as chess.js describes it.
#[derive(Clone, Copy)]
pub(crate) struct JsMove {
    /// The library's move (castling as king takes rook).
    pub(crate) mv: Move,
    pub(crate) piece: Piece,
    pub(crate) captured: Option<Piece>,
    /// `n`, `b` (pawn double step), `e`, `k`, `q`.
    pub(crate) kind: char,
    /// The destination chess.js names (the king's square after castling).
    pub(crate) to: Square,
}

impl JsMove {
    pub(crate) fn promotion(&self) -> Option<Piece> {
        self.mv.promotion
    }
}

impl Position {
    pub(crate) fn new(setup: Setup) -> Position {
        Position {
            fast: setup.to_board().ok(),
            setup,
        }
    }

    pub(crate) fn describe(&self, mv: Move) -> JsMove {
        let (piece, captured, kind, to) = describe_with(
            self.setup.turn,
            |s| self.setup.piece_at(s),
            self.setup.ep_square,
            mv,
        );
        JsMove {
            mv,
            piece,
            captured,
            kind,
            to,
        }
    }

    /// The legal moves in chess.js's order.
    pub(crate) fn moves(&self) -> Vec<JsMove> {
        let raw: Vec<Move> = match &self.fast {
            Some(board) => board.legal_moves().iter().copied().collect(),
            None => self.setup.legal_moves(),
        };
        let mut moves: Vec<(u32, JsMove)> = raw
            .into_iter()
            .map(|mv| {
                let m = self.describe(mv);
                let castling = match m.kind {
                    'k' => Some(true),
                    'q' => Some(false),
                    _ => None,
                };
                let key = chessjs::order_key(
                    self.setup.turn,
                    m.piece,
                    mv.from,
                    m.to,
                    mv.promotion,
                    castling,
                );
                (key, m)
            })
            .collect();
        moves.sort_unstable_by_key(|(key, _)| *key);
        moves.into_iter().map(|(_, m)| m).collect()
    }

    pub(crate) fn san(&self, mv: Move) -> String {
        match &self.fast {
            Some(board) => board.san(mv).to_string(),
            None => self.setup.san(mv),
        }
    }

    pub(crate) fn uci(&self, mv: Move) -> String {
        self.setup.to_uci_move(mv).to_string()
    }

    /// Plays a legal move; a double step keeps its en-passant square only when a pawn
    /// stands beside it to take (chess.js's rule, which its hash follows).
    pub(crate) fn play(&mut self, mv: Move) {
        if let Some(board) = &mut self.fast {
            board.play_unchecked(mv);
            self.setup = Setup::from_board(board);
            return;
        }
        self.setup.push(mv);
        if self.setup.ep_square.is_some() {
            let (file, rank) = (mv.to.file().index(), mv.to.rank().index());
            let mut beside = 0u64;
            if file > 0 {
                beside |= 1 << (rank * 8 + file - 1);
            }
            if file < 7 {
                beside |= 1 << (rank * 8 + file + 1);
            }
            let theirs = self.setup.pieces[Piece::Pawn.index()].0
                & self.setup.colors[self.setup.turn.index()].0;
            if beside & theirs == 0 {
                self.setup.ep_square = None;
            }
        }
        self.fast = self.setup.to_board().ok();
    }

    pub(crate) fn play_null(&mut self) {
        self.setup.push_null();
        self.fast = self.setup.to_board().ok();
    }

    pub(crate) fn refresh(&mut self) {
        self.fast = self.setup.to_board().ok();
    }

    /// The FEN as chess.js writes it: the en-passant square only when it can be taken
    /// legally, unless `force_ep`.
    pub(crate) fn fen(&self, force_ep: bool) -> String {
        if !force_ep && let Some(board) = &self.fast {
            return crate::fen_of(board);
        }
        let mode = if force_ep {
            EnPassantMode::Always
        } else {
            EnPassantMode::Legal
        };
        self.setup.fen(false, mode, false)
    }

    pub(crate) fn is_check(&self) -> bool {
        match &self.fast {
            Some(board) => board.in_check(),
            None => self.setup.is_check(),
        }
    }

    pub(crate) fn has_moves(&self) -> bool {
        match &self.fast {
            Some(board) => board.status() == Status::Ongoing,
            None => self.setup.has_legal_moves(),
        }
    }

    /// A record (see `record.rs`) of a legal move.
    pub(crate) fn record(&self, m: &JsMove) -> String {
        let mut after = self.clone();
        after.play(m.mv);
        self.record_with(m, &self.san(m.mv), &after.fen(false))
    }

    pub(crate) fn record_with(&self, m: &JsMove, san: &str, after: &str) -> String {
        let color = if self.setup.turn == Color::White {
            'w'
        } else {
            'b'
        };
        format!(
            "{color}{}{}{}{} {} {} {san} {} {after}",
            m.piece.to_char(),
            m.captured.map_or('-', Piece::to_char),
            m.promotion().map_or('-', Piece::to_char),
            m.kind,
            m.mv.from,
            m.to,
            self.uci(m.mv)
        )
    }
}

/// Perft on any placement: the fast board wherever the position is a legal one.
pub(crate) fn lax_perft(pos: &Position, depth: u32) -> u64 {
    if let Some(board) = &pos.fast {
        return bitmove::perft(board, depth);
    }
    if depth == 0 {
        return 1;
    }
    let moves = pos.setup.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            lax_perft(&child, depth - 1)
        })
        .sum()
}
