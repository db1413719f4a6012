//! `bitmove.Outcome` and `bitmove.Termination`: how a game ended, as python-chess says it.

use pyo3::prelude::*;

/// Why a game ended (the python-chess names).
#[pyclass(module = "bitmove", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    #[pyo3(name = "CHECKMATE")]
    Checkmate = 1,
    #[pyo3(name = "STALEMATE")]
    Stalemate,
    #[pyo3(name = "INSUFFICIENT_MATERIAL")]
    InsufficientMaterial,
    #[pyo3(name = "SEVENTYFIVE_MOVES")]
    SeventyfiveMoves,
    #[pyo3(name = "FIVEFOLD_REPETITION")]
    FivefoldRepetition,
    #[pyo3(name = "FIFTY_MOVES")]
    FiftyMoves,
    #[pyo3(name = "THREEFOLD_REPETITION")]
    ThreefoldRepetition,
    #[pyo3(name = "VARIANT_WIN")]
    VariantWin,
    #[pyo3(name = "VARIANT_LOSS")]
    VariantLoss,
    #[pyo3(name = "VARIANT_DRAW")]
    VariantDraw,
}

#[pymethods]
impl Termination {
    /// The member's name, as python-chess's enum has it (`"CHECKMATE"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.label()
    }

    /// The member's value, python-chess's number (1 = checkmate ... 7 = threefold
    /// repetition, 8-10 the variant endings).
    #[getter]
    fn value(&self) -> u8 {
        *self as u8
    }
}

impl Termination {
    fn label(self) -> &'static str {
        match self {
            Termination::Checkmate => "CHECKMATE",
            Termination::Stalemate => "STALEMATE",
            Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
            Termination::SeventyfiveMoves => "SEVENTYFIVE_MOVES",
            Termination::FivefoldRepetition => "FIVEFOLD_REPETITION",
            Termination::FiftyMoves => "FIFTY_MOVES",
            Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
            Termination::VariantWin => "VARIANT_WIN",
            Termination::VariantLoss => "VARIANT_LOSS",
            Termination::VariantDraw => "VARIANT_DRAW",
        }
    }
}

/// The end of a game: `termination`, and `winner` (True for white, False for black, None for
/// a draw).
#[pyclass(module = "bitmove", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    termination: Termination,
    winner: Option<bool>,
}

impl Outcome {
    pub(crate) fn new(termination: Termination, winner: Option<bool>) -> Outcome {
        Outcome {
            termination,
            winner,
        }
    }
}

#[pymethods]
impl Outcome {
    #[getter]
    fn termination(&self) -> Termination {
        self.termination
    }

    #[getter]
    fn winner(&self) -> Option<bool> {
        self.winner
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        let name = self.termination.label();
        format!("Outcome(termination=Termination.{name}, winner={winner})")
    }
}

impl Outcome {
    /// The winner, for Rust callers.
    pub(crate) fn winner_value(&self) -> Option<bool> {
        self.winner
    }
}
