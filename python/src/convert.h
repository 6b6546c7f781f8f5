// Copyright 2026 The gdwire Authors.
//
// python/src/convert.h: gdwire values to Python objects and back, for the
// `gdwire` Python module (python/gdwire). Raw CPython calls (no pybind11
// objects) on the hot paths: every function returns a new reference, or
// nullptr / false with a Python exception set.
//
//   PyObject* v = gdwire::python::FromVariant(variant);   // owned value
//   PyObject* w = gdwire::python::FromElement(root, ctx);  // from a Document
//   gdwire::Variant back;
//   if (!gdwire::python::ToVariant(v, &back)) return nullptr;

#ifndef GDWIRE_PYTHON_SRC_CONVERT_H_
#define GDWIRE_PYTHON_SRC_CONVERT_H_

#include <Python.h>

#include <string>

#include "codec/document/document.h"
#include "codec/error.h"
#include "codec/options.h"
#include "codec/types.h"
#include "codec/variant.h"

namespace gdwire {
namespace python {

// The Python classes of gdwire/_types.py, registered by gdwire/__init__.py
// (_register) before any conversion runs. Borrowed references kept for the
// module's lifetime.
struct Classes {
  PyObject* math[kTypeCount] = {};  // by Type: Vector2 ... Color
  PyObject* string_name = nullptr;
  PyObject* node_path = nullptr;
  PyObject* rid = nullptr;
  PyObject* object = nullptr;
  PyObject* encoded_object_as_id = nullptr;
  PyObject* callable = nullptr;
  PyObject* signal = nullptr;
  PyObject* container_type = nullptr;
  PyObject* typed_array = nullptr;
  PyObject* typed_dictionary = nullptr;
  PyObject* dictionary = nullptr;
  PyObject* packed_string_array = nullptr;
  PyObject* packed_vector4_array = nullptr;
  PyObject* decode_error = nullptr;
  PyObject* encode_error = nullptr;
  bool ready = false;
};
Classes& classes();

// Text bytes (UTF-8, or Godot 3's generalised UTF-8) as a str.
PyObject* Str(const char* p, size_t n);

// No cyclic-garbage collection while values are built: what gdwire makes
// holds no cycles, and a collection every 700 new containers over a
// growing heap of them (a recording's values) costs more than the decode.
class GcPause {
 public:
  GcPause() : was_(PyGC_Disable()) {}
  ~GcPause() {
    if (was_ == 1) PyGC_Enable();
  }
  GcPause(const GcPause&) = delete;
  GcPause& operator=(const GcPause&) = delete;

 private:
  int was_;
};

// Raises gdwire.DecodeError (or EncodeError) for `e`.
void SetError(const Error& e, bool encoding = false);

// The owned value as a Python object. Packed arrays are moved out of `v`
// into NumPy arrays (no copy); `v` is left in an unspecified state.
PyObject* FromVariant(Variant& v);

// What FromElement needs besides the element.
struct ElementContext {
  // The object that owns the message bytes (bytes, or the Document): the
  // base of the NumPy views into them. Borrowed.
  PyObject* owner = nullptr;
  // Views into the message are allowed (its buffer is read-only, e.g.
  // bytes); otherwise packed arrays are copied.
  bool views = false;
  bool real_is_double = false;
};

// A document element (and everything under it) as a Python object: packed
// arrays as read-only NumPy views of the message where aligned, strings
// straight from the wire; typed containers and values Python's own types
// would change (Dictionary keys that Python merges, strings the engine
// rewrites) through Element::ToVariant, as loads' verdict requires.
PyObject* FromElement(const document::Element& e, const ElementContext& c);

// A Python object as a Variant (the mapping of python/README in
// reverse). Raises TypeError naming the path of what cannot be written.
bool ToVariant(PyObject* o, Variant* out, bool real_is_double = false);

// DecodeOptions from keyword arguments: `name` one of dialect,
// allow_objects, max_depth, reject_trailing_bytes, real_is_double,
// max_string_bytes, max_packed_elements, max_container_elements,
// max_alloc_bytes. False with TypeError/ValueError set otherwise. Returns
// true and leaves *known false for names it does not know.
bool ParseDecodeOption(const char* name, PyObject* value, DecodeOptions* o,
                       bool* known);
bool ParseDialectArg(PyObject* value, Dialect* d);

// options.pandemonium_engine_defects: the reference codec's emulation of a
// Pandemonium engine's reads and writes (engine_defects.cc).
PyObject* DecodeWithEngineDefects(absl::Span<const uint8_t> bytes,
                                  const DecodeOptions& options);
bool EncodeWithEngineDefects(const Variant& v, const EncodeOptions& options,
                             std::string* out);

// The Type of an engine type name ("int", "Vector2", "PoolIntArray"), false
// if none.
bool TypeFromName(absl::string_view name, Type* t);

}  // namespace python
}  // namespace gdwire

#endif  // GDWIRE_PYTHON_SRC_CONVERT_H_
