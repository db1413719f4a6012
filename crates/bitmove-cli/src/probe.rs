//! `bitmove probe`: a position's WDL and DTZ from Syzygy tables, and every legal move's, best
//! first (as Fathom's command-line tool prints them).

use bitmove::syzygy::{SyzygyError, Tablebase, Wdl};
use serde_json::json;

use crate::Failure;
use crate::cli::ProbeArgs;

fn word(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Loss => "loss",
        Wdl::BlessedLoss => "blessed-loss",
        Wdl::Draw => "draw",
        Wdl::CursedWin => "cursed-win",
        Wdl::Win => "win",
    }
}

fn failure(e: SyzygyError) -> Failure {
    Failure {
        status: 1,
        message: format!("probe: {e}"),
    }
}

pub(crate) fn run(args: &ProbeArgs) -> Result<u8, Failure> {
    let mut tables = Tablebase::new();
    for dir in &args.tb {
        tables
            .add_directory(dir)
            .map_err(|e| Failure::input(format!("probe: --tb {}: {e}", dir.display())))?;
    }
    if tables.is_empty() {
        return Err(Failure::input(
            "probe: no table files (.rtbw, .rtbz) in --tb",
        ));
    }
    let board = crate::position(
        args.fen.as_deref(),
        args.moves.iter().map(String::as_str),
        false,
    )?;
    let wdl = tables.probe_wdl(&board).map_err(failure)?;
    let dtz = tables.probe_dtz(&board).map_err(failure)?;
    let ranked = tables.rank_moves(&board).map_err(failure)?;
    let text = if args.json {
        let moves: Vec<_> = ranked
            .iter()
            .map(|m| {
                json!({
                    "uci": board.uci(m.mv).to_string(),
                    "san": board.san(m.mv).to_string(),
                    "wdl": m.wdl.to_i8(),
                    "dtz": m.dtz,
                })
            })
            .collect();
        let out = json!({
            "fen": board.to_string(),
            "wdl": wdl.to_i8(),
            "dtz": dtz,
            "moves": moves,
        });
        format!("{out}\n")
    } else {
        let mut text = format!(
            "fen {}\nwdl {} ({})\ndtz {dtz}\n",
            board,
            wdl.to_i8(),
            word(wdl)
        );
        for m in &ranked {
            text.push_str(&format!(
                "{:<6} {:<8} {:>2} {:<12} {:>4}\n",
                board.uci(m.mv).to_string(),
                board.san(m.mv).to_string(),
                m.wdl.to_i8(),
                word(m.wdl),
                m.dtz
            ));
        }
        text
    };
    crate::print(text)?;
    Ok(0)
}
