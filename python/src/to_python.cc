// Copyright 2026 The gdwire Authors.
//
// gdwire values (owned Variants, document elements) as Python objects.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codec/wire.h"
#include "python/src/convert.h"

namespace gdwire {
namespace python {

namespace py = pybind11;

Classes& classes() {
  static Classes c;
  return c;
}

void SetError(const Error& e, bool encoding) {
  Classes& c = classes();
  PyObject* type = encoding ? c.encode_error : c.decode_error;
  if (type == nullptr) {
    PyErr_SetString(PyExc_ValueError, e.ToString().c_str());
    return;
  }
  const std::string message = e.ToString();
  const std::string kind(ErrorKindName(e.kind));
  PyObject* inst = PyObject_CallFunction(
      type, "s#s#Ks#s#i", message.data(),
      static_cast<Py_ssize_t>(message.size()), kind.data(),
      static_cast<Py_ssize_t>(kind.size()),
      static_cast<unsigned long long>(e.offset), e.path.data(),
      static_cast<Py_ssize_t>(e.path.size()), e.detail.data(),
      static_cast<Py_ssize_t>(e.detail.size()), e.godot_error);
  if (inst == nullptr) return;
  PyErr_SetObject(type, inst);
  Py_DECREF(inst);
}

namespace {}  // namespace

// Text bytes as str. Godot 3's lenient strings (lone surrogates, code
// points past U+10FFFF) are not UTF-8: such a string comes back with its
// bytes escaped (surrogateescape, as os.fsdecode does), and dumps writes
// them back as they were.
PyObject* Str(const char* p, size_t n) {
  return PyUnicode_DecodeUTF8(p, static_cast<Py_ssize_t>(n), "surrogateescape");
}

namespace {

PyObject* StringName(const char* p, size_t n) {
  PyObject* s = Str(p, n);
  if (s == nullptr) return nullptr;
  PyObject* r = PyObject_CallOneArg(classes().string_name, s);
  Py_DECREF(s);
  return r;
}

// A tuple-subclass instance (the math classes) of n items, filled by f(i).
template <typename F>
PyObject* MathTuple(Type t, int n, F f) {
  auto* type =
      reinterpret_cast<PyTypeObject*>(classes().math[static_cast<int>(t)]);
  PyObject* o = type->tp_alloc(type, n);
  if (o == nullptr) return nullptr;
  for (int i = 0; i < n; ++i) {
    PyObject* x = f(i);
    if (x == nullptr) {
      Py_DECREF(o);
      return nullptr;
    }
    PyTuple_SET_ITEM(o, i, x);
  }
  // Numbers only: no cycle can pass through it, so the collector need not
  // visit it (CPython does the same for exact tuples of atoms).
  PyObject_GC_UnTrack(o);
  return o;
}

PyObject* ContainerTypeObject(const ContainerType& ct) {
  if (!ct.is_typed()) Py_RETURN_NONE;
  const std::string type(ct.kind == ContainerType::Kind::kBuiltin
                             ? TypeName(ct.builtin)
                             : absl::string_view("Object"));
  const char* cls =
      ct.kind == ContainerType::Kind::kClassName ? ct.name.c_str() : "";
  const char* script =
      ct.kind == ContainerType::Kind::kScript ? ct.name.c_str() : "";
  return PyObject_CallFunction(classes().container_type, "sss", type.c_str(),
                               cls, script);
}

template <typename T>
PyObject* Guard(T&& f) {
  try {
    return f();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

std::vector<py::ssize_t> Shape(size_t elements, int comps) {
  if (comps > 1) return {static_cast<py::ssize_t>(elements), comps};
  return {static_cast<py::ssize_t>(elements)};
}

// An owned vector handed to NumPy without a copy (a capsule frees it).
template <typename T>
PyObject* OwnedArray(std::vector<T>&& v, int comps) {
  return Guard([&]() {
    auto* h = new std::vector<T>(std::move(v));
    py::capsule cap(h, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    const size_t n = comps > 1 ? h->size() / comps : h->size();
    py::array a(py::dtype::of<T>(), Shape(n, comps), {}, h->data(), cap);
    return a.release().ptr();
  });
}

PyObject* AsVector4Array(PyObject* a) {
  if (a == nullptr) return nullptr;
  PyObject* r =
      PyObject_CallMethod(a, "view", "O", classes().packed_vector4_array);
  Py_DECREF(a);
  return r;
}

PyObject* PackedFromVariant(Variant& v) {
  const Type t = v.type();
  const int comps = PackedComponents(t);
  switch (t) {
    case Type::kPackedByteArray:
      return OwnedArray(std::move(v.mutable_packed_bytes()), 1);
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      return OwnedArray(std::move(v.mutable_packed_int32()), comps);
    case Type::kPackedInt64Array:
      return OwnedArray(std::move(v.mutable_packed_int64()), 1);
    case Type::kPackedFloat64Array:
      return OwnedArray(std::move(v.mutable_packed_float64()), 1);
    case Type::kPackedStringArray: {
      const std::vector<std::string>& s = v.packed_strings();
      PyObject* list = PyList_New(static_cast<Py_ssize_t>(s.size()));
      if (list == nullptr) return nullptr;
      for (size_t i = 0; i < s.size(); ++i) {
        PyObject* x = Str(s[i].data(), s[i].size());
        if (x == nullptr) {
          Py_DECREF(list);
          return nullptr;
        }
        PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), x);
      }
      PyObject* r = PyObject_CallOneArg(classes().packed_string_array, list);
      Py_DECREF(list);
      return r;
    }
    default:
      break;
  }
  // Float32 and the real-vector and color arrays (f32 or, kept wide, f64).
  PyObject* a = v.packed_wide()
                    ? OwnedArray(std::move(v.mutable_packed_float64()), comps)
                    : OwnedArray(std::move(v.mutable_packed_float32()), comps);
  return t == Type::kPackedVector4Array ? AsVector4Array(a) : a;
}

PyObject* ObjectFromVariant(Variant& v) {
  Classes& c = classes();
  Object& o = v.mutable_object();
  if (o.kind == Object::Kind::kId) {
    return PyObject_CallFunction(c.encoded_object_as_id, "K",
                                 static_cast<unsigned long long>(o.id));
  }
  if (o.kind == Object::Kind::kNull) return PyObject_CallNoArgs(c.object);
  PyObject* props = PyDict_New();
  if (props == nullptr) return nullptr;
  for (auto& [name, value] : o.properties) {
    PyObject* k = Str(name.data(), name.size());
    PyObject* x = k ? FromVariant(value) : nullptr;
    if (x == nullptr || PyDict_SetItem(props, k, x) != 0) {
      Py_XDECREF(k);
      Py_XDECREF(x);
      Py_DECREF(props);
      return nullptr;
    }
    Py_DECREF(k);
    Py_DECREF(x);
  }
  PyObject* r = PyObject_CallFunction(
      c.object, "s#O", o.class_name.data(),
      static_cast<Py_ssize_t>(o.class_name.size()), props);
  Py_DECREF(props);
  return r;
}

PyObject* ArrayFromVariant(Variant& v) {
  Array& a = v.mutable_array();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(a.items.size()));
  if (list == nullptr) return nullptr;
  for (size_t i = 0; i < a.items.size(); ++i) {
    PyObject* x = FromVariant(a.items[i]);
    if (x == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), x);
  }
  if (v.type() == Type::kArray && !a.element_type.is_typed()) return list;
  PyObject* et = ContainerTypeObject(a.element_type);
  if (et == nullptr) {
    Py_DECREF(list);
    return nullptr;
  }
  const std::string vt(TypeName(v.type()));
  PyObject* r =
      PyObject_CallFunction(classes().typed_array, "OOs", list, et, vt.c_str());
  Py_DECREF(list);
  Py_DECREF(et);
  return r;
}

// A list of (key, value) tuples: the gdwire.Dictionary of a Dictionary that
// a Python dict cannot hold.
PyObject* PairsDictionary(PyObject* pairs, const Dictionary& d) {
  PyObject* kt = ContainerTypeObject(d.key_type);
  PyObject* vt = kt ? ContainerTypeObject(d.value_type) : nullptr;
  PyObject* r =
      vt ? PyObject_CallFunction(classes().dictionary, "OOO", pairs, kt, vt)
         : nullptr;
  Py_XDECREF(kt);
  Py_XDECREF(vt);
  return r;
}

PyObject* DictionaryFromVariant(Variant& v) {
  Dictionary& d = v.mutable_dictionary();
  const bool typed = d.key_type.is_typed() || d.value_type.is_typed();
  PyObject* pairs = PyList_New(static_cast<Py_ssize_t>(d.entries.size()));
  if (pairs == nullptr) return nullptr;
  for (size_t i = 0; i < d.entries.size(); ++i) {
    PyObject* k = FromVariant(d.entries[i].first);
    PyObject* x = k ? FromVariant(d.entries[i].second) : nullptr;
    if (x == nullptr) {
      Py_XDECREF(k);
      Py_DECREF(pairs);
      return nullptr;
    }
    PyList_SET_ITEM(pairs, static_cast<Py_ssize_t>(i), PyTuple_Pack(2, k, x));
    Py_DECREF(k);
    Py_DECREF(x);
  }
  PyObject* dict =
      typed ? PyObject_CallNoArgs(classes().typed_dictionary) : PyDict_New();
  if (dict == nullptr) {
    Py_DECREF(pairs);
    return nullptr;
  }
  bool fits = true;
  for (size_t i = 0; i < d.entries.size() && fits; ++i) {
    PyObject* kv = PyList_GET_ITEM(pairs, static_cast<Py_ssize_t>(i));
    if (PyDict_SetItem(dict, PyTuple_GET_ITEM(kv, 0),
                       PyTuple_GET_ITEM(kv, 1)) != 0) {
      if (!PyErr_ExceptionMatches(PyExc_TypeError)) {
        Py_DECREF(dict);
        Py_DECREF(pairs);
        return nullptr;
      }
      PyErr_Clear();  // an unhashable key
      fits = false;
    } else if (PyDict_GET_SIZE(dict) != static_cast<Py_ssize_t>(i + 1)) {
      fits = false;  // keys Godot tells apart and Python does not
    }
  }
  if (!fits) {
    Py_DECREF(dict);
    PyObject* r = PairsDictionary(pairs, d);
    Py_DECREF(pairs);
    return r;
  }
  Py_DECREF(pairs);
  if (typed) {
    PyObject* kt = ContainerTypeObject(d.key_type);
    PyObject* vt = kt ? ContainerTypeObject(d.value_type) : nullptr;
    if (vt == nullptr || PyObject_SetAttrString(dict, "key_type", kt) != 0 ||
        PyObject_SetAttrString(dict, "value_type", vt) != 0) {
      Py_XDECREF(kt);
      Py_XDECREF(vt);
      Py_DECREF(dict);
      return nullptr;
    }
    Py_DECREF(kt);
    Py_DECREF(vt);
  }
  return dict;
}

}  // namespace

PyObject* FromVariant(Variant& v) {
  const Type t = v.type();
  if (const int n = RealComponents(t); n > 0) {
    const RealsView r = v.reals();
    return MathTuple(t, n, [&](int i) { return PyFloat_FromDouble(r[i]); });
  }
  if (const int n = IntComponents(t); n > 0) {
    const auto r = v.ints();
    return MathTuple(t, n, [&](int i) { return PyLong_FromLong(r[i]); });
  }
  if (IsPackedArray(t)) return PackedFromVariant(v);
  Classes& c = classes();
  switch (t) {
    case Type::kNil:
      Py_RETURN_NONE;
    case Type::kBool:
      return PyBool_FromLong(v.as_bool());
    case Type::kInt:
      return PyLong_FromLongLong(v.as_int());
    case Type::kFloat:
      return PyFloat_FromDouble(v.as_float());
    case Type::kString:
      return Str(v.as_string().data(), v.as_string().size());
    case Type::kStringName:
      return StringName(v.as_string().data(), v.as_string().size());
    case Type::kNodePath: {
      const NodePath& p = v.node_path();
      PyObject* names = PyTuple_New(static_cast<Py_ssize_t>(p.names.size()));
      PyObject* subs = PyTuple_New(static_cast<Py_ssize_t>(p.subnames.size()));
      bool ok = names && subs;
      for (size_t i = 0; ok && i < p.names.size(); ++i) {
        PyObject* s = Str(p.names[i].data(), p.names[i].size());
        ok = s != nullptr;
        if (ok) PyTuple_SET_ITEM(names, static_cast<Py_ssize_t>(i), s);
      }
      for (size_t i = 0; ok && i < p.subnames.size(); ++i) {
        PyObject* s = Str(p.subnames[i].data(), p.subnames[i].size());
        ok = s != nullptr;
        if (ok) PyTuple_SET_ITEM(subs, static_cast<Py_ssize_t>(i), s);
      }
      PyObject* r = nullptr;
      if (ok) {
        PyObject* kw =
            Py_BuildValue("{sOsOsO}", "names", names, "subnames", subs,
                          "absolute", p.absolute ? Py_True : Py_False);
        PyObject* args = PyTuple_New(0);
        if (kw && args) r = PyObject_Call(c.node_path, args, kw);
        Py_XDECREF(kw);
        Py_XDECREF(args);
      }
      Py_XDECREF(names);
      Py_XDECREF(subs);
      return r;
    }
    case Type::kRID:
      return PyObject_CallFunction(c.rid, "K",
                                   static_cast<unsigned long long>(v.rid()));
    case Type::kObject:
      return ObjectFromVariant(v);
    case Type::kCallable:
      return PyObject_CallNoArgs(c.callable);
    case Type::kSignal: {
      const Signal& s = v.signal();
      return PyObject_CallFunction(
          c.signal, "s#K", s.name.data(),
          static_cast<Py_ssize_t>(s.name.size()),
          static_cast<unsigned long long>(s.object_id));
    }
    case Type::kDictionary:
      return DictionaryFromVariant(v);
    default:
      break;
  }
  if (IsArrayType(t)) return ArrayFromVariant(v);
  PyErr_Format(PyExc_TypeError, "gdwire: no Python form for type %d",
               static_cast<int>(t));
  return nullptr;
}

// ---- From a document element ----------------------------------------------

namespace {

PyObject* Fallback(const document::Element& e) {
  absl::StatusOr<Variant> v = e.ToVariant();
  if (!v.ok()) {
    SetError(ErrorFromStatus(v.status()));
    return nullptr;
  }
  return FromVariant(*v);
}

// A packed array of fixed-size elements straight from the message: a
// read-only view where the data is aligned for its type, else one copy.
PyObject* PackedFromElement(const document::Element& e,
                            const ElementContext& c) {
  const Type t = e.type();
  const int width = e.packed_width();
  const int comps = e.packed_components();
  const absl::Span<const uint8_t> data = e.packed_bytes();
  const bool real_vectors = t == Type::kPackedVector2Array ||
                            t == Type::kPackedVector3Array ||
                            t == Type::kPackedVector4Array;
  // f64 vectors from a double-precision peer are narrowed to f32 unless
  // real_is_double: the decoder's job.
  if (real_vectors && width == 8 && !c.real_is_double) return Fallback(e);
  py::dtype dt;
  switch (t) {
    case Type::kPackedByteArray:
      dt = py::dtype::of<uint8_t>();
      break;
    case Type::kPackedInt32Array:
    case Type::kPackedVector2iArray:
    case Type::kPackedVector3iArray:
    case Type::kPackedVector4iArray:
      dt = py::dtype::of<int32_t>();
      break;
    case Type::kPackedInt64Array:
      dt = py::dtype::of<int64_t>();
      break;
    default:
      if (width == 8) {
        dt = py::dtype::of<double>();
      } else if (width == 4) {
        dt = py::dtype::of<float>();
      } else {
        return Fallback(e);
      }
  }
  const size_t elements = e.size();
  if (elements * comps * width != data.size()) return Fallback(e);
  PyObject* a = Guard([&]() {
    const bool aligned = reinterpret_cast<uintptr_t>(data.data()) % width == 0;
    if (c.views && aligned && c.owner != nullptr && !data.empty()) {
      py::array arr(dt, Shape(elements, comps), {}, data.data(),
                    py::handle(c.owner));
      py::detail::array_proxy(arr.ptr())->flags &=
          ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
      return arr.release().ptr();
    }
    py::array arr(dt, Shape(elements, comps));
    if (!data.empty())
      std::memcpy(arr.mutable_data(), data.data(), data.size());
    return arr.release().ptr();
  });
  return t == Type::kPackedVector4Array ? AsVector4Array(a) : a;
}

PyObject* ListFromElement(const document::Element& e, const ElementContext& c) {
  PyObject* list = PyList_New(e.size());
  if (list == nullptr) return nullptr;
  Py_ssize_t i = 0;
  for (document::Element x : e) {
    PyObject* o = FromElement(x, c);
    if (o == nullptr) {
      Py_DECREF(list);
      return nullptr;
    }
    PyList_SET_ITEM(list, i++, o);
  }
  return list;
}

// Dictionary keys and StringNames repeat from message to message ("pos",
// &"run"): a small direct-mapped cache of their str objects (immutable, so
// shared; their hash is computed once) saves an allocation and a hash per
// key. Keyed by the text's bytes; short texts only.
class TextCache {
 public:
  static constexpr size_t kSlots = 1024;
  static constexpr size_t kMaxLen = 32;

  // A new reference to the str (or StringName) of `s`.
  PyObject* Get(absl::string_view s, bool string_name) {
    if (s.size() > kMaxLen) return Make(s, string_name);
    uint64_t h = 1469598103934665603ull ^ (string_name ? 0x9e37 : 0);
    for (char ch : s) h = (h ^ static_cast<uint8_t>(ch)) * 1099511628211ull;
    Slot& slot = slots_[h & (kSlots - 1)];
    if (slot.obj != nullptr && slot.len == s.size() &&
        std::memcmp(slot.text, s.data(), s.size()) == 0 &&
        slot.name == string_name) {
      Py_INCREF(slot.obj);
      return slot.obj;
    }
    PyObject* o = Make(s, string_name);
    if (o == nullptr) return nullptr;
    Py_XDECREF(slot.obj);
    Py_INCREF(o);
    slot.obj = o;
    slot.len = s.size();
    slot.name = string_name;
    std::memcpy(slot.text, s.data(), s.size());
    return o;
  }

 private:
  static PyObject* Make(absl::string_view s, bool string_name) {
    return string_name ? StringName(s.data(), s.size())
                       : Str(s.data(), s.size());
  }
  struct Slot {
    PyObject* obj = nullptr;
    size_t len = 0;
    bool name = false;
    char text[kMaxLen];
  };
  Slot slots_[kSlots];
};

TextCache& Cache() {
  static TextCache* c = new TextCache();  // lives as long as the module
  return *c;
}

PyObject* KeyFromElement(const document::Element& e, const ElementContext& c) {
  const Type t = e.type();
  if ((t == Type::kString || t == Type::kStringName) && e.text_canonical()) {
    return Cache().Get(e.as_string(), t == Type::kStringName);
  }
  return FromElement(e, c);
}

bool IsNan(PyObject* o) {
  return PyFloat_CheckExact(o) && std::isnan(PyFloat_AS_DOUBLE(o));
}

// nullptr with no error set: the Dictionary must go through ToVariant (a
// key Python merges with another, an unhashable key, a NaN key).
PyObject* DictFromElement(const document::Element& e, const ElementContext& c) {
  // Sized for its entries up front, as msgpack's unpacker does.
  PyObject* dict = _PyDict_NewPresized(e.size());
  if (dict == nullptr) return nullptr;
  Py_ssize_t n = 0;
  for (document::Element::Entry en : e.entries()) {
    PyObject* k = KeyFromElement(en.key, c);
    if (k == nullptr) {
      Py_DECREF(dict);
      return nullptr;
    }
    if (IsNan(k)) {
      Py_DECREF(k);
      Py_DECREF(dict);
      return nullptr;
    }
    PyObject* x = FromElement(en.value, c);
    if (x == nullptr) {
      Py_DECREF(k);
      Py_DECREF(dict);
      return nullptr;
    }
    const int rc = PyDict_SetItem(dict, k, x);
    Py_DECREF(k);
    Py_DECREF(x);
    if (rc != 0) {
      Py_DECREF(dict);
      if (!PyErr_ExceptionMatches(PyExc_TypeError)) return nullptr;
      PyErr_Clear();
      return nullptr;
    }
    if (PyDict_GET_SIZE(dict) != ++n) {
      Py_DECREF(dict);
      return nullptr;
    }
  }
  return dict;
}

}  // namespace

PyObject* FromElement(const document::Element& e, const ElementContext& c) {
  const Type t = e.type();
  switch (t) {
    case Type::kNil:
      Py_RETURN_NONE;
    case Type::kBool:
      return PyBool_FromLong(e.as_bool());
    case Type::kInt:
      return PyLong_FromLongLong(e.as_int());
    case Type::kFloat:
      return PyFloat_FromDouble(e.as_float());
    case Type::kString: {
      if (!e.text_canonical()) return Fallback(e);
      const absl::string_view s = e.as_string();
      return Str(s.data(), s.size());
    }
    case Type::kStringName:
      if (!e.text_canonical()) return Fallback(e);
      return Cache().Get(e.as_string(), true);
    // Godot 4's typed containers say so in the header's flag bits (16-17:
    // the Array's element type, 16-19: the Dictionary's key and value).
    case Type::kArray:
      if ((e.header() >> wire::kArrayKindShift) & 0x3) return Fallback(e);
      return ListFromElement(e, c);
    case Type::kDictionary: {
      if (((e.header() >> wire::kDictKeyKindShift) & 0x3) ||
          ((e.header() >> wire::kDictValueKindShift) & 0x3)) {
        return Fallback(e);
      }
      PyObject* d = DictFromElement(e, c);
      if (d == nullptr && !PyErr_Occurred()) return Fallback(e);
      return d;
    }
    default:
      break;
  }
  if (const int n = RealComponents(t); n > 0) {
    double r[16];
    e.reals(absl::MakeSpan(r));
    return MathTuple(t, n, [&](int i) { return PyFloat_FromDouble(r[i]); });
  }
  if (const int n = IntComponents(t); n > 0) {
    int32_t r[4];
    e.ints(absl::MakeSpan(r));
    return MathTuple(t, n, [&](int i) { return PyLong_FromLong(r[i]); });
  }
  if (IsPackedArray(t) && t != Type::kPackedStringArray)
    return PackedFromElement(e, c);
  return Fallback(e);
}

}  // namespace python
}  // namespace gdwire
