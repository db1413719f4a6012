//! Lists the legal moves of a position in SAN and UCI, marking captures and checks:
//! `cargo run --example list_moves -- [fen]`.

use bitmove::{Board, Status};

fn main() {
    let fen: Vec<String> = std::env::args().skip(1).collect();
    let board = if fen.is_empty() {
        // Kiwipete: castling, pins, captures and checks in one position.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()
    } else {
        Board::from_fen(&fen.join(" "))
    };
    let board = match board {
        Ok(board) => board,
        Err(e) => return eprintln!("{e}"),
    };

    println!("{board}");
    match board.status() {
        Status::Checkmate => return println!("checkmate: {} has lost", board.side_to_move()),
        Status::Stalemate => return println!("stalemate"),
        Status::Ongoing => {}
    }
    let captures = board.captures();
    let moves = board.legal_moves();
    for &mv in moves.iter() {
        let capture = if captures.contains(&mv) {
            "capture"
        } else {
            ""
        };
        let check = if board.gives_check(mv) { "check" } else { "" };
        println!(
            "{:<8} {:<6} {capture:<8} {check}",
            board.san(mv).to_string(),
            board.uci(mv).to_string()
        );
    }
    println!(
        "{} moves, {} captures, {} quiet",
        moves.len(),
        captures.len(),
        board.quiets().len()
    );
}
