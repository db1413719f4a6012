//! `Board`'s EPD: `epd(**operations)`, `set_epd`, `from_epd`, as python-chess; the operations
//! are read by the library (`bitmove::setup::parse_epd_operations`).

use bitmove::setup::{EpdOperand, check_epd_opcode, parse_epd_operations, quote_epd_text};
use pyo3::types::PyString;

use super::*;

#[pymethods]
impl Board {
    /// The first four FEN fields, then the operations given as keywords (`bm=[move]`,
    /// `id="..."`, `acd=12`, `pv=[moves]`, `noop=None`), written as python-chess writes them.
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    fn epd(
        slf: &Bound<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let this = slf.try_borrow()?;
        let mut out = match this.variant_game() {
            // The variant's FEN without the move counters (pockets and checks kept).
            Some(_) => {
                let fen = this.fen(shredder, en_passant, promoted)?;
                let fields: Vec<&str> = fen.split(' ').collect();
                fields[..fields.len().saturating_sub(2)].join(" ")
            }
            None => this.setup.epd(
                shredder,
                en_passant_mode(en_passant)?,
                promoted.unwrap_or(false),
            ),
        };
        let Some(operations) = operations.filter(|ops| !ops.is_empty()) else {
            return Ok(out);
        };
        let mut parts = Vec::new();
        for (opcode, operand) in operations.iter() {
            let opcode: String = opcode.extract()?;
            check_epd_opcode(&opcode)
                .map_err(|e| PyValueError::new_err(format!("{e}: {opcode:?}")))?;
            let is_text = operand.is_instance_of::<PyString>();
            let iterable = !is_text && operand.hasattr("__iter__")?;
            let written = if operand.is_none() {
                format!("{opcode};")
            } else if operand.cast::<crate::moves::PyMove>().is_ok() {
                format!("{opcode} {};", this.algebraic(&operand, false)?)
            } else if operand.is_instance_of::<pyo3::types::PyInt>() {
                format!("{opcode} {};", operand.str()?)
            } else if operand.is_instance_of::<pyo3::types::PyFloat>() {
                let value: f64 = operand.extract()?;
                if !value.is_finite() {
                    return Err(PyValueError::new_err(format!(
                        "expected numeric epd operand to be finite, got: {value}"
                    )));
                }
                format!("{opcode} {};", operand.str()?)
            } else if opcode == "pv" && iterable {
                let mut board = Board::with(this.setup);
                let mut sans = Vec::new();
                for mv in operand.try_iter()? {
                    let mv = mv?;
                    sans.push(board.algebraic(&mv, false)?);
                    let inner = board.internal(&mv)?;
                    board.push_inner(inner)?;
                }
                format!("{opcode} {};", sans.join(" "))
            } else if (opcode == "am" || opcode == "bm") && iterable {
                let mut sans = Vec::new();
                for mv in operand.try_iter()? {
                    sans.push(this.algebraic(&mv?, false)?);
                }
                sans.sort();
                let mut text = opcode.clone();
                for san in sans {
                    text.push(' ');
                    text.push_str(&san);
                }
                text.push(';');
                text
            } else {
                let text: String = operand.str()?.extract()?;
                format!("{opcode} {};", quote_epd_text(&text))
            };
            parts.push(written);
        }
        out.push(' ');
        out.push_str(&parts.join(" "));
        Ok(out)
    }

    /// Sets the position from an EPD (`hmvc`/`fmvn` operations set the counters) and
    /// returns its operations as a dict: strings, ints, floats, moves, lists of moves.
    fn set_epd<'py>(
        mut slf: PyRefMut<'_, Self>,
        py: Python<'py>,
        epd: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let out = Board::set_epd_impl(&mut slf, py, epd);
        Board::sync_attrs(&mut slf)?;
        out
    }

    /// A board and the operations of an EPD: `(board, operations)`.
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Py<PyAny>, Bound<'py, PyDict>)> {
        let board = Board::empty(cls, chess960)?;
        let operations = board
            .bind(cls.py())
            .call_method1("set_epd", (epd,))?
            .cast_into::<PyDict>()?;
        Ok((board, operations))
    }
}

/// The bodies of the methods above that can change the side to move (each wrapper then
/// brings the attributes to the new state: `Board::sync_attrs`).
impl Board {
    fn set_epd_impl<'py>(&mut self, py: Python<'py>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let trimmed = epd.trim().trim_end_matches(';');
        let mut fields: Vec<&str> = Vec::new();
        let mut rest = trimmed.trim_start();
        while fields.len() < 4 && !rest.is_empty() {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            fields.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
        // Three-check's counters (`3+3`) follow the en-passant field.
        let mut checks = String::new();
        let three_check = self.variant.as_deref().is_some_and(|g| g.name == "3check");
        if three_check && fields.len() == 4 {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if rest[..end].contains('+') {
                checks = format!(" {}", &rest[..end]);
                rest = rest[end..].trim_start();
            }
        }
        let result = PyDict::new(py);
        if rest.is_empty() {
            self.set_fen_impl(epd)?;
            return Ok(result);
        }
        let head = fields.join(" ");
        let context = Board::with(
            Setup::from_fen(&format!("{head} 0 1"), self.setup.chess960)
                .map_err(|e| setup_fen_error(&head, e))?,
        );
        let operations = parse_epd_operations(rest)
            .map_err(|e| PyValueError::new_err(format!("{e}: {epd:?}")))?;
        let builtins = py.import("builtins")?;
        for (opcode, operand) in &operations {
            let value: Bound<'py, PyAny> = match operand {
                EpdOperand::None => py.None().into_bound(py),
                EpdOperand::Text(text) => PyString::new(py, text).into_any(),
                EpdOperand::Number(text) => {
                    if text.contains(['.', 'e', 'E']) {
                        let value = builtins.getattr("float")?.call1((text,))?;
                        let number: f64 = value.extract()?;
                        if !number.is_finite() {
                            return Err(PyValueError::new_err(format!(
                                "invalid numeric operand for epd operation {opcode:?}: {text:?}"
                            )));
                        }
                        value
                    } else {
                        builtins.getattr("int")?.call1((text,))?
                    }
                }
                EpdOperand::Moves(tokens) => {
                    if opcode == "pv" {
                        let mut line = context.clone();
                        let mut moves = Vec::new();
                        for token in tokens {
                            let mv = line.parse_san(token)?;
                            let inner = line.internal(&mv.shared(py)?.into_any())?;
                            line.push_inner(inner)?;
                            moves.push(mv);
                        }
                        PyList::new(py, moves)?.into_any()
                    } else if opcode == "am" || opcode == "bm" {
                        let moves = tokens
                            .iter()
                            .map(|token| context.parse_san(token))
                            .collect::<PyResult<Vec<_>>>()?;
                        PyList::new(py, moves)?.into_any()
                    } else {
                        let token = tokens.first().map_or("", String::as_str);
                        context.parse_san(token)?.shared(py)?.into_any()
                    }
                }
            };
            result.set_item(opcode, value)?;
        }
        let counter = |name: &str, default: &str| -> PyResult<String> {
            match result.get_item(name)? {
                Some(value) => Ok(value.str()?.extract()?),
                None => Ok(default.to_string()),
            }
        };
        let fen = format!(
            "{head}{checks} {} {}",
            counter("hmvc", "0")?,
            counter("fmvn", "1")?
        );
        self.set_fen_impl(&fen)?;
        Ok(result)
    }
}
