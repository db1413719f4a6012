//! The lichess variants (`bitmove::variant`): the first byte picks either a start position
//! (one of `ROOTS`, each with its variant: the start positions and positions with the rare
//! rules) or a variant and a FEN-ish text that runs to the first newline; FEN parsing never
//! panics in any variant. The remaining bytes steer a game three at a time: play a generated
//! move chosen by two bytes, try an arbitrary move or drop (which `play` must refuse cleanly
//! unless it is legal), or parse a short text as UCI (an accepted move is legal and played).
//! Every position reached is checked from scratch: its FEN reads back to the same position
//! (FEN, key, legal moves), counting and perft agree with generation, every legal move's UCI
//! reads back to it and every legal move plays.
#![no_main]

use bitmove::variant::{perft, Variant, VariantMove, VariantPosition};
use bitmove::{Move, Piece, Square, UciError};
use libfuzzer_sys::fuzz_target;

/// Start positions chosen by the first byte: each variant's start and positions where its
/// rare rules are one or two moves away (explosions, en passant, drops in check, promoted
/// pieces, first-rank horde pawns, the racing kings' last move, a check by castling).
const ROOTS: [(Variant, &str); 24] = [
    (
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        Variant::Atomic,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (Variant::Atomic, "r3k2r/6b1/8/8/8/8/1B6/R3K2R w KQkq - 0 1"),
    (Variant::Atomic, "4k3/2npb3/8/2r1P3/3N4/8/8/4K3 b - - 0 1"),
    (Variant::Atomic, "8/8/4k3/3n4/2K5/8/8/3R4 w - - 0 1"),
    (
        Variant::Antichess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (Variant::Antichess, "8/3p4/8/4P3/8/8/8/R7 b - - 0 1"),
    (Variant::Antichess, "8/4P3/8/8/8/8/k7/7K w - - 0 1"),
    (
        Variant::Crazyhouse,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ),
    (
        Variant::Crazyhouse,
        "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R[QBnp] w KQkq - 0 1",
    ),
    (
        Variant::Crazyhouse,
        "4r1k1/8/8/8/1b6/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    ),
    (Variant::Crazyhouse, "r5k1/4P3/8/8/8/8/8/3K4[Nn] w - - 0 1"),
    (Variant::Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1"),
    (
        Variant::ThreeCheck,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    ),
    (Variant::ThreeCheck, "r4k2/8/8/8/8/8/8/4K2R w K - 1+3 0 1"),
    (
        Variant::ThreeCheck,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1",
    ),
    (
        Variant::KingOfTheHill,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (Variant::KingOfTheHill, "8/8/8/8/8/4K3/8/k7 w - - 0 1"),
    (
        Variant::Horde,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    ),
    (Variant::Horde, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1"),
    (
        Variant::Horde,
        "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
    ),
    (
        Variant::RacingKings,
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    ),
    (Variant::RacingKings, "8/k5K1/8/8/8/8/8/8 w - - 0 1"),
    (Variant::RacingKings, "8/8/8/k7/8/4N3/N7/R4K2 w - - 0 1"),
];

/// The legal moves as sorted strings (set comparison).
fn move_set(pos: &VariantPosition) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// The invariants of a variant position reached by parsing or by legal moves.
fn check_position(pos: &VariantPosition) {
    let fen = pos.to_string();
    let variant = pos.variant();
    let again = match VariantPosition::from_fen(variant, &fen) {
        Ok(p) => p,
        Err(e) => panic!("{variant}: our own FEN {fen} is refused: {e}"),
    };
    assert_eq!(again.to_string(), fen, "{variant}: FEN round-trip");
    // The FEN names the en-passant square only when a legal move takes there (as python-chess
    // writes it), while the key follows the board's (pseudo-legal) square: compared when
    // both have the same.
    if again.board().en_passant() == pos.board().en_passant() {
        assert_eq!(again.hash(), pos.hash(), "{variant} {fen}: key");
    }
    assert!(
        (pos.promoted() - pos.board().occupied()).is_empty(),
        "{variant} {fen}: a promoted mark on an empty square"
    );

    let moves = pos.legal_moves();
    assert_eq!(
        move_set(&again),
        move_set(pos),
        "{variant} {fen}: legal moves"
    );
    assert_eq!(
        pos.count_moves(),
        moves.len() as u64,
        "{variant} {fen}: count_moves"
    );
    assert_eq!(
        perft(pos, 1),
        moves.len() as u64,
        "{variant} {fen}: perft 1"
    );
    if pos.is_variant_end() {
        assert!(moves.is_empty(), "{variant} {fen}: moves after the end");
    }
    let outcome = pos.outcome();
    if moves.is_empty() {
        assert!(outcome.is_some(), "{variant} {fen}: no move, no outcome");
    }
    let _ = (pos.is_check(), pos.is_checkmate(), pos.is_stalemate());
    for &mv in moves.iter() {
        let uci = pos.uci(mv).to_string();
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "{variant} {fen}: UCI {uci}");
        let mut child = pos.clone();
        assert!(child.play(mv).is_ok(), "{variant} {fen}: {mv} refused");
    }
}

/// A move or drop built from three bytes, legal or not (any piece, a king too, any square).
fn arbitrary_move(op: u8, a: u8, b: u8) -> VariantMove {
    let to = Square::ALL[usize::from(b % 64)];
    if op & 1 == 1 {
        VariantMove::Drop {
            piece: Piece::ALL[usize::from(a % 6)],
            to,
        }
    } else {
        let promotion = match (op >> 1) % 8 {
            0..=1 => None,
            n => Some(Piece::ALL[usize::from(n - 2)]),
        };
        VariantMove::Normal(Move {
            from: Square::ALL[usize::from(a % 64)],
            to,
            promotion,
        })
    }
}

/// `play` accepts `mv` exactly when it is generated, and leaves the position untouched when it
/// refuses; `play_unchecked` never panics, whatever the move.
fn check_arbitrary_move(pos: &VariantPosition, mv: VariantMove) {
    let generated = pos.legal_moves().contains(&mv);
    assert_eq!(pos.is_legal(mv), generated, "{pos:?}: is_legal({mv})");
    let mut copy = pos.clone();
    match copy.play(mv) {
        Ok(()) => assert!(generated, "{pos:?}: play accepted {mv}"),
        Err(_) => {
            assert!(!generated, "{pos:?}: play refused legal {mv}");
            assert!(copy == *pos, "{pos:?}: refused {mv} changed the position");
        }
    }
    let mut scratch = pos.clone();
    scratch.play_unchecked(mv);
    let _ = scratch.to_string();
}

/// Parses `word` as UCI: an accepted move is legal; a refused one is no legal move's UCI.
fn check_uci(pos: &VariantPosition, word: &str) -> Option<VariantMove> {
    match pos.parse_uci(word) {
        Ok(mv) => {
            assert!(pos.is_legal(mv), "{pos:?}: {word:?} parsed to illegal {mv}");
            Some(mv)
        }
        Err(UciError::Illegal | UciError::Syntax) => {
            let trimmed = word.trim();
            assert!(
                !pos.legal_moves()
                    .iter()
                    .any(|&m| pos.uci(m).to_string() == trimmed),
                "{pos:?}: {word:?} refused but generated"
            );
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, mut rest)) = data.split_first() else {
        return;
    };
    let index = usize::from(selector >> 1);
    let mut pos = if selector & 1 == 0 {
        let (variant, fen) = ROOTS[index % ROOTS.len()];
        VariantPosition::from_fen(variant, fen).expect("root FENs are valid")
    } else {
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let text = String::from_utf8_lossy(&rest[..end]);
        rest = rest.get(end + 1..).unwrap_or(&[]);
        let mut chosen = None;
        for (i, variant) in Variant::ALL.into_iter().enumerate() {
            let parsed = VariantPosition::from_fen(variant, &text);
            if i == index % Variant::ALL.len() {
                chosen = Some(parsed);
            }
        }
        match chosen {
            Some(Ok(pos)) => pos,
            _ => return,
        }
    };
    check_position(&pos);
    let mut plies = 0;
    while let [op, a, b, tail @ ..] = rest {
        rest = tail;
        let played = match op >> 6 {
            0 | 1 => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    return;
                }
                let index = (usize::from(*a) << 8 | usize::from(*b)) % moves.len();
                Some(moves[index])
            }
            2 => {
                let mv = arbitrary_move(*op, *a, *b);
                check_arbitrary_move(&pos, mv);
                pos.is_legal(mv).then_some(mv)
            }
            _ => {
                // A short text: the next `a % 8` bytes (fewer at the end), as UCI.
                let len = usize::from(*a % 8).min(rest.len());
                let (word, tail) = rest.split_at(len);
                rest = tail;
                let mut text = String::from_utf8_lossy(word).into_owned();
                if *b & 1 == 1 {
                    text.insert(0, ' ');
                }
                check_uci(&pos, &text)
            }
        };
        if let Some(mv) = played {
            pos.play(mv).expect("legal moves play");
            check_position(&pos);
            plies += 1;
            if plies == 96 {
                return;
            }
        }
    }
});
