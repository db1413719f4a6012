//! `bitmove.SquareSet`: python-chess's `SquareSet`, a mutable set of squares held as a
//! bitboard, native so that the boards' `attacks`, `pieces`, `checkers`, ... answers and the
//! set algebra on them cost no Python frame.

use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};

/// A set of squares held as a bitboard (`mask`, bit 0 = a1), as python-chess's `SquareSet`:
/// iteration (ascending), `len`, `in`, the set algebra (methods and operators, their in-place
/// forms), shifts, `int()`, equality with ints and iterables of squares. Mutable, so not
/// hashable.
#[pyclass(module = "bitmove", subclass, freelist = 64)]
pub struct SquareSet {
    #[pyo3(get, set)]
    mask: u64,
}

/// A new (base class) `SquareSet` of `mask`.
pub(crate) fn square_set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, SquareSet>> {
    Bound::new(py, SquareSet { mask })
}

/// The bit of a square argument, indexed as python-chess's `BB_SQUARES[square]` (a list:
/// `-1` is h8; `IndexError` outside -64..=63, `TypeError` for a non-integer).
fn bit(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    let index: i64 = match square.extract() {
        Ok(index) => index,
        Err(_) => {
            return Err(PyTypeError::new_err(format!(
                "list indices must be integers or slices, not {}",
                square.get_type().name()?
            )));
        }
    };
    let index = if index < 0 { index + 64 } else { index };
    if !(0..64).contains(&index) {
        return Err(PyIndexError::new_err("list index out of range"));
    }
    Ok(1 << index)
}

/// The bitboard of a `SquareSet` argument: anything with `__int__` (an int, a SquareSet),
/// taken as its low 64 bits, or an iterable of squares.
pub(crate) fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<SquareSet>() {
        return Ok(set.borrow().mask);
    }
    if let Ok(int) = value.cast::<pyo3::types::PyInt>() {
        return match int.extract::<u64>() {
            Ok(mask) => Ok(mask),
            Err(_) => int.bitand(u64::MAX)?.extract(),
        };
    }
    if let Ok(list) = value.cast::<PyList>() {
        let mut mask = 0;
        for square in list {
            mask |= bit(&square)?;
        }
        return Ok(mask);
    }
    if value.get_type().hasattr("__int__")? {
        let int = value.call_method0("__int__")?;
        return int.bitand(u64::MAX)?.extract();
    }
    let mut mask = 0;
    for square in value.try_iter()? {
        mask |= bit(&square?)?;
    }
    Ok(mask)
}

/// A mask argument of a binary operator, or None where the operator should answer
/// `NotImplemented`.
fn operand(value: &Bound<'_, PyAny>) -> Option<u64> {
    mask_of(value).ok()
}

/// A shift count as Python's ints take one: `ValueError` when negative.
fn shift(count: i64) -> PyResult<u32> {
    u32::try_from(count).map_err(|_| PyValueError::new_err("negative shift count"))
}

/// The set's squares as Python ints, ascending.
fn squares(mask: u64) -> impl DoubleEndedIterator<Item = u8> {
    bitmove::Bitboard(mask).into_iter().map(|sq| sq as u8)
}

#[pymethods]
impl SquareSet {
    /// `SquareSet(squares=0)`: an int (its low 64 bits), a SquareSet or an iterable of squares
    /// (`None` is refused, as python-chess refuses it).
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn py_new(
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<SquareSet> {
        let keyword = match kwargs {
            Some(kwargs) if !kwargs.is_empty() => {
                if kwargs.len() > 1 || args.len() > 0 {
                    return Err(PyTypeError::new_err("SquareSet() takes at most 1 argument"));
                }
                Some(kwargs.get_item("squares")?.ok_or_else(|| {
                    PyTypeError::new_err("SquareSet() got an unexpected keyword argument")
                })?)
            }
            _ => None,
        };
        let value = match (keyword, args.len()) {
            (Some(value), _) => value,
            (None, 0) => return Ok(SquareSet { mask: 0 }),
            (None, 1) => args.get_item(0)?,
            _ => return Err(PyTypeError::new_err("SquareSet() takes at most 1 argument")),
        };
        Ok(SquareSet {
            mask: mask_of(&value)?,
        })
    }

    /// Accepts `__new__`'s arguments, so that a subclass's `__init__` may call
    /// `super().__init__(squares)`.
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __init__(
        &self,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) {
    }

    // ---- reading the set ----

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, squares(self.mask))?
            .into_any()
            .try_iter()?
            .into_any())
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, squares(self.mask).rev())?
            .into_any()
            .try_iter()?
            .into_any())
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(sq) => (0..64).contains(&sq) && self.mask >> sq & 1 == 1,
            Err(_) => false,
        }
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match mask_of(other) {
            Ok(mask) => Ok(pyo3::types::PyBool::new(py, mask == self.mask)
                .to_owned()
                .into_any()
                .unbind()),
            Err(err)
                if err.is_instance_of::<PyTypeError>(py)
                    || err.is_instance_of::<PyValueError>(py)
                    || err.is_instance_of::<PyIndexError>(py) =>
            {
                Ok(py.NotImplemented())
            }
            Err(err) => Err(err),
        }
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let equal = self.__eq__(other)?;
        if equal.is(py.NotImplemented()) {
            return Ok(equal);
        }
        Ok(pyo3::types::PyBool::new(py, !equal.extract::<bool>(py)?)
            .to_owned()
            .into_any()
            .unbind())
    }

    /// The set as 64 bools, indexed by square.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|sq| self.mask >> sq & 1 == 1).collect()
    }

    fn copy(&self) -> SquareSet {
        SquareSet { mask: self.mask }
    }

    fn __copy__(&self) -> SquareSet {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> SquareSet {
        self.copy()
    }

    /// For pickle and `copy`: `SquareSet(mask)`.
    fn __getnewargs__(&self) -> (u64,) {
        (self.mask,)
    }

    /// The set mirrored top to bottom.
    fn mirror(&self) -> SquareSet {
        SquareSet {
            mask: self.mask.swap_bytes(),
        }
    }

    /// Every subset of the set as a bitboard, the empty one first.
    fn carry_rippler<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let subsets = bitmove::Bitboard(self.mask)
            .subsets()
            .map(|subset| subset.0);
        Ok(PyList::new(py, subsets)?.into_any().try_iter()?.into_any())
    }

    // ---- comparisons and new sets ----

    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(mask_of(other)? & !self.mask == 0)
    }

    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask | mask_of(other)?,
        })
    }

    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & mask_of(other)?,
        })
    }

    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask & !mask_of(other)?,
        })
    }

    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet {
            mask: self.mask ^ mask_of(other)?,
        })
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|mask| SquareSet {
            mask: self.mask | mask,
        })
    }

    fn __ror__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__or__(other)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|mask| SquareSet {
            mask: self.mask & mask,
        })
    }

    fn __rand__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__and__(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|mask| SquareSet {
            mask: self.mask & !mask,
        })
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        operand(other).map(|mask| SquareSet {
            mask: self.mask ^ mask,
        })
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> Option<SquareSet> {
        self.__xor__(other)
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet { mask: !self.mask }
    }

    fn __lshift__(&self, count: i64) -> PyResult<SquareSet> {
        let count = shift(count)?;
        Ok(SquareSet {
            mask: self.mask.checked_shl(count).unwrap_or(0),
        })
    }

    fn __rshift__(&self, count: i64) -> PyResult<SquareSet> {
        let count = shift(count)?;
        Ok(SquareSet {
            mask: self.mask.checked_shr(count).unwrap_or(0),
        })
    }

    // ---- changing the set ----

    fn add(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= bit(square)?;
        Ok(())
    }

    fn discard(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !bit(square)?;
        Ok(())
    }

    /// Takes `square` out of the set; `KeyError` if it is not in it.
    fn remove(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = bit(square)?;
        if self.mask & bit == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        self.mask ^= bit;
        Ok(())
    }

    /// Takes the lowest square out of the set and returns it; `KeyError` when empty.
    fn pop(&mut self) -> PyResult<u8> {
        if self.mask == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        let square = self.mask.trailing_zeros() as u8;
        self.mask &= self.mask - 1;
        Ok(square)
    }

    fn clear(&mut self) {
        self.mask = 0;
    }

    #[pyo3(signature = (*others))]
    fn update(&mut self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.mask |= mask_of(&other)?;
        }
        Ok(())
    }

    #[pyo3(signature = (*others))]
    fn intersection_update(&mut self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.mask &= mask_of(&other)?;
        }
        Ok(())
    }

    fn difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    fn symmetric_difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    fn __ior__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= mask_of(other)?;
        Ok(())
    }

    fn __iand__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= mask_of(other)?;
        Ok(())
    }

    fn __isub__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    fn __ixor__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    fn __ilshift__(&mut self, count: i64) -> PyResult<()> {
        self.mask = self.mask.checked_shl(shift(count)?).unwrap_or(0);
        Ok(())
    }

    fn __irshift__(&mut self, count: i64) -> PyResult<()> {
        self.mask = self.mask.checked_shr(shift(count)?).unwrap_or(0);
        Ok(())
    }

    // ---- text ----

    /// `SquareSet(0x0000_0000_0000_ff00)`, as python-chess writes it.
    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask);
        let groups: Vec<&str> = (0..4).map(|i| &hex[i * 4..i * 4 + 4]).collect();
        format!("SquareSet(0x{})", groups.join("_"))
    }

    /// The squares marked with an X on an empty board (Jupyter's picture).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("squares", slf)?;
        kwargs.set_item("size", 390)?;
        Ok(py
            .import("bitmove.svg")?
            .call_method("board", (), Some(&kwargs))?
            .unbind())
    }

    /// Eight rows of `1` (in the set) and `.`, the eighth rank first.
    fn __str__(&self) -> String {
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                (0..8)
                    .map(|file| {
                        if self.mask >> (rank * 8 + file) & 1 == 1 {
                            "1"
                        } else {
                            "."
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        rows.join("\n")
    }

    // ---- sets of a ray or a square ----

    /// The whole rank, file or diagonal through `a` and `b`, if they are aligned.
    #[classmethod]
    fn ray<'py>(cls: &Bound<'py, PyType>, a: i64, b: i64) -> PyResult<Bound<'py, PyAny>> {
        let (a, b) = (table_square(a)?, table_square(b)?);
        make(cls, bitmove::attacks::line(a, b).0)
    }

    /// The squares strictly between `a` and `b`, if they are aligned.
    #[classmethod]
    fn between<'py>(cls: &Bound<'py, PyType>, a: i64, b: i64) -> PyResult<Bound<'py, PyAny>> {
        let (a, b) = (table_square(a)?, table_square(b)?);
        make(cls, bitmove::attacks::between(a, b).0)
    }

    #[classmethod]
    fn from_square<'py>(
        cls: &Bound<'py, PyType>,
        square: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        make(cls, bit(square)?)
    }
}

/// A square indexing python-chess's `BB_RAYS[a][b]` (negatives from the end, as a list).
fn table_square(index: i64) -> PyResult<bitmove::Square> {
    let index = if index < 0 { index + 64 } else { index };
    usize::try_from(index)
        .ok()
        .and_then(bitmove::Square::try_index)
        .ok_or_else(|| PyIndexError::new_err("list index out of range"))
}

/// An instance of `cls` (the SquareSet class or a subclass) of `mask`.
fn make<'py>(cls: &Bound<'py, PyType>, mask: u64) -> PyResult<Bound<'py, PyAny>> {
    if cls.is(cls.py().get_type::<SquareSet>()) {
        return Ok(square_set(cls.py(), mask)?.into_any());
    }
    cls.call1((mask,))
}
