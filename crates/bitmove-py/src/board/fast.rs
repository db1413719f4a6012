//! The board's most called small methods without PyO3's wrapper around them.
//!
//! A method of a native class costs, besides its work, PyO3's wrapper: the trampoline (the
//! thread's GIL count, the panic guard), the argument parsing of `FunctionDescription` and
//! the conversions of each argument and of the answer; for `b.attackers(WHITE, sq)` or
//! `b.has_legal_en_passant()` that is about as much as the work, and python-chess's own
//! one-line Python methods then cost less than twice ours. [`fast_for`] gives
//! [`super::methods`] for each method named in [`FAST`] a C function of the calling
//! convention PyO3 gave the method: when the call is the common one (positional arguments
//! of exact types: `True`/`False` for a colour, an exact `int` for a square or a piece type,
//! a `bitmove.Move` for a move), it calls the same Rust method PyO3's wrapper calls and
//! answers; any other call (keywords, other types, another number of arguments, a board
//! borrowed mutably) goes to PyO3's function itself, so every answer and every error of an
//! unusual call is PyO3's. `tests/test_board_fast.py` checks both paths against python-chess.

use std::ffi::{CStr, c_int, c_void};
use std::ptr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::{Borrowed, IntoPyObjectExt};

use super::Board;
use crate::moves::PyMove;
use crate::oneline::small;

/// `True` or `False` as a bool, else None (PyO3's `bool` takes NumPy's too: the slow path).
fn colour(arg: *mut ffi::PyObject) -> Option<bool> {
    // SAFETY: comparing pointers with the two singletons reads nothing.
    let (yes, no) = unsafe { (ffi::Py_True(), ffi::Py_False()) };
    if arg == yes {
        Some(true)
    } else if arg == no {
        Some(false)
    } else {
        None
    }
}

/// The answer as a new reference, or null with the error set.
fn answer<'py, T: IntoPyObjectExt<'py>>(py: Python<'py>, value: PyResult<T>) -> *mut ffi::PyObject {
    match value.and_then(|value| value.into_bound_py_any(py)) {
        Ok(object) => object.into_ptr(),
        Err(error) => {
            error.restore(py);
            ptr::null_mut()
        }
    }
}

/// PyO3's function of method `I` of [`FAST`] (set by [`fast_for`] before any fast one exists).
static ORIGINALS: [AtomicPtr<c_void>; FAST.len()] =
    [const { AtomicPtr::new(ptr::null_mut()) }; FAST.len()];

/// PyO3's function of method `index` of [`FAST`], as `F`.
///
/// # Safety
/// `F` is the C function type of the calling convention of the method's flags.
unsafe fn original<F>(index: usize) -> F {
    let pointer = ORIGINALS[index].load(Ordering::Acquire);
    // SAFETY: `fast_for` stored PyO3's function of these flags before any fast method was
    // callable; a function pointer and a data pointer have the same size here.
    unsafe { std::mem::transmute_copy(&pointer) }
}

/// The method definitions made from [`FAST`], one per method for every class.
static DEFINITIONS: [OnceLock<usize>; FAST.len()] = [const { OnceLock::new() }; FAST.len()];

/// A method of `$arity` positional arguments (`METH_FASTCALL | METH_KEYWORDS`, as PyO3 makes a
/// method with arguments): `$body`, with `$board` the borrowed board and `$args` the
/// arguments, answers `Some` (the value or the error) or `None` to leave the call to PyO3's
/// function, as every other call is.
macro_rules! with_args {
    ($name:ident, $arity:literal, |$py:ident, $board:ident, $args:ident| $body:expr) => {
        unsafe extern "C" fn $name<const I: usize>(
            slf: *mut ffi::PyObject,
            args: *const *mut ffi::PyObject,
            nargs: ffi::Py_ssize_t,
            kwnames: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            // SAFETY: CPython calls a METH_FASTCALL | METH_KEYWORDS method with the GIL held,
            // `slf` an object of the descriptor's class (it checks), a subclass of the native
            // board (`methods::_methods_in` checks), and `nargs` live arguments at `args`.
            unsafe {
                if kwnames.is_null() && nargs == $arity {
                    let $py = Python::assume_attached();
                    let $args = std::slice::from_raw_parts(args, $arity);
                    let object = Borrowed::from_ptr($py, slf).cast_unchecked::<Board>();
                    if let Ok($board) = object.try_borrow() {
                        let body = || $body;
                        if let Some(value) = body() {
                            return answer($py, value);
                        }
                    }
                }
                original::<ffi::PyCFunctionFastWithKeywords>(I)(slf, args, nargs, kwnames)
            }
        }
    };
}

/// A method without arguments (`METH_NOARGS`, as PyO3 makes one): `$body` answers.
macro_rules! no_args {
    ($name:ident, |$py:ident, $board:ident| $body:expr) => {
        unsafe extern "C" fn $name<const I: usize>(
            slf: *mut ffi::PyObject,
            unused: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            // SAFETY: as in `with_args`, for a METH_NOARGS method.
            unsafe {
                let $py = Python::assume_attached();
                let object = Borrowed::from_ptr($py, slf).cast_unchecked::<Board>();
                if let Ok($board) = object.try_borrow() {
                    return answer($py, $body);
                }
                original::<ffi::PyCFunction>(I)(slf, unused)
            }
        }
    };
}

/// A `bitmove.Move` argument as the object, else None.
fn a_move<'a, 'py>(py: Python<'py>, arg: *mut ffi::PyObject) -> Option<Borrowed<'a, 'py, PyAny>> {
    // SAFETY: `arg` is a live argument of the call (the callers' contract).
    let object = unsafe { Borrowed::from_ptr(py, arg) };
    object.is_instance_of::<PyMove>().then_some(object)
}

// Each body reads its arguments, live objects of the call, with the GIL held (the macros'
// unsafe blocks hold it).
with_args!(attackers, 2, |py, b, a| {
    let (c, s) = (colour(a[0])?, small(a[1])?);
    Some(b.attackers_mask(c, s, None).and_then(|m| set(py, m)))
});
with_args!(is_attacked_by, 2, |py, b, a| {
    let (c, s) = (colour(a[0])?, small(a[1])?);
    Some(b.is_attacked_by(c, s, None))
});
with_args!(attacks, 1, |py, b, a| {
    let s = small(a[0])?;
    Some(b.attacks_mask(s).and_then(|m| set(py, m)))
});
with_args!(attacks_mask, 1, |py, b, a| Some(
    b.attacks_mask(small(a[0])?)
));
with_args!(pin, 2, |py, b, a| {
    let (c, s) = (colour(a[0])?, small(a[1])?);
    Some(b.pin_mask(c, s).and_then(|m| set(py, m)))
});
with_args!(is_pinned, 2, |py, b, a| {
    let (c, s) = (colour(a[0])?, small(a[1])?);
    Some(b.is_pinned(c, s))
});
with_args!(king, 1, |py, b, a| Some(Ok(b.king(colour(a[0])?))));
with_args!(pieces, 2, |py, b, a| {
    let (t, c) = (small(a[0])?, colour(a[1])?);
    Some(b.pieces_mask(t, c).and_then(|m| set(py, m)))
});
with_args!(pieces_mask, 2, |py, b, a| {
    let (t, c) = (small(a[0])?, colour(a[1])?);
    Some(b.pieces_mask(t, c))
});
with_args!(piece_type_at, 1, |py, b, a| Some(
    b.piece_type_at(small(a[0])?)
));
with_args!(color_at, 1, |py, b, a| Some(b.color_at(small(a[0])?)));
with_args!(piece_at, 1, |py, b, a| Some(b.piece_at(py, small(a[0])?)));
with_args!(is_capture, 1, |py, b, a| {
    let m = a_move(py, a[0])?;
    Some(b.is_capture(&m))
});
with_args!(is_en_passant, 1, |py, b, a| {
    let m = a_move(py, a[0])?;
    Some(b.is_en_passant(&m))
});
with_args!(is_castling, 1, |py, b, a| {
    let m = a_move(py, a[0])?;
    Some(b.is_castling(&m))
});
with_args!(is_zeroing, 1, |py, b, a| {
    let m = a_move(py, a[0])?;
    Some(b.is_zeroing(&m))
});
no_args!(has_legal_en_passant, |py, b| Ok(b.has_legal_en_passant()));
no_args!(has_pseudo_legal_en_passant, |py, b| Ok(
    b.has_pseudo_legal_en_passant()
));
no_args!(checkers, |py, b| set(py, b.checkers_mask()));
no_args!(checkers_mask, |py, b| Ok(b.checkers_mask()));
no_args!(is_check, |py, b| Ok(b.is_check()));
no_args!(is_variant_end, |py, b| Ok(b.is_variant_end()));
no_args!(is_variant_win, |py, b| Ok(b.is_variant_win()));
no_args!(is_variant_loss, |py, b| Ok(b.is_variant_loss()));
no_args!(is_variant_draw, |py, b| Ok(b.is_variant_draw()));

fn set(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, crate::squares::SquareSet>> {
    crate::squares::square_set(py, mask)
}

const FAST_ARGS: c_int = ffi::METH_FASTCALL | ffi::METH_KEYWORDS;

/// A fast method: its name, PyO3's flags for it and the function.
struct Fast(&'static CStr, c_int, ffi::PyMethodDefPointer);

const fn with(name: &'static CStr, function: ffi::PyCFunctionFastWithKeywords) -> Fast {
    Fast(
        name,
        FAST_ARGS,
        ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: function,
        },
    )
}

const fn none(name: &'static CStr, function: ffi::PyCFunction) -> Fast {
    Fast(
        name,
        ffi::METH_NOARGS,
        ffi::PyMethodDefPointer {
            PyCFunction: function,
        },
    )
}

/// The methods with a fast path (each function knows its index here).
const FAST: [Fast; 25] = [
    with(c"attackers", attackers::<0>),
    with(c"is_attacked_by", is_attacked_by::<1>),
    with(c"attacks", attacks::<2>),
    with(c"attacks_mask", attacks_mask::<3>),
    with(c"pin", pin::<4>),
    with(c"is_pinned", is_pinned::<5>),
    with(c"king", king::<6>),
    with(c"pieces", pieces::<7>),
    with(c"pieces_mask", pieces_mask::<8>),
    with(c"piece_type_at", piece_type_at::<9>),
    with(c"color_at", color_at::<10>),
    with(c"piece_at", piece_at::<11>),
    with(c"is_capture", is_capture::<12>),
    with(c"is_en_passant", is_en_passant::<13>),
    with(c"is_castling", is_castling::<14>),
    with(c"is_zeroing", is_zeroing::<15>),
    none(c"has_legal_en_passant", has_legal_en_passant::<16>),
    none(
        c"has_pseudo_legal_en_passant",
        has_pseudo_legal_en_passant::<17>,
    ),
    none(c"checkers", checkers::<18>),
    none(c"checkers_mask", checkers_mask::<19>),
    none(c"is_check", is_check::<20>),
    none(c"is_variant_end", is_variant_end::<21>),
    none(c"is_variant_win", is_variant_win::<22>),
    none(c"is_variant_loss", is_variant_loss::<23>),
    none(c"is_variant_draw", is_variant_draw::<24>),
];

/// The definition to put in a descriptor in place of PyO3's `original` (an entry of the
/// native board's method table, which lives for the process), when the method has a fast
/// path here made for PyO3's calling convention of it; else None.
pub(super) fn fast_for(original: &ffi::PyMethodDef) -> Option<*mut ffi::PyMethodDef> {
    if original.ml_name.is_null() {
        return None;
    }
    // SAFETY: a non-NULL ml_name is a NUL-terminated string (PyO3's method names).
    let name = unsafe { CStr::from_ptr(original.ml_name) };
    let index = FAST.iter().position(|fast| fast.0 == name)?;
    let Fast(_, flags, function) = &FAST[index];
    if original.ml_flags != *flags {
        return None;
    }
    // SAFETY: every variant of the union is a function pointer of the same size; which one
    // it holds is told by the flags (checked above), and it is called back as that one.
    let function_pointer = unsafe { original.ml_meth.PyCFunction } as *mut c_void;
    ORIGINALS[index].store(function_pointer, Ordering::Release);
    let definition = *DEFINITIONS[index].get_or_init(|| {
        // One small leak per method, once per process: a descriptor keeps its definition.
        Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: original.ml_name,
            ml_meth: *function,
            ml_flags: *flags,
            ml_doc: original.ml_doc,
        })) as *mut ffi::PyMethodDef as usize
    });
    Some(definition as *mut ffi::PyMethodDef)
}
