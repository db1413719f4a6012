//! python-chess's one-line module functions (`square_file`, `lsb`, `shift_up`, `ray`, ...) as
//! builtin functions of CPython's fast calling convention.
//!
//! The Python versions (`_squares.py`) are the same one line as python-chess's, so they cost
//! what python-chess's do: a Python frame per call. A PyO3 function costs more still (its
//! argument parsing). CPython 3.11 specialises a call of a builtin function made with
//! `METH_FASTCALL | METH_KEYWORDS` (`PRECALL_BUILTIN_FAST_WITH_KEYWORDS`) into a direct C
//! call, so [`_native_functions`] makes each of them one: a fast path for exact `int`
//! arguments in the range where the answer is plain arithmetic on 64 bits, and for anything
//! else (a `bool`, a `SquareSet`, a NumPy integer, a negative or wider int, a wrong type,
//! keywords, a wrong number of arguments) the Python version itself is called, so every
//! answer and every error is the Python version's. `tests/test_squares_native.py` checks the
//! fast paths against python-chess and the native functions against the Python versions.
//!
//! Each function's Python version, and for the look-up functions the Python list they index
//! (`SQUARE_NAMES`, `BB_RAYS`, ...: the objects returned are the list's own), are kept in
//! [`DATA`]; each C function knows its index there as a constant.

use std::ffi::{CString, c_char, c_int};
use std::ptr;
use std::sync::OnceLock;

use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;

/// An exact `int` as an `i64`, or `None` (another type, or out of range; no error left set).
///
/// # Safety
/// `arg` is a live object and the GIL is held.
pub(crate) unsafe fn small(arg: *mut ffi::PyObject) -> Option<i64> {
    // SAFETY: the caller's contract.
    unsafe {
        if ffi::PyLong_CheckExact(arg) == 0 {
            return None;
        }
        let mut overflow: c_int = 0;
        let value = ffi::PyLong_AsLongLongAndOverflow(arg, &mut overflow);
        (overflow == 0).then_some(value)
    }
}

/// An exact `int` in 0 .. 2^64 as a `u64`, or `None` (no error left set).
///
/// # Safety
/// `arg` is a live object and the GIL is held.
unsafe fn bits(arg: *mut ffi::PyObject) -> Option<u64> {
    // SAFETY: the caller's contract.
    unsafe {
        if ffi::PyLong_CheckExact(arg) == 0 {
            return None;
        }
        let value = ffi::PyLong_AsUnsignedLongLong(arg);
        if value == u64::MAX && !ffi::PyErr_Occurred().is_null() {
            // Negative or wider than 64 bits: the Python version answers.
            ffi::PyErr_Clear();
            return None;
        }
        Some(value)
    }
}

/// Per function of [`FUNCTIONS`] (at its index): its Python version and its table (the
/// Python list it indexes, or `None`), set by [`_native_functions`] before any is made.
static DATA: OnceLock<Vec<(Py<PyAny>, Py<PyAny>)>> = OnceLock::new();

/// The Python objects of function `i` (see [`DATA`]).
fn data(i: usize) -> &'static (Py<PyAny>, Py<PyAny>) {
    // Set before any function exists (`_native_functions`), so never missing when called.
    &DATA.get().expect("made before the functions")[i]
}

/// The Python version of function `i`, called as the native one was: `args` (the
/// positional arguments, then the keyword arguments' values) and `kwnames` (the keywords'
/// names, or null).
///
/// # Safety
/// `args` are live objects, `kwnames` null or a tuple of as many strings as `args` has
/// keyword values, and the GIL is held.
unsafe fn fallback(
    i: usize,
    args: &[*mut ffi::PyObject],
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the caller's contract; PyTuple_New's slots are filled before use, each with a
    // reference of its own (PyTuple_SetItem steals one); PyDict_SetItem takes its own.
    unsafe {
        let keywords = if kwnames.is_null() {
            0
        } else {
            ffi::PyTuple_Size(kwnames)
        };
        let positional = args.len() - keywords as usize;
        let tuple = ffi::PyTuple_New(positional as ffi::Py_ssize_t);
        if tuple.is_null() {
            return ptr::null_mut();
        }
        for (i, &arg) in args[..positional].iter().enumerate() {
            ffi::Py_IncRef(arg);
            ffi::PyTuple_SetItem(tuple, i as ffi::Py_ssize_t, arg);
        }
        let dict = if keywords > 0 {
            ffi::PyDict_New()
        } else {
            ptr::null_mut()
        };
        let mut result = ptr::null_mut();
        let filled = (keywords == 0 || !dict.is_null())
            && args[positional..].iter().enumerate().all(|(k, &value)| {
                let key = ffi::PyTuple_GetItem(kwnames, k as ffi::Py_ssize_t);
                ffi::PyDict_SetItem(dict, key, value) == 0
            });
        if filled {
            result = ffi::PyObject_Call(data(i).0.as_ptr(), tuple, dict);
        }
        ffi::Py_DecRef(tuple);
        if !dict.is_null() {
            ffi::Py_DecRef(dict);
        }
        result
    }
}

/// `list[i]` (a new reference) for `i` in range, else null with no error set.
///
/// # Safety
/// `list` is a live list and the GIL is held.
unsafe fn item(list: *mut ffi::PyObject, i: i64) -> *mut ffi::PyObject {
    // SAFETY: the caller's contract; PyList_GetItem's reference is borrowed, so one is taken.
    unsafe {
        if i < 0 || i >= ffi::PyList_Size(list) as i64 {
            return ptr::null_mut();
        }
        let found = ffi::PyList_GetItem(list, i as ffi::Py_ssize_t);
        ffi::Py_IncRef(found);
        found
    }
}

fn int(value: i64) -> *mut ffi::PyObject {
    // SAFETY: PyLong_FromLongLong needs the GIL, held by every caller (a CPython call).
    unsafe { ffi::PyLong_FromLongLong(value) }
}

fn bitboard(value: u64) -> *mut ffi::PyObject {
    // SAFETY: as in `int`.
    unsafe { ffi::PyLong_FromUnsignedLongLong(value) }
}

/// A function called with CPython's fast convention (`METH_FASTCALL | METH_KEYWORDS`): when
/// it gets `$arity` positional arguments and no keywords, `$body` (with `$args` the
/// arguments) answers, a new reference, or null with no error set to leave the answer to the
/// Python version, which also answers every other call.
macro_rules! native {
    ($name:ident, $arity:literal, |$args:ident| $body:expr) => {
        unsafe extern "C" fn $name<const I: usize>(
            _module: *mut ffi::PyObject,
            args: *const *mut ffi::PyObject,
            nargs: ffi::Py_ssize_t,
            kwnames: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            // SAFETY: CPython calls a METH_FASTCALL | METH_KEYWORDS function with `nargs`
            // positional arguments at `args`, then one value per name in `kwnames` (null
            // without keywords), all live, the GIL held.
            unsafe {
                let keywords = if kwnames.is_null() {
                    0
                } else {
                    ffi::PyTuple_Size(kwnames).max(0) as usize
                };
                let total = nargs.max(0) as usize + keywords;
                let all: &[*mut ffi::PyObject] = if total == 0 {
                    &[]
                } else {
                    std::slice::from_raw_parts(args, total)
                };
                if keywords == 0 && total == $arity {
                    let $args = all;
                    let answer: *mut ffi::PyObject = $body;
                    if !answer.is_null() || !ffi::PyErr_Occurred().is_null() {
                        return answer;
                    }
                }
                fallback(I, all, kwnames)
            }
        }
    };
}

/// A function of a square (any 64-bit int) answered by `$body`.
macro_rules! on_square {
    ($name:ident, |$s:ident| $body:expr) => {
        native!($name, 1, |args| match small(args[0]) {
            Some($s) => $body,
            None => ptr::null_mut(),
        });
    };
}

/// A function of a bitboard (an int in 0 .. 2^64) answered by `$body`, a `u64`.
macro_rules! on_bitboard {
    ($name:ident, |$b:ident| $body:expr) => {
        native!($name, 1, |args| match bits(args[0]) {
            Some($b) => bitboard($body),
            None => ptr::null_mut(),
        });
    };
}

/// A function of two squares (64-bit ints) answered by `$body`.
macro_rules! on_two_squares {
    ($name:ident, |$a:ident, $b:ident| $body:expr) => {
        native!($name, 2, |args| match (small(args[0]), small(args[1])) {
            (Some($a), Some($b)) => $body,
            _ => ptr::null_mut(),
        });
    };
}

on_square!(square_file, |s| int(s & 7));
on_square!(square_rank, |s| int(s >> 3));
on_square!(square_mirror, |s| int(s ^ 0x38));
// `TABLE[i]`, the table's own object, for an index in range.
on_square!(lookup, |i| item(data(I).1.as_ptr(), i));

on_bitboard!(shift_down, |b| b >> 8);
on_bitboard!(shift_2_down, |b| b >> 16);
on_bitboard!(shift_up, |b| b << 8);
on_bitboard!(shift_2_up, |b| b << 16);
on_bitboard!(shift_right, |b| b << 1 & !FILE_A);
on_bitboard!(shift_2_right, |b| b << 2 & !(FILE_A | FILE_B));
on_bitboard!(shift_left, |b| b >> 1 & !FILE_H);
on_bitboard!(shift_2_left, |b| b >> 2 & !(FILE_G | FILE_H));
on_bitboard!(shift_up_left, |b| b << 7 & !FILE_H);
on_bitboard!(shift_up_right, |b| b << 9 & !FILE_A);
on_bitboard!(shift_down_left, |b| b >> 9 & !FILE_H);
on_bitboard!(shift_down_right, |b| b >> 7 & !FILE_A);
on_bitboard!(flip_vertical, |b| b.swap_bytes());
on_bitboard!(flip_horizontal, |b| b.reverse_bits().swap_bytes());
on_bitboard!(flip_diagonal, |b| diagonal(b));
on_bitboard!(flip_anti_diagonal, |b| anti_diagonal(b));

/// `b` mirrored at the a1-h8 diagonal (a square's file and rank swap).
fn diagonal(mut b: u64) -> u64 {
    let t = (b ^ (b << 28)) & 0x0F0F_0F0F_0000_0000;
    b ^= t ^ (t >> 28);
    let t = (b ^ (b << 14)) & 0x3333_0000_3333_0000;
    b ^= t ^ (t >> 14);
    let t = (b ^ (b << 7)) & 0x5500_5500_5500_5500;
    b ^ t ^ (t >> 7)
}

/// `b` mirrored at the a8-h1 diagonal.
fn anti_diagonal(mut b: u64) -> u64 {
    let t = b ^ (b << 36);
    b ^= (t ^ (b >> 36)) & 0xF0F0_F0F0_0F0F_0F0F;
    let t = (b ^ (b << 18)) & 0xCCCC_0000_CCCC_0000;
    b ^= t ^ (t >> 18);
    let t = (b ^ (b << 9)) & 0xAA00_AA00_AA00_AA00;
    b ^ t ^ (t >> 9)
}

native!(lsb, 1, |args| match bits(args[0]) {
    Some(0) => int(-1),
    Some(b) => int(i64::from(b.trailing_zeros())),
    None => ptr::null_mut(),
});
native!(msb, 1, |args| match bits(args[0]) {
    Some(b) => int(63 - i64::from(b.leading_zeros())),
    None => ptr::null_mut(),
});

/// The squares of `b` in the order `next` takes them off, as an iterator over a list.
///
/// # Safety
/// GIL held.
unsafe fn squares(mut b: u64, next: fn(u64) -> u32) -> *mut ffi::PyObject {
    // SAFETY: the caller's contract; the list's slots are each set once, with a new
    // reference (PyList_SetItem steals it), before the list is used.
    unsafe {
        let list = ffi::PyList_New(b.count_ones() as ffi::Py_ssize_t);
        if list.is_null() {
            return list;
        }
        let mut i = 0;
        while b != 0 {
            let sq = next(b);
            b ^= 1 << sq;
            let value = int(i64::from(sq));
            if value.is_null() {
                ffi::Py_DecRef(list);
                return value;
            }
            ffi::PyList_SetItem(list, i, value);
            i += 1;
        }
        let iterator = ffi::PyObject_GetIter(list);
        ffi::Py_DecRef(list);
        iterator
    }
}

native!(scan_forward, 1, |args| match bits(args[0]) {
    Some(b) => squares(b, u64::trailing_zeros),
    None => ptr::null_mut(),
});
native!(scan_reversed, 1, |args| match bits(args[0]) {
    Some(b) => squares(b, |b| 63 - b.leading_zeros()),
    None => ptr::null_mut(),
});
// PyUnicode_AsUTF8AndSize's buffer lives as long as the string.
native!(parse_square, 1, |args| {
    let mut answer = ptr::null_mut();
    if ffi::PyUnicode_CheckExact(args[0]) != 0 {
        let mut size: ffi::Py_ssize_t = 0;
        let text = ffi::PyUnicode_AsUTF8AndSize(args[0], &mut size);
        if text.is_null() {
            ffi::PyErr_Clear();
        } else if size == 2 {
            let (file, rank) = (*text as u8, *text.add(1) as u8);
            if (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank) {
                answer = int(i64::from(rank - b'1') * 8 + i64::from(file - b'a'));
            }
        }
    }
    answer
});

on_two_squares!(
    square,
    |file, rank| match rank.checked_mul(8).and_then(|r| r.checked_add(file)) {
        Some(sq) => int(sq),
        None => ptr::null_mut(),
    }
);

/// The file and rank distances of two squares, when both are on the board.
fn distances(a: i64, b: i64) -> Option<(i64, i64)> {
    ((0..64).contains(&a) && (0..64).contains(&b))
        .then(|| (((a & 7) - (b & 7)).abs(), ((a >> 3) - (b >> 3)).abs()))
}

on_two_squares!(square_distance, |a, b| match distances(a, b) {
    Some((files, ranks)) => int(files.max(ranks)),
    None => ptr::null_mut(),
});
on_two_squares!(square_manhattan_distance, |a, b| match distances(a, b) {
    Some((files, ranks)) => int(files + ranks),
    None => ptr::null_mut(),
});
// `TABLE[a][b]`, the table's own object, for indices in range.
on_two_squares!(table_of_tables, |a, b| {
    let row = item(data(I).1.as_ptr(), a);
    if row.is_null() {
        row
    } else {
        let found = if ffi::PyList_CheckExact(row) != 0 {
            item(row, b)
        } else {
            ptr::null_mut()
        };
        ffi::Py_DecRef(row);
        found
    }
});

/// CPython's `METH_FASTCALL | METH_KEYWORDS` functions.
type Native = ffi::PyCFunctionFastWithKeywords;

/// One function: its index in [`FUNCTIONS`] (written once: it is also the index of its
/// [`DATA`]), its name, its table's name in the Python module, how it is called.
macro_rules! entry {
    ($i:literal, $name:literal, $table:expr, $function:ident) => {
        ($i, $name, $table, $function::<$i> as Native)
    };
}

const FUNCTIONS: &[(usize, &str, Option<&str>, Native)] = &[
    entry!(0, "square_file", None, square_file),
    entry!(1, "square_rank", None, square_rank),
    entry!(2, "square_mirror", None, square_mirror),
    entry!(3, "square_name", Some("SQUARE_NAMES"), lookup),
    entry!(4, "piece_name", Some("PIECE_NAMES"), lookup),
    entry!(5, "piece_symbol", Some("PIECE_SYMBOLS"), lookup),
    entry!(6, "parse_square", None, parse_square),
    entry!(7, "lsb", None, lsb),
    entry!(8, "msb", None, msb),
    entry!(9, "scan_forward", None, scan_forward),
    entry!(10, "scan_reversed", None, scan_reversed),
    entry!(11, "shift_down", None, shift_down),
    entry!(12, "shift_2_down", None, shift_2_down),
    entry!(13, "shift_up", None, shift_up),
    entry!(14, "shift_2_up", None, shift_2_up),
    entry!(15, "shift_right", None, shift_right),
    entry!(16, "shift_2_right", None, shift_2_right),
    entry!(17, "shift_left", None, shift_left),
    entry!(18, "shift_2_left", None, shift_2_left),
    entry!(19, "shift_up_left", None, shift_up_left),
    entry!(20, "shift_up_right", None, shift_up_right),
    entry!(21, "shift_down_left", None, shift_down_left),
    entry!(22, "shift_down_right", None, shift_down_right),
    entry!(23, "flip_vertical", None, flip_vertical),
    entry!(24, "flip_horizontal", None, flip_horizontal),
    entry!(25, "flip_diagonal", None, flip_diagonal),
    entry!(26, "flip_anti_diagonal", None, flip_anti_diagonal),
    entry!(27, "square", None, square),
    entry!(28, "square_distance", None, square_distance),
    entry!(
        29,
        "square_manhattan_distance",
        None,
        square_manhattan_distance
    ),
    entry!(
        30,
        "square_knight_distance",
        Some("_KNIGHT_DISTANCE"),
        table_of_tables
    ),
    entry!(31, "ray", Some("BB_RAYS"), table_of_tables),
];

/// The native versions of the module functions named in [`FUNCTIONS`], made from the Python
/// module's namespace `namespace` (its Python versions, their docstrings, its tables): a dict
/// of name to builtin function, which the module puts in place of its own. Called once, at
/// the end of `_squares.py`; a second call (a second import in the same process) makes new
/// functions on the first call's Python versions and tables.
#[pyfunction]
pub(crate) fn _native_functions<'py>(
    namespace: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let py = namespace.py();
    let get = |name: &str| {
        namespace
            .get_item(name)?
            .ok_or_else(|| PyKeyError::new_err(name.to_string()))
    };
    let mut data = Vec::with_capacity(FUNCTIONS.len());
    for (i, name, table, _) in FUNCTIONS {
        assert_eq!(*i, data.len(), "FUNCTIONS' indices run 0, 1, ...");
        let table = match table {
            Some(table) => get(table)?.cast_into::<PyList>()?.into_any(),
            None => py.None().into_bound(py),
        };
        data.push((get(name)?.unbind(), table.unbind()));
    }
    let data = DATA.get_or_init(|| data);
    let module = PyModule::import(py, "bitmove._bitmove")?;
    let module_name = PyString::new(py, "bitmove");
    let made = PyDict::new(py);
    for (i, name, _, function) in FUNCTIONS {
        let doc: String = data[*i]
            .0
            .bind(py)
            .getattr("__doc__")?
            .extract::<Option<String>>()?
            .unwrap_or_default();
        // The text signature CPython's inspect reads ("name(params)\n--\n\n", then the
        // doc), with the Python version's parameter names, which keywords may name.
        let code = data[*i].0.bind(py).getattr("__code__")?;
        let count: usize = code.getattr("co_argcount")?.extract()?;
        let names: Vec<String> = code.getattr("co_varnames")?.extract()?;
        let parameters = names[..count.min(names.len())].join(", ");
        let doc = CString::new(format!("{name}({parameters})\n--\n\n{doc}"))
            .map_err(|_| PyTypeError::new_err("a docstring with a NUL"))?;
        let c_name = CString::new(*name).expect("no NUL in the names above");
        let ml_meth = ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: *function,
        };
        let ml_flags = ffi::METH_FASTCALL | ffi::METH_KEYWORDS;
        // The definition must outlive the function made from it: it is leaked, once per
        // function per import of the package (a few hundred bytes).
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: c_name.into_raw() as *const c_char,
            ml_meth,
            ml_flags,
            ml_doc: doc.into_raw() as *const c_char,
        }));
        // SAFETY: `def` is a valid, leaked (so 'static) method definition whose function
        // matches its flags; `module` and `module_name` are live objects, which the new
        // function keeps as its `__self__` (so it reads as a module's builtin function) and
        // `__module__`.
        let function = unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                ffi::PyCFunction_NewEx(def, module.as_ptr(), module_name.as_ptr()),
            )?
        };
        made.set_item(name, function)?;
    }
    Ok(made)
}
