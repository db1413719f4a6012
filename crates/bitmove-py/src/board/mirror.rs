//! python-chess's state attributes (`board.turn`, `board.pawns`, `board.occupied_co`,
//! `board.move_stack`, ...) as Python objects held inside the native board, read from Python
//! as struct members.
//!
//! python-chess keeps these as plain instance attributes, and CPython 3.11 specialises a read
//! of one to a few instructions; a getter of a native class costs three to four times as much
//! (the call, the borrow, a new int), which made `board.turn` or `board.occupied_co[WHITE]`
//! slower here than in pure Python. So every board holds the sixteen values as objects,
//! written after each change by [`Mirror::sync`] (only those that changed: a quiet move
//! replaces three ints and appends one shared move object), and the Python class
//! `bitmove.Board` reads them through member descriptors (`T_OBJECT_EX`, read-only) at
//! their offsets in the object, which CPython specialises as it does `__slots__`.
//! `occupied_co` and `move_stack` are real lists, changed in place as python-chess changes
//! its own. Assignments go through `bitmove.Board.__setattr__` to the native setters.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyType};
use std::ffi::CStr;

/// The attributes, in the order of [`Mirror`]'s slots: first the scalars, then the two lists.
pub(super) const NAMES: [&CStr; 16] = [
    c"turn",
    c"castling_rights",
    c"ep_square",
    c"halfmove_clock",
    c"fullmove_number",
    c"chess960",
    c"promoted",
    c"pawns",
    c"knights",
    c"bishops",
    c"rooks",
    c"queens",
    c"kings",
    c"occupied",
    c"occupied_co",
    c"move_stack",
];

/// The scalar attributes: `turn` ... `occupied` (booleans, ints, `ep_square` None or int).
pub(super) const SCALARS: usize = 14;
const TURN: usize = 0;
const EP_SQUARE: usize = 2;
const CHESS960: usize = 5;
/// How [`State`] writes a missing en-passant square.
pub(super) const NO_SQUARE: u64 = 64;

/// The values the attributes should hold: the scalars as integers (booleans 0 or 1,
/// `ep_square` [`NO_SQUARE`] for None) and `occupied_co` as `[black, white]`.
pub(super) struct State {
    pub(super) scalars: [u64; SCALARS],
    pub(super) colors: [u64; 2],
}

/// The attributes' objects (`None` until the first [`Mirror::sync`]; laid out as the
/// descriptors read them) and the values the scalar ones and `occupied_co`'s items hold.
///
/// Each int replaced is kept with its value (`previous`, one per scalar and per item of
/// `occupied_co`): `pop()` puts back the values the `push()` before it replaced, and finds
/// their objects there instead of making new ones, which halves the allocations of a search.
#[derive(Default)]
#[repr(C)]
pub(crate) struct Mirror {
    scalar_objects: [Option<Py<PyAny>>; SCALARS],
    occupied_co: Option<Py<PyList>>,
    move_stack: Option<Py<PyList>>,
    values: [u64; SCALARS + 2],
    previous: [Option<(u64, Py<PyAny>)>; SCALARS + 2],
}

/// A copy of a board starts with no objects: its first sync makes them (two boards never
/// share a list). [`Mirror::share`] is the cheaper copy where the GIL is at hand.
impl Clone for Mirror {
    fn clone(&self) -> Mirror {
        Mirror::default()
    }
}

// The member descriptors read each slot as a `PyObject *` that is NULL when empty.
const _: () = assert!(size_of::<Option<Py<PyAny>>>() == size_of::<*mut ffi::PyObject>());
const _: () = assert!(size_of::<Option<Py<PyList>>>() == size_of::<*mut ffi::PyObject>());

impl Mirror {
    /// A mirror for a copy of this board that keeps its moves from index `first` on: the
    /// same int objects (they are immutable) and move objects (shared by all boards), in
    /// lists of its own.
    pub(super) fn share(&self, py: Python<'_>, first: usize) -> PyResult<Mirror> {
        let copy_list = |list: &Option<Py<PyList>>, first: usize| -> PyResult<Option<Py<PyList>>> {
            let Some(list) = list else {
                return Ok(None);
            };
            let list = list.bind(py);
            Ok(Some(
                list.get_slice(first.min(list.len()), list.len()).unbind(),
            ))
        };
        Ok(Mirror {
            scalar_objects: std::array::from_fn(|slot| {
                self.scalar_objects[slot]
                    .as_ref()
                    .map(|object| object.clone_ref(py))
            }),
            occupied_co: copy_list(&self.occupied_co, 0)?,
            move_stack: copy_list(&self.move_stack, first)?,
            values: self.values,
            previous: Default::default(),
        })
    }

    /// Brings every attribute but the moves to `state` (a changed scalar gets its object,
    /// `occupied_co`'s items are set in place) and cuts `move_stack` to `stack_len` moves.
    /// Returns the list and the number of moves it holds: the caller appends the rest.
    pub(super) fn sync<'py>(
        &mut self,
        py: Python<'py>,
        state: &State,
        stack_len: usize,
    ) -> PyResult<(Bound<'py, PyList>, usize)> {
        for (slot, &value) in state.scalars.iter().enumerate() {
            if self.values[slot] != value || self.scalar_objects[slot].is_none() {
                let old = self.scalar_objects[slot].take();
                self.scalar_objects[slot] = Some(self.replace(py, slot, value, old)?);
            }
        }
        match &self.occupied_co {
            None => {
                let list = PyList::new(py, state.colors)?;
                self.values[SCALARS..].copy_from_slice(&state.colors);
                self.occupied_co = Some(list.unbind());
            }
            Some(list) => {
                let list = list.bind(py).clone();
                for (index, &value) in state.colors.iter().enumerate() {
                    let slot = SCALARS + index;
                    if self.values[slot] != value {
                        let old = list.get_item(index)?.unbind();
                        let new = self.replace(py, slot, value, Some(old))?;
                        list.set_item(index, new)?;
                    }
                }
            }
        }
        let list = match &self.move_stack {
            Some(list) => list.bind(py).clone(),
            None => {
                let list = PyList::empty(py);
                self.move_stack = Some(list.clone().unbind());
                list
            }
        };
        let len = list.len();
        if stack_len < len {
            // `del list[stack_len:]` without the slice object `PySequence_DelSlice` makes.
            // SAFETY: `list` is a live list (borrowed for the call), the bounds are in range,
            // and a NULL replacement is the documented way to delete the items.
            let status = unsafe {
                ffi::PyList_SetSlice(
                    list.as_ptr(),
                    stack_len as ffi::Py_ssize_t,
                    len as ffi::Py_ssize_t,
                    std::ptr::null_mut(),
                )
            };
            if status < 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok((list, len.min(stack_len)))
    }

    /// The object for `value` in `slot`, whose object so far is `old` (None at the first sync):
    /// the previous one if it holds `value`, else a new one; `old` becomes the previous one.
    fn replace(
        &mut self,
        py: Python<'_>,
        slot: usize,
        value: u64,
        old: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let kept = old.map(|object| (self.values[slot], object));
        self.values[slot] = value;
        if let Some((was, object)) = std::mem::replace(&mut self.previous[slot], kept)
            && was == value
        {
            return Ok(object);
        }
        Ok(match slot {
            TURN | CHESS960 => PyBool::new(py, value != 0).to_owned().into_any().unbind(),
            EP_SQUARE if value == NO_SQUARE => py.None(),
            _ => value.into_pyobject(py)?.into_any().unbind(),
        })
    }

    /// Puts the attributes on `class` (`bitmove.Board`, a subclass of the native board) as
    /// read-only member descriptors of the slots of `probe`'s mirror (`probe` is a board object
    /// and `mirror` its [`Mirror`], so the slots' offsets in the object are the same for every
    /// board of `class`).
    pub(super) fn install(
        class: &Bound<'_, PyType>,
        probe: &Bound<'_, PyAny>,
        mirror: &Mirror,
    ) -> PyResult<()> {
        let py = class.py();
        let object = probe.as_ptr() as usize;
        let slots = mirror
            .scalar_objects
            .iter()
            .map(|slot| slot as *const _ as usize)
            .chain([
                &mirror.occupied_co as *const _ as usize,
                &mirror.move_stack as *const _ as usize,
            ]);
        for (name, address) in NAMES.iter().zip(slots) {
            // The descriptor keeps a pointer to its definition for good: one small leak per
            // attribute, once per process.
            let definition = Box::leak(Box::new(ffi::PyMemberDef {
                name: name.as_ptr(),
                type_code: ffi::Py_T_OBJECT_EX,
                offset: (address - object) as ffi::Py_ssize_t,
                flags: ffi::Py_READONLY,
                doc: std::ptr::null(),
            }));
            // SAFETY: `class` is a live type object and `definition` lives for the rest of the
            // process, as the descriptor requires. The descriptor reads a `PyObject *` at the
            // offset from objects of `class` only (it checks the type): every such object is
            // a native board, whose mirror sits at that offset (the layout of a subclass's
            // object starts with the native object's), and its slots are nullable object
            // pointers (asserted above), which `T_OBJECT_EX` reads as such (NULL raises
            // AttributeError).
            let descriptor = unsafe {
                Bound::from_owned_ptr_or_err(
                    py,
                    ffi::PyDescr_NewMember(class.as_type_ptr(), definition),
                )?
            };
            class.setattr(name.to_str().expect("ASCII names"), descriptor)?;
        }
        Ok(())
    }
}
