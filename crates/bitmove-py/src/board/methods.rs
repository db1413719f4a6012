//! The native board's methods put again on the package's Python board classes, so that
//! CPython specialises their calls.
//!
//! Every `bitmove.Board` is an object of a Python subclass of the native `Board`
//! (`_board.py`). CPython 3.11 specialises a call of a method descriptor (`b.king(True)`:
//! `PRECALL_METHOD_DESCRIPTOR_FAST_WITH_KEYWORDS`, `..._NOARGS`) only when the object's type
//! is exactly the descriptor's class; for a descriptor of the native class called on a
//! subclass's object, it takes the generic path each time (about 160 instructions more per
//! call, callgrind). [`_methods_in`] makes, for each of the native class's instance methods
//! that `class` and the Python classes between it and the native one do not define, a
//! descriptor of `class`'s own for the same C function (`PyDescr_NewMethod`), and puts it in
//! `class`'s dict. A call through it runs the same function with the same checks (the
//! descriptor checks that the object is one of `class`; PyO3's wrapper, that it is a native
//! board); a subclass of `class` the package does not make keeps working through it,
//! unspecialised.

use std::ffi::CStr;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use super::Board;

/// Puts the native board's instance methods on `class` (a Python subclass of it) as
/// descriptors of `class`'s own, where `class` does not define them itself; returns how
/// many. Called once per package class, when the package is imported.
#[pyfunction]
pub(crate) fn _methods_in(class: &Bound<'_, PyType>) -> PyResult<usize> {
    if !class.is_subclass_of::<Board>()? {
        return Err(PyTypeError::new_err("not a subclass of Board"));
    }
    let py = class.py();
    let native = py.get_type::<Board>();
    if class.is(&native) {
        return Ok(0);
    }
    // The dicts of the Python classes from `class` up to the native one: a name defined in
    // one of them stays as it is.
    let mut own = Vec::new();
    for base in class.getattr("__mro__")?.cast_into::<PyTuple>()?.iter() {
        if base.is(&native) {
            break;
        }
        own.push(base.getattr("__dict__")?);
    }
    let descriptor = py.import("types")?.getattr("MethodDescriptorType")?;
    // SAFETY: `native` is a live heap type (PyO3 makes classes with PyType_FromSpec), for
    // which PyType_GetSlot may be asked any slot; Py_tp_methods is the type's method table
    // or NULL.
    let mut entry = unsafe { ffi::PyType_GetSlot(native.as_type_ptr(), ffi::Py_tp_methods) }
        as *mut ffi::PyMethodDef;
    let mut count = 0;
    while !entry.is_null() {
        // SAFETY: a method table is an array of PyMethodDef ended by one whose name is NULL;
        // PyO3 leaks the native class's table (Box::into_raw), so it lives for the process,
        // as a descriptor made from one of its entries needs.
        let def = unsafe { &*entry };
        if def.ml_name.is_null() {
            break;
        }
        // SAFETY: a non-NULL ml_name is a NUL-terminated string (PyO3's method names).
        let name = unsafe { CStr::from_ptr(def.ml_name) }
            .to_str()
            .unwrap_or("__");
        let plain = def.ml_flags & (ffi::METH_CLASS | ffi::METH_STATIC) == 0;
        if plain && !name.starts_with("__") && !defined_in(&own, name, &descriptor)? {
            // SAFETY: `class` is a live type object and `entry` a method definition that
            // outlives it (above); the descriptor calls the entry's function with objects
            // of `class`, native boards, which is what the function was made for.
            // A method with a fast path (`fast.rs`) gets a definition of its own, which
            // lives for the process too.
            let definition = super::fast::fast_for(def).unwrap_or(entry);
            let descriptor = unsafe {
                Bound::from_owned_ptr_or_err(
                    py,
                    ffi::PyDescr_NewMethod(class.as_type_ptr(), definition),
                )?
            };
            class.setattr(name, descriptor)?;
            count += 1;
        }
        // SAFETY: not past the end: this entry was not the terminating one.
        entry = unsafe { entry.add(1) };
    }
    Ok(count)
}

/// Whether one of `dicts` defines `name` otherwise than by a method descriptor (one that
/// [`_methods_in`] put on a base class: Python code cannot make one).
fn defined_in(
    dicts: &[Bound<'_, PyAny>],
    name: &str,
    descriptor: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    for dict in dicts {
        if let Ok(value) = dict.get_item(name)
            && !value.is_instance(descriptor)?
        {
            return Ok(true);
        }
    }
    Ok(false)
}
