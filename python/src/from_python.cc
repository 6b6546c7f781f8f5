// Copyright 2026 The gdwire Authors.
//
// Python objects as gdwire Variants (dumps, var_to_str), and the decode
// options of keyword arguments.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "python/src/convert.h"

namespace gdwire {
namespace python {

namespace py = pybind11;

bool TypeFromName(absl::string_view name, Type* t) {
  for (int i = 0; i < kTypeCount; ++i) {
    const Type u = static_cast<Type>(i);
    if (TypeName(u) == name || PandemoniumTypeName(u) == name) {
      *t = u;
      return true;
    }
  }
  return false;
}

namespace {

// Text of a str: UTF-8, or the bytes a loads of Godot 3's lenient strings
// gave (surrogateescape), or lone surrogates as Godot 3 writes them.
bool Utf8(PyObject* o, std::string* out) {
  Py_ssize_t n = 0;
  if (const char* p = PyUnicode_AsUTF8AndSize(o, &n)) {
    out->assign(p, static_cast<size_t>(n));
    return true;
  }
  PyErr_Clear();
  for (const char* handler : {"surrogateescape", "surrogatepass"}) {
    PyObject* b = PyUnicode_AsEncodedString(o, "utf-8", handler);
    if (b != nullptr) {
      out->assign(PyBytes_AS_STRING(b),
                  static_cast<size_t>(PyBytes_GET_SIZE(b)));
      Py_DECREF(b);
      return true;
    }
    PyErr_Clear();
  }
  PyErr_SetString(PyExc_ValueError, "gdwire: a str that is not UTF-8");
  return false;
}

bool Attr(PyObject* o, const char* name, PyObject** out) {
  *out = PyObject_GetAttrString(o, name);
  return *out != nullptr;
}

bool IntAttr(PyObject* o, const char* name, uint64_t* out) {
  PyObject* a;
  if (!Attr(o, name, &a)) return false;
  *out = PyLong_AsUnsignedLongLongMask(a);
  Py_DECREF(a);
  return !PyErr_Occurred();
}

bool StrAttr(PyObject* o, const char* name, std::string* out) {
  PyObject* a;
  if (!Attr(o, name, &a)) return false;
  bool ok = true;
  if (a == Py_None) {
    out->clear();
  } else {
    ok = Utf8(a, out);
  }
  Py_DECREF(a);
  return ok;
}

bool ContainerTypeFrom(PyObject* o, ContainerType* out) {
  if (o == nullptr || o == Py_None) {
    *out = ContainerType();
    return true;
  }
  std::string type, cls, script;
  if (!StrAttr(o, "type", &type) || !StrAttr(o, "class_name", &cls) ||
      !StrAttr(o, "script", &script)) {
    return false;
  }
  if (!script.empty()) {
    *out = ContainerType::Script(script);
  } else if (!cls.empty()) {
    *out = ContainerType::ClassName(cls);
  } else {
    Type t;
    if (!TypeFromName(type, &t)) {
      PyErr_Format(PyExc_ValueError, "gdwire: unknown container type '%s'",
                   type.c_str());
      return false;
    }
    *out = ContainerType::Builtin(t);
  }
  return true;
}

bool ContainerTypeAttr(PyObject* o, const char* name, ContainerType* out) {
  PyObject* a;
  if (!Attr(o, name, &a)) return false;
  const bool ok = ContainerTypeFrom(a, out);
  Py_DECREF(a);
  return ok;
}

class Writer {
 public:
  explicit Writer(bool real_is_double) : wide_(real_is_double) {}

  bool Write(PyObject* o, Variant* out) {
    if (++depth_ > 1100) {
      PyErr_SetString(PyExc_ValueError, "gdwire: value nested too deep");
      return false;
    }
    const bool ok = WriteValue(o, out);
    --depth_;
    if (!ok && !annotated_) {
      annotated_ = true;
      AddPath();
    }
    return ok;
  }

 private:
  void AddPath() {
    // The failing value's place, for the error message.
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value != nullptr && PyObject_HasAttrString(value, "path") == 0) {
      const std::string where = "$" + path_;
      PyObject* p = PyUnicode_FromStringAndSize(
          where.data(), static_cast<Py_ssize_t>(where.size()));
      if (p) PyObject_SetAttrString(value, "path", p);
      Py_XDECREF(p);
      PyErr_Clear();
    }
    PyErr_Restore(type, value, tb);
  }

  bool Math(PyObject* o, Type t, Variant* out) {
    const Py_ssize_t n = PyTuple_GET_SIZE(o);
    if (IntComponents(t) > 0) {
      int32_t c[4];
      if (n != IntComponents(t)) return BadShape(t);
      for (Py_ssize_t i = 0; i < n; ++i) {
        const long x = PyLong_AsLong(PyTuple_GET_ITEM(o, i));
        if (x == -1 && PyErr_Occurred()) return false;
        if (x < INT32_MIN || x > INT32_MAX) {
          PyErr_Format(PyExc_OverflowError,
                       "gdwire: %s component out of int32 range",
                       std::string(TypeName(t)).c_str());
          return false;
        }
        c[i] = static_cast<int32_t>(x);
      }
      *out = Variant::IntMath(t, absl::MakeConstSpan(c, n));
      return true;
    }
    if (n != RealComponents(t)) return BadShape(t);
    double d[16];
    for (Py_ssize_t i = 0; i < n; ++i) {
      d[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(o, i));
      if (d[i] == -1.0 && PyErr_Occurred()) return false;
    }
    if (wide_) {
      *out = Variant::Math(t, absl::MakeConstSpan(d, n));
    } else {
      float f[16];
      for (Py_ssize_t i = 0; i < n; ++i) f[i] = NarrowF64ToF32(d[i]);
      *out = Variant::Math32(t, absl::MakeConstSpan(f, n));
    }
    return true;
  }

  bool BadShape(Type t) {
    PyErr_Format(PyExc_ValueError,
                 "gdwire: a %s with the wrong number of components",
                 std::string(TypeName(t)).c_str());
    return false;
  }

  bool Items(PyObject* seq, Array* a) {
    PyObject* fast = PySequence_Fast(seq, "gdwire: not a sequence");
    if (fast == nullptr) return false;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    a->items.resize(static_cast<size_t>(n));
    const size_t mark = path_.size();
    for (Py_ssize_t i = 0; i < n; ++i) {
      absl::StrAppend(&path_, "[", i, "]");
      if (!Write(PySequence_Fast_GET_ITEM(fast, i), &a->items[i])) {
        Py_DECREF(fast);
        return false;
      }
      path_.resize(mark);
    }
    Py_DECREF(fast);
    return true;
  }

  bool Entry(PyObject* k, PyObject* v, Dictionary* d) {
    Variant key, value;
    const size_t mark = path_.size();
    if (!Write(k, &key)) return false;
    // The key as the decoders' paths write it: $["name"], $[3].
    std::string ks;
    if (PyUnicode_Check(k)) {
      if (Utf8(k, &ks)) absl::StrAppend(&path_, "[\"", ks, "\"]");
    } else {
      PyObject* r = PyObject_Repr(k);
      if (r != nullptr && Utf8(r, &ks)) absl::StrAppend(&path_, "[", ks, "]");
      Py_XDECREF(r);
    }
    PyErr_Clear();
    if (!Write(v, &value)) return false;
    path_.resize(mark);
    d->Set(std::move(key), std::move(value));
    return true;
  }

  bool Dict(PyObject* o, Dictionary* d) {
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    d->Reserve(static_cast<size_t>(PyDict_Size(o)));
    while (PyDict_Next(o, &pos, &k, &v)) {
      if (!Entry(k, v, d)) return false;
    }
    return true;
  }

  bool Packed(PyObject* o, Variant* out) {
    try {
      py::array a = py::reinterpret_borrow<py::array>(o);
      const char kind = a.dtype().kind();
      const ssize_t size = a.dtype().itemsize();
      const bool vec4 = PyObject_TypeCheck(
          o, reinterpret_cast<PyTypeObject*>(classes().packed_vector4_array));
      int comps = 1;
      if (a.ndim() == 2) {
        comps = static_cast<int>(a.shape(1));
        if (comps < 2 || comps > 4) return BadArray(o);
      } else if (a.ndim() != 1) {
        return BadArray(o);
      }
      if ((kind == 'u' && size == 1) || (kind == 'b' && size == 1)) {
        if (comps != 1) return BadArray(o);
        auto c = py::array_t<uint8_t, py::array::c_style |
                                          py::array::forcecast>::ensure(a);
        *out = Variant::PackedBytes(
            std::vector<uint8_t>(c.data(), c.data() + c.size()));
        return true;
      }
      if (kind == 'i' && size == 4) {
        auto c = py::array_t<int32_t, py::array::c_style |
                                          py::array::forcecast>::ensure(a);
        std::vector<int32_t> v(c.data(), c.data() + c.size());
        if (comps == 1) {
          *out = Variant::PackedInt32(std::move(v));
        } else {
          const Type t = comps == 2   ? Type::kPackedVector2iArray
                         : comps == 3 ? Type::kPackedVector3iArray
                                      : Type::kPackedVector4iArray;
          *out = Variant::PackedIntVectors(t, std::move(v));
        }
        return true;
      }
      if (kind == 'i' && size == 8 && comps == 1) {
        auto c = py::array_t<int64_t, py::array::c_style |
                                          py::array::forcecast>::ensure(a);
        *out = Variant::PackedInt64(
            std::vector<int64_t>(c.data(), c.data() + c.size()));
        return true;
      }
      if (kind == 'f' && (size == 4 || size == 8)) {
        const Type t = comps == 1   ? (size == 4 ? Type::kPackedFloat32Array
                                                 : Type::kPackedFloat64Array)
                       : comps == 2 ? Type::kPackedVector2Array
                       : comps == 3 ? Type::kPackedVector3Array
                       : vec4       ? Type::kPackedVector4Array
                                    : Type::kPackedColorArray;
        if (size == 8) {
          auto c = py::array_t<double, py::array::c_style |
                                           py::array::forcecast>::ensure(a);
          std::vector<double> v(c.data(), c.data() + c.size());
          if (comps == 1) {
            *out = Variant::PackedFloat64(std::move(v));
          } else if (t == Type::kPackedColorArray) {
            std::vector<float> f(v.begin(), v.end());
            *out = Variant::PackedColors(std::move(f));
          } else {
            *out = Variant::PackedRealVectors(t, std::move(v));
          }
        } else {
          auto c = py::array_t<float, py::array::c_style |
                                          py::array::forcecast>::ensure(a);
          std::vector<float> v(c.data(), c.data() + c.size());
          if (comps == 1) {
            *out = Variant::PackedFloat32(std::move(v));
          } else if (t == Type::kPackedColorArray) {
            *out = Variant::PackedColors(std::move(v));
          } else {
            *out = Variant::PackedRealVectors32(t, std::move(v));
          }
        }
        return true;
      }
      return BadArray(o);
    } catch (py::error_already_set& e) {
      e.restore();
      return false;
    }
  }

  bool BadArray(PyObject* o) {
    PyObject* r = PyObject_Repr(PyObject_GetAttrString(o, "dtype"));
    PyErr_Clear();
    PyErr_Format(
        PyExc_TypeError,
        "gdwire: a NumPy array must be 1-D uint8, int32, int64, float32 or "
        "float64, or (n, 2|3|4) float32/float64/int32 (dtype %S)",
        r ? r : Py_None);
    Py_XDECREF(r);
    return false;
  }

  bool WriteValue(PyObject* o, Variant* out) {
    Classes& c = classes();
    if (o == Py_None) {
      *out = Variant();
      return true;
    }
    if (PyBool_Check(o)) {
      *out = Variant::Bool(o == Py_True);
      return true;
    }
    if (PyLong_CheckExact(o) || (PyLong_Check(o) && !PyBool_Check(o))) {
      int overflow = 0;
      const long long x = PyLong_AsLongLongAndOverflow(o, &overflow);
      if (overflow != 0) {
        PyErr_SetString(PyExc_OverflowError,
                        "gdwire: int out of the int64 range");
        return false;
      }
      if (x == -1 && PyErr_Occurred()) return false;
      *out = Variant::Int(x);
      return true;
    }
    if (PyFloat_Check(o)) {
      *out = Variant::Float(PyFloat_AS_DOUBLE(o));
      return true;
    }
    if (PyUnicode_Check(o)) {
      std::string s;
      if (!Utf8(o, &s)) return false;
      *out =
          PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.string_name))
              ? Variant::StringName(std::move(s))
              : Variant::String(std::move(s));
      return true;
    }
    PyTypeObject* type = Py_TYPE(o);
    if (PyTuple_Check(o)) {
      for (int i = 0; i < kTypeCount; ++i) {
        if (c.math[i] != nullptr &&
            PyType_IsSubtype(type,
                             reinterpret_cast<PyTypeObject*>(c.math[i]))) {
          return Math(o, static_cast<Type>(i), out);
        }
      }
    }
    if (PyDict_Check(o)) {
      *out = Variant::MakeDictionary();
      Dictionary& d = out->mutable_dictionary();
      if (PyObject_TypeCheck(
              o, reinterpret_cast<PyTypeObject*>(c.typed_dictionary)) &&
          (!ContainerTypeAttr(o, "key_type", &d.key_type) ||
           !ContainerTypeAttr(o, "value_type", &d.value_type))) {
        return false;
      }
      return Dict(o, &d);
    }
    if (PyObject_TypeCheck(
            o, reinterpret_cast<PyTypeObject*>(c.packed_string_array))) {
      std::vector<std::string> strs(static_cast<size_t>(PyList_GET_SIZE(o)));
      for (size_t i = 0; i < strs.size(); ++i) {
        PyObject* s = PyList_GET_ITEM(o, static_cast<Py_ssize_t>(i));
        if (!PyUnicode_Check(s)) {
          PyErr_SetString(PyExc_TypeError,
                          "gdwire: a PackedStringArray of non-str");
          return false;
        }
        if (!Utf8(s, &strs[i])) return false;
      }
      *out = Variant::PackedStrings(std::move(strs));
      return true;
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.typed_array))) {
      Array a;
      std::string vt;
      if (!ContainerTypeAttr(o, "element_type", &a.element_type) ||
          !StrAttr(o, "variant_type", &vt) || !Items(o, &a)) {
        return false;
      }
      if (vt == "TypedArray") {
        *out = Variant::MakeTypedArray(std::move(a));
      } else if (vt == "PackedTypedArray") {
        *out = Variant::MakePackedTypedArray(std::move(a));
      } else {
        *out = Variant::MakeArray(std::move(a));
      }
      return true;
    }
    if (PyList_Check(o) || PyTuple_Check(o)) {
      *out = Variant::MakeArray();
      return Items(o, &out->mutable_array());
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.dictionary))) {
      *out = Variant::MakeDictionary();
      Dictionary& d = out->mutable_dictionary();
      PyObject* entries;
      if (!ContainerTypeAttr(o, "key_type", &d.key_type) ||
          !ContainerTypeAttr(o, "value_type", &d.value_type) ||
          !Attr(o, "entries", &entries)) {
        return false;
      }
      PyObject* fast = PySequence_Fast(entries, "gdwire: Dictionary.entries");
      Py_DECREF(entries);
      if (fast == nullptr) return false;
      for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); ++i) {
        PyObject* kv = PySequence_Fast_GET_ITEM(fast, i);
        PyObject *k, *v;
        if (!PyArg_ParseTuple(kv, "OO", &k, &v) || !Entry(k, v, &d)) {
          Py_DECREF(fast);
          return false;
        }
      }
      Py_DECREF(fast);
      return true;
    }
    if (PyArray_Check_(o)) return Packed(o, out);
    if (PyBytes_Check(o) || PyByteArray_Check(o)) {
      const char* p =
          PyBytes_Check(o) ? PyBytes_AS_STRING(o) : PyByteArray_AS_STRING(o);
      const Py_ssize_t n =
          PyBytes_Check(o) ? PyBytes_GET_SIZE(o) : PyByteArray_GET_SIZE(o);
      *out = Variant::PackedBytes(std::vector<uint8_t>(p, p + n));
      return true;
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.node_path))) {
      NodePath p;
      PyObject *names, *subs, *abs;
      if (!Attr(o, "names", &names)) return false;
      const bool ok = Strings(names, &p.names);
      Py_DECREF(names);
      if (!ok || !Attr(o, "subnames", &subs)) return false;
      const bool ok2 = Strings(subs, &p.subnames);
      Py_DECREF(subs);
      if (!ok2 || !Attr(o, "absolute", &abs)) return false;
      p.absolute = PyObject_IsTrue(abs) == 1;
      Py_DECREF(abs);
      *out = Variant::MakeNodePath(std::move(p));
      return true;
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.rid))) {
      uint64_t id;
      if (!IntAttr(o, "id", &id)) return false;
      *out = Variant::Rid(id);
      return true;
    }
    if (PyObject_TypeCheck(
            o, reinterpret_cast<PyTypeObject*>(c.encoded_object_as_id))) {
      Object obj;
      obj.kind = Object::Kind::kId;
      if (!IntAttr(o, "object_id", &obj.id)) return false;
      *out = Variant::MakeObject(std::move(obj));
      return true;
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.object))) {
      return ObjectValue(o, out);
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.callable))) {
      *out = Variant::Callable();
      return true;
    }
    if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(c.signal))) {
      Signal s;
      if (!StrAttr(o, "name", &s.name) ||
          !IntAttr(o, "object_id", &s.object_id)) {
        return false;
      }
      *out = Variant::MakeSignal(std::move(s));
      return true;
    }
    PyErr_Format(PyExc_TypeError, "gdwire: cannot write a %s as a Godot value",
                 type->tp_name);
    return false;
  }

  bool ObjectValue(PyObject* o, Variant* out) {
    PyObject* cls;
    if (!Attr(o, "class_name", &cls)) return false;
    Object obj;
    if (cls == Py_None) {
      Py_DECREF(cls);
      *out = Variant::MakeObject(std::move(obj));
      return true;
    }
    obj.kind = Object::Kind::kFull;
    const bool ok = Utf8(cls, &obj.class_name);
    Py_DECREF(cls);
    PyObject* props;
    if (!ok || !Attr(o, "properties", &props)) return false;
    PyObject *k, *v;
    Py_ssize_t pos = 0;
    bool good = PyDict_Check(props);
    if (!good)
      PyErr_SetString(PyExc_TypeError,
                      "gdwire: Object.properties must be a dict");
    while (good && PyDict_Next(props, &pos, &k, &v)) {
      std::string name;
      Variant value;
      good = PyUnicode_Check(k) && Utf8(k, &name) && Write(v, &value);
      if (good) obj.properties.emplace_back(std::move(name), std::move(value));
    }
    Py_DECREF(props);
    if (!good) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "gdwire: property names are str");
      return false;
    }
    *out = Variant::MakeObject(std::move(obj));
    return true;
  }

  bool Strings(PyObject* seq, std::vector<std::string>* out) {
    PyObject* fast = PySequence_Fast(seq, "gdwire: NodePath names");
    if (fast == nullptr) return false;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); ++i) {
      std::string s;
      if (!Utf8(PySequence_Fast_GET_ITEM(fast, i), &s)) {
        Py_DECREF(fast);
        return false;
      }
      out->push_back(std::move(s));
    }
    Py_DECREF(fast);
    return true;
  }

  static bool PyArray_Check_(PyObject* o) {
    return py::isinstance<py::array>(py::handle(o));
  }

  bool wide_;
  int depth_ = 0;
  bool annotated_ = false;
  std::string path_;
};

}  // namespace

bool ToVariant(PyObject* o, Variant* out, bool real_is_double) {
  Writer w(real_is_double);
  return w.Write(o, out);
}

bool ParseDialectArg(PyObject* value, Dialect* d) {
  std::string s;
  if (!PyUnicode_Check(value) || !Utf8(value, &s) || !ParseDialect(s, d)) {
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError,
                 "gdwire: dialect must be 'godot3', 'godot4', 'pandemonium' or "
                 "'pandemonium4', not %R",
                 value);
    return false;
  }
  return true;
}

bool ParseDecodeOption(const char* name, PyObject* value, DecodeOptions* o,
                       bool* known) {
  *known = true;
  const std::string n(name);
  if (n == "dialect") return ParseDialectArg(value, &o->dialect);
  bool* flag = n == "allow_objects"           ? &o->allow_objects
               : n == "reject_trailing_bytes" ? &o->reject_trailing_bytes
               : n == "real_is_double"        ? &o->real_is_double
               : n == "pandemonium_engine_defects"
                   ? &o->pandemonium_engine_defects
                   : nullptr;
  if (flag != nullptr) {
    const int t = PyObject_IsTrue(value);
    if (t < 0) return false;
    *flag = t == 1;
    return true;
  }
  if (n == "max_depth") {
    const long d = PyLong_AsLong(value);
    if (d == -1 && PyErr_Occurred()) return false;
    if (d < 0 || d > 1 << 20) {
      PyErr_SetString(PyExc_ValueError, "gdwire: max_depth must be 0..1048576");
      return false;
    }
    o->max_depth = static_cast<int>(d);
    return true;
  }
  uint64_t* limit = n == "max_string_bytes"         ? &o->max_string_bytes
                    : n == "max_packed_elements"    ? &o->max_packed_elements
                    : n == "max_container_elements" ? &o->max_container_elements
                    : n == "max_alloc_bytes"        ? &o->max_alloc_bytes
                                                    : nullptr;
  if (limit != nullptr) {
    const unsigned long long v = PyLong_AsUnsignedLongLong(value);
    if (PyErr_Occurred()) return false;
    *limit = v;
    return true;
  }
  *known = false;
  return true;
}

}  // namespace python
}  // namespace gdwire
